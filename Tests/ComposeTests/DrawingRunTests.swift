import Basics
@testable import Compose
import FrameGen
import Foundation
import Testing

/// Round 59 #3: a run whose later frames draw more (copies that stay, a stroke drawn on) was
/// refused at the first frame past an even share of `maxDrawingWork`, its frames together well
/// within it. A run's frames (``DrawingRun``, as `RenderJob` draws them) now share the limit
/// together; a frame on its own keeps its even share.
@Suite("render: a run's frames share the drawing limit together")
struct DrawingRunTests {
    /// Ten frames, one translucent 64² copy more each (about 15 000 a copy): some 850 000 in all,
    /// the last frame about 155 000.
    static let scene = ##"{"size": [64, 64], "frames": 10, "fps": 10, "layers": [{"bounds": [64, 64], "opacity": 0.5, "##
        + ##""backgroundColor": "#00FF0080", "spawn": {"random": {"count": 10, "seed": 1, "area": [0, 0, 64, 64], "start": 0, "interval": 0.1}}}]}"##
    static let growing = Array(scene.utf8)

    static func renderAll(limit: Int, run: Bool) throws -> [Int] {
        let limits = ResourceLimits(maxDrawingWork: limit)
        var renderer = try SceneFile(json: Self.growing, files: [], limits: limits).renderer(limits: limits)
        if run { renderer.run = DrawingRun(frames: renderer.frameCount, limits: limits) }
        var refused: [Int] = []
        for frame in 0..<10 {
            do { _ = try renderer.render(at: Double(frame) / 10) } catch {
                guard case .limit(let limit) = error, limit.limit == .drawingWork else { throw error }
                refused.append(frame)
            }
        }
        return refused
    }

    @Test func aGrowingRunWithinTheLimitIsDrawnWhole() throws {
        // An even share (100 000 a frame) refuses the last frames; the run's frames together fit.
        #expect(try !Self.renderAll(limit: 1_000_000, run: false).isEmpty)
        #expect(try Self.renderAll(limit: 1_000_000, run: true) == [])
    }

    @Test func aRunIsRefusedOnceItsFramesTogetherPassTheLimit() throws {
        let refused = try Self.renderAll(limit: 800_000, run: true)
        // Refused at the last frames only: the first ones were within what was left.
        #expect(refused.first.map { $0 >= 8 } == true, "\(refused)")
    }

    /// A frame drawn again (an encoder's second pass) counts once, at its most.
    @Test func aFrameDrawnTwiceCountsOnce() throws {
        let limits = ResourceLimits(maxDrawingWork: 1_000_000)
        var renderer = try SceneFile(json: Self.growing, files: [], limits: limits).renderer(limits: limits)
        renderer.run = DrawingRun(frames: renderer.frameCount, limits: limits)
        for _ in 0..<3 { for frame in 0..<10 { _ = try renderer.render(at: Double(frame) / 10) } }
    }

    /// The message names the run, not a frame, and says how far it got.
    @Test func theRefusalSaysWhatTheOtherFramesDid() throws {
        let limits = ResourceLimits(maxDrawingWork: 300_000)
        var renderer = try SceneFile(json: Self.growing, files: [], limits: limits).renderer(limits: limits)
        renderer.run = DrawingRun(frames: renderer.frameCount, limits: limits)
        var said: String?
        for frame in 0..<10 where said == nil {
            do { _ = try renderer.render(at: Double(frame) / 10) } catch { said = "\(error)" }
        }
        let text = try #require(said)
        // The run is named, not a frame: which frame passes the limit first depends on the order frames are drawn in.
        #expect(text.hasPrefix("the scene's frames: needs more than 300 000") && text.contains("its frames together pass it: drawing stopped after "),
                "\(text)")
    }
}
