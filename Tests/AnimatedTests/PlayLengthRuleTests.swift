import Basics
import Foundation
import Testing
import TestSupport
import Animated

/// One rule for a play's length (issue 43): a step shows at most a day, whether the play is
/// timed by an fps or by a duration. A `sequence.json` at the lowest fps the CLI took
/// (`--fps 0.0000116`, a frame every 86 207 s) gave a play of four frames that `Animation`
/// refused as a duration over a day. Frames: the real gold coin.
@Suite("A play's length: one rule")
struct PlayLengthRuleTests {
    static let coin = (1...4).map { FrameSource.file(Fixtures.path("sequences/kenney-gold-coin/gold_\($0).png")) }

    @Test func theCoinIsFourFrames() {
        #expect(Self.coin.count == 4 && Self.coin.allSatisfy { if case .file(let path) = $0 { FileManager.default.fileExists(atPath: path) } else { false } })
    }

    @Test func aManifestAtALowFrameRatePlays() throws {
        let animation = SequenceManifest(fps: 0.0000116).animation(frames: Self.coin)
        #expect(throws: Never.self) { try animation.check() }
        let play = try animation.playback()
        #expect(play.durations.count == 4 && play.durations.allSatisfy { abs($0 - 1 / 0.0000116) < 1e-6 })
    }

    @Test func aDurationMayBeADayAStep() throws {
        #expect(throws: Never.self) { try Animation(frames: Self.coin, duration: 4 * 86_400) }
        #expect(throws: Animation.PlaybackError.self) { try Animation(frames: Self.coin, duration: 4 * 86_400 + 1) }
        #expect(Animation.Timing(duration: 4 * 86_400).rangeError(steps: 4) == nil)
        #expect(Animation.Timing(duration: 4 * 86_400 + 1).rangeError(steps: 4) != nil)
        #expect(Animation.Timing.longestPlay(steps: 4) == 4 * 86_400)
        let play = try Animation(frames: Self.coin).playback(timing: .init(duration: 300_000))
        #expect(play.durations == Array(repeating: 75_000, count: 4))
        #expect(throws: Animation.PlaybackError.self) { try Animation(frames: Self.coin).playback(timing: .init(duration: 400_000)) }
    }
}
