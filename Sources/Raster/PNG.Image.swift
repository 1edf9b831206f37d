extension PNG {
    /// A decoded PNG: its header and its pixels as **straight** RGBA8, the file's own sample values
    /// (16-bit samples rounded to 8 bits as `(v * 255 + 32767) / 65535`).
    public struct Image: Sendable, Equatable {
        /// The file's header: size, colour type, bit depth and colour metadata.
        public var header: Header
        /// Straight (not premultiplied) RGBA8, `width * height * 4` bytes, row-major.
        public var pixels: [UInt8]

        /// Width in pixels.
        public var width: Int { header.width }
        /// Height in pixels.
        public var height: Int { header.height }

        /// The image as a ``Bitmap`` at `scale`: the same straight bytes. Consuming, so the pixels
        /// move into the bitmap without a copy.
        public consuming func bitmap(scale: Int = 1) -> Bitmap {
            // The decoder guarantees the sample count, so this cannot fail.
            Bitmap(width: width, height: height, scale: scale, straight: pixels)!
        }
    }
}
