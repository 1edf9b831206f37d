import Basics
import Foundation
import Raster

/// libGDX's `.atlas` text format, new style (libGDX ≥ 1.9.13, Spine 4), as `TextureAtlas` reads it:
/// a page line (the image), `size`, `filter`, `repeat`, `pma`; then one block per region with its
/// name, `index`, `bounds:x,y,w,h` and, for trimmed frames, `offsets:left,bottom,origW,origH`.
///
/// Frames of an animation become regions with the animation's name and the frame number as
/// `index`, so `atlas.findRegions("walk")` returns them in order. Where the animation's name and
/// the number do not spell the sprite's name (`walk_01`, `frame-001`, a one-frame `0123456789`),
/// a `name:` field holds it, so the name comes back as it went in; libGDX keeps the field as a
/// custom value (`AtlasRegion.names`) and plays the region as before. libGDX is y-up: the offset's
/// second value counts the pixels trimmed from the *bottom* of the original image.
///
/// Reading knows the fields of both formats as libGDX's `TextureAtlasData` and Spine's runtimes read
/// them — page `size`, `format`, `filter`, `repeat`, `pma`; region `bounds`, `offsets`, `rotate`,
/// `index` (new), `xy`, `size`, `orig`, `offset` (legacy), and `split` and `pad` — and is lenient
/// (Basics' `KnownKeys.Policy.lenient`): libGDX keeps any other region field as a custom value
/// (`AtlasRegion.names`/`values`) and ignores other page and header fields, so those are warnings.
/// A field that looks like a misspelling of one the block lacks (`bouns`), a region without
/// bounds, a value that is not the right count of whole numbers or is out of range is an error
/// naming the page, the region, the field and the line.
public enum LibGDXAtlas {
    /// The page fields libGDX reads.
    static let pageKeys: KnownKeys = ["size", "format", "filter", "repeat", "pma"]
    /// The values libGDX reads for a page's `filter` (two: minification, magnification) and `repeat`.
    static let pageValues: [String: [String]] = [
        "filter": ["Nearest", "Linear", "MipMap", "MipMapNearestNearest", "MipMapLinearNearest", "MipMapNearestLinear", "MipMapLinearLinear"],
        "repeat": ["none", "x", "y", "xy"],
    ]
    /// The region fields libGDX reads (new format, then legacy), and the custom values its
    /// TexturePacker writes for nine-patches.
    static let regionKeys: KnownKeys = ["bounds", "offsets", "rotate", "index", "xy", "size", "orig", "offset", "split", "pad", "name"]

    /// One region as the file states it.
    public struct Region: Sendable, Hashable {
        /// The region's name line: for a frame of an animation, the animation's name (`walk`).
        public var name: String
        /// The `index:` field: the frame's number within the animation of ``name``, or -1 when
        /// the region has none (libGDX's value for a region that is not a frame).
        public var index: Int
        /// Which page block it is in (0-based).
        public var page: Int
        /// Stored turned 90° counter-clockwise; `bounds` keep the unrotated size.
        public var rotated: Bool
        /// `bounds:x,y,w,h` (or the legacy `xy` and `size`): where the region is on its page, in
        /// pixels from the top left, with the unrotated width and height.
        public var bounds: SpriteSheet.Rect
        /// (left, bottom, original width, original height); `nil` when not trimmed.
        public var offsets: (left: Int, bottom: Int, width: Int, height: Int)?
        /// The `name:` field: the sprite's own name, which Flipbook writes when ``name`` and
        /// ``index`` do not spell it (`walk_01` as `walk`, index 1); `nil` when absent.
        public var spriteName: String?

        /// Whether two regions state the same (all fields compared).
        public static func == (a: Region, b: Region) -> Bool {
            a.name == b.name && a.index == b.index && a.spriteName == b.spriteName && a.page == b.page && a.rotated == b.rotated && a.bounds == b.bounds && a.offsets.map { [$0.0, $0.1, $0.2, $0.3] } == b.offsets.map { [$0.0, $0.1, $0.2, $0.3] }
        }

        /// Hashes the name, index and bounds.
        public func hash(into hasher: inout Hasher) {
            hasher.combine(name)
            hasher.combine(index)
            hasher.combine(bounds)
        }

