import Animated
import Basics
import Raster

extension FrameOperationJob {
    /// The note for a plan some of whose PNG frames have 16-bit samples (read from each file's
    /// header): Flipbook works in 8 bits a sample, so the frames written have 8 (each sample
    /// rounded once), as `blur`, `slice` and `resize` say for one PNG; `nil` when none has 16.
    static func depthNote(_ plan: Plan) -> String? {
        let frames = plan.animation.frames
        let deep = frames.filter(hasSixteenBits)
        guard !deep.isEmpty else { return nil }
        let names = deep.prefix(3).compactMap(\.fileName).joined(separator: ", ") + (deep.count > 3 ? ", …" : "")
        return PNG.Header.sixteenBitNote(deep.count == frames.count ? "the frames have" : "\(deep.count) of \(frames.count) frames (\(names)) have")
    }

    /// Whether `frame` is a PNG of 16-bit samples: 25 bytes of it are read (a GIF's or WebP's frames are 8-bit).
    private static func hasSixteenBits(_ frame: FrameSource) -> Bool {
        switch frame {
        case .file(let path): (try? FileIO.readPrefix(path, limit: 25)).map { PNG.Header.hasSixteenBitSamples(prefix: $0.bytes) } ?? false
        case .memory(let file): PNG.Header.hasSixteenBitSamples(prefix: file.bytes)
        case .bitmap, .streamed: false
        }
    }
}
