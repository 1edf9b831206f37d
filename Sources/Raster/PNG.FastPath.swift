import Basics
import Foundation

extension PNG {
    /// Decodes the common PNG — 8 bits a sample, not interlaced, every chunk sound — without
    /// libpng's row machinery: the image data inflated whole by libdeflate into a buffer of the
    /// exact size, unfiltered and expanded to RGBA8 row by row, every byte as libpng's path writes it.
    ///
    /// It declines (returns `nil`) everything else, so the caller decodes through libpng and gives
    /// today's pixels, errors and messages: interlaced or 16-bit or 1–4-bit images, a bad CRC in any
    /// chunk, a chunk over 16 MiB (libpng's limit here), image data that is not one run of `IDAT`
    /// chunks, a critical chunk after it, a missing or non-empty `IEND`, a zlib stream that is
    /// damaged, fails its Adler-32, holds too little or too much data or is followed by more bytes,
    /// a window smaller than the distances it may use, a filter type PNG does not define, or a tRNS
    /// key over 255 (libpng compares only its low byte). One difference stays: libdeflate inflates
    /// a few malformed streams that zlib refuses (a length symbol 286 or 287, more than 286
    /// literal/length or 30 distance codes, a one-codeword code), all made by hand; such a file,
    /// its CRCs and Adler-32 right, is read here where libpng calls it corrupt (found by fuzzing the
    /// two paths against each other: 104,000 mutated files otherwise decode the same).
    enum FastPath {
        /// The colours `fb_png_decoder_read_rgba8` would give, as read by libpng from the chunks
        /// before the image data: the palette expanded to RGBA (256 entries), or a colour key.
        struct Expansion {
            /// 256 palette entries for an indexed image, each the four bytes R, G, B, A of its
            /// RGBA8 pixel loaded as one `UInt32` (so storing it writes those bytes in that order).
            var palette: [UInt32] = []
            /// The tRNS key of a grey (`gray` in all three) or RGB image.
            var key: (red: UInt8, green: UInt8, blue: UInt8)?
        }

        /// The largest chunk libpng reads without refusing it here (`png_set_chunk_malloc_max`).
        static let maxChunkLength = 16 * 1024 * 1024

        /// The straight RGBA8 pixels of `bytes`, a whole PNG file whose `header` libpng has read, or
        /// `nil` when the file is not one this path takes (see the type's summary).
        static func decode(_ bytes: [UInt8], header: Header, expansion: () -> Expansion?) -> [UInt8]? {
            guard header.bitDepth == 8, !header.interlaced else { return nil }
            let channels: Int
            switch header.colorType {
            case .grayscale, .indexed: channels = 1
            case .grayscaleAlpha: channels = 2
            case .rgb: channels = 3
            case .rgba: channels = 4
            }
            guard let expansion = expansion() else { return nil }
            let (width, height) = (header.width, header.height)
            let rowBytes = width * channels
            let filteredSize = height * (rowBytes + 1)
            return bytes.withUnsafeBytes { file -> [UInt8]? in
                guard let pieces = imageData(file) else { return nil }
                let compressedSize = pieces.reduce(0) { $0 + $1.count }
                // libpng inflates with the window the stream's header declares (zlib refuses a
                // distance beyond it); libdeflate always allows 32 KiB. They agree when the window
                // is 32 KiB or covers the whole image data.
                guard compressedSize >= 2, let first = pieces.first(where: { !$0.isEmpty }) else { return nil }
                let windowLog = Int(file[first.lowerBound] >> 4) + 8
                guard windowLog == 15 || (windowLog < 15 && filteredSize <= 1 << windowLog) else { return nil }
                // The rows, 16 spare bytes (a 3-byte pixel is read as a word), then the image data
                // joined when it spans several chunks.
                let joinedAt = filteredSize + 16
                let kept = Scratch.forThisThread
                let scratch = kept.buffer(byteCount: joinedAt + (pieces.count > 1 ? compressedSize : 0))
                defer { kept.trim() }
                let stream: UnsafeRawBufferPointer
                if pieces.count == 1 {
                    stream = UnsafeRawBufferPointer(rebasing: file[first])
                } else {
                    var end = joinedAt
                    for piece in pieces {
                        UnsafeMutableRawBufferPointer(rebasing: scratch[end..<(end + piece.count)]).copyMemory(from: UnsafeRawBufferPointer(rebasing: file[piece]))
                        end += piece.count
                    }
                    stream = UnsafeRawBufferPointer(rebasing: scratch[joinedAt..<end])
                }
                guard LibDeflate.inflateZlibExactly(stream, into: UnsafeMutableRawBufferPointer(rebasing: scratch[0..<filteredSize])) else {
                    return nil
                }
                var ok = true
                let pixels = [UInt8](unsafeUninitializedCapacity: width * height * 4) { output, initialized in
                    let filtered = UnsafeMutableBufferPointer(rebasing: scratch.bindMemory(to: UInt8.self)[0..<filteredSize])
                    ok = expand(filtered, into: output, header: header, channels: channels, expansion: expansion)
                    initialized = ok ? output.count : 0
                }
                return ok ? pixels : nil
            }
        }

