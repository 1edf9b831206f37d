import Basics
import Foundation
import Raster
import Testing
import TestSupport
@testable import GIF

/// Durations the GIF encoder cannot write, very long frames, and budgets that are no budget (issue 43).
@Suite("GIF long frames and hostile values")
struct GIFLongFrameTests {
    /// NaN, infinities, 0, negatives and anything over a day are refused with a typed error
    /// naming the frame, as APNG and WebP refuse them. They were taken silently: 0 and NaN as a
    /// frame merged away, 10⁶ s as a day (the report saying a day).
    @Test(arguments: [1e300, 1e6, 86_400.001, .nan, .infinity, -.infinity, 0, -1])
    func durationsNoEncoderCanWriteAreRefused(_ duration: Double) throws {
        let coin = try fixtureFrames("kenney-gold-coin")
        let input = FrameInput(durations: [0.1, duration], names: ["gold_1.png", "gold_2.png"]) { coin[$0] }
        do {
            _ = try GIF.Encoder().encode(input)
            Issue.record("a duration of \(duration) s was accepted")
        } catch {
            // A setting of the input, the frame's index its value (issue 44: a string before).
            guard case .setting(let setting) = error else { Issue.record("\(error)"); return }
            #expect(setting.setting == .frameDurations(index: 1) && setting.description.contains("gold_2.png") && setting.description.contains("at most a day"), "\(setting)")
        }
    }

    /// A frame of a day is written as the same frame repeated in delays of at most 65 535 cs
    /// (none under 2 cs), the total exact; decoded, every piece shows what the first showed, and
    /// the frame after it is drawn as it was without the split.
    @Test func aFrameOfADayIsRepeatedWithTheTotalExact() throws {
        let coin = try fixtureFrames("kenney-gold-coin")
        let (bytes, report) = try GIF.Encoder().encode(FrameInput(durations: [0.1, 86_400, 0.5]) { coin[$0] })
        let frames = try GIF.Decoder(bytes: bytes, file: "day.gif").allGIFFrames()
        let delays = frames.map(\.delay)
        let total: Int = delays.reduce(0, +)
        #expect(total == 8_640_060)
        #expect(report.totalCentiseconds == 8_640_060)
        #expect(delays.allSatisfy { (GIF.Timing.minimumDelay...GIF.Timing.maximumDelay).contains($0) })
        #expect(frames.count == 1 + 132 + 1)
        let pieces: [Int] = Array(repeating: 65_535, count: 131) + [54_915]
        #expect(Array(delays[1...132]) == pieces)
        #expect(frames[1...132].allSatisfy { $0.image == frames[1].image })
        #expect(frames[1].image != frames[0].image && frames[133].image != frames[132].image)

        let short = try GIF.Encoder().encode(FrameInput(durations: [0.1, 1, 0.5]) { coin[$0] }).bytes
        let unsplit = try GIF.Decoder(bytes: short, file: "short.gif").allGIFFrames()
        // The split frame is encoded as without the split; the frame after it, drawn after a
        // piece rather than the frame itself, within the encoder's colour tolerance.
        #expect(unsplit[0].image == frames[0].image && unsplit[1].image == frames[1].image)
        let after = zip(unsplit[2].image.pixels, frames[133].image.pixels).map { abs(Int($0) - Int($1)) }
        #expect(after.max()! <= 6 && after.filter { $0 > 0 }.count <= 16, "\(after.filter { $0 > 0 })")
    }

    /// The frame of a day is read and encoded once in each preset, not once per piece (132 times:
    /// each piece went through the whole pipeline).
    @Test(arguments: GIF.Encoder.Quality.allCases)
    func aLongFrameIsEncodedOnce(_ quality: GIF.Encoder.Quality) throws {
        let coin = try fixtureFrames("kenney-gold-coin")
        let loads = GIFRepeatedFramesTests.Counter()
        let input = FrameInput(durations: [0.1, 86_400, 0.5]) { index in
            loads.add(index)
            return coin[index]
        }
        _ = try GIF.Encoder(quality: quality).encode(input)
        let passes = quality == .fast ? 2 : 1
        #expect(loads.values.filter { $0 == 1 }.count <= passes, "\(loads.values.filter { $0 == 1 }.count) loads of the long frame")
    }

