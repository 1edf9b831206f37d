import Basics

extension AssembleJob {
    /// The container an ``AssembleJob`` writes.
    public enum Format: String, Sendable, CaseIterable, CustomStringConvertible {
        /// Animated GIF: 256 colours per frame, one bit of transparency, played everywhere.
        case gif
        /// Animated PNG: every frame exact, full colour and 8-bit alpha, lossless.
        case apng
        /// Animated WebP: full colour and 8-bit alpha, lossless (exact) or lossy.
        case webp

        /// The file name extensions that promise this format (the first is the usual one).
        public var fileExtensions: [String] {
            switch self {
            case .gif: ["gif"]
            case .apng: ["png", "apng"]
            case .webp: ["webp"]
            }
        }

        /// The format a file name promises by its extension (`walk.gif`, `walk.png`, `walk.apng`), if any.
        public init?(fileName: String) {
            let ext = OutputName.pathExtension(fileName)
            guard let format = Self.allCases.first(where: { $0.fileExtensions.contains(ext) }) else { return nil }
            self = format
        }

        /// Every extension an output may have, for messages: `.gif, .png or .apng`.
        public static var allExtensions: [String] { allCases.flatMap(\.fileExtensions) }

        /// The format's name as users know it: "GIF", "APNG", "WebP".
        public var description: String { self == .webp ? "WebP" : rawValue.uppercased() }

        /// The widest and tallest frame the format holds, in pixels: GIF's screen 65 535, WebP's
        /// canvas 16 383, a PNG's 2³¹ − 1.
        public var maxSide: Int {
            switch self {
            case .gif: 65_535
            case .apng: Int(Int32.max)
            case .webp: 16_383
            }
        }
    }
}
