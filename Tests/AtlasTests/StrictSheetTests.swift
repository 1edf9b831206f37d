import Basics
import Foundation
import Testing
import TestSupport
import Raster
@testable import Atlas

/// Sheet data refuses mistyped keys (naming the key path and the nearest key), wrong types, sizes out
/// of range and animations that name missing frames; formats that producers extend report keys of
/// their own as warnings; every real file from a producer still loads.
@Suite("Strict sheet data")
struct StrictSheetTests {
    enum Format: String, Sendable, CaseIterable {
        case json, aseprite, multiatlas, libgdx, spritekit, cocos2d, godot
    }

    /// Reads `text` as `format`; the warnings, or the schema error it was refused with.
    static func read(_ format: Format, _ text: String) -> Result<[SchemaError], SchemaError> {
        let bytes = Array(text.utf8)
        func schema(_ error: SchemaError?, _ whole: any Error) -> Result<[SchemaError], SchemaError> {
            guard let error else {
                Issue.record("refused without a schema error: \(whole)")
                return .success([])
            }
            return .failure(error)
        }
        switch format {
        case .json:
            do { return .success(try TexturePackerJSON.decode(bytes, file: "sheet.json").warnings) } catch { return schema(error.schema, error) }
        case .aseprite:
            do { _ = try AsepriteJSON.decode(bytes, file: "sheet.json"); return .success([]) } catch { return schema(error.schema, error) }
        case .multiatlas:
            do { return .success(try TexturePackerJSON.decodeMultiAtlas(bytes, file: "sheet.json")?.first?.warnings ?? []) } catch {
                return schema(error.schema, error)
            }
        case .libgdx:
            do { return .success(try LibGDXAtlas.decode(bytes, file: "sheet.atlas").warnings) } catch { return schema(error.schema, error) }
        case .spritekit:
            do { return .success(try SpriteKitAtlas.decode(bytes, file: "sheet.plist").warnings) } catch { return schema(error.schema, error) }
        case .cocos2d:
            do { _ = try Cocos2dPlist.decode(bytes, file: "sheet.plist"); return .success([]) } catch { return schema(error.schema, error) }
        case .godot:
            do { _ = try GodotSpriteFrames.decode(bytes, file: "sheet.tres"); return .success([]) } catch { return schema(error.schema, error) }
        }
    }

    static let json = """
        {"frames": {"walk1.png": {"frame": {"x": 0, "y": 0, "w": 4, "h": 4}, "rotated": false, "trimmed": false,
          "spriteSourceSize": {"x": 0, "y": 0, "w": 4, "h": 4}, "sourceSize": {"w": 4, "h": 4}, "duration": 100}},
         "animations": {"walk": ["walk1.png"]},
         "meta": {"app": "x", "image": "sheet.png", "size": {"w": 8, "h": 8}, "scale": "1"}}
        """
    static let jsonArray = """
        {"frames": [{"filename": "walk1.png", "frame": {"x": 0, "y": 0, "w": 4, "h": 4}, "rotated": false, "trimmed": false,
          "spriteSourceSize": {"x": 0, "y": 0, "w": 4, "h": 4}, "sourceSize": {"w": 4, "h": 4}}],
         "meta": {"image": "sheet.png", "size": {"w": 8, "h": 8}}}
        """

    /// The base text of `format`: a small sheet, or our golden export.
    static func base(_ format: Format) throws -> String {
        let golden: String
        switch format {
        case .json: return json
        case .aseprite: golden = "sheet.aseprite.json"
        case .multiatlas: golden = "sheet.phaser3-multiatlas.json"
        case .libgdx: golden = "sheet.atlas"
        case .spritekit: golden = "sheet.atlasc.plist"
        case .cocos2d: golden = "sheet.cocos2d.plist"
        case .godot: golden = "sheet.godot4.tres"
        }
        return String(decoding: try Fixtures.bytes("atlas/\(golden)"), as: UTF8.self)
    }

    /// `base` with `old` replaced by `new`; `old` must be in it, so a case cannot pass by missing.
    static func edited(_ base: String, _ old: String, _ new: String) throws -> String {
        try #require(base.contains(old), "\(old) is not in the base text")
        return base.replacingOccurrences(of: old, with: new)
    }

    @Test(arguments: Format.allCases)
    func theBasesAreAccepted(format: Format) throws {
        guard case .success(let warnings) = Self.read(format, try Self.base(format)) else {
            Issue.record("\(format) base refused")
            return
        }
        #expect(warnings.isEmpty, "\(warnings)")
    }

