import Animated
import Basics
import Foundation
import Raster
import Testing
import TestSupport

/// `AssembleJob.plan()` refuses what its run would refuse of the frames themselves, from their
/// headers, as typed values (a Swift developer's review, issue #44): an empty upload, a frame over
/// the pixel limit and a frame of another size passed the plan and were refused only by the encode
/// (the last as `.encodeWebP(.invalidInput(String))`), after the frames before them were decoded.
@Suite("AssembleJob.plan: the frames' sizes, checked before anything is decoded")
struct AssemblePlanFrameTests {
    /// The four coin frames of `Tests/Fixtures/sequences/kenney-gold-coin`, in memory.
    static func coins() throws -> [InMemoryFile] {
        let names = Fixtures.pngNames(in: "sequences/kenney-gold-coin")
        #expect(names.count == 4)
        return try names.map { InMemoryFile(name: $0, bytes: try Fixtures.bytes("sequences/kenney-gold-coin/\($0)")) }
    }

    /// A PNG of `width × height` transparent pixels.
    static func png(width: Int, height: Int) throws -> [UInt8] {
        try PNG.Encoder().encode(try Bitmap(width: width, height: height))
    }

    @Test(arguments: AssembleJob.Format.allCases)
    func aFrameOfAnotherSizeIsRefusedWithBothSizesAndFiles(format: AssembleJob.Format) throws {
        var job = AssembleJob(files: try Self.coins() + [InMemoryFile(name: "gold_5.png", bytes: try Self.png(width: 25, height: 50))])
        job.format = format
        do {
            _ = try job.plan(cancellation: nil)
            Issue.record("planned")
        } catch .frameSize(let file, let width, let height, let first, let expectedWidth, let expectedHeight) {
            #expect(file == "gold_5.png" && width == 25 && height == 50 && first == "gold_1.png" && expectedWidth == 64 && expectedHeight == 64)
        } catch {
            Issue.record("\(error)")
        }
    }

    @Test func anEmptyFrameAndAFrameOverThePixelLimitAreRefusedByThePlan() throws {
        var empty = AssembleJob(files: try Self.coins() + [InMemoryFile(name: "gold_5.png", bytes: [])])
        do { _ = try empty.plan(cancellation: nil); Issue.record("planned") } catch .frame(let error) { #expect(error.description.contains("gold_5.png")) } catch { Issue.record("\(error)") }
        empty = AssembleJob(files: try Self.coins())
        empty.limits.maxPixels = 100
        do { _ = try empty.plan(cancellation: nil); Issue.record("planned") } catch .frame(.tooLarge(let file, _, _, let maxPixels)) {
            #expect(file == "gold_1.png" && maxPixels == 100)
        } catch { Issue.record("\(error)") }
    }

    /// Frames wider than a GIF's screen (65 535) or a WebP's canvas (16 383): the format's bound,
    /// not a string; an APNG takes them.
    @Test(arguments: [(AssembleJob.Format.gif, 70_000), (.webp, 17_000), (.apng, 17_000)])
    func framesWiderThanTheFormatHoldsAreRefused(format: AssembleJob.Format, width: Int) throws {
        let frame = try Self.png(width: width, height: 1)
        var job = AssembleJob(files: [InMemoryFile(name: "a1.png", bytes: frame), InMemoryFile(name: "a2.png", bytes: frame)])
        job.format = format
        do {
            _ = try job.plan(cancellation: nil)
            #expect(format == .apng)
        } catch .formatSize(let refused, let refusedWidth, _, let maxSide) {
            #expect(refused == format && refusedWidth == width && maxSide == format.maxSide)
        } catch {
            Issue.record("\(error)")
        }
    }
}

/// Settings a caller can get wrong without a word (a Swift developer's review, issue #44).
@Suite("AssembleJob: settings said, not dropped")
struct AssembleSettingsSaidTests {
    /// `encoder.repeatCount = 3` was dropped without a word: the job sets every encoder's repeat
    /// count from its own `repeatCount` (or the source's).
    @Test(arguments: AssembleJob.Format.allCases)
    func anEncodersOwnRepeatCountIsSaidUnused(format: AssembleJob.Format) throws {
        var job = AssembleJob(files: try AssemblePlanFrameTests.coins())
        job.format = format
        job.encoder.repeatCount = 3
        job.webp.repeatCount = 3
        let plan = try job.plan(cancellation: nil)
        #expect(plan.warnings.contains { $0.contains("AssembleJob.encoder.repeatCount = 3, AssembleJob.webp.repeatCount = 3 are not used") }, "\(plan.warnings)")
        var plain = AssembleJob(files: try AssemblePlanFrameTests.coins())
        plain.format = format
        plain.repeatCount = 3
        #expect(try plain.plan(cancellation: nil).warnings.isEmpty)
    }

    /// A duration of NaN or ∞ was refused with a bound of "at most 7.968993439842526e+23 s" (the
    /// longest play of `Int.max` frames, before they are counted).
    @Test(arguments: [Double.nan, .infinity, -1])
    func aDurationOutOfRangeBeforeTheFramesAreCountedNamesNoNumber(duration: Double) throws {
        var job = AssembleJob(files: try AssemblePlanFrameTests.coins())
        job.timing = Animation.Timing(duration: duration)
        do {
            _ = try job.plan(cancellation: nil)
            Issue.record("planned")
        } catch .setting(let error) {
            #expect(error.setting == .duration && error.description.contains("positive and finite") && !error.description.contains("e+"), "\(error)")
        } catch {
            Issue.record("\(error)")
        }
    }
}
