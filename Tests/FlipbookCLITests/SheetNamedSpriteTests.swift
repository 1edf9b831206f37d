import Foundation
import Raster
import Testing
import TestSupport

/// Sprites without numbers (TexturePacker's main use): a real game's item folder — named sprites
/// beside numbered sequences — packed in every engine preset and given back exactly.
@Suite("flipbook sheet with named sprites")
struct SheetNamedSpriteTests {
    static let items = "sprites/kenney-items"
    static let named = ["coinBronze", "coinGold", "coinGold_ll", "coinGold_lr", "coinGold_ul", "coinGold_ur", "coinSilver",
                        "coinSilver_test", "flagGreen_down", "flagRed_down", "flagYellow_down", "gemBlue", "gemGreen", "gemRed",
                        "gemYellow", "keyBlue", "keyGreen", "keyRed", "keyYellow", "ladderMid", "ladderTop", "star"]

    @Test func theFixtureHoldsNamedSpritesAndSequences() {
        let names = Fixtures.pngNames(in: Self.items)
        #expect(names.count == 32)
        #expect(Self.named.allSatisfy { names.contains("\($0).png") })
    }

    /// (engine, the data file `frames` reads back)
    @Test(arguments: [("phaser3", "items.json"), ("pixi", "items.json"), ("godot3", "items.tres"), ("godot4", "items.tres"),
                      ("cocos2d", "items.plist"), ("libgdx", "items.atlas"), ("spritekit", "items.atlasc"), ("aseprite", "items.json")])
    func namedSpritesPackInEveryEngineAndComeBackExactly(engine: String, data: String) throws {
        let dir = try Fixtures.temporaryFolder("named")
        let packed = try CLI.run(["sheet", Fixtures.path(Self.items), "-o", "out/items.png", "--engine", engine, "--trim"], in: dir)
        #expect(packed.status == 0, "\(packed.stderr)")
        let back = try CLI.run(["frames", "out/\(data)", "-o", "back"], in: dir)
        #expect(back.status == 0, "\(back.stderr)")
        let files = try FileManager.default.contentsOfDirectory(atPath: "\(dir)/back").filter { $0.hasSuffix(".png") }
        #expect(files.count == 32, "\(files.sorted())")
        for name in Self.named {
            let original = try PNG.Decoder().decodeBitmap(file: Fixtures.path("\(Self.items)/\(name).png"))
            let copy = try PNG.Decoder().decodeBitmap(file: "\(dir)/back/\(name).png")
            #expect(SheetRoundTripTests.differingPixels(original, copy) == 0, "\(engine): \(name)")
        }
    }

    /// The sequences of the folder are still animations; the named sprites are not.
    @Test func sequencesStayAnimationsAndNamedSpritesDoNot() throws {
        let dir = try Fixtures.temporaryFolder("named")
        #expect(try CLI.run(["sheet", Fixtures.path(Self.items), "-o", "items.png"], in: dir).status == 0)
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: "\(dir)/items.json"))) as? [String: Any]
        let animations = try #require(json?["animations"] as? [String: [String]])
        #expect(animations == ["flagGreen": ["flagGreen1", "flagGreen2"], "flagRed": ["flagRed1", "flagRed2"],
                               "flagYellow": ["flagYellow1", "flagYellow2"], "gold": ["gold_1", "gold_2", "gold_3", "gold_4"]])
        #expect((json?["frames"] as? [String: Any])?.count == 32)
    }

    /// `flipbook sheet ui/*.png` with files that have no number (was exit 3, "no frames found").
    @Test func namedFilesGivenOneByOne() throws {
        let dir = try Fixtures.temporaryFolder("named")
        let files = ["gemBlue", "star", "keyRed"].map { Fixtures.path("\(Self.items)/\($0).png") }
        let result = try CLI.run(["sheet"] + files + ["-o", "ui.png", "--engine", "pixi"], in: dir)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("3 sprites"), "\(result.stdout)")
    }

    /// Godot read back gives every frame, identical ones too (the empty frames at the end of an
    /// effect were collapsed into one: 24 frames came back as 23).
    @Test(arguments: ["Effect_BigHit", "Effect_Hyperspeed", "Effect_TheVortex"], ["godot3", "godot4"])
    func godotReadBackKeepsIdenticalFrames(effect: String, engine: String) throws {
        let dir = try Fixtures.temporaryFolder("godot-frames")
        #expect(try CLI.run(["frames", Fixtures.path("gif/effects/\(effect).gif"), "-o", "fx"], in: dir).status == 0)
        let count = try FileManager.default.contentsOfDirectory(atPath: "\(dir)/fx").filter { $0.hasSuffix(".png") }.count
        #expect(try CLI.run(["sheet", "fx", "-o", "g/s.png", "--engine", engine], in: dir).status == 0)
        #expect(try CLI.run(["frames", "g/s.tres", "-o", "back"], in: dir).status == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: "\(dir)/back").filter { $0.hasSuffix(".png") }.count == count)
    }
}
