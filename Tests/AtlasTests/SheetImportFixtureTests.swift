import Basics
import Foundation
import Testing
import TestSupport
import Raster
@testable import Atlas

/// Real sheet data from other tools (`Tests/Fixtures/atlas/third-party`, see its ORIGIN.md), our own
/// exports and the fuzz seeds still load, through the same readers `flipbook frames` uses.
@Suite("Sheet data from real producers")
struct SheetImportFixtureTests {
    static let thirdParty = Fixtures.path("atlas/third-party")

    /// The data files (not page images, licences or notes), relative to `third-party`.
    static let dataFiles: [String] = {
        var found: [String] = []
        for folder in ["cocos2d-x", "libgdx", "pixijs"] {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: thirdParty + "/" + folder)) ?? []
            found += names.filter { [".json", ".atlas", ".plist"].contains(where: $0.hasSuffix) }.map { "\(folder)/\($0)" }
        }
        return found.sorted()
    }()

    @Test func findsTheFixtures() {
        #expect(Self.dataFiles.count == 11, "\(Self.dataFiles)")
        #expect(Self.dataFiles.filter { $0.hasPrefix("pixijs/") }.count == 6)
    }

    /// The pages a data file names, with their sizes as the data states them.
    static func pages(of path: String) throws -> [(name: String, width: Int, height: Int)] {
        let bytes = try FileIO.readAll(path)
        if path.hasSuffix(".atlas") { return try LibGDXAtlas.decode(bytes).pages.map { ($0.image, $0.width, $0.height) } }
        if path.hasSuffix(".plist") {
            let decoded = try Cocos2dPlist.decode(bytes)
            return [(decoded.image, decoded.width, decoded.height)]
        }
        if let pages = try TexturePackerJSON.decodeMultiAtlas(bytes) { return pages.map { ($0.image, $0.width, $0.height) } }
        let decoded = try TexturePackerJSON.decode(bytes)
        return [(decoded.image, decoded.width, decoded.height)]
    }

    @Test(arguments: dataFiles)
    func realDataStillLoads(_ relative: String) throws {
        let source = Self.thirdParty + "/" + relative
        // A copy of the folder, with a blank page wherever the real page image is not kept.
        let folder = try Fixtures.temporaryFolder("third-party")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let from = (source as NSString).deletingLastPathComponent
        for name in try FileManager.default.contentsOfDirectory(atPath: from) {
            try FileManager.default.copyItem(atPath: from + "/" + name, toPath: folder + "/" + name)
        }
        let copy = folder + "/" + (relative as NSString).lastPathComponent
        var data = [copy]
        if relative.hasSuffix(".json") {
            let decoded = try TexturePackerJSON.decode(try FileIO.readAll(copy))
            data += decoded.related.map { folder + "/" + $0 }
        }
        for file in data {
            for page in try Self.pages(of: file) where !FileManager.default.fileExists(atPath: folder + "/" + page.name) {
                try PNG.Encoder().write(Bitmap(clearWidth: page.width, height: page.height), to: folder + "/" + page.name)
            }
        }
        let sheet = try SheetImport.read(copy)
        #expect(!sheet.sprites.isEmpty && !sheet.pages.isEmpty)
        // Warnings of what a format cannot carry (SpriteKit's and Cocos2d-x's lack of animations) are not about keys.
        #expect(sheet.warnings.filter(\.isUnknownKey).isEmpty, "every key these producers write is known: \(sheet.warnings)")
    }

    @Test func realDataKeepsItsMeaning() throws {
        // Free Texture Packer writes meta.scale as a number; it used to be refused as not a string.
        let ftp = try TexturePackerJSON.decode(try FileIO.readAll(Self.thirdParty + "/pixijs/spritesheet.json"))
        #expect(ftp.scale == 1 && ftp.sprites.map(\.name).sorted() == ["bunny.png", "pic-sensei.jpg"])
        let aseprite = try AsepriteJSON.decode(try FileIO.readAll(Self.thirdParty + "/pixijs/0123456789.json"))
        #expect(aseprite.sprites.count == 10 && aseprite.sprites[9].duration == 200)
        let polygons = try Cocos2dPlist.decode(try FileIO.readAll(Self.thirdParty + "/cocos2d-x/test_polygon.plist"))
        #expect(polygons.sprites.count == 3 && polygons.width == 387)
        // uiskin.atlas has Windows line ends, and nine-patch split/pad values libGDX keeps as custom values.
        let skin = try LibGDXAtlas.decode(try FileIO.readAll(Self.thirdParty + "/libgdx/uiskin.atlas"))
        #expect(skin.regions.count == 25 && skin.warnings.isEmpty && skin.pages[0].width == 256)
    }

    /// Our own exports and the fuzz seeds of every sheet format.
    static let ownFiles: [String] = {
        let goldens = ((try? FileManager.default.contentsOfDirectory(atPath: Fixtures.path("atlas"))) ?? [])
            .filter { $0.hasPrefix("sheet.") }.map { "Tests/Fixtures/atlas/\($0)" }
        var seeds: [String] = []
        for target in ["fuzz-texturepacker", "fuzz-aseprite", "fuzz-libgdx", "fuzz-spritekit", "fuzz-cocos2d", "fuzz-godot"] {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: Fixtures.repository + "/Fuzz/Seeds/" + target)) ?? []
            seeds += names.map { "Fuzz/Seeds/\(target)/\($0)" }
        }
        return (goldens + seeds).sorted()
    }()

    @Test func findsOurOwnFiles() {
        // 9 goldens, 9 seeds copied from them, 13 + 11 + 3 seeds of the page-path and work-bound rules,
        // one of JSON with duplicate keys, 6 of encoded page paths (`..\`, `%2e%2e/`: one a format).
        #expect(Self.ownFiles.count == 9 + 9 + 13 + 11 + 3 + 1 + 6, "\(Self.ownFiles)")
    }

    @Test(arguments: ownFiles)
    func ourOwnDataStillReads(_ relative: String) throws {
        let bytes = try FileIO.readAll(Fixtures.repository + "/" + relative)
        let name = (relative as NSString).lastPathComponent
        // The seed with keys twice is refused, naming the first.
        guard !name.contains("duplicate-keys") else {
            #expect { _ = try TexturePackerJSON.decode(bytes) } throws: { "\($0)".contains("the key \"sourceSize\" appears twice") }
            return
        }
        if name.hasSuffix(".tres") {
            _ = try GodotSpriteFrames.decode(bytes)
        } else if name.hasSuffix(".atlas") {
            #expect(try LibGDXAtlas.decode(bytes).warnings.isEmpty)
        } else if name.contains("atlasc") {
            #expect(try SpriteKitAtlas.decode(bytes).warnings.isEmpty)
        } else if name.hasSuffix(".plist") {
            _ = try Cocos2dPlist.decode(bytes)
        } else if name.contains("aseprite") {
            _ = try AsepriteJSON.decode(bytes)
            #expect(try TexturePackerJSON.decode(bytes).warnings.isEmpty)
        } else if let pages = try TexturePackerJSON.decodeMultiAtlas(bytes) {
            #expect(pages.allSatisfy { $0.warnings.isEmpty })
        } else {
            #expect(try TexturePackerJSON.decode(bytes).warnings.isEmpty)
        }
    }
}

