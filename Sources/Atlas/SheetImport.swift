import Basics
import Foundation
import Raster

/// Reads a sprite sheet back from its data file and page images: TexturePacker JSON hash or array
/// (ours, TexturePacker's, Aseprite's), with the other pages of a multipack, or Phaser's
/// multi-atlas; a libGDX `.atlas`; a SpriteKit `.atlasc` folder or its `.plist`; a Cocos2d plist
/// (told from SpriteKit's by its `frames` and `metadata`); a Godot `SpriteFrames` `.tres`.
///
/// Page images are looked up by file name next to the data file, whatever folder the data names:
/// a data file cannot make us read elsewhere.
///
/// Data is checked against each format's known keys (see each reader): an unknown key, a value of
/// the wrong type or out of range is an ``Error`` whose ``Error/schema`` names the file, the key
/// path and the nearest known key. Formats that other tools extend with keys of their own
/// (TexturePacker and Aseprite JSON, libGDX `.atlas`, SpriteKit plists) report such keys as
/// ``SpriteSheet/warnings`` instead, unless they look like a misspelling of a key that is missing.
public enum SheetImport {
    /// A sheet that cannot be read: the file, and why.
    public struct Error: Swift.Error, Sendable, Equatable, CustomStringConvertible {
        /// The data or page file.
        public var path: String
        /// What was wrong with it.
        public var reason: String
        /// The key, type, value or count at fault, when the data does not fit its format:
        /// `sheet.json: unknown key "q" in frames["walk1.png"].spriteSourceSize; did you mean "h"?`.
        public var schema: SchemaError?

        /// An error in `path` described by `reason`.
        public init(path: String, reason: String) {
            self.path = path
            self.reason = reason
        }

        /// An error in `path`: `error`'s description, and its schema error when it has one.
        init(path: String, _ error: some Swift.Error & CustomStringConvertible, schema: SchemaError?) {
            self.path = path
            self.reason = error.description
            self.schema = schema
        }

        /// `path: reason`, or the schema error (which names the file).
        public var description: String { schema?.description ?? "\(path): \(reason)" }
    }

    /// The sheet described by `path`. Its sprites keep their page; for SpriteKit's several scales,
    /// each scale's sprites are named with their `@Nx` suffix. A sprite whose region lies outside
    /// its page, or whose trimmed rectangle lies outside its source size, is refused, so
    /// ``SpriteSheet/frame(_:limits:)`` can trust every sprite it is given. A page of more than
    /// `limits.maxPixels` pixels is refused before it is decoded, and a sheet of more than
    /// `limits.maxFrames` sprites once its data is read.
    public static func read(_ path: String, limits: ResourceLimits = .default) throws(Error) -> SpriteSheet {
        let lower = path.lowercased()
        var isDirectory: ObjCBool = false
        var sheet: SpriteSheet
        let log = ReadLog(maxPixels: limits.maxPixels)
        if lower.hasSuffix(".atlasc") || (FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue) {
            let name = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
            sheet = try readSpriteKit("\(path)/\(name).plist", log)
        } else if lower.hasSuffix(".plist") {
            let root = PlistText.dictionary(try bytes(path))
            sheet = root?["frames"] != nil && root?["metadata"] != nil ? try readCocos2d(path, log) : try readSpriteKit(path, log)
        } else if lower.hasSuffix(".tres") {
            sheet = try readGodot(path, log)
        } else if lower.hasSuffix(".atlas") {
            sheet = try readLibGDX(path, log)
        } else {
            sheet = try readJSON(path, log)
        }
        for sprite in sheet.sprites {
            let f = sprite.frame, s = sprite.spriteSourceSize
            guard sprite.page < sheet.pages.count, f.x >= 0, f.y >= 0,
                  f.x + f.width <= sheet.pages[sprite.page].width, f.y + f.height <= sheet.pages[sprite.page].height,
                  s.x >= 0, s.y >= 0, s.x + s.width <= sprite.sourceWidth, s.y + s.height <= sprite.sourceHeight,
                  sprite.sourceWidth <= 65536, sprite.sourceHeight <= 65536 else {
                throw Error(path: path, reason: "frame '\(sprite.name)' lies outside its page or its source size")
            }
        }
        do { try limits.check(.frames, sheet.sprites.count, of: path) } catch { throw Error(path: path, reason: error.description) }
        var seen = Set<String>()
        sheet.sourceFiles = ([path] + log.files).filter { seen.insert($0).inserted }
        return sheet
    }

    private static func bytes(_ path: String) throws(Error) -> [UInt8] {
        do { return try FileIO.readAll(path) } catch { throw Error(path: path, reason: "\(error)") }
    }

    /// The image `name` (only its last component) in the folder of `dataPath`.
    private static func page(_ name: String, nextTo dataPath: String, _ log: ReadLog) throws(Error) -> Bitmap {
        let folder = URL(fileURLWithPath: dataPath).deletingLastPathComponent().path
        // A relative path from the data file (`../pages/s.png`, as `sheet --data` in another folder
        // writes it) is followed; an absolute one, or one that leads nowhere, is looked for by its
        // name beside the data file.
        let beside = folder + "/" + URL(fileURLWithPath: name).lastPathComponent
        let relative = folder + "/" + name
        let file = !name.hasPrefix("/") && name.contains("/") && FileManager.default.fileExists(atPath: relative)
            ? URL(fileURLWithPath: relative).standardizedFileURL.path : beside
        log.files.append(dataPath)
        log.files.append(file)
        do { return try PNG.Decoder(maxPixels: log.maxPixels).decodeBitmap(file: file) } catch {
            // The decoder's message names the file already.
            let text = "\(error)"
            throw Error(path: file, reason: text.hasPrefix(file + ": ") ? String(text.dropFirst(file.count + 2)) : text)
        }
    }

