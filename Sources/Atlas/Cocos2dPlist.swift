import Animated
import Basics
import Foundation
import Raster

/// Cocos2d-x's sprite-sheet plist, format 3, as `SpriteFrameCache::addSpriteFramesWithFile` reads
/// it: one plist per page, with `frames` (one dictionary per sprite, keyed by its file name) and
/// `metadata`.
///
/// Per frame: `textureRect` "{{x,y},{w,h}}" (pixels from the page's top left; the size is the
/// unrotated one), `spriteSize` "{w,h}" (the same size: the one Cocos2d-x uses), `spriteOffset`
/// "{x,y}" (the trimmed rectangle's centre minus the original's, y up), `spriteSourceSize` "{w,h}"
/// (the original size), `textureRotated` (stored turned 90° clockwise, as Cocos2d-x's texture
/// coordinates expect) and `aliases` (other names for the frame: none; identical frames are
/// listed each under its own name, sharing one region). `metadata`: `format` 3, `size`,
/// `textureFileName`, `realTextureFileName`, `pixelFormat` "RGBA8888", `premultiplyAlpha` false
/// (Cocos2d-x premultiplies PNGs as it loads them, so pages are written straight) and
/// `smartupdate` (a hash of the layout, as TexturePacker writes one).
///
/// Reading is strict: the keys it knows are the ones Cocos2d-x's `SpriteFrameCache` reads and its
/// producers write — TexturePacker, Zwoptex (a root `texture` size and `metadata.target`) and Free
/// Texture Packer: per frame of format 3 `textureRect`, `spriteSize`, `spriteOffset`,
/// `spriteSourceSize`, `textureRotated`, `aliases`, `anchor` and polygon `vertices`, `verticesUV`,
/// `triangles`; of formats 1 and 2 `frame`, `offset`, `rotated`, `sourceColorRect`, `sourceSize`.
/// Anything else, a value of the wrong type or out of range is an error naming the key.
public enum Cocos2dPlist {
    static let rootKeys: KnownKeys = ["frames", "metadata", "texture"]
    static let metadataKeys: KnownKeys = ["format", "textureFileName", "realTextureFileName", "size", "smartupdate", "pixelFormat",
                                          "premultiplyAlpha", "target"]
    static let frameKeys: [Int: KnownKeys] = [
        3: ["textureRect", "spriteSize", "spriteOffset", "spriteSourceSize", "textureRotated", "aliases", "anchor",
            "vertices", "verticesUV", "triangles"],
        2: ["frame", "offset", "rotated", "sourceColorRect", "sourceSize"],
        1: ["frame", "offset", "rotated", "sourceColorRect", "sourceSize"],
    ]

