import Animated
import Basics
import Raster

/// A packed sprite sheet: its page images (more than one when the sprites overflowed the largest
/// page size) and where each named sprite sits on them.
public struct SpriteSheet: Sendable {
    /// A rectangle in pixels.
    public typealias Rect = PixelRect

    /// One sprite: its region on the page and how to rebuild the original frame from it.
    public struct Sprite: Sendable, Hashable {
        /// The sprite's name: the frame's file name without extension (`walk0`).
        public var name: String
        /// The region on its page. For a rotated sprite this is the turned region: the original's
        /// height wide and its width high.
        public var frame: Rect
        /// Which page (0-based).
        public var page: Int
        /// `true` when the sprite is stored turned a quarter turn (see ``SpriteSheet/rotation``).
        public var rotated: Bool
        /// `true` when transparent borders were cut off.
        public var trimmed: Bool
        /// Where the region sits inside the original frame (unrotated).
        public var spriteSourceSize: Rect
        /// The original frame's size.
        public var sourceWidth: Int
        /// The original frame's height (see ``sourceWidth``).
        public var sourceHeight: Int
        /// How long it shows, in whole milliseconds, as the data formats store it (the Swift API
        /// elsewhere speaks seconds: ``SheetBuilder/Input/duration``).
        public var duration: Int?

        /// The region's size before turning: what the data formats call its width and height.
        /// (Equal to the trimmed size in ``spriteSourceSize``.)
        public var unturnedWidth: Int { rotated ? frame.height : frame.width }
        /// The region's height before turning (see ``unturnedWidth``).
        public var unturnedHeight: Int { rotated ? frame.width : frame.height }

        /// A sprite named `name` at `frame` on page `page`.
        /// - Parameters:
        ///   - name: The sprite's name.
        ///   - frame: Its region on the page (turned, for a rotated sprite).
        ///   - page: Which page, 0-based.
        ///   - rotated: Whether it is stored turned a quarter turn.
        ///   - trimmed: Whether transparent borders were cut off.
        ///   - spriteSourceSize: Where the region sits in the original frame.
        ///   - sourceWidth: The original frame's width.
        ///   - sourceHeight: The original frame's height.
        ///   - duration: How long it shows, in milliseconds, if known.
        public init(name: String, frame: Rect, page: Int = 0, rotated: Bool = false, trimmed: Bool, spriteSourceSize: Rect,
                    sourceWidth: Int, sourceHeight: Int, duration: Int? = nil) {
            self.name = name
            self.frame = frame
            self.page = page
            self.rotated = rotated
            self.trimmed = trimmed
            self.spriteSourceSize = spriteSourceSize
            self.sourceWidth = sourceWidth
            self.sourceHeight = sourceHeight
            self.duration = duration
        }
    }

    /// A sequence of sprites played as one animation.
    public struct Animation: Sendable, Hashable {
        /// The animation's name: for a built sheet, the sequence's prefix without a trailing `_`, `-`, `.` or space (`walk` for `walk_0.png…`).
        public var name: String
        /// Sprite names in play order.
        public var frames: [String]
        /// The order of one play: forward, reverse, pingpong or pingpong from the end (Aseprite's
        /// tag directions; a folder's `sequence.json` gives its own).
        public var direction: Animated.Animation.Direction
        /// UIKit's meaning: 0 forever, N plays.
        public var repeatCount: Int

        /// An animation playing the sprites `frames` in order, forward and forever unless told otherwise.
        public init(name: String, frames: [String], direction: Animated.Animation.Direction = .forward, repeatCount: Int = 0) {
            self.name = name
            self.frames = frames
            self.direction = direction
            self.repeatCount = repeatCount
        }

        /// The sprites of one play in the order they are shown (Animated's `Animation.steps()`):
        /// ``frames`` reversed for `reverse`, forward and back (the ends not doubled) for
        /// `pingpong`, back and forward for `pingpongReverse`. Formats whose animations are plain
        /// frame lists (TexturePacker's JSON, Godot's `SpriteFrames`) write this, so the engine plays
        /// what the sequence asked for.
        public var playedFrames: [String] {
            direction.order(count: frames.count).map { frames[$0] }
        }
    }

    /// Which way rotated sprites are turned on the page. Formats disagree: TexturePacker's JSON and
    /// SpriteKit store them turned clockwise, libGDX counter-clockwise.
    public enum Rotation: String, Sendable, CaseIterable {
        /// Turned a quarter turn clockwise (TexturePacker JSON, SpriteKit, Cocos2d-x).
        case clockwise
        /// Turned a quarter turn counter-clockwise (libGDX).
        case counterClockwise = "counter-clockwise"
    }

