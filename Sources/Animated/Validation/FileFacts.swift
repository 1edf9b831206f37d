import Basics
import Raster

/// What validation learned about one file: its header (or why it could not be read) and, in deep
/// mode, a digest of its pixels. Never the pixels themselves, so memory stays flat.
public struct FileFacts: Sendable {
    /// The frame file: its path, prefix, number, scale and device, as read from its name.
    public var file: FrameFile
    /// The file's size in bytes (what `file.too-large` compares with `maxFileBytes`); 0 when even
    /// its size could not be read.
    public var byteCount: Int
    /// The PNG header (size, colour type, bit depth, interlacing); `nil` when ``error`` is set.
    public var header: PNG.Header?
    /// Why the file could not be read or decoded (the `png.corrupt` and `png.cgbi` rules report
    /// it, and `png.too-large` a file over the pixel limit); `nil` when it could. Without `--deep`
    /// the chunks, their CRCs and the header are checked, nothing inflated, so only image data
    /// written wrong with correct CRCs goes unseen.
    public var error: PNG.DecodeError?
    /// Present after a full decode.
    public var pixels: PixelFacts?
    /// Bytes after the file's `IEND` chunk (the `png.trailing-data` rule reports them); 0 when
    /// there are none or the file could not be walked.
    public var trailingByteCount = 0

    /// Pixel size, when the header could be read.
    public var size: PixelSize? { header.map { PixelSize(width: $0.width, height: $0.height) } }
}

/// Width and height in pixels.
public struct PixelSize: Sendable, Hashable, CustomStringConvertible {
    /// Width in pixels.
    public var width: Int
    /// Height in pixels.
    public var height: Int
    /// A size of `width` × `height` pixels.
    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }
    /// `64×32`, as findings print sizes (without a unit: messages add `px`).
    public var description: String { "\(width)×\(height)" }
}

/// A summary of decoded pixels: enough to find empty and repeated frames, and colour hidden
/// under transparency.
public struct PixelFacts: Sendable, Equatable {
    /// Two independent 64-bit hashes of what the frame shows (straight RGBA, with every fully
    /// transparent pixel counted as transparent black whatever colour it stores) and the size.
    public var digest: [UInt64]
    /// Every pixel has alpha 0.
    public var fullyTransparent: Bool
    /// Pixels with alpha 0 whose stored colour is not black.
    public var hiddenColorPixels: Int
    /// All pixels.
    public var pixelCount: Int

    /// The facts of `bitmap`.
    public init(bitmap: Bitmap) {
        var fnv: UInt64 = 0xCBF2_9CE4_8422_2325
        var mix: UInt64 = 0x9E37_79B9_7F4A_7C15
        var hidden = 0
        bitmap.pixels.withUnsafeBytes { raw in
            // Two pixels per word; a pixel whose alpha byte is 0 is hashed as 0.
            let words = raw.count / 8
            for index in 0..<words {
                var word = raw.loadUnaligned(fromByteOffset: index * 8, as: UInt64.self).littleEndian
                if word & 0xFF00_0000 == 0 {
                    if word & 0x00FF_FFFF != 0 { hidden += 1 }
                    word &= 0xFFFF_FFFF_0000_0000
                }
                if word & 0xFF00_0000_0000_0000 == 0 {
                    if word & 0x00FF_FFFF_0000_0000 != 0 { hidden += 1 }
                    word &= 0x0000_0000_FFFF_FFFF
                }
                fnv = (fnv ^ word) &* 0x0000_0100_0000_01B3
                mix = (mix ^ (word &+ 0x9E37_79B9_7F4A_7C15 &+ (mix << 6) &+ (mix >> 2))) &* 0xBF58_476D_1CE4_E5B9
            }
            if raw.count % 8 == 4 {   // an odd pixel count leaves one pixel
                var pixel = [raw[raw.count - 4], raw[raw.count - 3], raw[raw.count - 2], raw[raw.count - 1]]
                if pixel[3] == 0 {
                    if pixel[0] | pixel[1] | pixel[2] != 0 { hidden += 1 }
                    pixel = [0, 0, 0, 0]
                }
                for byte in pixel {
                    fnv = (fnv ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
                    mix = (mix ^ UInt64(byte)) &* 0x94D0_49BB_1331_11EB
                }
            }
        }
        digest = [fnv ^ UInt64(bitmap.width), mix ^ UInt64(bitmap.height)]
        fullyTransparent = bitmap.isFullyTransparent
        hiddenColorPixels = hidden
        pixelCount = bitmap.width * bitmap.height
    }
}

/// A sequence and the facts about each of its files, ready for the rules.
public struct SequenceFacts: Sendable {
    /// The sequence: its folder, prefix and frames, each with its files at every scale and device.
    public let sequence: FrameSequence
    /// One entry per file, in `sequence.files` order.
    public let files: [FileFacts]
    private let filesByNumber: [Int: [FileFacts]]
    /// The highlighted sequence declared for it in `sequence.json`, if any.
    public var highlighted: SequenceFacts.Highlighted?
    /// The folder's `sequence.json`, when it has a usable one.
    public var manifest: SequenceManifest?
    /// Its path, when there is one.
    public var manifestPath: String?
    /// Why the folder's `sequence.json` could not be used.
    public var manifestError: SequenceManifest.Error?
    /// For a GIF, APNG or WebP read as a source of its own (a lone animation in a folder or an
    /// upload): the file and what its decoder read past (a file cut short, a missing colour
    /// table), as `Animation.readWarnings` holds them (Raster's `LenientReadWarning`: the rules
    /// match on its kind); `nil` for PNG frames.
    public var animation: (file: String, warnings: [LenientReadWarning])?
    /// Links to folders outside the validated folder that the walk did not follow, found in or
    /// below this sequence's folder (``FolderLinkOutsideRule``): each link as found and the real
    /// path it leads to.
    public var linksOutside: [(link: String, target: String)] = []

    /// Files of this sequence whose paths differ only in case from a file read before them
    /// (`fire1.png` after `Fire1.png`), for `name.case-clash`.
    public var caseClashes: [CaseClash] = []
    /// Where the sequence's files are read from: the disk, or memory (an upload, whose folder is
    /// no folder on disk: ``SequenceMisnamedFrameRule`` lists none of it).
    package var reading: FileReader = .disk

    /// Two files whose paths differ only in case: one file on macOS and Windows.
    public struct CaseClash: Sendable, Equatable {
        /// The file read first.
        public var first: String
        /// The file of this sequence whose path differs from ``first`` only in case.
        public var second: String

        /// The clash of `first` and `second`.
        public init(first: String, second: String) {
            self.first = first
            self.second = second
        }
    }

    /// The highlighted frames named by `sequence.json`'s `highlighted` (UIKit's
    /// `highlightedAnimationImages`), with their facts, for `highlighted.mismatch` and
    /// `uikit.highlighted`.
    public struct Highlighted: Sendable {
        /// The sequence of the highlighted prefix, in the same folder.
        public var sequence: FrameSequence
        /// One entry per file of ``sequence``, in its `files` order.
        public var files: [FileFacts]
    }

    /// The facts of `sequence`, with `files` one entry per file of `sequence.files`, in that order;
    /// no manifest and no highlighted frames until they are set.
    public init(sequence: FrameSequence, files: [FileFacts]) {
        self.sequence = sequence
        self.files = files
        filesByNumber = Dictionary(grouping: files, by: \.file.number)
    }

    /// Facts for one frame's files.
    public func facts(for frame: FrameSequence.Frame) -> [FileFacts] {
        filesByNumber[frame.number] ?? []
    }
}