/// Two sprite names that are one text in two Unicode normalisations (`Café1` composed and
/// decomposed): JSON hash data kept one sprite and wrote three of four without a word (fresh eyes
/// 52); other formats refused them as "Café1" and "Café1" without saying why they are one.
@Suite struct SpriteNamesInTwoNormalisationsTests {
    @Test func aJSONHashNamingOneSpriteTwoWaysIsRefused() {
        let composed = "Caf\u{E9}1", decomposed = "Cafe\u{301}1"
        let frame = #"{"frame": {"x": 0, "y": 0, "w": 1, "h": 1}, "rotated": false, "trimmed": false, "#
            + #""spriteSourceSize": {"x": 0, "y": 0, "w": 1, "h": 1}, "sourceSize": {"w": 1, "h": 1}}"#
        let json = #"{"frames": {""# + composed + #"": "# + frame + #", ""# + decomposed + #"": "# + frame + "}, "
            + #""meta": {"image": "p.png", "size": {"w": 2, "h": 2}, "scale": "1"}}"#
        #expect { _ = try TexturePackerJSON.decode(Array(json.utf8)) } throws: {
            "\($0)".contains("appears twice") && "\($0)".contains("two Unicode normalisations")
        }
    }

    @Test func twoSpellingsOfOneFileNameSayWhy() {
        #expect(SpriteSheet.whyOneFile("Caf\u{E9}1", "Cafe\u{301}1").contains("two Unicode normalisations"))
        #expect(!SpriteSheet.whyOneFile("fire1.png", "fire1").contains("normalisations"))
    }
}
