import Basics
import Foundation
import Testing
import TestSupport

/// Sets of files replaced as a whole, and what a killed writer leaves for the next one to clean.
@Suite("Output sets")
struct OutputSetTests {
    static func folder() throws -> String { try Fixtures.temporaryFolder("outputset") }

    static func contents(_ dir: String) throws -> [String: String] {
        var out: [String: String] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: dir) {
            out[name] = try String(contentsOfFile: dir + "/" + name, encoding: .utf8)
        }
        return out
    }

    /// A process ID that runs no process (above Linux's largest pid_max).
    static let deadPID = 4_194_304 + 17

    @Test func nothingAppearsBeforeCommitAndEverythingAfter() throws {
        let dir = try Self.folder()
        try "old a".write(toFile: dir + "/a.png", atomically: true, encoding: .utf8)
        let set = OutputSet()
        try set.write(Array("new a".utf8), to: dir + "/a.png")
        try set.write(Array("new b".utf8), to: dir + "/b.json")
        let pending = try Self.contents(dir)
        #expect(pending["a.png"] == "old a" && pending["b.json"] == nil && pending.count == 3)
        try set.commit()
        #expect(try Self.contents(dir) == ["a.png": "new a", "b.json": "new b"])
    }

    @Test func anAbandonedSetLeavesTheOldFiles() throws {
        let dir = try Self.folder()
        try "old".write(toFile: dir + "/a.png", atomically: true, encoding: .utf8)
        do {
            let set = OutputSet()
            try set.write(Array("new".utf8), to: dir + "/a.png")
        }
        #expect(try Self.contents(dir) == ["a.png": "old"])
    }

    /// What SIGKILL leaves: temporary files of a dead process (removed by the next write into the
    /// folder: the old set stands) and, when it died while renaming, a journal (the next write
    /// finishes the renames: the new set stands).
    @Test func theNextWriteCleansUpAfterAKilledWriter() throws {
        let dir = try Self.folder()
        try "old a".write(toFile: dir + "/a.png", atomically: true, encoding: .utf8)
        try "old b".write(toFile: dir + "/b.json", atomically: true, encoding: .utf8)
        // Died before its journal: two temporaries.
        try "half".write(toFile: dir + "/.flipbook-\(Self.deadPID)-1.tmp", atomically: false, encoding: .utf8)
        try "half".write(toFile: dir + "/.flipbook-\(Self.deadPID)-2.tmp", atomically: false, encoding: .utf8)
        // A live process's temporary file (the test runner's, our parent) is left alone.
        try "live".write(toFile: dir + "/.flipbook-\(getppid())-3.tmp", atomically: false, encoding: .utf8)
        // One with our ID that we did not make is a dead process's whose ID was ours (process 1 in a container).
        try "reused".write(toFile: dir + "/.flipbook-\(getpid())-4.tmp", atomically: false, encoding: .utf8)
        try FileIO.writeAtomically(Array("c".utf8), to: dir + "/c.txt")
        #expect(try Self.contents(dir) == ["a.png": "old a", "b.json": "old b", "c.txt": "c", ".flipbook-\(getppid())-3.tmp": "live"])

        let second = try Self.folder()
        try "old a".write(toFile: second + "/a.png", atomically: true, encoding: .utf8)
        try "old b".write(toFile: second + "/b.json", atomically: true, encoding: .utf8)
        // Died while renaming: a.png is new already, b.json's temporary and the journal remain.
        try "new a".write(toFile: second + "/a.png", atomically: true, encoding: .utf8)
        try "new b".write(toFile: second + "/.flipbook-\(Self.deadPID)-5.tmp", atomically: false, encoding: .utf8)
        let real = URL(fileURLWithPath: second).resolvingSymlinksInPath().path
        // Each line names the file its rename may replace (b.json's old file, as the commit saw it).
        let oldB = try #require(FileIO.fingerprint(of: second + "/b.json"))
        let journal = "\(real)/.flipbook-\(Self.deadPID)-4.tmp\ta.png\t-\n\(real)/.flipbook-\(Self.deadPID)-5.tmp\tb.json\t\(oldB)\n"
            // A forged line may not move anything that is not ours, nor out of its folder.
            + "/etc/hostname\tstolen\t-\n\(real)/.flipbook-\(Self.deadPID)-5.tmp\t../escaped\t-\n"
        try journal.write(toFile: second + "/.flipbook-\(Self.deadPID)-6.journal", atomically: false, encoding: .utf8)
        try FileIO.writeAtomically(Array("c".utf8), to: second + "/c.txt")
        #expect(try Self.contents(second) == ["a.png": "new a", "b.json": "new b", "c.txt": "c"])
    }
}
