import Foundation
import Testing
import TestSupport
import Raster

/// `flipbook sheet --engine NAME`: the format each engine reads, its refusals, and every frame of
/// real sequences (each with its ORIGIN.md in `Tests/Fixtures/sequences`) back exactly through
/// `flipbook frames` — over several pages where the engine reads them.
@Suite("flipbook sheet --engine")
struct SheetEngineTests {
    /// Engine, and its data file for one page and for several. Every engine names frames after
    /// their files (Godot through each AtlasTexture's `resource_name`).
    static let engines: [(name: String, data: String, multipage: String?)] = [
        ("phaser3", "s.json", "s.json"), ("pixi", "s.json", "s-0.json"),
        ("godot3", "s.tres", "s.tres"), ("godot4", "s.tres", "s.tres"),
        ("cocos2d", "s.plist", nil), ("libgdx", "s.atlas", "s.atlas"),
        ("spritekit", "s.atlasc", "s.atlasc"), ("aseprite", "s.json", nil),
    ]
    static let sequences = ["kenney-gold-coin", "gameart2d-dino-jump", "unity-wispy-smoke-03b-faint"]

    @Test(arguments: sequences, engines)
    func framesComeBackExactly(sequence: String, engine: (name: String, data: String, multipage: String?)) throws {
        let source = Fixtures.path("sequences/\(sequence)")
        // In play order (jump-1, jump-6, jump-11), as Godot's animation lists them.
        let names = Fixtures.pngNames(in: "sequences/\(sequence)").sorted { $0.compare($1, options: .numeric) == .orderedAscending }
        #expect(names.count >= 3)
        let side = try names.map { try PNG.Decoder().decodeBitmap(file: "\(source)/\($0)") }.map { max($0.width, $0.height) }.max()!
        for multipage in [false, true] {
            guard let data = multipage ? engine.multipage : engine.data else { continue }
            let folder = try SheetFormatCommandTests.temporaryFolder()
            defer { try? FileManager.default.removeItem(atPath: folder) }
            let packed = try CLI.run(["sheet", source, "-o", folder + "/s.png", "--engine", engine.name, "--trim", "--json", "--png-level", "1"]
                                     + (multipage ? ["--max-size", "\(side + 16)"] : []))
            #expect(packed.status == 0, "\(packed.stderr)")
            let report = try #require(try JSONSerialization.jsonObject(with: Data(packed.stdout.utf8)) as? [String: Any])
            #expect(((report["pages"] as? [Any])?.count ?? 0 > 1) == multipage)
            #expect(report["engine"] as? String == engine.name && (report["load"] as? String)?.isEmpty == false)
            let unpacked = try CLI.run(["frames", folder + "/" + data, "-o", folder + "/back"])
            #expect(unpacked.status == 0, "\(unpacked.stderr)")
            let back = try FileManager.default.contentsOfDirectory(atPath: folder + "/back").filter { $0.hasSuffix(".png") }
            for name in names {
                let file = SheetRoundTripTests.unpackedName(name, format: engine.name)
                let copy = try PNG.Decoder().decodeBitmap(file: "\(folder)/back/\(file)")
                let original = try PNG.Decoder().decodeBitmap(file: "\(source)/\(name)")
                let differing = SheetRoundTripTests.differingPixels(original, copy)
                #expect(differing == 0, "\(engine.name) \(multipage ? "multipage" : "") \(name) (as \(file)): \(differing) pixels; \(back.count) files")
            }
        }
    }

