import Animated
import Basics
import FrameGen
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
}
