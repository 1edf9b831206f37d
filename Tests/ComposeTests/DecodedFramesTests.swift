import Animated
import Basics
import FrameGen
import GIF
import Raster
import Testing
import TestSupport
@testable import Compose

/// Issue 45 (speed): a sequence layer decoded its frame from the PNG every time it was due — the
/// 14 frames of the explosions example 84 times over its 56 frames. The renderer now keeps the
/// frames it decoded, up to a budget taken from `maxDecodedBytes` (least recently drawn dropped
/// first), so a loop is decoded once and a long render still holds a bounded number of frames;
/// what it draws does not change.
@Suite("Decoded sequence frames are kept within a budget")
struct DecodedFramesTests {
    /// The explosions example: three copies of a 14-frame 64 × 64 explosion played from PNG files.
    static let example = Fixtures.repository + "/Examples/explosions-at-taps.json"

    /// Every frame of the example drawn by a renderer made under `limits`.
    static func frames(_ scene: SceneFile, limits: ResourceLimits) throws -> (frames: [Bitmap], renderer: LayerRenderer) {
        let renderer = try scene.renderer(limits: limits)
        let frames = try (0..<scene.frameCount).map { try renderer.render(at: scene.time(ofFrame: $0)) }
        return (frames, renderer)
    }

    @Test func eachFrameIsDecodedOnceAndDrawsTheSame() throws {
        let scene = try SceneFile(file: Self.example)
        let (kept, renderer) = try Self.frames(scene, limits: .default)
        let usage = renderer.decodedFrameUsage
        #expect(usage.budget == LayerRenderer.maximumDecodedFrameBytes)
        #expect(usage.decoded == 14 && usage.frames == 14 && usage.bytes == 14 * 64 * 64 * 4, "\(usage)")
        // With no room beside one frame nothing is kept: every frame is decoded when it is due, and
        // the pictures are the same.
        var tight = ResourceLimits.default
        tight.maxDecodedBytes = renderer.frameBytes
        let (decodedEachTime, unkept) = try Self.frames(scene, limits: tight)
        #expect(unkept.decodedFrameUsage.budget == 0 && unkept.decodedFrameUsage.frames == 0)
        #expect(unkept.decodedFrameUsage.decoded > 3 * 14, "\(unkept.decodedFrameUsage)")
        #expect(kept == decodedEachTime)
    }

    /// Under a budget of three frames, at most three are held whatever the number drawn, the least
    /// recently drawn dropped first.
    @Test func aSmallBudgetHoldsABoundedNumberOfFrames() throws {
        let scene = try SceneFile(file: Self.example)
        let (reference, full) = try Self.frames(scene, limits: .default)
        var small = ResourceLimits.default
        small.maxDecodedBytes = full.frameBytes + 4 * 3 * 64 * 64 * 4 + 3
        let (frames, renderer) = try Self.frames(scene, limits: small)
        let usage = renderer.decodedFrameUsage
        #expect(usage.budget == 3 * 64 * 64 * 4)
        #expect(usage.frames <= 3 && usage.bytes <= usage.budget, "\(usage)")
        #expect(usage.decoded > 14, "frames were dropped and decoded again: \(usage)")
        #expect(frames == reference)
    }

