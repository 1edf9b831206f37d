import Atlas
import Basics
import Foundation
import Testing
import TestSupport

/// Frames of folders that share a name (`a/fx/frame-001.png`, `b/fx/frame-001.png`) are told
/// apart by as many folder names as it takes, sprites and animations alike; a name that still
/// clashes is refused naming both files and what to do (issue 44: "two frames are both named
/// 'fx-frame-001'", and the two animations were merged into one).
@Suite("SheetJob: sprite names of folders that share a name")
struct SheetNameClashTests {
    static let robot = Fixtures.repository + "/Sequences/kenney-robot-walk"

    /// The robot's frames 0 and 1 as `frame-001.png`, `frame-002.png` in each of `folders` under a
    /// new temporary folder, which is returned.
    static func folders(_ folders: [String]) throws -> String {
        let root = try Fixtures.temporaryFolder("sheet-clash")
        for (index, folder) in folders.enumerated() {
            try FileManager.default.createDirectory(atPath: "\(root)/\(folder)", withIntermediateDirectories: true)
            for number in 1...2 {
                try FileManager.default.copyItem(atPath: "\(robot)/robot_walk\(index * 2 + number - 1).png", toPath: "\(root)/\(folder)/frame-00\(number).png")
            }
        }
        return root
    }

    @Test(arguments: [
        (["a/fx", "b/fx"], ["a-fx-frame-001", "a-fx-frame-002", "b-fx-frame-001", "b-fx-frame-002"], ["a-fx-frame", "b-fx-frame"]),
        (["x/a/fx", "y/a/fx"], ["x-a-fx-frame-001", "x-a-fx-frame-002", "y-a-fx-frame-001", "y-a-fx-frame-002"], ["x-a-fx-frame", "y-a-fx-frame"]),
        (["smoke", "dust"], ["dust-frame-001", "dust-frame-002", "smoke-frame-001", "smoke-frame-002"], ["dust-frame", "smoke-frame"]),
    ])
    func foldersOfOneNameAreToldApart(folders: [String], sprites: [String], animations: [String]) throws {
        let root = try Self.folders(folders)
        defer { try? FileManager.default.removeItem(atPath: root) }
        #expect(try FileManager.default.contentsOfDirectory(atPath: "\(root)/\(folders[0])").count == 2)
        let plan = try SheetJob(sources: folders.map { "\(root)/\($0)" }, output: root + "/out/s.png").plan(cancellation: nil)
        let sheet = try #require(plan.sheets.first)
        #expect(sheet.sprites.map(\.name).sorted() == sprites)
        #expect(sheet.animations.map(\.name).sorted() == animations)
        for animation in sheet.animations { #expect(animation.frames.count == 2, "\(animation.name): \(animation.frames)") }
        #expect(plan.notes.contains { $0.contains("used by frames of several folders") }, "\(plan.notes)")
    }

    /// Folders whose frames share some names only (`fire/frame-000…003`, `smoke/frame-002…004`): every
    /// sprite of both is renamed, so each animation's names stay alike, and the note says all of
    /// them are — it counted the two clashing names only (fresh eyes 43 #8).
    @Test func theNoteCountsEverySpriteRenamed() throws {
        let root = try Fixtures.temporaryFolder("sheet-clash-some")
        defer { try? FileManager.default.removeItem(atPath: root) }
        for (folder, numbers) in [("fire", 0...3), ("smoke", 2...4)] {
            try FileManager.default.createDirectory(atPath: "\(root)/\(folder)", withIntermediateDirectories: true)
            for number in numbers {
                try FileManager.default.copyItem(atPath: "\(Self.robot)/robot_walk\(number).png", toPath: "\(root)/\(folder)/frame-00\(number).png")
            }
        }
        let plan = try SheetJob(sources: ["\(root)/fire", "\(root)/smoke"], output: root + "/out/s.png").plan(cancellation: nil)
        let sheet = try #require(plan.sheets.first)
        #expect(sheet.sprites.count == 7 && sheet.sprites.allSatisfy { $0.name.hasPrefix("fire-") || $0.name.hasPrefix("smoke-") })
        #expect(plan.notes.contains { $0.contains("2 sprite names (frame-002…) are used by frames of several folders: all 7 sprites of their "
                                                  + "sequences are named after their folder") }, "\(plan.notes)")
    }

    /// In memory, where no outer folder tells them apart, `dust/frame-001.png` named after its
    /// folder is the file `dust-frame-001.png` given beside it: refused, naming both and the way out.
    @Test func aNameThatStillClashesIsRefusedNamingBothFiles() throws {
        let bytes = try FileIO.readAll(Self.robot + "/robot_walk0.png")
        let files = ["dust/frame-001.png", "smoke/frame-001.png", "dust-frame-001.png"].map { InMemoryFile(name: $0, bytes: bytes) }
        #expect(files.count == 3)
        do {
            _ = try SheetJob(files: files, output: "s.png").plan(cancellation: nil)
            Issue.record("a clash was packed")
        } catch {
            guard case .packing(.sameName(let name, let first, let second)) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(name == "dust-frame-001")
            #expect(Set([first, second]) == ["dust/frame-001.png", "dust-frame-001.png"])
            #expect(error.description.contains("rename one of the files, or pack them into two sheets"), "\(error)")
        }
    }
}
