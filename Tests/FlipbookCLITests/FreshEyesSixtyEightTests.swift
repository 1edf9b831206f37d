#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import Raster
import Testing
import TestSupport

/// What fresh eyes round 68 (sessions 39–40) found, fixed in session 40.
@Suite("Fresh eyes 68: folders read while written, writers at once")
struct FreshEyesSixtyEightTests {
    static let coin = Fixtures.path("sequences/kenney-gold-coin")

    static func folder(_ name: String) throws -> String { try Fixtures.temporaryFolder(name) }

    /// 68t F1: `resize out/c` while `blur … -o out/c` ran again read frames of both runs, exit 0.
    /// A reader holds the folder until it has read it: a rerun's commit waits, and says for whom.
    @Test func aWriterWaitsForAReaderAloud() throws {
        let folder = try Self.folder("fe68-reader")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(try CLI.run(["blur", Self.coin, "-o", "c", "--sigma", "1"], in: folder).status == 0)
        let before = try FileManager.default.contentsOfDirectory(atPath: folder + "/c").sorted()
        #expect(HeldFolder.hold(folder + "/c", shared: true))
        let holder = getpid()
        let run = try CLI.run(["blur", Self.coin, "-o", "c", "--sigma", "2"], in: folder)
        #expect(run.status == 0 && run.stderr.contains("note: waiting for process \(holder), which is reading ") && run.stderr.contains("/c (a Flipbook run reading"), "\(run.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder + "/c").sorted() == before)
    }

    /// 68t F2: two writers of one folder at once — one failed exit 2, "…frame43.png was changed
    /// after Flipbook wrote it", over the other's fresh commit. Both finish; the folder is one run's.
    @Test func twoWritersOfOneFolderBothFinish() throws {
        let folder = try Self.folder("fe68-writers")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(try CLI.run(["blur", Self.coin, "-o", "one", "--sigma", "1"], in: folder).status == 0)
        #expect(try CLI.run(["blur", Self.coin, "-o", "two", "--sigma", "3"], in: folder).status == 0)
        for _ in 0..<3 {
            let sigmas = ["1", "3"]
            let statuses = Statuses()
            DispatchQueue.concurrentPerform(iterations: 2) { index in
                let status = (try? CLI.run(["blur", Self.coin, "-o", "c", "--sigma", sigmas[index]], in: folder))
                statuses.add(status.map { "\($0.status) \($0.stderr)" } ?? "did not run")
            }
            #expect(statuses.all.allSatisfy { $0.hasPrefix("0 ") }, "\(statuses.all)")
            let names = try FileManager.default.contentsOfDirectory(atPath: folder + "/c").filter { $0.hasSuffix(".png") }.sorted()
            let kinds = Set(try names.map { name -> String in
                let bytes = try Data(contentsOf: URL(fileURLWithPath: "\(folder)/c/\(name)"))
                if bytes == (try Data(contentsOf: URL(fileURLWithPath: "\(folder)/one/\(name)"))) { return "one" }
                if bytes == (try Data(contentsOf: URL(fileURLWithPath: "\(folder)/two/\(name)"))) { return "two" }
                return "neither"
            })
            #expect(kinds.count == 1 && !kinds.contains("neither"), "\(kinds)")
        }
    }

