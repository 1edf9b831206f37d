import Raster

/// A packed sprite sheet: one page image and where each named sprite sits on it.
public struct SpriteSheet: Sendable {
    /// A rectangle in pixels.
    public typealias Rect = PixelRect

    /// One sprite: its region on the page and how to rebuild the original frame from it.
    public struct Sprite: Sendable, Hashable {
        public var name: String
        /// The region on the page.
        public var frame: Rect
        /// `true` when transparent borders were cut off.
        public var trimmed: Bool
        /// Where the region sits inside the original frame.
        public var spriteSourceSize: Rect
        /// The original frame's size.
        public var sourceWidth: Int
        public var sourceHeight: Int
        /// Milliseconds, from the animation model.
        public var duration: Int?

        public init(name: String, frame: Rect, trimmed: Bool, spriteSourceSize: Rect, sourceWidth: Int, sourceHeight: Int,
                    duration: Int? = nil) {
            self.name = name
            self.frame = frame
            self.trimmed = trimmed
            self.spriteSourceSize = spriteSourceSize
            self.sourceWidth = sourceWidth
            self.sourceHeight = sourceHeight
            self.duration = duration
        }
    }

    /// A sequence of sprites played as one animation.
    public struct Animation: Sendable, Hashable {
        public var name: String
        /// Sprite names in play order.
        public var frames: [String]
        /// `forward`, `reverse` or `pingpong` (Aseprite's tag direction).
        public var direction: String
        /// UIKit's meaning: 0 forever, N plays.
        public var repeatCount: Int

        public init(name: String, frames: [String], direction: String = "forward", repeatCount: Int = 0) {
            self.name = name
            self.frames = frames
            self.direction = direction
            self.repeatCount = repeatCount
        }
    }

    public var page: Bitmap
    /// In input order.
    public var sprites: [Sprite]
    public var animations: [Animation]

    public init(page: Bitmap, sprites: [Sprite], animations: [Animation]) {
        self.page = page
        self.sprites = sprites
        self.animations = animations
    }

    /// A file name for a sprite name that cannot leave the folder it is written to: path separators
    /// become `_`, a leading dot becomes `_.`, control characters are dropped, and `.png` is added.
    public static func safeFileName(for name: String) -> String {
        var base = name.hasSuffix(".png") ? String(name.dropLast(4)) : name
        base = String(base.unicodeScalars.filter { $0.value >= 0x20 && $0 != "\u{7F}" }.map { scalar -> Character in
            scalar == "/" || scalar == "\\" || scalar == ":" ? "_" : Character(scalar)
        })
        if base.isEmpty { base = "_" }
        if base.hasPrefix(".") { base = "_" + base }
        return base + ".png"
    }

    /// The original frame of `sprite`, rebuilt from the page (un-trimmed onto its source size).
    public func frame(_ sprite: Sprite) -> Bitmap {
        var out = Bitmap(width: sprite.sourceWidth, height: sprite.sourceHeight, scale: page.scale)
        out.copy(page, from: sprite.frame, toX: sprite.spriteSourceSize.x, y: sprite.spriteSourceSize.y)
        return out
    }
}
