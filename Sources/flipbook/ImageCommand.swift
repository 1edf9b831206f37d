import ArgumentParser
import Foundation
import Raster

/// Reading the input and writing the output of the one-image commands (blur, slice, resize), with
/// the contract's exit codes.
enum ImageCommand {
    static func load(_ path: String, limits: ResourceLimits) throws -> Bitmap {
        try PNG.Decoder(maxPixels: limits.maxPixels).decodeBitmap(file: path)
    }

    static func save(_ bitmap: Bitmap, to path: String, json: Bool, extra: [String: String] = [:]) throws {
        try PNG.Encoder().write(bitmap, to: path)
        if json {
            struct Output: Encodable {
                var output: String, width: Int, height: Int, scale: Int
                var details: [String: String]
            }
            try Console.printJSON(Output(output: path, width: bitmap.width, height: bitmap.height, scale: bitmap.scale, details: extra))
        } else {
            print("\(path): \(bitmap.width)×\(bitmap.height) px @\(bitmap.scale)x")
        }
    }

    /// `width × height` points at `scale` in whole pixels, or a usage error (exit 2) naming the
    /// limit when the size is over `limits.maxPixels`.
    static func pixelSize(width: Double, height: Double, scale: Int, limits: ResourceLimits, flag: String) throws -> (width: Int, height: Int) {
        do { try limits.checkPixels(width: width, height: height, scale: scale, of: flag) } catch { throw UsageError(error) }
        // Within the limit, so both sides are below 2³¹: the conversions cannot trap.
        return (max(1, Int((width * Double(scale)).rounded())), max(1, Int((height * Double(scale)).rounded())))
    }

    /// `W`x`H` in points, e.g. `120x44` or `120.5x44`.
    static func size(_ text: String) throws -> (Double, Double) {
        let parts = text.lowercased().split(separator: "x").map { Double($0) }
        guard parts.count == 2, let width = parts[0], let height = parts[1], width > 0, height > 0, width.isFinite, height.isFinite else {
            throw ValidationError("sizes are WIDTHxHEIGHT in points, e.g. 120x44 (got '\(text)').")
        }
        return (width, height)
    }
}