    /// 68p F1: `build --overwrite` wrote a target's output over a frame another target assembles
    /// (`art/coin/gold_1.png`), and renaming that output later removed the frame. A file of the
    /// user's in a folder a target reads is never an output, `--overwrite` or not.
    @Test func aBuildNeverWritesOverAFrameAnotherTargetReads() throws {
        let folder = try Self.folder("fe68-source")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder + "/art", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Self.coin, toPath: folder + "/art/coin")
        try FileManager.default.copyItem(atPath: Fixtures.path("sequences/gameart2d-dino-jump"), toPath: folder + "/art/dino")
        try Data(#"""
            { "targets": { "a": { "assemble": "art/coin", "output": "build/coin.gif" },
                           "b": { "assemble": "art/dino", "output": "art/coin/gold_1.png", "format": "apng" } } }
            """#.utf8).write(to: URL(fileURLWithPath: folder + "/flipbook.json"))
        let frame = try Data(contentsOf: URL(fileURLWithPath: folder + "/art/coin/gold_1.png"))
        for overwrite in [true, false] {
            let run = try CLI.run(["build"] + (overwrite ? ["--overwrite"] : []), in: folder)
            #expect(run.status == 2 && run.stderr.contains(#"b: failed: art/coin/gold_1.png is a file of yours that the target "a" reads"#)
                    && run.stderr.contains("nor over a file in a folder of sources a target reads, --overwrite or not"), "\(run.stderr)")
            #expect(try Data(contentsOf: URL(fileURLWithPath: folder + "/art/coin/gold_1.png")) == frame)
        }
    }

    /// 68p F3: a 0-byte frame was a broken image on the preview page, its problems empty (with
    /// `--no-validate` nothing said it). The page lists it.
    @Test func aPreviewSaysAFrameThatDoesNotRead() throws {
        let folder = try Self.folder("fe68-preview")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.copyItem(atPath: Self.coin, toPath: folder + "/coin")
        try Data().write(to: URL(fileURLWithPath: folder + "/coin/gold_2.png"))
        let run = try CLI.run(["preview", "coin", "-o", "page.html", "--no-validate", "--json"], in: folder)
        #expect(run.status == 0, "\(run.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let problems = object["warnings"] as? [String] ?? []
        #expect(problems.contains { $0.contains("a frame does not read, shown as broken images") && $0.contains("gold_2.png") }, "\(object)")
    }

    /// 68t: messages that named the wrong thing or nothing.
    @Test(arguments: [
        // A missing input named, not the output's extension.
        (["blur", "missing.png", "-o", "out/g9", "--sigma", "2"], 3, "error: missing.png: cannot read file: No such file or directory"),
        // The chrome named as the chrome.
        (["note", "hi", "--chrome", "nonexist.png", "--insets", "10,10,10,10", "-o", "n.png"], 3, "error: the chrome nonexist.png: cannot read file"),
        // A part left out, not "does not take ''".
        (["resize", "coin/gold_1.png", "--size", "10x", "-o", "r.png"], 2, "error: --size does not take '10x': a part of it is missing"),
        // Files a shell expanded from a `*`.
        (["blur", "coin/gold_1.png", "coin/gold_2.png", "-o", "b", "--sigma", "2"], 2, "this command takes one input, not a list of files (did the shell expand a `*`?)"),
        // A folder with a dot in its name.
        (["blur", "coin", "-o", "out/take.v2", "--sigma", "1"], 2, "for a folder whose name has a dot, end it with '/' (out/take.v2/)"),
        // Tabs alone.
        (["note", "\t\t", "--chrome", "chrome.png", "--insets", "2,2,2,2", "-o", "n.png"], 2, "tabs only move the next character to a stop"),
    ] as [([String], Int32, String)])
    func aMistakeIsSaidForWhatItIs(arguments: [String], status: Int32, message: String) throws {
        let folder = try Self.folder("fe68-messages")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.copyItem(atPath: Self.coin, toPath: folder + "/coin")
        try FileManager.default.copyItem(atPath: Self.coin + "/gold_1.png", toPath: folder + "/chrome.png")
        let run = try CLI.run(arguments, in: folder)
        #expect(run.status == status && run.stderr.contains(message), "\(run.status) \(run.stderr)")
    }

    /// 68t F4: a note's text in Latin-1 was drawn with U+FFFD boxes, exit 0. An argument that is not
    /// UTF-8 is refused, naming the byte.
    @Test func anArgumentThatIsNotUTF8IsRefused() throws {
        let folder = try Self.folder("fe68-utf8")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.copyItem(atPath: Self.coin + "/gold_1.png", toPath: folder + "/chrome.png")
        // Through a shell, which passes the bytes as they are.
        let script = folder + "/run.sh"
        try Data("\"$1\" note \"$(printf 'caf\\351')\" --chrome chrome.png --insets 2,2,2,2 -o n.png\n".utf8).write(to: URL(fileURLWithPath: script))
        let run = try CLI.run([], in: folder, through: ["/bin/sh", script, CLI.executable.path])
        #expect(run.status == 2 && run.stderr.contains("error: argument 2 ('caf\u{FFFD}') is not UTF-8: byte 0xE9 at offset 3"), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/n.png"))
    }

    /// 68c F1: `render` was silent where `assemble` speaks of the same sequence source: a GIF cut
    /// short, frames missing from the numbers, frames of two sizes (drawn stretched).
    @Test func aScenesSequenceSaysWhatAssembleSays() throws {
        let folder = try Self.folder("fe68-scene-sources")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let fm = FileManager.default
        for (name, files) in [("gap", ["gold_1.png", "gold_4.png"]), ("mixed", ["gold_1.png"])] {
            try fm.createDirectory(atPath: "\(folder)/\(name)", withIntermediateDirectories: true)
            for file in files { try fm.copyItem(atPath: Self.coin + "/" + file, toPath: "\(folder)/\(name)/\(file)") }
        }
        try fm.copyItem(atPath: Fixtures.path("sequences/gameart2d-dino-jump/jump-1.png"), toPath: folder + "/mixed/gold_2.png")
        #expect(try CLI.run(["assemble", Self.coin, "-o", "whole.gif"], in: folder).status == 0)
        let whole = try Data(contentsOf: URL(fileURLWithPath: folder + "/whole.gif"))
        try whole.prefix(whole.count * 3 / 4).write(to: URL(fileURLWithPath: folder + "/cut.gif"))
        for (source, said) in [("gap", "missing frames 2–3 of gap/gold_1…4"), ("mixed", "frames of two sizes: mixed/gold_1.png is"),
                               ("cut.gif", "cut.gif is cut short")] {
            let scene = #"{"size": [64, 64], "duration": 1, "fps": 4, "layers": [{"sequence": {"source": "\#(source)"}, "bounds": [64, 64]}]}"#
            try Data(scene.utf8).write(to: URL(fileURLWithPath: folder + "/s.json"))
            let run = try CLI.run(["render", "s.json", "-o", "out.apng", "--overwrite"], in: folder)
            #expect(run.status == 0 && run.stderr.contains("warning: s.json: layers[0].sequence.source (\(source)): ") && run.stderr.contains(said),
                    "\(source): \(run.stderr)")
        }
    }

    /// 68c F3/F4: a duration under half a frame was written as one frame of another length, and a
    /// duration that is no whole number of frames played for the whole frames, without a word.
    @Test func aSceneDurationThatIsNoWholeNumberOfFramesIsSaid() throws {
        let folder = try Self.folder("fe68-scene-duration")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Data(#"{"size": [10, 10], "duration": 0.001, "fps": 1, "layers": []}"#.utf8).write(to: URL(fileURLWithPath: folder + "/short.json"))
        let short = try CLI.run(["render", "short.json", "-o", "short.gif"], in: folder)
        #expect(short.status == 3 && short.stderr.contains("duration: is 0.001 of a frame at 1 fps, under half a frame"), "\(short.stderr)")
        try Data(#"{"size": [10, 10], "duration": 0.1, "fps": 24, "layers": []}"#.utf8).write(to: URL(fileURLWithPath: folder + "/odd.json"))
        let odd = try CLI.run(["render", "odd.json", "-o", "odd.gif"], in: folder)
        #expect(odd.status == 0 && odd.stderr.contains("warning: odd.json: duration 0.1 s is 2.4 frames at 24 fps: written as 2, 0.0833 s"), "\(odd.stderr)")
    }

    /// 68c F2: spawned copies stacked in list order (every event, then every random one), so a
    /// tap at 1.5 s drew under a copy added at 0.5 s. The later copy is on top.
    @Test func aLaterSpawnedCopyDrawsOnTop() throws {
        let folder = try Self.folder("fe68-spawn-order")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let scene = #"""
            {"size": [60, 40], "background": "#000000", "frames": 3, "fps": 1.05, "layers": [{"bounds": [60, 40], "backgroundColor": "#FF0000",
             "animations": [{"property": "backgroundColor", "from": "#FF0000", "to": "#0000FF", "duration": 2, "fillMode": "both"}],
             "spawn": {"events": [{"time": 1.5, "at": [30, 20]}], "random": {"count": 1, "seed": 1, "area": [29, 19, 2, 2], "start": 0.5, "interval": 1}}}]}
            """#
        try Data(scene.utf8).write(to: URL(fileURLWithPath: folder + "/order.json"))
        #expect(try CLI.run(["render", "order.json", "-o", "f"], in: folder).status == 0)
        // At 1.9 s the tap's copy (0.4 s into its red-to-blue) lies over the random one's (1.4 s in).
        let last = try PNG.Decoder().decodeBitmap(file: folder + "/f/f3.png")[30, 20]
        #expect(last.r > 190 && last.b < 70, "\(last)")
    }

    /// 68c: timing errors in a scene spoke Swift (`BasicAnimation.fromValue and toValue and
    /// BasicAnimation.byValue cannot both be set`, `MediaTiming.duration`).
    @Test(arguments: [
        (#"{"property": "opacity", "from": 0, "to": 1, "by": 0.5, "duration": 1}"#, "from, to and by cannot all be set"),
        (#"{"property": "opacity", "from": 0, "to": 1, "duration": -1}"#, "layers[0].animations[0]: duration must be 0 or more"),
        (#"{"property": "opacity", "from": 0, "to": 1, "duration": 1, "repeatCount": 2, "repeatDuration": 3}"#, "repeatCount and repeatDuration cannot both be set"),
    ])
    func aSceneTimingErrorSpeaksTheScenesKeys(animation: String, said: String) throws {
        let folder = try Self.folder("fe68-scene-words")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Data(#"{"size": [10, 10], "duration": 1, "fps": 2, "layers": [{"bounds": [5, 5], "animations": [\#(animation)]}]}"#.utf8)
            .write(to: URL(fileURLWithPath: folder + "/m.json"))
        let run = try CLI.run(["render", "m.json", "-o", "m.gif"], in: folder)
        #expect(run.status != 0 && run.stderr.contains(said) && !run.stderr.contains("MediaTiming") && !run.stderr.contains("BasicAnimation"), "\(run.stderr)")
    }

    /// 68c F3: `render -o X.gif` of soft frames lacked `assemble`'s note on what GIF does with them.
    @Test func aRenderedGIFOfSoftFramesSaysWhatGIFDoes() throws {
        let folder = try Self.folder("fe68-scene-soft")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Data(##"{"size": [20, 20], "duration": 1, "fps": 2, "layers": [{"bounds": [20, 20], "backgroundColor": "#FF000080"}]}"##.utf8)
            .write(to: URL(fileURLWithPath: folder + "/soft.json"))
        let run = try CLI.run(["render", "soft.json", "-o", "soft.gif"], in: folder)
        #expect(run.status == 0 && run.stderr.contains("note: 100 % of the visible pixels are semi-transparent: GIF has one bit of alpha"), "\(run.stderr)")
    }

    /// Round 70 F2: a target whose output differs from its source's folder only in case
    /// (`"output": "ART"` reading `art/boom.gif`) built on Linux, and on macOS or Windows would
    /// write into its sources. Refused as the same spelling is, on every machine.
    @Test func anOutputThatIsItsSourceFolderInAnotherCaseIsRefused() throws {
        let folder = try Self.folder("fe70-case")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder + "/art", withIntermediateDirectories: true)
        #expect(try CLI.run(["assemble", Self.coin, "-o", "art/boom.gif"], in: folder).status == 0)
        try Data(#"{"targets": {"f": {"frames": "art/boom.gif", "output": "ART"}}}"#.utf8).write(to: URL(fileURLWithPath: folder + "/flipbook.json"))
        let run = try CLI.run(["build"], in: folder)
        #expect(run.status == 2 && run.stderr.contains(#""f" reads art/boom.gif, inside its own output ART"#), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/ART"))
    }

    /// Round 70 F3: an ignore glob that matches nothing as written (`[z-a]`, `gold_[1`) was taken
    /// without a word. Refused like any other mistake in the settings; a sound one still applies.
    @Test(arguments: [(#"["[z-a]"]"#, "its range z-a runs backwards"), (#"["gold_[1"]"#, "its [ is never closed with ]"),
                      (#"["gold_[12].png"]"#, nil)] as [(String, String?)])
    func anIgnoreGlobThatMatchesNothingAsWrittenIsRefused(globs: String, said: String?) throws {
        let folder = try Self.folder("fe70-glob")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.copyItem(atPath: Self.coin, toPath: folder + "/a")
        try Data(#"{"ignore": \#(globs)}"#.utf8).write(to: URL(fileURLWithPath: folder + "/a/.flipbook.json"))
        let run = try CLI.run(["validate", "a"], in: folder)
        if let said {
            #expect(run.status == 2 && run.stderr.contains("a/.flipbook.json: ignore[0]: must be a glob that matches as written: \(said)"), "\(run.stderr)")
        } else {
            #expect(run.status == 0, "\(run.stderr)")
        }
    }

    /// Round 70t F5: `--chrome c.png` beside only `c@2x.png` said "cannot read file", where
    /// `UIImage(named:)` finds the family. The variant is taken, and said.
    @Test func aChromeNameThatIsNotThereIsFoundInItsFamily() throws {
        let folder = try Self.folder("fe70-chrome-family")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.copyItem(atPath: CLI.repository + "/Examples/note-chrome@2x.png", toPath: folder + "/c@2x.png")
        let run = try CLI.run(["note", "Hi", "--chrome", "c.png", "--insets", "37,12,12,12", "-o", "a.png", "--json"], in: folder)
        #expect(run.status == 0 && run.stdout.contains(#""chrome" : "c@2x.png""#) && run.stderr.contains("note: the chrome c@2x.png is @2x, resampled to @1x"),
                "\(run.stdout) \(run.stderr)")
    }
}

/// Lets go of a folder lock once another process blocks waiting for it (a `->` line for the
/// folder's inode in `/proc/locks`), which a Flipbook run does after it has said it waits: the
/// note is then printed however slowly the run got there (a fixed 3 s hold was flaky under load).
enum HeldFolder {
    /// Takes `folder`'s lock (`shared`: a reader's) in this process, let go by a thread of its own
    /// once a Flipbook run blocks waiting for it (``release(_:onceWaitedOn:timeout:)``); whether it was taken.
    static func hold(_ folder: String, shared: Bool) -> Bool {
        let descriptor = open(folder, O_RDONLY | O_DIRECTORY)
        guard descriptor >= 0, flock(descriptor, shared ? LOCK_SH : LOCK_EX) == 0 else { return false }
        Thread { release(descriptor, onceWaitedOn: folder) }.start()
        return true
    }

    static func release(_ descriptor: Int32, onceWaitedOn folder: String, timeout: Double = 120) {
        var status = stat()
        let inode = stat(folder, &status) == 0 ? UInt64(status.st_ino) : 0
        let deadline = Date(timeIntervalSinceNow: timeout)
        while Date() < deadline {
            // Read to its end: `String(contentsOfFile:)` stops at 4 KB of /proc/locks.
            let table = FileHandle(forReadingAtPath: "/proc/locks").map { String(decoding: $0.readDataToEndOfFile(), as: UTF8.self) } ?? ""
            if table.split(separator: "\n").contains(where: { $0.contains("->") && $0.contains(":\(inode) ") }) { break }
            Thread.sleep(forTimeInterval: 0.05)
        }
        close(descriptor)
    }
}

/// The results of concurrent runs, gathered from several threads.
private final class Statuses: @unchecked Sendable {
    private var results: [String] = []
    private let lock = NSLock()
    func add(_ result: String) { lock.withLock { results.append(result) } }
    var all: [String] { lock.withLock { results } }
}
