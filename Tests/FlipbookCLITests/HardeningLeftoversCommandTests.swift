import Foundation
import Testing
import TestSupport

/// Issue 43's items a later round found still open: an empty output folder left by a failed
/// command, a failed write to standard error that trapped, and the other holes named in each test.
/// Inputs are the real fixtures named in each case.
@Suite("Hardening leftovers (commands)")
struct HardeningLeftoversCommandTests {
    static let coin = Fixtures.path("sequences/kenney-gold-coin")
    static let fire = Fixtures.path("gif/giflib/fire.gif")
    static let panel = Fixtures.repository + "/Examples/frosted-panel.json"

    /// Every command that makes a folder for its output, with `OUT` for a path two missing folders deep.
    static let folderMakingCommands: [[String]] = [
        ["sheet", coin, "-o", "OUT/s.png"],
        ["frames", fire, "-o", "OUT/frames"],
        ["generate", "seagull", "--frames", "2", "-o", "OUT/birds"],
        ["render", panel, "-o", "OUT/panel", "--fps", "2"],
        ["assemble", coin, "-o", "OUT/x.gif"],
    ]

    /// Each of them, its write failing (`ulimit -f 0`: every byte written to a file is refused),
    /// exited 4 and left the empty folders it had made (`sheet`: `new/deeper/`). Now they are gone.
    @Test(arguments: folderMakingCommands)
    func aFailedWriteLeavesNoFolderItMade(arguments: [String]) throws {
        let dir = try Fixtures.temporaryFolder("leftover-folder")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let result = try CLI.run(arguments.map { $0.replacingOccurrences(of: "OUT", with: "new/deeper") }, shellLimits: "ulimit -f 0", in: dir)
        #expect(result.status == 4, "\(arguments): \(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir + "/new"), "\(arguments) left new/")
    }

    /// A folder that was there before is the user's: left in place, empty or not.
    @Test(arguments: folderMakingCommands)
    func aFailedWriteKeepsTheUsersEmptyFolder(arguments: [String]) throws {
        let dir = try Fixtures.temporaryFolder("leftover-user-folder")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.createDirectory(atPath: dir + "/mine/deeper", withIntermediateDirectories: true)
        let result = try CLI.run(arguments.map { $0.replacingOccurrences(of: "OUT", with: "mine/deeper") }, shellLimits: "ulimit -f 0", in: dir)
        #expect(result.status == 4, "\(arguments): \(result.stderr)")
        #expect(FileManager.default.fileExists(atPath: dir + "/mine/deeper"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir + "/mine/deeper") == [])
    }

    /// `ulimit -f 0` with standard error sent to a file: the error message cannot be written
    /// either, and that failed write trapped (SIGILL, exit 132, a crash report). Now the command
    /// exits 4 as it would with its message shown.
    @Test(arguments: [["sheet", coin, "-o", "s.png"], ["assemble", coin, "-o", "x.gif"], ["validate", "missing-folder"]])
    func aFailedWriteToStandardErrorDoesNotTrap(arguments: [String]) throws {
        let dir = try Fixtures.temporaryFolder("leftover-stderr")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let result = try CLI.run(arguments, shellLimits: "ulimit -f 0; exec 2>\"\(dir)/err.txt\"", in: dir)
        #expect(result.status == (arguments[0] == "validate" ? 3 : 4), "\(arguments): \(result.status)")
    }

    /// Standard output closed (`>&-`) or a pipe whose reader is gone (`| head -0`): what is
    /// printed is lost, and the command still does its work and exits as it would, no trap and no
    /// death by SIGPIPE.
    @Test(arguments: [["info", coin + "/gold_1.png"], ["info", coin + "/gold_1.png", "--json"], ["validate", coin, "--json"]])
    func aClosedStandardOutputIsNoCrash(arguments: [String]) throws {
        let closed = try CLI.run(arguments, through: ["/bin/sh", "-c", "exec \"$0\" \"$@\" >&-", CLI.executable.path])
        #expect(closed.status == 0, "\(closed.stderr)")
        #expect(closed.stderr.isEmpty, "\(closed.stderr)")
        let broken = try Self.runWithBrokenPipe(arguments)
        #expect(broken.status == 0 && broken.signal == 0, "\(broken)")
    }

    /// With standard output closed, the first file the process opened took its number, and the
    /// printed summary would have gone into it: the output is written whole and nothing else is.
    @Test func aClosedStandardOutputDoesNotLandInAnOutput() throws {
        let dir = try Fixtures.temporaryFolder("leftover-closed-stdout")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let closed = try CLI.run(["assemble", Self.coin, "-o", "x.gif", "--json"], in: dir,
                                 through: ["/bin/sh", "-c", "exec \"$0\" \"$@\" >&-", CLI.executable.path])
        #expect(closed.status == 0, "\(closed.stderr)")
        let bytes = try Data(contentsOf: URL(fileURLWithPath: dir + "/x.gif"))
        #expect(bytes.starts(with: Array("GIF89a".utf8)) && bytes.last == 0x3B)
        #expect(!String(decoding: bytes, as: UTF8.self).contains("\"frames\""))
    }

