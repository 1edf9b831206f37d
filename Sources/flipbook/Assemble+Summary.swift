import Animated
import APNG
import Basics
import GIF
import Raster
import WebP

/// What `assemble` says it wrote: a line of text (and notes on merged frames), or `--json`;
/// `render` says the same of the animation it writes.
extension AnimationSummarizing {
    /// The summary of what was written, in the output format's words.
    /// `notes` (the job's, printed on standard error once the output is written) are the JSON's `notes`.
    func describe(_ report: AssembleJob.Report, settings: AssembleJob.Settings, fits: Bool, repeatCount: Int, warnings: [String],
                  notes: [String] = [], invisible: [String] = []) -> String {
        switch report {
        case .gif(let gif): describe(gif, settings: settings.gif ?? GIF.Encoder(), fits: fits, warnings: warnings, notes: notes, invisible: invisible)
        case .apng(let apng):
            describe(report, format: .apng, colorType: apng.colorType, lossless: nil, quality: nil,
                     fits: true, repeatCount: repeatCount, warnings: warnings, notes: notes)
        case .webp(let webp):
            describe(report, format: .webp, colorType: nil, lossless: webp.lossless, quality: webp.quality,
                     fits: fits, repeatCount: repeatCount, warnings: warnings, notes: notes)
        }
    }

    /// An APNG's or a WebP's summary: one line (and notes on merged frames), or JSON.
    func describe(_ report: AssembleJob.Report, format: AssembleJob.Format, colorType: String?, lossless: Bool?,
                          quality: Double?, fits: Bool, repeatCount: Int, warnings: [String], notes: [String] = []) -> String {
        let seconds = (report.duration * 1000).rounded() / 1000
        // What was merged, as `note:` lines after the summary and in the JSON's `notes` alike.
        let merged = report.mergeNotes()
        if json {
            var output = Assemble.JSONReport(output: output, format: format.rawValue, bytes: report.bytes, width: report.width,
                                    height: report.height, frames: report.framesWritten, framesMergedForTiming: report.framesMergedForTiming,
                                    framesMergedIdentical: report.framesMergedIdentical,
                                    framesMergedNearIdentical: report.framesMergedNearIdentical,
                                    nearIdenticalMaxDifference: report.nearIdenticalMaxDifference, durationSeconds: seconds,
                                    repeatCount: repeatCount, colorType: colorType, lossless: lossless, quality: quality,
                                    fitsMaxBytes: maxBytes == nil ? nil : fits, warnings: warnings)
            output.notes = notes + merged
            return (try? Console.jsonString(output)) ?? "{}"
        }
        var line = "\(output): \(format) \(report.width)×\(report.height), \(Console.count(report.framesWritten, "frame")), "
            + "\(seconds) s, \(report.bytes) bytes, \(colorType ?? quality.map { "lossy, quality \(Int($0))" } ?? "lossless")"
        line += repeatCount == 0 ? ", loops forever" : ", plays \(repeatCount)×"
        return line + merged.map { "\nnote: " + $0 }.joined()
    }

    func describe(_ report: GIF.Encoder.Report, settings: GIF.Encoder, fits: Bool, warnings: [String], notes: [String] = [],
                  invisible: [String] = []) -> String {
        // What was merged, as `note:` lines after the summary and in the JSON's `notes` alike.
        let merged = AssembleJob.Report.gif(report).mergeNotes(invisible: invisible)
        if json {
            var output = Assemble.JSONReport(output: self.output, format: "gif", bytes: report.bytes, width: report.width, height: report.height,
                                    frames: report.framesWritten, framesMergedForTiming: report.framesMergedForTiming,
                                    framesMergedIdentical: report.framesMergedIdentical, framesMergedNearIdentical: report.framesMergedNearIdentical,
                                    nearIdenticalMaxDifference: report.nearIdenticalMaxDifference,
                                    durationSeconds: Double(report.totalCentiseconds) / 100, repeatCount: settings.repeatCount,
                                    colors: report.colorsUsed, colorsCap: settings.colors, localPalettes: report.localPalettes,
                                    dither: settings.dithering.rawValue,
                                    qualityPreset: settings.quality.rawValue, fitsMaxBytes: maxBytes == nil ? nil : fits, warnings: warnings)
            // The frames GIF's one bit of alpha erased, counted and said as on standard error.
            output.framesMergedInvisible = report.framesMergedInvisible.count
            output.alpha = settings.alpha.description
            output.notes = notes + merged
            return (try? Console.jsonString(output)) ?? "{}"
        }
        var line = "\(output): \(report.width)×\(report.height), \(Console.count(report.framesWritten, "frame")), "
            + "\(Double(report.totalCentiseconds) / 100) s, \(report.bytes) bytes"
        // With --max-bytes, the colours the search chose (fresh eyes: nothing said which).
        if maxBytes != nil { line += ", at most \(settings.colors) colours a frame (\(settings.quality.rawValue))" }
        line += settings.repeatCount == 0 ? ", loops forever" : ", plays \(settings.repeatCount)×"
        return line + merged.map { "\nnote: " + $0 }.joined()
    }
}

extension Assemble {
    /// `--json` of every format: the fields they share under one name each (seconds as numbers
    /// named `…Seconds`, `quality` a number only), and each format's own, absent for the others.
    struct JSONReport: Encodable {
        var output: String, format: String, bytes: Int, width: Int, height: Int, frames: Int
        var framesMergedForTiming: Int, framesMergedIdentical: Int, framesMergedNearIdentical: Int, nearIdenticalMaxDifference: Int
        var durationSeconds: Double, repeatCount: Int
        /// GIF: the largest colour table written (entries, the transparent one included), the most
        /// colours a frame may draw (`--colors`, or what `--max-bytes` chose), local palettes written,
        /// dithering and quality preset.
        var colors: Int? = nil, colorsCap: Int? = nil, localPalettes: Int? = nil, dither: String? = nil, qualityPreset: String? = nil
        /// GIF: frames whose every pixel GIF's one bit of alpha erases, merged into the frame before.
        var framesMergedInvisible: Int? = nil
        /// GIF: what was done with soft alpha (`dither`, `threshold`, `matte:#RRGGBB`), apart from
        /// `dither`, which is the colours' dithering.
        var alpha: String? = nil
        /// APNG: the colour type written.
        var colorType: String? = nil
        /// WebP: lossless or lossy at `quality` (0–100).
        var lossless: Bool? = nil, quality: Double? = nil
        /// With --max-bytes only.
        var fitsMaxBytes: Bool? = nil
        /// What reading the sources read past (a GIF cut short…), as on standard error.
        var warnings: [String]
        /// What was done that the user did not ask for in so many words (frames left out, the
        /// GIF's dithered alpha), as the `note:` lines on standard error.
        var notes: [String] = []
    }
}
