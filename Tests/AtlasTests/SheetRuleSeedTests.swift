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
        ("fuzz-texturepacker/escape-multiatlas.json", .absolute), ("fuzz-aseprite/escape.aseprite.json", .parent),
        ("fuzz-spritekit/escape.atlasc.plist", .parent), ("fuzz-cocos2d/escape.plist", .absolute),
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
    /// `%2e%2e` for `..`, a drive letter. On the systems Flipbook runs on `\` and `%` are characters
    /// of a name, not separators or escapes: each path is a name inside the data file's folder —
    /// found there, or by its file name beside the data file — and never leads out of it.
    static let encodedPaths: [(seed: String, count: Int)] = [
        ("fuzz-libgdx/escape-encoded.atlas", 5), ("fuzz-godot/escape-encoded.tres", 6),
        ("fuzz-texturepacker/escape-encoded.json", 5), ("fuzz-aseprite/escape-encoded.aseprite.json", 1),
        ("fuzz-spritekit/escape-encoded.atlasc.plist", 3), ("fuzz-cocos2d/escape-encoded.plist", 1),
    ]

    @Test(arguments: encodedPaths)
    func encodedPathsStayInsideTheFolder(seed: String, count: Int) throws {
        let (pages, _) = try Self.decoded(seed)
        #expect(pages.count == count, "\(pages)")
        for page in pages {
            let name = page.hasPrefix("res://") ? String(page.dropFirst(6)) : page
            let last = name.split(separator: "/").last.map(String.init) ?? name
            #expect(page.contains("\\") || page.contains("%2e") || page.contains(":"), "\(page) is not an encoded form")
            #expect(try SheetImport.resolve(page, from: "/nonexistent/sheet") == "/nonexistent/" + last, "\(page)")
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
    /// `%2e%2e/sheet.png` is found by its file name beside the data (`in/sheet.png`, not the
    /// `sheet.png` one folder up), `..\sheet.png` as the file of that very name in the data's folder.
    @Test(arguments: ["escape-encoded.upload", "escape-backslash.upload"])
    func encodedSheetImportSeedsAreReadInsideTheFolder(_ seed: String) throws {
        let files = try Self.uploadFiles("fuzz-sheet-import/" + seed)
        #expect(files.map(\.name).contains("sheet.png"))
        let sheet = try SheetImport.read(files: files.filter { $0.name != "sheet.png" }, data: files[0].name)
        #expect(sheet.pages.count == 1 && sheet.sprites.count == 4)
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