        /// One thread's scratch memory, kept between images so that decoding a sequence does not
        /// fault in fresh pages for every frame; not kept past 64 MiB (a frame of about 4000²).
        private final class Scratch {
            private var memory = UnsafeMutableRawBufferPointer(start: nil, count: 0)
            private static let keptLimit = 64 * 1024 * 1024

            static var forThisThread: Scratch { PerThread.object("flipbook.png-fast-path", make: Scratch.init) }

            /// At least `byteCount` bytes, valid until ``trim()`` or the next call on this thread.
            func buffer(byteCount: Int) -> UnsafeMutableRawBufferPointer {
                if memory.count < byteCount {
                    memory.deallocate()
                    memory = .allocate(byteCount: byteCount, alignment: 16)
                }
                return memory
            }

            /// Gives the memory back when it is over the kept limit (one huge image).
            func trim() {
                guard memory.count > Self.keptLimit else { return }
                memory.deallocate()
                memory = UnsafeMutableRawBufferPointer(start: nil, count: 0)
            }

            deinit { memory.deallocate() }
        }

        /// Where the image data of `file` lies (the `IDAT` chunks' bytes, in order), after checking
        /// every chunk's CRC and the order of the chunks from the image data to `IEND`; `nil` at
        /// the first thing libpng would report or handle in a way of its own.
        static func imageData(_ file: UnsafeRawBufferPointer) -> [Range<Int>]? {
            enum Place { case before, data, after }
            var place = Place.before
            var pieces: [Range<Int>] = []
            var offset = PNG.signature.count
            while true {
                guard file.count - offset >= 12 else { return nil }
                let length = Int(bigEndian32(file, offset))
                guard length <= maxChunkLength, length <= file.count - offset - 12 else { return nil }
                let type = bigEndian32(file, offset + 4)
                for shift in stride(from: 24, through: 0, by: -8) {
                    let letter = UInt8(truncatingIfNeeded: type >> UInt32(shift)) & 0xDF
                    guard letter >= 0x41, letter <= 0x5A else { return nil }
                }
                let crc = LibDeflate.crc32(UnsafeRawBufferPointer(rebasing: file[(offset + 4)..<(offset + 8 + length)]))
                guard crc == bigEndian32(file, offset + 8 + length) else { return nil }
                switch type {
                case 0x4944_4154:  // IDAT
                    guard place != .after else { return nil }
                    place = .data
                    pieces.append((offset + 8)..<(offset + 8 + length))
                case 0x4945_4E44:  // IEND
                    guard place != .before, length == 0 else { return nil }
                    return pieces
                default:
                    // Before the image data libpng has read every chunk already (read_header); after it,
                    // only ancillary chunks (lower-case first letter) are left to its benign handling.
                    if place == .data { place = .after }
                    if place == .after, type & 0x2000_0000 == 0 { return nil }
                }
                offset += 12 + length
            }
        }

        private static func bigEndian32(_ file: UnsafeRawBufferPointer, _ offset: Int) -> UInt32 {
            UInt32(file[offset]) << 24 | UInt32(file[offset + 1]) << 16 | UInt32(file[offset + 2]) << 8 | UInt32(file[offset + 3])
        }

