import Foundation
import Testing
import Basics
import FrameGen
import Raster
@testable import Compose

/// `CAAnimationGroup`: the group's timing turns the layer's time into the group's, and its
/// animations run on that — begin times from the group's start, cut off at its duration. Values
/// worked out by hand from Apple's `CAMediaTiming` rules.
@Suite struct AnimationGroupTests {
    /// A layer of opacity 1 whose group (begins at 1 s, 2 s long, plays twice) holds a fade from
    /// 0 to 1 that begins 0.5 s into the group and lasts 1 s (removed outside it).
    static func layer(groupFunction: TimingFunction = .linear, autoreverses: Bool = false) throws -> Layer {
        let fade = try BasicAnimation<Double>(from: 0, to: 1, timing: MediaTiming(beginTime: 0.5, duration: 1))
        let group = AnimationGroup(animations: [.opacity(.basic(fade))],
                                   timing: try MediaTiming(beginTime: 1, duration: 2, repeatCount: 2, autoreverses: autoreverses),
                                   timingFunction: groupFunction)
        return Layer(animations: [.group(group)])
    }

    @Test(arguments: [
        (0.5, 1.0),    // the group has not begun: the layer's own opacity
        (1.5, 0.0),    // group time 0.5: the fade begins
        (2.0, 0.5),    // group time 1.0: half way
        (2.25, 0.75),  // group time 1.25
        (2.75, 1.0),   // group time 1.75: the fade ended at 1.5 and is removed
        (3.5, 0.0),    // the second cycle, group time 0.5
        (4.0, 0.5),    // group time 1.0
        (5.5, 1.0),    // the group ended at 5 s and is removed
    ])
    func aFadeInAGroupRunsOnTheGroupsTime(time: Double, opacity: Double) throws {
        #expect(abs(try Self.layer().presentation(at: time).opacity - opacity) < 1e-12, "at \(time) s")
    }

    /// Autoreversed, the group's second half runs its time backwards: layer time 4 s is group time
    /// 1 s on the way back (the cycle is 4 s: 2 out, 2 back), the fade half way again; 4.25 s is
    /// group time 0.75 s, a quarter into the fade.
    @Test func anAutoreversedGroupRunsItsAnimationsBackwards() throws {
        let layer = try Self.layer(autoreverses: true)
        #expect(abs(layer.presentation(at: 2.0).opacity - 0.5) < 1e-12)
        #expect(abs(layer.presentation(at: 4.0).opacity - 0.5) < 1e-12)
        #expect(abs(layer.presentation(at: 4.25).opacity - 0.25) < 1e-12)
        #expect(abs(layer.presentation(at: 3.75).opacity - 0.75) < 1e-12)
    }

    /// At the group's turn (and at its forward-filled end) its time stands at its duration: an
    /// animation of the group ending exactly then shows its end, as it does ungrouped at that
    /// instant — not the layer's own value for that one frame (fresh eyes 51).
    @Test func anAnimationEndingWithItsGroupShowsItsEndAtTheTurn() throws {
        let move = try BasicAnimation<Double>(from: 0, to: 0.8, timing: MediaTiming(duration: 2))
        let turning = AnimationGroup(animations: [.opacity(.basic(move))],
                                     timing: try MediaTiming(duration: 2, repeatCount: 1, autoreverses: true))
        let layer = Layer(opacity: 1, animations: [.group(turning)])
        #expect(abs(layer.presentation(at: 1.9).opacity - 0.76) < 1e-12)
        #expect(abs(layer.presentation(at: 2.0).opacity - 0.8) < 1e-12, "the turn")
        #expect(abs(layer.presentation(at: 2.1).opacity - 0.76) < 1e-12)
        #expect(layer.presentation(at: 4.0).opacity == 1, "the group ended and is removed")
        let held = AnimationGroup(animations: [.opacity(.basic(move))], timing: try MediaTiming(duration: 2, fillMode: .forwards))
        #expect(abs(Layer(opacity: 1, animations: [.group(held)]).presentation(at: 3).opacity - 0.8) < 1e-12, "filled forwards")
        // An animation that ended before its group's end stays removed there.
        let short = try BasicAnimation<Double>(from: 0, to: 0.8, timing: MediaTiming(duration: 1.5))
        let early = AnimationGroup(animations: [.opacity(.basic(short))],
                                   timing: try MediaTiming(duration: 2, autoreverses: true))
        #expect(Layer(opacity: 1, animations: [.group(early)]).presentation(at: 2).opacity == 1)
    }

    /// The group's timing function paces the time its animations see: easeIn (0.42, 0, 1, 1) at
    /// a quarter of the group is group time 2 × easeIn(0.5) — past the fade's start only late.
    @Test func theGroupsTimingFunctionPacesItsAnimations() throws {
        let layer = try Self.layer(groupFunction: .easeIn)
        let groupTime = TimingFunction.easeIn.value(at: 0.5) * 2   // layer time 2 s: half the first cycle
        let expected = groupTime < 0.5 ? 1 : min(groupTime - 0.5, 1)
        #expect(abs(layer.presentation(at: 2).opacity - expected) < 1e-12, "group time \(groupTime)")
    }