    struct Mistype: Sendable, CustomTestStringConvertible {
        var format: Format
        var old: String
        var new: String
        var keyPath: String
        var meant: String
        var line: Int? = nil
        var testDescription: String { "\(format.rawValue): \(keyPath)" }
    }

    static let mistypes: [Mistype] = [
        Mistype(format: .json, old: #""w": 4, "h": 4}, "sourceSize""#, new: #""w": 4, "q": 4}, "sourceSize""#,
                keyPath: #"frames["walk1.png"].spriteSourceSize.q"#, meant: "h"),
        Mistype(format: .json, old: #""rotated""#, new: #""rotatd""#, keyPath: #"frames["walk1.png"].rotatd"#, meant: "rotated"),
        Mistype(format: .json, old: #""sourceSize""#, new: #""sourcesize""#, keyPath: #"frames["walk1.png"].sourcesize"#, meant: "sourceSize"),
        Mistype(format: .json, old: #""duration""#, new: #""duraton""#, keyPath: #"frames["walk1.png"].duraton"#, meant: "duration"),
        Mistype(format: .json, old: #""image""#, new: #""imgae""#, keyPath: "meta.imgae", meant: "image"),
        Mistype(format: .json, old: #""animations""#, new: #""animatons""#, keyPath: "animatons", meant: "animations"),
        Mistype(format: .aseprite, old: #""from": 0"#, new: #""form": 0"#, keyPath: "meta.frameTags[0].form", meant: "from"),
        Mistype(format: .multiatlas, old: #""filename" : "walk1""#, new: #""filenmae" : "walk1""#, keyPath: "textures[0].frames[0].filenmae",
                meant: "filename"),
        Mistype(format: .libgdx, old: "bounds:0,0,32,32", new: "bouns:0,0,32,32", keyPath: #"["sheet.png"].walk.bouns"#, meant: "bounds",
                line: 12),
        Mistype(format: .libgdx, old: "filter:", new: "fliter:", keyPath: #"["sheet.png"].fliter"#, meant: "filter", line: 3),
        Mistype(format: .spritekit, old: "<key>textureRect</key>", new: "<key>textureRct</key>",
                keyPath: "images[0].subimages[0].textureRct", meant: "textureRect"),
        Mistype(format: .cocos2d, old: "<key>spriteOffset</key>", new: "<key>spriteOfset</key>", keyPath: #"frames["jump0.png"].spriteOfset"#,
                meant: "spriteOffset"),
        Mistype(format: .cocos2d, old: "<key>smartupdate</key>", new: "<key>smartupdat</key>", keyPath: "metadata.smartupdat",
                meant: "smartupdate"),
        Mistype(format: .godot, old: "region = Rect2(0, 0, 32, 32)", new: "regoin = Rect2(0, 0, 32, 32)",
                keyPath: "sub_resource.AtlasTexture_2.regoin", meant: "region", line: 14),
        Mistype(format: .godot, old: "\"speed\": ", new: "\"sped\": ", keyPath: "resource.animations[0].sped", meant: "speed"),
        Mistype(format: .godot, old: "\"duration\": ", new: "\"duraton\": ", keyPath: "resource.animations[0].frames[0].duraton",
                meant: "duration"),
        Mistype(format: .godot, old: "[ext_resource", new: "[ext_resouce", keyPath: "ext_resouce", meant: "ext_resource", line: 3),
    ]

    @Test(arguments: mistypes)
    func refusesAMistypedKey(_ mistype: Mistype) throws {
        let text = try Self.edited(try Self.base(mistype.format), mistype.old, mistype.new)
        guard case .failure(let error) = Self.read(mistype.format, text) else {
            Issue.record("accepted")
            return
        }
        #expect(error.isUnknownKey && error.keyPath == mistype.keyPath && error.suggestion == mistype.meant, "\(error)")
        #expect(error.description.hasSuffix("; did you mean \"\(mistype.meant)\"?"), "\(error)")
        if let line = mistype.line { #expect(error.line == line, "\(error)") }
    }

    @Test func theBriefsExampleReadsWell() throws {
        let text = try Self.edited(Self.json, #""w": 4, "h": 4}, "sourceSize""#, #""w": 4, "q": 4}, "sourceSize""#)
        guard case .failure(let error) = Self.read(.json, text) else { Issue.record("accepted"); return }
        #expect(error.description == #"sheet.json: unknown key "q" in frames["walk1.png"].spriteSourceSize; did you mean "h"?"#)
        let atlas = try Self.edited(try Self.base(.libgdx), "bounds:0,0,32,32", "bouns:0,0,32,32")
        guard case .failure(let line) = Self.read(.libgdx, atlas) else { Issue.record("accepted"); return }
        #expect(line.description == #"sheet.atlas:12: unknown key "bouns" in ["sheet.png"].walk; did you mean "bounds"?"#)
    }

    @Test func strictFormatsRefuseAnyOtherKey() throws {
        let plist = try Self.edited(try Self.base(.cocos2d), "<key>smartupdate</key>", "<key>exporter</key><string>x</string><key>smartupdate</key>")
        guard case .failure(let error) = Self.read(.cocos2d, plist) else { Issue.record("accepted"); return }
        #expect(error.description.hasPrefix(#"sheet.plist: unknown key "exporter" in metadata; the keys here are "format", "#), "\(error)")
        let tres = try Self.edited(try Self.base(.godot), "region = Rect2(0, 0, 32, 32)", "region = Rect2(0, 0, 32, 32)\nshrink = true")
        guard case .failure(let godot) = Self.read(.godot, tres) else { Issue.record("accepted"); return }
        #expect(godot.keyPath == "sub_resource.AtlasTexture_2.shrink" && godot.line == 15)
        // Godot 4 keeps any object's metadata as metadata/… properties.
        let metadata = try Self.edited(try Self.base(.godot), "region = Rect2(0, 0, 32, 32)", "region = Rect2(0, 0, 32, 32)\nmetadata/note = \"x\"")
        #expect(throws: Never.self) { try Self.read(.godot, metadata).get() }
    }

    @Test(arguments: [
        (Format.json, #""app": "x""#, #""app": "x", "exporter": "melonJS""#, "meta.exporter"),
        (Format.json, #""duration": 100"#, #""duration": 100, "borders": {"left": 1}, "zIndex": 2"#, #"frames["walk1.png"].zIndex"#),
        (Format.libgdx, "pma:false", "pma:false\nmipmaps:4", #"["sheet.png"].mipmaps"#),
        (Format.libgdx, "index:1\n", "index:1\nhue:3\nsplit:1,1,1,1\n", #"["sheet.png"].walk.hue"#),
        (Format.spritekit, "<key>format</key>", "<key>version</key><integer>1</integer><key>format</key>", "version"),
    ])
    func extensibleFormatsWarnOfKeysOfTheirOwn(format: Format, old: String, new: String, keyPath: String) throws {
        let text = try Self.edited(try Self.base(format), old, new)
        guard case .success(let warnings) = Self.read(format, text) else { Issue.record("refused"); return }
        #expect(warnings.map(\.keyPath) == [keyPath], "\(warnings)")
        #expect(warnings.allSatisfy { $0.isUnknownKey && $0.suggestion == nil })
    }

    @Test(arguments: [
        (Format.json, #""rotated": false"#, #""rotated": "false""#, #"sheet.json: frames["walk1.png"].rotated: expected true or false, found a string ("false")"#),
        (Format.json, #""w": 4, "h": 4}, "rotated""#, #""w": "4", "h": 4}, "rotated""#, #"sheet.json: frames["walk1.png"].frame.w: expected a whole number, found a string ("4")"#),
        (Format.libgdx, "bounds:0,0,32,32", "bounds:0,0,32,x", #"sheet.atlas:12: ["sheet.png"].walk.bounds: expected whole numbers, found "x""#),
        (Format.spritekit, "<string>{32,43}</string>", "<integer>32</integer>", "sheet.plist: images[0].size: expected a string, found the number 32"),
        (Format.cocos2d, "<key>textureRotated</key>\n\t\t\t<false/>", "<key>textureRotated</key>\n\t\t\t<string>no</string>",
         #"sheet.plist: frames["jump0.png"].textureRotated: expected true or false, found a string ("no")"#),
        (Format.godot, "\"loop\": false", "\"loop\": \"no\"", #"sheet.tres:67: resource.animations[0].loop: expected true or false, found a string ("no")"#),
    ])
    func refusesAWrongType(format: Format, old: String, new: String, message: String) throws {
        guard case .failure(let error) = Self.read(format, try Self.edited(try Self.base(format), old, new)) else { Issue.record("accepted"); return }
        #expect(error.description == message)
    }

    @Test(arguments: [
        (Format.json, #""w": 4, "h": 4}, "rotated""#, #""w": 0, "h": 4}, "rotated""#, #"frames["walk1.png"].frame.w"#),
        (Format.json, #""size": {"w": 8"#, #""size": {"w": -8"#, "meta.size.w"),
        (Format.aseprite, #""to": 2"#, #""to": 9"#, "meta.frameTags[0].to"),
        (Format.libgdx, "bounds:0,0,32,32", "bounds:0,0,0,32", #"["sheet.png"].walk.bounds"#),
        (Format.spritekit, "<string>{{0,0},{32,32}}</string>", "<string>{{0,0},{0,32}}</string>", "images[0].subimages[1].textureRect"),
        (Format.cocos2d, "<integer>3</integer>", "<integer>4</integer>", "metadata.format"),
        (Format.godot, "\"speed\": ", "\"speed\": -", "resource.animations[0].speed"),
        (Format.godot, "region = Rect2(0, 0, 32, 32)", "region = Rect2(0, 0, 0, 32)", "sub_resource.AtlasTexture_2.region"),
    ])
    func refusesANumberOutOfRange(format: Format, old: String, new: String, keyPath: String) throws {
        guard case .failure(let error) = Self.read(format, try Self.edited(try Self.base(format), old, new)) else { Issue.record("accepted"); return }
        guard case .outOfRange = error.problem else { Issue.record("not out of range: \(error)"); return }
        #expect(error.keyPath == keyPath, "\(error)")
    }

    @Test func refusesAnAnimationOfAFrameThatIsNotThere() throws {
        let text = try Self.edited(Self.json, #"["walk1.png"]"#, #"["walk1.png", "walk2.png"]"#)
        guard case .failure(let error) = Self.read(.json, text) else { Issue.record("accepted"); return }
        #expect(error.description == #"sheet.json: animations.walk[1]: no frame is named "walk2.png"; did you mean "walk1.png"?"#)
    }

    @Test func refusesGeometryOfTheWrongCountAndAnArrayFrameWithoutAName() throws {
        let atlas = try Self.edited(try Self.base(.libgdx), "bounds:0,0,32,32", "bounds:0,0,32")
        guard case .failure(let count) = Self.read(.libgdx, atlas), case .countMismatch(4, 3, _) = count.problem else {
            Issue.record("bounds with 3 numbers accepted or refused otherwise")
            return
        }
        let plist = try Self.edited(try Self.base(.cocos2d), "<string>{20,10}</string>", "<string>{20,10,5}</string>")
        guard case .failure(let geometry) = Self.read(.cocos2d, plist) else { Issue.record("accepted"); return }
        #expect(geometry.keyPath.hasSuffix(".spriteSize"), "\(geometry)")
        let unnamed = try Self.edited(Self.jsonArray, #""filename": "walk1.png", "#, "")
        guard case .failure(let missing) = Self.read(.json, unnamed) else { Issue.record("accepted"); return }
        #expect(missing.description == #"sheet.json: missing key "filename" in frames[0]"#)
        #expect(throws: Never.self) { try Self.read(.json, Self.jsonArray).get() }
    }

    @Test func importShowsWarningsAndWrapsErrors() throws {
        let folder = try Fixtures.temporaryFolder("strict-sheet")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try PNG.Encoder().write(Bitmap(clearWidth: 8, height: 8), to: folder + "/sheet.png")
        try Self.edited(Self.json, #""app": "x""#, #""app": "x", "exporter": "melonJS""#).write(toFile: folder + "/sheet.json", atomically: true, encoding: .utf8)
        let sheet = try SheetImport.read(folder + "/sheet.json")
        #expect(sheet.warnings.map(\.description) == [folder + #"/sheet.json: unknown key "exporter" in meta"#])
        try Self.edited(Self.json, #""rotated""#, #""rotatd""#).write(toFile: folder + "/bad.json", atomically: true, encoding: .utf8)
        #expect {
            _ = try SheetImport.read(folder + "/bad.json")
        } throws: { error in
            guard let error = error as? SheetImport.Error, let schema = error.schemaError else { return false }
            return schema.keyPath == #"frames["walk1.png"].rotatd"# && error.description.hasPrefix(folder + "/bad.json: unknown key")
        }
    }
}

/// A libGDX atlas cut after its page header (`head -4 sheet.atlas`) was read as "0 frames from 1
/// page", exit 0, and an empty output folder made; `filter:Foo,Bar` and `repeat:banana` were read
/// without a word while `pma:maybe` was refused (found by a new-user round). A sheet that names no
/// frame is refused before anything is made; page values are libGDX's own names. The atlas is the
/// gold coin's, packed for libGDX.
@Suite("libGDX atlas: cut short and page values")
struct LibGDXCutAndPageValueTests {
    /// The coin packed for libGDX in a new folder, its `.atlas` text then changed by `transform`.
    static func atlas(_ transform: (String) -> String) throws -> String {
        let folder = try Fixtures.temporaryFolder("libgdx-cut")
        let job = SheetJob(sources: [Fixtures.path("sequences/kenney-gold-coin")], output: folder + "/coin.png", engine: .libgdx)
        try job.write(try job.plan(cancellation: nil), cancellation: nil)
        let path = folder + "/coin.atlas"
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.contains("filter:Linear,Linear\n") && text.contains("repeat:none\n"))
        try Data(transform(text).utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test func anAtlasOfItsHeaderAloneIsRefusedAndMakesNoFolder() throws {
        let path = try Self.atlas { $0.split(separator: "\n", omittingEmptySubsequences: false).prefix(5).joined(separator: "\n") + "\n" }
        let output = FileIO.parentDirectory(of: path) + "/out"
        #expect {
            try FramesJob(input: path, output: output).run(cancellation: nil)
        } throws: { error in
            guard case .sheet(let sheet)? = error as? FramesJobError else { return false }
            return sheet.description.contains("names no frames")
        }
        #expect(!FileManager.default.fileExists(atPath: output))
    }

    @Test(arguments: [("filter:Linear,Linear", "filter:Foo,Bar"), ("filter:Linear,Linear", "filter:Linear"), ("repeat:none", "repeat:banana")])
    func pageValuesLibGDXDoesNotKnowAreRefused(line: String, replacement: String) throws {
        let path = try Self.atlas { $0.replacingOccurrences(of: line, with: replacement) }
        #expect {
            try SheetImport.read(path)
        } throws: { error in
            (error as? SheetImport.Error)?.schemaError.map { if case .unknownValue = $0.problem { true } else { false } } ?? false
        }
    }

    /// Values libGDX writes, spaced as its own files are (`filter: MipMapLinearLinear, Linear`), still read.
    @Test func libGDXsOwnValuesStillRead() throws {
        let path = try Self.atlas {
            $0.replacingOccurrences(of: "filter:Linear,Linear", with: "filter: MipMapLinearLinear, Nearest")
                .replacingOccurrences(of: "repeat:none", with: "repeat: xy")
        }
        #expect(try SheetImport.read(path).sprites.count == 4)
    }

    /// libGDX reads header fields only at the top of a file: after a blank line, the line that starts a
    /// block is a page name even when it holds a colon. The reader took `C:\pages\b.png` there as a
    /// header field, so the region after it became a page and the error named a missing page.
    @Test func aPageNameWithAColonAfterABlankLineIsAPage() throws {
        let text = "format: RGBA8888\n\na.png\nsize:8,8\nx\nbounds:0,0,4,4\n\nC:\\pages\\b.png\nsize:8,8\ny\nbounds:0,0,2,2\n"
        let decoded = try LibGDXAtlas.decode(Array(text.utf8))
        #expect(decoded.pages.map(\.image) == ["a.png", #"C:\pages\b.png"#])
        #expect(decoded.regions.map(\.name) == ["x", "y"] && decoded.regions.map(\.page) == [0, 1])
        #expect(decoded.warnings.map(\.found) == ["format"])   // the header field at the top is still one
    }

    /// Fresh eyes: -9223372036854775808 (Int.min) in any numeric field of a libGDX atlas trapped in
    /// `abs` (exit 132, a server dead on one upload); every other value out of range is refused.
    @Test(arguments: ["bounds:-9223372036854775808,0,10,10", "offsets:-9223372036854775808,0,10,10", "index:-9223372036854775808",
                      "xy:-9223372036854775808,0", "orig:10,-9223372036854775808", "offset:-9223372036854775808,0"])
    func theSmallestIntegerIsRefusedInEveryLibGDXField(_ line: String) {
        let text = "s.png\nsize:64,64\na\n" + (line.hasPrefix("bounds") ? line : "bounds:0,0,10,10\n" + line) + "\n"
        #expect(throws: SheetDataError.self) { _ = try LibGDXAtlas.decode(Array(text.utf8)) }
    }
}
