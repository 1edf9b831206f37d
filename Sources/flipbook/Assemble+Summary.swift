import Animated
import APNG
import Basics
import GIF
import Raster
import WebP

/// What `assemble` says it wrote: a line of text (and notes on merged frames), or `--json`.
extension Assemble {
    /// The summary of what was written, in the output format's words.
    func describe(_ report: AssembleJob.Report, settings: GIF.Encoder, fits: Bool, repeatCount: Int, warnings: [String]) -> String {
        switch report {
        case .gif(let gif): describe(gif, settings: settings, fits: fits, warnings: warnings)
        case .apng(let apng):
            describe(report, format: .apng, mergedForTiming: apng.framesMergedForTiming, colorType: apng.colorType, lossless: nil, quality: nil,
                     fits: true, repeatCount: repeatCount, warnings: warnings)
        case .webp(let webp):
            describe(report, format: .webp, mergedForTiming: webp.framesMergedForTiming, colorType: nil, lossless: webp.lossless, quality: webp.quality,
                     fits: fits, repeatCount: repeatCount, warnings: warnings)
        }
    }

    /// An APNG's or a WebP's summary: one line (and notes on merged frames), or JSON.
    func describe(_ report: AssembleJob.Report, format: AssembleJob.Format, mergedForTiming: Int, colorType: String?, lossless: Bool?,
                          quality: Double?, fits: Bool, repeatCount: Int, warnings: [String]) -> String {
        let seconds = (report.duration * 1000).rounded() / 1000
        if json {
            struct Output: Encodable {
                var output: String, format: String, bytes: Int, width: Int, height: Int, frames: Int
                var framesMergedForTiming: Int, framesMergedIdentical: Int, framesMergedNearIdentical: Int, nearIdenticalMaxDifference: Int
                var duration: Double, repeatCount: Int
                var colorType: String?, lossless: Bool?, quality: Double?, fitsMaxBytes: Bool?
                /// What reading the sources read past (a GIF cut short…), as on standard error.
                var warnings: [String]
            }
            return (try? Console.jsonString(Output(output: output, format: format.rawValue, bytes: report.bytes, width: report.width,
                                                   height: report.height, frames: report.framesWritten, framesMergedForTiming: mergedForTiming,
                                                   framesMergedIdentical: report.framesMergedIdentical,
                                                   framesMergedNearIdentical: report.framesMergedNearIdentical,
                                                   nearIdenticalMaxDifference: report.nearIdenticalMaxDifference, duration: seconds,
                                                   repeatCount: repeatCount, colorType: colorType, lossless: lossless, quality: quality,
                                                   fitsMaxBytes: maxBytes == nil ? nil : fits, warnings: warnings))) ?? "{}"
        }
        var line = "\(output): \(format) \(report.width)×\(report.height), \(Console.count(report.framesWritten, "frame")), "
            + "\(seconds) s, \(report.bytes) bytes, \(colorType ?? quality.map { "lossy, quality \(Int($0))" } ?? "lossless")"
        line += repeatCount == 0 ? ", loops forever" : ", plays \(repeatCount)×"
        if mergedForTiming > 0 { line += "\nnote: \(Console.count(mergedForTiming, "frame")) merged: browsers play frames of 10 ms or less as 100 ms" }
        line += Self.mergeNotes(identical: report.framesMergedIdentical, nearIdentical: report.framesMergedNearIdentical,
                                maxDifference: report.nearIdenticalMaxDifference)
        return line
    }

    /// The notes on frames merged into the frame before: exact repeats are identical; frames that
    /// differ are near-identical, with how far apart they are.
    static func mergeNotes(identical: Int, nearIdentical: Int, maxDifference: Int) -> String {
        var notes = ""
        if identical > 0 { notes += "\nnote: \(Console.count(identical, "identical frame")) merged into the frame before" }
        if nearIdentical > 0 {
            notes += "\nnote: \(Console.count(nearIdentical, "near-identical frame")), at most \(Console.count(maxDifference, "level")) apart, "
                + "merged into the frame before: in the GIF's colours they draw nothing new"
        }
        return notes
    }

    func describe(_ report: GIF.Encoder.Report, settings: GIF.Encoder, fits: Bool, warnings: [String]) -> String {
        if json {
            struct Output: Encodable {
                var output: String, format = "gif", bytes: Int, width: Int, height: Int, frames: Int
                var framesMergedForTiming: Int, framesMergedIdentical: Int, framesMergedNearIdentical: Int, nearIdenticalMaxDifference: Int
                var totalCentiseconds: Int, repeatCount: Int, colors: Int, localPalettes: Int, dither: String, quality: String
                var fitsMaxBytes: Bool
                /// What reading the sources read past (a GIF cut short…), as on standard error.
                var warnings: [String]
            }
            let output = Output(output: self.output, bytes: report.bytes, width: report.width, height: report.height,
                                frames: report.framesWritten, framesMergedForTiming: report.framesMergedForTiming,
                                framesMergedIdentical: report.framesMergedIdentical, framesMergedNearIdentical: report.framesMergedNearIdentical,
                                nearIdenticalMaxDifference: report.nearIdenticalMaxDifference, totalCentiseconds: report.totalCentiseconds,
                                repeatCount: settings.repeatCount, colors: settings.colors, localPalettes: report.localPalettes,
                                dither: settings.dithering.rawValue,
                                quality: settings.quality.rawValue, fitsMaxBytes: fits, warnings: warnings)
            return (try? Console.jsonString(output)) ?? "{}"
        }
        var line = "\(output): \(report.width)×\(report.height), \(Console.count(report.framesWritten, "frame")), "
            + "\(Double(report.totalCentiseconds) / 100) s, \(report.bytes) bytes"
        line += settings.repeatCount == 0 ? ", loops forever" : ", plays \(settings.repeatCount)×"
        if report.framesMergedForTiming > 0 {
            line += "\nnote: \(Console.count(report.framesMergedForTiming, "frame")) merged: GIF delays are whole centiseconds, at least 2"
        }
        line += Self.mergeNotes(identical: report.framesMergedIdentical, nearIdentical: report.framesMergedNearIdentical,
                                maxDifference: report.nearIdenticalMaxDifference)
        return line
    }
}
