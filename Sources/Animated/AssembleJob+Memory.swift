import Basics
import Raster

extension AssembleJob {
    /// Whole canvases (width × height × 4 bytes) an encoder holds at its peak beside the frames the
    /// plan holds: the frames it decodes ahead and its own working copies (GIF: flattened frames,
    /// the refiner's and the differ's screens; APNG: the placed frame and its candidates; WebP:
    /// libwebp's canvases and sub-frame candidates, in each of the encoders run side by side).
    /// Measured as peak resident memory less the frames held, on a GIF of three frames on an
    /// 8000² screen (`flipbook assemble`, release build): GIF 4.7, APNG 3.1, WebP 8.1; rounded up.
    package static func workingCanvases(_ format: Format) -> Int {
        switch format {
        case .gif: 5
        case .apng: 4
        case .webp: 9
        }
    }

    /// `load` run with `format`'s ``workingCanvases(_:)`` counted beside the frames an animated
    /// source declares (`Animation.encoderCanvases`): a file whose frames and the encoder's canvases
    /// would be over `maxDecodedBytes` is refused from its header, before a frame is decoded.
    static func reading(for format: Format, _ load: () throws(Animation.LoadError) -> Animation) throws(Animation.LoadError) -> Animation {
        let result = Animation.$encoderCanvases.withValue((workingCanvases(format), format.description)) { () -> Result<Animation, Animation.LoadError> in
            do throws(Animation.LoadError) { return .success(try load()) } catch { return .failure(error) }
        }
        return try result.get()
    }

    /// Checks the frames `animation` holds decoded (an animated source's, or bitmaps given)
    /// together with what `format`'s encoder holds beside them (``workingCanvases(_:)``) against
    /// `limits.maxDecodedBytes`, before anything is encoded: a GIF of 89 bytes whose three frames
    /// fill an 8000² screen held 0.8 GB decoded and took 2.8 GB to write as WebP. Frames read from
    /// files are decoded a few at a time and are not counted here.
    /// - Throws: `LimitError` for `decodedBytes`, naming `subject`, the frames and the canvas.
    static func checkMemory(of animation: Animation, format: Format, limits: ResourceLimits, subject: String) throws(LimitError) {
        var held = 0, frames = 0
        var canvas: (width: Int, height: Int)?
        for case .bitmap(let bitmap) in animation.frames {
            let (bytes, overflow) = bitmap.width.multipliedReportingOverflow(by: bitmap.height * 4)
            guard !overflow else { continue }
            held = held.addingReportingOverflow(bytes).overflow ? .max : held + bytes
            frames += 1
            if canvas == nil || bytes > canvas!.width * canvas!.height * 4 { canvas = (bitmap.width, bitmap.height) }
        }
        guard let canvas else { return }
        let working = (canvas.width * canvas.height * 4).multipliedReportingOverflow(by: workingCanvases(format))
        let (total, overflow) = held.addingReportingOverflow(working.partialValue)
        guard overflow || working.overflow || total > limits.maxDecodedBytes else { return }
        throw LimitError(limit: .decodedBytes, subject: subject, amount: overflow || working.overflow ? nil : total,
                         maximum: limits.maxDecodedBytes,
                         detail: "\(frames) frame\(frames == 1 ? "" : "s") of \(canvas.width)×\(canvas.height), "
                             + "and the \(format) encoder's \(workingCanvases(format)) working canvases")
    }

    /// Checks the frames `play` writes, each the size of its first PNG frame file (read from the
    /// header: nothing decoded), against `limits.maxOutputPixels`, as an animated source's declared
    /// frames are checked when it is read: `--max-output-pixels` bounded a GIF of the frames but not
    /// the frames themselves. Frames that are no files (an animated source's, bitmaps) are checked
    /// where they are read.
    /// - Throws: `LimitError` for `outputPixels`, naming `subject`; a first frame whose header does
    ///   not read is left to the encode, which names it.
    static func checkOutputPixels(of play: Animation.Playback, limits: ResourceLimits, subject: String) throws(LimitError) {
        let header: PNG.Header?
        switch play.frames.first {
        case .file(let path)?: header = try? PNG.Decoder(maxPixels: .max).readHeader(file: path)
        case .memory(let file)?: header = try? PNG.Decoder(maxPixels: .max).readHeader(file.bytes, file: file.name)
        default: header = nil
        }
        guard let header else { return }
        try limits.checkOutput(play.frames.count, "frames", width: header.width, height: header.height, of: subject)
    }
}
