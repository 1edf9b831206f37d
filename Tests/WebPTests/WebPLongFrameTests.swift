import Basics
import Foundation
import Raster
import Testing
import TestSupport
@testable import WebP

/// Frames longer than one `ANMF` holds (24 bits of milliseconds), durations no encoder can write,
/// and budgets that are no budget (issue 43).
@Suite("WebP long frames and hostile values")
struct WebPLongFrameTests {
    /// Each `ANMF` chunk's duration in milliseconds, in file order.
    static func frameDurations(_ bytes: [UInt8]) -> [Int] {
        var offset = 12, durations: [Int] = []
        while offset + 8 <= bytes.count {
            let size = Int(bytes[offset + 4]) | Int(bytes[offset + 5]) << 8 | Int(bytes[offset + 6]) << 16 | Int(bytes[offset + 7]) << 24
            if bytes[offset..<(offset + 4)].elementsEqual("ANMF".utf8) {
                let at = offset + 8 + 12
                durations.append(Int(bytes[at]) | Int(bytes[at + 1]) << 8 | Int(bytes[at + 2]) << 16)
            }
            offset += 8 + size + (size & 1)
        }
        return durations
    }

    /// NaN, infinities, 0, negatives and anything over a day are refused with a typed error naming
    /// the frame. A finite but huge duration trapped in `DelayTimeline`; a day and a millisecond
    /// was accepted.
    @Test(arguments: [1e300, 1e18, 86_400.001, Double.greatestFiniteMagnitude, .nan, .infinity, -.infinity, 0, -1])
    func durationsNoEncoderCanWriteAreRefused(_ duration: Double) throws {
        let coin = try fixtureFrames("kenney-gold-coin")
        let input = FrameInput(durations: [0.1, duration], names: ["gold_1.png", "gold_2.png"]) { coin[$0] }
        do {
            _ = try WebP.Encoder(effort: .fast).encode(input)
            Issue.record("a duration of \(duration) s was accepted")
        } catch {
            // A setting of the input, the frame's index its value (issue 44: a string before).
            guard case .setting(let setting) = error else { Issue.record("\(error)"); return }
            #expect(setting.setting == .frameDurations(index: 1) && setting.description.contains("gold_2.png") && setting.description.contains("at most a day"), "\(setting)")
        }
    }

    /// A frame over 16 777 215 ms is written as the frame followed by 1×1 transparent frames for
    /// the rest of its time (libwebp's own way, a few bytes each): the `ANMF` durations add up to
    /// the durations given, the report says so, and every frame decodes as its source. Such a
    /// frame failed as a libwebp "encoder" error (exit 4).
    @Test func longFramesAreWrittenInPiecesThatAddUpExactly() throws {
        let coin = try fixtureFrames("kenney-gold-coin")
        let durations = [0.1, 20_000, 86_400, 0.5]
        let (bytes, report) = try WebPEncoderTests.encode(coin, durations: durations)
        let anmf = Self.frameDurations(bytes)
        #expect(anmf.reduce(0, +) == 106_400_600)
        #expect(anmf.allSatisfy { $0 <= 0xFF_FFFF })
        // 20 000 000 ms in 2 pieces, 86 400 000 ms in 6.
        #expect(anmf.count == 10)
        #expect(report.framesWritten == 10)
        #expect(report.framesMergedIdentical == 0)
        // Two frames split, six frames added: what `assemble` says (round 66b F6: nothing did).
        #expect(report.framesSplitForTiming == 2 && report.framesAddedForTiming == 6)
        #expect(Int((report.duration * 1000).rounded()) == 106_400_600)

        let (_, decoded) = try WebPEncoderTests.decode(bytes)
        #expect(decoded.count == 10)
        let sources = [0, 1, 1, 2, 2, 2, 2, 2, 2, 3]
        for ((bitmap, _), source) in zip(decoded, sources) { #expect(shows(bitmap, coin[source])) }
        #expect(Int((decoded.reduce(0) { $0 + $1.1 } * 1000).rounded()) == 106_400_600)
    }

    /// Fresh eyes: a frame of 16 777 216 ms was written as 16 777 215 ms and a 1 ms piece, which
    /// browsers (and Flipbook's own reader) play as 100 ms, so the file lasted longer than its
    /// report said. Pieces are now equal, each over half the longest, at every effort.
    @Test(arguments: [EncodingEffort.fast, .standard], [16_777.216, 16_777.220, 33_554.431])
    func noPieceOfALongFrameIsShortEnoughToPlayLonger(effort: EncodingEffort, seconds: Double) throws {
        let coin = try fixtureFrames("kenney-gold-coin")
        let input = FrameInput(durations: [seconds, 0.1, 0.1, 0.1]) { coin[$0] }
        let bytes = try WebP.Encoder(effort: effort).encode(input).bytes
        let anmf = Self.frameDurations(bytes)
        let total = Int((seconds * 1000).rounded()) + 300
        #expect(anmf.reduce(0, +) == total, "\(anmf)")
        #expect(anmf.allSatisfy { $0 > 10 && $0 <= 0xFF_FFFF }, "\(anmf)")
    }

    /// A long frame whose pieces cross segments (2 frames each here), and identical frames that
    /// together last over 24 bits, come out exact too.
    @Test func piecesAcrossSegmentsAndLongRunsOfRepeatsAreExact() throws {
        let coin = try fixtureFrames("kenney-gold-coin")
        let frames = [coin[0], coin[1], coin[1], coin[1], coin[2]]
        let durations = [0.1, 10_000, 10_000, 40_000, 0.2]
        var body: [UInt8] = []
        var encoding = WebPEncoding(settings: WebP.Encoder(effort: .fast), input: FrameInput(durations: durations) { frames[$0] }, progress: nil)
        encoding.segmentFrames = 2
        let (header, report) = try encoding.run { body += $0 }
        let bytes = header + body
        let anmf = Self.frameDurations(bytes)
        #expect(anmf.reduce(0, +) == 60_000_300)
        #expect(anmf.allSatisfy { $0 <= 0xFF_FFFF })
        #expect(Int((report.duration * 1000).rounded()) == 60_000_300)
        let (_, decoded) = try WebPEncoderTests.decode(bytes)
        #expect(decoded.count == anmf.count)
        for (index, (bitmap, _)) in decoded.enumerated() {
            let source = index == 0 ? 0 : index == decoded.count - 1 ? 2 : 1
            #expect(shows(bitmap, coin[source]), "frame \(index)")
        }
    }

    /// A byte budget of 0 or less is refused: no WebP fits it, and it is a mistake, not a wish.
    @Test(arguments: [0, -5, Int.min])
    func aBudgetOfNoBytesIsRefused(_ maxBytes: Int) throws {
        let coin = try fixtureFrames("kenney-gold-coin")
        #expect(throws: WebP.EncodeError.setting(SettingError(.maxBytes, of: nil, value: maxBytes, allowed: .atLeast(1), reason: "a number of bytes"))) {
            _ = try WebP.Encoder(effort: .fast).encode(FrameInput(count: 4, duration: 0.1) { coin[$0] }, maxBytes: maxBytes)
        }
    }
}
