import APNG
import Basics
import GIF
import Raster
import WebP

extension Animation {
    /// The animation a GIF holds, from its bytes (`file` names it in errors and warnings): read as
    /// ``load(decoding:bytes:file:limits:)`` reads any animated file.
    public static func load(gif bytes: [UInt8], file: String, limits: ResourceLimits = .default) throws(LoadError) -> Animation {
        try load(decoding: GIF.Decoder.self, bytes: bytes, file: file, limits: limits)
    }

    /// The animation an APNG holds (a PNG without `acTL` is one frame), from its bytes: read as
    /// ``load(decoding:bytes:file:limits:)`` reads any animated file.
    public static func load(apng bytes: [UInt8], file: String, limits: ResourceLimits = .default) throws(LoadError) -> Animation {
        try load(decoding: APNG.Decoder.self, bytes: bytes, file: file, limits: limits)
    }

    /// The animation an animated (or still) WebP holds, from its bytes: read as
    /// ``load(decoding:bytes:file:limits:)`` reads any animated file.
    public static func load(webp bytes: [UInt8], file: String, limits: ResourceLimits = .default) throws(LoadError) -> Animation {
        try load(decoding: WebP.Decoder.self, bytes: bytes, file: file, limits: limits)
    }

    /// The animation an animated file holds, read through its Raster `AnimationDecoder` (GIF,
    /// APNG or WebP's `Decoder`): its frames decoded up front and held, each counted against
    /// `limits.maxDecodedBytes` as it is read, the canvas and frame count checked first, and the
    /// frames × canvas it asks for against `limits.maxOutputPixels` (``LoadError/limit(_:)``). A frame
    /// stored as 10 ms or less plays for the 100 ms browsers show it (`AnimationFrame.playedDuration`);
    /// the file's loop count is the repeat count; what the decoder read leniently (a file cut
    /// short, a missing colour table) is in ``warnings``.
    public static func load<Decoder: AnimationDecoder>(decoding decoder: Decoder.Type, bytes: [UInt8], file: String,
                                                       limits: ResourceLimits = .default) throws(LoadError) -> Animation {
        let reader: Decoder, frames: [AnimationFrame]
        do {
            reader = try Decoder(bytes: bytes, file: file, limits: limits)
        } catch {
            throw .decode(error)
        }
        // Work in proportion to the input, as `FramesJob` checks it: a GIF of 9 KB may declare
        // three hundred 1000² frames, which would all be decoded and held.
        let info = reader.info
        do throws(LimitError) {
            try limits.checkOutput(info.frameCount, "frames", width: info.width, height: info.height, of: file)
        } catch {
            throw .limit(error)
        }
        do {
            frames = try reader.allFrames()
        } catch {
            throw .decode(error)
        }
        var animation = Animation(unchecked: frames.map { .bitmap($0.image) }, frameDurations: frames.map(\.playedDuration),
                                  repeatCount: reader.info.repeatCount)
        animation.warnings = reader.warnings
        return animation
    }

    /// The kind of one-file animation `name` promises by its extension: GIF, WebP or APNG (`.apng`);
    /// `nil` for `.png` and the rest (a `.png` is an APNG only when its content says so).
    static func animatedFileKind(_ name: String) -> AssembleJob.Format? {
        switch OutputName.pathExtension(name) {
        case "gif": .gif
        case "webp": .webp
        case "apng": .apng
        default: nil
        }
    }

    /// One file read as the animation it holds, by kind.
    static func load(animatedFile bytes: [UInt8], kind: AssembleJob.Format, file: String, limits: ResourceLimits) throws(LoadError) -> Animation {
        switch kind {
        case .gif: try load(gif: bytes, file: file, limits: limits)
        case .apng: try load(apng: bytes, file: file, limits: limits)
        case .webp: try load(webp: bytes, file: file, limits: limits)
        }
    }
}
