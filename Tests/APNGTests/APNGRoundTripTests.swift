import Basics
import Foundation
import Raster
import Testing
import TestSupport
@testable import APNG

func encode(_ frames: [Bitmap], durations: [Double]? = nil, _ encoder: APNG.Encoder = APNG.Encoder(effort: .fast)) throws
    -> (bytes: [UInt8], report: APNG.Encoder.Report) {
    try encoder.encode(FrameInput(durations: durations ?? Array(repeating: 1.0 / 30, count: frames.count)) { frames[$0] })
}

/// Every frame of the APNG `bytes` through the decoder protocol, as (bitmap, duration) pairs.
func decodeAll(_ bytes: [UInt8], file: String, limits: ResourceLimits = .default) throws(AnimationDecodeError)
    -> (info: AnimationInfo, frames: [(bitmap: Bitmap, duration: Double)], decoder: APNG.Decoder) {
    let decoder = try APNG.Decoder(bytes: bytes, file: file, limits: limits)
    return (decoder.info, try decoder.allFrames().map { ($0.image, $0.duration) }, decoder)
}

@Suite("APNG round trip on real sequences")
struct APNGRoundTripTests {
    /// Every real sequence in `Tests/Fixtures/sequences`, one of each kind.
    static let sequences = [
        "ansimuz-fire-bomb-pixel", "bbb-opening-fadein-720p", "emt-watch-spinner-2x", "gameart2d-dino-jump",
        "kenney-gold-coin", "unity-explosion02hd-fadeout", "unity-wispy-smoke-02-long", "unity-wispy-smoke-03b-faint",
    ]

    @Test func theListNamesEveryFixtureSequence() throws {
        let folders = try FileManager.default.contentsOfDirectory(atPath: Fixtures.path("sequences")).filter { !$0.contains(".") }
        #expect(folders.sorted() == Self.sequences)
        #expect(folders.count == 8)
    }

    @Test(arguments: sequences)
    func everyFrameDecodesToItsSource(_ sequence: String) throws {
        let frames = try fixtureFrames(sequence)
        #expect(frames.count >= 2)
        let (bytes, report) = try encode(frames)
        let (info, decoded, decoder) = try decodeAll(bytes, file: sequence)
        #expect(decoder.isAnimated && info.repeatCount == 0)
        #expect(report.bytes == bytes.count)
        #expect(report.framesWritten == decoded.count)
        // Merged identical frames show for the frames they stand for: compare on the timeline.
        var shown: [Bitmap] = []
        for (bitmap, duration) in decoded {
            let copies = Int((duration * 30).rounded())
            shown += Array(repeating: bitmap, count: max(1, copies))
        }
        #expect(shown.count == frames.count)
        for (index, (decodedFrame, source)) in zip(shown, frames).enumerated() {
            #expect(shows(decodedFrame, source), "\(sequence) frame \(index + 1)")
        }
        // 1/30 s frames are whole milliseconds on the cumulative timeline: the total is exact.
        // Each frame ends where the source's frame k ends, rounded to the millisecond.
        let ends = Set((1...frames.count).map { Int((Double($0) * 1000 / 30).rounded()) })
        var elapsed = 0
        for (_, duration) in decoded {
            elapsed += Int((duration * 1000).rounded())
            #expect(ends.contains(elapsed))
        }
        #expect(elapsed == Int((Double(frames.count) * 1000 / 30).rounded()))
    }

    @Test(arguments: [("ansimuz-fire-bomb-pixel", "indexed"), ("unity-wispy-smoke-03b-faint", "grey+alpha"),
                      ("bbb-opening-fadein-720p", "RGB"), ("unity-explosion02hd-fadeout", "RGBA")])
    func theColourTypeIsTheSmallestThatHoldsEveryFrame(_ sequence: String, _ kind: String) throws {
        let (bytes, report) = try encode(try fixtureFrames(sequence))
        #expect(report.colorType.hasPrefix(kind))
        // The file says the same in IHDR (byte 25 is the colour type).
        let expected: UInt8 = switch kind {
        case "indexed": 3
        case "grey+alpha": 4
        case "RGB": 2
        default: 6
        }
        #expect(bytes[25] == expected)
    }

    @Test func theSameInputGivesTheSameBytesOnOneThreadOrAll() throws {
        let frames = try fixtureFrames("emt-watch-spinner-2x")
        let all = try encode(frames, APNG.Encoder()).bytes
        let one = try ThreadBudget.withLimit(1) { try encode(frames, APNG.Encoder()).bytes }
        #expect(all == one)
    }

    @Test func moreEffortNeverWritesMore() throws {
        let frames = try fixtureFrames("ansimuz-fire-bomb-pixel")
        let fast = try encode(frames, APNG.Encoder(effort: .fast)).bytes.count
        let standard = try encode(frames, APNG.Encoder(effort: .standard)).bytes.count
        let max = try encode(frames, APNG.Encoder(effort: .max)).bytes.count
        #expect(standard <= fast)
        #expect(max <= standard)
    }
}

/// Opaque white as a frame's first colour (a sprite on a white page): its pixels up to the first
/// pixel of another colour were written as the palette's transparent entry (the colour cache's
/// empty value was 0xFFFFFFFF, which is opaque white); fourth fresh-eyes round.
@Suite struct APNGOpaqueWhiteTests {
    @Test(arguments: [EncodingEffort.fast, .standard])
    func aSpriteOnWhiteComesBackExactly(_ effort: EncodingEffort) throws {
        // Pixel art: few colours, so the frames are written indexed, where the cache was.
        let frames = try fixtureFramesOnWhite("ansimuz-fire-bomb-pixel")
        #expect(frames.count == 14)
        #expect(Array(frames[0].pixels.prefix(4)) == [255, 255, 255, 255])
        let (bytes, report) = try encode(frames, APNG.Encoder(effort: effort))
        #expect(report.colorType.hasPrefix("indexed"), "\(report.colorType)")
        let decoded = try decodeAll(bytes, file: "white.png").frames
        #expect(decoded.count == frames.count)
        for (frame, original) in zip(decoded, frames) { #expect(frame.bitmap.pixels == original.pixels) }
    }
}
