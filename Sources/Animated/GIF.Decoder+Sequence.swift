import GIF

extension GIF.Decoder {
    /// Writes every frame still to read, fully composited (disposal and transparency applied), as
    /// the numbered PNGs of `writer`, then a `sequence.json` with each frame's duration and the
    /// GIF's loop count (so assembling the folder rebuilds the same animation), and commits them as
    /// one set. Delays of 0–1 cs are recorded as the 10 cs browsers play them (a duration of 0
    /// would be no frame at all). Frames are decoded one at a time. Returns the manifest and the
    /// paths written. A GIF of no frame is an error (nothing is written).
    public func writeFrames(to writer: SequenceWriter) throws -> (manifest: SequenceManifest, paths: [String]) {
        var durations: [Double] = []
        while let frame = try nextFrame() {
            try writer.write(frame.image, number: durations.count + 1)
            durations.append(Double(frame.playedDelay) * 10)
        }
        guard !durations.isEmpty else { throw GIF.DecodeError.corrupt(file: file, reason: "holds no frame") }
        let manifest = SequenceManifest(name: writer.prefix, repeatCount: repeatCount, frameDurations: durations)
        return (manifest, try writer.commit(manifest: manifest))
    }
}
