import Foundation
import Raster
import Testing
import TestSupport

/// Issue 31's scenarios, each as a new user met it: outputs over inputs, reruns into the same
/// folder, names ending in a digit, data names given to `-o`, special files, names that promise
/// another format. Every case runs the real command on real fixtures.
@Suite("Output contract (commands)")
struct OutputContractCommandTests {
    /// A scratch folder holding a copy of the fixture sequence `sequence` as `folder`.
    static func scratch(copying sequence: String = "kenney-gold-coin", as folder: String = "ov") throws -> String {
        let dir = try Fixtures.temporaryFolder("contract-cli")
        try FileManager.default.copyItem(atPath: Fixtures.path("sequences/\(sequence)"), toPath: "\(dir)/\(folder)")
        return dir
    }

    /// Every regular file below `dir` with its bytes, by relative path (Flipbook's hidden record too).
    static func snapshot(_ dir: String) throws -> [String: Data] {
        var files: [String: Data] = [:]
        let enumerator = FileManager.default.enumerator(atPath: dir)
        while let name = enumerator?.nextObject() as? String {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: "\(dir)/\(name)", isDirectory: &isDirectory), !isDirectory.boolValue {
                files[name] = FileManager.default.contents(atPath: "\(dir)/\(name)")
            }
        }
        return files
    }

    /// The visible file names of a folder, sorted.
    static func names(_ dir: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: dir).filter { !$0.hasPrefix(".") }.sorted()
    }

    static let coin = "ov/gold_2.png"

    /// Arguments with the placeholders for real fixtures filled in.
    static func resolve(_ arguments: [String]) -> [String] {
        arguments.map {
            switch $0 {
            case "FIXTURE_GIF": Fixtures.path("gif/giflib/fire.gif")
            case "FIXTURE_SEQ": Fixtures.path("sequences/kenney-gold-coin")
            case "FIXTURE_PNG": Fixtures.path("sequences/kenney-gold-coin/gold_1.png")
            default: $0
            }
        }
    }

    /// Outputs that resolve to an input, for every input form: exit 2, every file as it was.
    @Test(arguments: [
        ["assemble", "ov", "-o", "link.gif"],                  // a folder; -o a symbolic link to a frame
        ["assemble", "ov/gold_", "-o", "hard.gif"],            // a prefix; -o a hard link to a frame
        ["assemble", "ov/gold_1.png", "ov/gold_2.png", "-o", "link.gif"],  // files
        ["sheet", "ov", "-o", "link.png"],                     // a sheet page over a frame
        ["sheet", "ov", "-o", "s.png", "--data", "link.json"],  // data named over a frame (through a link)
        ["blur", "ov/gold_2.png", "-o", "hard.png", "--sigma", "2"],
        ["resize", "ov/gold_2.png", "-o", "ov/gold_2.png", "--scale", "2"],
        ["slice", "ov/gold_2.png", "-o", "link.png", "--insets", "4,4,4,4", "--size", "80x80"],
        ["validate", "ov", "--format", "json", "--output", "link.json"],  // a report over a frame it checks (through a link)
    ])
    func anOutputOverAnInputIsRefused(arguments: [String]) throws {
        let dir = try Self.scratch()
        try FileManager.default.createSymbolicLink(atPath: "\(dir)/link.gif", withDestinationPath: Self.coin)
        try FileManager.default.createSymbolicLink(atPath: "\(dir)/link.png", withDestinationPath: Self.coin)
        try FileManager.default.createSymbolicLink(atPath: "\(dir)/link.json", withDestinationPath: Self.coin)
        try FileManager.default.linkItem(atPath: "\(dir)/\(Self.coin)", toPath: "\(dir)/hard.gif")
        try FileManager.default.linkItem(atPath: "\(dir)/\(Self.coin)", toPath: "\(dir)/hard.png")
        let before = try Self.snapshot(dir)
        let result = try CLI.run(arguments, in: dir)
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr.contains("is the input"), "\(result.stderr)")
        #expect(try Self.snapshot(dir) == before)
    }

    /// `frames SHEET.json -o DIR` where the sheet's page is in DIR under a frame's name.
    @Test func unpackingASheetOverItsOwnPageIsRefused() throws {
        let dir = try Self.scratch(copying: "gameart2d-dino-jump", as: "seq")
        // The sheet's frames are jump-1, jump-6, jump-11: name its page after one of them.
        #expect(try CLI.run(["sheet", "seq", "-o", "ov2/jump-6.png"], in: dir).status == 0)
        let page = try Data(contentsOf: URL(fileURLWithPath: "\(dir)/ov2/jump-6.png"))
        let result = try CLI.run(["frames", "ov2/jump-6.json", "-o", "ov2"], in: dir)
        #expect(result.status == 2 && result.stderr.contains("is the input"), "\(result.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: "\(dir)/ov2/jump-6.png")) == page)
    }

    /// Reruns with fewer frames or pages leave exactly the new set, and the user's own files.
    @Test func generateRerunWithFewerFramesLeavesExactlyTheNewSet() throws {
        let dir = try Fixtures.temporaryFolder("contract-cli")
        try FileManager.default.createDirectory(atPath: "\(dir)/gg", withIntermediateDirectories: false)
        try "mine".write(toFile: "\(dir)/gg/notes.txt", atomically: true, encoding: .utf8)
        try FileManager.default.copyItem(atPath: Fixtures.path("sequences/kenney-gold-coin/gold_1.png"), toPath: "\(dir)/gg/my-own.png")
        #expect(try CLI.run(["generate", "seagull", "--frames", "12", "-o", "gg"], in: dir).status == 0)
        #expect(try CLI.run(["generate", "seagull", "--frames", "4", "-o", "gg"], in: dir).status == 0)
        #expect(try Self.names("\(dir)/gg") == ["my-own.png", "notes.txt", "seagull1.png", "seagull2.png", "seagull3.png", "seagull4.png",
                                                "sequence.json"])
        let validate = try CLI.run(["validate", "gg"], in: dir)
        #expect(validate.stdout.contains("4 frames (1–4)"), "\(validate.stdout)")
    }

    @Test func framesRerunFromAShorterGIFLeavesExactlyTheNewSet() throws {
        let dir = try Fixtures.temporaryFolder("contract-cli")
        let long = Fixtures.path("gif/giflib/fire.gif"), short = Fixtures.path("gif/effects/Effect_SmallHit.gif")
        #expect(try CLI.run(["frames", long, "-o", "fr", "--prefix", "fire"], in: dir).status == 0)
        #expect(try Self.names("\(dir)/fr").count == 33 + 1)
        #expect(try CLI.run(["frames", short, "-o", "fr", "--prefix", "fire"], in: dir).status == 0)
        #expect(try Self.names("\(dir)/fr") == ((1...24).map { "fire\($0).png" } + ["sequence.json"]).sorted())
        #expect(try CLI.run(["assemble", "fr", "-o", "again.gif"], in: dir).status == 0)
    }

    @Test func aSheetRepackedOntoFewerPagesLeavesNoOldPage() throws {
        let dir = try Self.scratch(copying: "ansimuz-fire-bomb-pixel", as: "fx")
        #expect(try CLI.run(["sheet", "fx", "-o", "s/s.png", "--max-size", "128"], in: dir).status == 0)
        let paged = try Self.names("\(dir)/s")
        #expect(paged.count > 4 && paged.contains("s-3.png"), "\(paged)")
        #expect(try CLI.run(["sheet", "fx", "-o", "s/s.png"], in: dir).status == 0)
        #expect(try Self.names("\(dir)/s") == ["s.json", "s.png"])
    }

    /// A file the user made under a name the tool derives is never replaced.
    @Test func aUsersFileUnderAGeneratedNameIsNotReplaced() throws {
        let dir = try Fixtures.temporaryFolder("contract-cli")
        try FileManager.default.createDirectory(atPath: "\(dir)/gg2", withIntermediateDirectories: false)
        try FileManager.default.copyItem(atPath: Fixtures.path("sequences/kenney-gold-coin/gold_1.png"), toPath: "\(dir)/gg2/seagull1.png")
        let before = try Self.snapshot(dir)
        let result = try CLI.run(["generate", "seagull", "--frames", "3", "-o", "gg2"], in: dir)
        #expect(result.status == 2 && result.stderr.contains("gg2/seagull1.png exists and Flipbook did not write it"), "\(result.stderr)")
        #expect(try Self.snapshot(dir) == before)
        // A sheet's data file named after the page is derived too.
        try "{\"my\": \"game data\"}".write(toFile: "\(dir)/robot.json", atomically: true, encoding: .utf8)
        let sheet = try CLI.run(["sheet", Fixtures.path("sequences/kenney-gold-coin"), "-o", "robot.png"], in: dir)
        #expect(sheet.status == 2 && sheet.stderr.contains("robot.json exists and Flipbook did not write it"), "\(sheet.stderr)")
        #expect(sheet.stderr.contains("give --overwrite to replace it"), "\(sheet.stderr)")
        #expect(!FileManager.default.fileExists(atPath: "\(dir)/robot.png"))
        // With --overwrite the derived data name is replaced too (it was refused: --overwrite
        // covered -o and --data only; found by a new-user round).
        let again = try CLI.run(["sheet", Fixtures.path("sequences/kenney-gold-coin"), "-o", "robot.png", "--overwrite"], in: dir)
        #expect(again.status == 0, "\(again.stderr)")
        #expect(try String(contentsOfFile: "\(dir)/robot.json", encoding: .utf8).contains("\"frames\""))
    }

    /// `frames orc1.gif` and `frames orc2.gif` into one folder: the frames do not run together.
    @Test func namesEndingInADigitGetASeparator() throws {
        let dir = try Fixtures.temporaryFolder("contract-cli")
        #expect(try CLI.run(["assemble", Fixtures.path("sequences/kenney-gold-coin"), "-o", "orc1.gif"], in: dir).status == 0)
        #expect(try CLI.run(["assemble", Fixtures.path("sequences/gameart2d-dino-jump"), "-o", "orc2.gif"], in: dir).status == 0)
        #expect(try CLI.run(["frames", "orc1.gif", "-o", "chars"], in: dir).status == 0)
        #expect(try Self.names("\(dir)/chars") == ["orc1_1.png", "orc1_2.png", "orc1_3.png", "orc1_4.png", "sequence.json"])
        let timing = try Data(contentsOf: URL(fileURLWithPath: "\(dir)/chars/sequence.json"))
        // The second character's timing cannot share the folder's one sequence.json: refused, nothing written.
        let second = try CLI.run(["frames", "orc2.gif", "-o", "chars"], in: dir)
        #expect(second.status == 2 && second.stderr.contains("chars/sequence.json belongs to another set of files Flipbook wrote into this folder (the frames orc1_… in chars)"), "\(second.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: "\(dir)/chars/sequence.json")) == timing)
        #expect(try CLI.run(["frames", "orc2.gif", "-o", "chars2"], in: dir).status == 0)
        #expect(try CLI.run(["validate", "chars", "chars2"], in: dir).status == 0)
        let sheet = try CLI.run(["sheet", "chars", "chars2", "-o", "both.png", "--json"], in: dir)
        let data = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: "\(dir)/both.json"))) as? [String: Any]
        let animations = try #require(data?["animations"] as? [String: [String]], "\(sheet.stderr)")
        #expect(animations.keys.sorted() == ["orc1", "orc2"])
        #expect(animations["orc1"]?.count == 4)
        // The user copies the second character beside the first: the folder's sequence.json names
        // orc1_ and does not time orc2_ (it used to, and its four durations failed orc2_'s three frames).
        for name in try Self.names("\(dir)/chars2") where name.hasSuffix(".png") {
            try FileManager.default.copyItem(atPath: "\(dir)/chars2/\(name)", toPath: "\(dir)/chars/\(name)")
        }
        let mixed = try CLI.run(["assemble", "chars/orc2_", "-o", "orc2-again.gif"], in: dir)
        #expect(mixed.status == 0, "\(mixed.stderr)")
        #expect(try CLI.run(["validate", "chars"], in: dir).status == 0)
    }

    @Test(arguments: [("godot4", "tele.tres", ["tele.png", "tele.tres"]), ("libgdx", "tele.atlas", ["tele.atlas", "tele.png"]),
                      ("pixi", "tele.json", ["tele.json", "tele.png"])])
    func aDataNameGivenToOIsTheDataFile(engine: String, output: String, expected: [String]) throws {
        let dir = try Fixtures.temporaryFolder("contract-cli")
        let result = try CLI.run(["sheet", Fixtures.path("sequences/kenney-gold-coin"), "-o", "gd/\(output)", "--engine", engine], in: dir)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try Self.names("\(dir)/gd") == expected)
    }

    /// A FIFO named like a frame never hangs a command: it is not a regular file.
    @Test(arguments: [["info", "ov"], ["validate", "ov", "--deep"], ["assemble", "ov", "-o", "out.gif"]])
    func aFIFOAmongTheFramesIsRefusedNotWaitedOn(arguments: [String]) throws {
        let dir = try Self.scratch()
        #expect(mkfifo("\(dir)/ov/gold_5.png", 0o644) == 0)
        let result = try CLI.run(["/usr/bin/timeout", "20", CLI.executable.path] + arguments, in: dir, through: ["/usr/bin/env"])
        #expect(result.status != 124, "timed out")
        #expect(result.status == (arguments[0] == "validate" ? 1 : 3), "\(result.stdout)\(result.stderr)")
        #expect((result.stdout + result.stderr).contains("not a regular file"), "\(result.stdout)\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: "\(dir)/out.gif"))
    }

    @Test func aSymlinkLoopIsVisitedOnce() throws {
        let dir = try Self.scratch()
        try FileManager.default.createSymbolicLink(atPath: "\(dir)/ov/loop", withDestinationPath: "..")
        let result = try CLI.run(["validate", ".", "--format", "json"], in: dir)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.components(separatedBy: "\"gold_").count - 1 >= 1)
        let text = try CLI.run(["validate", "."], in: dir)
        #expect(text.stdout.contains("1 sequence, 4 files"), "\(text.stdout)")
    }

    /// Names that promise what the command cannot write: exit 2, nothing made.
    @Test(arguments: [
        ["generate", "seagull", "-o", "gull.jpg"],
        ["generate", "seagull", "-o", "-"],
        ["frames", "FIXTURE_GIF", "-o", "-"],
        ["frames", "FIXTURE_GIF", "-o", "frames.png"],
        ["sheet", "FIXTURE_SEQ", "-o", "-"],
        ["sheet", "FIXTURE_SEQ", "-o", "s.gif"],
        ["assemble", "FIXTURE_SEQ", "-o", "out.mp4"],
        ["assemble", "FIXTURE_SEQ", "-o", "out.jpg"],
        ["assemble", "FIXTURE_SEQ", "-o", "out.png", "--format", "gif"],
        ["assemble", "FIXTURE_SEQ", "-o", "out"],
        ["blur", "FIXTURE_PNG", "-o", "out.jpg", "--sigma", "2"],
    ])
    func aNamePromisingAnotherFormatIsRefused(arguments: [String]) throws {
        let dir = try Fixtures.temporaryFolder("contract-cli")
        let resolved = Self.resolve(arguments)
        let result = try CLI.run(resolved, in: dir)
        #expect(result.status == 2, "\(result.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).isEmpty)
    }

    /// A name without an extension is written in the format `--format` names, as docs/CLI.md says
    /// (fresh eyes: `-o anim --format gif` was refused, "name it .gif", where apng and webp worked).
    @Test(arguments: [("gif", [0x47, 0x49, 0x46, 0x38, 0x39, 0x61]), ("apng", [0x89, 0x50, 0x4E, 0x47]), ("webp", [0x52, 0x49, 0x46, 0x46])] as [(String, [UInt8])])
    func aNameWithoutAnExtensionTakesTheFormatGiven(format: String, signature: [UInt8]) throws {
        let dir = try Fixtures.temporaryFolder("contract-cli")
        let result = try CLI.run(Self.resolve(["assemble", "FIXTURE_SEQ", "-o", "anim", "--format", format]), in: dir)
        #expect(result.status == 0, "\(result.stderr)")
        let bytes = try #require(FileManager.default.contents(atPath: dir + "/anim"))
        #expect(Array(bytes.prefix(signature.count)) == signature)
    }

    /// `-o -` where one file makes sense: the file on standard output, the summary on standard error.
    @Test(arguments: [(["assemble", "FIXTURE_SEQ", "-o", "-"], [0x47, 0x49, 0x46, 0x38, 0x39, 0x61]),
                      (["assemble", "FIXTURE_SEQ", "-o", "-", "--format", "apng"], [0x89, 0x50, 0x4E, 0x47]),
                      (["resize", "FIXTURE_PNG", "-o", "-", "--scale", "2"], [0x89, 0x50, 0x4E, 0x47])])
    func standardOutputTakesASingleFile(arguments: [String], signature: [UInt8]) throws {
        let dir = try Fixtures.temporaryFolder("contract-cli")
        let resolved = Self.resolve(arguments)
        let result = try CLI.run(resolved, in: dir)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(Array(result.stdoutBytes.prefix(signature.count)) == signature)
        #expect(result.stderr.contains("-: "), "\(result.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).isEmpty)
    }

    /// Running the same command again into the same output replaces it.
    @Test(arguments: [["assemble", "FIXTURE_SEQ", "-o", "out.gif"], ["assemble", "FIXTURE_SEQ", "-o", "out.png"], ["blur", "FIXTURE_PNG", "-o", "out.png", "--sigma", "2"],
                      ["sheet", "FIXTURE_SEQ", "-o", "out.png", "--engine", "godot4"], ["frames", "FIXTURE_GIF", "-o", "out"]])
    func aRerunReplacesItsOwnOutput(arguments: [String]) throws {
        let dir = try Fixtures.temporaryFolder("contract-cli")
        let resolved = Self.resolve(arguments)
        #expect(try CLI.run(resolved, in: dir).status == 0)
        let first = try Self.snapshot(dir)
        let again = try CLI.run(resolved, in: dir)
        #expect(again.status == 0, "\(again.stderr)")
        #expect(try Self.snapshot(dir) == first)
    }

    /// What a new user's trial found after the contract landed: each step is (arguments, the exit
    /// status expected), run in order in one scratch folder holding `ex` (a copy of a real
    /// sequence with a sequence.json) and `coin`; nothing in `ex` may change.
    @Test(arguments: [
        // generate scatter --images DIR -o DIR/one of its images
        [(["generate", "scatter", "--images", "coin", "-o", "coin/gold_1.png"], 2)],
        // the sequence.json a command reads, as a data name, a --data name, a report
        [(["sheet", "ex", "-o", "ex/sequence.json"], 2), (["sheet", "ex", "-o", "s/x.png", "--data", "ex/sequence.json"], 2),
         (["validate", "ex", "--output", "ex/sequence.json"], 2), (["validate", "ex", "--output", "ex/gold_1.png"], 2)],
        // a prefix that leaves the folder
        [(["frames", "FIXTURE_GIF", "-o", "out", "--prefix", "../fire"], 2), (["frames", "FIXTURE_GIF", "-o", "out", "--prefix", ".hid"], 2)],
        // a file of another set Flipbook wrote, even when named outright
        [(["frames", "FIXTURE_GIF", "-o", "d5"], 0), (["sheet", "coin", "-o", "d5/fire1.png"], 2),
         (["blur", "coin/gold_1.png", "-o", "d5/fire2.png", "--sigma", "2"], 2), (["validate", "d5"], 0)],
        // two sheets with the same file name are two sets: unpacking the second beside the first
        // keeps the first (it used to remove it as its own older set)
        [(["sheet", "ex", "-o", "a/hero.png"], 0), (["sheet", "coin", "-o", "b/hero.png"], 0), (["frames", "a/hero.json", "-o", "d6"], 0),
         (["frames", "b/hero.json", "-o", "d6"], 0), (["assemble", "d6/gold_", "-o", "c.gif"], 0),
         (["assemble", "d6/explosion02HD-frame", "-o", "e.gif"], 0)],
        // Flipbook's own record is not an output name
        [(["sheet", "coin", "-o", "out/.flipbook-outputs.json"], 2), (["validate", "ex", "--output", ".flipbook-outputs.json"], 2)],
    ] as [[([String], Int32)]])
    func whatANewUserFoundIsRefused(steps: [([String], Int32)]) throws {
        let dir = try Self.scratch(copying: "unity-explosion02hd-fadeout", as: "ex")
        try FileManager.default.copyItem(atPath: Fixtures.path("sequences/kenney-gold-coin"), toPath: "\(dir)/coin")
        try "{\"fps\": 24}\n".write(toFile: "\(dir)/ex/sequence.json", atomically: true, encoding: .utf8)
        let before = try Self.snapshot("\(dir)/ex").merging(Self.snapshot("\(dir)/coin").map { ("coin/" + $0, $1) }) { a, _ in a }
        for (arguments, status) in steps {
            let result = try CLI.run(Self.resolve(arguments), in: dir)
            #expect(result.status == status, "\(arguments): \(result.stderr)")
        }
        let after = try Self.snapshot("\(dir)/ex").merging(Self.snapshot("\(dir)/coin").map { ("coin/" + $0, $1) }) { a, _ in a }
        #expect(after == before)
        #expect(!FileManager.default.fileExists(atPath: "\(dir)/fire1.png"), "nothing written outside the folder")
    }

    /// The second new-user trial: empty and over-long names, folder settings as outputs, a user's
    /// frame of the same prefix, reruns into the source folder.
    @Test(arguments: [
        [(["generate", "seagull", "--frames", "2", "-o", ""], 2), (["frames", "FIXTURE_GIF", "-o", ""], 2), (["sheet", "coin", "-o", ""], 2),
         (["sheet", "coin", "-o", "x.png", "--data", "-"], 2), (["sheet", "coin", "-o", "x.png", "--data", "d/"], 2)],
        [(["validate", "coin", "--output", "coin/sequence.json"], 2), (["validate", "coin", "--output", "coin/.flipbook.json"], 2),
         (["sheet", "coin", "-o", "coin/sequence.png"], 2), (["validate", "coin"], 0)],
        [(["generate", "seagull", "--frames", "2", "-o", "long", "--name", String(repeating: "w", count: 252)], 2)],
        // a user's frame of the same prefix in the folder: the set would read back mixed with it
        [(["frames", "coin/gold_1.png", "-o", "x"], 3), (["generate", "seagull", "--frames", "3", "-o", "coin", "--name", "gold_"], 2)],
        // a sheet written into its source folder can be written again
        [(["sheet", "coin", "-o", "coin/sheet.png"], 0), (["sheet", "coin", "-o", "coin/sheet.png"], 0)],
    ] as [[([String], Int32)]])
    func whatASecondTrialFoundIsRefused(steps: [([String], Int32)]) throws {
        let dir = try Fixtures.temporaryFolder("contract-cli")
        try FileManager.default.copyItem(atPath: Fixtures.path("sequences/kenney-gold-coin"), toPath: "\(dir)/coin")
        let before = try Self.snapshot("\(dir)/coin").filter { !$0.key.hasPrefix("sheet") && !$0.key.hasPrefix(".flipbook") }
        for (arguments, status) in steps {
            let result = try CLI.run(Self.resolve(arguments), in: dir)
            #expect(result.status == status, "\(arguments): \(result.stderr)")
        }
        let after = try Self.snapshot("\(dir)/coin").filter { !$0.key.hasPrefix("sheet") && !$0.key.hasPrefix(".flipbook") }
        #expect(after == before)
    }

    /// `-o s@2x.png --scales 1,2` writes s.png and s@2x.png (was s@2x.png and s@2x@2x.png), and
    /// --max-size bounds the @2x pages.
    @Test func scaledSheetNamesAndSizes() throws {
        let dir = try Fixtures.temporaryFolder("contract-cli")
        let spinner = Fixtures.path("sequences/emt-watch-spinner-2x")
        #expect(try CLI.run(["sheet", spinner, "-o", "a/s@2x.png", "--scales", "1,2"], in: dir).status == 0)
        #expect(try Self.names("\(dir)/a") == ["s.json", "s.png", "s@2x.json", "s@2x.png"])
        #expect(try CLI.run(["sheet", spinner, "-o", "b/s.png", "--scales", "1,2", "--max-size", "200"], in: dir).status == 0)
        for name in try Self.names("\(dir)/b") where name.hasSuffix("@2x.png") {
            let page = try PNG.Decoder().decodeBitmap(file: "\(dir)/b/\(name)")
            #expect(page.width <= 200 && page.height <= 200, "\(name): \(page.width)×\(page.height)")
        }
    }

    /// `--data` in another folder names the page by a path from the data (it wrote "s.png", which
    /// neither `frames` nor an engine found). Engines follow it; `frames` reads pages only from the
    /// data file's folder and below (issue 43), so it refuses the `..`, naming the data file and
    /// the path, and reads the same data once it sits beside its page.
    @Test(arguments: [("json-hash", "b/s.json"), ("libgdx", "b/s.atlas"), ("godot4", "b/deep/s.tres")])
    func dataInAnotherFolderNamesItsPage(format: String, data: String) throws {
        let dir = try Fixtures.temporaryFolder("contract-cli")
        let made = try CLI.run(["sheet", Fixtures.path("sequences/kenney-gold-coin"), "-o", "a/s.png", "--data", data, "--format", format], in: dir)
        #expect(made.status == 0, "\(made.stderr)")
        let text = try String(contentsOfFile: "\(dir)/\(data)", encoding: .utf8)
        #expect(text.contains(data.hasPrefix("b/deep") ? "../../a/s.png" : "../a/s.png"), "\(text.prefix(400))")
        let refused = try CLI.run(["frames", data, "-o", "back"], in: dir)
        let page = data.hasPrefix("b/deep") ? "../../a/s.png" : "../a/s.png"
        #expect(refused.status == 3 && refused.stderr.contains(data) && refused.stderr.contains("\"\(page)\" has a .. component"), "\(refused.stderr)")
        #expect(!FileManager.default.fileExists(atPath: "\(dir)/back"))
        let beside = "a/" + URL(fileURLWithPath: data).lastPathComponent
        try text.replacingOccurrences(of: page, with: "s.png").write(toFile: "\(dir)/\(beside)", atomically: true, encoding: .utf8)
        let back = try CLI.run(["frames", beside, "-o", "back"], in: dir)
        #expect(back.status == 0, "\(back.stderr)")
        #expect(try Self.names("\(dir)/back").count == 4)
    }

    /// A file named with -o that Flipbook did not write is the user's: refused without --overwrite
    /// (assemble, sheet, generate, blur, validate's report replaced it silently), replaced with it,
    /// and Flipbook's own earlier output is replaced on a rerun either way.
    @Test(arguments: [["assemble", "FIXTURE_SEQ", "-o", "user.gif"], ["sheet", "FIXTURE_SEQ", "-o", "user.png"],
                      ["generate", "seagull", "--frames", "3", "-o", "user.gif"], ["generate", "seagull", "--frames", "1", "-o", "user.png"],
                      ["blur", "FIXTURE_PNG", "-o", "user.png", "--sigma", "2"], ["validate", "FIXTURE_SEQ", "--output", "user.json"]])
    func aUsersFileNamedWithOIsKeptUnlessOverwrite(arguments: [String]) throws {
        let dir = try Fixtures.temporaryFolder("contract-cli")
        let output = arguments[arguments.firstIndex { $0 == "-o" || $0 == "--output" }! + 1]
        try "mine".write(toFile: "\(dir)/\(output)", atomically: true, encoding: .utf8)
        let refused = try CLI.run(Self.resolve(arguments), in: dir)
        #expect(refused.status == 2 && refused.stderr.contains("--overwrite"), "\(refused.stderr)")
        let mine = Data("mine".utf8)
        #expect(FileManager.default.contents(atPath: "\(dir)/\(output)") == mine)
        #expect(try CLI.run(Self.resolve(arguments) + ["--overwrite"], in: dir).status == 0)
        #expect(FileManager.default.contents(atPath: "\(dir)/\(output)") != mine)
        #expect(try CLI.run(Self.resolve(arguments), in: dir).status == 0, "a rerun replaces Flipbook's own file")
    }

    /// An edited record cannot make Flipbook remove a file outside the folder (names are plain or ignored).
    @Test func anEditedRecordCannotReachOutsideTheFolder() throws {
        let dir = try Fixtures.temporaryFolder("contract-cli")
        try "notes".write(toFile: "\(dir)/notes.txt", atomically: true, encoding: .utf8)
        #expect(try CLI.run(["frames", Fixtures.path("gif/giflib/fire.gif"), "-o", "out"], in: dir).status == 0)
        let record = "\(dir)/out/.flipbook-outputs.json"
        var text = try String(contentsOfFile: record, encoding: .utf8)
        // An entry for ../notes.txt with its true size and CRC-32 (of "notes"), as a tampered
        // record shipped inside a downloaded folder would have it.
        text = text.replacingOccurrences(of: "\"files\" : [", with: "\"files\" : [{\"crc32\": 18589324, \"name\": \"../notes.txt\", \"size\": 5},")
        try text.write(toFile: record, atomically: true, encoding: .utf8)
        #expect(try CLI.run(["frames", Fixtures.path("gif/effects/Effect_SmallHit.gif"), "-o", "out", "--prefix", "fire"], in: dir).status == 0)
        #expect(try String(contentsOfFile: "\(dir)/notes.txt", encoding: .utf8) == "notes")
    }

    /// A one-frame PNG after a sheet of the same name replaces the sheet's data too.
    @Test func generateOneFrameOverItsOwnSheetLeavesNoData() throws {
        let dir = try Fixtures.temporaryFolder("contract-cli")
        #expect(try CLI.run(["generate", "seagull", "--frames", "4", "-o", "g.png"], in: dir).status == 0)
        #expect(try Self.names(dir) == ["g.json", "g.png"])
        #expect(try CLI.run(["generate", "seagull", "--frames", "1", "-o", "g.png"], in: dir).status == 0)
        #expect(try Self.names(dir) == ["g.png"])
    }

    /// Sets committed into one folder at the same time keep each other's record entries: each
    /// can be rerun afterwards.
    @Test func concurrentSetsInOneFolderKeepTheirRecords() throws {
        let dir = try Fixtures.temporaryFolder("contract-cli")
        let sources = ["kenney-gold-coin", "gameart2d-dino-jump", "ansimuz-fire-bomb-pixel", "unity-explosion02hd-fadeout"]
        for _ in 0..<3 {
            let group = DispatchGroup()
            let statuses = Statuses()
            for (index, source) in sources.enumerated() {
                DispatchQueue.global().async(group: group) {
                    let status = (try? CLI.run(["sheet", Fixtures.path("sequences/\(source)"), "-o", "par/s\(index).png"], in: dir))?.status ?? -1
                    statuses.append(status)
                }
            }
            group.wait()
            #expect(statuses.values == [0, 0, 0, 0])
        }
    }

    /// `validate --output -` is standard output, as for every other command.
    @Test func validateOutputDashIsStandardOutput() throws {
        let dir = try Self.scratch()
        let result = try CLI.run(["validate", "ov", "--output", "-", "--format", "json"], in: dir)
        #expect(result.status == 0 && result.stdout.hasPrefix("{"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: "\(dir)/-"))
    }
}

/// Exit statuses gathered from several threads.
private final class Statuses: @unchecked Sendable {
    private let lock = NSLock()
    private var list: [Int32] = []
    func append(_ status: Int32) { lock.withLock { list.append(status) } }
    var values: [Int32] { lock.withLock { list } }
}
