import Basics

/// The one shape of Flipbook's readers of animated files — `GIF.Decoder`, `APNG.Decoder` and
/// `WebP.Decoder` — so one piece of code reads any of them.
///
/// A decoder is opened on a file's bytes (``init(bytes:file:limits:)``), path
/// (``init(file:limits:)``) or file URL (``init(url:limits:)``): the header is read and checked against the limits, no frame is
/// decoded. ``nextFrame()`` then hands out the frames one at a time, fully composited, holding
/// only the canvas and one frame (the streaming form, in bounded memory); ``allFrames()`` returns
/// them all at once (the whole-file form). Durations are in seconds. Every error is an
/// ``AnimationDecodeError`` naming the file.
///
/// Reading is lenient in one way for the three formats: a file cut short, or damaged after some
/// frames, keeps the frames before the damage and says so in ``warnings`` (one line each, naming
/// the file); a file with no readable frame is refused (``AnimationDecodeError/noFrames(file:format:)``).
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
    /// What was read past leniently so far, one line each naming the file: complete once
    /// ``nextFrame()`` has returned `nil`.
    var warnings: [String] { get }

    /// The next frame as shown, or `nil` after the last one (or after the last complete one of
    /// a file cut short, with a warning). A file that ends before its first frame is
    /// ``AnimationDecodeError/noFrames(file:format:)``.
    func nextFrame() throws(AnimationDecodeError) -> AnimationFrame?
}

extension AnimationDecoder {
    /// Opens the file at `path` (see ``init(bytes:file:limits:)``); a file that cannot be read is
    /// ``AnimationDecodeError/unreadable(file:reason:)``.
    public init(file path: String, limits: ResourceLimits = .default) throws(AnimationDecodeError) {
        let bytes: [UInt8]
        do { bytes = try FileIO.readAll(path) } catch { throw .unreadable(file: path, reason: error.reason) }
        try self.init(bytes: bytes, file: path, limits: limits)
    }

    /// Every frame still to read, at once (small files, tests), each one held counted against
    /// ``limits``' `maxDecodedBytes` as it is read. A file that gives no frame is
    /// ``AnimationDecodeError/noFrames(file:format:)``.
    public func allFrames() throws(AnimationDecodeError) -> [AnimationFrame] {
        var frames: [AnimationFrame] = [], held = 0
        while let frame = try nextFrame() {
            held += frame.image.width * frame.image.height * 4
            do { try limits.check(.decodedBytes, held, of: file) } catch { throw .limit(error) }
            frames.append(frame)
        }
        guard !frames.isEmpty else { throw .noFrames(file: file, format: Self.format) }
        return frames
    }
}
