import CDeflate
import Basics
import Foundation

/// The one place Flipbook calls libdeflate (MIT): whole zlib streams at levels 1–12, faster than
/// zlib at the same size, and at 12 close to zopfli in a fraction of its time (APNG's encoder);
/// whole zlib streams inflated into a buffer of known size, and CRC-32 (the PNG decoder).
package enum LibDeflate {
    /// `input` as a zlib stream (header, deflate data, Adler-32) at `level` (1…12); `nil` only when
    /// libdeflate cannot allocate its compressor.
    package static func zlibStream(_ input: UnsafeBufferPointer<UInt8>, level: Int) -> [UInt8]? {
        guard let compressor = Coders.forThisThread.compressor(level: min(max(level, 1), 12)) else { return nil }
        let bound = libdeflate_zlib_compress_bound(compressor, input.count)
        var output = [UInt8](repeating: 0, count: bound)
        let written = output.withUnsafeMutableBytes { out in
            libdeflate_zlib_compress(compressor, input.baseAddress, input.count, out.baseAddress, out.count)
        }
        guard written > 0 || input.isEmpty else { return nil }
        output.removeSubrange(written...)
        return output
    }

    /// Inflates the zlib stream `input` (header, deflate data, Adler-32, which is checked) into
    /// `output`, true only when the stream is valid, fills `output` exactly and ends exactly at the
    /// end of `input`. Anything else (a damaged stream, a wrong checksum, too little or too much
    /// data, bytes after the stream) is false, with `output` in an unspecified state.
    package static func inflateZlibExactly(_ input: UnsafeRawBufferPointer, into output: UnsafeMutableRawBufferPointer) -> Bool {
        guard let decompressor = Coders.forThisThread.decompressor() else { return false }
        var consumed = 0
        var produced = 0
        let result = libdeflate_zlib_decompress_ex(decompressor, input.baseAddress, input.count,
                                                   output.baseAddress, output.count, &consumed, &produced)
        return result == LIBDEFLATE_SUCCESS && consumed == input.count && produced == output.count
    }

    /// The CRC-32 of `bytes` (as PNG chunks and gzip use it), continuing from `start`.
    package static func crc32(_ bytes: UnsafeRawBufferPointer, start: UInt32 = 0) -> UInt32 {
        libdeflate_crc32(start, bytes.baseAddress, bytes.count)
    }

    /// One thread's compressors, one per level, and its decompressor, kept for the thread's life: a
    /// compressor takes megabytes to set up (level 12's most), which cost more than compressing a
    /// small frame.
    private final class Coders {
        private var byLevel: [Int: OpaquePointer] = [:]
        private var inflater: OpaquePointer?

        static var forThisThread: Coders { PerThread.object("flipbook.libdeflate", make: Coders.init) }

        func compressor(level: Int) -> OpaquePointer? {
            if let compressor = byLevel[level] { return compressor }
            let made = libdeflate_alloc_compressor(Int32(level))
            byLevel[level] = made
            return made
        }

        func decompressor() -> OpaquePointer? {
            if let inflater { return inflater }
            inflater = libdeflate_alloc_decompressor()
            return inflater
        }

        deinit {
            for compressor in byLevel.values { libdeflate_free_compressor(compressor) }
            if let inflater { libdeflate_free_decompressor(inflater) }
        }
    }
}
