import Basics
import Foundation
import Raster

/// Reads a sprite sheet back from its data file and page images: TexturePacker JSON hash or array
/// (ours, TexturePacker's, Aseprite's), with the other pages of a multipack, or Phaser's
/// multi-atlas; a libGDX `.atlas`; a SpriteKit `.atlasc` folder or its `.plist`; a Cocos2d plist
/// (told from SpriteKit's by its `frames` and `metadata`); a Godot `SpriteFrames` `.tres`.
///
/// Every path the data names — pages and related data files — is read only from the data file's
/// folder or a folder below it (``resolve(_:from:)`` has the rule): an absolute path, a `..`
/// component or a symbolic link that leads out is a ``PathRefusal``, before anything is opened.
///
/// The work is bounded by the data before any page is decoded: each sprite's source size against
/// `ResourceLimits.maxPixels` and all sprites' source sizes together (the frames ``SpriteSheet/unpack(into:source:overwrite:limits:cancellation:progress:)``
/// writes) against `ResourceLimits.maxOutputPixels`, so a few bytes of margins cannot ask for
/// gigapixels; the error's ``Error/limit(_:)`` says which.
///
/// Data is checked against each format's known keys (see each reader): an unknown key, a value of
/// the wrong type or out of range is ``Error/schema(_:)``, naming the file, the key
/// path and the nearest known key. Formats that other tools extend with keys of their own
/// (TexturePacker and Aseprite JSON, libGDX `.atlas`, SpriteKit plists) report such keys as
/// ``SpriteSheet/warnings`` instead, unless they look like a misspelling of a key that is missing.
///
/// What Flipbook writes comes back: animations (TexturePacker's `animations`, Aseprite's
/// `frameTags` with their direction and plays, Godot's animations, libGDX's `index` groups),
/// durations (per frame, or Godot's `speed`), rotation and trimming. What a format cannot carry is
/// a warning too (a libGDX atlas with animations has no durations; SpriteKit and Cocos2d-x data
/// hold no animations): see docs/Formats.md, "What each format carries".
public enum SheetImport {
    /// The longest side a frame's source size may have (a frame is cut to it, then written as a PNG).
    static let largestSide = 65536

    /// The data file `path` names: itself, or for a SpriteKit `.atlasc` folder (`G.atlasc`,
    /// `G.atlasc/`) the plist inside it (`G.atlasc/G.plist`), so that one sheet spelled two ways is
    /// one sheet.
    public static func dataFile(_ path: String) -> String {
        let path = path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
        var isDirectory: ObjCBool = false
        guard path.lowercased().hasSuffix(".atlasc") || (FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue) else {
            return path
        }
        let name = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
        return "\(path)/\(name).plist"
    }

    /// The sheet described by `path`. Its sprites keep their page; for SpriteKit's several scales,
    /// each scale's sprites are named with their `@Nx` suffix. A sprite whose region lies outside
    /// its page, or whose trimmed rectangle lies outside its source size, is refused, so
    /// ``SpriteSheet/frame(_:limits:)`` can trust every sprite it is given. Before any page is
    /// decoded: every path is resolved (``resolve(_:from:)``), and a sheet of more than
    /// `limits.maxFrames` sprites, a sprite of a source size over `limits.maxPixels` and sprites
    /// whose source sizes add up to more than `limits.maxOutputPixels` are refused; a page of more
    /// than `limits.maxPixels` pixels is refused before it is decoded.
    public static func read(_ path: String, limits: ResourceLimits = .default) throws(Error) -> SpriteSheet {
        try read(path, reader: .disk, limits: limits)
    }

    /// The sheet described by the data file at the file URL `url`, read as ``read(_:limits:)``
    /// reads a path.
    public static func read(url: URL, limits: ResourceLimits = .default) throws(Error) -> SpriteSheet {
        try read(url.filePathForFlipbook, reader: .disk, limits: limits)
    }

    /// The sheet described by the file named `data` among `files` held in memory (an upload: the
    /// data file, its pages and a multipack's other data, named as on disk, `sheets/walk.json` and
    /// `sheets/walk.png`), read by the rules of ``read(_:limits:)``: pages are looked up by the
    /// names the data gives, relative to the data file's folder (a name with `..` or an absolute
    /// one is a ``PathRefusal``), and a page not among `files` is an ``Error`` naming it. A name
    /// given twice with different bytes is ``Error/invalid(file:reason:)`` naming it: which of the
    /// two is meant cannot be told (with the same bytes it is one file).
    public static func read(files: [InMemoryFile], data: String, limits: ResourceLimits = .default) throws(Error) -> SpriteSheet {
        try read(files: files, data: data, limits: limits, animation: nil)
    }