    @Test("Options an engine cannot read are refused with exit 2 and a reason")
    func refusals() throws {
        let source = Fixtures.path("sequences/kenney-gold-coin")
        let cases: [([String], String)] = [
            (["--engine", "phaser3", "--rotate"], "cannot draw rotated sprites"),
            (["--engine", "godot3", "--rotate"], "AtlasTexture"),
            (["--engine", "godot4", "--rotate"], "AtlasTexture"),
            (["--engine", "aseprite", "--rotate"], "rotated"),
            (["--engine", "pixi", "--alpha-handling", "premultiply"], "premultiplied"),
            (["--engine", "cocos2d", "--alpha-handling", "premultiply"], "premultiplied"),
            (["--engine", "aseprite", "--max-size", "70"], "one image per data file"),
            (["--engine", "pixi", "--format", "json-array"], "leave out --format"),
            (["--format", "godot4", "--rotate"], "cannot store rotated sprites"),
        ]
        for (options, reason) in cases {
            let folder = try SheetFormatCommandTests.temporaryFolder()
            defer { try? FileManager.default.removeItem(atPath: folder) }
            let result = try CLI.run(["sheet", source, "-o", folder + "/s.png"] + options)
            #expect(result.status == 2 && result.stderr.contains(reason), "\(options): \(result.status) \(result.stderr)")
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty, "\(options): nothing written")
        }
        // What an engine can read is written, and the loading call is printed.
        let folder = try SheetFormatCommandTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let result = try CLI.run(["sheet", source, "-o", folder + "/s.png", "--engine", "libgdx", "--rotate", "--alpha-handling", "premultiply"])
        #expect(result.status == 0 && result.stdout.contains("load: new TextureAtlas"), "\(result.stderr)")
        #expect(try String(contentsOfFile: folder + "/s.atlas", encoding: .utf8).contains("pma:true"))
        // Read, but drawn imperfectly by one renderer: written, with a warning that says which.
        let warned = try CLI.run(["sheet", source, "-o", folder + "/p.png", "--engine", "pixi", "--rotate"])
        #expect(warned.status == 0 && warned.stderr.contains("warning: PixiJS's Canvas renderer"), "\(warned.stderr)")
        // An animation over several pages: PixiJS builds each page's animations alone.
        let split = try CLI.run(["sheet", source, "-o", folder + "/m.png", "--engine", "pixi", "--max-size", "70"])
        #expect(split.status == 0 && split.stderr.contains("warning: PixiJS reads each page's animations from that page alone: gold"),
                "\(split.stderr)")
        let whole = try CLI.run(["sheet", source, "-o", folder + "/w.png", "--engine", "pixi"])
        #expect(whole.status == 0 && !whole.stderr.contains("warning"), "\(whole.stderr)")
    }

    @Test("--png8 writes 8-bit palette pages; the soft dino comes back close, opaque pixels opaque")
    func png8Pages() throws {
        let source = Fixtures.path("sequences/gameart2d-dino-jump")
        let folder = try SheetFormatCommandTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let result = try CLI.run(["sheet", source, "-o", folder + "/s.png", "--engine", "phaser3", "--trim", "--png8"])
        #expect(result.status == 0, "\(result.stderr)")
        let page = try PNG.Decoder().decode(file: folder + "/s.png")
        #expect(page.header.colorType == .indexed && page.header.bitDepth == 8)
        #expect(try CLI.run(["frames", folder + "/s.json", "-o", folder + "/back"]).status == 0)
        for name in Fixtures.pngNames(in: "sequences/gameart2d-dino-jump") {
            let original = try PNG.Decoder().decodeBitmap(file: "\(source)/\(name)")
            let copy = try PNG.Decoder().decodeBitmap(file: "\(folder)/back/\(name)")
            var worst = 0, opaqueKept = true
            for index in stride(from: 0, to: original.pixels.count, by: 4) where original.pixels[index + 3] == 255 {
                opaqueKept = opaqueKept && copy.pixels[index + 3] == 255
                for channel in 0..<3 { worst = max(worst, abs(Int(original.pixels[index + channel]) - Int(copy.pixels[index + channel]))) }
            }
            #expect(opaqueKept, "\(name)")
            #expect(worst <= 40, "\(name): an opaque pixel is \(worst) levels off")
        }
    }
}