        /// Unfilters `filtered` (rows of a filter byte then `width × channels` bytes) row by row and
        /// writes each row's RGBA8 into `output`; false at a filter type PNG does not define.
        private static func expand(
            _ filtered: UnsafeMutableBufferPointer<UInt8>, into output: UnsafeMutableBufferPointer<UInt8>,
            header: Header, channels: Int, expansion: Expansion
        ) -> Bool {
            let width = header.width
            let rowBytes = width * channels
            guard let base = filtered.baseAddress, let out = output.baseAddress else { return width == 0 || header.height == 0 }
            var previous: UnsafePointer<UInt8>?
            for y in 0..<header.height {
                let row = base + y * (rowBytes + 1)
                let target = out + y * width * 4
                // RGBA is unfiltered straight into the output; the other types in place, then expanded.
                let unfiltered = channels == 4 ? target : row + 1
                guard Unfilter.row(filter: row[0], source: row + 1, destination: unfiltered,
                                   previous: previous, count: rowBytes, bytesPerPixel: channels) else { return false }
                previous = UnsafePointer(unfiltered)
                let source = UnsafePointer(unfiltered)
                switch header.colorType {
                case .rgba: break
                case .rgb: expandRGB(source, target, width, expansion.key)
                case .grayscale: expandGray(source, target, width, expansion.key?.red)
                case .grayscaleAlpha: expandGrayAlpha(source, target, width)
                case .indexed: expandIndexed(source, target, width, expansion.palette)
                }
            }
            return true
        }

        // The expansions below read and write whole pixels as little-endian words: byte 0 of a
        // pixel is bits 0–7. Reading a 3-byte pixel as a word reads one byte past it, which the
        // unfiltered buffer holds (the next pixel, the next row's filter byte, or spare bytes).

        @inline(__always)
        private static func expandRGB(_ source: UnsafePointer<UInt8>, _ target: UnsafeMutablePointer<UInt8>, _ width: Int,
                                      _ key: (red: UInt8, green: UInt8, blue: UInt8)?) {
            let input = UnsafeRawPointer(source)
            let output = UnsafeMutableRawPointer(target)
            if let key {
                let keyColour = UInt32(key.red) | UInt32(key.green) << 8 | UInt32(key.blue) << 16
                for x in 0..<width {
                    let colour = UInt32(littleEndian: input.loadUnaligned(fromByteOffset: 3 * x, as: UInt32.self)) & 0xFF_FFFF
                    let pixel = colour == keyColour ? colour : colour | 0xFF00_0000
                    output.storeBytes(of: pixel.littleEndian, toByteOffset: 4 * x, as: UInt32.self)
                }
            } else {
                for x in 0..<width {
                    let colour = UInt32(littleEndian: input.loadUnaligned(fromByteOffset: 3 * x, as: UInt32.self))
                    output.storeBytes(of: (colour | 0xFF00_0000).littleEndian, toByteOffset: 4 * x, as: UInt32.self)
                }
            }
        }

        @inline(__always)
        private static func expandGray(_ source: UnsafePointer<UInt8>, _ target: UnsafeMutablePointer<UInt8>, _ width: Int, _ key: UInt8?) {
            let output = UnsafeMutableRawPointer(target)
            for x in 0..<width {
                let g = source[x]
                let opaque: UInt32 = key == g ? 0 : 0xFF00_0000
                output.storeBytes(of: (UInt32(g) &* 0x01_0101 | opaque).littleEndian, toByteOffset: 4 * x, as: UInt32.self)
            }
        }

        @inline(__always)
        private static func expandGrayAlpha(_ source: UnsafePointer<UInt8>, _ target: UnsafeMutablePointer<UInt8>, _ width: Int) {
            let output = UnsafeMutableRawPointer(target)
            for x in 0..<width {
                let pixel = UInt32(source[2 * x]) &* 0x01_0101 | UInt32(source[2 * x + 1]) << 24
                output.storeBytes(of: pixel.littleEndian, toByteOffset: 4 * x, as: UInt32.self)
            }
        }

        @inline(__always)
        private static func expandIndexed(_ source: UnsafePointer<UInt8>, _ target: UnsafeMutablePointer<UInt8>, _ width: Int, _ palette: [UInt32]) {
            palette.withUnsafeBufferPointer { entries in
                let pixels = UnsafeMutableRawPointer(target)
                for x in 0..<width { pixels.storeBytes(of: entries[Int(source[x])], toByteOffset: 4 * x, as: UInt32.self) }
            }
        }
    }
}
