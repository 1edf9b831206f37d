import Basics
import Foundation
import Raster

/// SpriteKit's compiled atlas, the `.atlasc` folder Xcode builds from a `.atlas` folder and
/// `SKTextureAtlas(named:)` loads: `NAME.plist` and pages `NAME.1.png`, `NAME.2.png`… (`NAME.1@2x.png`
/// for the @2x sheet of the same layout).
///
/// The plist (specified in the repository's `docs/Formats.md`, "SpriteKit `.atlasc`"): `format` "APPL" and `images`, one per page, each with `path`, `size`
/// "{w,h}" and `subimages`: `name` (the file name the sprite came from, `walk0.png`,
/// `walk0@2x.png`), `textureRect` "{{x,y},{w,h}}" (pixels from the page's top left, unrotated size),
/// `spriteOffset` "{x,y}" (trimmed centre minus original centre, y up, in pixels),
/// `spriteSourceSize` "{w,h}", `textureRotated` (turned 90° clockwise) and `isFullyOpaque`.
///
/// Reading knows those keys and the ones TexturePacker adds (a root `codeandweb` dictionary, a
/// subimage's `aliases`, which become sprites of their own sharing the region). Apple documents the
/// compiled format as private and subject to change, so reading is lenient
/// (Basics' `KnownKeys.Policy.lenient`): another key is a warning, unless it looks like a misspelling of
/// a key the dictionary lacks; a value of the wrong type or out of range is an error naming the key.
public enum SpriteKitAtlas {
    static let rootKeys: KnownKeys = ["format", "images", "codeandweb"]
    static let imageKeys: KnownKeys = ["path", "size", "subimages"]
    static let subimageKeys: KnownKeys = ["name", "textureRect", "spriteOffset", "spriteSourceSize", "textureRotated", "isFullyOpaque", "aliases"]

    /// The page file of page `page` of a sheet at `scale`: `NAME.1.png`, `NAME.1@2x.png`.
    public static func pageFile(name: String, page: Int, scale: Int) -> String {
        "\(name).\(page + 1)\(scale > 1 ? "@\(scale)x" : "").png"
    }

    /// The plist for `sheets` (one per scale, same layout), whose pages are saved under
    /// ``pageFile(name:page:scale:)``. Rotated sprites must be stored clockwise.
    /// - Throws: ``SheetExport/Error/rotatedTheOtherWay(_:)`` for sprites turned counter-clockwise;
    ///   ``SheetExport/Error/sheet(_:)`` for a sprite that does not lie on its page (its pixels
    ///   are read to say whether it is opaque);
    ///   ``SheetExport/Error/characterNotStorable(_:name:character:)`` for a name holding a control
    ///   character XML cannot carry (any but tab and line feed).
    public static func encode(_ sheets: [SpriteSheet], name: String) throws(SheetExport.Error) -> [UInt8] {
        try SheetNames.check(sheets, format: .spritekit)
        for sheet in sheets {
            try SheetExport.checkRotation(of: sheet, format: .spritekit)
            do { try sheet.check() } catch { throw .sheet(error) }
        }
        var lines = PlistText.header + [
            "\t<key>format</key>", "\t<string>APPL</string>",
            "\t<key>images</key>", "\t<array>",
        ]
        for sheet in sheets {
            let suffix = sheet.scale > 1 ? "@\(sheet.scale)x" : ""
            for (index, page) in sheet.pages.enumerated() {
                lines += ["\t\t<dict>",
                          "\t\t\t<key>path</key>", "\t\t\t<string>\(PlistText.escape(pageFile(name: name, page: index, scale: sheet.scale)))</string>",
                          "\t\t\t<key>size</key>", "\t\t\t<string>{\(page.width),\(page.height)}</string>",
                          "\t\t\t<key>subimages</key>", "\t\t\t<array>"]
                for sprite in sheet.sprites where sprite.page == index {
                    let f = sprite.frame, (dx2, dy2) = PlistText.doubledOffset(sprite)
                    lines += ["\t\t\t\t<dict>",
                              "\t\t\t\t\t<key>isFullyOpaque</key>", "\t\t\t\t\t<\(isOpaque(page, f))/>",
                              "\t\t\t\t\t<key>name</key>", "\t\t\t\t\t<string>\(PlistText.escape(sprite.name + suffix)).png</string>",
                              "\t\t\t\t\t<key>spriteOffset</key>", "\t\t\t\t\t<string>{\(PlistText.half(dx2)),\(PlistText.half(dy2))}</string>",
                              "\t\t\t\t\t<key>spriteSourceSize</key>", "\t\t\t\t\t<string>{\(sprite.sourceWidth),\(sprite.sourceHeight)}</string>",
                              "\t\t\t\t\t<key>textureRect</key>", "\t\t\t\t\t<string>{{\(f.x),\(f.y)},{\(sprite.unturnedWidth),\(sprite.unturnedHeight)}}</string>",
                              "\t\t\t\t\t<key>textureRotated</key>", "\t\t\t\t\t<\(sprite.rotated)/>",
                              "\t\t\t\t</dict>"]
                }
                lines += ["\t\t\t</array>", "\t\t</dict>"]
            }
        }
        lines += ["\t</array>"] + PlistText.footer
        return Array((lines.joined(separator: "\n") + "\n").utf8)
    }