    /// A run of frames known identical lasting over a day in all (two frames of a day each) is
    /// timed as one frame of two days, exactly: it was cut to a day (`GIF.Timing` took the run's
    /// sum as one input duration and clamped it).
    @Test func aRunOfIdenticalFramesLongerThanADayKeepsItsTime() throws {
        let coin = try fixtureFrames("kenney-gold-coin")
        let order = [0, 1, 1, 2]
        var input = FrameInput(durations: [0.1, 86_400, 86_400, 0.5]) { coin[order[$0]] }
        input.identical = { order[$0] == order[$1] }
        let (bytes, report) = try GIF.Encoder().encode(input)
        #expect(report.totalCentiseconds == 17_280_060)
        let delays = try GIF.Decoder(bytes: bytes, file: "days.gif").allGIFFrames().map(\.delay)
        let days: Int = delays.reduce(0, +)
        #expect(days == 17_280_060)
    }

    /// The public `GIF.Timing` keeps its documented clamping: hostile values never trap.
    @Test func timingTakesHostileValuesWithoutTrapping() {
        let timing = GIF.Timing(durations: [.greatestFiniteMagnitude, 1e-320, 1e-320, 5e-324])
        #expect(timing.totalCentiseconds == 8_640_000)
        #expect(timing.delays.allSatisfy { (GIF.Timing.minimumDelay...GIF.Timing.maximumDelay).contains($0) })
        let tiny = GIF.Timing(durations: [5e-324, 5e-324, 5e-324])
        #expect(tiny.delays == [2])
    }

    /// A byte budget of 0 or less is refused with a typed error (it returned `fits: false`).
    @Test(arguments: [0, -5, Int.min])
    func aBudgetOfNoBytesIsRefused(_ maxBytes: Int) throws {
        let coin = try fixtureFrames("kenney-gold-coin")
        let refusal = SettingError(.maxBytes, of: nil, value: maxBytes, allowed: .atLeast(1), reason: "a number of bytes")
        #expect(throws: GIF.EncodeError.setting(refusal)) {
            _ = try GIF.Encoder().encode(FrameInput(count: 4, duration: 0.1) { coin[$0] }, maxBytes: maxBytes)
        }
        #expect(GIF.EncodeError.setting(refusal).description == "cannot encode GIF: maxBytes must be positive (got \(maxBytes)): a number of bytes")
    }

    /// Each setting of the encoder out of range is refused as a value naming it (it was a
    /// sentence: `invalidInput("colors must be 2…256 (got 1)")`).
    @Test(arguments: [
        (GIF.Encoder(colors: 1), SettingError(.colors, of: "GIF.Encoder", value: 1, allowed: .range(2...256))),
        (GIF.Encoder(colors: Int.max), SettingError(.colors, of: "GIF.Encoder", value: Int.max, allowed: .range(2...256))),
        (GIF.Encoder(colors: Int.min), SettingError(.colors, of: "GIF.Encoder", value: Int.min, allowed: .range(2...256))),
        (GIF.Encoder(scale: 0), SettingError(.scale, of: "GIF.Encoder", value: 0, allowed: .range(ImageFileName.drawingScaleRange))),
        (GIF.Encoder(scale: Int.max), SettingError(.scale, of: "GIF.Encoder", value: Int.max, allowed: .range(ImageFileName.drawingScaleRange))),
        (GIF.Encoder(repeatCount: 70_000), SettingError(.repeatCount, of: "GIF.Encoder", value: 70_000, allowed: .range(0...65_536), format: "GIF",
                                                        reason: "its loop block holds 16 bits")),
        (GIF.Encoder(quality: .standard, dithering: .floydSteinberg),
         SettingError(.dithering, of: "GIF.Encoder", value: "fs", problem: .conflicts(with: .quality, value: "standard"),
                      reason: "standard refines colours across frames and does not dither; dithering needs fast")),
    ] as [(GIF.Encoder, SettingError)])
    func settingsOutOfRangeAreRefused(_ encoder: GIF.Encoder, _ refusal: SettingError) throws {
        let coin = try fixtureFrames("kenney-gold-coin")
        #expect(encoder.settingError == refusal)
        #expect(throws: GIF.EncodeError.setting(refusal)) {
            _ = try encoder.encode(FrameInput(count: 4, duration: 0.1) { coin[$0] })
        }
    }
}
