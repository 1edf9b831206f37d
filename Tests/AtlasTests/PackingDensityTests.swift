import Testing
import TestSupport
import Raster
import Atlas

/// MaxRects on a real mixed set: Kenney's UI pack (CC0, `Tests/Fixtures/packing/kenney-ui`, see its
/// ORIGIN.md) with every frame of the real sequences in `Tests/Fixtures/sequences`, each trimmed to
/// its visible pixels, identical ones once — what `sheet --trim --padding 0` packs. `Scripts/bench
/// atlas` measures the larger set (with the effect GIFs' frames): 98.9 %.
@Suite("Packing density on real sprites")
struct PackingDensityTests {
    static let sequences = [
        "ansimuz-fire-bomb-pixel", "bbb-opening-fadein-720p", "emt-watch-spinner-2x", "gameart2d-dino-jump",
        "kenney-gold-coin", "unity-explosion02hd-fadeout", "unity-wispy-smoke-02-long", "unity-wispy-smoke-03b-faint",
    ]

    static func sizes() throws -> [MaxRectsPacker.Size] {
        var files = Fixtures.pngNames(in: "packing/kenney-ui").map { "packing/kenney-ui/\($0)" }
        #expect(files.count == 100)
        for sequence in sequences { files += Fixtures.pngNames(in: "sequences/\(sequence)").map { "sequences/\(sequence)/\($0)" } }
        var seen = Set<[UInt8]>()
        var sizes: [MaxRectsPacker.Size] = []
        for file in files {
            let bitmap = try PNG.Decoder().decodeBitmap(file: Fixtures.path(file))
            let bounds = SheetBuilder.opaqueBounds(bitmap)
            if seen.insert(bitmap.cropped(to: bounds).pixels).inserted { sizes.append(.init(width: bounds.width, height: bounds.height)) }
        }
        return sizes
    }

    @Test("Trimmed UI pieces and effect, character and film frames fill at least 97.5 % of the page (98 % turned)")
    func realMixedSetPacksDensely() throws {
        let sizes = try Self.sizes()
        #expect(sizes.count == 167)
        let area = Double(sizes.reduce(0) { $0 + $1.width * $1.height })
        for (rotation, floor) in [(false, 0.975), (true, 0.98)] {
            let result = try #require(try MaxRectsPacker(padding: 0, allowRotation: rotation).pack(sizes))
            let occupancy = area / Double(result.width * result.height)
            #expect(occupancy >= floor, "rotation \(rotation): \(occupancy)")
            // Nothing overlaps and everything is on the page.
            var rects: [(Int, Int, Int, Int)] = []
            for (size, placement) in zip(sizes, result.placements) {
                let (w, h) = placement.rotated ? (size.height, size.width) : (size.width, size.height)
                #expect(placement.x + w <= result.width && placement.y + h <= result.height)
                rects.append((placement.x, placement.y, w, h))
            }
            for i in rects.indices {
                for j in rects.indices where j > i {
                    let (a, b) = (rects[i], rects[j])
                    #expect(a.0 + a.2 <= b.0 || b.0 + b.2 <= a.0 || a.1 + a.3 <= b.1 || b.1 + b.3 <= a.1, "\(i) and \(j) overlap")
                }
            }
        }
    }
}
