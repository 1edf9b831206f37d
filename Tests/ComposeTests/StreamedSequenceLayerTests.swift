import Animated
import Basics
import Compose
import Raster
import Testing
import TestSupport

/// Issue 43 (memory): a render scene held every decoded frame of a sequence layer's GIF, APNG or
/// WebP, whatever its size: thousands of frames meant thousands of frames in memory. A file of more
/// decoded bytes than a scene holds (64 MiB, or `maxDecodedBytes` when lower) is now streamed, each
/// frame decoded as it is drawn; spawned copies, playing the file from their own moments, each get
/// a stream of their own.
@Suite("Sequence layers stream large animated files")
struct StreamedSequenceLayerTests {
    /// 60 frames of 401×325 (31 MB decoded), three copies spawned at three moments.
    static let boom = "gif/effects/Effect_Kabooms_2x.gif"
    static let scene = #"""
        {"size": [96, 80], "duration": 3, "fps": 10, "layers": [
          {"name": "boom", "sequence": {"source": "boom.gif", "duration": 1.5, "repeatCount": 1, "hidesWhenFinished": true},
           "bounds": [48, 40], "spawn": {"events": [{"time": 0, "at": [30, 30]}, {"time": 0.4, "at": [60, 40]}, {"time": 1.1, "at": [40, 60]}]}}]}
        """#

    /// The scene read with `limits`, and the streams of its copies' sequences (none when held).
    static func read(_ limits: ResourceLimits) throws -> (SceneFile, [FrameStream]) {
        let gif = InMemoryFile(name: "boom.gif", bytes: try Fixtures.bytes(boom))
        let scene = try SceneFile(json: Array(Self.scene.utf8), files: [gif], limits: limits)
        let streams = scene.root.sublayers.compactMap { layer -> FrameStream? in
            guard case .sequence(let sequence) = layer.content, case .streamed(let stream, _)? = sequence.animation.frames.first else { return nil }
            return stream
        }
        return (scene, streams)
    }

    @Test func aFileOverTheBudgetIsStreamedAndDrawsTheSameFrames() throws {
        let (held, none) = try Self.read(.default)
        #expect(held.root.sublayers.count == 3 && none.isEmpty, "31 MB of frames are held")
        var small = ResourceLimits.default
        small.maxDecodedBytes = 16 << 20
        let (streamed, streams) = try Self.read(small)
        #expect(streams.count == 3, "every copy streams")
        #expect(Set(streams.map(ObjectIdentifier.init)).count == 3, "each copy with a stream of its own")
        let heldRenderer = try held.renderer(), streamedRenderer = try streamed.renderer(limits: small)
        for index in 0..<held.frameCount {
            let same = try heldRenderer.render(at: held.time(ofFrame: index)) == streamedRenderer.render(at: streamed.time(ofFrame: index))
            #expect(same, "frame \(index)")
        }
        // Each copy went through the file once, in order: no frame decoded twice, a few held at once.
        for stream in streams {
            #expect(stream.statistics.restarts == 0 && stream.statistics.mostHeld <= stream.window, "\(stream.statistics)")
        }
    }

    /// Round 62 #2: the streams of spawned copies were not counted against `maxDecodedBytes`
    /// (40 copies of a 4096² GIF held 11 GB under 2 GiB, and a memory cap aborted the run). Each
    /// copy's decoder holds its newest frames, its canvas and the frame it makes: three copies of
    /// 401×325 at 6 frames each (9.4 MB) are refused under 8 MiB, before any frame is drawn.
    @Test func theStreamsOfCopiesAreCountedTogether() throws {
        var small = ResourceLimits.default
        small.maxDecodedBytes = 8 << 20
        let (scene, streams) = try Self.read(small)
        #expect(streams.count == 3)
        #expect {
            _ = try scene.renderer(limits: small)
        } throws: { error in
            guard case .limit(let limit)? = error as? SceneFileError else { return false }
            return limit.limit == .decodedBytes && "\(error)".contains("the sequences read as streams and a frame")
        }
    }
}
