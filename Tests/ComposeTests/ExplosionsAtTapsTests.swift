import Testing
import Animated
import FrameGen
import Raster
import TestSupport
@testable import Compose

/// The explosions example at the library level: a real 14-frame pixel-art explosion
/// (`ansimuz-fire-bomb-pixel`, read with `Animation.load` as `animatedImageNamed` would) played
/// for 2 s wherever the user tapped, several at once, each gone when it ends.
@Suite struct ExplosionsAtTapsTests {
    static let taps = [Spawn.Event(time: 0.5, point: Point(60, 50)), Spawn.Event(time: 1.2, point: Point(180, 80)),
                       Spawn.Event(time: 1.5, point: Point(100, 100))]

    static func scene() throws -> LayerRenderer {
        var explosion = try Animation.load([RealSequences.path("ansimuz-fire-bomb-pixel")])
        explosion.duration = 2
        explosion.repeatCount = 1
        #expect(explosion.frames.count == 14)
        let template = Layer(name: "explosion", content: .sequence(try SequenceContent(animation: explosion, hidesWhenFinished: true)),
                             bounds: Rect(width: 64, height: 64))
        let spawn = try Spawn(template: template, events: taps)
        let root = Layer(name: "ground", bounds: Rect(width: 240, height: 150), position: Point(120, 75),
                         sublayers: spawn.layers())
        return try LayerRenderer(root: root, width: 240, height: 150, background: Color(r: 40, g: 44, b: 52))
    }

    /// Whether anything but the ground shows in the 64 × 64 square around `point`.
    static func showsSomething(_ frame: Bitmap, around point: Point) -> Bool {
        let ground = Color(r: 40, g: 44, b: 52)
        for y in max(0, Int(point.y) - 32)..<min(frame.height, Int(point.y) + 32) {
            for x in max(0, Int(point.x) - 32)..<min(frame.width, Int(point.x) + 32) where frame[x, y] != ground { return true }
        }
        return false
    }

    @Test func eachExplosionPlaysTwoSecondsWhereItWasTappedAndIsGoneAfter() throws {
        let renderer = try Self.scene()
        for tap in Self.taps {
            #expect(!Self.showsSomething(try renderer.render(at: tap.time - 0.05), around: tap.point), "before the tap at \(tap.time)")
            #expect(Self.showsSomething(try renderer.render(at: tap.time + 0.05), around: tap.point), "just after the tap at \(tap.time)")
            #expect(!Self.showsSomething(try renderer.render(at: tap.time + 2.01), around: tap.point), "after its 2 s, tap at \(tap.time)")
        }
        // Several at once: at 1.6 s all three are playing.
        let busy = try renderer.render(at: 1.6)
        #expect(Self.taps.allSatisfy { Self.showsSomething(busy, around: $0.point) })
        // At 4 s everything is over: the ground alone.
        #expect(!Self.taps.contains { Self.showsSomething(try! renderer.render(at: 4), around: $0.point) })
    }

    @Test func randomTapsAreSeededAndBounded() throws {
        let area = Rect(x: 10, y: 20, width: 200, height: 100)
        let events = try Spawn.randomEvents(count: 50, seed: 7, in: area, start: 1, interval: 0.25)
        #expect(events == (try Spawn.randomEvents(count: 50, seed: 7, in: area, start: 1, interval: 0.25)))
        #expect(events.allSatisfy { (10..<210).contains($0.point.x) && (20..<120).contains($0.point.y) })
        #expect(events.last?.time == 1 + 49 * 0.25)
        #expect(throws: CompositionError.self) { try Spawn.randomEvents(count: 1_000_000, seed: 1, in: area, interval: 0.1) }
        #expect(throws: CompositionError.self) {
            try Spawn(template: Layer(), events: [Spawn.Event(time: .nan, point: .zero)])
        }
    }
}
