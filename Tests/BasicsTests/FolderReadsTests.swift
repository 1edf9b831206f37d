@testable import Basics
import Foundation
import Testing
import TestSupport

/// Round 68t: a folder read while another run rewrote it (`resize out/c …` while `blur … -o out/c`
/// ran again) was read as a mix of the two runs, exit 0 — the reader finished the commits it met,
/// then read frame after frame while the next commit renamed them. Readers now hold the folder
/// (a shared lock) until their job has read it, and a commit (the exclusive lock) waits for them.
/// Two writers of one folder at once: one failed "fire2.png was changed after Flipbook wrote it"
/// over the other's fresh commit. On the real frames of `ansimuz-fire-bomb-pixel`.
@Suite("Folders read are held until read")
struct FolderReadsTests {
    static func folder(_ name: String) throws -> String {
        let dir = NSTemporaryDirectory() + "flipbook-reads-\(name)-\(getpid())"
        try? FileManager.default.removeItem(atPath: dir)
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        return dir
    }

    /// Whether another holder keeps an exclusive lock on `dir` from being taken now (as a commit's).
    static func isHeld(_ dir: String) -> Bool {
        let descriptor = open(dir, O_RDONLY | O_DIRECTORY)
        defer { close(descriptor) }
        return flock(descriptor, LOCK_EX | LOCK_NB) != 0 && errno == EWOULDBLOCK
    }

    @Test func aFolderReadInAScopeIsHeldUntilTheScopeEnds() throws {
        let dir = try Self.folder("held")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try OutputRecoveryTests.write(try OutputRecoveryTests.frames(), in: dir)
        #expect(!Self.isHeld(dir))
        // Without a scope a reader finishes the folder and holds nothing (a library caller as before).
        try OutputRecovery.recover(reading: dir)
        #expect(!Self.isHeld(dir))
        try FolderReads.reading { () throws(OutputError) in
            try OutputRecovery.recover(reading: dir)
            #expect(Self.isHeld(dir), "a commit would wait for the reader")
            // Read again in the same scope (a folder listed twice): still one lock, no wait on itself.
            try OutputRecovery.recover(reading: "\(dir)/.")
            #expect(Self.isHeld(dir))
        }
        #expect(!Self.isHeld(dir), "let go when the job has read it")
    }

    /// A job that writes into a folder it read (outputs beside its inputs) commits without waiting
    /// on its own lock: a commit lets the scope's folders go first.
    @Test func aCommitInTheScopeDoesNotWaitOnItsOwnRead() throws {
        let dir = try Self.folder("own")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let (first, rerun) = try OutputRecoveryTests.runs()
        try OutputRecoveryTests.write(first, in: dir)
        let done = DispatchSemaphore(value: 0)
        let failure = Failures()
        let thread = Thread {
            do {
                try FolderReads.reading { () throws in
                    try OutputRecovery.recover(reading: dir)
                    try OutputRecoveryTests.write(rerun, in: dir)
                }
            } catch { failure.add(error) }
            done.signal()
        }
        thread.start()
        #expect(done.wait(timeout: .now() + 60) == .success, "the commit waited on its own reader's lock")
        #expect(failure.first == nil)
        #expect(try OutputRecoveryTests.contents(dir).files == OutputRecoveryTests.expected(rerun))
    }

    /// A commit waits while a reader holds the folder, and goes on when it lets go.
    @Test func aCommitWaitsForAReader() throws {
        let dir = try Self.folder("wait")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let (first, rerun) = try OutputRecoveryTests.runs()
        try OutputRecoveryTests.write(first, in: dir)
        let reader = open(dir, O_RDONLY | O_DIRECTORY)
        #expect(flock(reader, LOCK_SH) == 0)
        let committed = DispatchSemaphore(value: 0)
        let thread = Thread {
            try? OutputRecoveryTests.write(rerun, in: dir)
            committed.signal()
        }
        thread.start()
        #expect(committed.wait(timeout: .now() + 1) == .timedOut, "the commit went on under a reader")
        #expect(try OutputRecoveryTests.contents(dir).files == OutputRecoveryTests.expected(first), "the reader sees the first run whole")
        close(reader)
        #expect(committed.wait(timeout: .now() + 60) == .success)
        #expect(try OutputRecoveryTests.contents(dir).files == OutputRecoveryTests.expected(rerun))
    }

    /// Two writers of one folder: the second run's set read the folder's record before the first
    /// committed, then met the first's fresh files. It checks them against the record as that
    /// commit left it: Flipbook's own files, replaced; the last commit wins whole.
    @Test func aSetMeetingAnotherRunsFreshCommitIsNotRefused() throws {
        let dir = try Self.folder("two")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let (first, rerun) = try OutputRecoveryTests.runs()
        try OutputRecoveryTests.write(first, in: dir)
        let late = OutputSet(owner: dir + "/fire")
        try late.write(first[0], to: "\(dir)/fire1.png")   // reads the record of the first run
        try OutputRecoveryTests.write(rerun, in: dir)       // another run commits meanwhile
        for index in 1..<first.count { try late.write(first[index], to: "\(dir)/fire\(index + 1).png") }
        try late.commit()
        #expect(try OutputRecoveryTests.contents(dir).files == OutputRecoveryTests.expected(first))
    }
}
