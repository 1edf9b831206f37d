import CDeflate

/// The one place Flipbook calls libdeflate (MIT): whole zlib streams at levels 1–12, faster than
/// zlib at the same size, and at 12 close to zopfli in a fraction of its time.
enum LibDeflate {
    /// `input` as a zlib stream (header, deflate data, Adler-32) at `level` (1…12); `nil` only when
    /// libdeflate cannot allocate its compressor.
    static func zlibStream(_ input: UnsafeBufferPointer<UInt8>, level: Int) -> [UInt8]? {
        guard let compressor = libdeflate_alloc_compressor(Int32(min(max(level, 1), 12))) else { return nil }
        defer { libdeflate_free_compressor(compressor) }
        let bound = libdeflate_zlib_compress_bound(compressor, input.count)
        var output = [UInt8](repeating: 0, count: bound)
        let written = output.withUnsafeMutableBytes { out in
            libdeflate_zlib_compress(compressor, input.baseAddress, input.count, out.baseAddress, out.count)
        }
        guard written > 0 || input.isEmpty else { return nil }
        output.removeSubrange(written...)
        return output
    }
}
