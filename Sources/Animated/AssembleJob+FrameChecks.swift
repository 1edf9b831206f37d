import Basics
import Raster

extension AssembleJob {
    /// Reads the header of every frame file `play` shows (nothing decoded) and refuses, when the job
    /// is planned, what its encode would refuse only after decoding the frames before it: a frame
    /// that is no PNG or is empty, one over `limits.maxPixels` at the animation's `scale`
    /// (``AssembleError/frame(_:)``, as the encode says them), one of another size than the first
    /// (``AssembleError/frameSize(file:width:height:first:expectedWidth:expectedHeight:)``), and
    /// frames larger than `format` holds (``AssembleError/formatSize(format:width:height:maxSide:)``).
    /// Frames that are bitmaps are measured as they are; an animated source's frames share its canvas.
    static func checkFrames(of play: Animation.Playback, scale: Int, format: Format, limits: ResourceLimits,
                            cancellation: CancellationFlag?) throws(AssembleError) {
        let decoder = PNG.Decoder(maxPixels: limits.maxPixels)
        var first: (name: String, width: Int, height: Int)?
        var measured = Set<String>()
        for (index, frame) in play.frames.enumerated() {
            if index % 64 == 0, cancellation?.isCancelled == true { throw .cancelled }
            let name: String, header: PNG.Header
            switch frame {
            case .file(let path):
                // A frame shown again (a ping-pong, a highlighted play) was measured the first time.
                guard measured.insert(path).inserted else { continue }
                name = path
                do { header = try decoder.readHeader(file: path) } catch { throw .frame(error) }
            case .memory(let file):
                name = file.name
                do { header = try decoder.readHeader(file.bytes, file: file.name) } catch { throw .frame(error) }
            case .bitmap(let bitmap):
                try check(name: "frame \(index + 1)", width: bitmap.width, height: bitmap.height, against: &first, format: format)
                continue
            case .streamed:
                continue
            }
            // Drawn at the animation's scale, as the encode loads it (`FrameSource.load(scale:)`).
            let from = frame.fileScale ?? scale
            let (wide, wideOverflow) = header.width.multipliedReportingOverflow(by: scale)
            let (tall, tallOverflow) = header.height.multipliedReportingOverflow(by: scale)
            let width = wideOverflow || from < 1 ? Int.max : max(1, wide / from), height = tallOverflow || from < 1 ? Int.max : max(1, tall / from)
            let (pixels, overflow) = width.multipliedReportingOverflow(by: height)
            guard !overflow, pixels <= limits.maxPixels else {
                // Named with its folder, as `sheet` and `validate` name it (`huge/f2.png`).
                throw .frame(.tooLarge(file: name, width: width, height: height, maxPixels: limits.maxPixels))
            }
            // A file of another scale is named with its own size (round 64b #1: "spin1@2x.png is 120×120" of an 80×80 file,
            // resampled for @3x, sent the user to the wrong file when the odd one was the @3x file).
            // Named with its folder, as given (round 65b #6: `gold_3.png` of `m2/a` or of `m2/b`?).
            try check(name: from == scale ? name : "\(name) (\(header.width)×\(header.height) px at @\(from)x, resampled to @\(scale)x)",
                      width: width, height: height, against: &first, format: format)
        }
    }

    /// Refuses a frame `width × height` of another size than `first` (set by the first frame) or
    /// larger than `format` holds.
    private static func check(name: String, width: Int, height: Int, against first: inout (name: String, width: Int, height: Int)?,
                              format: Format) throws(AssembleError) {
        guard let expected = first else {
            guard width <= format.maxSide, height <= format.maxSide else {
                throw .formatSize(format: format, width: width, height: height, maxSide: format.maxSide)
            }
            first = (name, width, height)
            return
        }
        guard width == expected.width, height == expected.height else {
            throw .frameSize(file: name, width: width, height: height, first: expected.name, expectedWidth: expected.width, expectedHeight: expected.height)
        }
    }
}
