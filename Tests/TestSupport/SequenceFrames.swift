import Foundation
import Raster

/// Frames of a fixture sequence, in the order of the number at the end of their names.
public func fixtureFrames(_ sequence: String) throws -> [Bitmap] {
    let folder = "sequences/\(sequence)"
    func number(_ name: String) -> Int {
        let stem = name.replacingOccurrences(of: "@2x", with: "").dropLast(4)
        return Int(String(stem.reversed().prefix { $0.isNumber }.reversed())) ?? -1
    }
    return try Fixtures.pngNames(in: folder).sorted { number($0) < number($1) }.map {
        try PNG.Decoder().decodeBitmap(file: Fixtures.path("\(folder)/\($0)"))
    }
}

/// Whether `decoded` shows `source`: equal RGBA where the source's alpha > 0, alpha 0 elsewhere.
public func shows(_ decoded: Bitmap, _ source: Bitmap) -> Bool {
    guard decoded.width == source.width, decoded.height == source.height else { return false }
    let d = decoded.pixels, s = source.pixels
    for i in stride(from: 0, to: s.count, by: 4) {
        if s[i + 3] == 0 { if d[i + 3] != 0 { return false } } else if d[i..<(i + 4)] != s[i..<(i + 4)] { return false }
    }
    return true
}


/// Frames of a fixture sequence composited onto an opaque white page (a sprite on a white
/// background: every pixel opaque, white its most common colour).
public func fixtureFramesOnWhite(_ sequence: String) throws -> [Bitmap] {
    try fixtureFrames(sequence).map { sprite in
        var pixels = sprite.pixels
        for i in stride(from: 0, to: pixels.count, by: 4) {
            let alpha = Int(pixels[i + 3])
            for c in 0..<3 { pixels[i + c] = UInt8((Int(pixels[i + c]) * alpha + 255 * (255 - alpha) + 127) / 255) }
            pixels[i + 3] = 255
        }
        return Bitmap(width: sprite.width, height: sprite.height, scale: sprite.scale, straight: pixels) ?? sprite
    }
}
