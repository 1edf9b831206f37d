import APNG
import Basics
import Dispatch
import Foundation
import Raster

extension Validator {
    /// A lone GIF, APNG or WebP named `file`, read by `load` as `AssembleJob` reads it (every frame
    /// decoded, within the decoder's pixel limit): a report of one sequence whose findings are
    /// what the decoder read past (``AnimationLenientReadRule``), or the reader's error.
    func validate(animation file: String, reporter: JobProgress.Reporter, done: Int, total: Int, cancellation: CancellationFlag?,
                          load: () throws(Animation.LoadError) -> Animation) throws(Validator.Error) -> ValidationReport {
        if cancellation?.isCancelled == true { throw .cancelled }
        let animation: Animation
        do { animation = try load() } catch .cancelled { throw .cancelled } catch { throw .animation(error) }
        reporter.report(.reading, done: done + 1, total: total)
        var size: (width: Int, height: Int)?
        switch animation.frames.first {
        case .bitmap(let first)?: size = (first.width, first.height)
        case .streamed(let stream, _)?: size = (stream.width, stream.height)
        default: break
        }
        // Its name's scale, as every reader takes it (`coin@3x.gif` was reported @1x).
        let summary = SequenceSummary(animation: file, frameCount: animation.frames.count, scale: animation.scale, size: size)
        var subject = SequenceFacts(sequence: FrameSequence(directory: summary.directory, prefix: summary.prefix, frames: []), files: [])
        subject.animation = (file, animation.readWarnings)
        return ValidationReport(sequences: [summary], findings: findings([subject]), fileCount: 1, deep: deep)
    }
}
