import Basics
import Foundation
import Testing
import TestSupport
@testable import Atlas

/// The fuzz seeds for the page-path and work-bound rules (`Fuzz/Seeds/fuzz-*/escape*`, `*-bomb*`)
/// decode, and are then refused by the rule they are for, as the fuzz targets call it: so the
/// fuzzer starts from inputs that reach the rules.
@Suite("Fuzz seeds of the sheet rules")
struct SheetRuleSeedTests {
    /// Seed → the pages and sprites its target decodes.
    static func decoded(_ seed: String) throws -> (pages: [String], sprites: [SpriteSheet.Sprite]) {
        let bytes = try Fixtures.bytes("../../Fuzz/Seeds/" + seed)
        switch seed.split(separator: "/")[0] {
        case "fuzz-godot": let d = try GodotSpriteFrames.decode(bytes); return (d.images, d.sprites)
        case "fuzz-libgdx": let d = try LibGDXAtlas.decode(bytes); return (d.pages.map(\.image), d.regions.map(\.sprite))
        case "fuzz-aseprite": let d = try AsepriteJSON.decode(bytes); return ([d.image], d.sprites)
        case "fuzz-spritekit": let d = try SpriteKitAtlas.decode(bytes); return (d.pages.map(\.path), d.sprites)
        case "fuzz-cocos2d": let d = try Cocos2dPlist.decode(bytes); return ([d.image], d.sprites)
        default:
            let pages = try TexturePackerJSON.decodeMultiAtlas(bytes) ?? [TexturePackerJSON.decode(bytes)]
            return (pages.flatMap { [$0.image] + $0.related }, pages.flatMap(\.sprites))
        }
    }

    /// An upload seed's files, its parts split as `Fuzzer.files` splits them (a line `%%` between
    /// parts, each its name on the first line, then its bytes).
    static func uploadFiles(_ seed: String) throws -> [InMemoryFile] {
        let bytes = try Fixtures.bytes("../../Fuzz/Seeds/" + seed)
        var parts: [ArraySlice<UInt8>] = [], start = 0, index = 0
        let separator = Array("\n%%\n".utf8)
        while index + separator.count <= bytes.count {
            if bytes[index..<(index + separator.count)].elementsEqual(separator) {
                parts.append(bytes[start..<index]); index += separator.count; start = index
            } else { index += 1 }
        }
        parts.append(bytes[start...])
        return parts.map { part in
            let newline = part.firstIndex(of: 0x0A) ?? part.endIndex
            return InMemoryFile(name: String(decoding: part[..<newline], as: UTF8.self), bytes: Array(part[newline...].dropFirst()))
        }
    }

    static let escapes: [(seed: String, form: SheetImport.PathRefusal.Form)] = [
        ("fuzz-godot/escape.tres", .parent), ("fuzz-libgdx/escape.atlas", .parent), ("fuzz-texturepacker/escape.json", .parent),
        ("fuzz-texturepacker/escape-multiatlas.json", .absolute), ("fuzz-aseprite/escape.aseprite.json", .absolute),
        ("fuzz-spritekit/escape.atlasc.plist", .parent), ("fuzz-cocos2d/escape.plist", .absolute),
        // Aseprite's `C:/Users/me/../../etc/passwd`: a drive's root, absolute before its `..` (round 65b F2).
        // Absolute pages in the two formats whose seeds had only `..`.
        ("fuzz-aseprite/escape-absolute.aseprite.json", .absolute), ("fuzz-spritekit/escape-absolute.atlasc.plist", .absolute),
    ]

