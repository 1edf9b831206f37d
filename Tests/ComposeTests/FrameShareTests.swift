import Basics
@testable import Compose
import Foundation
import Testing

/// Fresh eyes 57 #4 and #5 in a render: ten 2-segment dashed lines over 100 frames (0.01 % of the
/// drawn-segments limit as segments count) drew for minutes, and one shadowed layer spawned 10 000
/// times over 20 000 frames passed every limit and drew for about a day: the limit bounded
/// segments × frames and one frame's blurs, not what the frames drew together. Each frame now
/// spends its share of `maxDrawingWork` — the rows its edges cross, the pixels it blurs.
@Suite("render: each frame's share of maxDrawingWork")
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
        // 10 layers of 2 elements × 10 frames = 200 segments, 46 400 at 232 each, within 2 000 000
        // before drawing; each line's 90 dashes are 360 edges, some 80 000 a layer, 800 000 a frame:
        // past its share of 200 000 over 10 frames.
        let limits = ResourceLimits(maxDrawingWork: 2_000_000)
        let scene = try SceneFile(json: Self.dashes(frames: 10, layers: 10), files: [], limits: limits)
        let renderer = try scene.renderer(limits: limits)
        #expect(renderer.frameCount == 10)
        #expect { try renderer.render(at: 0) } throws: { error in
            guard case .limit(let limit) = error as? CompositionError else { return false }
            return limit.limit == .drawingWork && limit.subject == "the frame at 0 s" && limit.maximum == 2_000_000
                && limit.description.contains("past the 200 000 each of its 10 frames may do")
        }
        // One layer a frame is within its share, and so is the run at the default.
        #expect(throws: Never.self) { try SceneFile(json: Self.dashes(frames: 10, layers: 1), files: [], limits: limits).renderer(limits: limits).render(at: 0) }
        #expect(throws: Never.self) { try SceneFile(json: Self.dashes(frames: 10, layers: 10), files: []).renderer().render(at: 0) }
    }

    @Test func shadowsBlurredPastTheFramesShareAreRefusedBeforeDrawing() throws {
        // No path segment at all; 50 shadows of radius 10 blur some 4 000 pixels each a frame.
        let limits = ResourceLimits(maxDrawingWork: 1_000_000)
        let renderer = try SceneFile(json: Self.shadows(frames: 100, copies: 50), files: [], limits: limits).renderer(limits: limits)
        #expect { try renderer.render(at: 1) } throws: { error in
            guard case .limit(let limit) = error as? CompositionError else { return false }
            return limit.limit == .drawingWork && limit.subject == "the frame at 1 s"
        }
        #expect(throws: Never.self) { try SceneFile(json: Self.shadows(frames: 2, copies: 50), files: [], limits: limits).renderer(limits: limits).render(at: 1) }
    }

    /// Fresh eyes 58 #1: translucent layers as large as the canvas (opacity 0.5, a background
    /// colour) each cost the canvas's pixels three times over — filled, its area filled, composited
    /// — yet were charged the few rows their four edges cross: a thousand of them on 5000² drew
    /// for over ten minutes and were never refused. Each is now charged the pixels it covers
    /// and composites.
    @Test func translucentLayersAreChargedTheirArea() throws {
        func scene(layers: Int) -> [UInt8] {
            let layer = ##"{"bounds": [64, 64], "position": [32, 32], "opacity": 0.5, "backgroundColor": "#00FF0080"}"##
            return Array(#"{"size": [64, 64], "frames": 1, "layers": [\#(Array(repeating: layer, count: layers).joined(separator: ", "))]}"#.utf8)
        }
        // Some 21 000 a layer (4 096 pixels filled, 4 096 for its area, 4 096 composited at 3, its edges).
        let limits = ResourceLimits(maxDrawingWork: 1_000_000)
        #expect(throws: Never.self) { try SceneFile(json: scene(layers: 10), files: [], limits: limits).renderer(limits: limits).render(at: 0) }
        let many = try SceneFile(json: scene(layers: 100), files: [], limits: limits).renderer(limits: limits)
        #expect { try many.render(at: 0) } throws: { error in
            guard case .limit(let limit) = error as? CompositionError else { return false }
            return limit.limit == .drawingWork && limit.subject == "the frame at 0 s"
        }
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