    private static func readJSON(_ path: String, _ log: ReadLog) throws(Error) -> SpriteSheet {
        var pages: [Bitmap] = []
        var sprites: [SpriteSheet.Sprite] = []
        var animations: [SpriteSheet.Animation] = []
        var queue = [URL(fileURLWithPath: path).lastPathComponent]
        var visited = Set<String>()
        var premultiplied: [Bool] = []
        var warnings: [SchemaError] = []
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        while let next = queue.first {
            queue.removeFirst()
            guard visited.insert(next).inserted else { continue }
            let file = folder + "/" + URL(fileURLWithPath: next).lastPathComponent
            let data = try bytes(file)
            let decodedPages: [TexturePackerJSON.Decoded]
            do throws(SheetDataError) {
                if let multi = try TexturePackerJSON.decodeMultiAtlas(data, file: file) {
                    decodedPages = multi
                } else {
                    decodedPages = [try TexturePackerJSON.decode(data, file: file)]
                }
            } catch {
                throw Error(path: file, error, schema: error.schema)
            }
            for decoded in decodedPages {
                let index = pages.count
                var bitmap = try page(decoded.image, nextTo: file, log)
                bitmap.scale = decoded.scale
                pages.append(bitmap)
                premultiplied.append(decoded.premultipliedAlpha)
                warnings += decoded.warnings
                sprites += decoded.sprites.map { sprite in
                    var sprite = sprite
                    sprite.page = index
                    return sprite
                }
                for (name, frames) in decoded.animations.sorted(by: { $0.key < $1.key }) {
                    if let existing = animations.firstIndex(where: { $0.name == name }) {
                        animations[existing].frames += frames
                    } else {
                        animations.append(SpriteSheet.Animation(name: name, frames: frames))
                    }
                }
                queue += decoded.related
            }
        }
        return SpriteSheet(pages: pages, sprites: sprites, animations: animations, rotation: .clockwise,
                           premultipliedAlpha: try agreed(premultiplied, path: path), warnings: warnings)
    }

    private static func readLibGDX(_ path: String, _ log: ReadLog) throws(Error) -> SpriteSheet {
        let data = try bytes(path)
        let decoded: (pages: [(image: String, width: Int, height: Int, premultiplied: Bool)], regions: [LibGDXAtlas.Region], warnings: [SchemaError])
        do { decoded = try LibGDXAtlas.decode(data, file: path) } catch { throw Error(path: path, error, schema: error.schema) }
        var pages: [Bitmap] = []
        for entry in decoded.pages { pages.append(try page(entry.image, nextTo: path, log)) }
        return SpriteSheet(pages: pages, sprites: decoded.regions.map(\.sprite), animations: [], rotation: .counterClockwise,
                           premultipliedAlpha: try agreed(decoded.pages.map(\.premultiplied), path: path), warnings: decoded.warnings)
    }

    private static func readCocos2d(_ path: String, _ log: ReadLog) throws(Error) -> SpriteSheet {
        let decoded: (image: String, width: Int, height: Int, premultiplied: Bool, sprites: [SpriteSheet.Sprite])
        let data = try bytes(path)
        do { decoded = try Cocos2dPlist.decode(data, file: path) } catch { throw Error(path: path, error, schema: error.schema) }
        var bitmap = try page(decoded.image, nextTo: path, log)
        bitmap.scale = ImageFileName(path: decoded.image).scale ?? 1
        return SpriteSheet(pages: [bitmap], sprites: decoded.sprites, animations: [], rotation: .clockwise,
                           premultipliedAlpha: decoded.premultiplied)
    }

    private static func readGodot(_ path: String, _ log: ReadLog) throws(Error) -> SpriteSheet {
        let decoded: (images: [String], sprites: [SpriteSheet.Sprite], animations: [SpriteSheet.Animation])
        let data = try bytes(path)
        do { decoded = try GodotSpriteFrames.decode(data, file: path) } catch { throw Error(path: path, error, schema: error.schema) }
        var pages: [Bitmap] = []
        for image in decoded.images {
            // `res://…` paths name a file of the project; the page is looked up next to the resource.
            pages.append(try page(image.hasPrefix("res://") ? String(image.dropFirst(6)) : image, nextTo: path, log))
        }
        return SpriteSheet(pages: pages, sprites: decoded.sprites, animations: decoded.animations)
    }

    /// Whether the pages are premultiplied: all of them, or none.
    private static func agreed(_ flags: [Bool], path: String) throws(Error) -> Bool {
        guard Set(flags).count <= 1 else { throw Error(path: path, reason: "some pages are premultiplied and some are not") }
        return flags.first ?? false
    }

    private static func readSpriteKit(_ path: String, _ log: ReadLog) throws(Error) -> SpriteSheet {
        let data = try bytes(path)
        let decoded: (pages: [(path: String, width: Int, height: Int, scale: Int)], sprites: [SpriteSheet.Sprite], warnings: [SchemaError])
        do { decoded = try SpriteKitAtlas.decode(data, file: path) } catch { throw Error(path: path, error, schema: error.schema) }
        var pages: [Bitmap] = []
        for entry in decoded.pages {
            var bitmap = try page(entry.path, nextTo: path, log)
            bitmap.scale = entry.scale
            pages.append(bitmap)
        }
        return SpriteSheet(pages: pages, sprites: decoded.sprites, animations: [], rotation: .clockwise, warnings: decoded.warnings)
    }
}

/// The files a reader opened: data files and page images.
private final class ReadLog {
    var files: [String] = []
    /// The pixel limit every page is decoded within.
    let maxPixels: Int
    init(maxPixels: Int) { self.maxPixels = maxPixels }
}