    /// The seeds of odd path forms (issue 43): every page or related path each names, and how it
    /// leaves the folder — `./` and `//` in the way, `..` alone, `res://` forms, a trailing `/`.
    static let oddPaths: [(seed: String, forms: [SheetImport.PathRefusal.Form])] = [
        ("fuzz-libgdx/escape-odd.atlas", [.parent, .parent, .parent, .parent, .absolute]),
        ("fuzz-godot/escape-odd.tres", [.parent, .absolute, .parent, .invalid, .parent, .parent]),
        ("fuzz-texturepacker/escape-odd.json", [.parent, .parent, .absolute, .parent, .invalid]),
        ("fuzz-aseprite/escape-odd.aseprite.json", [.parent]),
        ("fuzz-spritekit/escape-odd.atlasc.plist", [.parent, .absolute, .parent]),
        ("fuzz-cocos2d/escape-odd.plist", [.parent]),
    ]

    @Test(arguments: oddPaths)
    func everyOddPathIsRefused(seed: String, forms: [SheetImport.PathRefusal.Form]) throws {
        let (pages, _) = try Self.decoded(seed)
        #expect(pages.count == forms.count, "\(pages)")
        for (page, form) in zip(pages, forms) {
            #expect(throws: SheetImport.PathRefusal(dataFile: "/nonexistent/sheet", path: page, form: form)) {
                try SheetImport.resolve(page, from: "/nonexistent/sheet")
            }
        }
    }

    @Test(arguments: escapes)
    func escapeSeedsAreRefused(seed: String, form: SheetImport.PathRefusal.Form) throws {
        let (pages, _) = try Self.decoded(seed)
        #expect(throws: SheetImport.PathRefusal(dataFile: "/nonexistent/sheet", path: pages[0], form: form)) {
            try SheetImport.resolve(pages[0], from: "/nonexistent/sheet")
        }
    }

    /// The seeds of encoded path forms (issue 43): backslashes (`..\..\etc\passwd`, `\\server\share`),
    /// `%2e%2e` for `..`, a drive letter. A URL loader (Pixi's, a browser's) decodes `%2e%2e` to
    /// `..` and Windows reads `\` as a separator: each is refused as the `..` or absolute path it
    /// is there (round 65b F2: they were names here, and `%2e%2e/s.png` silently read `s.png`).
    static let encodedPaths: [(seed: String, forms: [SheetImport.PathRefusal.Form])] = [
        ("fuzz-libgdx/escape-encoded.atlas", [.parent, .parent, .parent, .parent, .absolute]),
        ("fuzz-godot/escape-encoded.tres", [.parent, .parent, .parent, .parent, .absolute, .absolute]),
        ("fuzz-texturepacker/escape-encoded.json", [.parent, .parent, .parent, .absolute, .absolute]),
        ("fuzz-aseprite/escape-encoded.aseprite.json", [.parent]),
        ("fuzz-spritekit/escape-encoded.atlasc.plist", [.parent, .parent, .absolute]), ("fuzz-cocos2d/escape-encoded.plist", [.parent]),
    ]

    @Test(arguments: encodedPaths)
    func encodedPathsAreRefused(seed: String, forms: [SheetImport.PathRefusal.Form]) throws {
        let (pages, _) = try Self.decoded(seed)
        #expect(pages.count == forms.count, "\(pages)")
        for (page, form) in zip(pages, forms) {
            #expect(page.contains("\\") || page.contains("%2e") || page.contains(":"), "\(page) is not an encoded form")
            #expect(throws: SheetImport.PathRefusal(dataFile: "/nonexistent/sheet", path: page, form: form)) {
                try SheetImport.resolve(page, from: "/nonexistent/sheet")
            }
        }
    }

    static let bombs: [(seed: String, limit: LimitError.Limit)] = [
        ("fuzz-godot/margin-bomb.tres", .outputPixels), ("fuzz-godot/total-bomb.tres", .outputPixels),
        ("fuzz-libgdx/offsets-bomb.atlas", .pixels), ("fuzz-texturepacker/source-bomb.json", .pixels),
        ("fuzz-aseprite/escape.aseprite.json", .pixels), ("fuzz-spritekit/source-bomb.atlasc.plist", .pixels), ("fuzz-cocos2d/source-bomb.plist", .pixels),
        // 300 frames of 1000×1000 (each under the fuzz targets' 1 Mpx, together over 2²⁸) in every
        // format with source sizes; the two plists are binary, to stay under the fuzzer's 64 KB.
        ("fuzz-libgdx/total-bomb.atlas", .outputPixels), ("fuzz-texturepacker/total-bomb.json", .outputPixels),
        ("fuzz-aseprite/total-bomb.aseprite.json", .outputPixels), ("fuzz-spritekit/total-bomb.atlasc.plist", .outputPixels),
        ("fuzz-cocos2d/total-bomb.plist", .outputPixels),
        // Issue 43's own case: 40 distinct AtlasTextures, each `margin = Rect2(0, 0, 8000, 8000)`
        // (8005², under maxPixels; 2.56 Gpx in all).
        ("fuzz-godot/many-margins-bomb.tres", .outputPixels),
    ]

    @Test(arguments: bombs)
    func bombSeedsAreRefused(seed: String, limit: LimitError.Limit) throws {
        let (_, sprites) = try Self.decoded(seed)
        do {
            try SheetImport.checkOutput(sprites, limits: .default, of: seed)
            Issue.record("\(seed) passed the work bound")
        } catch {
            #expect(error.limit == limit, "\(error)")
        }
    }

    /// The in-memory sheet seeds of the two rules (`Fuzz/Seeds/fuzz-sheet-import`, parts split as
    /// `Fuzzer.files` splits them), read as the target reads them with the default limits: the
    /// Godot margin bomb by the total budget, an absolute page that the upload holds by the path rule.
    static let sheetImportSeeds: [(seed: String, refused: String)] = [
        ("godot-margins-bomb.upload", "limit outputPixels"), ("escape-absolute.upload", "absolute"),
    ]

    @Test(arguments: sheetImportSeeds)
    func sheetImportSeedsAreRefused(seed: String, refused: String) throws {
        let files = try Self.uploadFiles("fuzz-sheet-import/" + seed)
        #expect(files.count >= 2)
        do {
            _ = try SheetImport.read(files: files, data: files[0].name)
            Issue.record("\(seed) was read")
        } catch {
            switch refused {
            case "absolute": #expect(error.pathRefusal?.form == .absolute, "\(error)")
            default: #expect(error.limitError?.limit == .outputPixels, "\(error)")
            }
        }
    }

    /// The in-memory sheet seeds of encoded pages (`Fuzz/Seeds/fuzz-sheet-import/escape-{encoded,backslash}.upload`):
    /// `%2e%2e/sheet.png` and `..\sheet.png` are refused as `..`, with the upload holding a
    /// `sheet.png` one folder up and one beside the data — neither is read.
    @Test(arguments: ["escape-encoded.upload", "escape-backslash.upload"])
    func encodedSheetImportSeedsAreRefused(_ seed: String) throws {
        let files = try Self.uploadFiles("fuzz-sheet-import/" + seed)
        #expect(files.map(\.name).contains("sheet.png"))
        #expect(throws: SheetImport.Error.self) { try SheetImport.read(files: files, data: files[0].name) }
        do {
            _ = try SheetImport.read(files: files, data: files[0].name)
        } catch {
            #expect(error.pathRefusal?.form == .parent, "\(error)")
        }
    }

    /// Each seed folder holds what ORIGIN.md lists: the new seeds are counted.
    @Test func theSeedsAreThere() throws {
        let root = Fixtures.path("../../Fuzz/Seeds")
        let named = Set(Self.escapes.map(\.seed) + Self.oddPaths.map(\.seed) + Self.bombs.map(\.seed) + Self.encodedPaths.map(\.seed))
        let found = try ["fuzz-godot", "fuzz-libgdx", "fuzz-texturepacker", "fuzz-aseprite", "fuzz-spritekit", "fuzz-cocos2d"].flatMap { target in
            try FileManager.default.contentsOfDirectory(atPath: root + "/" + target).filter { $0.contains("escape") || $0.contains("bomb") }.map { target + "/" + $0 }
        }
        #expect(Set(found) == named && found.count == 13 + 6 + 5 + 3 + 6)
    }
}
