import APNG
import Basics
import GIF
import Raster
import WebP

extension Animation {
    /// The animation a GIF holds, from its bytes (`file` names it in errors and warnings): read as
    /// ``load(decoding:bytes:file:limits:streaming:cancellation:progress:)`` reads any animated file.
    public static func load(gif bytes: [UInt8], file: String, limits: ResourceLimits = .default) throws(LoadError) -> Animation {
        try load(decoding: GIF.Decoder.self, bytes: bytes, file: file, limits: limits)
    }

    /// The animation an APNG holds (a PNG without `acTL` is one frame), from its bytes: read as
    /// ``load(decoding:bytes:file:limits:streaming:cancellation:progress:)`` reads any animated file.
    public static func load(apng bytes: [UInt8], file: String, limits: ResourceLimits = .default) throws(LoadError) -> Animation {
        try load(decoding: APNG.Decoder.self, bytes: bytes, file: file, limits: limits)
    }

    /// The animation an animated (or still) WebP holds, from its bytes: read as
    /// ``load(decoding:bytes:file:limits:streaming:cancellation:progress:)`` reads any animated file.
    public static func load(webp bytes: [UInt8], file: String, limits: ResourceLimits = .default) throws(LoadError) -> Animation {
        try load(decoding: WebP.Decoder.self, bytes: bytes, file: file, limits: limits)
    }

    /// The animation an animated file holds, read through its Raster `AnimationDecoder` (GIF,
    /// APNG or WebP's `Decoder`): every frame the header declares checked first (the decoder's
    /// `checkDeclaredFrames()`: their bytes against `limits.maxDecodedBytes`, their pixels against
    /// `limits.maxOutputPixels`, so a few bytes declaring hundreds of large frames cost nothing),
    /// then its frames decoded one by one and held, each counted against `limits.maxDecodedBytes`.
    /// A raised `cancellation` stops before the next frame (``LoadError/cancelled``); `progress`
    /// receives (frames decoded, frames the file holds) after each. A frame stored as 10 ms or
    /// less plays for the 100 ms browsers show it (`AnimationFrame.playedDuration`); the file's
    /// loop count is the repeat count; what the decoder read leniently (a file cut short, a
    /// missing colour table) is in ``warnings``.
    ///
    /// The animation's ``scale`` is the one `file`'s name gives (`coin@2x.gif`: 2; 1 without
    /// one), as every reader takes it. A `file` named at a scale outside ``scaleRange``
    /// (`coin@4x.gif`) is refused before reading (``LoadError/discovery(_:)``,
    /// `Discovery.Error.scaleOutOfRange`), as frames so named are.
    ///
    /// With `streaming`, no frame is held: the file is read once, frame by frame, for its frame
    /// count, durations and warnings (and which frames repeat the one before), and each frame is
    /// a ``FrameSource/streamed(_:index:)`` of one ``FrameStream`` that decodes it again when it
    /// is loaded. What is held at once is then the stream's ``FrameStream/window`` of frames (at
    /// most the frames the file has), checked with the work of composing every frame
    /// (`limits.maxOutputPixels`) before the first is decoded.
    public static func load<Decoder: AnimationDecoder>(decoding decoder: Decoder.Type, bytes: [UInt8], file: String,
                                                       limits: ResourceLimits = .default, streaming: Bool = false,
                                                       cancellation: CancellationFlag? = nil,
                                                       progress: (@Sendable (Int, Int) -> Void)? = nil) throws(LoadError) -> Animation {
        // `coin@4x.gif`: its frames would be @4x, which no animation holds (`scaleRange`); never read as another scale.
        if let scale = ImageFileName(path: file).scale, !scaleRange.contains(scale) {
            throw .discovery(.scaleOutOfRange(path: file, scale: scale))
        }
        let reader: Decoder
        let window = FrameStream.defaultWindow
        do {
            reader = try Decoder(bytes: bytes, file: file, limits: limits)
            // Work in proportion to the input, as `FramesJob` checks it: a GIF of 9 KB may declare
            // three hundred 1000² frames, which would all be decoded and held (streamed: composed).
            if streaming {
                try reader.checkComposingWork()
                try checkHeld(reader.info, frames: min(max(0, reader.info.frameCount), window), file: file, limits: limits)
            } else {
                try reader.checkDeclaredFrames()
                try checkEncoderCanvases(reader.info, file: file, limits: limits)
            }
        } catch {
            throw .decode(error)
        }
        var frames: [AnimationFrame] = [], held = 0
        var durations: [Double] = [], sameAsPrevious: [Bool] = [], previous: Bitmap?
        while true {
            if cancellation?.isCancelled == true { throw .cancelled }
            let next: AnimationFrame?
            do { next = try reader.nextFrame() } catch { throw .decode(error) }
            guard let frame = next else { break }
            if streaming {
                durations.append(frame.playedDuration)
                sameAsPrevious.append(previous == frame.image)
                previous = frame.image
            } else {
                held += frame.image.width * frame.image.height * 4
                do { try limits.check(.decodedBytes, held, of: file) } catch { throw .decode(.limit(error)) }
                frames.append(frame)
                durations.append(frame.playedDuration)
            }
            progress?(durations.count, max(durations.count, reader.info.frameCount))
        }
        guard !durations.isEmpty else { throw .decode(.noFrames(file: file, format: Decoder.format)) }
        // The name gives the scale, to every reader (`coin@3x.gif`: @3x; `validate` called it @1x).
        let scale = ImageFileName(path: file).scale ?? 1
        let sources: [FrameSource]
        if streaming {
            let limits = limits, opener = Opener(type: Decoder.self)
            let stream = FrameStream(file: file, format: Decoder.format, count: durations.count, width: reader.info.width,
                                     height: reader.info.height, sameAsPrevious: sameAsPrevious, window: window, scale: scale) { () throws(AnimationDecodeError) in
                try opener.open(bytes: bytes, file: file, limits: limits)
            }
            sources = (0..<durations.count).map { .streamed(stream, index: $0) }
        } else {
            sources = frames.map { frame in
                var image = frame.image
                image.scale = scale
                return .bitmap(image)
            }
        }
        var animation = Animation(unchecked: sources, frameDurations: durations, repeatCount: reader.info.repeatCount)
        animation.scale = scale
        animation.warnings = reader.warnings
        animation.readWarnings = reader.readWarnings
        return animation
    }

