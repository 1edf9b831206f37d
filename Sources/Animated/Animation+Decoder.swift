import APNG
import Basics
import Foundation
import GIF
import Raster
import WebP

extension Animation {
    /// The decoder for an animated file's bytes — `GIF.Decoder`, `APNG.Decoder` (a still PNG
    /// reads as one frame) or `WebP.Decoder` — chosen by what the bytes are, whatever `file`'s name
    /// says (an upload's name is the sender's word; `walk.gif` holding a WebP is read as the WebP
    /// it is). Bytes of none of the three are refused in the words of the format the name
    /// promises (PNG for any other name): `AnimationDecodeError.otherFormat` naming what they are
    /// (`x.gif: not a GIF file: it is a JPEG…`), else `.notFormat`.
    ///
    /// ```swift
    /// let decoder = try Animation.decoder(bytes: upload, file: "walk.gif")
    /// while let frame = try decoder.nextFrame() { print(frame.duration) }
    /// ```
    public static func decoder(bytes: [UInt8], file: String, limits: ResourceLimits = .default) throws(AnimationDecodeError) -> any AnimationDecoder {
        switch FileSignature.format(of: Array(bytes.prefix(4096))) {
        case "GIF": return try GIF.Decoder(bytes: bytes, file: file, limits: limits)
        case "WebP": return try WebP.Decoder(bytes: bytes, file: file, limits: limits)
        case "APNG", "PNG": return try APNG.Decoder(bytes: bytes, file: file, limits: limits)
        default:
            let promised: AnimationDecodeError.Format = switch OutputName.pathExtension(file) {
            case "gif": .gif
            case "webp": .webp
            default: .apng
            }
            throw AnimationDecodeError.wrongFormat(bytes, file: file, format: promised)
        }
    }

    /// The decoder for the animated file at `path`, chosen by its bytes as
    /// ``decoder(bytes:file:limits:)`` chooses; a file that cannot be read is
    /// `AnimationDecodeError.unreadable`.
    public static func decoder(file path: String, limits: ResourceLimits = .default) throws(AnimationDecodeError) -> any AnimationDecoder {
        let bytes: [UInt8]
        do { bytes = try FileIO.readAll(path) } catch { throw .unreadable(file: path, reason: error.reason) }
        return try decoder(bytes: bytes, file: path, limits: limits)
    }

    /// The decoder for the animated file at a file URL, as ``decoder(file:limits:)`` opens a path.
    public static func decoder(url: URL, limits: ResourceLimits = .default) throws(AnimationDecodeError) -> any AnimationDecoder {
        try decoder(file: url.filePathForFlipbook, limits: limits)
    }
}
