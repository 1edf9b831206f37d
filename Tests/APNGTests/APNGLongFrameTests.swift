import Basics
import Foundation
import Raster
import Testing
import TestSupport
@testable import APNG

/// Frames longer than one `fcTL` holds, and durations no encoder can write (issue 43).
@Suite("APNG long frames and hostile durations")
struct APNGLongFrameTests {
    /// Each `fcTL` of `bytes`: (delay_num, delay_den, dispose_op, blend_op), in file order.
    static func controls(_ bytes: [UInt8]) -> [(numerator: Int, denominator: Int, dispose: Int, blend: Int)] {
        APNGDecoderTests.chunks(bytes).filter { $0.type == "fcTL" }.map { chunk in
            let data = Array(bytes[(chunk.offset + 8)..<(chunk.offset + 8 + chunk.length)])
            return (Int(data[20]) << 8 | Int(data[21]), Int(data[22]) << 8 | Int(data[23]), Int(data[24]), Int(data[25]))
        }
    }

    /// `acTL`'s frame count.
    static func declaredFrames(_ bytes: [UInt8]) -> Int {
        let chunk = APNGDecoderTests.chunks(bytes).first { $0.type == "acTL" }!
        return (0..<4).reduce(0) { $0 << 8 | Int(bytes[chunk.offset + 8 + $1]) }
    }

    /// NaN, infinities, 0, negatives and anything over a day are refused with a typed error
    /// naming the frame, before any frame is read. A finite but huge duration trapped in
    /// `DelayTimeline` (`Int(elapsed · 1000)`); a day and a millisecond was accepted.
    @Test(arguments: [1e300, 1e18, 86_400.001, Double.greatestFiniteMagnitude, .nan, .infinity, -.infinity, 0, -1])
    func durationsNoEncoderCanWriteAreRefused(_ duration: Double) throws {
        let coin = try fixtureFrames("kenney-gold-coin")
        let input = FrameInput(durations: [0.1, duration], names: ["gold_1.png", "gold_2.png"]) { coin[$0] }
        do {
            _ = try APNG.Encoder(effort: .fast).encode(input)
            Issue.record("a duration of \(duration) s was accepted")
        } catch {
            // A setting of the input, the frame's index its value (issue 44: a string before).
            guard case .setting(let setting) = error else { Issue.record("\(error)"); return }
            #expect(setting.setting == .frameDurations(index: 1) && setting.description.contains("gold_2.png") && setting.description.contains("at most a day"), "\(setting)")
        }
    }

    /// A day, exactly, is accepted (the longest `--fps`, `--delays` and `Animation.Timing` take).
    @Test func aDayIsAccepted() throws {
        let coin = try fixtureFrames("kenney-gold-coin")
        let (_, report) = try encode(Array(coin.prefix(2)), durations: [86_400, 0.1])
        #expect(report.duration == 86_400.1)
    }

