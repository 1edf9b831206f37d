import Basics
import Foundation
import Testing
import TestSupport

/// A rerun killed while renaming its set into place (`kill -9`, a machine stopped), on the real
/// frames of `Tests/Fixtures/sequences/ansimuz-fire-bomb-pixel`: the next command that touches the
/// folder finishes the replace, the next write is not refused, and journals hold relative names.
@Suite("Interrupted replaces")
struct OutputRecoveryTests {
    static let fixture = "sequences/ansimuz-fire-bomb-pixel"

    /// The fixture's 14 frames, in order.
    static func frames() throws -> [[UInt8]] {
        let names = Fixtures.pngNames(in: fixture)
        #expect(names.count == 14)
        return try names.map { try Fixtures.bytes("\(fixture)/\($0)") }
    }

    /// The first run: the 14 frames as `fire1…14.png`. The rerun: 10 frames, the last ones first
    /// (so every file differs from the first run's, and four old frames are to be removed).
    static func runs() throws -> (first: [[UInt8]], rerun: [[UInt8]]) {
        let frames = try frames()
        return (frames, Array(frames.reversed().prefix(10)))
    }

    /// Writes `frames` as `fire1.png…` in `dir`, added from several threads at once (as
    /// `SequenceWriter` adds frames), one set owned by `dir/fire`; `killAfter`: stopped as a
    /// SIGKILL would stop it after that many renames.
    static func write(_ frames: [[UInt8]], in dir: String, killAfter: Int? = nil) throws {
        let set = OutputSet(owner: dir + "/fire")
        set.simulatedKillAfterRenames = killAfter
        let failures = Failures()
        DispatchQueue.concurrentPerform(iterations: frames.count) { index in
            do { try set.write(frames[index], to: "\(dir)/fire\(index + 1).png") } catch { failures.add(error) }
        }
        if let failure = failures.first { throw failure }
        try set.commit()
    }

    /// The visible files of `dir` and their bytes, and the names of Flipbook's hidden ones.
    static func contents(_ dir: String) throws -> (files: [String: [UInt8]], hidden: [String]) {
        var files: [String: [UInt8]] = [:]
        var hidden: [String] = []
        for name in try FileManager.default.contentsOfDirectory(atPath: dir) {
            if name.hasPrefix(".") { hidden.append(name) } else { files[name] = try FileIO.readAll("\(dir)/\(name)") }
        }
        return (files, hidden.sorted())
    }

    static func expected(_ frames: [[UInt8]]) -> [String: [UInt8]] {
        Dictionary(uniqueKeysWithValues: frames.enumerated().map { ("fire\($0.offset + 1).png", $0.element) })
    }

    /// Killed after 0, some, all frames but not the record (10), or everything but the journal's
    /// removals: the next write of the same output goes through (it was refused with "fire6.png was
    /// changed after Flipbook wrote it": its threads read the record while the first replayed the
    /// journal), and the folder holds exactly the rerun's frames.
    @Test(arguments: [0, 1, 6, 10])
    func theNextWriteFinishesTheKilledRerunAndIsNotRefused(killAfter: Int) throws {
        let (first, rerun) = try Self.runs()
        let dir = try Fixtures.temporaryFolder("recovery")
        try Self.write(first, in: dir)
        // Back and forth a few times: which thread replays and which reads is the scheduler's choice.
        for (old, new) in [(first, rerun), (rerun, first), (first, rerun), (rerun, first)] {
            #expect(throws: OutputSet.Error.simulatedKill) { try Self.write(new, in: dir, killAfter: killAfter) }
            #expect(try Self.contents(dir).hidden.contains { $0.hasSuffix(".journal") })
            try Self.write(new, in: dir)
            let after = try Self.contents(dir)
            #expect(after.files == Self.expected(new))
            #expect(after.hidden == [".flipbook-outputs.json"])
            // The record is the new run's: the old frames replace the set without a word.
            try Self.write(old, in: dir)
            #expect(try Self.contents(dir).files == Self.expected(old))
            try Self.write(new, in: dir)
        }
    }