        /// The sprite this region describes, named by its `name:` field, else `name` + `index` when
        /// indexed (as libGDX's TexturePacker folds `walk_1.png` into `walk`, index 1), else `name`.
        public var sprite: SpriteSheet.Sprite {
            let spriteName = self.spriteName ?? (index >= 0 ? name + String(index) : name)
            let onPage = rotated ? bounds.transposed : bounds
            guard let o = offsets else {
                return SpriteSheet.Sprite(name: spriteName, frame: onPage, page: page, rotated: rotated, trimmed: false,
                                          spriteSourceSize: .init(x: 0, y: 0, width: bounds.width, height: bounds.height),
                                          sourceWidth: bounds.width, sourceHeight: bounds.height)
            }
            let top = o.height - o.bottom - bounds.height
            return SpriteSheet.Sprite(name: spriteName, frame: onPage, page: page, rotated: rotated, trimmed: true,
                                      spriteSourceSize: .init(x: o.left, y: top, width: bounds.width, height: bounds.height),
                                      sourceWidth: o.width, sourceHeight: o.height)
        }
    }

    /// The atlas of `sheet`, whose pages are saved as `images` (file names relative to the atlas).
    /// The sheet must store rotated sprites counter-clockwise, as libGDX does, and its sprite and
    /// animation names must be ones a line can hold (``unstorableName(in:)``).
    /// - Throws: ``SheetExport/Error/imageNamesNotOnePerPage(_:images:pages:)`` unless `images` has
    ///   one name per page; ``SheetExport/Error/rotatedTheOtherWay(_:)`` for sprites turned
    ///   clockwise; ``SheetExport/Error/characterNotStorable(_:name:character:)`` for a name holding
    ///   a control character or a `:`; ``SheetExport/Error/nameNotStorable(_:name:)`` for an empty
    ///   name or one with spaces around it.
    public static func encode(_ sheet: SpriteSheet, images: [String]) throws(SheetExport.Error) -> [UInt8] {
        try SheetExport.checkImages(images, of: sheet, format: .libgdx)
        try SheetExport.checkRotation(of: sheet, format: .libgdx)
        try SheetNames.check([sheet], format: .libgdx)
        if let name = unstorableName(in: sheet) { throw .nameNotStorable(.libgdx, name: name) }
        var lines: [String] = []
        // Which animation (and position) each frame belongs to.
        var membership: [String: (name: String, position: Int)] = [:]
        for animation in sheet.animations {
            for (position, frame) in animation.frames.enumerated() where membership[frame] == nil {
                membership[frame] = (animation.name, position)
            }
        }
        for (page, bitmap) in sheet.pages.enumerated() {
            if page > 0 { lines.append("") }
            lines += [images[page], "size:\(bitmap.width),\(bitmap.height)", "filter:Linear,Linear", "repeat:none", "pma:\(sheet.premultipliedAlpha)"]
            for sprite in sheet.sprites where sprite.page == page { lines += regionLines(sprite, membership: membership) }
        }
        return Array((lines.joined(separator: "\n") + "\n").utf8)
    }

    /// The first sprite or animation name of `sheet` that an atlas cannot hold: empty, with a line
    /// break or a `:` (libGDX would read the name line as a field of the region before), or with
    /// spaces around it (libGDX trims them); `nil` when all can be written. `encode` refuses a line
    /// break, a `:` or another control character first, naming it
    /// (``SheetExport/Error/characterNotStorable(_:name:character:)``).
    public static func unstorableName(in sheet: SpriteSheet) -> String? {
        (sheet.sprites.map(\.name) + sheet.animations.map(\.name)).first { name in
            name.isEmpty || name.contains(":") || name.contains(where: \.isNewline)
                || name.first?.isWhitespace == true || name.last?.isWhitespace == true
        }
    }

    /// A region's lines: name, index, bounds (unturned size), offsets when trimmed, rotate when turned.
    private static func regionLines(_ sprite: SpriteSheet.Sprite, membership: [String: (name: String, position: Int)]) -> [String] {
        var lines: [String] = []
        var name = sprite.name, index = -1
        if let member = membership[sprite.name] {
            name = member.name
            // The frame number in the name when it follows the animation's name (after a separator
            // such as `-` or `_`) or is the whole name (a folder of `1.png`, `2.png`, …), else the position.
            index = member.position
            let rest = sprite.name.hasPrefix(member.name)
                ? sprite.name.dropFirst(member.name.count).drop { "-_. ".contains($0) } : Substring(sprite.name)
            if !rest.isEmpty, rest.allSatisfy(\.isASCII), rest.allSatisfy(\.isNumber), let number = Int(rest) { index = number }
        }
        lines.append(name)
        if index >= 0 { lines.append("index:\(index)") }
        // The name as it went in, where the region's name and index do not give it back.
        if (index >= 0 ? name + String(index) : name) != sprite.name { lines.append("name:\(sprite.name)") }
        let f = sprite.frame
        lines.append("bounds:\(f.x),\(f.y),\(sprite.unturnedWidth),\(sprite.unturnedHeight)")
        if sprite.trimmed {
            let s = sprite.spriteSourceSize
            lines.append("offsets:\(s.x),\(sprite.sourceHeight - s.y - s.height),\(sprite.sourceWidth),\(sprite.sourceHeight)")
        }
        if sprite.rotated { lines.append("rotate:true") }
        return lines
    }

