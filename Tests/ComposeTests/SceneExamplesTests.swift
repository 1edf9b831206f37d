import Testing
import Foundation
import Basics
import FrameGen
import Raster
import TestSupport
@testable import Compose

/// The three example scenes of `Examples/`, read from their files: each does what its example
/// promises, and renders the same bytes every time.
@Suite struct SceneExamplesTests {
    static func example(_ name: String) -> String { Fixtures.repository + "/Examples/\(name).json" }

    /// The example files, all three.
    static let names = ["seagull-flight", "explosions-at-taps", "frosted-panel"]

    @Test func theExamplesFolderHoldsTheThreeScenes() throws {
        let scenes = try FileManager.default.contentsOfDirectory(atPath: Fixtures.repository + "/Examples").filter { $0.hasSuffix(".json") }
        #expect(scenes.sorted() == Self.names.map { $0 + ".json" }.sorted())
    }

    @Test(arguments: names) func anExampleRendersTheSameBytesTwice(_ name: String) throws {
        // Fewer frames than the file asks for, to stay quick: the same scene, sampled at 4 fps.
        var job = RenderJob(scene: Self.example(name), output: nil)
        job.fps = 4
        let first = try job.run(cancellation: nil), second = try job.run(cancellation: nil)
        #expect(first.frames > 1)
        #expect(first.bytes.count > 100)
        #expect(first.bytes == second.bytes)
        // On one thread too: the same bytes whatever the core count.
        job.threads = 1
        #expect(try job.run(cancellation: nil).bytes == first.bytes)
    }

    @Test func theSeagullCrossesTheFrameWhileFlappingOnceASecond() throws {
        let scene = try SceneFile(file: Self.example("seagull-flight"))
        #expect(scene.frameCount == 100 && scene.fps == 25)
        let renderer = try scene.renderer()
        // Only the bird's rows (its path is at y 80; the cloud stays above y 60).
        func bird(_ time: Double) throws -> (x: Int, pixels: [Color]) {
            let frame = try renderer.render(at: time)
            let sky = Color(r: 135, g: 206, b: 235)
            var columns: [Int] = []
            for x in 0..<frame.width { for y in 60..<100 where frame[x, y] != sky { columns.append(x); break } }
            let left = try #require(columns.min()), right = try #require(columns.max())
            var pixels: [Color] = []
            for y in 60..<100 { for x in left...right { pixels.append(frame[x, y]) } }
            return (left, pixels)
        }
        let positions = try [0.75, 1.75, 2.75].map { try bird($0).x }
        #expect(positions[1] - positions[0] == 100 && positions[2] - positions[1] == 100, "\(positions)")
        // A second later the same wings, half a second later others.
        #expect(try bird(0.75).pixels == bird(1.75).pixels)
        #expect(try bird(1.5).pixels != bird(1.75).pixels)
        // It crosses the whole frame: off the left edge at 0 s, off the right at 3.99 s… and again at 4.75 s.
        #expect(try bird(4.75).x == positions[0])
        // Its title, a text layer, sits in the top-left corner the whole time, above the bird's rows.
        let title = try #require(scene.root.sublayers.last)
        guard case .text(let text) = title.content else { Issue.record("the last layer is not the title"); return }
        #expect(text.layout.lines.count == 1 && title.position == Point(8, 8) && 8 + text.height < 60)
        for time in [0.0, 2.5] {
            let frame = try renderer.render(at: time)
            var inked = 0
            for y in 8..<Int(8 + text.height) { for x in 8..<Int(8 + text.width) where frame[x, y] != Color(r: 135, g: 206, b: 235) { inked += 1 } }
            #expect(inked > 50, "the title drew \(inked) pixels at \(time) s")
        }
    }

    @Test func eachExplosionPlaysTwoSecondsWhereItWasTappedAndIsGoneAfter() throws {
        let scene = try SceneFile(file: Self.example("explosions-at-taps"))
        let renderer = try scene.renderer()
        #expect(scene.root.sublayers.count == 3)
        for tap in ExplosionsAtTapsTests.taps {
            #expect(!ExplosionsAtTapsTests.showsSomething(try renderer.render(at: tap.time - 0.05), around: tap.point))
            #expect(ExplosionsAtTapsTests.showsSomething(try renderer.render(at: tap.time + 0.05), around: tap.point))
            #expect(!ExplosionsAtTapsTests.showsSomething(try renderer.render(at: tap.time + 2.01), around: tap.point))
        }
        // Frame 23 of the 14 fps file (t = 23/14) falls on step boundaries of the explosions tapped
        // at 0.5 s and 1.5 s; with a renderer's rounding it must still show the steps starting
        // there, the frame 10 ms later (Cairo and rlottie renders of the scene agree).
        #expect(try renderer.render(at: 23.0 / 14) == renderer.render(at: 23.0 / 14 + 0.01))
        // The file's scene is the one built in Swift, pixel for pixel.
        let built = try ExplosionsAtTapsTests.scene()
        for time in [0.0, 0.6, 1.3, 1.6, 2.2, 3.0, 3.6] { #expect(try renderer.render(at: time) == built.render(at: time), "at \(time) s") }
    }

    @Test func thePanelSlidesUpOverContentThatShowsThroughBlurred() throws {
        let scene = try SceneFile(file: Self.example("frosted-panel"))
        let renderer = try scene.renderer()
        // The stripes drawn as shapes are the stripes image; the panel is the Swift-built one.
        let built = try FrostedPanelTests.scene()
        #expect(try renderer.render(at: 0) == FrostedPanelTests.stripes)
        for time in [0.5, 0.75, 1.0, 2.0] { #expect(try renderer.render(at: time) == built.render(at: time), "at \(time) s") }
        let end = try renderer.render(at: 2)
        #expect(end[80, 80] != FrostedPanelTests.stripes[80, 80] && end[80, 30] == FrostedPanelTests.stripes[80, 30])
    }
}
