import APNG
import Basics
import Raster
import WebP

extension Animation {
    /// The animation an APNG holds (a PNG without `acTL` is one frame), from its bytes (`file`
    /// names it in errors). Its frames are composited and held, each counted against
    /// `limits.maxDecodedBytes` as it is read; the canvas and frame count are checked first.
    public static func load(apng bytes: [UInt8], file: String, limits: ResourceLimits = .default) throws(LoadError) -> Animation {
        try holdingFrames(limits: limits, file: file, failure: { .apng($0 as? APNG.DecodeError ?? .invalid(file: file, reason: "\($0)")) }) { body in
            try APNG.Decoder(limits: limits).decode(bytes, file: file, body).repeatCount
        }
    }

    /// The animation an animated (or still) WebP holds, from its bytes, read as
    /// ``load(apng:file:limits:)`` reads an APNG.
    public static func load(webp bytes: [UInt8], file: String, limits: ResourceLimits = .default) throws(LoadError) -> Animation {
        try holdingFrames(limits: limits, file: file, failure: { .webp($0 as? WebP.DecodeError ?? .invalid(file: file)) }) { body in
            try WebP.Decoder(limits: limits).decode(bytes, file: file, body).repeatCount
        }
    }

    /// The animation `decode` hands frame by frame to its body (returning the repeat count), every
    /// frame held within the decoded-bytes limit. A frame of 10 ms or less (an APNG delay of 0) is
    /// taken as the 100 ms browsers play it for. The decoder's errors become `failure`'s.
    private static func holdingFrames(limits: ResourceLimits, file: String, failure: (any Error) -> LoadError,
                                      decode: (_ body: (Bitmap, Double) throws -> Void) throws -> Int) throws(LoadError) -> Animation {
        var frames: [FrameSource] = [], durations: [Double] = []
        let repeatCount: Int
        do {
            repeatCount = try decode { bitmap, duration in
                frames.append(.bitmap(bitmap))
                durations.append(duration > 0.010 ? duration : 0.1)
                try limits.check(.decodedBytes, frames.count * bitmap.width * bitmap.height * 4, of: file)
            }
        } catch let error as LimitError {
            throw .limit(error)
        } catch {
            throw failure(error)
        }
        return Animation(unchecked: frames, frameDurations: durations, repeatCount: repeatCount)
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