    /// The animations of `regions` as libGDX's `findRegions(name)` gives them: the regions of one
    /// name with an `index` (≥ 0), sorted by it (regions of one index in file order), in the order
    /// their names first appear; each frame is its region's ``Region/sprite`` name.
    /// Names are told apart byte for byte, as libGDX compares them: `café` composed and decomposed
    /// are two animations (which a reader then refuses as one name twice), never one of both.
    public static func animations(_ regions: [Region]) -> [SpriteSheet.Animation] {
        var order: [String] = []
        var members: [NameSpelling.Exact: [Region]] = [:]
        for region in regions where region.index >= 0 {
            let key = NameSpelling.Exact(region.name)
            if members[key] == nil { order.append(region.name) }
            members[key, default: []].append(region)
        }
        return order.map { name in
            let sorted = members[NameSpelling.Exact(name)]!.enumerated().sorted { ($0.element.index, $0.offset) < ($1.element.index, $1.offset) }
            return SpriteSheet.Animation(name: name, frames: sorted.map(\.element.sprite.name))
        }
    }

    /// The pages (image, size) and regions of an atlas file, new format or the legacy one
    /// (`xy`/`size`/`orig`/`offset`), and the fields kept only as warnings (see the type's
    /// documentation). Rotations other than 0 and 90 degrees are refused. `file` names the atlas in
    /// errors and warnings.
    public static func decode(_ bytes: [UInt8], file: String = "sheet.atlas") throws(SheetDataError)
        -> (pages: [(image: String, width: Int, height: Int, premultiplied: Bool)], regions: [Region], warnings: [SchemaError]) {
        do {
            return try read(String(decoding: bytes, as: UTF8.self), file: file)
        } catch {
            throw SheetDataError(format: "libGDX atlas", schema: error)
        }
    }

    /// One page or region block while it is read: its place and the fields seen, with their lines.
    private struct Block {
        var path: InputPath
        var line: Int
        var fields: [(key: String, line: Int)] = []
    }

