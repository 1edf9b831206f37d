import Basics
import Foundation
import Raster
import Testing
import TestSupport
@testable import APNG

/// APNGs that decode exactly in ffmpeg 5.1 and Pillow 13 as well as in browsers: by default the
/// encoder uses none of the combinations those two get wrong (docs/Formats.md; the smallest file
/// showing each is in `Tests/Fixtures/apng-decoders`, and `Scripts/check-decoders` runs both
/// decoders on the real sequences). Each case below tempts the encoder into one such combination:
/// written for the specification alone it takes it, by default it does not, and both decode exactly.
@Suite("APNG: exact in ffmpeg and Pillow too")
struct APNGDecoderCompatibilityTests {
    /// An opaque texture of more than 256 colours (so RGB, or grey when `grey`).
    static func texture(_ width: Int, _ height: Int, grey: Bool = false) -> Bitmap {
        var bitmap = Bitmap(clearWidth: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                let level = UInt8((x * x + y * 3) % 200)
                bitmap[x, y] = grey ? Color(r: level, g: level, b: level) : Color(r: UInt8(x * 8 % 256), g: UInt8(y * 8 % 256), b: UInt8((x * y * 13) % 256))
            }
        }
        return bitmap
    }

    /// `base` with a one-pixel square outline of `color` at (4, 4), 12 pixels wide.
    static func ring(on base: Bitmap, _ color: Color) -> Bitmap {
        var bitmap = base
        for i in 4..<16 {
            bitmap[i, 4] = color
            bitmap[i, 15] = color
            bitmap[4, i] = color
            bitmap[15, i] = color
        }
        return bitmap
    }

    /// Cases that tempt the encoder, by name.
    static func frames(_ name: String) throws -> [Bitmap] {
        switch name {
        case "ring-then-corner":
            // A ring drawn over a texture (cheapest over the canvas), then gone while a corner
            // changes (cheapest by restoring what was under the ring): "previous" after "over".
            let base = texture(32, 32)
            var corner = base
            for y in 28..<30 { for x in 28..<30 { corner[x, y] = Color(r: 255, g: 255, b: 255) } }
            return [base, ring(on: base, Color(r: 255, g: 0, b: 255)), corner]
        case "grey-ring":
            // Grey with a free level: a ring drawn over a grey texture is cheapest over the canvas.
            let base = texture(32, 32, grey: true)
            return [base, ring(on: base, Color(r: 250, g: 250, b: 250))]
        case "soft-dots-beside-a-block":
            // Semi-transparent dots appear on either side of an opaque block that stays: cheapest
            // drawn over the canvas, the block left transparent.
            var first = Bitmap(clearWidth: 32, height: 32)
            let block = texture(12, 12)
            first.copy(block, toX: 10, y: 10)
            var second = first
            for y in 14..<18 {
                second[7, y] = Color(r: 0, g: 0, b: 255, a: 128)
                second[24, y] = Color(r: 0, g: 0, b: 255, a: 128)
            }
            return [first, second]
        default:
            return try fixtureFrames(name)
        }
    }

    static let tempting = ["ring-then-corner", "grey-ring", "soft-dots-beside-a-block", "ansimuz-fire-bomb-pixel"]

    @Test(arguments: tempting)
    func theDefaultAvoidsWhatTheSpecificationAloneWouldWrite(_ name: String) throws {
        let frames = try Self.frames(name)
        // Written for the specification alone, the file meets a decoder's bug: the case tempts.
        let (loose, _) = try encode(frames, APNG.Encoder(effort: .fast, compatibility: .specification))
        #expect(!(try APNGFileFacts(loose).decoderHazards.isEmpty), "\(name) no longer tempts the encoder")
        // By default it does not, and every frame is still exact.
        let (bytes, _) = try encode(frames, APNG.Encoder(effort: .fast))
        #expect(try APNGFileFacts(bytes).decoderHazards == [])
        try expectExact(bytes, frames, name)
    }

    /// Every real fixture sequence, at both efforts that are quick: nothing a decoder gets wrong.
    @Test(arguments: APNGRoundTripTests.sequences)
    func realSequencesMeetNoKnownDecoderBug(_ sequence: String) throws {
        let frames = try fixtureFrames(sequence)
        for effort in [EncodingEffort.fast, .standard] where effort == .fast || frames.count * frames[0].width * frames[0].height <= 1 << 19 {
            let (bytes, _) = try encode(frames, APNG.Encoder(effort: effort))
            #expect(try APNGFileFacts(bytes).decoderHazards == [], "\(sequence) at \(effort)")
        }
    }

    /// The pixel-art bomb (4-bit palette with `tRNS`, chosen at `fast`) is the case:
    /// ffmpeg 5.1 drew 13 of its 14 frames wrongly. Its frames now start at x = 0.
    @Test func aFourBitPaletteFrameStartsAtTheLeftEdge() throws {
        let frames = try fixtureFrames("ansimuz-fire-bomb-pixel")
        let (bytes, report) = try encode(frames, APNG.Encoder(effort: .fast))
        let facts = try APNGFileFacts(bytes)
        #expect(report.colorType.hasPrefix("indexed, 4-bit"))
        #expect(facts.bitDepth == 4 && facts.colorType == 3 && !facts.transparency.isEmpty)
        #expect(facts.frames.count == 14)
        #expect(facts.frames.allSatisfy { $0.rect.x == 0 })
        #expect(facts.frames.dropFirst().contains { $0.rect.width < facts.width })
    }

    /// An opaque animation's transparent colour (for frames that leave pixels unchanged) is
    /// black when no frame uses black: what Pillow clears a region disposed to the background to.
    @Test func theTransparentRGBColourIsBlackWhenFree() throws {
        let frames = [Self.texture(32, 32), Self.ring(on: Self.texture(32, 32), Color(r: 9, g: 9, b: 9))].map { frame in
            var lighter = frame
            for y in 0..<32 { for x in 0..<32 where lighter[x, y] == Color(r: 0, g: 0, b: 0) { lighter[x, y] = Color(r: 1, g: 0, b: 0) } }
            return lighter
        }
        let (bytes, report) = try encode(frames)
        #expect(report.colorType == "RGB")
        #expect(try APNGFileFacts(bytes).transparency == [0, 0, 0, 0, 0, 0])
        try expectExact(bytes, frames, "rgb")
    }

    /// One grey level in every frame would be 1-bit grey, which ffmpeg 5.1 cannot decode at all.
    @Test func noCandidateIsOneBitGrey() {
        var survey = ColorSurvey()
        var black = Bitmap(clearWidth: 4, height: 4)
        for y in 0..<4 { for x in 0..<4 { black[x, y] = Color(r: 0, g: 0, b: 0) } }
        survey.merge(ColorSurvey(black))
        let loose = ColorPlan.candidates(for: survey)
        #expect(loose.contains { $0.kind == .grey && $0.bitDepth == 1 })
        let strict = ColorPlan.candidates(for: survey, rules: APNG.Encoder.Compatibility.decoders.rules)
        #expect(strict.contains { $0.kind == .grey && $0.bitDepth == 2 })
        #expect(!strict.contains { $0.kind == .grey && $0.bitDepth == 1 })
    }

    /// The fixtures of docs/Formats.md are valid APNGs that show, in `APNG.Decoder` (as in
    /// Chromium), the frames their ORIGIN.md gives, and each meets the one bug it is named after.
    @Test(arguments: [
        ("ffmpeg-sub-byte-frame-at-x1", [[Color.clear, .clear], [.clear, Color(r: 255, g: 0, b: 0)]], "at x = 1"),
        ("ffmpeg-one-bit-grey", [[Color(r: 0, g: 0, b: 0)], [Color(r: 255, g: 255, b: 255)]], "1-bit grey"),
        ("pillow-background-is-sample-zero", [[Color(r: 255, g: 0, b: 0), Color(r: 0, g: 255, b: 0)], [.clear, Color(r: 0, g: 0, b: 255)]],
         "sample 0 not transparent"),
        ("pillow-over-semi-transparent", [[Color.clear], [Color(r: 0, g: 0, b: 255, a: 128)]], "semi-transparent"),
        ("pillow-grey-trns-over", [[Color(r: 10, g: 10, b: 10)], [Color(r: 10, g: 10, b: 10)]], "grey tRNS"),
        ("pillow-previous-after-over", [[Color(r: 255, g: 0, b: 0)], [Color(r: 0, g: 0, b: 255)], [Color(r: 255, g: 0, b: 0)]], "disposed to previous"),
    ])
    func theBugFixturesShowTheirFramesAndTheirBug(_ name: String, _ expected: [[Color]], _ hazard: String) throws {
        let folder = Fixtures.path("apng-decoders")
        #expect(Fixtures.pngNames(in: "apng-decoders").count == 6)
        let bytes = try Fixtures.bytes("apng-decoders/\(name).png")
        #expect(FileManager.default.fileExists(atPath: "\(folder)/ORIGIN.md"))
        let decoded = try decodeAll(bytes, file: name).frames
        #expect(decoded.map { frame in (0..<frame.bitmap.width).map { frame.bitmap[$0, 0] } }.map { $0.map(\.canonical) }
                == expected.map { $0.map(\.canonical) })
        let hazards = try APNGFileFacts(bytes).decoderHazards
        #expect(hazards.count == 1 && hazards.allSatisfy { $0.contains(hazard) }, "\(hazards)")
    }

    /// Every frame of `bytes`, decoded, shows the frame it stands for (frames merged when identical).
    func expectExact(_ bytes: [UInt8], _ frames: [Bitmap], _ name: String) throws {
        let decoded = try decodeAll(bytes, file: name).frames
        var shown: [Bitmap] = []
        for (bitmap, duration) in decoded { shown += Array(repeating: bitmap, count: max(1, Int((duration * 30).rounded()))) }
        #expect(shown.count == frames.count)
        for (index, (frame, source)) in zip(shown, frames).enumerated() { #expect(shows(frame, source), "\(name) frame \(index + 1)") }
    }
}

extension Color {
    /// The colour as shown: every fully transparent colour is one.
    fileprivate var canonical: Color { a == 0 ? .clear : self }
}
