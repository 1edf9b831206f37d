import Basics
import Raster

extension FrameSource {
    /// The note for `frames` some of which are PNGs of 16-bit samples (read from each file's
    /// header): Flipbook works in 8 bits a sample, so what is written from them has 8 (each sample
    /// rounded once), as `blur` says for one PNG; `nil` when none has 16. One sentence for every
    /// job that reads frames (`assemble`, `sheet`, the sequence operations).
    package static func depthNote(_ frames: [FrameSource]) -> String? {
        let deep = frames.filter(\.hasSixteenBitSamples)
        guard !deep.isEmpty else { return nil }
        let names = deep.prefix(3).compactMap(\.fileName).joined(separator: ", ") + (deep.count > 3 ? ", …" : "")
        return PNG.Header.sixteenBitNote(deep.count == frames.count ? "the frames have" : "\(deep.count) of \(frames.count) frames (\(names)) have")
    }

    /// Whether this frame is a PNG of 16-bit samples: 25 bytes of it are read (a GIF's or WebP's frames are 8-bit).
    private var hasSixteenBitSamples: Bool {
        switch self {
        case .file(let path): (try? FileIO.readPrefix(path, limit: 29)).map { PNG.Header.hasSixteenBitSamples(prefix: $0.bytes) } ?? false
        case .memory(let file): PNG.Header.hasSixteenBitSamples(prefix: file.bytes)
        case .bitmap, .streamed: false
        }
    }
}