    /// `OutputRecovery.recover(folder:)`, what readers call, finishes the replace on its own.
    @Test func recoveringTheFolderFinishesTheReplace() throws {
        let (first, rerun) = try Self.runs()
        let dir = try Fixtures.temporaryFolder("recovery")
        try Self.write(first, in: dir)
        #expect(throws: OutputSet.Error.simulatedKill) { try Self.write(rerun, in: dir, killAfter: 4) }
        // Half of each run: what a reader took for one sequence.
        #expect(try Self.contents(dir).files.count == 14)
        try OutputRecovery.recover(folder: dir)
        #expect(try Self.contents(dir) == (Self.expected(rerun), [".flipbook-outputs.json"]))
    }

    /// The journal names files relative to its folder: no absolute path, nothing of the folder's
    /// own path, so it stays true when the folder is moved — and a moved folder is recovered.
    @Test func theJournalHoldsRelativeNamesAndSurvivesAMove() throws {
        let (first, rerun) = try Self.runs()
        let dir = try Fixtures.temporaryFolder("recovery")
        try Self.write(first, in: dir)
        #expect(throws: OutputSet.Error.simulatedKill) { try Self.write(rerun, in: dir, killAfter: 3) }
        let journals = try Self.contents(dir).hidden.filter { $0.hasSuffix(".journal") }
        #expect(journals.count == 1)
        let text = try String(contentsOfFile: "\(dir)/\(journals[0])", encoding: .utf8)
        let lines = text.split(separator: "\n")
        // A header, the 10 frames and the record to rename, the 4 old frames to remove.
        #expect(lines.count == 1 + 11 + 4)
        let real = URL(fileURLWithPath: dir).resolvingSymlinksInPath().path
        #expect(!text.contains(dir) && !text.contains(real))
        for line in lines.dropFirst() {
            let path = line.split(separator: "\t")[1]
            #expect(!path.hasPrefix("/") && !path.contains("/"), "\(line)")
        }
        let moved = try Fixtures.temporaryFolder("recovery-moved") + "/out"
        try FileManager.default.moveItem(atPath: dir, toPath: moved)
        try OutputRecovery.recover(folder: moved)
        #expect(try Self.contents(moved) == (Self.expected(rerun), [".flipbook-outputs.json"]))
    }

    /// A set over two folders (a sheet's data and its page) keeps a journal in each, naming the
    /// other folder's files relatively (`../pages/…`): recovering either folder finishes the set.
    @Test func aSetOverTwoFoldersIsFinishedFromEither() throws {
        let frames = try Self.frames()
        let dir = try Fixtures.temporaryFolder("recovery")
        for folder in ["data", "pages"] { try FileManager.default.createDirectory(atPath: "\(dir)/\(folder)", withIntermediateDirectories: false) }
        func write(_ page: [UInt8], _ data: String, killAfter: Int? = nil) throws {
            let set = OutputSet(owner: "\(dir)/data/sheet.json")
            set.simulatedKillAfterRenames = killAfter
            try set.write(Array(data.utf8), to: "\(dir)/data/sheet.json")
            try set.write(page, to: "\(dir)/pages/sheet.png")
            try set.commit()
        }
        try write(frames[0], "{\"first\": 1}")
        #expect(throws: OutputSet.Error.simulatedKill) { try write(frames[1], "{\"rerun\": 2}", killAfter: 1) }
        let pageJournals = try Self.contents("\(dir)/pages").hidden.filter { $0.hasSuffix(".journal") }
        #expect(pageJournals.count == 1)
        let text = try String(contentsOfFile: "\(dir)/pages/\(pageJournals[0])", encoding: .utf8)
        #expect(text.contains("\t../data/.flipbook-") && !text.contains("\t/"))
        try OutputRecovery.recover(folder: "\(dir)/pages")
        #expect(try Self.contents("\(dir)/pages").files == ["sheet.png": frames[1]])
        #expect(try Self.contents("\(dir)/data").files == ["sheet.json": Array("{\"rerun\": 2}".utf8)])
        // The other folder's journal is spent: recovering there only removes it.
        try OutputRecovery.recover(folder: "\(dir)/data")
        #expect(try Self.contents("\(dir)/data").hidden == [".flipbook-outputs.json"])
        #expect(try Self.contents("\(dir)/pages").hidden == [".flipbook-outputs.json"])
        try write(frames[2], "{\"third\": 3}")
        #expect(try Self.contents("\(dir)/pages").files == ["sheet.png": frames[2]])
    }