    /// The sheet at `path` on disk, read for the frames of its animation `animation` alone (as
    /// `FramesJob.animation` writes them): the limits on frames and pixels hold for that
    /// animation's sprites, not for another animation's that will not be written. Data without an
    /// animation of that name checks none (the caller then says the name is not there).
    static func read(_ path: String, limits: ResourceLimits, animation: String?) throws(Error) -> SpriteSheet {
        try read(path, reader: .disk, limits: limits, animation: animation)
    }

    /// ``read(files:data:limits:)`` for the frames of `animation` alone, as ``read(_:limits:animation:)``.
    static func read(files: [InMemoryFile], data: String, limits: ResourceLimits, animation: String?) throws(Error) -> SpriteSheet {
        if let repeated = InMemoryFile.repeatedName(in: files) {
            throw .invalid(file: repeated.second, reason: "given twice among the files, with different contents"
                + (repeated.first == repeated.second ? "" : " (as \(repeated.first) too)")
                + ": which one is meant cannot be told — each file needs a name of its own (rename one or leave one out)")
        }
        return try read(data, reader: FileReader(files), limits: limits, animation: animation)
    }

    private static func read(_ path: String, reader: FileReader, limits: ResourceLimits, animation: String? = nil) throws(Error) -> SpriteSheet {
        let lower = path.lowercased()
        var isDirectory: ObjCBool = false
        var draft: Draft
        if lower.hasSuffix(".atlasc")
            || (reader.isDisk && FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue) {
            draft = try readSpriteKit(dataFile(path), reader)
        } else if lower.hasSuffix(".plist") {
            let root = PlistText.dictionary(try bytes(path, reader))
            draft = root?["frames"] != nil && root?["metadata"] != nil ? try readCocos2d(path, reader) : try readSpriteKit(path, reader)
        } else if lower.hasSuffix(".tres") {
            draft = try readGodot(path, reader)
        } else if lower.hasSuffix(".atlas") {
            draft = try readLibGDX(path, reader)
        } else {
            draft = try readJSON(path, reader)
        }
        // Every path first: nothing outside the folder is opened, not even to be refused as a PNG.
        var files: [String] = []
        for page in draft.pages {
            do {
                let found = try located(page.name, from: page.dataFile, reader: reader)
                files.append(found.file)
                if found.byName { draft.warnings.append(readByName(page.name, found.file, dataFile: page.dataFile)) }
            } catch {
                throw .outsideFolder(error)
            }
        }
        // The geometry the data alone can be checked for, then the work it asks for: before any page
        // is decoded or frame allocated.
        for sprite in draft.sprites {
            let f = sprite.frame, s = sprite.spriteSourceSize
            guard f.x >= 0, f.y >= 0, f.width >= 0, f.height >= 0 else {
                throw .invalid(file: path, reason: "frame '\(sprite.name)' has a negative place on its page (\(f.x),\(f.y) size \(f.width)×\(f.height))")
            }
            guard sprite.sourceWidth <= Self.largestSide, sprite.sourceHeight <= Self.largestSide else {
                throw .invalid(file: path, reason: "the source size of frame '\(sprite.name)' is \(sprite.sourceWidth)×\(sprite.sourceHeight): a side over "
                               + "\(Self.largestSide) px, more than any frame Flipbook writes")
            }
            guard s.x >= 0, s.y >= 0, s.width >= 0, s.height >= 0, s.x + s.width <= sprite.sourceWidth, s.y + s.height <= sprite.sourceHeight else {
                throw .invalid(file: path, reason: "frame '\(sprite.name)' is placed at \(s.x),\(s.y) size \(s.width)×\(s.height), outside its "
                               + "\(sprite.sourceWidth)×\(sprite.sourceHeight) source size")
            }
        }
        // The frames to be written: one animation's, when one is picked (none when the data has no
        // animation of that name: the caller says so, not another animation's size).
        var written = draft.sprites
        if let animation {
            let names = Set(draft.animations.first { $0.name == animation }?.frames ?? [])
            written = draft.sprites.filter { names.contains($0.name) }
        }
        do throws(LimitError) {
            try limits.check(.frames, written.count, of: path)
            try checkOutput(written, limits: limits, of: path)
        } catch {
            throw .limit(error)
        }
        var pages: [Bitmap] = []
        for (page, file) in zip(draft.pages, files) {
            var bitmap = try decodePage(file, reader, maxPixels: limits.maxPixels)
            if let scale = page.scale { bitmap.scale = scale }
            pages.append(bitmap)
        }
        for sprite in draft.sprites {
            let f = sprite.frame
            guard sprite.page >= 0, sprite.page < pages.count else {
                throw .invalid(file: path, reason: "frame '\(sprite.name)' is on page \(sprite.page + 1) of \(pages.count)")
            }
            guard f.x + f.width <= pages[sprite.page].width, f.y + f.height <= pages[sprite.page].height else {
                throw .invalid(file: path, reason: "frame '\(sprite.name)' at \(f.x),\(f.y) size \(f.width)×\(f.height) lies outside its "
                               + "\(pages[sprite.page].width)×\(pages[sprite.page].height) page \(FileIO.lastComponent(of: files[sprite.page]))")
            }
        }
        var sheet = SpriteSheet(pages: pages, sprites: draft.sprites, animations: draft.animations, rotation: draft.rotation,
                                premultipliedAlpha: draft.premultipliedAlpha, warnings: draft.warnings)
        var seen = Set<String>()
        sheet.sourceFiles = ([path] + draft.pages.map(\.dataFile) + draft.dataFiles + files).filter { seen.insert($0).inserted }
        return sheet
    }

