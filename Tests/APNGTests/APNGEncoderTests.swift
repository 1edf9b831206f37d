import Basics
import Foundation
import Raster
import Testing
import TestSupport
@testable import APNG

@Suite("APNG encoder")
struct APNGEncoderTests {
    /// A soft disc moving across a translucent, many-coloured band: blending the disc over the
    /// band would not be exact, so the encoder must redraw those pixels in place.
    static func softDiscOverBand(_ count: Int, opaque: Bool = false) -> [Bitmap] {
        (0..<count).map { index in
            var bitmap = Bitmap(clearWidth: 48, height: 32)
            for y in 0..<32 {
                for x in 0..<48 {
                    let band = Color(r: UInt8(x * 5), g: UInt8(y * 7), b: UInt8((x * y) % 256), a: opaque ? 255 : 120)
                    let dx = Double(x) - (8 + Double(index) * 3), dy = Double(y) - 16
                    let coverage = min(max(7 - (dx * dx + dy * dy).squareRoot(), 0), 1)
                    if coverage > 0 {
                        bitmap[x, y] = Color(r: 250, g: UInt8(100 + index), b: 30, a: opaque ? 255 : UInt8(coverage * 255))
                    } else {
                        bitmap[x, y] = y >= 10 && y < 22 || opaque ? band : .clear
                    }
                }
            }
            return bitmap
        }
    }

    @Test(arguments: [false, true])
    func translucentPixelsMovingOverOthersStayExact(_ opaque: Bool) throws {
        let frames = Self.softDiscOverBand(10, opaque: opaque)
        for effort in EncodingEffort.allCases where effort != .max {
            let (bytes, report) = try encode(frames, APNG.Encoder(effort: effort))
            let decoded = try decodeAll(bytes, file: "disc").frames
            #expect(decoded.count == 10)
            for (frame, source) in zip(decoded, frames) { #expect(shows(frame.bitmap, source)) }
            #expect(report.colorType == (opaque ? "RGB" : "RGBA"))
        }
    }

    /// The colour type's count is said in the singular for one colour (fresh eyes, session 45:
    /// "indexed, 1-bit, 1 colours" for frames all transparent), the plural otherwise.
    @Test(arguments: [(1, "1 colour"), (2, "2 colours")])
    func aPaletteOfOneColourIsSaidSo(colours: Int, said: String) throws {
        let frames = (0..<2).map { index in
            var bitmap = Bitmap(clearWidth: 8, height: 8)
            if colours == 2 { bitmap[index, 0] = Color(r: 200, g: 10, b: 10) }
            return bitmap
        }
        let (_, report) = try encode(frames, APNG.Encoder(effort: .fast))
        #expect(report.colorType.hasPrefix("indexed") && report.colorType.hasSuffix(", \(said)"), "\(report.colorType)")
    }

    @Test func identicalFramesBecomeOneLongerFrame() throws {
        let disc = Self.softDiscOverBand(3)
        let frames = [disc[0], disc[0], disc[0], disc[1], disc[2], disc[2]]
        let (bytes, report) = try encode(frames, durations: Array(repeating: 0.1, count: 6))
        #expect(report.framesWritten == 3)
        #expect(report.framesMergedIdentical == 3)
        let decoded = try decodeAll(bytes, file: "merged").frames
        #expect(decoded.map { Int(($0.duration * 1000).rounded()) } == [300, 100, 200])
    }

    /// Five 10 ms copies known identical (`FrameInput.identical`) before a 500 ms frame are one
    /// 50 ms frame: timed one by one, four were merged for being under 11 ms and the next picture
    /// started 10 ms early.
    @Test func aRunOfShortRepeatsIsTimedAsOneFrame() throws {
        let disc = Self.softDiscOverBand(2)
        let order = [0, 0, 0, 0, 0, 1]
        var input = FrameInput(durations: [0.01, 0.01, 0.01, 0.01, 0.01, 0.5]) { disc[order[$0]] }
        input.identical = { order[$0] == order[$1] }
        let (bytes, report) = try APNG.Encoder().encode(input)
        let decoded = try decodeAll(bytes, file: "runs").frames
        #expect(decoded.map { Int(($0.duration * 1000).rounded()) } == [50, 500])
        #expect(report.framesMergedIdentical == 4 && report.framesMergedForTiming == 0)
    }

    @Test func framesOfTenMillisecondsOrLessAreMergedAndTheTotalKept() throws {
        let frames = Self.softDiscOverBand(12)
        // 120 fps: 8.33 ms each, which browsers would play as 100 ms.
        let (bytes, report) = try encode(frames, durations: Array(repeating: 1.0 / 120, count: 12))
        let decoded = try decodeAll(bytes, file: "fast").frames
        let delays = decoded.map { Int(($0.duration * 1000).rounded()) }
        #expect(delays.allSatisfy { $0 >= 11 })
        #expect(delays.reduce(0, +) == 100)
        #expect(report.framesMergedForTiming == 12 - decoded.count)
        #expect(report.duration == 0.1)
    }

    @Test func theRepeatCountIsUIKits() throws {
        let frames = Self.softDiscOverBand(2)
        let bytes = try encode(frames, APNG.Encoder(effort: .fast, repeatCount: 3)).bytes
        #expect(try APNG.Decoder(bytes: bytes, file: "x").info.repeatCount == 3)
    }

    /// A repeat count APNG cannot hold is a setting error naming the setting (it was a sentence).
    @Test(arguments: [-1, APNG.maximumRepeatCount + 1])
    func aRepeatCountOutOfRangeIsASettingError(_ repeatCount: Int) throws {
        let refusal = SettingError(.repeatCount, of: "APNG.Encoder", value: repeatCount, allowed: .range(0...APNG.maximumRepeatCount))
        #expect(APNG.Encoder(repeatCount: repeatCount).settingError == refusal)
        #expect(throws: APNG.EncodeError.setting(refusal)) { try encode(Self.softDiscOverBand(2), APNG.Encoder(effort: .fast, repeatCount: repeatCount)) }
        #expect(APNG.EncodeError.setting(refusal).description
                == "cannot encode APNG: APNG.Encoder.repeatCount is 0 (forever) or 1…\(APNG.maximumRepeatCount) plays (got \(repeatCount))")
    }