    /// Killed while writing its journals, before any rename: the folder whose journal was not
    /// complete yet is cleaned on its own (its temporary files belong to a dead process), and the
    /// other folder's journal, finding files of the set gone and none renamed, rolls back: the
    /// old set stands whole instead of half.
    @Test func aCommitKilledBeforeItsRenamesIsRolledBack() throws {
        let frames = try Self.frames()
        let dir = try Fixtures.temporaryFolder("recovery")
        for folder in ["data", "pages"] { try FileManager.default.createDirectory(atPath: "\(dir)/\(folder)", withIntermediateDirectories: false) }
        let set = OutputSet(owner: "\(dir)/data/sheet.json")
        try set.write(Array("{\"first\": 1}".utf8), to: "\(dir)/data/sheet.json")
        try set.write(frames[0], to: "\(dir)/pages/sheet.png")
        try set.commit()
        let rerun = OutputSet(owner: "\(dir)/data/sheet.json")
        rerun.simulatedKillAfterRenames = 0
        try rerun.write(Array("{\"rerun\": 2}".utf8), to: "\(dir)/data/sheet.json")
        try rerun.write(frames[1], to: "\(dir)/pages/sheet.png")
        #expect(throws: OutputSet.Error.simulatedKill) { try rerun.commit() }
        // The pages folder as it is once its unfinished journal and its dead writer's temporary
        // files are gone.
        let pages = try FileManager.default.contentsOfDirectory(atPath: "\(dir)/pages").filter { $0.hasPrefix(".flipbook-") && $0 != ".flipbook-outputs.json" }
        #expect(pages.count == 3)   // the page, the record and the journal
        for name in pages { try FileManager.default.removeItem(atPath: "\(dir)/pages/\(name)") }
        try OutputRecovery.recover(folder: "\(dir)/data")
        #expect(try Self.contents("\(dir)/data") == (["sheet.json": Array("{\"first\": 1}".utf8)], [".flipbook-outputs.json"]))
        #expect(try Self.contents("\(dir)/pages") == (["sheet.png": frames[0]], [".flipbook-outputs.json"]))
    }

    /// One folder spelled two ways in one set (`dir` and `dir/.`, as `-o` and `--data` may name
    /// it) is locked once: a second lock on it waited for the first for ever.
    @Test(.timeLimit(.minutes(1)), arguments: [false, true])
    func oneFolderSpelledTwoWaysIsLockedOnce(owned: Bool) throws {
        let frames = try Self.frames()
        let dir = try Fixtures.temporaryFolder("recovery")
        let set = OutputSet(owner: owned ? "\(dir)/sheet.json" : nil)
        try set.write(frames[0], to: "\(dir)/sheet.png")
        try set.write(Array("{}".utf8), to: "\(dir)/./sheet.json")
        try set.commit()
        #expect(try Self.contents(dir).files == ["sheet.png": frames[0], "sheet.json": Array("{}".utf8)])
    }

