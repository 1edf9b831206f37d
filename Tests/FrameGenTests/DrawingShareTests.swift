import Basics
import Foundation
@testable import FrameGen
import Testing

/// Fresh eyes 57 #4 and #5: `maxDrawingWork` counted path segments × frames, but a segment can
/// cost almost anything once flattened — a 2-segment line dashed at 0.03 became 200 000 edges a
/// frame, a 300 px round pen made every segment's outline cross the canvas. Each frame may now
/// spend its share of the limit (the limit over the frames), counted in pixels' worth — the pixels
/// it covers, its edges and the rows they cross — and is refused as it draws past it.
@Suite("Drawing: each frame's share of maxDrawingWork")
struct DrawingShareTests {
    /// A wide pen's samples (the round's 15 000 shortened to 300): within samples × frames, but
    /// each segment's outline crosses the 64 px canvas, so the frames' rows come to far more.
    static let wideStroke = (0..<300).map { Point(32 + 20 * cos(Double($0) * 0.7), 32 + 20 * sin(Double($0) * 1.3)) }

    @Test func aWidePenIsRefusedForWhatItCovers() throws {
        // 300 samples × 10 frames = 3 000 segments, 696 000 at 232 each: within 10 000 000 as the samples count them.
        let limits = ResourceLimits(maxDrawingWork: 10_000_000)
        let wide = Freehand(strokes: [Self.wideStroke], width: 64, height: 64, smoothing: .linear, lineWidth: 24, frameCount: 10, limits: limits)
        do {
            _ = try wide.frame(9)
            Issue.record("a 24 px pen's last frame was drawn within a share of 1 000 000")
        } catch {
            guard case .limit(let limit) = error else { Issue.record("\(error)"); return }
            #expect(limit.limit == .drawingWork && limit.subject == "Freehand strokes, frame 10"
                    && limit.description.contains("past the 1 000 000 each of its 10 frames may do"), "\(limit)")
        }
        // The same samples with a 2 px pen cover few pixels each: drawn.
        let thin = Freehand(strokes: [Self.wideStroke], width: 64, height: 64, smoothing: .linear, lineWidth: 2, frameCount: 10, limits: limits)
        let frame = try thin.frame(9)
        #expect(frame.width == 64 && (0..<64).contains { x in (0..<64).contains { y in frame[x, y].a > 0 } })
    }

    /// The share does not depend on which frames are drawn, nor in what order: each frame is
    /// judged alone (a frame drawn twice gives one answer).
    @Test func eachFrameIsJudgedAlone() throws {
        let limits = ResourceLimits(maxDrawingWork: 10_000_000)
        let wide = Freehand(strokes: [Self.wideStroke], width: 64, height: 64, smoothing: .linear, lineWidth: 24, frameCount: 10, limits: limits)
        // The first frame draws a tenth of the stroke: within its share, every time.
        for _ in 0..<3 { #expect(throws: Never.self) { try wide.frame(0) } }
    }

    /// `draw`'s scene: every op under the edge limit, but many fine dashes together were unbounded
    /// in one frame. Refused at the op that passed the limit, by file and index.
    @Test func manyDashedOpsInOneDrawingAreBoundedTogether() throws {
        let op = ##"{"stroke": "M0 0 L60 60", "color": "#000000", "width": 1, "dash": [0.05, 0.05]}"##
        let json = #"{"size": [64, 64], "ops": [\#(Array(repeating: op, count: 40).joined(separator: ", "))]}"#
        let scene = try Scene(json: Array(json.utf8), file: "dash.json")
        #expect(throws: Never.self) { try scene.render() }
        #expect { try scene.render(limits: ResourceLimits(maxDrawingWork: 50_000)) } throws: { error in
            guard case .limit(let limit) = error as? SceneError else { return false }
            return limit.limit == .drawingWork && limit.subject.hasPrefix("dash.json: ops[") && !limit.description.contains("each of its")
        }
    }

    /// Fresh eyes 58 #1 in `draw`: 6 000 strokes of a 4000 px pen across a 4000² canvas, each
    /// covering most of it, were charged the rows their few edges cross and drew for six minutes.
    /// Each fill and stroke is charged the pixels it covers.
    @Test func fillsAreChargedThePixelsTheyCover() throws {
        func scene(ops: Int) throws -> Scene {
            let op = ##"{"fill": "M0 0 H64 V64 H0 Z", "color": "#FF000080"}"##
            return try Scene(json: Array(#"{"size": [64, 64], "ops": [\#(Array(repeating: op, count: ops).joined(separator: ", "))]}"#.utf8), file: "fills.json")
        }
        // 4 096 pixels and four edges (about 5 000) an op.
        let limits = ResourceLimits(maxDrawingWork: 200_000)
        #expect(throws: Never.self) { try scene(ops: 10).render(limits: limits) }
        #expect { try scene(ops: 100).render(limits: limits) } throws: { error in
            guard case .limit(let limit) = error as? SceneError else { return false }
            return limit.limit == .drawingWork && limit.subject.hasPrefix("fills.json: ops[")
        }
    }

    /// What an outline costs: the pixels within it (not the box around it: a hairline across the
    /// canvas covers a few), its edges and the rows they cross; a shape larger than the canvas
    /// covers the canvas at most.
    @Test func anOutlineCostsWhatItCovers() {
        var diagonal = Rasterizer()
        diagonal.addPolygon([Point(0, 0), Point(1, 0), Point(1000, 999), Point(1000, 1000), Point(999, 1000), Point(0, 1)])
        #expect(diagonal.coveredPixels(width: 1000, height: 1000) < 2_000)
        var huge = Rasterizer()
        huge.addPolygon([Point(-1e6, -1e6), Point(1e6, -1e6), Point(1e6, 1e6), Point(-1e6, 1e6)])
        #expect(huge.coveredPixels(width: 100, height: 50) == 5_000)
        // Its two slanted edges cross all 1 000 rows (the horizontal ones are not kept, the short ones cross one).
        #expect(diagonal.drawingCost(width: 1000, height: 1000) == diagonal.coveredPixels(width: 1000, height: 1000)
                + 4 * DrawingCost.edge + (999 + 999 + 1 + 1) * DrawingCost.crossedRow)
        #expect(DrawingMeter.cost(pixels: .max, crossedRows: 1, edges: 1) == .max)
        #expect(DrawingMeter.cost(pixels: 1 << 62, weight: 8) == .max)
    }

    /// The meter itself: shares of the limit, saturating sums, never a trap on extreme values.
    @Test(arguments: [(1, 1_000, 1_000), (3, 1_000, 333), (0, 10, 10), (Int.max, 10, 1), (-5, 10, 10)])
    func aFramesShareIsTheLimitOverTheFrames(frames: Int, limit: Int, share: Int) {
        let meter = DrawingMeter(frames: frames, limits: ResourceLimits(maxDrawingWork: limit))
        #expect(meter.allowance == share)
        #expect(meter.spend(share) && !meter.isOver && meter.error(subject: "x") == nil)
        #expect(!meter.spend(Int.max) && meter.isOver)
        #expect(!meter.spend(Int.max))
        #expect(meter.error(subject: "x")?.limit == .drawingWork)
    }
}
