import Foundation
import Raster
import TestSupport

/// The GIF fixtures: Pillow references and where their GIFs live.
extension Fixtures {
    /// Names (without extension) of the GIFs that have Pillow references.
    static func referenceNames() -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: path("gif/references"))) ?? []
        return names.filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }.sorted()
    }

    /// Where the GIF a reference was made from lives.
    static func gifPath(for name: String) -> String {
        let effects = path("gif/effects/\(name).gif")
        return FileManager.default.fileExists(atPath: effects) ? effects : path("gif/giflib/\(name).gif")
    }

    struct Reference: Decodable {
        var frames: Int
        var width: Int
        var height: Int
        var delays: [Int]
        var loop: Int?
    }

    static func reference(_ name: String) throws -> (Reference, Bitmap) {
        let json = try Data(contentsOf: URL(fileURLWithPath: path("gif/references/\(name).json")))
        let reference = try JSONDecoder().decode(Reference.self, from: json)
        let strip = try PNG.Decoder().decode(file: path("gif/references/\(name).png")).bitmap()
        return (reference, strip)
    }
}
