import Animated
import APNG
import Basics
import Compose
import Foundation
import Raster

/// `blur`, `slice` and `resize` of a whole sequence: the input is a folder, a prefix, a GIF, APNG
/// or WebP (not one still PNG), and ``FrameOperationJob`` does the work; this parses nothing and
/// only prints what was written.
enum SequenceOperation {
    /// Whether `input` is a sequence rather than one PNG: a folder, a `.gif`, `.webp` or `.apng`,
    /// a `.png` that is an APNG, or a name without an extension that is no file (a prefix such as
    /// `Sequences/fire` for `fire1.png …`).
    static func isSequence(_ input: String) -> Bool {
        var isFolder: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: input, isDirectory: &isFolder)
        if exists && isFolder.boolValue { return true }
        let ext = OutputName.pathExtension(input)
        if ["gif", "webp", "apng"].contains(ext) { return true }
        if !exists { return ext.isEmpty && input != OutputName.standardOutput }
        return ext == "png" && APNG.Decoder.isAnimated(file: input)
    }

    /// Runs `operation` over the sequence `input` into `output` and prints what was written (one
    /// line, or `--json`), with progress on a terminal.
    static func run(_ operation: FrameOperation, input: String, output: String, overwrite: Bool, json: Bool, limits: ResourceLimits,
                    threads: Int? = nil, onDuplicateNumber: FrameSequence.DuplicateNumberPolicy = .error) throws {
        guard output != OutputName.standardOutput else {
            throw UsageError("-o - writes one PNG to standard output; a sequence is written to a folder (no extension) or to an "
                             + "animated NAME.gif, NAME.png (APNG) or NAME.webp")
        }
        var job = FrameOperationJob(sources: [input], output: output, operation: operation, overwrite: overwrite, limits: limits,
                                    threads: threads)
        job.onDuplicateNumber = onDuplicateNumber
        let progress = Progress.forTerminal(label: operation.name)
        defer { progress?.finish() }
        let outcome: FrameOperationJob.Outcome
        do { outcome = try job.run(progress: progress?.update, cancellation: nil) } catch {
            // The flag's sentence, as for one PNG (`resize one.png --scale 0.001`).
            guard case .noPixels(_, let width, let height, let scale) = error else { throw error }
            let flag = if case .scale = operation { "--scale" } else { "--size" }
            throw ImageCommand.noPixels(flag, rounded: "\(width)×\(height)", scale: scale, given: flag)
        }
        progress?.finish()
        for warning in outcome.warnings + outcome.otherScales.flatMap(\.warnings) { Console.error("warning: \(warning)") }
        // An animation's frames are the ones the file holds: merged frames are said as `assemble` says them.
        let report = outcome.report
        let merged = report.map { $0.mergeNotes(invisible: $0.framesMergedInvisible.map { "frame \($0 + 1)" }) } ?? []
        let notes = outcome.notes + merged
        // The source's other scales, each written beside the first with its @Nx suffix.
        let others = outcome.otherScales.map { other in
            OtherScale(output: other.files.count == 1 ? other.files[0] : output, frames: other.frames, width: other.width, height: other.height,
                       scale: other.scale, files: other.files, warnings: other.warnings)
        }
        if json {
            try Console.printJSON(Written(output: output, format: outcome.format.rawValue, frames: outcome.frames, width: outcome.width,
                                          height: outcome.height, scale: outcome.scale,
                                          durationSeconds: (outcome.duration * 1000).rounded() / 1000,
                                          files: outcome.files, warnings: outcome.warnings + others.flatMap(\.warnings), notes: notes,
                                          otherScales: others))
        } else {
            let first = outcome.files.count - others.reduce(0) { $0 + $1.files.count }
            let name = outcome.otherScales.isEmpty || outcome.format == .folder ? output : outcome.files.first ?? output
            Console.line("\(name): \(Console.count(outcome.frames, "frame")) of \(outcome.width)×\(outcome.height) px @\(outcome.scale)x, "
                  + "\(outcome.format) (\(Console.count(first, "file")))" + merged.map { "\nnote: " + $0 }.joined())
            for other in others {
                Console.line("\(other.output): \(Console.count(other.frames, "frame")) of \(other.width)×\(other.height) px @\(other.scale)x, "
                      + "\(outcome.format) (\(Console.count(other.files.count, "file")))")
            }
        }
        // Notes once the output is written, on standard error, as `assemble` prints them.
        for note in outcome.notes { Console.error("note: \(note)") }
    }

    /// `--json` output of a sequence's blur, slice or resize.
    private struct Written: Encodable {
        var output: String
        var format: String
        var frames: Int
        var width: Int
        var height: Int
        var scale: Int
        /// One play, to the millisecond.
        var durationSeconds: Double
        var files: [String]
        var warnings: [String]
        /// What `assemble` would note of the animation written (frames merged); empty for a folder.
        var notes: [String]
        /// The source's other scales, each written beside the first (`@2x` frames in the folder, `NAME@2x.gif`).
        var otherScales: [OtherScale]
    }

    /// `--json` output of one other scale of the source.
    private struct OtherScale: Encodable {
        var output: String
        var frames: Int
        var width: Int
        var height: Int
        var scale: Int
        var files: [String]
        var warnings: [String]
    }
}
