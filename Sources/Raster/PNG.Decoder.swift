import Basics
import Foundation

extension PNG {
    /// Reads PNG files through libpng.
    ///
    /// Sample values are kept raw: no gamma, `sBIT` or ICC correction is applied (the header
    /// reports those chunks). Apple CgBI files and files over ``maxPixels`` are refused with
    /// their own errors before libpng allocates anything.
    public struct Decoder: Sendable {
        /// The largest `width × height` accepted.
        public var maxPixels: Int

        /// Whether ``decode(_:file:)`` checks the Adler-32 that ends the image data's zlib stream:
        /// on by default, as libpng, Pillow, ffmpeg and ImageMagick check it, so a file they refuse
        /// ("incorrect data check") is refused here too (``PNG/DecodeError/corrupt(file:reason:)``)
        /// rather than read without a word. Off reads such a file as Chromium does (each `IDAT`
        /// chunk's CRC already covers the compressed bytes), for about a fifth less decoding work on
        /// highly compressible frames.
        public var verifiesAdler32 = true

        /// Which of the decoder's two ways may read the pixels: ``PNG/FastPath`` for the common
        /// file (8-bit, not interlaced, sound), libpng for every other. Both give the same bytes; the
        /// tests and benchmarks that show it pick one.
        package enum Route: Sendable {
            /// The fast path when it takes the file, else libpng (the default).
            case any
            /// libpng alone, as before the fast path.
            case libpngOnly
            /// The fast path alone: a file it declines is ``DecodeError/corrupt(file:reason:)``
            /// with the reason ``declined``.
            case fastPathOnly

            /// The reason ``fastPathOnly`` gives for a file the fast path leaves to libpng.
            package static let declined = "declined by the fast path"
        }

        /// Which way reads the pixels (``Route/any`` unless a test or benchmark picks one).
        package var route = Route.any

        /// A decoder that refuses images of more than `maxPixels` pixels (width × height) with
        /// ``PNG/DecodeError/tooLarge(file:width:height:maxPixels:)``, before anything is allocated;
        /// 8192 × 8192 by default.
        public init(maxPixels: Int = PNG.defaultMaxPixels) {
            self.maxPixels = maxPixels
        }

        /// Reads only the chunks before the image data of the file at `path`: the first 64 KiB of
        /// the file, or all of it when the chunks before the image data are longer.
        public func readHeader(file path: String) throws(DecodeError) -> Header {
            try readHeaderAndSize(file: path).header
        }

        /// The header and the file's size in bytes, reading as little of the file as it can.
        public func readHeaderAndSize(file path: String) throws(DecodeError) -> (header: Header, fileSize: Int) {
            let prefix: (bytes: [UInt8], fileSize: Int)
            do {
                prefix = try FileIO.readPrefix(path, limit: 64 * 1024)
            } catch {
                throw .unreadable(file: path, reason: error.reason)
            }
            do {
                return (try readHeader(prefix.bytes, file: path), prefix.fileSize)
            } catch .corrupt where prefix.bytes.count < prefix.fileSize {
                // Long ancillary chunks (ICC profiles, text) ran past the prefix: use the whole file.
                return (try readHeader(try Self.contents(of: path), file: path), prefix.fileSize)
            }
        }

        /// Reads only the chunks before the image data; `file` names the data in errors.
        public func readHeader(_ bytes: [UInt8], file: String) throws(DecodeError) -> Header {
            try Self.checkSignature(bytes, file: file)
            return try LibPNG.readHeader(bytes, file: file).get()
        }

        /// ``readHeader(_:file:)`` after checking the structure and every chunk's CRC of `bytes`, a
        /// whole PNG file (``PNG/ChunkWalker``, nothing inflated): a file cut short or changed after
        /// it was written is ``DecodeError/corrupt(file:reason:)`` at a small part of a decode's
        /// cost. Only data written wrong with correct CRCs (a broken deflate stream) needs
        /// ``decode(_:file:)`` to be found. `file` names the data in errors.
        public func readVerifiedHeader(_ bytes: [UInt8], file: String) throws(DecodeError) -> Header {
            try ChunkWalker.walk(bytes, file: file)
            return try LibPNG.readHeader(bytes, file: file).get()
        }

