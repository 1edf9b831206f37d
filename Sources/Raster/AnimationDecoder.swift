import Basics

/// The one shape of Flipbook's readers of animated files — `GIF.Decoder`, `APNG.Decoder` and
/// `WebP.Decoder` — so one piece of code reads any of them.
///
/// A decoder is opened on a file's bytes (``init(bytes:file:limits:)``), path
/// (``init(file:limits:)``) or file URL (``init(url:limits:)``): the header is read and checked against the limits, no frame is
/// decoded. ``nextFrame()`` then hands out the frames one at a time, fully composited, holding
/// only the canvas and one frame (the streaming form, in bounded memory); ``allFrames()`` returns
/// the frames not yet read at once (the whole-file form on a decoder just opened; `[]` once
/// every frame has been read). Durations are in seconds. Every error is an
/// ``AnimationDecodeError`` naming the file.
///
/// Reading is lenient in one way for the three formats: a file cut short, or damaged after some
/// frames, keeps the frames before the damage and says so in ``readWarnings`` (a
/// ``LenientReadWarning`` each: its kind, the frames kept, and a line naming the file, as
/// ``warnings`` prints them); a file with no readable frame is refused (``AnimationDecodeError/noFrames(file:format:)``).
///
/// ```swift
/// func frameCount<D: AnimationDecoder>(_ type: D.Type, of path: String) throws(AnimationDecodeError) -> Int {
///     let decoder = try D(file: path, limits: .default)
///     var count = 0
///     while try decoder.nextFrame() != nil { count += 1 }
///     return count
/// }
/// ```
public protocol AnimationDecoder: AnyObject {
    /// The format this decoder reads.
    static var format: AnimationDecodeError.Format { get }

    /// Opens `bytes` (named `file` in errors and warnings), reading its header within `limits`:
    /// a canvas over `limits.maxPixels` or more frames than `limits.maxFrames` are refused here,
    /// before any frame is decoded.
    init(bytes: [UInt8], file: String, limits: ResourceLimits) throws(AnimationDecodeError)

    /// The name the file was opened with: errors and warnings name it.
    var file: String { get }
    /// What the file may ask for, as opened.
    var limits: ResourceLimits { get }
    /// What the header says: canvas size, frame count, repeat count.
    var info: AnimationInfo { get }
    /// What was read past leniently so far, a ``LenientReadWarning`` each (match on its `kind`,
    /// never on its words): complete once ``nextFrame()`` has returned `nil`.
    var readWarnings: [LenientReadWarning] { get }

    /// The next frame as shown, or `nil` after the last one (or after the last complete one of
    /// a file cut short, with a warning). A file that ends before its first frame is
    /// ``AnimationDecodeError/noFrames(file:format:)``.
    func nextFrame() throws(AnimationDecodeError) -> AnimationFrame?
}

extension AnimationDecoder {
    /// ``readWarnings`` as the lines a user reads, one each naming the file.
    public var warnings: [String] { readWarnings.map(\.description) }

    /// Opens the file at `path` (see ``init(bytes:file:limits:)``); a file that cannot be read is
    /// ``AnimationDecodeError/unreadable(file:reason:)``.
    public init(file path: String, limits: ResourceLimits = .default) throws(AnimationDecodeError) {
        let bytes: [UInt8]
        do { bytes = try FileIO.readAll(path) } catch { throw .unreadable(file: path, reason: error.reason) }
        try self.init(bytes: bytes, file: path, limits: limits)
    }

    /// The frames not yet read, at once (small files, tests): on a decoder just opened, every
    /// frame; after ``nextFrame()`` has handed out some, the rest; once every frame has been read,
    /// none (`[]`, not an error: the file has frames, they were read). Each frame held is counted
    /// against ``limits``' `maxDecodedBytes` as it is read, and every frame the header declares is
    /// checked first (``checkDeclaredFrames()``): a few bytes declaring hundreds of large frames
    /// are refused before one is decoded. A file of no readable frame is refused when opened or
    /// by its first ``nextFrame()`` (``AnimationDecodeError/noFrames(file:format:)`` or
    /// `.corrupt`), so a fresh decoder's `allFrames()` never returns `[]`. To read every frame
    /// again, open a new decoder on the same bytes.
    public func allFrames() throws(AnimationDecodeError) -> [AnimationFrame] {
        try checkDeclaredFrames()
        var frames: [AnimationFrame] = [], held = 0
        while let frame = try nextFrame() {
            held += frame.image.width * frame.image.height * 4
            do { try limits.check(.decodedBytes, held, of: file) } catch { throw .limit(error) }
            frames.append(frame)
        }
        // No `noFrames` here: every decoder refuses a file of no frame on its first `nextFrame()`
        // (or when opened), so an empty list only means the frames were read before.
        return frames
    }

    /// Checks what holding every frame the header declares would cost (``info``'s frame count ×
    /// its canvas), before any is decoded: the bytes against ``limits``' `maxDecodedBytes` and
    /// the pixels against its `maxOutputPixels` (what a run that writes them all would write).
    /// A 7 KB GIF declaring 300 frames of an 8000×8000 canvas is refused here, at no cost.
    /// - Throws: `AnimationDecodeError.limit` naming the file, the frame count and the canvas.
    public func checkDeclaredFrames() throws(AnimationDecodeError) {
        try checkComposingWork()
        let info = info
        do throws(LimitError) {
            let pixels = max(0, info.width).multipliedReportingOverflow(by: max(0, info.height))
            let all = pixels.partialValue.multipliedReportingOverflow(by: max(0, info.frameCount))
            let bytes = all.partialValue.multipliedReportingOverflow(by: 4)
            guard !pixels.overflow, !all.overflow, !bytes.overflow, bytes.partialValue <= limits.maxDecodedBytes else {
                let overflow = pixels.overflow || all.overflow || bytes.overflow
                throw LimitError(limit: .decodedBytes, subject: file, amount: overflow ? nil : bytes.partialValue, maximum: limits.maxDecodedBytes,
                                 detail: "\(info.frameCount) frames of \(info.width)×\(info.height)")
            }
        } catch {
            throw .limit(error)
        }
    }

    /// Checks the work of showing every frame the header declares, one at a time: each is
    /// composed on the whole canvas, so ``info``'s frame count × its canvas is held against
    /// ``limits``' `maxOutputPixels` (a 2 KB GIF of a hundred "restore to previous" frames on
    /// 8000² took 25 s). The decoders run it before their first frame, so streaming with
    /// `nextFrame()` is bounded as reading every frame at once is.
    /// - Throws: `AnimationDecodeError.limit` naming the file, the frame count and the canvas.
    public func checkComposingWork() throws(AnimationDecodeError) {
        let info = info
        do throws(LimitError) {
            try limits.checkOutput(info.frameCount, "frames", width: info.width, height: info.height, of: file)
        } catch {
            throw .limit(error)
        }
    }
}
