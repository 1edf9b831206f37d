#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import Testing
import TestSupport

/// What fresh eyes round 65b found still open in session 35, fixed in session 36: said, not silent.
@Suite("Fresh eyes 65b, rest: long GIF frames, palette loss, nested settings, a held folder, odd names")
struct FreshEyesSixtySixTests {
    static let coin = Fixtures.path("sequences/kenney-gold-coin")
    static let dino = Fixtures.path("sequences/gameart2d-dino-jump")

    static func folder(_ name: String) throws -> String { try Fixtures.temporaryFolder(name) }

    /// F3: 4 frames in, "137 frames" out and no word why: a GIF's longest delay is 655.35 s, and a
    /// longer frame is written as itself and frames that change nothing. Said as merges are.
    @Test func aFrameLongerThanAGIFDelayIsSaid() throws {
        let folder = try Self.folder("fe66-long")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let run = try CLI.run(["assemble", Self.coin, "-o", "long.gif", "--delays", "86400000,700000,100,655360", "--json"], in: folder)
        #expect(run.status == 0, "\(run.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let notes = object["notes"] as? [String] ?? []
        #expect(notes.contains("3 frames longer than 655.35 s (GIF's longest delay) were written as 136 frames, the rest changing nothing: the time is kept"),
                "\(notes)")
        #expect(object["frames"] as? Int == 137)
        // APNG and WebP split too, each at its own longest (round 66b F6: 5 and 9 frames for 4, no word).
        for (output, note) in [("long.apng", "1 frame too long for one APNG frame's delay was written as 2 frames"),
                               ("long.webp", "1 frame longer than 16 777.215 s (WebP's longest) was written as 6 frames")] {
            let run = try CLI.run(["assemble", Self.coin, "-o", output, "--delays", "86400000,700000,100,655360"], in: folder)
            #expect(run.status == 0 && run.stdout.contains("note: " + note), "\(output): \(run.stdout) \(run.stderr)")
        }
        // Under the longest delay: no such note.
        let short = try CLI.run(["assemble", Self.coin, "-o", "short.gif", "--delays", "100,100,100,100"], in: folder)
        #expect(short.status == 0 && !short.stderr.contains("longer than 655.35 s"), "\(short.stderr)")
    }

    /// F11: `--png8` on frames of more than 256 colours quantised them without a word. The note
    /// says how many and how far; frames of fewer colours are written exactly, without it.
    @Test(arguments: [(coin, 995, 4), (dino, 27081, 67)])
    func palettePagesSayWhatTheyLose(frames: String, colours: Int, levels: Int) throws {
        let folder = try Self.folder("fe66-png8")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let run = try CLI.run(["sheet", frames, "--png8", "-o", "p8/s.png"], in: folder)
        #expect(run.status == 0 && run.stderr.contains("note: --png8: a page holds \(colours) colours, more than a palette's 256: "
                                                      + "each pixel takes the nearest, at most \(levels) levels off; leave out --png8 to keep the frames exactly"),
                "\(run.stderr)")
        #expect(!(try CLI.run(["sheet", frames, "-o", "rgba/s.png"], in: folder)).stderr.contains("--png8"))
        // In --json too, in the CLI's words (every command's JSON strings are: they spoke `SheetJob.png8`).
        let json = try CLI.run(["sheet", frames, "--png8", "-o", "p8j/s.png", "--json"], in: folder)
        #expect(json.status == 0 && json.stdout.contains("\"--png8: a page holds \(colours) colours") && !json.stdout.contains("SheetJob"), "\(json.stdout)")
    }

    /// F11: a palette sheet of few colours (a pixel-art bomb: at most 256 with clear) says nothing.
    @Test func aPixelArtPaletteSheetIsExact() throws {
        let folder = try Self.folder("fe66-png8-pixel")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let run = try CLI.run(["sheet", Fixtures.path("sequences/ansimuz-fire-bomb-pixel"), "--png8", "-o", "p8/s.png"], in: folder)
        #expect(run.status == 0 && !run.stderr.contains("--png8"), "\(run.stderr)")
    }

    /// F10: a `.flipbook.json` below the folder validated was ignored without a word — a typo in it
    /// never reported, its stricter rules never applied, CI green. Said as `config.not-applied`;
    /// not when that folder is given too (its files are then checked under it).
    @Test func aNestedSettingsFileIsSaidNotApplied() throws {
        let folder = try Self.folder("fe66-cfg")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder + "/cfg/sub", withIntermediateDirectories: true)
        for name in ["gold_1.png", "gold_2.png"] {
            try FileManager.default.copyItem(atPath: Self.coin + "/" + name, toPath: folder + "/cfg/" + name)
            try FileManager.default.copyItem(atPath: Self.coin + "/" + name, toPath: folder + "/cfg/sub/" + name)
        }
        try Data(#"{"uikit": true, "severties": {}}"#.utf8).write(to: URL(fileURLWithPath: folder + "/cfg/sub/.flipbook.json"))
        let run = try CLI.run(["validate", "cfg"], in: folder)
        let said = "warning config.not-applied  cfg/sub/.flipbook.json is not applied: settings are read from the folders given (cfg) or from the "
            + "run's config file, never from folders below them; validate cfg/sub as well, with no config file for the run, to check its files under it"
        #expect(run.status == 0 && run.stdout.contains(said), "\(run.stdout)")
        // A config file for the run is no reason to apply it either, and the advice says so
        // (session 39: it spoke only of the folders given, as if --config were not there).
        try Data("{}".utf8).write(to: URL(fileURLWithPath: folder + "/run.json"))
        let configured = try CLI.run(["validate", "cfg", "--config", "run.json"], in: folder)
        #expect(configured.status == 0 && configured.stdout.contains(said), "\(configured.stdout)")
        let both = try CLI.run(["validate", "cfg", "cfg/sub"], in: folder)
        #expect(both.status == 2 && both.stderr.contains("unknown key \"severties\""), "\(both.stderr)")
        try Data(#"{"uikit": true}"#.utf8).write(to: URL(fileURLWithPath: folder + "/cfg/sub/.flipbook.json"))
        #expect(!(try CLI.run(["validate", "cfg", "cfg/sub"], in: folder)).stdout.contains("config.not-applied"))
    }

    /// F5: `{"ignore": ["*"]}` (a glob meant for `*.tmp`) left nothing checked and said only
    /// "no frame sequences found", exit 0. Ignoring is a choice (exit 0, as documented), but it is
    /// said, with the count and the globs (`config.ignores-all`); a glob that leaves a frame is not.
    @Test(arguments: [#"["*"]"#, #"["gold_*"]"#, #"["*.tmp", "gold_?.png"]"#])
    func aFolderWhoseEveryFrameIsIgnoredChecksNothingAndSaysSo(globs: String) throws {
        let folder = try Self.folder("fe66-ignored")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder + "/a", withIntermediateDirectories: true)
        for name in ["gold_1.png", "gold_2.png", "gold_3.png"] {
            try FileManager.default.copyItem(atPath: Self.coin + "/" + name, toPath: folder + "/a/" + name)
        }
        try Data(#"{"ignore": \#(globs)}"#.utf8).write(to: URL(fileURLWithPath: folder + "/a/.flipbook.json"))
        let run = try CLI.run(["validate", "a"], in: folder)
        let shown = try JSONDecoder().decode([String].self, from: Data(globs.utf8)).map { "\"\($0)\"" }.joined(separator: ", ")
        #expect(run.status == 0 && run.stdout.contains("warning config.ignores-all  a: nothing validated: all 3 of its frames and animations "
                                                      + "are ignored by the settings' ignore globs (\(shown))"), "\(run.status) \(run.stdout) \(run.stderr)")
        // A team that wants it to fail CI says so, as for any rule.
        try Data(#"{"ignore": \#(globs), "severities": {"config.ignores-all": "error"}}"#.utf8).write(to: URL(fileURLWithPath: folder + "/a/.flipbook.json"))
        #expect(try CLI.run(["validate", "a"], in: folder).status == 1)
        // One frame the globs leave: validated, nothing said ("*" leaves none: all 4 are said).
        try Data(#"{"ignore": \#(globs)}"#.utf8).write(to: URL(fileURLWithPath: folder + "/a/.flipbook.json"))
        try FileManager.default.copyItem(atPath: Self.coin + "/gold_4.png", toPath: folder + "/a/coin4.png")
        let one = try CLI.run(["validate", "a"], in: folder)
        if globs == #"["*"]"# {
            #expect(one.status == 0 && one.stdout.contains("a: nothing validated: all 4 of its frames"), "\(one.stdout)")
        } else {
            #expect(one.status == 0 && !one.stdout.contains("config.ignores-all"), "\(one.stdout)")
        }
    }

    /// F5: a run that must wait for a folder another process holds (a Flipbook run stopped
    /// mid-commit) waited without a word. After two seconds it says who it waits for.
    @Test func aHeldFolderIsWaitedForAloud() throws {
        let folder = try Self.folder("fe66-held")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(try CLI.run(["frames", Fixtures.path("webp-img2webp/ansimuz-fire-bomb-pixel.webp"), "-o", "st"], in: folder).status == 0)
        // Released while the rerun waits: it then replaces its set.
        #expect(HeldFolder.hold(folder + "/st", shared: false))
        let holder = getpid()
        let run = try CLI.run(["frames", Fixtures.path("webp-img2webp/ansimuz-fire-bomb-pixel.webp"), "-o", "st"], in: folder)
        #expect(run.status == 0 && run.stderr.contains("note: waiting for process \(holder), which is writing "), "\(run.stderr)")
    }

    /// F13's preview half: each folder of a deep chain was resolved whole again (its sequences
    /// listed with a fresh walk, its path protected as an input): a 1 000-level chain took 27 s.
    /// The page of a 300-level chain shows the frames at its bottom: the shared walk finds what the
    /// fresh ones did (the time is measured by hand, never by a test: see the session note).
    @Test func aDeepChainIsPreviewed() throws {
        let folder = try Self.folder("fe66-deep")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let bottom = folder + "/chain/" + Array(repeating: "d", count: 300).joined(separator: "/")
        try FileManager.default.createDirectory(atPath: bottom, withIntermediateDirectories: true)
        for name in ["gold_1.png", "gold_2.png"] { try FileManager.default.copyItem(atPath: Self.coin + "/" + name, toPath: bottom + "/" + name) }
        let run = try CLI.run(["preview", "chain", "-o", "page.html"], in: folder)
        #expect(run.status == 0 && run.stdout.contains("wrote page.html: 1 sequence, 0 animations, 0 sheets, 0 findings"), "\(run.stdout)")
        let page = try String(contentsOfFile: folder + "/page.html", encoding: .utf8)
        #expect(page.contains("d/d/gold_"), "the chain's frames are on the page")
    }

    /// 65t F3: `slice` advised insets "at most 64 px", then refused 64 px with no numbers ("the
    /// insets leave no horizontal centre to widen the image with"). Both now say "less than", and
    /// the second names the file, the sums, the image's side and the size asked for.
    @Test func sliceInsetsThatFillTheImageAreSaidWithNumbers() throws {
        let folder = try Self.folder("fe66-slice")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.copyItem(atPath: Self.coin + "/gold_1.png", toPath: folder + "/coin.png")
        let over = try CLI.run(["slice", "coin.png", "-o", "a.png", "--insets", "40,40,40,40", "--size", "100x100"], in: folder)
        #expect(over.status == 2 && over.stderr.contains("give insets whose left + right is less than 64 px and top + bottom less than 64 px"), "\(over.stderr)")
        let whole = try CLI.run(["slice", "coin.png", "-o", "b.png", "--insets", "32,32,32,32", "--size", "100x100"], in: folder)
        #expect(whole.status == 2 && whole.stderr.contains("coin.png: the insets leave no horizontal centre to widen the image with: left + right "
                                                          + "take 64 px, the image's whole width (64 px), and it is to be 100 px; give insets whose "
                                                          + "left + right is less than 64 px"), "\(whole.stderr)")
        #expect(try CLI.run(["slice", "coin.png", "-o", "c.png", "--insets", "32,32,32,32", "--size", "64x64"], in: folder).status == 0)
    }

    /// 65t F1: `note -o n1.png` run again beside its own `n1@2x.png` warned it was "frame 1 of the
    /// sequence n…, whose frame n1 is beside it"; 65t F5: a note over --max-pixels was blamed on
    /// the chrome file (`note-chrome@2x.png: the nine-sliced image: …`).
    @Test func aNotesOwnScalesAreNoSequenceAndItsSizeIsItsOwn() throws {
        let folder = try Self.folder("fe66-note")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for name in ["note-chrome.png", "note-chrome@2x.png"] {
            try FileManager.default.copyItem(atPath: Fixtures.path("text/chrome/" + name), toPath: folder + "/" + name)
        }
        let note = ["note", "Hi", "--chrome", "note-chrome.png", "--insets", "37,12,12,12", "-o"]
        for output in ["n1.png", "n1@2x.png", "n1.png"] {
            let run = try CLI.run(note + [output], in: folder)
            #expect(run.status == 0 && !run.stderr.contains("warning"), "\(output): \(run.stderr)")
        }
        let long = String(repeating: "word ", count: 20_000)
        let big = try CLI.run(["note", long, "--chrome", "note-chrome.png", "--insets", "37,12,12,12", "-o", "big@3x.png"], in: folder)
        #expect(big.status == 3 && big.stderr.contains("error: the note: needs 190 431 234 pixels") && !big.stderr.contains("note-chrome"), "\(big.stderr)")
    }

    /// Round 66b F4: a folder's `.flipbook.json` linking out of it was read and applied, and the
    /// outside file's keys named in the error (a CI log, a server's answer). Refused unread, as a
    /// `sequence.json` linking out is; `--config` names such a file on purpose and is read.
    @Test func aSettingsLinkLeadingOutIsRefusedUnread() throws {
        let folder = try Self.folder("fe66-cfg-link")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder + "/secret", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: folder + "/c5", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Self.coin + "/gold_1.png", toPath: folder + "/c5/gold_1.png")
        try Data(#"{"sk_live_SECRETVALUE123": "hunter2"}"#.utf8).write(to: URL(fileURLWithPath: folder + "/secret/other.json"))
        try FileManager.default.createSymbolicLink(atPath: folder + "/c5/.flipbook.json", withDestinationPath: "../secret/other.json")
        let run = try CLI.run(["validate", "c5"], in: folder)
        #expect(run.status == 2 && run.stderr.contains("c5/.flipbook.json: a symbolic link to ") && run.stderr.contains("outside the folder")
                && !run.stderr.contains("SECRETVALUE"), "\(run.stderr)")
        try Data(#"{"expectedSize": [64, 64]}"#.utf8).write(to: URL(fileURLWithPath: folder + "/secret/other.json"))
        #expect(try CLI.run(["validate", "c5", "--config", "secret/other.json"], in: folder).status == 0)
    }

    /// Round 66b F7, F2: scenes took `..\secret\s.png`, `file:///…`, `%2e%2e/…` and `c:s.png` as names
    /// (nothing outside read on Linux, but not the rule the docs promise, and on Windows a way out);
    /// refused by the sheet pages' rule, naming the key.
    @Test(arguments: ["..\\\\secret\\\\s.png", "file:///etc/passwd", "%2e%2e/secret/s.png", "c:s.png"])
    func sceneImagePathsKeepThePageRule(image: String) throws {
        let folder = try Self.folder("fe66-scene")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder + "/d", withIntermediateDirectories: true)
        try Data(#"{"size": [64, 64], "scale": 1, "ops": [{"image": "\#(image)", "at": [0, 0]}]}"#.utf8)
            .write(to: URL(fileURLWithPath: folder + "/d/scene.json"))
        let run = try CLI.run(["draw", "d/scene.json", "-o", "d.png"], in: folder)
        #expect(run.status == 3 && run.stderr.contains("d/scene.json: ops[0].image: image ") && run.stderr.contains("is outside the scene's folder"),
                "\(run.stderr)")
    }

    /// F1: the advice for `c@2x@3x.gif` of @1x frames named `c@2x.gif`, itself read as @2x.
    @Test(arguments: [("c@2x@3x.gif", "c.gif"), ("my.c@2x@3x.gif", "my.c.gif"), ("c@3x.gif", "c.gif")])
    func theNameAdvisedCarriesOneScale(output: String, advised: String) throws {
        let folder = try Self.folder("fe66-scale")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let run = try CLI.run(["assemble", Self.coin, "-o", output], in: folder)
        #expect(run.status == 0 && run.stderr.contains("name it \(advised) to keep @1x"), "\(run.stderr)")
    }

    /// F12: a folder named as a frame (`gold_4.png/`) was a silent "missing frame 4", and the
    /// advice for `gold_4.jpg` said to rename it onto that folder.
    @Test func aFolderNamedAsAFrameIsNamed() throws {
        let folder = try Self.folder("fe66-folder")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder + "/fg/gold_4.png", withIntermediateDirectories: true)
        for (from, to) in [("gold_1", "gold_1"), ("gold_2", "gold_2"), ("gold_3", "gold_3"), ("gold_4", "gold_5")] {
            try FileManager.default.copyItem(atPath: Self.coin + "/\(from).png", toPath: folder + "/fg/\(to).png")
        }
        let run = try CLI.run(["validate", "fg"], in: folder)
        #expect(run.stdout.contains("gold_4.png is named as a frame of gold_1…5 but not as a PNG, so it is left out: it is a folder, not a frame: "
                                    + "rename the folder, and save frame 4 as gold_4.png"), "\(run.stdout)")
        try FileManager.default.copyItem(atPath: Self.coin + "/gold_1.png", toPath: folder + "/fg/gold_4.jpg")
        let again = try CLI.run(["validate", "fg"], in: folder)
        #expect(again.stdout.contains("it is a PNG: rename it to gold_4.png (a folder has that name now: rename the folder first)"), "\(again.stdout)")
    }
}
