import Basics
import Foundation
import Testing
import TestSupport

/// Issue 44, typed throws at every public throwing API: `OutputSet`'s writes and commit,
/// `OutputSet.check(file:)`, `OutputSet.write(_:toFile:)` and `InputFiles.prepare(folder:)` threw
/// `OutputError` or `FileIO.Error` untyped, and every job told them apart with `as` casts. Each
/// now throws `OutputSet.Error` (the `do throws(OutputSet.Error)` below would not compile
/// otherwise): the contract's refusal as `.refused`, the file system's failure as `.write`, each
/// naming the file as before. Real files: a PNG frame of the Kenney coin fixture.
@Suite("OutputSet throws one typed error")
struct OutputSetTypedThrowsTests {
    static let frame = Fixtures.path("sequences/kenney-gold-coin/gold_1.png")

    @Test func aRefusalIsRefusedWithTheContractsError() throws {
        let folder = try Fixtures.temporaryFolder("typed-set")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: Self.frame)))
        try Data("mine".utf8).write(to: URL(fileURLWithPath: folder + "/walk1.png"))
        // A file of the user's in the set, checked alone, and the input itself.
        do throws(OutputSet.Error) {
            try OutputSet(owner: folder + "/walk").write(bytes, to: folder + "/walk1.png")
            Issue.record("the user's file was taken")
        } catch {
            #expect(error == .refused(.notWrittenByFlipbook(path: folder + "/walk1.png")))
            #expect(error.path == folder + "/walk1.png" && error.description == OutputError.notWrittenByFlipbook(path: folder + "/walk1.png").description)
        }
        do throws(OutputSet.Error) {
            try OutputSet.check(file: folder + "/walk1.png")
            Issue.record("the user's file was taken")
        } catch {
            #expect(error == .refused(.replacesUsersFile(path: folder + "/walk1.png")))
        }
        do throws(OutputSet.Error) {
            try OutputSet.write(bytes, toFile: Self.frame, protecting: InputFiles([Self.frame]), overwrite: true)
            Issue.record("the input was replaced")
        } catch {
            #expect(error == .refused(.overwritesInput(output: Self.frame, input: Self.frame)))
        }
        do throws(OutputSet.Error) {
            try InputFiles().prepare(folder: folder + "/walk1.png")
            Issue.record("a file was taken for a folder")
        } catch {
            #expect(error == .refused(.notAFolder(path: folder + "/walk1.png")))
        }
        #expect(try String(contentsOfFile: folder + "/walk1.png", encoding: .utf8) == "mine")
    }

    /// A folder that cannot be made (a file is on its way: ENOTDIR) is the file system's failure,
    /// `.write` with Basics' `FileIO.Error` as it was, never a refusal.
    @Test func aFileSystemFailureIsWrite() throws {
        let folder = try Fixtures.temporaryFolder("typed-set-io")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Data("a file".utf8).write(to: URL(fileURLWithPath: folder + "/file"))
        let inside = folder + "/file/frames"
        do throws(OutputSet.Error) {
            try InputFiles().prepare(folder: inside)
            Issue.record("a folder was made inside a file")
        } catch {
            guard case .write(let failure) = error else { Issue.record("\(error)"); return }
            #expect(failure.kind == .notAFolder && failure.operation == .write, "\(failure)")
        }
        do throws(OutputSet.Error) {
            try OutputSet.check(file: inside + "/walk.gif")
            Issue.record("an output inside a file was accepted")
        } catch {
            guard case .write(let failure) = error else { Issue.record("\(error)"); return }
            #expect(failure.kind == .notAFolder, "\(failure)")
        }
        let set = OutputSet(owner: inside + "/walk")
        do throws(OutputSet.Error) {
            try set.write([1, 2, 3], to: inside + "/walk1.png")
            try set.commit()
            Issue.record("a file was written inside a file")
        } catch {
            guard case .write = error else { Issue.record("\(error)"); return }
        }
    }
}