    /// Round 60 #2: a sequence whose frames are too big to hold was decoded again every frame
    /// (8000² frames on a 10 × 10 render: 150 s for 300 frames), work no limit counted. Each
    /// showing of a frame is now charged its decoding (`DrawingCost.decoded` a pixel) held or
    /// not, so the run is refused by its frames, not by what frames drawn at once left held —
    /// unless every frame fits what is held, known before drawing: then each is charged once.
    @Test(arguments: [true, false]) func eachShowingIsChargedItsDecoding(held: Bool) throws {
        // Noise, opaque: a file of about as many bytes as its pixels, which the charge counts.
        var seed: UInt32 = 7
        let noise = (0..<(400 * 300 * 4)).map { index -> UInt8 in
            seed = seed &* 1_664_525 &+ 1_013_904_223
            return index % 4 == 3 ? 255 : UInt8(truncatingIfNeeded: seed >> 24)
        }
        let frame = try PNG.Encoder().encode(try #require(Bitmap(width: 400, height: 300, straight: noise)))
        #expect(frame.count > 300_000)
        let files = (1...3).map { InMemoryFile(name: "seq/f\($0).png", bytes: frame) }
        let json = ##"{"size": [10, 10], "frames": 10, "fps": 10, "layers": [{"sequence": {"source": "seq", "duration": 0.3}, "bounds": [10, 10], "position": [5, 5]}]}"##
        // Ten showings of 120 000 pixels at 3 each and the file's bytes at 2 each, then the 10 × 10
        // drawn resampled (25 a pixel) in each frame: the limit passed only with those drawn.
        // Round 62 #5: frames that all fit what the renderer holds are decoded once, and charged
        // once (a 2048² noisy frame held for 1500 frames was refused after 0.6 s of work): 3 of them.
        let charged = (held ? 3 : 10) * (120_000 * DrawingCost.decoded + frame.count * DrawingCost.fileByte)
        func refused(limit: Int) throws -> Bool {
            var limits = ResourceLimits(maxDrawingWork: limit)
            if !held { limits.maxDecodedBytes = 500_000 }
            var renderer = try SceneFile(json: Array(json.utf8), files: files, limits: limits).renderer(limits: limits)
            renderer.run = DrawingRun(frames: renderer.frameCount, limits: limits)
            defer { #expect(held ? renderer.decodedFrameUsage.decoded == 3 : renderer.decodedFrameUsage.decoded >= 10, "\(renderer.decodedFrameUsage)") }
            for index in 0..<10 {
                do { _ = try renderer.render(at: Double(index) / 10) } catch {
                    guard case .limit(let limit) = error, limit.limit == .drawingWork else { throw error }
                    return true
                }
            }
            return false
        }
        #expect(DrawingCost.decoded == 3 && DrawingCost.fileByte == 2)
        #expect(try refused(limit: charged))
        #expect(try !refused(limit: charged + 100_000))
    }

    /// A frame of a GIF, APNG or WebP read as a stream was charged its own decoding only, while the
    /// stream decodes each frame on the one before: a 19 000-frame GIF looped ten times a second
    /// decoded thousands of frames for every frame rendered, uncharged. A showing now costs the
    /// frames the stream decodes to reach it from the frame shown one output frame before — those
    /// between, or every one from the first when it goes back. 20 frames of 100²: played over 2 s at
    /// 10 fps, one frame a showing (10 in all); over 0.5 s, four a showing and a restart at each loop
    /// (1 + 4 + 4 + 4 + 4, twice: 34).
    @Test(arguments: [(2.0, 10), (0.5, 34)]) func aStreamedFrameIsChargedTheFramesDecodedToReachIt(duration: Double, decoded: Int) throws {
        let frames = try (0..<20).map { n in
            try #require(Bitmap(width: 100, height: 100, straight: (0..<40_000).map { UInt8(truncatingIfNeeded: ($0 &* (n + 3)) >> 2) | ($0 % 4 == 3 ? 255 : 0) }))
        }
        let gif = try GIF.Encoder().encode(FrameInput(durations: Array(repeating: 0.1, count: 20)) { frames[$0] }).bytes
        let json = #"{"size": [10, 10], "frames": 10, "fps": 10, "layers": [{"sequence": {"source": "a.gif", "duration": \#(duration)}, "bounds": [10, 10], "position": [5, 5]}]}"#
        func refused(limit: Int) throws -> Bool {
            var limits = ResourceLimits(maxDrawingWork: limit)
            limits.maxDecodedBytes = 500_000
            let scene = try SceneFile(json: Array(json.utf8), files: [InMemoryFile(name: "a.gif", bytes: gif)], limits: limits)
            guard case .sequence(let sequence)? = scene.root.sublayers.first?.content, case .streamed? = sequence.animation.frames.first,
                  sequence.animation.frames.count == 20 else {
                Issue.record("the GIF is not streamed whole")
                return false
            }
            var renderer = try scene.renderer(limits: limits)
            renderer.run = DrawingRun(frames: renderer.frameCount, limits: limits)
            for index in 0..<10 {
                do { _ = try renderer.render(at: scene.time(ofFrame: index)) } catch {
                    guard case .limit(let limit) = error, limit.limit == .drawingWork else { throw error }
                    return true
                }
            }
            return false
        }
        let charged = decoded * 100 * 100 * DrawingCost.decoded
        #expect(try refused(limit: charged))
        #expect(try !refused(limit: charged + 29_000))
    }

    /// Round 62 #1: an animation of a layer's `frame` that played a streamed GIF backwards was
    /// charged one frame a showing (12 000 frames of 64² ran past three minutes unrefused): the
    /// frame shown before was looked up in the presentation of now. Backwards, each showing now
    /// costs every frame from the first (about 145 frames of the 20 here); forwards, one.
    @Test(arguments: [("19", "10", true), ("10", "19", false)]) func aFrameAnimationIsChargedTheStreamsWork(from: String, to: String, refused: Bool) throws {
        let frames = try (0..<20).map { n in
            try #require(Bitmap(width: 100, height: 100, straight: (0..<40_000).map { UInt8(truncatingIfNeeded: ($0 &* (n + 3)) >> 2) | ($0 % 4 == 3 ? 255 : 0) }))
        }
        let gif = try GIF.Encoder().encode(FrameInput(durations: Array(repeating: 0.1, count: 20)) { frames[$0] }).bytes
        let json = #"{"size": [10, 10], "frames": 10, "fps": 10, "layers": [{"sequence": {"source": "a.gif"}, "bounds": [10, 10], "position": [5, 5], "animations": [{"property": "frame", "from": \#(from), "to": \#(to), "duration": 0.9, "fillMode": "both"}]}]}"#
        var limits = ResourceLimits(maxDrawingWork: 60 * 100 * 100 * DrawingCost.decoded)
        limits.maxDecodedBytes = 500_000
        let scene = try SceneFile(json: Array(json.utf8), files: [InMemoryFile(name: "a.gif", bytes: gif)], limits: limits)
        guard case .sequence(let sequence)? = scene.root.sublayers.first?.content, case .streamed? = sequence.animation.frames.first else {
            Issue.record("the GIF is not streamed")
            return
        }
        var renderer = try scene.renderer(limits: limits)
        renderer.run = DrawingRun(frames: renderer.frameCount, limits: limits)
        var wasRefused = false
        for index in 0..<10 {
            do { _ = try renderer.render(at: scene.time(ofFrame: index)) } catch {
                guard case .limit(let limit) = error, limit.limit == .drawingWork else { throw error }
                wasRefused = true
                break
            }
        }
        #expect(wasRefused == refused)
    }

    /// Frames that fit what a renderer holds, all together, are known to before drawing; a header
    /// claiming the largest sides PNG allows, or frames past the budget, are not.
    @Test func framesThatFitAreKnownBeforeDrawing() throws {
        let bytes = try Fixtures.bytes("pngsuite/valid/basn6a08.png")
        func tree(_ frames: [[UInt8]]) throws -> Layer {
            let files = frames.enumerated().map { FrameSource.memory(InMemoryFile(name: "s/f\($0.offset + 1).png", bytes: $0.element)) }
            let sequence = Layer(name: "s", content: .sequence(try SequenceContent(animation: Animation(frames: files))))
            return Layer(name: "root", sublayers: [sequence, sequence])
        }
        #expect(LayerRenderer.sequenceFramesFit(under: try tree([bytes, bytes]), budget: 2 * 32 * 32 * 4))
        #expect(!LayerRenderer.sequenceFramesFit(under: try tree([bytes, bytes, bytes]), budget: 2 * 32 * 32 * 4))
        var huge = Array(bytes)
        for offset in [16, 20] { huge.replaceSubrange(offset..<(offset + 4), with: [0x7F, 0xFF, 0xFF, 0xFF]) }
        #expect(!LayerRenderer.sequenceFramesFit(under: try tree([huge, huge]), budget: .max))
        #expect(!LayerRenderer.sequenceFramesFit(under: try tree([[1, 2]]), budget: .max))
    }

    /// Frame files and bitmaps are read whole, whatever was shown before; a stream's frame shown
    /// with nothing before it is read from the first.
    @Test func framesDecodedToShowAFrame() throws {
        let bitmap = try #require(Bitmap(width: 2, height: 2, straight: [UInt8](repeating: 1, count: 16)))
        let files = try SequenceContent(animation: Animation(frames: [.file("a1.png"), .file("a2.png"), .bitmap(bitmap)]))
        #expect(files.framesDecoded(toShow: 1, after: nil) == 1 && files.framesDecoded(toShow: 0, after: 1) == 1 && files.framesDecoded(toShow: 2, after: 0) == 1)
        #expect(files.framesDecoded(toShow: 7, after: nil) == 1 && files.framesDecoded(toShow: -1, after: nil) == 1)
    }
}