    /// Why a sprite cannot be cut from the sheet's pages (``check(limits:)``, ``frame(_:limits:)``).
    public enum Error: Swift.Error, Sendable, Equatable, CustomStringConvertible {
        /// The sprite `name` is on page `page`, but the sheet has `pages` pages.
        case spriteOffPage(name: String, page: Int, pages: Int)
        /// The sprite `name`'s `frame` does not lie on its `pageWidth × pageHeight` page.
        case spriteOutsidePage(name: String, frame: PixelRect, pageWidth: Int, pageHeight: Int)
        /// The sprite `name`'s ``Sprite/spriteSourceSize`` does not lie in its `sourceWidth ×
        /// sourceHeight` source, or does not have the frame's size.
        case spriteOutsideSource(name: String, spriteSourceSize: PixelRect, sourceWidth: Int, sourceHeight: Int)
        /// The sprite's source size is over the limits (`ResourceLimits.maxPixels`).
        case limit(LimitError)

        /// What is wrong, naming the sprite.
        public var description: String {
            switch self {
            case let .spriteOffPage(name, page, pages):
                "sprite '\(name)' is on page \(page), but the sheet has \(pages) page\(pages == 1 ? "" : "s")"
            case let .spriteOutsidePage(name, frame, width, height):
                "sprite '\(name)' at \(frame.x),\(frame.y) size \(frame.width)×\(frame.height) lies outside its \(width)×\(height) page"
            case let .spriteOutsideSource(name, rect, width, height):
                "sprite '\(name)' placed at \(rect.x),\(rect.y) size \(rect.width)×\(rect.height) lies outside its \(width)×\(height) source"
            case .limit(let error): error.description
            }
        }
    }

    /// The page images, all at one ``scale``; sprites name theirs by index.
    public var pages: [Bitmap]
    /// In input order.
    public var sprites: [Sprite]
    /// The animations: one per sequence for a built sheet, what the data file lists for a sheet read back.
    public var animations: [Animation]
    /// Which way the rotated sprites are turned on the pages.
    public var rotation: Rotation
    /// `true` when the pages store premultiplied colour (``AlphaHandling/premultiply``, or a data
    /// file that says so); ``frame(_:limits:)`` then gives frames back straight.
    public var premultipliedAlpha: Bool
    /// What ``SheetImport`` read past: keys of a producer's own in formats that allow them (each
    /// with its file, key path and line), for the caller to show. Empty for a built sheet.
    public var warnings: [SchemaError]
    /// The files a sheet read back (``SheetImport``) came from: its data files and page images,
    /// which ``unpack(into:source:overwrite:limits:cancellation:progress:)`` never writes over. Empty for a built sheet.
    public var sourceFiles: [String] = []

    /// A sheet of `pages` with `sprites` on them; straight pages with clockwise rotation by default.
    public init(pages: [Bitmap], sprites: [Sprite], animations: [Animation], rotation: Rotation = .clockwise,
                premultipliedAlpha: Bool = false, warnings: [SchemaError] = []) {
        self.pages = pages
        self.sprites = sprites
        self.animations = animations
        self.rotation = rotation
        self.premultipliedAlpha = premultipliedAlpha
        self.warnings = warnings
    }

    /// The pixel scale of the pages (1 for `sheet.png`, 2 for `sheet@2x.png`).
    public var scale: Int { pages.first?.scale ?? 1 }

    /// Sum of the regions' areas over the pages' area (aliased frames counted once): 1 is a page
    /// with no gap.
    public var occupancy: Double {
        var used = 0, total = 0
        var seen = Set<[Int]>()
        for sprite in sprites where seen.insert([sprite.page, sprite.frame.x, sprite.frame.y]).inserted {
            used += sprite.frame.width * sprite.frame.height
        }
        for page in pages { total += page.width * page.height }
        return total == 0 ? 0 : Double(used) / Double(total)
    }

    /// The longest file name, in UTF-8 bytes, ``unpack(into:source:)`` writes (a file system's limit).
    static let longestFileName = 255

    /// How ``safeFileName(for:scale:)`` changes a name, for messages.
    static let fileNameRule = "a file name on Linux, macOS or Windows cannot hold / \\ : * ? \" < > | or control characters: "
        + "they become _ (control characters are left out), an empty name becomes _ and a leading dot gets a _ before it"

