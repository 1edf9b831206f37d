import Basics
import Foundation
import Testing
import TestSupport

/// The output contract of `OutputSet`: a set with an owner replaces that owner's earlier set as a
/// whole, never a file Flipbook did not write, never one changed since, never an input.
@Suite("Output contract")
struct OutputContractTests {
    /// The visible files of `dir` and their text (the record `.flipbook-outputs.json` left out).
    static func contents(_ dir: String) throws -> [String: String] {
        var out: [String: String] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: dir) where !name.hasPrefix(".") {
            out[name] = try String(contentsOfFile: dir + "/" + name, encoding: .utf8)
        }
        return out
    }

    /// Writes `files` (name → text) as one set owned by `dir/owner`.
    static func writeSet(_ files: [(String, String)], in dir: String, owner: String = "walk", inputs: [String] = [],
                         named: Set<String> = []) throws {
        let set = OutputSet(owner: dir + "/" + owner, protecting: InputFiles(inputs))
        for (name, text) in files {
            try set.write(Array(text.utf8), to: dir + "/" + name, named: named.contains(name), settings: name == "sequence.json")
        }
        try set.commit()
    }

    static func frames(_ count: Int, _ tag: String) -> [(String, String)] {
        (1...count).map { ("walk\($0).png", "\(tag) \($0)") } + [("sequence.json", "\(tag) timing")]
    }

    @Test func aRerunWithFewerFilesLeavesExactlyTheNewSetAndTheUsersFiles() throws {
        let dir = try Fixtures.temporaryFolder("contract")
        try "mine".write(toFile: dir + "/notes.txt", atomically: true, encoding: .utf8)
        try Self.writeSet(Self.frames(12, "old"), in: dir)
        try Self.writeSet(Self.frames(4, "new"), in: dir)
        var expected = Dictionary(uniqueKeysWithValues: Self.frames(4, "new"))
        expected["notes.txt"] = "mine"
        #expect(try Self.contents(dir) == expected)
        // And back up: the record follows each set.
        try Self.writeSet(Self.frames(6, "third"), in: dir)
        #expect(try Self.contents(dir).count == 6 + 1 + 1)
    }

    @Test func aFileFlipbookDidNotWriteIsNeverReplaced() throws {
        let dir = try Fixtures.temporaryFolder("contract")
        try "my own walk1".write(toFile: dir + "/walk1.png", atomically: true, encoding: .utf8)
        #expect(throws: OutputSet.Error.refused(OutputError.notWrittenByFlipbook(path: dir + "/walk1.png"))) {
            try Self.writeSet(Self.frames(3, "new"), in: dir)
        }
        #expect(try Self.contents(dir) == ["walk1.png": "my own walk1"])
        // Unless the caller names it outright (a user's `-o`).
        try Self.writeSet([("walk1.png", "named")], in: dir, named: ["walk1.png"])
        #expect(try Self.contents(dir) == ["walk1.png": "named"])
    }

    @Test func aFileEditedSinceItWasWrittenIsNeitherReplacedNorRemoved() throws {
        let dir = try Fixtures.temporaryFolder("contract")
        try Self.writeSet(Self.frames(5, "old"), in: dir)
        try "hand-edited".write(toFile: dir + "/walk2.png", atomically: true, encoding: .utf8)
        #expect(throws: OutputSet.Error.refused(OutputError.changedSinceWritten(path: dir + "/walk2.png"))) {
            try Self.writeSet(Self.frames(3, "new"), in: dir)
        }
        // An edited file the new set would only remove is refused too, before anything is renamed.
        try FileManager.default.removeItem(atPath: dir + "/walk2.png")
        try "hand-edited".write(toFile: dir + "/walk5.png", atomically: true, encoding: .utf8)
        #expect(throws: OutputSet.Error.refused(OutputError.changedAndLeft(path: dir + "/walk5.png"))) {
            try Self.writeSet(Self.frames(3, "new"), in: dir)
        }
        #expect(try Self.contents(dir)["walk1.png"] == "old 1")
        #expect(try Self.contents(dir)["walk5.png"] == "hand-edited")
    }

    @Test func aFileOfAnotherSetIsRefused() throws {
        let dir = try Fixtures.temporaryFolder("contract")
        try Self.writeSet([("orc1_1.png", "a"), ("sequence.json", "orc1 timing")], in: dir, owner: "orc1_")
        #expect(throws: OutputSet.Error.refused(OutputError.heldByAnotherSet(path: dir + "/sequence.json", owner: dir + "/orc1_"))) {
            try Self.writeSet([("orc2_1.png", "b"), ("sequence.json", "orc2 timing")], in: dir, owner: "orc2_")
        }
        #expect(try Self.contents(dir) == ["orc1_1.png": "a", "sequence.json": "orc1 timing"])
    }

    /// The record holds sizes and checksums only: a folder copied elsewhere (a checkout, a move)
    /// is still Flipbook's to replace.
    @Test func theRecordSurvivesAMove() throws {
        let dir = try Fixtures.temporaryFolder("contract")
        try Self.writeSet(Self.frames(5, "old"), in: dir)
        let moved = dir + "-moved"
        try FileManager.default.moveItem(atPath: dir, toPath: moved)
        try Self.writeSet(Self.frames(2, "new"), in: moved)
        #expect(try Self.contents(moved) == Dictionary(uniqueKeysWithValues: Self.frames(2, "new")))
    }

    /// Through a symbolic link and a hard link alike, an input is never an output: nothing written.
    @Test(arguments: ["symbolic", "hard"])
    func anInputIsNeverReplaced(link: String) throws {
        let dir = try Fixtures.temporaryFolder("contract")
        let input = dir + "/fire2.png"
        try FileManager.default.copyItem(atPath: Fixtures.path("sequences/kenney-gold-coin/gold_2.png"), toPath: input)
        let before = try Data(contentsOf: URL(fileURLWithPath: input))
        if link == "symbolic" {
            try FileManager.default.createSymbolicLink(atPath: dir + "/walk1.png", withDestinationPath: "fire2.png")
        } else {
            try FileManager.default.linkItem(atPath: input, toPath: dir + "/walk1.png")
        }
        #expect(throws: OutputSet.Error.refused(OutputError.overwritesInput(output: dir + "/walk1.png", input: input))) {
            try Self.writeSet(Self.frames(2, "new"), in: dir, inputs: [input], named: ["walk1.png"])
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: input)) == before)
        #expect(throws: OutputError.overwritesInput(output: dir + "/walk1.png", input: input)) {
            try InputFiles([input]).check(output: dir + "/walk1.png")
        }
    }

    @Test func aFolderOrASpecialFileIsNotAnOutput() throws {
        let dir = try Fixtures.temporaryFolder("contract")
        try FileManager.default.createDirectory(atPath: dir + "/walk1.png", withIntermediateDirectories: false)
        #expect(throws: OutputError.notRegularFile(path: dir + "/walk1.png")) { try InputFiles().check(output: dir + "/walk1.png") }
        #expect(mkfifo(dir + "/fifo.png", 0o644) == 0)
        #expect(throws: OutputError.notRegularFile(path: dir + "/fifo.png")) { try InputFiles().check(output: dir + "/fifo.png") }
        #expect(throws: OutputSet.Error.refused(OutputError.notAFolder(path: dir + "/notes.txt"))) {
            try "x".write(toFile: dir + "/notes.txt", atomically: true, encoding: .utf8)
            try InputFiles().prepare(folder: dir + "/notes.txt")
        }
    }

    /// A killed commit's journal, replayed by the next write into the folder: the temporary file
    /// `walk1.png` was to become, and an old `walk9.png` to remove (size 5, CRC-32 of "stale").
    /// It finishes both when the folder is as the commit left it ("stale" beside a free name), and
    /// touches neither when someone put files there since (the user's own under both names).
    @Test(arguments: [
        ([String: String](), "stale", ["walk1.png": "new frame", "c.txt": "c"]),
        (["walk1.png": "the user's own, saved after the crash"], "the user's too",
         ["walk1.png": "the user's own, saved after the crash", "walk9.png": "the user's too", "c.txt": "c"]),
    ] as [([String: String], String, [String: String])])
    func aJournalIsReplayedOnlyOverWhatTheCommitLeft(since: [String: String], walk9: String, expected: [String: String]) throws {
        let dir = try Fixtures.temporaryFolder("contract")
        try "new frame".write(toFile: dir + "/.flipbook-4194321-1.tmp", atomically: true, encoding: .utf8)
        try walk9.write(toFile: dir + "/walk9.png", atomically: true, encoding: .utf8)
        for (name, text) in since { try text.write(toFile: "\(dir)/\(name)", atomically: true, encoding: .utf8) }
        let absolute = try #require(FileIO.resolvedPath(dir))
        // The commit saw walk1.png free ("-").
        let journal = "\(absolute)/.flipbook-4194321-1.tmp\twalk1.png\t-\n-\t\(absolute)/walk9.png\t5\t562580130\n"
        try journal.write(toFile: dir + "/.flipbook-4194321-2.journal", atomically: true, encoding: .utf8)
        try FileIO.writeAtomically(Array("c".utf8), to: dir + "/c.txt")
        #expect(try Self.contents(dir) == expected)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).filter { $0.hasPrefix(".flipbook-") }.isEmpty)
    }

    @Test(arguments: [("out.mp4", ["gif"]), ("out.PNG", ["gif"]), ("gull.jpg", ["png"]), ("noext", ["gif"])])
    func aNameThatPromisesAnotherFormatIsRefused(name: String, extensions: [String]) {
        #expect(throws: OutputError.self) { try OutputName.require(name, extensions: extensions, what: "writes it") }
        #expect(throws: Never.self) { try OutputName.require("x.GIF", extensions: ["gif"], what: "writes it") }
    }
}