    @Test func framesOfAnotherSizeAreRefusedByName() throws {
        let frames = [Bitmap(clearWidth: 4, height: 4), Bitmap(clearWidth: 5, height: 4)]
        let input = try FrameInput(count: 2, duration: 0.1, names: ["a1.png", "a2.png"]) { frames[$0] }
        #expect {
            try APNG.Encoder().encode(input)
        } throws: { error in
            guard case APNG.EncodeError.invalidInput(let reason) = error else { return false }
            return reason.contains("a2.png is 5×4")
        }
    }

    @Test func aRaisedFlagStopsTheEncodeAndWritesNothing() throws {
        let folder = try Fixtures.temporaryFolder("apng-cancel")
        let flag = CancellationFlag()
        flag.cancel()
        let frames = Self.softDiscOverBand(4)
        let input = try FrameInput(count: 4, duration: 0.1, cancellation: flag) { frames[$0] }
        #expect(throws: APNG.EncodeError.cancelled) { try APNG.Encoder().write(input, to: folder + "/x.png") }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
    }

    @Test(arguments: ["walk.gif", "walk.webp", "walk.jpg"])
    func aNameThatPromisesAnotherFormatIsRefused(_ name: String) throws {
        let folder = try Fixtures.temporaryFolder("apng-name")
        let frames = Self.softDiscOverBand(2)
        #expect { try APNG.Encoder().write(FrameInput(count: 2, duration: 0.1) { frames[$0] }, to: "\(folder)/\(name)") } throws: { error in
            guard case .output(.unsupportedName)? = error as? APNG.EncodeError else { return false }
            return true
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
    }

    @Test func aFileWrittenIsWhatEncodeReturns() throws {
        let folder = try Fixtures.temporaryFolder("apng-write")
        let frames = Self.softDiscOverBand(5)
        let input = try FrameInput(count: 5, duration: 0.1) { frames[$0] }
        let report = try APNG.Encoder().write(input, to: folder + "/disc.apng")
        let bytes = try FileIO.readAll(folder + "/disc.apng")
        #expect(bytes == (try APNG.Encoder().encode(input)).bytes)
        #expect(report.bytes == bytes.count)
    }
}
