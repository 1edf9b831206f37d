import Foundation
import Raster
import Testing
import TestSupport

/// The third fresh-eyes round's "nothing wrong without a word" findings (issue 43): a JUnit report
/// without the folder that could not be validated, a `sequence.json` whose `name` is a typo
/// ignored by `assemble` and `validate`, and `frames` writing two sprites as `X.png` and `x.png`
/// or `a1.png` and `a01.png`. Each runs the real command on the real `kenney-gold-coin` sequence.
@Suite("Fresh eyes 3: findings said in every report and by every command")
struct FreshEyesThreeTests {
    static let coin = Fixtures.path("sequences/kenney-gold-coin")

    /// Every report format carries a missing folder as `folder.unreadable` (JUnit had 0 tests, 0 failures).
    @Test(arguments: ["text", "json", "sarif", "github", "junit"])
    func everyFormatCarriesAMissingFolder(format: String) throws {
        let dir = try Fixtures.temporaryFolder("fresh-eyes-3")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        for folders in [["nonexist"], [Self.coin, "nonexist"]] {
            let run = try CLI.run(["validate"] + folders + ["--format", format, "-o", "r.out"], in: dir)
            #expect(run.status == 3, "\(run.stderr)")
            let report = try String(contentsOfFile: dir + "/r.out", encoding: .utf8)
            #expect(report.contains("folder.unreadable") && report.contains("nonexist"), "\(format): \(report.prefix(600))")
            if format == "junit" {
                #expect(report.contains(#"tests="\#(folders.count)" failures="1""#), "\(report.prefix(400))")
            }
        }
    }

    /// A `sequence.json` whose `name` no sequence of the folder has is refused by all three readers
    /// alike, naming the file and the prefix it could have meant, as a `highlighted` typo is.
    @Test(arguments: [(["assemble", "cf", "-o", "cfo.gif"], Int32(3)), (["assemble", "cf/gold_1.png", "cf/gold_2.png", "-o", "cfo.gif"], 3),
                      (["sheet", "cf", "-o", "cfs/s.png"], 3), (["validate", "cf"], 1)] as [([String], Int32)])
    func aManifestNamingNoSequenceIsRefusedByEveryReader(arguments: [String], status: Int32) throws {
        let dir = try Fixtures.temporaryFolder("fresh-eyes-3")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.copyItem(atPath: Self.coin, toPath: dir + "/cf")
        try #"{"name": "gold", "fps": 1, "repeatCount": 2}"#.write(toFile: dir + "/cf/sequence.json", atomically: true, encoding: .utf8)
        let run = try CLI.run(arguments, in: dir)
        #expect(run.status == status, "\(run.stdout)\(run.stderr)")
        let said = run.stdout + run.stderr
        // validate's report names the folder in the sequence's line, and the file by its name in the message.
        #expect(said.contains(arguments[0] == "validate" ? "sequence.json: name:" : "cf/sequence.json") && said.contains(#"did you mean "gold_""#),
                "\(said)")
        #expect(!FileManager.default.fileExists(atPath: dir + "/cfo.gif") && !FileManager.default.fileExists(atPath: dir + "/cfs"))
    }

    /// A manifest naming the folder's other sequence still times only that one (documented).
    @Test func aManifestNamingAnotherSequenceOfItsFolderIsKept() throws {
        let dir = try Fixtures.temporaryFolder("fresh-eyes-3")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.copyItem(atPath: Self.coin, toPath: dir + "/cf")
        for number in 1...2 { try FileManager.default.copyItem(atPath: "\(Self.coin)/gold_\(number).png", toPath: "\(dir)/cf/spin\(number).png") }
        try #"{"name": "spin", "fps": 1}"#.write(toFile: dir + "/cf/sequence.json", atomically: true, encoding: .utf8)
        #expect(try CLI.run(["assemble", "cf/gold_", "-o", "g.gif"], in: dir).status == 0)
        #expect(try CLI.run(["validate", "cf"], in: dir).status == 0)
        #expect(try CLI.run(["sheet", "cf", "-o", "s/s.png"], in: dir).status == 0)
    }

    /// Sheet data of two sprites that `frames` would write as one file on macOS and Windows, or as
    /// two files of one frame number, is refused with exit 3 naming both, before DIR exists.
    @Test(arguments: [(["x", "X"], "differ only in case"), (["a1", "a01"], "two files for frame 1 of a"),
                      (["Walk2", "walk02"], "two files for frame 2"), (["a1", "b1"], nil)] as [([String], String?)])
    func spritesThatWouldClashAsFilesAreRefused(names: [String], expected: String?) throws {
        let dir = try Fixtures.temporaryFolder("fresh-eyes-3")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.copyItem(atPath: Self.coin + "/gold_1.png", toPath: dir + "/k.png")
        var frames: [String: Any] = [:]
        for name in names {
            frames[name] = ["frame": ["x": 0, "y": 0, "w": 10, "h": 10], "rotated": false, "trimmed": false,
                            "spriteSourceSize": ["x": 0, "y": 0, "w": 10, "h": 10], "sourceSize": ["w": 10, "h": 10]]
        }
        let page = try PNG.Decoder().decodeBitmap(file: dir + "/k.png")
        let data = ["frames": frames, "meta": ["image": "k.png", "size": ["w": page.width, "h": page.height], "scale": "1"]] as [String: Any]
        try JSONSerialization.data(withJSONObject: data).write(to: URL(fileURLWithPath: dir + "/d.json"))
        let run = try CLI.run(["frames", "d.json", "-o", "out"], in: dir)
        guard let expected else {
            #expect(run.status == 0, "\(run.stderr)")
            #expect(try FileManager.default.contentsOfDirectory(atPath: dir + "/out").filter { $0.hasSuffix(".png") }.count == 2)
            return
        }
        #expect(run.status == 3, "\(run.stderr)")
        #expect(run.stderr.contains(expected) && names.allSatisfy { run.stderr.contains("\"\($0)\"") }, "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir + "/out"))
    }
}

