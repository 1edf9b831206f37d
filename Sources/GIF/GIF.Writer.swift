extension GIF {
    /// Writes a GIF89a stream frame by frame, into memory or, with a `drain`, handing it on in
    /// pieces of about a megabyte so a long animation never sits in memory.
    ///
    /// The bytes are those giflib 5 writes for the same calls (Flipbook wrote through giflib until
    /// issue 48; the tests hold the two to the byte): the screen descriptor with 8 bits of colour
    /// resolution, tables padded to a power of two, one graphics control block a frame, and LZW
    /// data compressed as giflib compressed it (`LZWEncoder`).
    public final class Writer {
        /// Width of the logical screen in pixels.
        public let width: Int
        /// Height of the logical screen in pixels.
        public let height: Int
        private let drain: (([UInt8]) throws -> Void)?
        private var bytes: [UInt8] = []
        /// Bits of the global table's size (`1 << bits` entries), when there is one.
        private let globalBits: Int?
        private var finished = false

        /// Starts a stream: screen descriptor, global palette (RGB triples) and, when
        /// `netscapeLoops` is not `nil`, the NETSCAPE2.0 loop block.
        public init(width: Int, height: Int, globalPalette: [UInt8]?, netscapeLoops: Int?,
                    drain: (([UInt8]) throws -> Void)? = nil) throws(EncodeError) {
            guard (1...65_535).contains(width), (1...65_535).contains(height) else {
                throw .invalidInput("GIF screens are 1 to 65535 pixels wide and high (got \(width)×\(height))")
            }
            self.width = width
            self.height = height
            self.drain = drain
            let table = try Self.table(globalPalette)
            globalBits = table?.bits
            bytes += Array("GIF89a".utf8)
            Self.appendWord(width, to: &bytes)
            Self.appendWord(height, to: &bytes)
            // Colour resolution 8 bits (giflib's 0x70), the table's size or 0x07 without one.
            bytes += [0x70 | (table.map { 0x80 | UInt8($0.bits - 1) } ?? 0x07), 0, 0]
            if let table { bytes += table.rgb }
            if let loops = netscapeLoops {
                bytes += [0x21, 0xFF, 11] + Array("NETSCAPE2.0".utf8)
                bytes += [3, 1, UInt8(loops & 0xFF), UInt8((loops >> 8) & 0xFF), 0]
            }
        }

        /// Appends a frame: its graphics control block, image descriptor and LZW data (packed from the
        /// codes the encoder's LZW choice found, when the frame carries them).
        public func add(_ frame: IndexedFrame) throws(EncodeError) {
            guard !finished else { throw .giflib("writer already finished") }
            let rect = frame.rect
            guard rect.x >= 0, rect.y >= 0, rect.width > 0, rect.height > 0,
                  rect.x + rect.width <= width, rect.y + rect.height <= height,
                  frame.indices.count == rect.width * rect.height else {
                throw .invalidInput("frame rectangle \(rect) does not fit the \(width)×\(height) screen or its pixels")
            }
            let local = try Self.table(frame.localPalette)
            guard let bits = local?.bits ?? globalBits else {
                throw .invalidInput("a frame without a colour table of its own needs the GIF's global one, and there is none")
            }
            if let transparent = frame.transparentIndex, !(0...255).contains(transparent) {
                throw .invalidInput("a GIF's transparent index is 0 to 255 (got \(transparent))")
            }
            let delay = min(max(frame.delay, 0), 65_535)
            bytes += [0x21, 0xF9, 4, UInt8(frame.disposal.rawValue << 2) | (frame.transparentIndex == nil ? 0 : 1),
                      UInt8(delay & 0xFF), UInt8(delay >> 8), UInt8(frame.transparentIndex ?? 0), 0]
            bytes.append(0x2C)
            for value in [rect.x, rect.y, rect.width, rect.height] { Self.appendWord(value, to: &bytes) }
            bytes.append(local.map { 0x80 | UInt8($0.bits - 1) } ?? 0)
            if let local { bytes += local.rgb }
            if let codes = frame.lzwCodes, codes.codeSize == max(2, bits) {
                LZWEncoder.write(codes, into: &bytes)
            } else {
                frame.indices.withUnsafeBufferPointer { LZWEncoder.encode($0, tableBits: bits, into: &bytes) }
            }
            if drain != nil && bytes.count >= 1 << 20 { try flush() }
        }

        /// Writes the trailer and returns what was not drained (the whole file without a drain).
        public func finish() throws(EncodeError) -> [UInt8] {
            guard !finished else { throw .giflib("writer already finished") }
            finished = true
            bytes.append(0x3B)
            try flush()
            return bytes
        }

        /// Hands the bytes so far to the drain, if there is one.
        private func flush() throws(EncodeError) {
            guard let drain, !bytes.isEmpty else { return }
            do {
                try drain(bytes)
                bytes.removeAll(keepingCapacity: true)
            } catch let error as EncodeError {
                throw error
            } catch {
                throw .giflib("\(error)")
            }
        }

        /// A colour table's bytes, padded with black to a power of two (2…256 entries), and the
        /// bits of its size.
        private static func table(_ rgb: [UInt8]?) throws(EncodeError) -> (rgb: [UInt8], bits: Int)? {
            guard let rgb else { return nil }
            let count = rgb.count / 3
            guard count >= 1, count <= 256 else { throw .invalidInput("a GIF palette holds 1 to 256 colours (got \(count))") }
            var bits = 1
            while 1 << bits < count { bits += 1 }
            return (Array(rgb.prefix(count * 3)) + [UInt8](repeating: 0, count: ((1 << bits) - count) * 3), bits)
        }

        private static func appendWord(_ value: Int, to bytes: inout [UInt8]) {
            bytes += [UInt8(value & 0xFF), UInt8((value >> 8) & 0xFF)]
        }
    }
}
