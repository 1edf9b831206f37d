import Basics
import Raster

extension AnimationDecoder {
    /// Writes every frame still to read (a GIF's, an APNG's or a WebP's), fully composited, as the
    /// numbered PNGs of `writer`, then a `sequence.json` with each frame's duration in milliseconds
    /// and the file's loop count (so assembling the folder rebuilds the same animation), and commits
    /// them as one set (a decoder whose frames were all read already is
    /// `SequenceWriter.Error.framesAlreadyRead`). A frame stored as 10 ms or less is recorded as the 100 ms browsers play it
    /// for (`AnimationFrame.playedDuration`; a duration of 0 would be no frame at all). Frames are
    /// decoded and written one at a time. Returns the manifest and the paths written. A file of no
    /// frame is an error (nothing is written); what the decoder read past is in its `warnings`.
    /// `progress`, when given, receives (frames written, frames the file holds) after each frame; a
    /// raised `cancellation` stops before the next frame with `SequenceWriter.Error.cancelled`,
    /// nothing committed. A frame that cannot be decoded is `SequenceWriter.Error.decode`, the
    /// writer's refusals its other cases.
    public func writeFrames(to writer: SequenceWriter, cancellation: CancellationFlag? = nil,
                            progress: ((Int, Int) -> Void)? = nil) throws(SequenceWriter.Error) -> (manifest: SequenceManifest, paths: [String]) {
        let manifest = try eachFrame(scale: writer.scale, prefix: writer.prefix, cancellation: cancellation, progress: progress) {
            (image, number) throws(SequenceWriter.Error) in try writer.write(image, number: number)
        }
        return (manifest, try writer.commit(manifest: manifest))
    }

    /// Every frame still to read, fully composited, as in-memory PNG files named as
    /// ``writeFrames(to:cancellation:progress:)`` names them on disk (`prefix` — already numbering-safe,
    /// `SequenceWriter.prefix` — then the number and `@Nx` at `scale`), and the `sequence.json` last;
    /// the same rules, errors, progress and cancellation, nothing written to disk. A `scale` outside
    /// ``Animation/scaleRange`` (1…3) is `SequenceWriter.Error.setting`, as the writer refuses it.
    public func encodedFrames(prefix: String, scale: Int = 1, cancellation: CancellationFlag? = nil,
                              progress: ((Int, Int) -> Void)? = nil) throws(SequenceWriter.Error) -> (manifest: SequenceManifest, files: [InMemoryFile]) {
        if let error = ImageFileName.scaleError(scale, of: "AnimationDecoder.encodedFrames") { throw .setting(error) }
        var files: [InMemoryFile] = []
        let encoder = PNG.Encoder(colorMode: .eightBit)
        let manifest = try eachFrame(scale: scale, prefix: prefix, cancellation: cancellation, progress: progress) {
            (image, number) throws(SequenceWriter.Error) in
            let name = SequenceWriter.fileName(prefix: prefix, number: number, scale: scale)
            do throws(PNG.EncodeError) { files.append(InMemoryFile(name: name, bytes: try encoder.encode(image))) } catch { throw .encode(error) }
        }
        files = try SequenceWriter.uniformColorType(files)
        do throws(SequenceManifest.Error) {
            files.append(InMemoryFile(name: SequenceManifest.fileName, bytes: try manifest.encoded(file: SequenceManifest.fileName)))
        } catch { throw .manifest(error) }
        return (manifest, files)
    }

    /// Reads every frame still to read, hands each (at `scale`, numbered from 1) to `body`, and
    /// returns the manifest of their played durations in whole milliseconds on the cumulative timeline.
    private func eachFrame(scale: Int, prefix: String, cancellation: CancellationFlag?, progress: ((Int, Int) -> Void)?,
                           _ body: (Bitmap, Int) throws(SequenceWriter.Error) -> Void) throws(SequenceWriter.Error) -> SequenceManifest {
        var seconds: [Double] = []
        while true {
            let next: AnimationFrame?
            do { next = try nextFrame() } catch { throw .decode(error) }
            guard var frame = next else { break }
            if cancellation?.isCancelled == true { throw .cancelled }
            frame.image.scale = scale
            try body(frame.image, seconds.count + 1)
            seconds.append(frame.playedDuration)
            progress?(seconds.count, max(seconds.count, info.frameCount))
        }
        // A decoder refuses a file of no frame when it reads the first one (`noFrames`): a first
        // `nil` means this decoder's frames were already handed out.
        guard !seconds.isEmpty else { throw .framesAlreadyRead(file: file) }
        // Whole milliseconds on the cumulative timeline, as the encoders write them: an APNG's
        // 1/12 s frames are 83, 83, 84… ms and 120 of them last 10 s (each rounded alone, 9.96 s).
        // Every played duration is over 10 ms, so with a minimum of 1 ms no frame is merged.
        let durations = DelayTimeline(durations: seconds, minimumDelay: 1).delays.map(Double.init)
        return SequenceManifest(name: prefix, repeatCount: info.repeatCount, frameDurations: durations)
    }
}