    /// Checks the frames `sprites` un-trim to (their source sizes, what
    /// ``SpriteSheet/unpack(into:source:overwrite:limits:cancellation:progress:)`` writes): each within `limits.maxPixels`, all together
    /// within `limits.maxOutputPixels`, without overflowing whatever the sizes. ``read(_:limits:)``
    /// calls it before decoding any page; a caller that decodes sheet data itself calls it before
    /// the work. `path` names the data in the error.
    /// - Throws: `LimitError` for `LimitError.Limit.pixels` naming the frame, or for
    ///   `LimitError.Limit.outputPixels` with the total and the largest frame.
    public static func checkOutput(_ sprites: [SpriteSheet.Sprite], limits: ResourceLimits, of path: String) throws(LimitError) {
        var total = 0
        var widest = (name: "", width: 0, height: 0, pixels: -1)
        for sprite in sprites {
            try limits.checkPixels(width: sprite.sourceWidth, height: sprite.sourceHeight, of: "\(path): frame '\(sprite.name)'")
            let pixels = sprite.sourceWidth * sprite.sourceHeight
            if pixels > widest.pixels { widest = (sprite.name, sprite.sourceWidth, sprite.sourceHeight, pixels) }
            let (sum, overflow) = total.addingReportingOverflow(pixels)
            guard !overflow, sum <= limits.maxOutputPixels else {
                throw LimitError(limit: .outputPixels, subject: "\(path): \(sprites.count) frames", amount: overflow ? nil : Self.sum(sprites),
                                 maximum: limits.maxOutputPixels,
                                 detail: "the largest '\(widest.name)', \(widest.width)×\(widest.height)")
            }
            total = sum
        }
    }

    /// The pixels of all `sprites`' source sizes; `nil` past `Int.max`.
    private static func sum(_ sprites: [SpriteSheet.Sprite]) -> Int? {
        var total = 0
        for sprite in sprites {
            let (pixels, o1) = sprite.sourceWidth.multipliedReportingOverflow(by: sprite.sourceHeight)
            let (sum, o2) = total.addingReportingOverflow(pixels)
            if o1 || o2 { return nil }
            total = sum
        }
        return total
    }

    private static func bytes(_ path: String, _ reader: FileReader) throws(Error) -> [UInt8] {
        // The reader's reason only: `path: reason` names the file once.
        do { return try reader.contents(path) } catch { throw .unreadable(file: path, reason: error.reason) }
    }

    /// The page image at `file` (resolved already), decoded within `maxPixels`.
    private static func decodePage(_ file: String, _ reader: FileReader, maxPixels: Int) throws(Error) -> Bitmap {
        // A page in memory is read first (a missing one is an error naming it), then decoded.
        let bytes: [UInt8]? = reader.isDisk ? nil : try Self.bytes(file, reader)
        do throws(PNG.DecodeError) {
            let decoder = PNG.Decoder(maxPixels: maxPixels)
            // A page is one image: an APNG's first frame is not taken for it without a word.
            if let bytes { return try decoder.decodeStillBitmap(bytes, file: file) }
            return try decoder.decodeStillBitmap(file: file)
        } catch {
            // The decoder's message names the file already.
            if let limit = error.limit { throw .limit(limit) }
            // A page that is not there is unreadable, on disk as in memory.
            if case .unreadable(let file, let reason) = error { throw .unreadable(file: file, reason: "cannot read file: \(reason)") }
            throw .page(error)
        }
    }

