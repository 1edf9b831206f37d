import Animated
import Basics
import Foundation
import GIF
import Raster

extension FrameOperationJob {
    /// Reads, changes and writes the frames of one scale's plan to its ``Plan/output``: committed
    /// now, or added to `batch` (Basics' `OutputBatch`) to be committed with the other scales.
    func write(_ plan: Plan, batch: OutputBatch? = nil, scales: Set<Int> = [], progress counter: (@Sendable (Int, Int) -> Void)?,
               cancellation: CancellationFlag?) throws(FrameOperationError) -> Outcome {
        let animation = plan.animation, operation = operation, limits = limits, output = plan.output
        // The one GIF, APNG or WebP (or upload) the frames come from, named with a frame that has no file.
        let container = sources.count == 1 ? sources[0] : sources.isEmpty && files.count == 1 ? files[0].name : nil
        let frames = animation.frames
        let perFrame = animation.frameDurations
            ?? Array(repeating: (animation.duration ?? Double(frames.count) / 30) / Double(frames.count), count: frames.count)
        // A folder keeps the files' order and says the direction in its manifest; an animation
        // plays its steps (reverse, ping-pong) as `assemble` writes them, each as long as the
        // playback gives it (a duration or fps is one play of all the steps, not of the files).
        let order = plan.format == .folder ? Array(frames.indices) : animation.steps()
        let durations = plan.format == .folder ? perFrame : animation.checkedStepDurations()
        // One play, whatever is written: a folder's files once each, but its manifest plays a
        // ping-pong's 26 steps from 14 files (`durationSeconds` said the files' sum).
        let playLength = animation.checkedStepDurations().reduce(0, +)
        // A GIF's first and middle frames, as made, for `assemble`'s note on semi-transparent pixels.
        let sampled = plan.format == .gif ? Set([0, order.count / 2]) : []
        let samples = SampledFrames()
        let scale = animation.scale
        var writer = FrameWriter(output: output ?? "", format: Self.writerFormat(plan.format), prefix: plan.prefix, count: order.count,
                                 fps: Double(order.count) / max(durations.reduce(0, +), 1e-9), scale: scale,
                                 repeatCount: animation.repeatCount, inputs: plan.inputs, overwrite: overwrite, cancellation: cancellation) { index in
            let source = frames[order[index]]
            // A frame of a GIF, APNG or WebP has no file of its own: named with the file it is in.
            let name: String
            if case .streamed(let stream, let frame) = source { name = "frame \(frame + 1) of \(stream.file)" } else {
                name = source.fileName ?? ("frame \(order[index] + 1)" + (container.map { " of \($0)" } ?? ""))
            }
            var bitmap = try operation.apply(to: try Self.load(source, scale: scale, limits: limits), file: name, limits: limits)
            bitmap.scale = scale
            if sampled.contains(index) { samples.keep(bitmap, at: index) }
            return bitmap
        }
        writer.durations = durations
        writer.manifest = Self.manifest(animation, prefix: plan.prefix)
        writer.batch = batch
        writer.scalesWrittenTogether = scales
        return try ThreadBudget.withLimit(threads) { () throws(FrameOperationError) in
            do {
                let (files, bytes, _, report, _) = try writer.produced(inMemory: output == nil, progress: counter)
                if cancellation?.isCancelled == true { throw FrameOperationError.cancelled }
                // An animation file's name gives its scale to every reader (a folder's frames are named for theirs).
                // A resize by a factor changes the pixel size on purpose (`resize --scale 2 -o spin@2x.gif`): not warned
                // about, as for one image.
                let named = report == nil || operation.isScaleFactor ? nil
                    : output.flatMap { AssembleJob.scaleNameWarning(output: $0, scale: scale, inputs: plan.inputs) }
                // The scale a reader takes the output at: what the summary says.
                let readAt = report == nil ? scale : output.map { ImageFileName(path: $0).scale ?? 1 } ?? scale
                // What `assemble` notes of the same frames in a GIF: its semi-transparent pixels.
                let soft = plan.format == .gif ? AssembleJob.softAlphaNote(share: AssembleJob.softAlphaShare(of: samples.frames), output: output,
                                                                            framePaths: animation.sourceFiles + sources, alpha: GIF.Encoder().alpha) : nil
                return Outcome(files: files, bytes: bytes, format: plan.format, frames: report?.framesWritten ?? order.count, width: plan.width,
                               height: plan.height, scale: readAt, duration: playLength, warnings: plan.warnings + (named.map { [$0] } ?? []),
                               notes: soft.map { [$0] } ?? [], report: report)
            } catch let error as FrameOperationError {
                throw error
            } catch {
                if cancellation?.isCancelled == true { throw .cancelled }
                let rendering = RenderError.from(error, output: output)
                if case .cancelled = rendering { throw .cancelled }
                if case .output(let refused) = rendering { throw .output(refused) }
                if case .limit(let limit) = rendering { throw .limit(limit) }
                throw .writing(rendering)
            }
        }
    }
}
