import Foundation
import Testing
import TestSupport

/// `sheet` carries each folder's sequence.json timing into the engines' data (it wrote 30 fps,
/// Godot `speed = 30.0`, for a 12 fps sequence); `--fps` still overrides it.
@Suite("flipbook sheet timing from sequence.json")
struct SheetTimingTests {
    /// (the sequence.json, extra arguments, the Godot speed, the JSON durations in ms)
    @Test(arguments: [
        ("{\"fps\": 12}", [String](), "12.0", [83, 83, 83, 83]),
        ("{\"duration\": 2}", [], "2.0", [500, 500, 500, 500]),
        ("{\"frameDurations\": [100, 200, 100, 400]}", [], "10.0", [100, 200, 100, 400]),
        ("{\"fps\": 12}", ["--fps", "24"], "24.0", [42, 42, 42, 42]),
    ] as [(String, [String], String, [Int])])
    func timingComesFromTheManifest(manifest: String, extra: [String], speed: String, durations: [Int]) throws {
        let dir = try Fixtures.temporaryFolder("sheet-timing")
        try FileManager.default.copyItem(atPath: Fixtures.path("sequences/kenney-gold-coin"), toPath: "\(dir)/coin")
        try manifest.write(toFile: "\(dir)/coin/sequence.json", atomically: true, encoding: .utf8)
        let godot = try CLI.run(["sheet", "coin", "-o", "g/coin.tres", "--engine", "godot4"] + extra, in: dir)
        #expect(godot.status == 0, "\(godot.stderr)")
        let text = try String(contentsOfFile: "\(dir)/g/coin.tres", encoding: .utf8)
        #expect(text.contains("\"speed\": \(speed)"), "\(text.suffix(300))")
        let phaser = try CLI.run(["sheet", "coin", "-o", "p/coin.png", "--engine", "phaser3"] + extra, in: dir)
        #expect(phaser.status == 0, "\(phaser.stderr)")
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: "\(dir)/p/coin.json"))) as? [String: Any]
        let frames = try #require(json?["frames"] as? [String: [String: Any]])
        #expect((1...4).map { frames["gold_\($0)"]?["duration"] as? Int } == durations)
    }

    /// A frameDurations list of the wrong length is refused, as assemble and validate refuse it
    /// (sheet ignored it silently).
    @Test func aManifestThatDoesNotFitIsRefused() throws {
        let dir = try Fixtures.temporaryFolder("sheet-timing")
        try FileManager.default.copyItem(atPath: Fixtures.path("sequences/kenney-gold-coin"), toPath: "\(dir)/coin")
        try "{\"frameDurations\": [100, 200, 300]}".write(toFile: "\(dir)/coin/sequence.json", atomically: true, encoding: .utf8)
        let result = try CLI.run(["sheet", "coin", "-o", "g/coin.tres", "--engine", "godot4", "--json"], in: dir)
        #expect(result.status == 3 && result.stderr.contains("frameDurations"), "\(result.stderr)")
        let json = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        #expect(json?["exitCode"] as? Int == 3, "--json failures are JSON: \(result.stdout)")
    }

    /// A manifest whose name is no sequence of its folder would time nothing: refused, as
    /// `assemble` and `validate` refuse it (it was silent, then a warning).
    @Test func aManifestNamingNoSequenceIsRefused() throws {
        let dir = try Fixtures.temporaryFolder("sheet-timing")
        try FileManager.default.copyItem(atPath: Fixtures.path("sequences/kenney-gold-coin"), toPath: "\(dir)/coin")
        try "{\"name\": \"walk\", \"fps\": 10}".write(toFile: "\(dir)/coin/sequence.json", atomically: true, encoding: .utf8)
        let result = try CLI.run(["sheet", "coin", "-o", "c.png"], in: dir)
        #expect(result.status == 3 && result.stderr.contains("coin/sequence.json: name: no sequence in its folder has the prefix"), "\(result.stderr)")
    }

    /// Godot 3 has no per-frame durations: a hold is said to be lost (it was silent); Godot 4 keeps it.
    @Test func godot3SaysItLosesHolds() throws {
        let dir = try Fixtures.temporaryFolder("sheet-timing")
        #expect(try CLI.run(["frames", Fixtures.path("gif/effects/Effect_SmallHit.gif"), "-o", "hit"], in: dir).status == 0)
        let three = try CLI.run(["sheet", "hit", "-o", "g3/h.png", "--engine", "godot3"], in: dir)
        #expect(three.status == 0 && three.stderr.contains("Godot 3 plays every frame of an animation for the same time"), "\(three.stderr)")
        let four = try CLI.run(["sheet", "hit", "-o", "g4/h.png", "--engine", "godot4"], in: dir)
        #expect(four.status == 0 && !four.stderr.contains("Godot 3"), "\(four.stderr)")
    }

    /// Phaser and PixiJS read animations as frame lists played forward (they dropped direction and
    /// plays): a pingpong sequence is written forward and back, a reverse one reversed, and a set
    /// number of plays is said in a warning with the line of code that gives it.
    @Test(arguments: [
        ("{\"direction\": \"pingpong\"}", "phaser3", [1, 2, 3, 4, 3, 2], nil),
        ("{\"direction\": \"reverse\", \"repeatCount\": 3}", "phaser3", [4, 3, 2, 1], "repeat: 2"),
        ("{\"repeatCount\": 1}", "pixi", [1, 2, 3, 4], "loop = false"),
        ("{}", "pixi", [1, 2, 3, 4], nil),
        ("{\"repeatCount\": 1}", "phaser3", [1, 2, 3, 4], nil),       // Phaser plays once unless told
    ] as [(String, String, [Int], String?)])
    func directionAndPlaysReachTheWebEngines(manifest: String, engine: String, order: [Int], warning: String?) throws {
        let dir = try Fixtures.temporaryFolder("sheet-timing")
        try FileManager.default.copyItem(atPath: Fixtures.path("sequences/kenney-gold-coin"), toPath: "\(dir)/coin")
        try manifest.write(toFile: "\(dir)/coin/sequence.json", atomically: true, encoding: .utf8)
        let result = try CLI.run(["sheet", "coin", "-o", "s/coin.png", "--engine", engine], in: dir)
        #expect(result.status == 0, "\(result.stderr)")
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: "\(dir)/s/coin.json"))) as? [String: Any]
        let animations = try #require(json?["animations"] as? [String: [String]])
        #expect(animations["gold"] == order.map { "gold_\($0)" }, "\(animations)")
        if let warning {
            #expect(result.stderr.contains("should play") && result.stderr.contains(warning), "\(result.stderr)")
        } else {
            #expect(!result.stderr.contains("should play"), "\(result.stderr)")
        }
    }

    /// What the engine's data cannot carry is said, with the code that does it (it was dropped
    /// without a word): Aseprite tags' repeat (Phaser's createFromAseprite reads none), libGDX's
    /// atlas (no animations), Godot's 100-play cap.
    @Test(arguments: [
        ("{\"repeatCount\": 3}", "aseprite", "s/coin.json", "repeat: 2"),
        ("{\"direction\": \"pingpong\"}", "libgdx", "s/coin.atlas", "libGDX data holds frame order, not directions or plays: the game's code sets gold's pingpong"),
        ("{\"repeatCount\": 500}", "godot4", "s/coin.tres", "written for 100 plays"),
    ])
    func whatTheDataCannotCarryIsSaid(manifest: String, engine: String, output: String, warning: String) throws {
        let dir = try Fixtures.temporaryFolder("sheet-timing")
        try FileManager.default.copyItem(atPath: Fixtures.path("sequences/kenney-gold-coin"), toPath: "\(dir)/coin")
        try manifest.write(toFile: "\(dir)/coin/sequence.json", atomically: true, encoding: .utf8)
        let result = try CLI.run(["sheet", "coin", "-o", output, "--engine", engine], in: dir)
        #expect(result.status == 0 && result.stderr.contains(warning), "\(result.stderr)")
    }

    /// Frames picked from a folder keep their own durations (sheet refused: "has 4 entries; 2
    /// expected"); a `duration` for the whole play shrinks to their share, in assemble too.
    @Test(arguments: [
        ("{\"frameDurations\": [100, 200, 300, 400]}", [200, 400], 20 + 40),
        ("{\"duration\": 0.4}", [100, 100], 20),
    ])
    func pickedFramesKeepTheirOwnDurations(manifest: String, durations: [Int], centiseconds: Int) throws {
        let dir = try Fixtures.temporaryFolder("sheet-timing")
        try FileManager.default.copyItem(atPath: Fixtures.path("sequences/kenney-gold-coin"), toPath: "\(dir)/coin")
        try manifest.write(toFile: "\(dir)/coin/sequence.json", atomically: true, encoding: .utf8)
        let sheet = try CLI.run(["sheet", "coin/gold_2.png", "coin/gold_4.png", "-o", "p/coin.png", "--engine", "phaser3"], in: dir)
        #expect(sheet.status == 0, "\(sheet.stderr)")
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: "\(dir)/p/coin.json"))) as? [String: Any]
        let frames = try #require(json?["frames"] as? [String: [String: Any]])
        #expect([2, 4].map { frames["gold_\($0)"]?["duration"] as? Int } == durations)
        let gif = try CLI.run(["assemble", "coin/gold_2.png", "coin/gold_4.png", "-o", "c.gif", "--json"], in: dir)
        let report = try JSONSerialization.jsonObject(with: Data(gif.stdout.utf8)) as? [String: Any]
        #expect(gif.status == 0 && report?["durationSeconds"] as? Double == Double(centiseconds) / 100, "\(gif.stdout)\(gif.stderr)")
    }
}
