import Animated
import Basics
import Raster
import Synchronization

/// The sequence frames a ``LayerRenderer`` has decoded, kept up to a byte budget and dropped least
/// recently drawn first: a looping sequence is decoded once rather than every time a frame is
/// due, and a long render of a long sequence still holds at most `budget` bytes of frames. Shared
/// by the threads drawing frames at once (and by copies of the renderer).
final class DecodedFrames: Sendable {
    /// What identifies a decoded frame: the file (or the bytes in memory, or the stream) and the
    /// scale it was decoded for. A file by its path's exact bytes: `café/f1.png` composed and
    /// decomposed are two files, which `String`'s `==` takes for one.
    enum Key: Hashable, Sendable {
        case file(NameSpelling.Exact, scale: Int)
        /// In-memory PNG bytes, by the address of the array holding them (the tree being drawn keeps
        /// them alive and unchanged as long as the renderer lives) and their name and count.
        case memory(name: String, address: UInt, count: Int, scale: Int)
        case streamed(ObjectIdentifier, index: Int, scale: Int)

        /// The key of `source` at `scale`; nil for a bitmap (nothing to decode).
        init?(_ source: FrameSource, scale: Int) {
            switch source {
            case .file(let path): self = .file(NameSpelling.Exact(path), scale: scale)
            case .memory(let file):
                guard let address = file.bytes.withUnsafeBufferPointer({ $0.baseAddress.map { UInt(bitPattern: $0) } }) else { return nil }
                self = .memory(name: file.name, address: address, count: file.bytes.count, scale: scale)
            case .streamed(let stream, let index): self = .streamed(ObjectIdentifier(stream), index: index, scale: scale)
            case .bitmap: return nil
            }
        }
    }

    private struct Entry {
        let bitmap: Bitmap
        var used: UInt64
    }

    private struct State {
        var entries: [Key: Entry] = [:]
        /// What giving each frame decoded so far costs (``FrameSource/decodingWork(of:)``), kept
        /// after the frame is let go: one number a frame the sequences hold.
        var work: [Key: Int] = [:]
        var bytes = 0
        var clock: UInt64 = 0
        /// Frames decoded (a miss each), for tests.
        var decoded = 0
    }

    /// The most bytes of decoded pixels held.
    let budget: Int
    /// Whether every frame the renderer may draw fits the budget together (known before any is
    /// drawn): then none is let go, each is decoded once (or at once by two threads), and its
    /// decoding is charged once, by the first to record it — a total that does not depend on the
    /// cores. Otherwise a frame is charged each time it is given, held or not.
    let holdsAll: Bool
    private let state = Mutex(State())

    /// A store that holds at most `budget` bytes of pixels (0: holds nothing); `holdsAll` when
    /// the frames to draw fit it together.
    init(budget: Int, holdsAll: Bool = false) {
        self.budget = max(0, budget)
        self.holdsAll = holdsAll
    }

    /// `source`'s frame at `scale` — the one held, or decoded now (and held when it fits) — and
    /// what giving it costs in drawing work (``FrameSource/decodingWork(of:)``, worked out when
    /// it was first decoded): each time, held or not, unless ``holdsAll`` (then once).
    func frame(_ source: FrameSource, scale: Int) throws(PNG.DecodeError) -> (bitmap: Bitmap, work: Int) {
        guard let key = Key(source, scale: scale) else {
            let bitmap = try source.load(scale: scale)
            return (bitmap, source.decodingWork(of: bitmap))
        }
        let held: (Bitmap, Int)? = state.withLock { state in
            state.clock += 1
            guard let entry = state.entries[key], let work = state.work[key] else { return nil }
            state.entries[key]!.used = state.clock
            return (entry.bitmap, work)
        }
        if let held { return holdsAll ? (held.0, 0) : held }
        let bitmap = try source.load(scale: scale)
        let size = bitmap.pixels.count
        let known = state.withLock { $0.work[key] }
        let work = known ?? source.decodingWork(of: bitmap)
        let first = state.withLock { state in
            state.decoded += 1
            let first = state.work[key] == nil
            if first { state.work[key] = work }
            guard size <= budget, state.entries[key] == nil else { return first }
            while state.bytes + size > budget, let oldest = state.entries.min(by: { $0.value.used < $1.value.used }) {
                state.entries[oldest.key] = nil
                state.bytes -= oldest.value.bitmap.pixels.count
            }
            state.clock += 1
            state.entries[key] = Entry(bitmap: bitmap, used: state.clock)
            state.bytes += size
            return first
        }
        return (bitmap, holdsAll && !first ? 0 : work)
    }

    /// The bytes of pixels held now, the frames held and the frames decoded so far.
    var usage: (bytes: Int, frames: Int, decoded: Int) {
        state.withLock { ($0.bytes, $0.entries.count, $0.decoded) }
    }
}
