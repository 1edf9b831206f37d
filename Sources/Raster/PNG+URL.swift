import Basics
import Foundation

extension PNG.Decoder {
    /// Decodes the file at the file URL `url`, as ``decode(file:)`` decodes a path.
    public func decode(url: URL) throws(PNG.DecodeError) -> PNG.Image {
        try decode(file: url.filePathForFlipbook)
    }

    /// Decodes the file at the file URL `url` into a ``Bitmap`` whose scale comes from its name,
    /// as ``decodeBitmap(file:)`` does for a path.
    public func decodeBitmap(url: URL) throws(PNG.DecodeError) -> Bitmap {
        try decodeBitmap(file: url.filePathForFlipbook)
    }

    /// Reads only the chunks before the image data of the file at the file URL `url`, as
    /// ``readHeader(file:)`` does for a path.
    public func readHeader(url: URL) throws(PNG.DecodeError) -> PNG.Header {
        try readHeader(file: url.filePathForFlipbook)
    }

    /// The header and the file's size in bytes of the file at the file URL `url`, as
    /// ``readHeaderAndSize(file:)`` gives them for a path.
    public func readHeaderAndSize(url: URL) throws(PNG.DecodeError) -> (header: PNG.Header, fileSize: Int) {
        try readHeaderAndSize(file: url.filePathForFlipbook)
    }
}

extension PNG.Encoder {
    /// Encodes `bitmap` and writes it to the file URL `url` atomically, as `write(_:to:)` with a path
    /// writes a path.
    public func write(_ bitmap: Bitmap, to url: URL) throws(PNG.EncodeError) {
        try write(bitmap, to: url.filePathForFlipbook)
    }
}