    /// What a plist says: its pages (file, size, scale from an `@Nx` file name) and sprites, each
    /// named like its file without `.png` (so `walk0@2x` for the @2x page's) and pointing at its
    /// page, and the keys kept only as warnings. `file` names the plist in errors and warnings.
    public static func decode(_ bytes: [UInt8], file: String = "sheet.plist") throws(SheetDataError)
        -> (pages: [(path: String, width: Int, height: Int, scale: Int)], sprites: [SpriteSheet.Sprite], warnings: [SchemaError]) {
        var warnings: [SchemaError] = []
        do {
            let (pages, sprites) = try read(InputValue.propertyList(bytes, file: file), warnings: &warnings)
            return (pages, sprites, warnings)
        } catch {
            throw SheetDataError(format: "SpriteKit atlas", schema: error)
        }
    }

    private static func read(_ value: InputValue, warnings: inout [SchemaError]) throws(SchemaError)
        -> (pages: [(path: String, width: Int, height: Int, scale: Int)], sprites: [SpriteSheet.Sprite]) {
        let root = try value.object()
        try root.check(rootKeys, policy: .lenient, warnings: &warnings)
        if let format = root["format"] { _ = try format.string() }
        var pages: [(path: String, width: Int, height: Int, scale: Int)] = []
        var sprites: [SpriteSheet.Sprite] = []
        for item in try root.required("images").array() {
            let image = try item.object()
            try image.check(imageKeys, policy: .lenient, warnings: &warnings)
            let path = try image.required("path").string()
            let sizeValue = try image.required("size")
            let size = try PlistText.geometry(sizeValue, count: 2, shape: "{w,h}")
            try PlistText.requireGeometry(size, sizes: [0, 1], at: sizeValue)
            pages.append((path, Int(size[0]), Int(size[1]), ImageFileName(path: path).scale ?? 1))
            for entry in try image["subimages"]?.array() ?? [] {
                let subimage = try entry.object()
                try subimage.check(subimageKeys, policy: .lenient, warnings: &warnings)
                let name = try subimage.required("name").string()
                let rectValue = try subimage.required("textureRect")
                let rect = try PlistText.geometry(rectValue, count: 4, shape: "{{x,y},{w,h}}")
                try PlistText.requireGeometry(rect, sizes: [2, 3], at: rectValue)
                let sourceValue = try subimage.required("spriteSourceSize")
                let source = try PlistText.geometry(sourceValue, count: 2, shape: "{w,h}")
                try PlistText.requireGeometry(source, sizes: [0, 1], at: sourceValue)
                let offset = try subimage["spriteOffset"].map { v throws(SchemaError) in try PlistText.geometry(v, count: 2, shape: "{x,y}") } ?? [0, 0]
                let rotated = try subimage["textureRotated"]?.bool() ?? false
                _ = try subimage["isFullyOpaque"]?.bool()
                let aliases = try subimage["aliases"]?.array().map { item throws(SchemaError) in try item.string() } ?? []
                let (w, h) = (Int(rect[2]), Int(rect[3]))
                let (x, y) = PlistText.trimOrigin(offset: offset, size: (rect[2], rect[3]), source: (source[0], source[1]))
                let unturned = PixelRect(x: Int(rect[0]), y: Int(rect[1]), width: w, height: h)
                let frame = rotated ? unturned.transposed : unturned
                for alias in [name] + aliases {
                    sprites.append(SpriteSheet.Sprite(
                        name: alias.hasSuffix(".png") ? String(alias.dropLast(4)) : alias, frame: frame, page: pages.count - 1, rotated: rotated,
                        trimmed: w != Int(source[0]) || h != Int(source[1]), spriteSourceSize: PixelRect(x: x, y: y, width: w, height: h),
                        sourceWidth: Int(source[0]), sourceHeight: Int(source[1])))
                }
            }
        }
        return (pages, sprites)
    }

    private static func isOpaque(_ page: Bitmap, _ rect: PixelRect) -> Bool {
        for y in rect.y..<(rect.y + rect.height) {
            for x in rect.x..<(rect.x + rect.width) where page.pixels[(y * page.width + x) * 4 + 3] != 255 { return false }
        }
        return true
    }

}