    /// A page as the data names it: the path as written, the data file that names it, and the
    /// scale to give it (`nil`: the decoded page's own).
    struct PageName {
        var name: String
        var dataFile: String
        var scale: Int?
    }

    /// What a data file says, before any page is read.
    struct Draft {
        var pages: [PageName]
        var sprites: [SpriteSheet.Sprite]
        var animations: [SpriteSheet.Animation] = []
        var rotation: SpriteSheet.Rotation = .clockwise
        var premultipliedAlpha = false
        var warnings: [SchemaError] = []
        /// Data files read besides the one given (a multipack's other pages).
        var dataFiles: [String] = []
    }

    private static func readJSON(_ path: String, _ reader: FileReader) throws(Error) -> Draft {
        var draft = Draft(pages: [], sprites: [])
        var queue = [FileIO.lastComponent(of: path)]
        var visited = Set<String>()
        var premultiplied: [Bool] = []
        while let next = queue.first {
            queue.removeFirst()
            // The first is the file given; the others are named by it (`related_multi_packs`).
            let file: String
            if visited.isEmpty {
                file = path
            } else {
                do {
                    let found = try located(next, from: path, reader: reader)
                    file = found.file
                    if found.byName { draft.warnings.append(readByName(next, file, dataFile: path)) }
                } catch {
                    throw .outsideFolder(error)
                }
            }
            guard visited.insert((reader.isDisk ? FileIO.resolvedPath(file) : nil) ?? file).inserted else { continue }
            if file != path { draft.dataFiles.append(file) }
            let data = try bytes(file, reader)
            if let reason = notSheetData(data, file: file) { throw .invalid(file: file, reason: reason) }
            let decodedPages: [TexturePackerJSON.Decoded]
            do throws(SheetDataError) {
                if let multi = try TexturePackerJSON.decodeMultiAtlas(data, file: file) {
                    decodedPages = multi
                } else {
                    decodedPages = [try TexturePackerJSON.decode(data, file: file)]
                }
            } catch {
                throw Error(file, error)
            }
            for decoded in decodedPages {
                let index = draft.pages.count
                draft.pages.append(PageName(name: decoded.image, dataFile: file, scale: namedScale(file) ?? decoded.scale))
                premultiplied.append(decoded.premultipliedAlpha)
                draft.warnings += decoded.warnings
                draft.sprites += decoded.sprites.map { sprite in
                    var sprite = sprite
                    sprite.page = index
                    return sprite
                }
                // Aseprite's tags keep their direction and plays; a multipack's pages add to an animation.
                let animations = decoded.animations.sorted(by: { $0.key < $1.key }).map { SpriteSheet.Animation(name: $0.key, frames: $0.value) }
                try checkDistinctNames(decoded.tagged, file: file)
                for animation in animations + decoded.tagged {
                    if let existing = draft.animations.firstIndex(where: { $0.name == animation.name }) {
                        draft.animations[existing].frames += animation.frames
                    } else {
                        draft.animations.append(animation)
                    }
                }
                queue += decoded.related
            }
        }
        draft.premultipliedAlpha = try agreed(premultiplied, path: path)
        return draft
    }

    private static func readLibGDX(_ path: String, _ reader: FileReader) throws(Error) -> Draft {
        let data = try bytes(path, reader)
        let decoded: (pages: [(image: String, width: Int, height: Int, premultiplied: Bool)], regions: [LibGDXAtlas.Region], warnings: [SchemaError])
        do { decoded = try LibGDXAtlas.decode(data, file: path) } catch { throw Error(path, error) }
        let animations = LibGDXAtlas.animations(decoded.regions)
        try checkDistinctNames(animations, file: path)
        return Draft(pages: decoded.pages.map { PageName(name: $0.image, dataFile: path, scale: namedScale(path)) }, sprites: decoded.regions.map(\.sprite),
                     animations: animations, rotation: .counterClockwise,
                     premultipliedAlpha: try agreed(decoded.pages.map(\.premultiplied), path: path),
                     warnings: decoded.warnings + (animations.isEmpty ? [] : [notCarried(path, "libGDX atlases hold no frame durations, "
                         + "directions or play counts: the \(animations.count) animation\(animations.count == 1 ? "" : "s") (index groups) come back untimed")]))
    }