/// `frames --prefix` with a `~device` or another `@Nx` than the input's wrote `x1.png…` without a
/// word (fresh eyes 3, L6); `sheet --trim-margin` out of range named the Swift setting (L3).
@Suite("Fresh eyes 3: what a flag asked for and did not get is said")
struct FreshEyesThreeFlagTests {
    // `x~ipad@2x` (device before scale) kept `~ipad` in the names (fresh eyes round 10).
    @Test(arguments: [("x~ipad", "~ipad left out"), ("x@3x", "@3x left out"), ("x", nil), ("x@1x", nil),
                      ("x~ipad@2x", "~ipad and @2x left out"), ("x@2x~ipad", "~ipad and @2x left out")] as [(String, String?)])
    func aPrefixPartLeftOutIsSaid(prefix: String, expected: String?) throws {
        let dir = try Fixtures.temporaryFolder("fresh-eyes-3")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let run = try CLI.run(["frames", Fixtures.path("gif/effects/Effect_SmallHit.gif"), "--prefix", prefix, "-o", "out"], in: dir)
        #expect(run.status == 0, "\(run.stderr)")
        let pngs = try FileManager.default.contentsOfDirectory(atPath: dir + "/out").filter { $0.hasSuffix(".png") }
        #expect(!pngs.isEmpty && pngs.allSatisfy { $0.hasPrefix("x") && !$0.contains("~") && !$0.contains("@") }, "\(pngs)")
        if let expected {
            #expect(run.stderr.contains("warning: --prefix \"\(prefix)\": \(expected)"), "\(run.stderr)")
        } else {
            #expect(!run.stderr.contains("warning"), "\(run.stderr)")
        }
    }

    /// A whole number too large for the file's range is out of range, not "expected a whole number" (L3).
    @Test(arguments: ["9223372036854775807", "-9223372036854775808", "1e300"])
    func aHugeWholeNumberIsOutOfRange(number: String) throws {
        let dir = try Fixtures.temporaryFolder("fresh-eyes-3")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.copyItem(atPath: Fixtures.path("sequences/kenney-gold-coin"), toPath: dir + "/cf")
        try #"{"repeatCount": \#(number)}"#.write(toFile: dir + "/cf/sequence.json", atomically: true, encoding: .utf8)
        let run = try CLI.run(["assemble", "cf", "-o", "c.gif"], in: dir)
        #expect(run.status == 3, "\(run.stderr)")
        #expect(run.stderr.contains("cf/sequence.json") && run.stderr.contains("repeatCount") && run.stderr.contains("2^53")
                && !run.stderr.contains("expected a whole number"), "\(run.stderr)")
    }

    /// `sheet` leaves a `~ipad` file out and says so (it was silent; L7).
    @Test func aDeviceFileLeftOutOfASheetIsSaid() throws {
        let dir = try Fixtures.temporaryFolder("fresh-eyes-3")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.copyItem(atPath: Fixtures.path("sequences/kenney-gold-coin"), toPath: dir + "/w")
        try FileManager.default.copyItem(atPath: dir + "/w/gold_2.png", toPath: dir + "/w/gold_2~ipad.png")
        let run = try CLI.run(["sheet", "w", "-o", "s/s.png", "--json"], in: dir)
        #expect(run.status == 0, "\(run.stderr)")
        #expect((run.stdout + run.stderr).contains("1 ~ipad file left out (w/gold_2~ipad.png)"), "\(run.stdout)\(run.stderr)")
        let plain = try CLI.run(["sheet", Fixtures.path("sequences/kenney-gold-coin"), "-o", "t/t.png"], in: dir)
        #expect(plain.status == 0 && !plain.stderr.contains("left out"), "\(plain.stderr)")
    }

    @Test func trimMarginIsNamedAsTheFlag() throws {
        let dir = try Fixtures.temporaryFolder("fresh-eyes-3")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let run = try CLI.run(["sheet", Fixtures.path("sequences/kenney-gold-coin"), "--trim", "--trim-margin", "99999999", "-o", "s/s.png"], in: dir)
        #expect(run.status != 0)
        #expect(run.stderr.contains("--trim-margin") && !run.stderr.contains("SheetBuilder"), "\(run.stderr)")
    }
}
