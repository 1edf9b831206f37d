import Animated
import Basics
import FrameGen
import Raster

extension LayerRenderer {
    /// A layer a frame earlier (``frameInterval``): its time, and the frame its streamed sequence
    /// showed then (`nil` for other content), which a frame shown now is charged from.
    struct Before {
        let time: Double
        let shown: Int?
    }

    /// `model` at its local `time`: the frame its sequence shows then, looked up only for a
    /// sequence read as a stream — its presentation then, as an animation of its `frame` may
    /// have moved it (a keyframed frame played backwards decodes the stream from the first).
    static func moment(of model: Layer, at time: Double) -> Before {
        guard case .sequence(let sequence) = model.content, case .streamed? = sequence.animation.frames.first,
              case .sequence(let shown) = model.presentation(at: time).content else { return Before(time: time, shown: nil) }
        return Before(time: time, shown: shown.frameIndex(at: time))
    }

    /// The store of decoded sequence frames held for the frames after (a loop decoded once): a
    /// quarter of the `room` the limit leaves beside a frame, the texts and the streams, at most
    /// ``maximumDecodedFrameBytes``; holding all when the frames under `root` fit it together.
    static func decodedFrames(under root: Layer, room: Double) -> DecodedFrames {
        let left = room - streamBytes(under: root)
        let budget = left > 0 ? Int(min(left / 4, Double(maximumDecodedFrameBytes))) : 0
        return DecodedFrames(budget: budget, holdsAll: sequenceFramesFit(under: root, budget: budget))
    }

    /// Whether the sequence frames under `root` fit `budget` bytes decoded, all of them together
    /// (each file once, at its sequence's scale, its size read from its PNG header): then they are
    /// held once decoded and each is charged once (``DecodedFrames/holdsAll``). False when one is
    /// read as a stream (more than the budget), a size cannot be read, or the tree names more
    /// frames than are worth looking at (a million: thousands of copies of a long sequence).
    static func sequenceFramesFit(under root: Layer, budget: Int) -> Bool {
        var seen = Set<DecodedFrames.Key>(), total = 0, looked = 0
        func fits(_ layer: Layer) -> Bool {
            if case .sequence(let sequence) = layer.content {
                let scale = sequence.animation.scale
                for source in sequence.animation.frames {
                    looked += 1
                    guard looked <= 1_000_000 else { return false }
                    if case .streamed = source { return false }
                    guard let key = DecodedFrames.Key(source, scale: scale) else { continue }
                    guard seen.insert(key).inserted else { continue }
                    guard let (width, height) = source.pixelSize(at: scale) else { return false }
                    let (bytes, overflow) = (width * height).multipliedReportingOverflow(by: 4)
                    guard !overflow, bytes <= budget - total else { return false }
                    total += bytes
                }
            }
            if let mask = layer.mask, !fits(mask) { return false }
            return layer.sublayers.allSatisfy(fits)
        }
        return fits(root)
    }

    /// The bytes the streams of the sequences under `root` hold at once: each of its own (every
    /// spawned copy of a layer playing a file too big to hold reads it with a decoder of its own)
    /// keeps its newest frames (`FrameStream.window`), and its decoder a canvas and the frame it
    /// makes, 4 bytes a pixel.
    static func streamBytes(under root: Layer) -> Double {
        var seen = Set<ObjectIdentifier>(), total = 0.0
        func add(_ layer: Layer) {
            if case .sequence(let sequence) = layer.content, case .streamed(let stream, _)? = sequence.animation.frames.first,
               seen.insert(ObjectIdentifier(stream)).inserted {
                total += Double(stream.window + 2) * Double(stream.width) * Double(stream.height) * 4
            }
            if let mask = layer.mask { add(mask) }
            layer.sublayers.forEach(add)
        }
        add(root)
        return total
    }

    /// Refuses streams that hold more than `limits.maxDecodedBytes` beside the `bytes` a frame
    /// takes (``streamBytes(under:)``): 40 copies of a 4096² GIF held 11 GB under a 2 GiB limit.
    static func checkStreams(under root: Layer, beside bytes: Double, limits: ResourceLimits) throws(CompositionError) {
        let streams = streamBytes(under: root)
        guard streams > 0, streams + bytes > Double(limits.maxDecodedBytes) else { return }
        let total = streams + bytes
        throw .limit(LimitError(limit: .decodedBytes, subject: "the sequences read as streams and a frame", amount: total < 9e18 ? Int(total) : nil,
                                maximum: limits.maxDecodedBytes,
                                detail: "each copy of a layer playing a GIF, APNG or WebP too big to hold reads it with a decoder of its own, "
                                    + "which holds a few of its frames: fewer copies at once, or a smaller file, need less"))
    }

    /// Draws the frame `sequence` shows at the layer's `time` over `bounds` (nothing when none
    /// shows), charging the canvas's meter what giving it costs, held or not: its decoding
    /// (`FrameSource.decodingWork(of:)`) and, for a streamed file, the frames decoded to reach it
    /// from `shownBefore`, the frame shown a frame earlier (``Before``). Over the frame's share,
    /// the draw does nothing.
    func draw(_ sequence: SequenceContent, in bounds: Rect, path: String, time: Double, shownBefore: Int?,
              on canvas: inout Canvas) throws(CompositionError) {
        guard let index = sequence.frameIndex(at: time) else { return }
        let (frame, work): (Bitmap, Int)
        do {
            (frame, work) = try decodedFrames.frame(sequence.animation.frames[index], scale: sequence.animation.scale)
        } catch {
            throw .frameUnreadable(layer: path, frame: index, error)
        }
        let steps = sequence.framesDecoded(toShow: index, after: shownBefore)
        let (charged, overflow) = work.multipliedReportingOverflow(by: steps)
        canvas.meter?.spend(overflow ? .max : charged)
        canvas.draw(frame, in: bounds.x, bounds.y, bounds.width, bounds.height)
    }
}