    /// The plist of page `page` of `sheet`, whose image is saved as `image` (a file name next to
    /// the plist). Rotated sprites must be stored clockwise.
    /// - Throws: ``SheetExport/Error/pageOutOfRange(_:page:pages:)`` for a page the sheet does not
    ///   have; ``SheetExport/Error/rotatedTheOtherWay(_:)`` for sprites turned counter-clockwise;
    ///   ``SheetExport/Error/characterNotStorable(_:name:character:)`` for a name holding a control
    ///   character XML cannot carry (any but tab and line feed).
    public static func encode(_ sheet: SpriteSheet, page: Int = 0, image: String) throws(SheetExport.Error) -> [UInt8] {
        try SheetExport.checkPage(page, of: sheet, format: .cocos2d)
        try SheetExport.checkRotation(of: sheet, format: .cocos2d)
        try SheetNames.check([sheet], format: .cocos2d)
        let bitmap = sheet.pages[page]
        var lines = PlistText.header + ["\t<key>frames</key>", "\t<dict>"]
        var layout: UInt64 = 0xCBF2_9CE4_8422_2325   // FNV-1a of the layout: deterministic
        for sprite in sheet.sprites where sprite.page == page {
            let f = sprite.frame, (dx2, dy2) = PlistText.doubledOffset(sprite)
            let size = "{\(sprite.unturnedWidth),\(sprite.unturnedHeight)}"
            for byte in "\(sprite.name) \(f) \(sprite.rotated) \(sprite.spriteSourceSize) \(sprite.sourceWidth)x\(sprite.sourceHeight)\n".utf8 {
                layout = (layout ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
            }
            lines += ["\t\t<key>\(PlistText.escape(sprite.name)).png</key>", "\t\t<dict>",
                      "\t\t\t<key>aliases</key>", "\t\t\t<array/>",
                      "\t\t\t<key>spriteOffset</key>", "\t\t\t<string>{\(PlistText.half(dx2)),\(PlistText.half(dy2))}</string>",
                      "\t\t\t<key>spriteSize</key>", "\t\t\t<string>\(size)</string>",
                      "\t\t\t<key>spriteSourceSize</key>", "\t\t\t<string>{\(sprite.sourceWidth),\(sprite.sourceHeight)}</string>",
                      "\t\t\t<key>textureRect</key>", "\t\t\t<string>{{\(f.x),\(f.y)},\(size)}</string>",
                      "\t\t\t<key>textureRotated</key>", "\t\t\t<\(sprite.rotated)/>",
                      "\t\t</dict>"]
        }
        lines += ["\t</dict>", "\t<key>metadata</key>", "\t<dict>",
                  "\t\t<key>format</key>", "\t\t<integer>3</integer>",
                  "\t\t<key>pixelFormat</key>", "\t\t<string>RGBA8888</string>",
                  "\t\t<key>premultiplyAlpha</key>", "\t\t<\(sheet.premultipliedAlpha)/>",
                  "\t\t<key>realTextureFileName</key>", "\t\t<string>\(PlistText.escape(image))</string>",
                  "\t\t<key>size</key>", "\t\t<string>{\(bitmap.width),\(bitmap.height)}</string>",
                  "\t\t<key>smartupdate</key>", "\t\t<string>$flipbook:\(String(layout, radix: 16))$</string>",
                  "\t\t<key>textureFileName</key>", "\t\t<string>\(PlistText.escape(image))</string>",
                  "\t</dict>"]
        lines += PlistText.footer
        return Array((lines.joined(separator: "\n") + "\n").utf8)
    }

    /// What a plist says: its page image (`metadata.textureFileName`, else `realTextureFileName`)
    /// and size, and its sprites (named without `.png`), read the way Cocos2d-x reads format 3 —
    /// and formats 1 and 2 (`frame`, `offset`, `rotated`, `sourceSize`), which TexturePacker still
    /// writes for older engines. Aliases become sprites of their own sharing the region. `file`
    /// names the plist in errors.
    public static func decode(_ bytes: [UInt8], file: String = "sheet.plist") throws(SheetDataError) -> (image: String, width: Int, height: Int, premultiplied: Bool, sprites: [SpriteSheet.Sprite]) {
        do {
            return try read(InputValue.propertyList(bytes, file: file))
        } catch {
            throw SheetDataError(format: "Cocos2d plist", schema: error)
        }
    }

    private static func read(_ value: InputValue) throws(SchemaError) -> (image: String, width: Int, height: Int, premultiplied: Bool, sprites: [SpriteSheet.Sprite]) {
        let root = try value.object()
        try root.check(rootKeys)
        if let texture = root["texture"] { try texture.object().check(["width", "height"]) }
        let metadata = try root.required("metadata").object()
        try metadata.check(metadataKeys)
        let formatValue = try metadata.required("format")
        let format = try formatValue.integer()
        guard [1, 2, 3].contains(format) else { throw formatValue.outOfRange("must be 1, 2 or 3 (format 0 is not read)") }
        let imageValue: InputValue
        if let named = metadata["textureFileName"] { imageValue = named } else { imageValue = try metadata.required("realTextureFileName") }
        let image = try imageValue.string()
        if let real = metadata["realTextureFileName"] { _ = try real.string() }
        let sizeValue = try metadata.required("size")
        let size = try PlistText.geometry(sizeValue, count: 2, shape: "{w,h}")
        try PlistText.requireGeometry(size, sizes: [0, 1], at: sizeValue)
        let premultiplied = try metadata["premultiplyAlpha"]?.bool() ?? false
        for key in ["smartupdate", "pixelFormat"] { _ = try metadata[key]?.string() }
        let frames = try root.required("frames").object()
        var sprites: [SpriteSheet.Sprite] = []
        for name in frames.fields.keys.sorted(by: { NaturalOrder.areInIncreasingOrder($0, $1) }) {
            let frame = try frames[name]!.object()
            try frame.check(frameKeys[format]!)
            let rect: [Double], offset: [Double], source: [Double], rotated: Bool, aliases: [String]
            func geometry(_ key: String, _ count: Int, _ shape: String, sizes: [Int]) throws(SchemaError) -> [Double] {
                let value = try frame.required(key)
                let numbers = try PlistText.geometry(value, count: count, shape: shape)
                try PlistText.requireGeometry(numbers, sizes: sizes, at: value)
                return numbers
            }
            if format == 3 {
                let origin = try geometry("textureRect", 4, "{{x,y},{w,h}}", sizes: [2, 3])
                let spriteSize = try frame["spriteSize"].map { _ throws(SchemaError) in try geometry("spriteSize", 2, "{w,h}", sizes: [0, 1]) }
                rect = spriteSize.map { [origin[0], origin[1], $0[0], $0[1]] } ?? origin
                offset = try PlistText.geometry(frame.required("spriteOffset"), count: 2, shape: "{x,y}")
                source = try geometry("spriteSourceSize", 2, "{w,h}", sizes: [0, 1])
                rotated = try frame["textureRotated"]?.bool() ?? false
                aliases = try frame["aliases"]?.array().map { item throws(SchemaError) in try item.string() } ?? []
                if let anchor = frame["anchor"] { _ = try PlistText.geometry(anchor, count: 2, shape: "{x,y}") }
            } else {
                rect = try geometry("frame", 4, "{{x,y},{w,h}}", sizes: [2, 3])
                offset = try PlistText.geometry(frame.required("offset"), count: 2, shape: "{x,y}")
                source = try geometry("sourceSize", 2, "{w,h}", sizes: [0, 1])
                rotated = try frame["rotated"]?.bool() ?? false
                aliases = []
                if let colorRect = frame["sourceColorRect"] { _ = try PlistText.geometry(colorRect, count: 4, shape: "{{x,y},{w,h}}") }
            }
            let (w, h) = (Int(rect[2]), Int(rect[3]))
            let (x, y) = PlistText.trimOrigin(offset: offset, size: (rect[2], rect[3]), source: (source[0], source[1]))
            let unturned = PixelRect(x: Int(rect[0]), y: Int(rect[1]), width: w, height: h)
            for alias in [name] + aliases {
                sprites.append(SpriteSheet.Sprite(
                    name: alias.hasSuffix(".png") ? String(alias.dropLast(4)) : alias, frame: rotated ? unturned.transposed : unturned,
                    rotated: rotated, trimmed: w != Int(source[0]) || h != Int(source[1]),
                    spriteSourceSize: PixelRect(x: x, y: y, width: w, height: h), sourceWidth: Int(source[0]), sourceHeight: Int(source[1])))
            }
        }
        return (image, Int(size[0]), Int(size[1]), premultiplied, sprites)
    }
}

extension Cocos2dPlist {
    /// The plists of the Cocos2d sheet `path` is one page of (`d-0.plist`, `d-1.plist`, … beside
    /// one another, as `sheet --engine cocos2d` writes a sheet over several pages), in page order
    /// and with `path`'s folder; `[path]` when nothing beside it is named so. Names only: whether
    /// each holds a Cocos2d page is for its reader to say. With `extension`, the per-page data files
    /// of another format the same way (`boom-0.json`, `boom-1.json`…).
    package static func pagePlists(besides path: String, extension: String = "plist") -> [String] {
        let name = FileIO.lastComponent(of: path)
        guard OutputName.pathExtension(name) == `extension`, let dash = name.lastIndex(of: "-") else { return [path] }
        let stem = name[..<dash], rest = name[name.index(after: dash)...]
        let digits = rest.prefix { $0.isASCII && $0.isNumber }
        guard !digits.isEmpty else { return [path] }
        let tail = rest.dropFirst(digits.count)
        let folder = FileIO.parentDirectory(of: path)
        let names = ((try? FileIO.entries(of: folder)) ?? []).filter { other in
            guard other.hasPrefix(stem + "-"), other.hasSuffix(tail), other.count > stem.count + 1 + tail.count else { return false }
            let middle = other.dropFirst(stem.count + 1).dropLast(tail.count)
            return middle.allSatisfy { $0.isASCII && $0.isNumber }
        }.sorted(by: NaturalOrder.areInIncreasingOrder)
        guard names.count > 1 else { return [path] }
        return path.contains("/") ? names.map { folder == "/" ? "/" + $0 : folder + "/" + $0 } : names
    }
}