        /// Decodes the file at `path`.
        public func decode(file path: String) throws(DecodeError) -> Image {
            try decode(try Self.contents(of: path), file: path)
        }

        /// Decodes PNG data; `file` names the data in errors.
        public func decode(_ bytes: [UInt8], file: String) throws(DecodeError) -> Image {
            try Self.checkSignature(bytes, file: file)
            return try LibPNG.decode(bytes, file: file, maxPixels: maxPixels, verifyAdler32: verifiesAdler32, route: route).get()
        }

        /// Decodes the file at `path` into a ``Bitmap`` (the decoded straight bytes) whose scale comes from the
        /// name, as `UIImage(contentsOfFile:)` does: `icon@2x.png` has scale 2.
        public func decodeBitmap(file path: String) throws(DecodeError) -> Bitmap {
            let scale = ImageFileName(path: path).scale ?? 1
            return try decode(file: path).bitmap(scale: scale)
        }

        /// Decodes PNG data into a ``Bitmap`` whose scale comes from `file`, the name the data had
        /// (`icon@2x.png`: scale 2), as ``decodeBitmap(file:)`` takes it from a path.
        public func decodeBitmap(_ bytes: [UInt8], file: String) throws(DecodeError) -> Bitmap {
            try decode(bytes, file: file).bitmap(scale: ImageFileName(path: file).scale ?? 1)
        }

        /// Decodes the still image at `path` as ``decodeBitmap(file:)`` does, refusing an animated
        /// PNG (``DecodeError/animated(file:)``): where one image is read (a scene's image, a note's
        /// chrome), an APNG's first frame would be taken without a word and its animation lost.
        public func decodeStillBitmap(file path: String) throws(DecodeError) -> Bitmap {
            try decodeStillBitmap(try Self.contents(of: path), file: path)
        }

        /// Decodes the still image at the file URL `url` as ``decodeStillBitmap(file:)`` decodes a path.
        public func decodeStillBitmap(url: URL) throws(DecodeError) -> Bitmap {
            try decodeStillBitmap(file: url.filePathForFlipbook)
        }

        /// Decodes still PNG data as ``decodeStillBitmap(file:)`` does; `file` names it (and gives its scale).
        public func decodeStillBitmap(_ bytes: [UInt8], file: String) throws(DecodeError) -> Bitmap {
            if FileSignature.format(of: bytes) == "APNG" { throw .animated(file: file) }
            return try decodeBitmap(bytes, file: file)
        }

        /// The bytes of the file at `path`, as ``decode(file:)`` reads them (a failure is
        /// ``DecodeError/unreadable(file:reason:)``), for a caller that looks at them first.
        package static func contents(of path: String) throws(DecodeError) -> [UInt8] {
            do {
                return try FileIO.readAll(path)
            } catch {
                throw .unreadable(file: path, reason: error.reason)
            }
        }

        /// Tells a non-PNG, a PNG damaged by a text-mode transfer, and an Apple CgBI file apart
        /// before libpng sees them.
        static func checkSignature(_ bytes: [UInt8], file: String) throws(DecodeError) {
            guard bytes.count >= 8, bytes.prefix(8).elementsEqual(PNG.signature) else {
                if bytes.count >= 4, bytes[1] == 0x50, bytes[2] == 0x4E, bytes[3] == 0x47 {
                    throw .corrupt(file: file, reason: "damaged PNG signature (the file went through a text-mode "
                        + "transfer that changed line endings or the high bit)")
                }
                if let actual = FileSignature.format(of: Array(bytes.prefix(4096))) { throw .otherFormat(file: file, actual: actual) }
                throw .notPNG(file: file)
            }
            // The first chunk's type sits at bytes 12..<16; in a CgBI file it is "CgBI", not "IHDR".
            if bytes.count >= 16, bytes[12..<16].elementsEqual("CgBI".utf8) {
                throw .appleCgBI(file: file)
            }
        }
    }
}