    /// Why two sprite names make one file, for messages: a name's `.png` is the file's extension
    /// (`gold_4` and `gold_4.png`), a page's `@2x` is added to a name without it, or a character no
    /// file name holds was replaced (``fileNameRule``).
    static func whyOneFile(_ first: String, _ second: String) -> String {
        if first == second, !first.unicodeScalars.elementsEqual(second.unicodeScalars) {
            return "the two names are one text written in two Unicode normalisations, composed and decomposed, "
                + "which macOS keeps as one file name"
        }
        let base = { (name: String) in name.hasSuffix(".png") ? String(name.dropLast(4)) : name }
        if base(first) == base(second) { return "a sprite name's .png is the file's extension, so it is not added twice" }
        if portable(base(first)) != portable(base(second)) { return "a page's @Nx is added to a sprite name without it" }
        return fileNameRule
    }

    /// The characters ``safeFileName(for:scale:)`` writes as `_`: `/` (the one a Linux file name
    /// cannot hold beside NUL), `:` (macOS's Finder shows it as `/`; Windows refuses it) and the
    /// others Windows refuses, so that a folder of frames can be committed and checked out on all
    /// three.
    static let unportableCharacters: Set<Unicode.Scalar> = ["/", "\\", ":", "*", "?", "\"", "<", ">", "|"]

    /// `name` in quotes, its control characters escaped (`"fi\tre1"`), for messages.
    static func quoted(_ name: String) -> String {
        let shown = name.count > 80 ? name.prefix(40) + "…" + name.suffix(30) : Substring(name)
        return String(reflecting: String(shown))
    }

    /// One warning for each sprite whose file name is not its name (``safeFileName(for:scale:)``:
    /// a character no file name can hold on Linux, macOS or Windows, an empty name, a leading dot),
    /// naming the sprite and the file written: `the sprite "a:b1" is written as a_b1.png (…)`. A
    /// name's `.png` and the `@2x` of its page are not renamings (reading the frames back takes them
    /// off). Empty when every name is its file's.
    public var fileNameWarnings: [String] {
        sprites.compactMap { sprite in
            let base = sprite.name.hasSuffix(".png") ? String(sprite.name.dropLast(4)) : sprite.name
            guard Self.portable(base) != base else { return nil }
            return "the sprite \(Self.quoted(sprite.name)) is written as \(fileName(for: sprite)) (\(Self.fileNameRule))"
        }
    }

    /// A file name for a sprite name that cannot leave the folder it is written to and that a
    /// checkout on Linux, macOS and Windows can hold: `/ \ : * ? " < > |` become `_`, control
    /// characters (C0, DEL, C1, line separators, bidirectional controls such as U+202E) are dropped, an empty name becomes `_`, a leading dot becomes `_.`, and `.png` is
    /// added — after `@2x` for a sprite of a scale-2 page whose name does not already say so.
    /// ``fileNameWarnings`` names each sprite this renames.
    public static func safeFileName(for name: String, scale: Int = 1) -> String {
        var base = name.hasSuffix(".png") ? String(name.dropLast(4)) : name
        if scale > 1 && !base.hasSuffix("@\(scale)x") { base += "@\(scale)x" }
        return portable(base) + ".png"
    }

    /// `base` as a file name every system can hold (see ``safeFileName(for:scale:)``).
    static func portable(_ base: String) -> String {
        var base = String(base.unicodeScalars.filter { !TerminalText.isControl($0) }.map { scalar -> Character in
            unportableCharacters.contains(scalar) ? "_" : Character(scalar)
        })
        if base.isEmpty { base = "_" }
        if base.hasPrefix(".") { base = "_" + base }
        return base
    }

    /// The file name ``frame(_:limits:)`` of `sprite` is saved under (see ``safeFileName(for:scale:)``),
    /// at its page's scale (the sheet's ``scale`` for a sprite whose page the sheet lacks).
    public func fileName(for sprite: Sprite) -> String {
        Self.safeFileName(for: sprite.name, scale: pages.indices.contains(sprite.page) ? pages[sprite.page].scale : scale)
    }

    /// Checks that every sprite can be cut from its page: the page exists, the frame lies on it,
    /// the frame's place lies in the source size, and the source size is within `limits`.
    /// ``SheetExport`` and ``unpack(into:source:overwrite:limits:cancellation:progress:)`` check this first; a sheet that
    /// ``SheetBuilder`` built or ``SheetImport`` read always passes.
    /// - Throws: ``Error`` naming the first sprite that cannot.
    public func check(limits: ResourceLimits = .default) throws(Error) {
        for sprite in sprites { try check(sprite, limits: limits) }
    }

