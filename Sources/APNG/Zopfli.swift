import CZopfli
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The one place Flipbook calls zopfli (Apache 2.0): the smallest deflate streams there are,
/// at about a hundred times zlib's time, for the top effort.
enum Zopfli {
    /// `input` as a zlib stream, searched for `iterations` rounds (zopfli's default is 15).
    static func zlibStream(_ input: UnsafeBufferPointer<UInt8>, iterations: Int) -> [UInt8] {
        var options = ZopfliOptions()
        ZopfliInitOptions(&options)
        options.numiterations = Int32(max(1, iterations))
        var out: UnsafeMutablePointer<UInt8>? = nil
        var size = 0
        ZopfliCompress(&options, ZOPFLI_FORMAT_ZLIB, input.baseAddress, input.count, &out, &size)
        defer { free(out) }
        guard let out else { return [] }
        return Array(UnsafeBufferPointer(start: out, count: size))
    }
}
