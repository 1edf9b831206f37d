import Basics
import Foundation
import Raster

/// Small, valid values the hostile cases start from (built in code, nothing read from disk).
enum Sample {
    /// A 4 × 3 bitmap with an opaque red pixel, a half-transparent one and the rest clear.
    static var bitmap: Bitmap {
        var pixels = [UInt8](repeating: 0, count: 4 * 3 * 4)
        pixels[0...3] = [255, 0, 0, 255]
        pixels[20...23] = [0, 128, 255, 128]
        return Bitmap(width: 4, height: 3, straight: pixels) ?? Bitmap(clearWidth: 4, height: 3)
    }

    /// `bitmap` encoded as a PNG.
    static var png: [UInt8] { (try? PNG.Encoder().encode(bitmap)) ?? [] }

    /// Values no caller should send, in the order the cases try them.
    static let doubles: [Double] = [.nan, .infinity, -.infinity, 0, -1, 1e300, -1e300, .greatestFiniteMagnitude,
                                    .leastNonzeroMagnitude]
    static let ints: [Int] = [0, -1, Int.min, Int.max, Int.max / 2, 1 << 40]

    /// Bytes that are no file format at all: empty, zeros, a truncated PNG signature, the PNG cut short.
    static var junk: [[UInt8]] { [[], [0], [UInt8](repeating: 0, count: 64), [0x89, 0x50, 0x4E, 0x47], Array(png.prefix(png.count / 2))] }

    /// A folder under the temporary directory, made fresh for one case.
    static func folder(_ name: String) -> String {
        let path = NSTemporaryDirectory() + "flipbook-hostile-\(getpid())/\(name)"
        try? FileManager.default.removeItem(atPath: path)
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }
}

/// Runs `body` for each value, collecting nothing: a hostile case passes when no call traps.
func each<T>(_ values: [T], _ body: (T) throws -> Void) {
    for value in values { _ = try? body(value) }
}
