import Basics
import Foundation

/// The pages of sprite sheets whose data sits in a folder: the image files a `.json`, `.plist`,
/// `.atlas` or `.tres` beside them names as its pages. Such a page is no frame, whatever its name
/// (`fire-0.png … fire-7.png` would otherwise read as a sequence `fire-`), so every reader of a
/// source leaves it out, as it leaves out the pages of a sheet Flipbook recorded writing
/// (`OutputSet`'s record, which a copy without dotfiles loses).
///
/// Only the page fields of the formats Flipbook reads and writes are looked at: `meta.image`
/// (TexturePacker, Pixi, Phaser, Aseprite), `textures[].image` (Phaser 3 multi-atlas),
/// `metadata.textureFileName`/`realTextureFileName` (Cocos2d-x), `images[].path` (SpriteKit's
/// `.atlasc` plist), a libGDX page line, a Godot `ext_resource` path. A data file that does not
/// parse, or is larger than ``maxDataBytes``, names no page: this is a look, not a read of the
/// sheet (which `SheetImport` does, strictly).
package enum SheetPages {
    /// The largest data file looked into (sheet data is a few kilobytes to a few megabytes).
    static let maxDataBytes = 16 << 20

    /// The data extensions a sheet's data has.
    static let dataExtensions: Set<String> = ["json", "atlas", "tres", "plist"]

    /// Whether `name` may be a sheet's data (not hidden, not a folder's settings).
    static func isData(_ name: String) -> Bool {
        let last = FileIO.lastComponent(of: name)
        return !last.hasPrefix(".") && !OutputName.settingsNames.contains(last) && dataExtensions.contains(OutputName.pathExtension(last))
    }

    /// Each page among `names` (file names in one folder) that a data file among them names,
    /// with that data file's name; `read` gives a data file's bytes (`nil` when it cannot be read).
    /// A file named as a frame of a sequence whose other frames are no pages (`gold_4.png` beside
    /// `gold_1…3.png`, named by a stray `coin-atlas.json`) stays a frame: a data file never takes a
    /// frame out of its sequence without a word.
    static func pages(among names: [String], read: (String) -> [UInt8]?) -> [String: String] {
        let images = Set(names.filter { OutputName.pathExtension($0) == "png" })
        guard !images.isEmpty else { return [:] }
        var result: [String: String] = [:]
        for data in names.sorted(by: NaturalOrder.areInIncreasingOrder) where isData(data) {
            guard let bytes = read(data), bytes.count <= maxDataBytes else { continue }
            for page in named(in: bytes, extension: OutputName.pathExtension(data)) {
                let name = FileIO.lastComponent(of: page)
                if images.contains(name), result[name] == nil { result[name] = data }
            }
        }
        guard !result.isEmpty else { return result }
        let framePrefixes = Set(images.filter { result[$0] == nil }.compactMap { FrameFile(path: $0)?.prefix })
        return result.filter { page, _ in FrameFile(path: page).map { !framePrefixes.contains($0.prefix) } ?? true }
    }

    /// The data files among a folder's `names` that name pages, each with the pages it names (as
    /// written): a sheet's data whose page is missing, or named outside the folder, is among them
    /// though ``pages(inFolder:names:)`` finds none of its pages.
    package static func dataNamingPages(inFolder folder: String, names: [String]) -> [(data: String, pages: [String])] {
        names.sorted(by: NaturalOrder.areInIncreasingOrder).filter(isData).compactMap { data in
            let path = folder == "." ? data : folder + "/" + data
            guard let (bytes, size) = try? FileIO.readPrefix(path, limit: maxDataBytes + 1), size <= maxDataBytes else { return nil }
            let pages = named(in: bytes, extension: OutputName.pathExtension(data))
            return pages.isEmpty ? nil : (data, pages)
        }
    }

    /// The pages of a folder on disk (`folder` as given, `names` its entries).
    package static func pages(inFolder folder: String, names: [String]) -> [String: String] {
        pages(among: names) { name in
            let path = folder == "." ? name : folder + "/" + name
            guard let (bytes, size) = try? FileIO.readPrefix(path, limit: maxDataBytes + 1), size <= maxDataBytes else { return nil }
            return bytes
        }
    }

    /// The page paths a data file's bytes name, as written in it.
    static func named(in bytes: [UInt8], extension ext: String) -> [String] {
        switch ext {
        case "json":
            guard let root = try? JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any] else { return [] }
            var pages: [String] = []
            if let meta = root["meta"] as? [String: Any], let image = meta["image"] as? String { pages.append(image) }
            for texture in root["textures"] as? [[String: Any]] ?? [] {
                if let image = texture["image"] as? String { pages.append(image) }
            }
            return pages
        case "plist":
            guard let root = (try? InputValue.propertyList(bytes, file: "sheet.plist"))?.value as? [String: Any] else { return [] }
            var pages: [String] = []
            if let metadata = root["metadata"] as? [String: Any] {
                for key in ["textureFileName", "realTextureFileName"] { if let name = metadata[key] as? String { pages.append(name) } }
            }
            for image in root["images"] as? [[String: Any]] ?? [] {
                if let path = image["path"] as? String { pages.append(path) }
            }
            return pages
        case "atlas":
            // libGDX: a page is the first line of the file and of each block after a blank line.
            guard let text = Optional(String(decoding: bytes, as: UTF8.self)) else { return [] }
            var pages: [String] = [], blockStart = true
            for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
                let trimmed = line.trimmingCharacters(in: .whitespacesAndNewlines)
                if trimmed.isEmpty { blockStart = true; continue }
                if blockStart, !trimmed.contains(":") { pages.append(trimmed) }
                blockStart = false
            }
            return pages
        case "tres":
            // Godot: `[ext_resource … path="res://fx/fire-0.png" …]`.
            guard let text = Optional(String(decoding: bytes, as: UTF8.self)) else { return [] }
            return text.split(separator: "\n").filter { $0.hasPrefix("[ext_resource") }.compactMap { line in
                guard let start = line.range(of: "path=\"") else { return nil }
                let rest = line[start.upperBound...]
                guard let end = rest.firstIndex(of: "\"") else { return nil }
                return String(rest[..<end])
            }
        default:
            return []
        }
    }
}
