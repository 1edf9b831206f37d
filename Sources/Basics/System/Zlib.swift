import CZlib

/// The one place Flipbook calls zlib (package access: Raster's PNG writer compresses with it, the
/// output record checksums with it): raw deflate of one piece of a stream (so pieces can be
/// compressed on several cores and joined, as pigz does), and the Adler-32 and CRC-32 checksums.
package enum Zlib {
    /// `input` compressed as one piece of a raw deflate stream, primed with `dictionary` (the up to
    /// 32 KiB of data just before it, so matches may reach back across the cut): ends byte-aligned
    /// with an empty stored block (a sync flush) so the next piece can follow it, or with the
    /// stream's final block when `final`. `nil` only if zlib cannot allocate its state.
    package static func deflatePiece(_ input: UnsafeBufferPointer<UInt8>, dictionary: UnsafeBufferPointer<UInt8>, level: Int, filtered: Bool, final: Bool) -> [UInt8]? {
        var stream = z_stream()
        guard deflateInit2_(&stream, Int32(level), Z_DEFLATED, -15, 8, filtered ? Z_FILTERED : Z_DEFAULT_STRATEGY, ZLIB_VERSION,
                            Int32(MemoryLayout<z_stream>.size)) == Z_OK else { return nil }
        defer { deflateEnd(&stream) }
        if let base = dictionary.baseAddress, dictionary.count > 0 {
            guard deflateSetDictionary(&stream, base, uInt(min(dictionary.count, 32768))) == Z_OK else { return nil }
        }
        // A sync flush and the stored-block overhead fit in the bound plus a few bytes.
        var output = [UInt8](repeating: 0, count: Int(deflateBound(&stream, uLong(input.count))) + 16)
        let produced = output.withUnsafeMutableBufferPointer { out -> Int? in
            stream.next_in = UnsafeMutablePointer(mutating: input.baseAddress)
            stream.avail_in = uInt(input.count)
            stream.next_out = out.baseAddress
            stream.avail_out = uInt(out.count)
            let result = deflate(&stream, final ? Z_FINISH : Z_SYNC_FLUSH)
            guard result == (final ? Z_STREAM_END : Z_OK), stream.avail_in == 0 else { return nil }
            return out.count - Int(stream.avail_out)
        }
        guard let produced else { return nil }
        output.removeSubrange(produced...)
        return output
    }

    /// Adler-32 of `bytes`, continuing from `start` (1 for a new stream).
    package static func adler32(_ bytes: UnsafeBufferPointer<UInt8>, start: UInt32 = 1) -> UInt32 {
        UInt32(CZlib.adler32(uLong(start), bytes.baseAddress, uInt(bytes.count)))
    }

    /// The Adler-32 of two pieces joined, from theirs and the second one's length.
    package static func adler32Combine(_ first: UInt32, _ second: UInt32, secondLength: Int) -> UInt32 {
        UInt32(adler32_combine(uLong(first), uLong(second), off_t(secondLength)))
    }

    /// The CRC-32 of two pieces joined, from theirs and the second one's length.
    package static func crc32Combine(_ first: UInt32, _ second: UInt32, secondLength: Int) -> UInt32 {
        UInt32(crc32_combine(uLong(first), uLong(second), off_t(secondLength)))
    }

    /// CRC-32 of `bytes`, continuing from `start` (0 for a new one).
    package static func crc32(_ bytes: UnsafeBufferPointer<UInt8>, start: UInt32 = 0) -> UInt32 {
        UInt32(CZlib.crc32(uLong(start), bytes.baseAddress, uInt(bytes.count)))
    }
}