    /// Opens a new `D` on a file's bytes, from any thread (a stream reopening its file): a decoder
    /// type is a class's metatype, which holds no state.
    /// (Not generic: a closure that names a generic decoder type captures its metatype, which Swift 6
    /// does not take as `Sendable`.)
    private struct Opener: @unchecked Sendable {
        let type: any AnimationDecoder.Type
        func open(bytes: [UInt8], file: String, limits: ResourceLimits) throws(AnimationDecodeError) -> any AnimationDecoder {
            try type.init(bytes: bytes, file: file, limits: limits)
        }
    }

    /// Refuses a streamed file whose `frames` held at once (a ``FrameStream``'s window) and the
    /// ``encoderCanvases`` beside them would be over `limits.maxDecodedBytes`.
    static func checkHeld(_ info: AnimationInfo, frames: Int, file: String, limits: ResourceLimits) throws(AnimationDecodeError) {
        var held = info
        held.frameCount = frames
        do throws(AnimationDecodeError) { try checkEncoderCanvases(held, file: file, limits: limits) } catch {
            guard case .limit(var limit) = error, frames < info.frameCount else { throw error }
            limit.detail = limit.detail.map { "\($0), as they are decoded (of the \(info.frameCount) the file holds)" }
            throw .limit(limit)
        }
        guard encoderCanvases.count == 0 else { return }
        let canvas = max(0, info.width).multipliedReportingOverflow(by: max(0, info.height))
        let all = canvas.partialValue.multipliedReportingOverflow(by: frames)
        let bytes = all.partialValue.multipliedReportingOverflow(by: 4)
        let overflow = canvas.overflow || all.overflow || bytes.overflow
        guard overflow || bytes.partialValue > limits.maxDecodedBytes else { return }
        throw .limit(LimitError(limit: .decodedBytes, subject: file, amount: overflow ? nil : bytes.partialValue, maximum: limits.maxDecodedBytes,
                                detail: "\(frames) frames of \(info.width)×\(info.height)"
                                    + (frames < info.frameCount ? ", as they are decoded (of the \(info.frameCount) the file holds)" : "")))
    }

    /// Whole canvases the encoder that will write the frames being read holds beside them
    /// (`AssembleJob.workingCanvases(_:)`), set by `AssembleJob` while it reads its source: the
    /// frames a file declares and those canvases are then checked together against
    /// `maxDecodedBytes` before any frame is decoded. 0 (no encoder) elsewhere.
    @TaskLocal static var encoderCanvases: (count: Int, encoder: String) = (0, "")

    /// Refuses a file whose declared frames (`info`), held decoded, and ``encoderCanvases``
    /// canvases beside them would be over `limits.maxDecodedBytes`.
    static func checkEncoderCanvases(_ info: AnimationInfo, file: String, limits: ResourceLimits) throws(AnimationDecodeError) {
        let (canvases, encoder) = encoderCanvases
        guard canvases > 0 else { return }
        let canvas = max(0, info.width).multipliedReportingOverflow(by: max(0, info.height))
        let all = canvas.partialValue.multipliedReportingOverflow(by: max(0, info.frameCount) + canvases)
        let bytes = all.partialValue.multipliedReportingOverflow(by: 4)
        let overflow = canvas.overflow || all.overflow || bytes.overflow
        guard overflow || bytes.partialValue > limits.maxDecodedBytes else { return }
        throw .limit(LimitError(limit: .decodedBytes, subject: file, amount: overflow ? nil : bytes.partialValue, maximum: limits.maxDecodedBytes,
                                detail: "\(info.frameCount) frames of \(info.width)×\(info.height), and the \(encoder) encoder's \(canvases) working canvases"))
    }

    /// The kind of one-file animation `name` promises by its extension: GIF, WebP or APNG (`.apng`);
    /// `nil` for `.png` and the rest (a `.png` is an APNG only when its content says so).
    static func animatedFileKind(_ name: String) -> AssembleJob.Format? {
        switch OutputName.pathExtension(name) {
        case "gif": .gif
        case "webp": .webp
        case "apng": .apng
        default: nil
        }
    }

    /// One file read as the animation it holds, by kind.
    static func load(animatedFile bytes: [UInt8], kind: AssembleJob.Format, file: String, limits: ResourceLimits, streaming: Bool,
                     cancellation: CancellationFlag?, progress: (@Sendable (Int, Int) -> Void)?) throws(LoadError) -> Animation {
        switch kind {
        case .gif: try load(decoding: GIF.Decoder.self, bytes: bytes, file: file, limits: limits, streaming: streaming,
                            cancellation: cancellation, progress: progress)
        case .apng: try load(decoding: APNG.Decoder.self, bytes: bytes, file: file, limits: limits, streaming: streaming,
                             cancellation: cancellation, progress: progress)
        case .webp: try load(decoding: WebP.Decoder.self, bytes: bytes, file: file, limits: limits, streaming: streaming,
                             cancellation: cancellation, progress: progress)
        }
    }
}
