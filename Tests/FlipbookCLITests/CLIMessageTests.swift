import Foundation
import Testing
import TestSupport

/// Messages a new user meets on day one (issue 32): each names what is wrong and exits as
/// documented. Run in a scratch folder holding an empty folder `empty`.
@Suite("Messages a new user meets")
struct CLIMessageTests {
    @Test(arguments: [
        (["assmble", "x", "-o", "y"], 2, "unknown command 'assmble'; did you mean 'assemble'?"),      // was "Unknown option '-o'"
        (["generate", "--color", "red"], 2, "generate takes a generator first: seagull"),              // was the top-level usage
        (["validate", "FIXTURE_PNG"], 2, "is a file, not a folder of frames"),                         // was an NSCocoaErrorDomain dump
        (["assemble", "Sequences/kenney-robo-walk", "-o", "x.gif"], 3, "Sequences/kenney-robo-walk: no such file or folder"),
        (["info", "empty"], 3, "empty: no PNG, GIF, APNG or WebP files in this folder"),                                   // was nothing, exit 0
        (["sheet", "empty", "-o", "e.png"], 3, "empty: no frames found"),                               // was exit 1
        (["assemble", "empty", "-o", "e.gif"], 3, "empty: no frames found"),
        (["generate", "seagul", "-o", "x.gif"], 2, "unknown generator 'seagul'; did you mean 'seagull'?"),  // was "Unknown option '-o'"
        (["help", "sheeet"], 2, "unknown command 'sheeet'; did you mean 'sheet'?"),                       // was the top-level help, exit 0
        (["frames", "empty", "-o", "out"], 2, "empty is a folder; frames are read from a GIF, an APNG, a WebP or a sheet's data file"), // was "not a regular file"
        (["assemble", "FIXTURE_GIF", "empty", "-o", "g.gif"], 2, "is read on its own"),         // was "no frames found"
        (["validate", "empty", "--output", "r.xml", "--format", "json"], 2, "--output r.xml promises junit"),
        (["validate", "empty", "--output", "r.json", "--format", "sarif"], 2, "--output r.json promises json, not --format sarif"),  // was SARIF in r.json
        (["validate", "empty", "--output", "r.sarif.json", "--format", "json"], 2, "--output r.sarif.json promises sarif, not --format json"),
        (["validate", "empty"], 3, "empty: nothing to validate"),                                          // was exit 0
    ] as [([String], Int32, String)])
    func aMistakeIsNamed(arguments: [String], status: Int32, message: String) throws {
        let dir = try Fixtures.temporaryFolder("messages")
        try FileManager.default.createDirectory(atPath: "\(dir)/empty", withIntermediateDirectories: false)
        let resolved = arguments.map {
            $0 == "FIXTURE_PNG" ? Fixtures.path("sequences/kenney-gold-coin/gold_1.png") : $0 == "FIXTURE_GIF" ? Fixtures.path("gif/giflib/fire.gif") : $0
        }
        let result = try CLI.run(resolved, in: dir)
        #expect(result.status == status, "\(result.stderr)")
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(!result.stderr.contains("NSCocoaErrorDomain"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == ["empty"], "nothing written")
    }

    /// `--json` numbers are numbers (`"sigma": "4.0"` was a string).
    @Test func jsonNumbersAreNumbers() throws {
        let dir = try Fixtures.temporaryFolder("messages")
        let result = try CLI.run(["blur", Fixtures.path("sequences/kenney-gold-coin/gold_1.png"), "-o", "b.png", "--sigma", "4", "--json"], in: dir)
        #expect(result.status == 0, "\(result.stderr)")
        let json = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        let details = try #require(json?["details"] as? [String: Any])
        #expect(details["sigma"] as? Double == 4)
        #expect(details["method"] as? String == "gaussian")
    }

    /// The report's name decides its format; counts of one are singular.
    @Test func reportNamesAndSingulars() throws {
        let dir = try Fixtures.temporaryFolder("messages")
        let coin = Fixtures.path("sequences/kenney-gold-coin")
        #expect(try CLI.run(["validate", coin, "--output", "r.xml"], in: dir).status == 0)
        #expect(try String(contentsOfFile: "\(dir)/r.xml", encoding: .utf8).hasPrefix("<?xml"))
        #expect(try CLI.run(["validate", coin, "--output", "r.json"], in: dir).status == 0)
        #expect(try String(contentsOfFile: "\(dir)/r.json", encoding: .utf8).hasPrefix("{"))
        let one = try CLI.run(["sheet", "\(coin)/gold_1.png", "-o", "one.png"], in: dir)
        #expect(one.stdout.contains("1 sprite,"), "\(one.stdout)")
    }

    /// A hold of identical frames is one frame.duplicate line, not one per frame (703 lines for a
    /// screencast's pauses).
    @Test func aHoldIsOneLine() throws {
        let dir = try Fixtures.temporaryFolder("messages")
        let coin = Fixtures.path("sequences/kenney-gold-coin")
        try FileManager.default.createDirectory(atPath: "\(dir)/hold", withIntermediateDirectories: false)
        let order = [1, 2, 2, 2, 2, 2, 3, 4]   // frames 3…6 hold frame 2
        for (index, source) in order.enumerated() {
            try FileManager.default.copyItem(atPath: "\(coin)/gold_\(source).png", toPath: "\(dir)/hold/coin\(index + 1).png")
        }
        let result = try CLI.run(["validate", "hold", "--deep"], in: dir)
        let lines = result.stdout.split(separator: "\n").filter { $0.contains("frame.duplicate") }
        #expect(lines.count == 1, "\(result.stdout)")
        #expect(lines.first?.contains("coin3.png…coin6.png (4 frames) are identical to coin2.png") == true, "\(result.stdout)")
    }

    /// A GIF corrupt before its first frame leaves no output folder behind (it left an empty one).
    @Test func aCorruptGIFLeavesNoFolder() throws {
        let dir = try Fixtures.temporaryFolder("messages")
        let bytes = try Fixtures.bytes("gif/effects/Effect_Impact.gif")
        let table = bytes[10] & 0x80 != 0 ? 3 * (2 << Int(bytes[10] & 7)) : 0
        try Data(bytes.prefix(13 + table) + [0x2C, 0x00, 0x00] + Array("garbage".utf8)).write(to: URL(fileURLWithPath: "\(dir)/cut.gif"))
        let result = try CLI.run(["frames", "cut.gif", "-o", "out"], in: dir)
        #expect(result.status == 3 && result.stderr.contains("cut.gif"), "\(result.stderr)")
        #expect(!result.stderr.contains("giflib error 0"))
        #expect(!FileManager.default.fileExists(atPath: "\(dir)/out"))
    }

    /// `frames` of a GIF named `@5x` wrote `spin1@5x.png…`, a scale no reader takes: refused as
    /// every reader refuses such a file (exit 3, the loader's words; it was exit 2 with a
    /// setting's "scale is 1…3" and rename advice to `.gif` for an APNG), nothing written.
    @Test func framesOfAnAnimationNamedAtAScaleOutOfRangeAreRefused() throws {
        let dir = try Fixtures.temporaryFolder("messages-scale")
        try Data(try Fixtures.bytes("gif/effects/Effect_Impact.gif")).write(to: URL(fileURLWithPath: "\(dir)/spin@5x.gif"))
        let result = try CLI.run(["frames", "spin@5x.gif", "-o", "out"], in: dir)
        #expect(result.status == 3, "\(result.stderr)")
        #expect(result.stderr.contains("spin@5x.gif is not read: it is named @5x") && result.stderr.contains("spin@3x.gif")
                && !result.stderr.contains("--scale"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: "\(dir)/out"))
    }

    /// With --json a failure is JSON on standard output too (validate on a bad path printed none).
    @Test(arguments: [["validate", "missing", "--json"], ["assemble", "missing", "-o", "x.gif", "--json"], ["info", "missing", "--json"]])
    func failuresAreJSONWithJSON(arguments: [String]) throws {
        let dir = try Fixtures.temporaryFolder("messages")
        let result = try CLI.run(arguments, in: dir)
        #expect(result.status == 3, "\(result.stderr)")
        let json = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        // validate's JSON report names the folder as a folder.unreadable finding, in one object.
        let validated = (json?["findings"] as? [[String: Any]])?.contains { $0["rule"] as? String == "folder.unreadable" } == true
        #expect(json?["exitCode"] as? Int == 3 || json?["errors"] != nil || validated, "\(result.stdout)")
    }
}
