import CDeflate
import Foundation

/// The one place Flipbook calls libdeflate (MIT): whole zlib streams at levels 1–12, faster than
/// zlib at the same size, and at 12 close to zopfli in a fraction of its time.
enum LibDeflate {
    /// `input` as a zlib stream (header, deflate data, Adler-32) at `level` (1…12); `nil` only when
    /// libdeflate cannot allocate its compressor.
    static func zlibStream(_ input: UnsafeBufferPointer<UInt8>, level: Int) -> [UInt8]? {
        guard let compressor = Compressors.forThisThread.compressor(level: min(max(level, 1), 12)) else { return nil }
        let bound = libdeflate_zlib_compress_bound(compressor, input.count)
        var output = [UInt8](repeating: 0, count: bound)
        let written = output.withUnsafeMutableBytes { out in
            libdeflate_zlib_compress(compressor, input.baseAddress, input.count, out.baseAddress, out.count)
        }
        guard written > 0 || input.isEmpty else { return nil }
        output.removeSubrange(written...)
        return output
    }

    /// One thread's compressors, one per level, kept for the thread's life: a compressor takes
    /// megabytes to set up (level 12's most), which cost more than compressing a small frame.
    private final class Compressors {
        private var byLevel: [Int: OpaquePointer] = [:]

        static var forThisThread: Compressors {
            let key = "flipbook.libdeflate"
            if let compressors = Thread.current.threadDictionary[key] as? Compressors { return compressors }
            let compressors = Compressors()
            Thread.current.threadDictionary[key] = compressors
            return compressors
        }

        func compressor(level: Int) -> OpaquePointer? {
            if let compressor = byLevel[level] { return compressor }
            let made = libdeflate_alloc_compressor(Int32(level))
            byLevel[level] = made
            return made
        }

        deinit {
            for compressor in byLevel.values { libdeflate_free_compressor(compressor) }
        }
    }
}
