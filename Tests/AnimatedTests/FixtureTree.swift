import Foundation
import Raster

/// A temporary folder of generated PNG frames, removed when released.
final class FixtureTree {
    let root: String

    init() throws {
        root = NSTemporaryDirectory() + "flipbook-animated-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: root) }

    func path(_ relative: String) -> String { "\(root)/\(relative)" }

    /// Writes a `width × height` PNG filled with `color` (default: opaque, varied by name so
    /// consecutive frames differ).
    @discardableResult
    func png(_ relative: String, _ width: Int, _ height: Int, color: Color? = nil) throws -> String {
        let full = path(relative)
        try FileManager.default.createDirectory(atPath: FrameFolder.parent(full), withIntermediateDirectories: true)
        var bitmap = Bitmap(clearWidth: width, height: height)
        let hash = relative.unicodeScalars.reduce(UInt32(7)) { $0 &* 31 &+ $1.value }
        let fill = color ?? Color(r: UInt8(hash & 0xFF), g: UInt8((hash >> 8) & 0xFF), b: UInt8((hash >> 16) & 0xFF))
        for y in 0..<height { for x in 0..<width { bitmap[x, y] = fill } }
        try PNG.Encoder().write(bitmap, to: full)
        return full
    }

    /// Writes `bitmap` as a PNG at `relative`, creating folders.
    func png(_ relative: String, _ bitmap: Bitmap) throws {
        let full = path(relative)
        try FileManager.default.createDirectory(atPath: FrameFolder.parent(full), withIntermediateDirectories: true)
        try PNG.Encoder().write(bitmap, to: full)
    }

    /// A many-coloured image (stored as RGB, not palette).
    static func gradient(_ size: Int) -> Bitmap {
        var bitmap = Bitmap(clearWidth: size, height: size)
        for y in 0..<size {
            for x in 0..<size {
                bitmap[x, y] = Color(r: UInt8(x * 255 / size), g: UInt8(y * 255 / size), b: UInt8((x * y) % 256))
            }
        }
        return bitmap
    }

    func write(_ relative: String, _ text: String) throws {
        let full = path(relative)
        try FileManager.default.createDirectory(atPath: FrameFolder.parent(full), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: URL(fileURLWithPath: full))
    }
}

enum FrameFolder {
    static func parent(_ path: String) -> String { URL(fileURLWithPath: path).deletingLastPathComponent().path }
}