    private static func read(_ text: String, file: String) throws(SchemaError)
        -> (pages: [(image: String, width: Int, height: Int, premultiplied: Bool)], regions: [Region], warnings: [SchemaError]) {
        var pages: [(image: String, width: Int, height: Int, premultiplied: Bool)] = []
        var regions: [Region] = []
        var warnings: [SchemaError] = []
        var inPage = false
        var current: Region?
        var block: Block?
        var legacy: (xy: (Int, Int)?, size: (Int, Int)?, orig: (Int, Int)?, offset: (Int, Int)?) = (nil, nil, nil, nil)
        var hasBounds = false
        // libGDX reads header fields only at the top of the file; after the first blank line or page, a line
        // that starts a block is a page name even with a colon in it (`C:\pages\a.png`).
        var headerOpen = true
        var started = false

        /// Unknown fields of the block just read: near-misses of a field it lacks are errors, others warnings.
        func checkFields(_ block: Block, known: KnownKeys) throws(SchemaError) {
            let present = Set(block.fields.map(\.key))
            let missing = known.keys.filter { !present.contains($0) }
            for (key, line) in block.fields where !known.contains(key) {
                let error = SchemaError(file: file, path: block.path.appending(key), problem: .unknownKey(noun: "key"), found: key,
                                        suggestion: Suggestion.nearest(to: key, among: missing), line: line)
                if error.suggestion != nil { throw error }
                warnings.append(error)
            }
        }
        func finishBlock() throws(SchemaError) {
            guard let done = block else { return }
            block = nil
            guard var region = current else { return try checkFields(done, known: pageKeys) }
            try checkFields(done, known: regionKeys)
            if let xy = legacy.xy, let size = legacy.size {
                region.bounds = .init(x: xy.0, y: xy.1, width: size.0, height: size.1)
                if let orig = legacy.orig, let offset = legacy.offset, orig != size || offset != (0, 0) {
                    region.offsets = (offset.0, offset.1, orig.0, orig.1)
                }
            } else if !hasBounds {
                throw SchemaError(file: file, path: done.path.appending("bounds"), problem: .missingKey, line: done.line)
            }
            regions.append(region)
            current = nil
            legacy = (nil, nil, nil, nil)
            hasBounds = false
        }

        // Lines end at \n, \r\n or \r, as Java's readLine ends them (libGDX's own uiskin.atlas has \r\n).
        for (number, raw) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
            let lineNumber = number + 1
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.isEmpty {
                try finishBlock()
                inPage = false
                if started { headerOpen = false }   // blank lines before the first entry are skipped
                continue
            }
            started = true
            let colon = inPage || headerOpen ? line.firstIndex(of: ":") : nil
            guard let colon else {
                headerOpen = false
                try finishBlock()
                if !inPage {
                    pages.append((line, 0, 0, false))
                    inPage = true
                    block = Block(path: InputPath.root.appending(line), line: lineNumber)
                } else {
                    current = Region(name: line, index: -1, page: pages.count - 1, rotated: false,
                                     bounds: .init(x: 0, y: 0, width: 0, height: 0), offsets: nil)
                    block = Block(path: InputPath.root.appending(pages[pages.count - 1].image).appending(line), line: lineNumber)
                }
                continue
            }
            let key = line[..<colon].trimmingCharacters(in: .whitespaces)
            let values = line[line.index(after: colon)...].split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            guard block != nil else {
                // Header fields before the first page: libGDX reads and ignores them.
                warnings.append(SchemaError(file: file, path: InputPath.root.appending(key), problem: .unknownKey(noun: "key"), found: key,
                                            line: lineNumber))
                continue
            }
            block?.fields.append((key, lineNumber))
            let path = block!.path.appending(key)
            func ints(_ count: Int) throws(SchemaError) -> [Int] {
                guard values.count == count else {
                    throw SchemaError(file: file, path: path, problem: .countMismatch(expected: count, found: values.count,
                                                                                      reason: "whole numbers separated by commas"),
                                      line: lineNumber)
                }
                var numbers: [Int] = []
                for value in values {
                    guard let number = Int(value), number > -(1 << 30), number < 1 << 30 else {   // not abs: abs(Int.min) traps
                        throw SchemaError(file: file, path: path, problem: .wrongType(expected: "whole numbers", found: InputPath.quote(value)),
                                          line: lineNumber)
                    }
                    numbers.append(number)
                }
                return numbers
            }
            func region(_ n: [Int]) throws(SchemaError) -> SpriteSheet.Rect {
                if n[0] < 0 || n[1] < 0 || n[2] < 1 || n[3] < 1 {
                    throw SchemaError(file: file, path: path, problem: .outOfRange(requirement: "x and y must not be negative, width and height at least 1"),
                                      found: values.joined(separator: ","), line: lineNumber)
                }
                return .init(x: n[0], y: n[1], width: n[2], height: n[3])
            }
            if current == nil {
                // Page fields.
                if key == "size" {
                    let n = try ints(2)
                    pages[pages.count - 1].width = n[0]
                    pages[pages.count - 1].height = n[1]
                } else if key == "pma" {
                    switch values.first {
                    case "true" where values.count == 1: pages[pages.count - 1].premultiplied = true
                    case "false" where values.count == 1: pages[pages.count - 1].premultiplied = false
                    default:
                        let found = values.joined(separator: ",")
                        throw SchemaError(file: file, path: path, problem: .unknownValue(known: ["true", "false"]), found: found,
                                          suggestion: Suggestion.nearest(to: found, among: ["true", "false"]), line: lineNumber)
                    }
                } else if let known = Self.pageValues[key] {
                    // libGDX's own names (`Texture.TextureFilter`, `repeat`): another is no page libGDX loads.
                    let count = key == "filter" ? 2 : 1
                    for value in values where !known.contains(value) || values.count != count {
                        let found = values.joined(separator: ",")
                        throw SchemaError(file: file, path: path, problem: .unknownValue(known: known), found: found,
                                          suggestion: Suggestion.nearest(to: value, among: known), line: lineNumber)
                    }
                }
                continue
            }
            switch key {
            case "name":
                // The whole value, commas and colons included.
                current!.spriteName = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            case "index": current!.index = try ints(1)[0]
            case "bounds":
                current!.bounds = try region(try ints(4))
                hasBounds = true
            case "offsets":
                let n = try ints(4)
                current!.offsets = (n[0], n[1], n[2], n[3])
            case "xy": let n = try ints(2); legacy.xy = (n[0], n[1])
            case "size":
                let n = try ints(2)
                _ = try region([0, 0] + n)
                legacy.size = (n[0], n[1])
            case "orig": let n = try ints(2); legacy.orig = (n[0], n[1])
            case "offset": let n = try ints(2); legacy.offset = (n[0], n[1])
            case "rotate":
                switch values.first {
                case "false", "0": current!.rotated = false
                case "true", "90": current!.rotated = true
                default:
                    throw SchemaError(file: file, path: path, problem: .invalid(reason: "only rotations of 0 and 90 degrees are supported"),
                                      found: values.joined(separator: ","), line: lineNumber)
                }
            default: break
            }
        }
        try finishBlock()
        return (pages, regions, warnings)
    }
}