    /// A journal is a file in the folder, and a folder can come from anyone (an asset pack, a
    /// pull request): a forged one that names files in another folder — by `..` or, in the old
    /// form, an absolute path — moves and removes nothing there, even with their exact size and
    /// CRC-32 (a reader such as `validate` replays journals).
    @Test func aForgedJournalActsOnNothingOutsideItsFolder() throws {
        let frames = try Self.frames()
        let root = try Fixtures.temporaryFolder("recovery")
        for folder in ["handed", "victim"] { try FileManager.default.createDirectory(atPath: "\(root)/\(folder)", withIntermediateDirectories: false) }
        let victim = "\(root)/victim"
        try Data(frames[0]).write(to: URL(fileURLWithPath: "\(victim)/keep.png"))
        try Data(frames[1]).write(to: URL(fileURLWithPath: "\(victim)/.flipbook-\(4_194_304 + 5)-1.tmp"))
        let (size, crc) = (frames[0].count, Self.crc32(frames[0]))
        let real = URL(fileURLWithPath: victim).resolvingSymlinksInPath().path
        let journals = [
            "flipbook journal 2\nD\t../victim/keep.png\t\(size)\t\(crc)\n"
                + "R\t../victim/.flipbook-\(4_194_304 + 5)-1.tmp\tmoved.png\t-\t\(frames[1].count)\t\(Self.crc32(frames[1]))\n",
            "-\t\(real)/keep.png\t\(size)\t\(crc)\n\(real)/.flipbook-\(4_194_304 + 5)-1.tmp\tmoved.png\t-\n",
        ]
        for (index, journal) in journals.enumerated() {
            try Data(journal.utf8).write(to: URL(fileURLWithPath: "\(root)/handed/.flipbook-\(4_194_304 + 6)-\(index).journal"))
        }
        try OutputRecovery.recover(folder: "\(root)/handed")
        #expect(try FileManager.default.contentsOfDirectory(atPath: "\(root)/handed").isEmpty)
        #expect(try Self.contents(victim).files == ["keep.png": frames[0]])
        #expect(FileManager.default.fileExists(atPath: "\(victim)/.flipbook-\(4_194_304 + 5)-1.tmp"))
    }

    /// CRC-32 (ISO-HDLC, as zlib and the record compute it), bit by bit.
    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    /// A journal of an earlier Flipbook (absolute paths, no header), left by a dead process while
    /// renaming a rerun of the 14 frames: the next write, from several threads, replays it and is
    /// not refused.
    @Test func aJournalWithAbsolutePathsIsStillReplayed() throws {
        let frames = try Self.frames()
        let rerun = Array(frames.reversed())
        let dir = try Fixtures.temporaryFolder("recovery")
        // The rerun's record, as a complete run writes it (the owner is relative: the same here).
        let scratch = try Fixtures.temporaryFolder("recovery-scratch")
        try Self.write(rerun, in: scratch)
        let record = try FileIO.readAll("\(scratch)/.flipbook-outputs.json")
        try Self.write(frames, in: dir)
        let real = URL(fileURLWithPath: dir).resolvingSymlinksInPath().path
        let dead = 4_194_304 + 23
        var journal = ""
        for (index, bytes) in rerun.enumerated() {
            let name = "fire\(index + 1).png"
            let temporary = ".flipbook-\(dead)-\(index).tmp"
            let replaced = try #require(FileIO.fingerprint(of: "\(dir)/\(name)"))
            journal += "\(real)/\(temporary)\t\(name)\t\(replaced)\n"
            try Data(bytes).write(to: URL(fileURLWithPath: "\(dir)/\(temporary)"))
            // The first nine were renamed before the kill.
            if index < 9 {
                try FileManager.default.removeItem(atPath: "\(dir)/\(name)")
                try FileManager.default.moveItem(atPath: "\(dir)/\(temporary)", toPath: "\(dir)/\(name)")
            }
        }
        let replacedRecord = try #require(FileIO.fingerprint(of: "\(dir)/.flipbook-outputs.json"))
        journal += "\(real)/.flipbook-\(dead)-99.tmp\t.flipbook-outputs.json\t\(replacedRecord)\n"
        // Written plainly: Flipbook's own writer would recover the folder before the state is complete.
        try Data(record).write(to: URL(fileURLWithPath: "\(dir)/.flipbook-\(dead)-99.tmp"))
        try Data(journal.utf8).write(to: URL(fileURLWithPath: "\(dir)/.flipbook-\(dead)-100.journal"))
        try Self.write(rerun, in: dir)
        #expect(try Self.contents(dir) == (Self.expected(rerun), [".flipbook-outputs.json"]))
    }

