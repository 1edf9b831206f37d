import Basics

extension RenderJob {
    /// What a ``RenderJob`` writes, picked by the output's name as `flipbook assemble` picks it.
    public enum Format: String, Sendable, CaseIterable, CustomStringConvertible {
        /// A folder of numbered PNG frames (`NAME1.png …`, `NAME1@2x.png` at scale 2) and its
        /// `sequence.json`: a name without an extension.
        case folder
        /// Animated GIF (`.gif`).
        case gif
        /// Animated PNG (`.png`, `.apng`): every frame exact.
        case apng
        /// Animated WebP (`.webp`), lossless.
        case webp
        /// A sprite sheet: the frames on a PNG page (`NAME.png`) and its data at the name given:
        /// `NAME.json` TexturePacker's JSON hash (Pixi, Phaser, most engines), `NAME.atlas`
        /// libGDX, `NAME.tres` Godot 4's `SpriteFrames`, `NAME.plist` Cocos2d-x
        /// (``RenderJob/sheetFormat`` picks another).
        case sheet

        /// The file name extensions that promise this format (none for a folder).
        public var fileExtensions: [String] {
            switch self {
            case .folder: []
            case .gif: ["gif"]
            case .apng: ["png", "apng"]
            case .webp: ["webp"]
            case .sheet: ["json", "atlas", "tres", "plist"]
            }
        }

        /// The format a name promises: by its extension, a folder for none, for a name ending in
        /// `/` or for a folder that is there (`out.v2`, as `OutputName.requireFolder` takes it); nil
        /// for any other extension.
        public init?(fileName: String) {
            let ext = OutputName.pathExtension(fileName)
            if ext.isEmpty || fileName.hasSuffix("/") || FileIO.isDirectory(fileName) { self = .folder; return }
            guard let format = Self.allCases.first(where: { $0.fileExtensions.contains(ext) }) else { return nil }
            self = format
        }

        /// The format's name as users know it: "a folder of PNG frames", "GIF", "APNG", "WebP", "a sprite sheet".
        public var description: String {
            switch self {
            case .folder: "a folder of PNG frames"
            case .gif: "GIF"
            case .apng: "APNG"
            case .webp: "WebP"
            case .sheet: "a sprite sheet"
            }
        }
    }
}
