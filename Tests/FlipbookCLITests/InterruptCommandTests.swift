#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import Testing
import TestSupport

/// Issue 44: Ctrl-C or TERM during `frames` left its `.flipbook-*.tmp` files (67 of them, 960 KB,
/// after a WebP) until the next write, and after a `kill -9` a rerun started at once kept the dead
/// run's files (its process was still a zombie, not yet waited for, so it looked alive). Each test
/// runs the built binary as a real child process on the 60 frames of
/// `Tests/Fixtures/gif/effects/Effect_Kabooms_2x.gif` (a second of work in a debug build) and
/// signals it once its first temporary file is there.
@Suite("Interrupted commands leave no temporary files")
struct InterruptCommandTests {
    static let gif = Fixtures.path("gif/effects/Effect_Kabooms_2x.gif")

    /// The `.flipbook-*.tmp` files in `folder` (none when it does not exist).
    static func temporaries(in folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasPrefix(".flipbook-") && $0.hasSuffix(".tmp") }
    }

    /// A `flipbook` child process started with posix_spawn (so that the test, not Foundation,
    /// decides when it is waited for), its output sent to /dev/null, its signals at their defaults.
    struct Child {
        let pid: pid_t

        /// `standardError`, `standardOutput`: files that receive the child's streams (else /dev/null).
        init(_ arguments: [String], standardError: String? = nil, standardOutput: String? = nil) throws {
            let path = CLI.executable.path
            var actions = posix_spawn_file_actions_t()
            posix_spawn_file_actions_init(&actions)
            defer { posix_spawn_file_actions_destroy(&actions) }
            posix_spawn_file_actions_addopen(&actions, 1, standardOutput ?? "/dev/null", O_WRONLY | O_CREAT | O_TRUNC, 0o644)
            posix_spawn_file_actions_addopen(&actions, 2, standardError ?? "/dev/null", O_WRONLY | O_CREAT | O_TRUNC, 0o644)
            var attributes = posix_spawnattr_t()
            posix_spawnattr_init(&attributes)
            defer { posix_spawnattr_destroy(&attributes) }
            // A test runner started in the background ignores SIGINT, and a child would inherit that.
            var defaults = sigset_t(), empty = sigset_t()
            sigemptyset(&defaults)
            sigemptyset(&empty)
            for number in [SIGINT, SIGTERM, SIGHUP] { sigaddset(&defaults, number) }
            posix_spawnattr_setsigdefault(&attributes, &defaults)
            posix_spawnattr_setsigmask(&attributes, &empty)
            posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
            let argv: [UnsafeMutablePointer<CChar>?] = ([path] + arguments).map { strdup($0) } + [nil]
            defer { for pointer in argv { free(pointer) } }
            var pid: pid_t = 0
            let status = posix_spawn(&pid, path, &actions, &attributes, argv, environ)
            guard status == 0 else { throw POSIXError(POSIXErrorCode(rawValue: status) ?? .EIO) }
            self.pid = pid
        }

        /// Waits for the child and returns its exit status (128 + N when a signal N ended it).
        func wait() -> Int32 {
            var status: Int32 = 0
            while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
            let signal = status & 0x7F
            return signal == 0 ? (status >> 8) & 0xFF : 128 + signal
        }
    }

    /// Polls for up to 20 s until `condition` holds.
    static func waitUntil(_ condition: () -> Bool) -> Bool {
        for _ in 0..<4000 {
            if condition() { return true }
            usleep(5000)
        }
        return false
    }

    /// SIGINT (Ctrl-C) and SIGTERM while frames are being written: every temporary file goes, the
    /// folder the run created goes (it is empty then), and the exit status is 130 or 143.
    @Test(arguments: [(SIGINT, 130), (SIGTERM, 143)] as [(Int32, Int32)])
    func anInterruptRemovesTheRunsTemporaryFiles(signal: Int32, status: Int32) throws {
        let dir = try Fixtures.temporaryFolder("cli-interrupt")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let out = dir + "/out"
        let child = try Child(["frames", Self.gif, "-o", out])
        let started = Self.waitUntil { !Self.temporaries(in: out).isEmpty }
        kill(child.pid, signal)
        let exit = child.wait()
        #expect(started, "no temporary file appeared")
        // On a loaded machine the run may finish before the signal arrives (exit 0, the whole set
        // below); otherwise the signal's status.
        #expect(exit == status || (exit == 0 && FileManager.default.fileExists(atPath: out + "/sequence.json")), "exit \(exit)")
        #expect(Self.temporaries(in: out).isEmpty, "\(Self.temporaries(in: out).count) left")
        // A signal that lands while the set is being renamed into place waits for that step (a set
        // is never left half-replaced): then the folder holds the whole set, else it is gone. On a
        // loaded machine the run may reach its commit before the signal does.
        if FileManager.default.fileExists(atPath: out) {
            let names = try FileManager.default.contentsOfDirectory(atPath: out).filter { !$0.hasPrefix(".") }
            #expect(names.contains("sequence.json") && names.filter { $0.hasSuffix(".png") }.count == 60,
                    "the folder the run created is left half-written: \(names.sorted())")
        }
    }

    /// A run killed with SIGKILL cannot clean up; a rerun into the same folder removes its
    /// temporary files even while the dead process is a zombie its parent has not waited for.
    @Test func aRerunRemovesAKilledRunsFilesBeforeItsParentWaits() throws {
        let dir = try Fixtures.temporaryFolder("cli-killed")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let out = dir + "/out"
        let child = try Child(["frames", Self.gif, "-o", out])
        #expect(Self.waitUntil { Self.temporaries(in: out).count >= 3 })
        kill(child.pid, SIGKILL)
        // Dead, not waited for: signal 0 still finds it.
        usleep(200_000)
        #expect(kill(child.pid, 0) == 0)
        let left = Self.temporaries(in: out).filter { $0.hasPrefix(".flipbook-\(child.pid)-") }
        #expect(!left.isEmpty)
        let rerun = try CLI.run(["frames", Self.gif, "-o", out])
        #expect(rerun.status == 0, "\(rerun.stderr)")
        #expect(Self.temporaries(in: out).isEmpty, "\(Self.temporaries(in: out))")
        #expect(child.wait() == 128 + SIGKILL)
        #expect(try FileManager.default.contentsOfDirectory(atPath: out).filter { $0.hasSuffix(".png") }.count == 60)
    }

    /// A live writer's temporary file is never touched: another command writing into the folder
    /// while the first run still writes there removes none of its files (the first would then
    /// fail to rename them), and the first finishes.
    @Test func aLiveRunsFilesAreLeftAlone() throws {
        let dir = try Fixtures.temporaryFolder("cli-live")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let out = dir + "/out"
        let child = try Child(["frames", Self.gif, "-o", out])
        #expect(Self.waitUntil { Self.temporaries(in: out).count >= 2 })
        let other = try CLI.run(["blur", Fixtures.path("sequences/kenney-gold-coin/gold_1.png"), "-o", out + "/soft.png", "--sigma", "1"])
        #expect(other.status == 0, "\(other.stderr)")
        #expect(child.wait() == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: out).filter { $0.hasSuffix(".png") }.count == 61)
    }

    /// A project of two targets: `coin` (the gold coin's GIF, quick) and `boom` (the frames of the
    /// 60-frame GIF, a second of work in a debug build), for interrupting between the two.
    static func twoTargetProject() throws -> String {
        let folder = try BuildCommandTests.project(#"""
            { "targets": {
                "coin": { "assemble": "coin", "output": "build/coin.gif", "fps": 8 },
                "boom": { "frames": "boom.gif", "output": "build/boom" } } }
            """#)
        try FileManager.default.copyItem(atPath: gif, toPath: folder + "/boom.gif")
        return folder
    }

    /// Waits until `coin` is recorded (its state saved, which its report follows at once) and
    /// `boom` is being written; whether that happened.
    static func waitUntilCoinIsBuiltAndBoomWritten(in folder: String) -> Bool {
        waitUntil {
            let state = (try? String(contentsOfFile: folder + "/.flipbook-build/state.json", encoding: .utf8)) ?? ""
            return state.contains(#""coin""#) && !temporaries(in: folder + "/build/boom").isEmpty
        }
    }

    /// Ctrl-C during `flipbook build` ended it without a word: a user could not tell which targets
    /// were done. It now says so on standard error, after the temporary files are gone: the target
    /// built (`coin`), and that the next build starts with the one interrupted (the frames of the
    /// 60-frame GIF, a second of work in a debug build).
    @Test func anInterruptedBuildSaysWhatWasBuilt() throws {
        let folder = try Self.twoTargetProject()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let child = try Child(["build", "--project", folder + "/flipbook.json"], standardError: folder + "/stderr.txt")
        // coin is recorded (its state saved, which its report follows at once) and boom is being written.
        let started = Self.waitUntilCoinIsBuiltAndBoomWritten(in: folder)
        // coin's report follows its saved record at once, but on a loaded machine not always before
        // this poll sees the record: a moment for it (the early exit below covers a build that ends).
        usleep(200_000)
        kill(child.pid, SIGINT)
        let exit = child.wait()
        #expect(started, "coin's record and boom's first temporary file did not both appear")
        let said = (try? String(contentsOfFile: folder + "/stderr.txt", encoding: .utf8)) ?? ""
        // On a loaded machine the build may finish before the signal arrives: then it said nothing.
        if exit == 0 { #expect(FileManager.default.fileExists(atPath: folder + "/build/boom/sequence.json")); return }
        #expect(exit == 130)
        // The target written before the interrupt is listed as the build lists it (it said nothing of it).
        // With its warnings and notes, which the next build (coin up to date) never says again.
        #expect(said.contains("coin: built (never built): build/coin.gif\n"), "\(said)")
        #expect(said.contains("\ninterrupted: 1 of 2 targets built (coin); a target being built keeps its earlier files, "
                              + "or its new ones when the interrupt came while they were put in place, "
                              + "and the next flipbook build checks the other 1"), "\(said)")
        #expect(Self.temporaries(in: folder + "/build/boom").isEmpty)
        // The next build does what the line says.
        let next = try CLI.run(["build"], in: folder)
        #expect(next.status == 0 && next.stdout.contains("coin: up to date") && next.stdout.contains("boom: built"), "\(next.stdout)")
    }

    /// `build --json` interrupted printed nothing on standard output (exit 130): a script reading
    /// it got no JSON. It prints one object of what was decided, `"interrupted": true` and the
    /// exit code, as a failure prints `{"error", "exitCode"}`.
    @Test func anInterruptedJSONBuildPrintsWhatWasBuilt() throws {
        let folder = try Self.twoTargetProject()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let child = try Child(["build", "--json", "--project", folder + "/flipbook.json"], standardOutput: folder + "/stdout.txt")
        let started = Self.waitUntilCoinIsBuiltAndBoomWritten(in: folder)
        usleep(200_000)
        kill(child.pid, SIGTERM)
        let exit = child.wait()
        #expect(started, "boom's first temporary file did not appear")
        let printed = try Data(contentsOf: URL(fileURLWithPath: folder + "/stdout.txt"))
        let object = try #require(try JSONSerialization.jsonObject(with: printed) as? [String: Any], "\(String(decoding: printed, as: UTF8.self))")
        // On a loaded machine the build may finish before the signal arrives: then its summary is printed.
        if exit == 0 { #expect(object["built"] as? Int == 2); return }
        #expect(exit == 143 && object["exitCode"] as? Int == 143 && object["interrupted"] as? Bool == true, "\(object)")
        let targets = try #require(object["targets"] as? [[String: Any]])
        #expect(targets.map { $0["target"] as? String } == ["coin"] && targets.first?["status"] as? String == "built", "\(targets)")
        #expect(targets.first?["files"] as? [String] == ["build/coin.gif"] && targets.first?["reasons"] as? [String] == ["never built"], "\(targets)")
        #expect(object["built"] as? Int == 1 && object["notDecided"] as? Int == 1, "\(object)")
    }
}