    /// Frames over 65.535 s whose delay is not whole seconds, and frames over 65 535 s, are written
    /// as the same frame repeated (several `fcTL`s), every delay exact: the sum of the file's
    /// fractions is the sum of the durations to the millisecond, the report says it, and our decoder
    /// gives each piece as a frame showing the right picture. A frame over 65 535 s was written as
    /// 65 535/1 (the rest lost), and 100.001 s as 10000/100 (a millisecond lost).
    @Test func longFramesAreWrittenInPiecesThatAddUpExactly() throws {
        let coin = try fixtureFrames("kenney-gold-coin")
        let frames = [coin[0], coin[1], coin[2], coin[3], coin[0]]
        let durations = [0.1, 100.001, 65_536, 86_400, 0.25]
        let (bytes, report) = try encode(frames, durations: durations)
        let controls = Self.controls(bytes)
        // 100 001 ms: 65 001/1000 then 35/1 would also do; the whole seconds come first.
        let expected: [[Int]] = [[1, 10], [35, 1], [65_001, 1000], [65_535, 1], [1, 1], [65_535, 1], [20_865, 1], [1, 4]]
        let fractions: [[Int]] = controls.map { [$0.numerator, $0.denominator] }
        #expect(fractions == expected)
        #expect(controls.allSatisfy { 1000 % $0.denominator == 0 }, "every delay a whole number of milliseconds")
        #expect(Self.declaredFrames(bytes) == 8)
        #expect(report.framesWritten == 8)
        #expect(report.framesMergedIdentical == 0)
        // Three frames split, three pieces added: what `assemble` says (round 66b F6: nothing did).
        #expect(report.framesSplitForTiming == 3 && report.framesAddedForTiming == 3)
        let milliseconds = controls.reduce(0) { $0 + 1000 * $1.numerator / $1.denominator }
        #expect(milliseconds == 152_036_351)
        #expect(Int((report.duration * 1000).rounded()) == milliseconds)

        let decoded = try decodeAll(bytes, file: "long.png").frames
        #expect(decoded.count == 8)
        let sources = [0, 1, 1, 2, 2, 3, 3, 4]
        for (frame, source) in zip(decoded, sources) { #expect(shows(frame.bitmap, frames[source])) }
        #expect(Int((decoded.reduce(0) { $0 + $1.duration } * 1000).rounded()) == milliseconds)
    }

    /// A frame drawn over the canvas with translucent pixels (drawing it twice would not be
    /// exact) is repeated with each copy restored before the next (`dispose_op` 2), and the frame
    /// after it still decodes exactly.
    @Test func translucentFramesDrawnOverStayExactWhenRepeated() throws {
        let frames = APNGEncoderTests.softDiscOverBand(4)
        let (bytes, _) = try encode(frames, durations: [0.1, 70.001, 0.1, 70.001])
        let controls = Self.controls(bytes)
        #expect(controls.count == 6)
        let decoded = try decodeAll(bytes, file: "disc.png").frames
        #expect(decoded.count == 6)
        let sources = [0, 1, 1, 2, 3, 3]
        for (frame, source) in zip(decoded, sources) { #expect(shows(frame.bitmap, frames[source])) }
        // Each copy but the last of a frame drawn over (these pixels are translucent), or restored
        // after, is restored.
        for (index, control) in controls.enumerated() where index + 1 < controls.count && sources[index] == sources[index + 1] {
            let redrawnInPlace = control.blend == 0 && control.dispose == 0
            #expect(redrawnInPlace || control.dispose == 2, "piece \(index): blend \(control.blend), dispose \(control.dispose)")
        }
        #expect(controls.reduce(0) { $0 + 1000 * $1.numerator / $1.denominator } == 140_202)
    }

    /// Frames drawn over the canvas (`APNG_BLEND_OP_OVER`: a few changed pixels scattered over a
    /// noisy picture cost far less drawn over it than redrawn in place) are repeated with each
    /// copy but the last restored (`dispose_op` 2), so every copy draws on what the first drew on:
    /// each decodes exactly, and so do the frames after them.
    @Test func framesDrawnOverTheCanvasStayExactWhenRepeated() throws {
        let frames = Self.scatteredChanges()
        let (bytes, report) = try encode(frames, durations: [0.1, 70.001, 70.001, 70.001, 100.5])
        let controls = Self.controls(bytes)
        // 70.001 s: 5/1 and 65 001/1000; 100.5 s: 201/2, one piece.
        #expect(controls.count == 8 && report.framesWritten == 8)
        #expect(controls.contains { $0.blend == 1 }, "no frame was drawn over the canvas: the test needs one")
        let sources = [0, 1, 1, 2, 2, 3, 3, 4]
        let drawnOverAgain = controls.indices.dropLast().contains { sources[$0] == sources[$0 + 1] && controls[$0].blend == 1 && controls[$0].dispose == 0 }
        #expect(drawnOverAgain, "a frame drawn over and kept is drawn again, not restored (Pillow mishandles restoring)")
        // Every pixel is opaque or clear: a copy drawn over is drawn again unless restored after.
        for index in controls.indices.dropLast() where sources[index] == sources[index + 1] {
            #expect(controls[index].dispose == (controls[index + 1].dispose == 2 ? 2 : 0), "piece \(index)")
        }
        let decoded = try decodeAll(bytes, file: "over.png").frames
        #expect(decoded.count == 8)
        for (index, (frame, source)) in zip(decoded, sources).enumerated() {
            #expect(shows(frame.bitmap, frames[source]), "frame \(index)")
        }
        #expect(controls.reduce(0) { $0 + 1000 * $1.numerator / $1.denominator } == 310_603)
    }

    /// Noise (one transparent corner pixel, so the colour type has transparency), then the same
    /// with a white diagonal, then with a black one the other way, then the white again, then the noise.
    static func scatteredChanges() -> [Bitmap] {
        var seed: UInt32 = 12_345
        func noise() -> UInt8 {
            seed = seed &* 1_664_525 &+ 1_013_904_223
            return UInt8(seed >> 24)
        }
        var first = Bitmap(clearWidth: 64, height: 64)
        for y in 0..<64 { for x in 0..<64 { first[x, y] = x == 0 && y == 0 ? .clear : Color(r: noise(), g: noise(), b: noise()) } }
        var second = first, third = first
        for i in 1..<64 {
            second[i, i] = Color(r: 255, g: 255, b: 255)
            third[i, 63 - i] = Color(r: 0, g: 0, b: 0)
        }
        return [first, second, third, second, first]
    }

    /// The pieces of a delay add up to it exactly, over a fraction whose denominator divides 1000,
    /// as few as possible: one when the reduced fraction fits 16 bits.
    @Test(arguments: [11, 33, 999, 1000, 65_535, 65_536, 100_001, 655_350, 655_351, 32_767_500, 65_535_000, 65_535_001,
                      65_536_500, 86_400_000, 172_800_001, 999_999_999])
    func delayPiecesAddUpExactly(_ milliseconds: Int) {
        let pieces = APNGEncoding.delayPieces(milliseconds: milliseconds)
        #expect(pieces.allSatisfy { $0.numerator > 0 && 1000 % Int($0.denominator) == 0 })
        #expect(pieces.reduce(0) { $0 + 1000 * Int($1.numerator) / Int($1.denominator) } == milliseconds)
        let reduced = milliseconds / gcd(milliseconds, 1000)
        #expect((pieces.count == 1) == (reduced <= 65_535), "\(pieces)")
        #expect(pieces.count <= (milliseconds + 65_534_999) / 65_535_000 + 1, "at most one piece more than 65 535 s each: \(pieces)")
    }

    private func gcd(_ a: Int, _ b: Int) -> Int { b == 0 ? a : gcd(b, a % b) }
}
