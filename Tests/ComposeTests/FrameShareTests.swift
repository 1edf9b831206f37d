import Basics
@testable import Compose
import Foundation
import Testing

/// Fresh eyes 57 #4 and #5 in a render: ten 2-segment dashed lines over 100 frames (0.01 % of the
/// drawn-segments limit as segments count) drew for minutes, and one shadowed layer spawned 10 000
/// times over 20 000 frames passed every limit and drew for about a day: the limit bounded
/// segments × frames and one frame's blurs, not what the frames drew together. Each frame now
/// spends its share of `maxDrawnSegments` — the rows its edges cross, the pixels it blurs.
@Suite("render: each frame's share of maxDrawnSegments")
struct FrameShareTests {
    static func dashes(frames: Int, layers: Int) -> [UInt8] {
        let layer = ##"{"shape": {"path": "M0 0 L64 64", "fillColor": "none", "strokeColor": "#000000", "lineWidth": 1, "lineDashPattern": [0.5, 0.5]}, "##
            + #""bounds": [64, 64], "position": [32, 32]}"#
        return Array(#"{"size": [64, 64], "frames": \#(frames), "layers": [\#(Array(repeating: layer, count: layers).joined(separator: ", "))]}"#.utf8)
    }

    static func shadows(frames: Int, copies: Int) -> [UInt8] {
        let scene = ##"{"size": [16, 16], "frames": \##(frames), "fps": 30, "layers": [{"backgroundColor": "#ff0000", "bounds": [4, 4], "##
            + ##""shadow": {"radius": 10}, "spawn": {"random": {"count": \##(copies), "seed": 3, "area": [16, 16], "start": 0, "interval": 0.0001}}}]}"##
        return Array(scene.utf8)
    }

    @Test func dashesPastTheFramesShareAreRefusedAsTheyAreDrawn() throws {
        // 10 layers of 2 elements × 10 frames = 200 segments, within 20 000 before drawing; each
        // line's 90 dashes cross some 400 rows, 4 000 a frame, past its share of 2 000 over 10 frames.
        let limits = ResourceLimits(maxDrawnSegments: 20_000)
        let scene = try SceneFile(json: Self.dashes(frames: 10, layers: 10), files: [], limits: limits)
        let renderer = try scene.renderer(limits: limits)
        #expect(renderer.frameCount == 10)
        #expect { try renderer.render(at: 0) } throws: { error in
            guard case .limit(let limit) = error as? CompositionError else { return false }
            return limit.limit == .drawnSegments && limit.subject == "the frame at 0 s" && limit.maximum == 20_000
                && limit.description.contains("past the 2 000 each of its 10 frames may draw")
        }
        // One layer a frame is within its share, and so is the run at the default.
        #expect(throws: Never.self) { try SceneFile(json: Self.dashes(frames: 10, layers: 1), files: [], limits: limits).renderer(limits: limits).render(at: 0) }
        #expect(throws: Never.self) { try SceneFile(json: Self.dashes(frames: 10, layers: 10), files: []).renderer().render(at: 0) }
    }

    @Test func shadowsBlurredPastTheFramesShareAreRefusedBeforeDrawing() throws {
        // No path segment at all; 50 shadows of radius 10 blur some 4 000 pixels each a frame.
        let limits = ResourceLimits(maxDrawnSegments: 1_000_000)
        let renderer = try SceneFile(json: Self.shadows(frames: 100, copies: 50), files: [], limits: limits).renderer(limits: limits)
        #expect { try renderer.render(at: 1) } throws: { error in
            guard case .limit(let limit) = error as? CompositionError else { return false }
            return limit.limit == .drawnSegments && limit.subject == "the frame at 1 s"
        }
        #expect(throws: Never.self) { try SceneFile(json: Self.shadows(frames: 2, copies: 50), files: [], limits: limits).renderer(limits: limits).render(at: 1) }
    }

    /// A frame is named by its time to the millisecond (fresh eyes 58: "the frame at 0.03333333333333333 s").
    @Test func aFrameIsNamedToTheMillisecond() {
        #expect(LayerRenderer.frame(at: 1.0 / 30) == "the frame at 0.033 s")
        #expect(LayerRenderer.frame(at: 2) == "the frame at 2 s")
    }

    /// A renderer made in code draws one frame's worth unless told its frames; a count below 1 is 1.
    @Test func aRenderersFrameCountIsAtLeastOne() throws {
        var renderer = try SceneFile(json: Self.dashes(frames: 10, layers: 1), files: []).renderer()
        renderer.frameCount = 0
        #expect(renderer.frameCount == 1)
        renderer.frameCount = -7
        #expect(renderer.frameCount == 1)
    }
}