    /// Runs `flipbook arguments` with standard output a pipe whose read end is closed before it
    /// starts: every write to it fails with EPIPE (or raises SIGPIPE).
    static func runWithBrokenPipe(_ arguments: [String]) throws -> (status: Int32, signal: Int32) {
        let process = Process()
        process.executableURL = CLI.executable
        process.arguments = arguments
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try out.fileHandleForReading.close()
        try process.run()
        process.waitUntilExit()
        return process.terminationReason == .uncaughtSignal ? (0, process.terminationStatus) : (process.terminationStatus, 0)
    }

    /// A `~ipad` file of another size than the frames it is shown among (`gold_1~ipad.png` at
    /// 80×80, frames 2–4 at 64×64) passed a plain `validate`; only `--uikit` reported it. Now
    /// `size.mismatch` reports it, naming the file.
    @Test func aDeviceFileOfAnotherSizeIsASizeMismatch() throws {
        let dir = try Fixtures.temporaryFolder("leftover-ipad")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.copyItem(atPath: Self.coin, toPath: dir + "/coin")
        try FileManager.default.copyItem(atPath: Fixtures.path("sequences/emt-watch-spinner-2x/waitIndicatorGraphic-17@2x.png"),
                                         toPath: dir + "/coin/gold_1~ipad.png")
        let result = try CLI.run(["validate", "coin"], in: dir)
        #expect(result.status == 1, "\(result.stdout)")
        #expect(result.stdout.contains("size.mismatch") && result.stdout.contains("gold_1~ipad.png is 80×80 px; on iPad it is shown with "
                                                                                 + "the other @1x frames, which are 64×64 px"), "\(result.stdout)")
        // The same file at the frames' size is fine.
        try FileManager.default.removeItem(atPath: dir + "/coin/gold_1~ipad.png")
        try FileManager.default.copyItem(atPath: Self.coin + "/gold_2.png", toPath: dir + "/coin/gold_1~ipad.png")
        #expect(try CLI.run(["validate", "coin"], in: dir).status == 0)
    }

    /// `--fps 0.0000116` (a frame every 86 207 s, inside 1/86400…1000) was taken by `generate`,
    /// which wrote it into `sequence.json`; `assemble` of that folder then refused it as
    /// "--duration does not take '172413.79…'" (the play of two frames, over a day), a flag nobody
    /// gave. One rule now (a step shows at most a day) for the fps and the duration alike.
    @Test func aLowFrameRateIsOneRuleForEveryCommand() throws {
        let dir = try Fixtures.temporaryFolder("leftover-fps")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let generated = try CLI.run(["generate", "seagull", "--frames", "2", "--fps", "0.0000116", "-o", "birds"], in: dir)
        #expect(generated.status == 0, "\(generated.stderr)")
        let assembled = try CLI.run(["assemble", "birds", "-o", "birds.gif"], in: dir)
        #expect(assembled.status == 0, "\(assembled.stderr)")
        #expect(assembled.stdout.contains("172413.79 s"), "\(assembled.stdout)")
        // The same play given as a duration is the same play.
        let duration = try CLI.run(["assemble", "birds", "-o", "same.gif", "--duration", "172413.79"], in: dir)
        #expect(duration.status == 0, "\(duration.stderr)")
        // Over a day a frame is refused, with the flag that asked for it.
        let over = try CLI.run(["assemble", "birds", "-o", "over.gif", "--duration", "172801"], in: dir)
        #expect(over.status == 2 && over.stderr.contains("--duration") && over.stderr.contains("172800"), "\(over.stderr)")
    }

    /// Usage mistakes under `--json` are a JSON error object too, for every command (an unknown
    /// generator was the one found printing text; already JSON on this main, kept so).
    @Test(arguments: [["generate", "nosuch", "--json", "-o", "x.gif"], ["generate", "seagul", "--json", "-o", "x.gif"],
                      ["generate", "--json"], ["generate", "seagull", "--json"], ["info", "--json"], ["validate", "--json", "--bogus"],
                      ["assemble", coin, "--json"], ["sheet", "--json"], ["frames", "--json"], ["render", "--json"],
                      ["note", "--json"], ["assemble", coin, "-o", "x.gif", "--fps", "0", "--json"]])
    func usageMistakesUnderJSONAreJSON(arguments: [String]) throws {
        let result = try CLI.run(arguments)
        #expect(result.status == 2, "\(arguments): \(result.stderr)")
        let json = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        #expect(json?["exitCode"] as? Int == 2 && (json?["error"] as? String)?.isEmpty == false, "\(arguments): \(result.stdout)")
    }

    /// `--highlighted` on a source without highlighted frames said "no highlighted frames" and
    /// named nothing: with several sources a user could not tell which. Now the source is named.
    @Test(arguments: [([coin], coin), ([coin + "/gold_1.png", coin + "/gold_4.png"], coin + "/gold_1.png … " + coin + "/gold_4.png")])
    func noHighlightedFramesNamesTheSource(sources: [String], named: String) throws {
        let dir = try Fixtures.temporaryFolder("leftover-highlighted")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let result = try CLI.run(["assemble"] + sources + ["-o", "h.gif", "--highlighted"], in: dir)
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr.hasPrefix("error: \(named) has no highlighted frames (name them with \"highlighted\" in its sequence.json)"),
                "\(result.stderr)")
    }
}
