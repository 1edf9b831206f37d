import Animated
import APNG
import Basics
import Foundation
import Raster
import GIF
import Testing
import TestSupport
import WebP

/// Issue 44: `AssembleJob` left a GIF setting given for an APNG or a WebP (colours, dithering,
/// alpha, the edge matte) unused without a word, and a WebP or APNG setting given for another
/// format the same; and its `Outcome.settings` was a GIF encoder whatever it wrote. Now a setting
/// changed from its default that the format written does not use is a warning naming it, and the
/// outcome carries the settings of the format written. Frames: the Kenney gold coin (4 of 64×64).
@Suite("AssembleJob: settings the format does not use")
struct AssembleJobSettingsTests {
    static let coin = Fixtures.path("sequences/kenney-gold-coin")

    /// (format, job, the warnings' start and the settings each names)
    static let cases: [(AssembleJob.Format, @Sendable (inout AssembleJob) -> Void, [String])] = [
        (.apng, { $0.encoder = GIF.Encoder(quality: .fast, colors: 64, dithering: .floydSteinberg, edgeMatte: Color(r: 0, g: 0, b: 0, a: 255)) },
         ["AssembleJob.encoder.quality = .fast, AssembleJob.encoder.colors = 64, AssembleJob.encoder.dithering = .floydSteinberg, "
          + "AssembleJob.encoder.edgeMatte = #000000 are settings of GIF only, not used for the APNG written"]),
        (.webp, { $0.encoder.alpha = .threshold; $0.apng.compatibility = .specification },
         ["AssembleJob.encoder.alpha = .threshold is a setting of GIF only, not used for the WebP written",
          "AssembleJob.apng.compatibility = .specification is a setting of APNG only, not used for the WebP written"]),
        (.gif, { $0.webp.lossless = false; $0.webp.quality = 50; $0.apng.effort = .max },
         ["AssembleJob.apng.effort = .max is a setting of APNG only, not used for the GIF written",
          "AssembleJob.webp.lossless = false, AssembleJob.webp.quality = 50.0 are settings of WebP only, not used for the GIF written"]),
    ]

    @Test(arguments: cases)
    func aSettingTheFormatDoesNotUseIsAWarning(format: AssembleJob.Format, change: @Sendable (inout AssembleJob) -> Void,
                                               warnings: [String]) throws {
        var job = AssembleJob(sources: [Self.coin], output: nil)
        job.format = format
        change(&job)
        let outcome = try job.run(cancellation: nil)
        #expect(outcome.warnings.count == warnings.count, "\(outcome.warnings)")
        for (found, expected) in zip(outcome.warnings, warnings) { #expect(found.hasPrefix(expected), "\(found)") }
        #expect(outcome.settings.format == format)
        // The default job: no warning.
        var plain = AssembleJob(sources: [Self.coin], output: nil)
        plain.format = format
        #expect(try plain.plan(cancellation: nil).warnings.isEmpty)
    }

    /// The outcome carries the settings of the format written: the WebP's lossy quality (it was
    /// the GIF encoder's settings for every format), the APNG's effort, the GIF's colours.
    @Test func theOutcomeReportsTheSettingsOfTheFormatWritten() throws {
        var webp = AssembleJob(sources: [Self.coin], output: nil)
        webp.format = .webp
        (webp.webp.lossless, webp.webp.quality) = (false, 60)
        let lossy = try webp.run(cancellation: nil).settings
        #expect(lossy.webp?.lossless == false && lossy.webp?.quality == 60 && lossy.gif == nil && lossy.apng == nil)

        var apng = AssembleJob(sources: [Self.coin], output: nil)
        apng.format = .apng
        apng.apng.effort = .fast
        let fast = try apng.run(cancellation: nil).settings
        #expect(fast.apng?.effort == .fast && fast.gif == nil && fast.webp == nil)

        let gif = try AssembleJob(sources: [Self.coin], output: nil, encoder: GIF.Encoder(colors: 32)).run(cancellation: nil).settings
        #expect(gif.gif?.colors == 32 && gif.format == .gif)
    }
}
