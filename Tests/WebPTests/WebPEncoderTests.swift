import Basics
import Foundation
import Raster
import Testing
import TestSupport
@testable import WebP

@Suite("WebP encoder and decoder")
struct WebPEncoderTests {
    /// The real sequences of every kind in `Tests/Fixtures/sequences` (the 800² explosion and the
    /// 720p film are left to the benchmark: lossless method 6 takes seconds on them).
    static let sequences = ["ansimuz-fire-bomb-pixel", "emt-watch-spinner-2x", "kenney-gold-coin", "unity-wispy-smoke-02-long",
                            "unity-wispy-smoke-03b-faint"]

    static func encode(_ frames: [Bitmap], durations: [Double]? = nil, _ encoder: WebP.Encoder = WebP.Encoder(effort: .fast)) throws
        -> (bytes: [UInt8], report: WebP.Encoder.Report) {
        try encoder.encode(FrameInput(durations: durations ?? Array(repeating: 1.0 / 30, count: frames.count)) { frames[$0] })
    }

    static func decode(_ bytes: [UInt8]) throws -> (info: AnimationInfo, frames: [(Bitmap, Double)]) {
        let decoder = try WebP.Decoder(bytes: bytes, file: "test.webp")
        return (decoder.info, try decoder.allFrames().map { ($0.image, $0.duration) })
    }

    /// A run of short repeats known identical is one frame before timing, as in APNG and GIF.
    @Test func aRunOfShortRepeatsIsTimedAsOneFrame() throws {
        let frames = [Color(r: 200, g: 40, b: 40), Color(r: 40, g: 40, b: 200)].map { color -> Bitmap in
            var bitmap = Bitmap(clearWidth: 8, height: 8)
            for y in 0..<8 { for x in 0..<8 { bitmap[x, y] = color } }
            return bitmap
        }
        let order = [0, 0, 0, 0, 0, 1]
        var input = FrameInput(durations: [0.01, 0.01, 0.01, 0.01, 0.01, 0.5]) { frames[order[$0]] }
        input.identical = { order[$0] == order[$1] }
        let (bytes, _) = try WebP.Encoder(effort: .fast).encode(input)
        let (_, decoded) = try Self.decode(bytes)
        #expect(decoded.map { Int(($0.1 * 1000).rounded()) } == [50, 500])
    }

    @Test(arguments: sequences)
    func losslessFramesDecodeToTheirSources(_ sequence: String) throws {
        let frames = try fixtureFrames(sequence)
        let (bytes, report) = try Self.encode(frames)
        let (info, decoded) = try Self.decode(bytes)
        #expect(info.repeatCount == 0 && report.lossless)
        #expect(info.frameCount == report.framesWritten)
        // libwebp merges frames that show nothing new: compare on the timeline.
        var shown: [Bitmap] = []
        for (bitmap, duration) in decoded { shown += Array(repeating: bitmap, count: max(1, Int((duration * 30).rounded()))) }
        #expect(shown.count == frames.count)
        for (index, (frame, source)) in zip(shown, frames).enumerated() { #expect(shows(frame, source), "\(sequence) frame \(index + 1)") }
        let total = decoded.reduce(0) { $0 + Int(($1.1 * 1000).rounded()) }
        #expect(total == Int((Double(frames.count) * 1000 / 30).rounded()))
        #expect(report.duration * 1000 == Double(total))
    }

    /// Segments of 3 frames (the last one a single frame, which libwebp writes as a still image)
    /// join into one animation that decodes exactly, with every duration and the loop count.
    @Test(arguments: [true, false])
    func segmentsJoinIntoOneAnimation(_ identicalTail: Bool) throws {
        var spinner = try fixtureFrames("emt-watch-spinner-2x").prefix(10).map { $0 }
        if identicalTail { spinner[9] = spinner[8] }
        let frames = spinner
        let durations = (0..<10).map { 0.02 + Double($0) / 100 }
        var body: [UInt8] = []
        var encoding = WebPEncoding(settings: WebP.Encoder(effort: .fast, repeatCount: 4),
                                    input: FrameInput(durations: durations) { frames[$0] }, progress: nil)
        encoding.segmentFrames = 3
        let (header, report) = try encoding.run { body += $0 }
        let (info, decoded) = try Self.decode(header + body)
        #expect(info.repeatCount == 4)
        #expect(report.bytes == header.count + body.count)
        var shown: [(Bitmap, Int)] = []
        for (bitmap, duration) in decoded { shown.append((bitmap, Int((duration * 1000).rounded()))) }
        #expect(shown.count == (identicalTail ? 9 : 10))
        for (index, (bitmap, _)) in shown.enumerated() { #expect(shows(bitmap, frames[index])) }
        let expected = durations.map { Int(($0 * 1000).rounded()) }
        #expect(shown.map(\.1) == (identicalTail ? Array(expected.prefix(8)) + [expected[8] + expected[9]] : expected))
    }

    @Test func lossyIsSmallerAndClose() throws {
        let frames = try fixtureFrames("unity-wispy-smoke-03b-faint")
        let lossless = try Self.encode(frames).bytes
        let lossy = try Self.encode(frames, WebP.Encoder(lossless: false, quality: 75, effort: .fast))
        #expect(lossy.bytes.count < lossless.count)
        #expect(!lossy.report.lossless)
        let decoded = try Self.decode(lossy.bytes).frames
        // Alpha is kept losslessly; colour is near.
        for (frame, source) in zip(decoded.map(\.0), frames) {
            #expect(zip(stride(from: 3, to: source.pixels.count, by: 4).map { frame.pixels[$0] },
                        stride(from: 3, to: source.pixels.count, by: 4).map { source.pixels[$0] }).allSatisfy { abs(Int($0) - Int($1)) <= 8 })
        }
    }

