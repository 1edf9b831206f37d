import Basics
import Raster

extension AnimationDecoder {
    /// Writes every frame still to read (a GIF's, an APNG's or a WebP's), fully composited, as the
    /// numbered PNGs of `writer`, then a `sequence.json` with each frame's duration in milliseconds
    /// and the file's loop count (so assembling the folder rebuilds the same animation), and commits
    /// them as one set. A frame stored as 10 ms or less is recorded as the 100 ms browsers play it
    /// for (`AnimationFrame.playedDuration`; a duration of 0 would be no frame at all). Frames are
    /// decoded and written one at a time. Returns the manifest and the paths written. A file of no
    /// frame is an error (nothing is written); what the decoder read past is in its `warnings`.
    /// `progress`, when given, receives (frames written, frames the file holds) after each frame; a
    /// raised `cancellation` stops before the next frame with `SequenceWriter.Error.cancelled`,
    /// nothing committed. A frame that cannot be decoded is `SequenceWriter.Error.decode`, the
    /// writer's refusals its other cases.
    public func writeFrames(to writer: SequenceWriter, cancellation: CancellationFlag? = nil,
                            progress: ((Int, Int) -> Void)? = nil) throws(SequenceWriter.Error) -> (manifest: SequenceManifest, paths: [String]) {
        var durations: [Double] = []
        while true {
            let next: AnimationFrame?
            do { next = try nextFrame() } catch { throw .decode(error) }
            guard var frame = next else { break }
            if cancellation?.isCancelled == true { throw .cancelled }
            frame.image.scale = writer.scale
            try writer.write(frame.image, number: durations.count + 1)
            durations.append((frame.playedDuration * 1000).rounded())
            progress?(durations.count, max(durations.count, info.frameCount))
        }
        guard !durations.isEmpty else { throw .decode(.noFrames(file: file, format: Self.format)) }
        let manifest = SequenceManifest(name: writer.prefix, repeatCount: info.repeatCount, frameDurations: durations)
        return (manifest, try writer.commit(manifest: manifest))
    }
}