    /// A scene file's group: `animations` with the group's own timing keys, read strictly; drawn.
    @Test func aScenesGroupIsReadStrictly() throws {
        let good = ##"{"size": [20, 20], "duration": 2, "fps": 10, "layers": [{"bounds": [10, 10], "backgroundColor": "#FF0000", "##
            + ##""animations": [{"animations": [{"property": "opacity", "from": 0, "to": 1, "duration": 1}], "duration": 2, "repeatCount": "infinity"}]}]}"##
        let scene = try SceneFile(json: Array(good.utf8), files: [])
        #expect(scene.frameCount == 20)
        guard case .group(let group) = scene.root.sublayers.first?.animations.first else { Issue.record("no group"); return }
        #expect(group.animations.count == 1 && group.timing.duration == 2 && group.timing.repeatCount == .infinity)
        _ = try scene.renderer().render(at: 0.5)

        let typo = good.replacingOccurrences(of: #""repeatCount": "infinity""#, with: #""repeatCont": 2"#)
        #expect { try SceneFile(json: Array(typo.utf8), files: []) } throws: { "\($0)".contains(#"did you mean "repeatCount""#) }
        let empty = good.replacingOccurrences(of: #"[{"property": "opacity", "from": 0, "to": 1, "duration": 1}]"#, with: "[]")
        #expect { try SceneFile(json: Array(empty.utf8), files: []) } throws: { "\($0)".contains("a group needs at least one animation") }
    }
}

/// `transform.translation` animates as a point, as `position` does (swiftdev22: only rotation and
/// scale of the transform could be animated).
@Suite struct TranslationAnimationTests {
    @Test func aTranslationMovesTheLayerFromItsPosition() throws {
        let json = ##"{"size": [40, 20], "duration": 1, "fps": 10, "layers": [{"bounds": [4, 4], "position": [10, 10], "backgroundColor": "#FF0000", "##
            + ##""animations": [{"property": "translation", "from": [0, 0], "to": [20, 0], "duration": 1}, "##
            + ##"{"property": "translation", "values": [[0, 0], [0, 4]], "beginTime": 2, "duration": 1}]}]}"##
        let scene = try SceneFile(json: Array(json.utf8), files: [])
        let layer = try #require(scene.root.sublayers.first)
        #expect(layer.presentation(at: 0.5).transform.translation == Point(10, 0))
        #expect(layer.presentation(at: 0.5).position == Point(10, 10))
        #expect(layer.presentation(at: 2.5).transform.translation == Point(0, 2))
        // Drawn 10 points to the right of its position half way: the red square's centre at x 20.
        let frame = try scene.renderer().render(at: 0.5)
        #expect(frame[20, 10].r == 255 && frame[10, 10].a == 0)
        let path = ##"{"size": [40, 20], "frames": 1, "layers": [{"bounds": [4, 4], "animations": [{"property": "translation", "path": "M0 0L1 1"}]}]}"##
        #expect { try SceneFile(json: Array(path.utf8), files: []) } throws: { "\($0)".contains("a path animates position only") }
    }
}

/// A sequence's frame animates (Core Animation's keyframed `contents`; swiftdev22: "a sequence's
/// frame" could not be animated): a discrete keyframe animation of `frame` holds the frame it
/// names while in effect, and the sequence plays on its own outside it.
@Suite struct FrameAnimationTests {
    @Test func aFrameAnimationHoldsTheFrameItNames() throws {
        // Four 2×2 frames, each its own colour: frame n is red n × 60.
        let files = try (1...4).map { number in
            var bitmap = try Bitmap(width: 2, height: 2)
            for y in 0..<2 { for x in 0..<2 { bitmap[x, y] = Color(r: UInt8(number * 60), g: 0, b: 0, a: 255) } }
            return InMemoryFile(name: "seq/f\(number).png", bytes: try PNG.Encoder().encode(bitmap))
        }
        let json = ##"{"size": [2, 2], "duration": 3, "fps": 4, "layers": [{"sequence": {"source": "seq", "duration": 1}, "bounds": [2, 2], "position": [1, 1], "##
            + ##""animations": [{"property": "frame", "values": [3, 0, 9], "calculationMode": "discrete", "beginTime": 1, "duration": 1.5}]}]}"##
        let scene = try SceneFile(json: Array(json.utf8), files: files)
        let renderer = try scene.renderer()
        func red(_ time: Double) throws -> UInt8 { try renderer.render(at: time)[1, 1].r }
        #expect(try red(0) == 60 && red(0.25) == 120 && red(0.5) == 180)   // its own play: 0.25 s a frame
        #expect(try red(1.0) == 240 && red(1.25) == 240)      // held at frame 3 (index 3: f4)
        #expect(try red(1.5) == 60)                           // frame 0
        #expect(try red(2.25) == 240)                         // 9, clamped to the last frame
        #expect(try red(2.5) == 180 && red(2.75) == 240)      // removed: the play again (2.75 s: the 4th frame of a 1 s loop)
    }
}
