import Basics
import Foundation
import Testing
import TestSupport

/// Frames a build set aside to replace them (`FileIO.setAside`), on the real frames of
/// `Tests/Fixtures/sequences/ansimuz-fire-bomb-pixel`: after a `kill -9` the next Flipbook writing
/// into the folder puts them back while the folder's record still names them, and removes them
/// once a set has replaced them (an interrupt just after a commit put the old frames back beside
/// the new set, and after a `kill -9` they were removed as a dead process's temporary files).
@Suite("Files set aside are put back only while no set has replaced them")
struct SetAsideRecoveryTests {
    /// The first four frames written as `fire1…4.png` in a fresh folder, then set aside, `meanwhile`
    /// run, and the files left under a dead process's ID, as a killed build leaves them.
    static func setAside(meanwhile: (String) throws -> Void = { _ in }) throws -> (dir: String, frames: [[UInt8]], asides: [String]) {
        let dir = try Fixtures.temporaryFolder("set-aside")
        let frames = Array(try OutputRecoveryTests.frames().prefix(4))
        try OutputRecoveryTests.write(frames, in: dir)
        var moved: [String] = []
        for index in frames.indices {
            let aside = try #require(FileIO.setAside("\(dir)/fire\(index + 1).png"))
            #expect(FileIO.lastComponent(of: aside).contains("-aside-fire\(index + 1).png"))
            moved.append(aside)
        }
        try meanwhile(dir)
        var asides: [String] = []
        for aside in moved {
            // As a process killed with SIGKILL leaves it: its ID no longer runs.
            let dead = aside.replacingOccurrences(of: ".flipbook-\(getpid())-", with: ".flipbook-2147483646-")
            try FileManager.default.moveItem(atPath: aside, toPath: dead)
            FileIO.removeAside(aside)   // forgotten by this process, as a dead one forgets
            asides.append(dead)
        }
        return (dir, frames, asides)
    }

    @Test func theNextWriterPutsThemBackWhileTheRecordNamesThem() throws {
        let (dir, frames, asides) = try Self.setAside()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        #expect(try OutputRecoveryTests.contents(dir).files.isEmpty)
        try OutputRecovery.recover(folder: dir)
        let contents = try OutputRecoveryTests.contents(dir)
        #expect(contents.files == OutputRecoveryTests.expected(frames))
        #expect(!asides.contains { FileManager.default.fileExists(atPath: $0) })
    }

    /// Killed just after the set that replaces them was committed (its record forgets the files gone from the folder).
    @Test func aSetThatReplacedThemLeavesThemRemoved() throws {
        let (dir, _, asides) = try Self.setAside { dir in
            let set = OutputSet(owner: dir + "/gold")
            try set.write(try FileIO.readAll(Fixtures.path("sequences/kenney-gold-coin/gold_1.png")), to: dir + "/gold1.png")
            try set.commit()
        }
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try OutputRecovery.recover(folder: dir)
        let contents = try OutputRecoveryTests.contents(dir)
        #expect(contents.files.keys.sorted() == ["gold1.png"])
        #expect(!asides.contains { FileManager.default.fileExists(atPath: $0) })
        #expect(!contents.hidden.contains { $0.contains("-aside-") }, "\(contents.hidden)")
    }

    /// A name too long to be held in the set-aside file's name (a 230-byte frame name) is not set
    /// aside at all: under a random name a `kill -9` lost it (recovery cannot tell where it was).
    @Test func aNameTooLongToHoldIsNotSetAside() throws {
        let dir = try Fixtures.temporaryFolder("set-aside-long")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let long = dir + "/" + String(repeating: "f", count: 226) + "1.png", short = dir + "/f1.png"
        for path in [long, short] { try FileIO.writeAtomically(Array("frame".utf8), to: path) }
        #expect(!FileIO.canSetAside(long) && FileIO.canSetAside(short))
        #expect(FileIO.setAside(long) == nil && FileManager.default.fileExists(atPath: long))
        let aside = try #require(FileIO.setAside(short))
        FileIO.putBack(aside, at: short)
        #expect(FileManager.default.fileExists(atPath: short))
    }
}
