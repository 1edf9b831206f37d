import Testing
import Raster
import TestSupport
@testable import GIF

/// Small soft shapes and faint frames on real frames (`Tests/Fixtures/sparks`): the sparks of
/// CodeManu's "Big Hit" (frames 10 and 11: streaks and dots of 2–40 pixels, half of them partly
/// transparent) and the faint white smoke ring of its "Explosion2" (frames 22 and 24, alpha 16–100).
@Suite("GIF small soft shapes and faint frames")
struct GIFSmallShapesTests {
    static let sparks = ["codemanu-bighit-sparkburst10.png", "codemanu-bighit-sparkburst11.png"]
    static let faintRing = ["codemanu-explosion2-sparks22.png", "codemanu-explosion2-sparks24.png"]

    static func frame(_ name: String) throws -> Bitmap {
        var sequence = name.dropLast(4)   // ".png"
        while sequence.last?.isNumber == true { sequence = sequence.dropLast() }
        return try PNG.Decoder().decodeBitmap(file: Fixtures.path("sparks/\(sequence)/\(name)"))
    }

    @Test func theFixturesAreThere() {
        #expect(Fixtures.pngNames(in: "sparks/codemanu-bighit-sparkburst") == Self.sparks)
        #expect(Fixtures.pngNames(in: "sparks/codemanu-explosion2-sparks") == Self.faintRing)
    }

    /// The soft groups of pixels (alpha 16…254, 8-neighbours) of at most 64 pixels with no opaque
    /// pixel within two: found here on their own, by flood fill.
    static func smallSoftShapes(_ bitmap: Bitmap) -> [[Int]] {
        let (width, height) = (bitmap.width, bitmap.height)
        func alpha(_ p: Int) -> UInt8 { bitmap.pixels[p * 4 + 3] }
        func nearOpaque(_ p: Int) -> Bool {
            let (x, y) = (p % width, p / width)
            for ny in max(0, y - 2)...min(height - 1, y + 2) {
                for nx in max(0, x - 2)...min(width - 1, x + 2) where alpha(ny * width + nx) == 255 { return true }
            }
            return false
        }
        func soft(_ p: Int) -> Bool { alpha(p) >= 16 && alpha(p) < 255 && !nearOpaque(p) }
        var seen = [Bool](repeating: false, count: width * height), shapes: [[Int]] = []
        for start in 0..<(width * height) where !seen[start] && soft(start) {
            var stack = [start], members: [Int] = []
            seen[start] = true
            while let p = stack.popLast() {
                members.append(p)
                let (x, y) = (p % width, p / width)
                for ny in max(0, y - 1)...min(height - 1, y + 1) {
                    for nx in max(0, x - 1)...min(width - 1, x + 1) where !seen[ny * width + nx] && soft(ny * width + nx) {
                        seen[ny * width + nx] = true
                        stack.append(ny * width + nx)
                    }
                }
            }
            if members.count <= AlphaFlattener.smallShapeLimit { shapes.append(members) }
        }
        return shapes
    }

    /// Each small soft spark is kept as a core, not a stipple: the pixels kept are its brightest
    /// (none dropped is brighter than one kept), as many as its light covers (its summed dither
    /// share, rounded up or down), drawn whole (alpha byte 255); a spark worth a pixel or more is
    /// never lost.
    @Test(arguments: sparks)
    func smallSparksKeepASolidCore(name: String) throws {
        let source = try Self.frame(name)
        let shapes = Self.smallSoftShapes(source)
        #expect(shapes.count >= 50, "\(shapes.count) small soft shapes")
        let flat = AlphaFlattener.flatten(AlphaFlattener.prepare(source, alpha: .dither))
        var lost = 0
        for shape in shapes {
            let share = { (p: Int) in
                AlphaFlattener.ditherShare(alpha: Int(source.pixels[p * 4 + 3]), source.pixels[p * 4], source.pixels[p * 4 + 1],
                                           source.pixels[p * 4 + 2])
            }
            let kept = shape.filter { flat[$0 * 4 + 3] != 0 }, dropped = shape.filter { flat[$0 * 4 + 3] == 0 }
            #expect(kept.allSatisfy { flat[$0 * 4 + 3] == 255 })
            if let dimmest = kept.map(share).min(), let brightest = dropped.map(share).max() {
                #expect(dimmest >= brightest, "a kept pixel is dimmer than a dropped one")
            }
            let mass = Double(shape.map(share).reduce(0, +)) / (255 * 128)
            #expect(Double(kept.count) >= mass.rounded(.down) && Double(kept.count) <= mass.rounded(.up))
            if mass >= 1 && kept.isEmpty { lost += 1 }
        }
        #expect(lost == 0)
    }

    /// A spark that holds still keeps the same pixels frame after frame.
    @Test func aStillSparkKeepsItsPixels() throws {
        let source = try Self.frame(Self.sparks[1])
        var flattener = AlphaFlattener(alpha: .dither)
        let first = flattener.flatten(AlphaFlattener.prepare(source, alpha: .dither))
        let second = flattener.flatten(AlphaFlattener.prepare(source, alpha: .dither))
        #expect(first == second)
    }

    /// A faint white ring (alpha 16–100) keeps the dots its light covers, no more: its summed
    /// dither share in pixels, to within the pattern's rounding. (Raised to a ninth of its
    /// visible pixels, as it once was, it drew the haze about twice as bright as it is over a dark
    /// page, and FLIP over black and white found that worse than dropping it.)
    @Test(arguments: faintRing)
    func aFaintFrameKeepsTheDotsItsLightCovers(name: String) throws {
        let source = try Self.frame(name)
        let flat = AlphaFlattener.flatten(AlphaFlattener.prepare(source, alpha: .dither))
        var mass = 0.0, visible = 0
        for p in 0..<(source.width * source.height) where source.pixels[p * 4 + 3] >= 16 {
            visible += 1
            mass += Double(AlphaFlattener.ditherShare(alpha: Int(source.pixels[p * 4 + 3]), source.pixels[p * 4],
                                                      source.pixels[p * 4 + 1], source.pixels[p * 4 + 2])) / (255 * 128)
        }
        let kept = stride(from: 3, to: flat.count, by: 4).filter { flat[$0] != 0 }.count
        #expect(visible > 1000 && mass > 100, "\(visible) visible pixels worth \(mass)")
        #expect(Double(kept) >= mass * 0.9 && Double(kept) <= mass * 1.1, "\(kept) kept for a light of \(mass) pixels")
    }
}
