import Animated
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
public enum Cocos2dPlist {
    /// Why a plist could not be read as a Cocos2d sheet.
    public struct Error: Swift.Error, Sendable, Equatable, CustomStringConvertible {
        /// What was wrong.
        public var reason: String
        /// `Cocos2d plist: reason`.
        public var description: String { "Cocos2d plist: \(reason)" }
    }

    /// The plist of page `page` of `sheet`, whose image is saved as `image` (a file name next to
    /// the plist). Rotated sprites must be stored clockwise.
    public static func encode(_ sheet: SpriteSheet, page: Int = 0, image: String) -> [UInt8] {
        precondition(sheet.rotation == .clockwise || !sheet.sprites.contains(where: \.rotated), "Cocos2d stores rotated sprites clockwise")
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
    /// writes for older engines. Aliases become sprites of their own sharing the region.
    public static func decode(_ bytes: [UInt8]) throws(Error) -> (image: String, width: Int, height: Int, premultiplied: Bool, sprites: [SpriteSheet.Sprite]) {
        guard let root = PlistText.dictionary(bytes) else { throw Error(reason: "not a property list") }
        guard let frames = root["frames"] as? [String: Any], let metadata = root["metadata"] as? [String: Any] else {
            throw Error(reason: "no frames or metadata dictionary")
        }
        let format = metadata["format"] as? Int ?? 0
        guard [1, 2, 3].contains(format) else { throw Error(reason: "metadata.format \(format) is not 1, 2 or 3") }
        guard let image = metadata["textureFileName"] as? String ?? metadata["realTextureFileName"] as? String else {
            throw Error(reason: "metadata names no textureFileName")
        }
        guard let size = PlistText.numbers(metadata["size"], count: 2) else { throw Error(reason: "metadata.size is not \"{w,h}\"") }
        var sprites: [SpriteSheet.Sprite] = []
        for name in frames.keys.sorted(by: { NaturalOrder.areInIncreasingOrder($0, $1) }) {
            guard let frame = frames[name] as? [String: Any] else { throw Error(reason: "frame '\(name)' is not a dictionary") }
            let rect: [Double]?, offset: [Double]?, source: [Double]?, rotated: Bool
            if format == 3 {
                let origin = PlistText.numbers(frame["textureRect"], count: 4)
                let spriteSize = PlistText.numbers(frame["spriteSize"], count: 2)
                rect = origin.flatMap { o in spriteSize.map { [o[0], o[1], $0[0], $0[1]] } ?? o }
                offset = PlistText.numbers(frame["spriteOffset"], count: 2)
                source = PlistText.numbers(frame["spriteSourceSize"], count: 2)
                rotated = frame["textureRotated"] as? Bool ?? false
            } else {
                rect = PlistText.numbers(frame["frame"], count: 4)
                offset = PlistText.numbers(frame["offset"], count: 2)
                source = PlistText.numbers(frame["sourceSize"], count: 2)
                rotated = frame["rotated"] as? Bool ?? false
            }
            guard let rect, let offset, let source, rect[2] >= 1, rect[3] >= 1 else {
                throw Error(reason: "frame '\(name)' lacks a rectangle, offset or source size")
            }
            let (w, h) = (Int(rect[2]), Int(rect[3]))
            let (x, y) = PlistText.trimOrigin(offset: offset, size: (rect[2], rect[3]), source: (source[0], source[1]))
            let unturned = PixelRect(x: Int(rect[0]), y: Int(rect[1]), width: w, height: h)
            let aliases = (frame["aliases"] as? [String]) ?? []
            for alias in [name] + aliases {
                sprites.append(SpriteSheet.Sprite(
                    name: alias.hasSuffix(".png") ? String(alias.dropLast(4)) : alias, frame: rotated ? unturned.transposed : unturned,
                    rotated: rotated, trimmed: w != Int(source[0]) || h != Int(source[1]),
                    spriteSourceSize: PixelRect(x: x, y: y, width: w, height: h), sourceWidth: Int(source[0]), sourceHeight: Int(source[1])))
            }
        }
        return (image, Int(size[0]), Int(size[1]), metadata["premultiplyAlpha"] as? Bool ?? false, sprites)
    }
}
