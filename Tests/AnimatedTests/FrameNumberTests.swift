import Basics
import Foundation
import Testing
import TestSupport
@testable import Animated

/// Two files for one frame number are refused with both named (they were read as one frame,
/// the other left out without a word), unless a policy keeps one on purpose; a folder of bare
/// numbers (`1.png … 14.png`, as ffmpeg writes them) is one sequence; names given twice in memory
/// are refused. Every folder is made of real frames copied into a temporary folder.
@Suite("Frame numbers: collisions and bare numbers")
struct FrameNumberTests {
    static let robot = FrameNumberFolders.robot

    static func pngs(in folder: String) throws -> [String] { try FrameNumberFolders.pngs(in: folder) }

    /// The robot's 8 frames, and `robot_walk02.png` (a copy of frame 3) colliding with `robot_walk2.png`.
    static func collidingFolder() throws -> String {
        try FrameNumberFolders.colliding(in: Fixtures.temporaryFolder("frame-numbers"))
    }

    /// The fire's 14 frames renamed `1.png` … `14.png` in a folder named `fire`.
    static func bareFolder() throws -> String { try FrameNumberFolders.bare(in: Fixtures.temporaryFolder("frame-numbers")) }

    @Test func aFolderWithTwoFilesForOneNumberIsRefusedNamingBoth() throws {
        let folder = try Self.collidingFolder()
        let expected = Discovery.Error.duplicateNumber(number: 2, first: "\(folder)/robot_walk2.png", second: "\(folder)/robot_walk02.png")
        #expect(throws: Animation.LoadError.discovery(expected)) { _ = try Animation.load([folder]) }
        #expect(throws: Animation.LoadError.discovery(expected)) { _ = try Animation.load(["\(folder)/robot_walk"]) }
        #expect(throws: AssembleError.source(.discovery(expected))) { _ = try AssembleJob(sources: [folder], output: nil).plan(cancellation: nil) }
        #expect(expected.description.contains("robot_walk2.png and \(folder)/robot_walk02.png are both frame 2"))
        // validate still reports the rule (it reads the folder to report, not to play).
        let report = try Validator().validate([folder], cancellation: nil)
        #expect(report.findings.contains { $0.rule == .seqDuplicateNumber })
    }