    private func check(_ sprite: Sprite, limits: ResourceLimits) throws(Error) {
        guard pages.indices.contains(sprite.page) else { throw .spriteOffPage(name: sprite.name, page: sprite.page, pages: pages.count) }
        let page = pages[sprite.page], f = sprite.frame, s = sprite.spriteSourceSize
        guard f.x >= 0, f.y >= 0, f.width >= 0, f.height >= 0, f.maxX <= page.width, f.maxY <= page.height else {
            throw .spriteOutsidePage(name: sprite.name, frame: f, pageWidth: page.width, pageHeight: page.height)
        }
        do { try limits.checkPixels(width: sprite.sourceWidth, height: sprite.sourceHeight, of: "sprite '\(sprite.name)'") }
        catch { throw .limit(error) }
        guard s.x >= 0, s.y >= 0, s.width >= 0, s.height >= 0, s.maxX <= sprite.sourceWidth, s.maxY <= sprite.sourceHeight else {
            throw .spriteOutsideSource(name: sprite.name, spriteSourceSize: s, sourceWidth: sprite.sourceWidth, sourceHeight: sprite.sourceHeight)
        }
    }

    /// Each sprite's file name, in sprite order, once every sprite is checked: it can be cut from
    /// its page, its name makes a file name short enough, and no two sprites make one file.
    func checkedFileNames(source: String, limits: ResourceLimits = .default) throws(FramesJobError) -> [String] {
        // Two sprites of which no animation holds both: each may be written alone.
        let apart = { (one: Sprite, other: Sprite) in
            animations.count > 1 && !animations.contains { $0.frames.contains(one.name) && $0.frames.contains(other.name) }
                && animations.contains { $0.frames.contains(one.name) } && animations.contains { $0.frames.contains(other.name) }
        }
        do throws(Error) { try check(limits: limits) } catch {
            if case .limit(let limit) = error { throw .limit(limit) }
            throw .sheet(.invalid(file: source, reason: error.description))
        }
        // Every name is checked before the folder is made: a refusal leaves nothing behind.
        var names: [String: Sprite] = [:]
        for sprite in sprites {
            let file = fileName(for: sprite)
            if file.utf8.count > Self.longestFileName {
                throw .sheet(.invalid(file: source, reason: "the sprite \(Self.quoted(sprite.name)) would be the file \(Self.quoted(file)), "
                    + "\(file.utf8.count) bytes, over the \(Self.longestFileName) a file system allows: shorten its name in the data "
                    + "(nothing was written)"))
            }
            if let other = names.updateValue(sprite, forKey: file) {
                let advice = Self.collisionAdvice(apart: apart(other, sprite))
                throw .sheet(.invalid(file: source, reason: "the sprites \(Self.quoted(other.name)) and \(Self.quoted(sprite.name)) would both "
                    + "be the file \(file) (\(Self.whyOneFile(other.name, sprite.name))): \(advice) (nothing was written)"))
            }
        }
        try Self.checkOneFilePerSprite(sprites.map { (fileName(for: $0), $0) }, source: source, apart: apart)
        return sprites.map { fileName(for: $0) }
    }

    /// The original frame of `sprite`, rebuilt from its page (un-rotated, un-trimmed onto its source
    /// size): the page's bytes as they are, or un-premultiplied when ``premultipliedAlpha`` says
    /// the page is premultiplied (colour above alpha, which such a page cannot hold, is clamped).
    /// - Throws: ``Error`` when the sprite cannot be cut from its page (see ``check(limits:)``).
    public func frame(_ sprite: Sprite, limits: ResourceLimits = .default) throws(Error) -> Bitmap {
        try check(sprite, limits: limits)
        let page = pages[sprite.page]
        var out = Bitmap(clearWidth: sprite.sourceWidth, height: sprite.sourceHeight, scale: page.scale)
        if sprite.rotated {
            let upright = page.cropped(to: sprite.frame).rotated90(clockwise: rotation == .counterClockwise)
            out.copy(upright, toX: sprite.spriteSourceSize.x, y: sprite.spriteSourceSize.y)
        } else {
            out.copy(page, from: sprite.frame, toX: sprite.spriteSourceSize.x, y: sprite.spriteSourceSize.y)
        }
        guard premultipliedAlpha else { return out }
        var samples = out.pixels
        var index = 0
        while index < samples.count {
            let alpha = samples[index + 3]
            samples[index] = min(samples[index], alpha)
            samples[index + 1] = min(samples[index + 1], alpha)
            samples[index + 2] = min(samples[index + 2], alpha)
            index += 4
        }
        return Bitmap(width: out.width, height: out.height, scale: out.scale, premultiplied: samples)!
    }
}

extension PixelRect {
    /// The same origin with width and height swapped: a region's place on the page once turned.
    var transposed: PixelRect { PixelRect(x: x, y: y, width: height, height: width) }
}
