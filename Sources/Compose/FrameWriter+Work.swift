import Animated
import Basics

extension FrameWriter {
    /// Bytes one frame holds while it is drawn on a FrameGen `Canvas` by a generator and written:
    /// the canvas's colour buffer (16 bytes a pixel), the frame made of it and the coverage and
    /// encoder buffers that go with it (16) — 32 a pixel, as a scene's plain frame
    /// (`LayerRenderer.frameBytes`); measured as peak resident memory over the process's own,
    /// 7.7 canvases of 4 bytes for the seagull at 2000², one frame at a time.
    package static func generatorFrameBytes(width: Int, height: Int) -> Int {
        let bytes = Double(max(0, width)) * Double(max(0, height)) * 32
        return bytes < 9e18 ? Int(bytes) : .max
    }

    /// Whole canvases of the output's size that writing `count` frames as `format` holds beside
    /// the frames being drawn: an animation encoder's working canvases (`AssembleJob`'s, as
    /// `assemble` counts them), or every frame for a sheet, which holds them all on its pages.
    static func heldCanvases(_ format: Format, count: Int) -> (count: Int, what: String) {
        switch format {
        case .gif: (AssembleJob.workingCanvases(.gif), "the GIF encoder's \(AssembleJob.workingCanvases(.gif)) working canvases")
        case .apng: (AssembleJob.workingCanvases(.apng), "the APNG encoder's \(AssembleJob.workingCanvases(.apng)) working canvases")
        case .webp: (AssembleJob.workingCanvases(.webp), "the WebP encoder's \(AssembleJob.workingCanvases(.webp)) working canvases")
        case .sheet: (max(0, count), "all \(count) frames held for the sheet")
        case .folder, .png: (0, "")
        }
    }

    /// Bytes of `canvases` canvases of `width × height`, `nil` past `Int`.
    private static func bytes(_ canvases: Int, width: Int, height: Int) -> Int? {
        let canvas = max(0, width).multipliedReportingOverflow(by: max(0, height))
        let pixels = canvas.partialValue.multipliedReportingOverflow(by: canvases)
        let bytes = pixels.partialValue.multipliedReportingOverflow(by: 4)
        return canvas.overflow || pixels.overflow || bytes.overflow ? nil : bytes.partialValue
    }

    /// Refuses, before any frame is drawn, what drawing and writing `count` frames of
    /// `width × height` pixels as `format` would make or hold past `limits` (`flipbook generate`
    /// and ``RenderJob`` check it; each frame passed `maxPixels` already): every frame's pixels
    /// together over `maxOutputPixels` (the work, in proportion to what is asked: an 8000²
    /// explosion of 20 000 frames drew for minutes), and over `maxDecodedBytes` one frame being
    /// drawn (`frameBytes`) with what the output holds beside it (``heldCanvases(_:count:)``).
    /// `subject` names what asked for the frames (`generate seagull`, a scene file) in the error.
    package static func checkWork(format: Format, count: Int, frameBytes: Int, width: Int, height: Int, limits: ResourceLimits,
                                  subject: String) throws(LimitError) {
        try limits.checkOutput(count, "frames", width: width, height: height, of: subject)
        let (canvases, what) = heldCanvases(format, count: count)
        let held = bytes(canvases, width: width, height: height)
        let total = held.map { $0.addingReportingOverflow(frameBytes) }
        guard let total, !total.overflow, total.partialValue <= limits.maxDecodedBytes else {
            let amount = total.flatMap { $0.overflow ? nil : $0.partialValue }
            throw LimitError(limit: .decodedBytes, subject: subject, amount: amount, maximum: limits.maxDecodedBytes,
                             detail: "a frame of \(width)×\(height) being drawn (\(frameBytes / max(1, width * height)) bytes a pixel)"
                                 + (what.isEmpty ? "" : ", and \(what)")
                                 + (format.isSheet ? ": fewer frames or a smaller size or scale needs less" : ": a smaller size or scale needs less"))
        }
    }

    /// The threads to draw on: `threads` (or the limit in force, or every core), fewer when the
    /// frames drawn at once, `frameBytes` each, and what the output holds beside them
    /// (``heldCanvases(_:count:)``) would hold more than `limits.maxDecodedBytes` (one always fits:
    /// ``checkWork(format:count:frameBytes:width:height:limits:subject:)`` refused the rest). The
    /// output is the same at any count.
    package static func drawingThreads(_ threads: Int?, format: Format, count: Int, frameBytes: Int, width: Int, height: Int,
                                       limits: ResourceLimits) -> Int {
        let asked = max(1, threads ?? ParallelLoop.cores)
        let held = bytes(heldCanvases(format, count: count).count, width: width, height: height) ?? .max
        let room = limits.maxDecodedBytes > held ? limits.maxDecodedBytes - held : 0
        return max(1, min(asked, count, room / max(1, frameBytes)))
    }
}