    /// Over the budget, lossy frames at the highest quality that fits; under nothing, the smallest.
    @Test func aByteBudgetFindsTheHighestQualityThatFits() throws {
        let frames = try fixtureFrames("unity-wispy-smoke-03b-faint")
        let input = try FrameInput(count: frames.count, duration: 0.1) { frames[$0] }
        let lossless = try WebP.Encoder(effort: .fast).encode(input).bytes.count
        let lowest = try WebP.Encoder(lossless: false, quality: 0, effort: .fast).encode(input).bytes.count
        let budget = (lossless + lowest) / 2
        let fitted = try WebP.Encoder(effort: .fast).encode(input, maxBytes: budget)
        #expect(fitted.fits && fitted.bytes.count <= budget)
        #expect(!fitted.report.lossless)
        let quality = try #require(fitted.report.quality)
        // One quality step up no longer fits (or it is the top).
        if quality < 100 {
            #expect(try WebP.Encoder(lossless: false, quality: quality + 1, effort: .fast).encode(input).bytes.count > budget)
        }
        let impossible = try WebP.Encoder(effort: .fast).encode(input, maxBytes: 100)
        #expect(!impossible.fits && impossible.report.quality == 0)
    }

    /// A budget under what the lossless alpha of lossy frames takes is found out after two encodes
    /// (lossless, then quality 0), not after a search of every quality, and the report says what
    /// the alpha takes (issue 44: 16 s spent to end at quality 0 without a reason).
    @Test(arguments: ["gameart2d-dino-jump", "unity-wispy-smoke-03b-faint"])
    func aBudgetTheAlphaAloneExceedsStopsAfterQualityZero(sequence: String) throws {
        let frames = try fixtureFrames(sequence)
        #expect(frames.count >= 3)
        let input = try FrameInput(count: frames.count, duration: 0.1) { frames[$0] }
        let lowest = try WebP.Encoder(lossless: false, quality: 0, effort: .fast).encode(input).report
        #expect(lowest.alphaBytes > 0 && lowest.alphaBytes < lowest.bytes)
        #expect(try WebP.Encoder(effort: .fast).encode(input).report.alphaBytes == 0, "lossless frames hold alpha in VP8L")
        let log = ProgressLog()
        let budget = lowest.alphaBytes - 1
        let result = try WebP.Encoder(effort: .fast).encode(input, maxBytes: budget, progress: log.callback)
        #expect(!result.fits && result.report.quality == 0 && result.report.alphaBytes > budget)
        #expect(Set(log.values.map(\.attempt)) == [1, 2], "lossless, then quality 0")
        #expect(log.neverGoesBackwards && log.values.last?.fraction == 1)
    }

    @Test func framesOfTenMillisecondsOrLessAreMerged() throws {
        let frames = try fixtureFrames("emt-watch-spinner-2x")
        let (bytes, report) = try Self.encode(frames, durations: Array(repeating: 0.005, count: frames.count))
        let delays = try Self.decode(bytes).frames.map { Int(($0.1 * 1000).rounded()) }
        #expect(delays.allSatisfy { $0 >= 11 })
        #expect(delays.reduce(0, +) == frames.count * 5)
        #expect(report.framesMergedForTiming > 0)
    }

    @Test func theRepeatCountIsUIKits() throws {
        let frames = try fixtureFrames("kenney-gold-coin")
        let bytes = try Self.encode(frames, WebP.Encoder(effort: .fast, repeatCount: 2)).bytes
        #expect(try Self.decode(bytes).info.repeatCount == 2)
    }

    @Test(arguments: [
        (WebP.Encoder(quality: 101), SettingError(.quality, of: "WebP.Encoder", value: 101, allowed: .interval(0...100)),
         "cannot encode WebP: WebP.Encoder.quality must be between 0 and 100 (got 101)"),
        (WebP.Encoder(quality: 80.5, repeatCount: 70_000), SettingError(.repeatCount, of: "WebP.Encoder", value: 70_000, allowed: .range(0...65_535)),
         "cannot encode WebP: WebP.Encoder.repeatCount is 0 (forever) or 1…65535 plays (got 70000)"),
    ] as [(WebP.Encoder, SettingError, String)])
    func settingsOutOfRangeAreRefused(_ encoder: WebP.Encoder, _ refusal: SettingError, _ message: String) throws {
        let frames = try fixtureFrames("kenney-gold-coin")
        #expect(throws: WebP.EncodeError.setting(refusal)) { try Self.encode(frames, encoder) }
        #expect(WebP.EncodeError.setting(refusal).description == message)
    }

    @Test func aRaisedFlagStopsTheEncode() throws {
        let flag = CancellationFlag()
        flag.cancel()
        let frames = try fixtureFrames("kenney-gold-coin")
        #expect(throws: WebP.EncodeError.cancelled) {
            try WebP.Encoder().encode(FrameInput(count: frames.count, duration: 0.1, cancellation: flag) { frames[$0] })
        }
    }

    @Test(arguments: [Array("RIFF\0\0\0\0WEBPVP8 ".utf8), Array("GIF89a".utf8), []])
    func garbageIsAnErrorNotACrash(_ bytes: [UInt8]) {
        #expect { try Self.decode(bytes) } throws: { ($0 as? AnimationDecodeError)?.file == "test.webp" }
    }
}

/// Counts calls from the encoder's progress callback.
private final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    var value: Int { lock.withLock { count } }
    func add() { lock.withLock { count += 1 } }
}