    private static func readCocos2d(_ path: String, _ reader: FileReader) throws(Error) -> Draft {
        let decoded: (image: String, width: Int, height: Int, premultiplied: Bool, sprites: [SpriteSheet.Sprite])
        let data = try bytes(path, reader)
        do { decoded = try Cocos2dPlist.decode(data, file: path) } catch { throw Error(path, error) }
        return Draft(pages: [PageName(name: decoded.image, dataFile: path, scale: namedScale(path) ?? ImageFileName(path: decoded.image).scale ?? 1)],
                     sprites: decoded.sprites, premultipliedAlpha: decoded.premultiplied,
                     warnings: [notCarried(path, "Cocos2d-x sprite-frame plists hold frames only: no animations or frame durations come back")])
    }

    private static func readGodot(_ path: String, _ reader: FileReader) throws(Error) -> Draft {
        let decoded: (images: [String], sprites: [SpriteSheet.Sprite], animations: [SpriteSheet.Animation])
        let data = try bytes(path, reader)
        do { decoded = try GodotSpriteFrames.decode(data, file: path) } catch { throw Error(path, error) }
        try checkDistinctNames(decoded.animations, file: path)
        // `res://…` paths (the project's root) are looked up from the resource's folder: see `resolve`.
        return Draft(pages: decoded.images.map { PageName(name: $0, dataFile: path, scale: namedScale(path)) }, sprites: decoded.sprites,
                     animations: decoded.animations)
    }

    /// Refuses two animations of one data file with one name (`café` composed and decomposed are
    /// one name): `--animation` could pick only the first, and the two were read as one.
    private static func checkDistinctNames(_ animations: [SpriteSheet.Animation], file: String) throws(Error) {
        var seen: [String: String] = [:]
        for animation in animations {
            if let first = seen.updateValue(animation.name, forKey: animation.name) {
                let spelling = first.unicodeScalars.elementsEqual(animation.name.unicodeScalars) ? ""
                    : " (spelt in two Unicode normalisations, composed and decomposed: one name)"
                throw .invalid(file: file, reason: "two animations are named \(SpriteSheet.quoted(animation.name))\(spelling): rename one")
            }
        }
    }

    /// The scale the data file `path`'s name gives its pages (`walk@2x.atlas`: 2), or `nil` when
    /// it has no `@Nx`. One rule for every format but SpriteKit (whose data names each page's scale):
    /// a data file named `@Nx` holds `@Nx` pages, as `sheet` names it and as PixiJS reads a sheet's
    /// resolution (the name's `@Nx` before `meta.scale`); without one, the scale the data states
    /// (TexturePacker's `meta.scale`), else the page's own name (`p@2x.png`).
    static func namedScale(_ path: String) -> Int? {
        ImageFileName(path: path).scale
    }

    /// Whether the pages are premultiplied: all of them, or none.
    private static func agreed(_ flags: [Bool], path: String) throws(Error) -> Bool {
        guard Set(flags).count <= 1 else { throw .invalid(file: path, reason: "some pages are premultiplied and some are not") }
        return flags.first ?? false
    }

    private static func readSpriteKit(_ path: String, _ reader: FileReader) throws(Error) -> Draft {
        let data = try bytes(path, reader)
        let decoded: (pages: [(path: String, width: Int, height: Int, scale: Int)], sprites: [SpriteSheet.Sprite], warnings: [SchemaError])
        do { decoded = try SpriteKitAtlas.decode(data, file: path) } catch { throw Error(path, error) }
        return Draft(pages: decoded.pages.map { PageName(name: $0.path, dataFile: path, scale: $0.scale) }, sprites: decoded.sprites,
                     warnings: decoded.warnings + [notCarried(path, "SpriteKit atlases hold frames only: no animations or frame durations come back")])
    }

    /// A warning that the format of `path` cannot carry something Flipbook's sheets have (see
    /// docs/Formats.md, "What each format carries"): not an unknown key.
    /// The warning for a path that leads nowhere from the data's folder, read by its file name
    /// beside the data (``located(_:from:reader:)``): the data says one file, another is read.
    private static func readByName(_ name: String, _ file: String, dataFile: String) -> SchemaError {
        SchemaError(file: dataFile, path: .root, problem: .invalid(reason: "names \(InputPath.quote(name)), which is not there: "
                    + "\(InputPath.quote(FileIO.lastComponent(of: file))) beside it was read instead"))
    }

    private static func notCarried(_ path: String, _ what: String) -> SchemaError {
        SchemaError(file: path, path: .root, problem: .invalid(reason: what))
    }
}
