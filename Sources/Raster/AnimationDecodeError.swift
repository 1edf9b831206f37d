import Basics

/// Why an animated file (GIF, APNG, WebP) could not be read through its ``AnimationDecoder``: one
/// error for the three formats. Every case names the file.
public enum AnimationDecodeError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The animated formats Flipbook reads.
    public enum Format: String, Sendable, Equatable, CaseIterable {
        /// GIF (`GIF87a`/`GIF89a`).
        case gif = "GIF"
        /// Animated PNG (and a still PNG, read as one frame).
        case apng = "APNG"
        /// WebP, animated or still.
        case webp = "WebP"
    }

    /// The file could not be opened or read: the system's reason.
    case unreadable(file: String, reason: String)
    /// The data does not start as the format does (no GIF, PNG or RIFF/WEBP signature), nor as
    /// another format Flipbook knows (``otherFormat(file:format:actual:)``).
    case notFormat(file: String, format: Format)
    /// The data is another format's, whatever the file's name (`actual`: `PNG`, `APNG`, `GIF`,
    /// `WebP`, `JPEG`, `BMP`, `TIFF`, `PDF`, or `empty` for 0 bytes): a PNG named `.gif`.
    case otherFormat(file: String, format: Format, actual: String)
    /// The data breaks the format's rules before any frame could be read; `reason` says which.
    /// (Damage after a frame is read past with a warning, keeping the frames before.)
    case corrupt(file: String, format: Format, reason: String)
    /// The file holds no frame that can be read.
    case noFrames(file: String, format: Format)
    /// The file asks for more than the decoder's `ResourceLimits` allow (pixels of the canvas or
    /// a frame, frames, bytes of frames held): the error names the limit and the setting that raises it.
    case limit(LimitError)

    /// The file the error is about.
    public var file: String {
        switch self {
        case .unreadable(let file, _), .notFormat(let file, _), .otherFormat(let file, _, _), .corrupt(let file, _, _), .noFrames(let file, _): file
        case .limit(let error): error.subject
        }
    }

    /// The resource limit this error reports, if it is one (for a caller that raises it and retries).
    public var limit: LimitError? {
        if case .limit(let error) = self { error } else { nil }
    }

    /// `notFormat`, or `otherFormat` naming what the bytes are (`x.gif: not a GIF file: it is a
    /// PNG: rename it to .png`) when their signature says.
    package static func wrongFormat(_ bytes: [UInt8], file: String, format: Format) -> AnimationDecodeError {
        guard let actual = FileSignature.format(of: bytes), actual != format.rawValue,
              !(format == .apng && actual == "PNG") else { return .notFormat(file: file, format: format) }
        return .otherFormat(file: file, format: format, actual: actual)
    }

    /// `FILE: what is wrong`, as the CLI prints it; a limit as its `LimitError` describes it.
    public var description: String {
        switch self {
        case .unreadable(let file, let reason): "\(file): cannot read file: \(reason)"
        case .notFormat(let file, .gif): "\(file): not a GIF file (no GIF87a/GIF89a signature)"
        case .notFormat(let file, .apng): "\(file): not a PNG file (the PNG signature is missing)"
        case .notFormat(let file, .webp): "\(file): not a WebP file (no RIFF…WEBP header)"
        case .otherFormat(let file, let format, let actual):
            "\(file): not \(format == .apng ? "a PNG" : "a \(format.rawValue)") file: \(FileSignature.advice(actual))"
        case .corrupt(let file, let format, let reason): "\(file): corrupt \(format.rawValue): \(reason)"
        case .noFrames(let file, let format): "\(file): the \(format.rawValue) holds no frame that can be read"
        case .limit(let error): error.description
        }
    }
}