    /// A commit that cannot be finished (here a rename the system refuses: a folder stands where
    /// the file goes) is an error naming the folder and the journal, never a folder read as it is.
    @Test func aReplaceThatCannotBeFinishedIsRefused() throws {
        let (first, rerun) = try Self.runs()
        let dir = try Fixtures.temporaryFolder("recovery")
        try Self.write(first, in: dir)
        #expect(throws: OutputSet.Error.simulatedKill) { try Self.write(rerun, in: dir, killAfter: 0) }
        let name = try #require(try Self.contents(dir).hidden.first { $0.hasSuffix(".journal") })
        // fire1.png's rename is made impossible: a non-empty folder in its place, which the journal
        // says is the file it may replace.
        let text = try String(contentsOfFile: "\(dir)/\(name)", encoding: .utf8)
        var lines = text.split(separator: "\n").map(String.init)
        let index = try #require(lines.firstIndex { $0.split(separator: "\t").dropFirst(2).first == "fire1.png" })
        try FileManager.default.removeItem(atPath: "\(dir)/fire1.png")
        try FileManager.default.createDirectory(atPath: "\(dir)/fire1.png/inside", withIntermediateDirectories: true)
        var fields = lines[index].split(separator: "\t").map(String.init)
        fields[3] = try #require(FileIO.fingerprint(of: "\(dir)/fire1.png"))
        lines[index] = fields.joined(separator: "\t")
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: "\(dir)/\(name)"))
        #expect {
            try OutputRecovery.recover(folder: dir)
        } throws: { error in
            guard case .interruptedWrite(let folder, let journal, let reason) = error as? OutputError else { return false }
            return folder == dir && journal == name && reason.contains("fire1.png")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).contains(name))
    }
}

/// A folder copied (`cp -a`, rsync, a backup restored) while a replace in it was killed: every file
/// has a new fingerprint, so the journal cannot tell the files it may replace from files put there
/// since. Recovery in the copy dropped the new frames but still removed the old ones: a folder of
/// neither run, frames lost (found by a new-user round). Now nothing is finished partly: with no
/// rename done the old set stands whole; with some done the folder is refused, never read mixed.
@Suite("Interrupted replaces in a copied folder")
struct CopiedFolderRecoveryTests {
    static func killedCopy(after renames: Int) throws -> (copy: String, original: String) {
        let (first, rerun) = try OutputRecoveryTests.runs()
        let dir = try Fixtures.temporaryFolder("recovery-copied")
        try OutputRecoveryTests.write(first, in: dir)
        #expect(throws: OutputSet.Error.simulatedKill) { try OutputRecoveryTests.write(rerun, in: dir, killAfter: renames) }
        let copy = try Fixtures.temporaryFolder("recovery-copy") + "/out"
        try FileManager.default.copyItem(atPath: dir, toPath: copy)
        return (copy, dir)
    }

    @Test func killedBeforeAnyRenameTheCopyKeepsTheOldSetWhole() throws {
        let (copy, original) = try Self.killedCopy(after: 0)
        try OutputRecovery.recover(folder: copy)
        let (first, rerun) = try OutputRecoveryTests.runs()
        #expect(try OutputRecoveryTests.contents(copy) == (OutputRecoveryTests.expected(first), [".flipbook-outputs.json"]))
        // The original folder, its files' fingerprints intact, is still finished forward.
        try OutputRecovery.recover(folder: original)
        #expect(try OutputRecoveryTests.contents(original) == (OutputRecoveryTests.expected(rerun), [".flipbook-outputs.json"]))
    }

    @Test func killedAfterSomeRenamesTheCopyIsRefusedAndLeftAsItIs() throws {
        let (copy, _) = try Self.killedCopy(after: 4)
        let before = try OutputRecoveryTests.contents(copy)
        #expect(before.files.count == 14)
        #expect {
            try OutputRecovery.recover(folder: copy)
        } throws: { error in
            guard case .interruptedWrite(let folder, _, let reason) = error as? OutputError else { return false }
            return folder == copy && reason.contains("copied")
        }
        // Nothing removed, nothing renamed: the user can restore the folder or rerun.
        #expect(try OutputRecoveryTests.contents(copy) == before)
    }
}

/// Errors thrown on several threads, kept in order of arrival.
final class Failures: @unchecked Sendable {
    private let lock = NSLock()
    private var errors: [any Error] = []
    func add(_ error: any Error) { lock.withLock { errors.append(error) } }
    var first: (any Error)? { lock.withLock { errors.first } }
}