    /// Every clash is named in one error (or the first six and a count), not only the first: a
    /// user fixes them in one go. It named the first pair only (issue 44).
    @Test(arguments: [(1, "robot_walk2.png and"), (3, "frame 4: "), (7, "; and 1 more — ")])
    func everyClashIsNamedAtOnce(clashes: Int, expected: String) throws {
        let folder = try Self.collidingFolder()
        // robot_walk02.png collides with frame 2; each further copy with another frame.
        for number in [3, 4, 5, 6, 7, 0].prefix(clashes - 1) {
            try FileManager.default.copyItem(atPath: "\(folder)/robot_walk\(number).png", toPath: "\(folder)/robot_walk0\(number).png")
        }
        #expect(try Self.pngs(in: folder).count == 8 + clashes)
        do {
            _ = try AssembleJob(sources: [folder], output: nil).plan(cancellation: nil)
            Issue.record("a folder with \(clashes) clashes was accepted")
        } catch {
            guard case .source(.discovery(.duplicateNumber(let number, _, _, let others))) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(number == 0 || number == 2)
            #expect(others.count == clashes - 1)
            let text = error.description
            #expect(text.contains(expected), "\(text)")
            if clashes > 1 { #expect(text.hasPrefix("\(clashes) pairs of files share a frame number")) }
            for other in others.prefix(5) { #expect(text.contains("frame \(other.number): \(other.first) and \(other.second)")) }
        }
    }

    @Test(arguments: [(FrameSequence.DuplicateNumberPolicy.first, "robot_walk2.png"), (.last, "robot_walk02.png")])
    func aPolicyKeepsOneOnPurpose(policy: FrameSequence.DuplicateNumberPolicy, kept: String) throws {
        let folder = try Self.collidingFolder()
        let animation = try Animation.load([folder], onDuplicateNumber: policy)
        #expect(animation.frames.count == 8)
        #expect(animation.frames[2] == .file("\(folder)/\(kept)"))
        var job = AssembleJob(sources: [folder], output: nil)
        job.onDuplicateNumber = policy
        #expect(try job.plan(cancellation: nil).playback.frames[2] == .file("\(folder)/\(kept)"))
    }

    /// Files in memory: two names for one number, and one name given twice (an upload whose
    /// body repeats a file name: it was read as one frame).
    @Test func filesInMemoryAreRefusedTheSameWay() throws {
        let folder = try Self.collidingFolder()
        let files = try Self.pngs(in: folder).map { InMemoryFile(name: $0, bytes: try FileIO.readAll("\(folder)/\($0)")) }
        #expect(files.count == 9)
        #expect(throws: Animation.LoadError.discovery(.duplicateNumber(number: 2, first: "robot_walk2.png", second: "robot_walk02.png"))) {
            _ = try Animation.load(files: files)
        }
        #expect(try Animation.load(files: files, onDuplicateNumber: .last).frames.count == 8)
        let once = files.filter { $0.name != "robot_walk02.png" }
        // One name with other bytes is refused; with the same bytes it is one file (issue 44: as the validator takes it).
        let other = InMemoryFile(name: once[4].name, bytes: once[0].bytes)
        #expect(throws: Animation.LoadError.discovery(.repeatedName(first: "robot_walk4.png", second: "robot_walk4.png"))) {
            _ = try Animation.load(files: once + [other])
        }
        #expect(try Animation.load(files: once + [once[4]]).frames.count == once.count)
        #expect(try Validator().validate(files: once + [once[4]], cancellation: nil).fileCount == once.count)
        let respelled = InMemoryFile(name: "./robot_walk4.png", bytes: once[0].bytes)
        #expect(throws: Animation.LoadError.discovery(.repeatedName(first: "robot_walk4.png", second: "./robot_walk4.png"))) {
            _ = try Animation.load(files: once + [respelled])
        }
        #expect(throws: AssembleError.source(.discovery(.repeatedName(first: "robot_walk4.png", second: "robot_walk4.png")))) {
            _ = try AssembleJob(source: .files(once + [other]), output: nil).plan(cancellation: nil)
        }
    }

    /// One folder named twice — as itself, with `/.`, through a symbolic link — is one folder:
    /// its frames count once (it was "holds 2 sequences").
    @Test func oneFolderSpelledTwoWaysIsOneFolder() throws {
        let folder = try Self.bareFolder()
        let link = folder + "-link"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: folder)
        for sources in [[folder, folder + "/."], [folder, link], [folder + "/.", folder, link + "/"]] {
            let sequences = try Discovery.sequences(from: sources)
            #expect(sequences.count == 1 && sequences[0].frames.count == 14, "\(sources)")
            #expect(try Animation.load(sources).frames.count == 14, "\(sources)")
            #expect(try Discovery.images(from: sources).sequences.map(\.frames.count) == [14], "\(sources)")
        }
    }

    /// `1.png … 14.png` are one 14-frame sequence to assemble and validate alike.
    @Test func aFolderOfBareNumbersIsOneSequence() throws {
        let folder = try Self.bareFolder()
        let sequences = try Discovery.sequences(from: [folder])
        #expect(sequences.count == 1 && sequences[0].frames.count == 14 && sequences[0].prefix.isEmpty)
        #expect(try Animation.load([folder]).frames.count == 14)
        #expect(try Validator().validate([folder], cancellation: nil).fileCount == 14)
        // `1.png` and `01.png` collide as any two names for one number do.
        try FileManager.default.copyItem(atPath: "\(folder)/2.png", toPath: "\(folder)/01.png")
        #expect(throws: Animation.LoadError.discovery(.duplicateNumber(number: 1, first: "\(folder)/1.png", second: "\(folder)/01.png"))) {
            _ = try Animation.load([folder])
        }
    }
}
