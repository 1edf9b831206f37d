import Testing
import Raster
import TestSupport
@testable import Compose

/// Every blend mode and Porter-Duff operator against Cairo 1.16's operator of the same name
/// (pixman's combiners) on two 64×64 images with soft alpha, compared per premultiplied channel:
/// mean ≤ 0.5/255 and max ≤ 2/255. References: Tests/Fixtures/compose/blend (ORIGIN.md).
@Suite struct BlendModeTests {
    static let folder = Fixtures.path("compose/blend")

    /// The premultiplied bytes stored in a `*.premul.png` reference.
    static func premultiplied(_ name: String) throws -> [UInt8] {
        try PNG.Decoder().decodeBitmap(file: "\(folder)/\(name).premul.png").pixels
    }

    @Test func everyModeHasAReference() {
        #expect(BlendMode.allCases.count == 27)
    }

    @Test(arguments: BlendMode.allCases)
    func matchesCairo(_ mode: BlendMode) throws {
        let source = try Self.premultiplied("source"), destination = try Self.premultiplied("destination")
        let expected = try Self.premultiplied(mode.rawValue)
        #expect(source.count == 64 * 64 * 4 && expected.count == source.count)
        var total = 0, worst = 0, worstAt = 0
        for pixel in stride(from: 0, to: source.count, by: 4) {
            func vector(_ bytes: [UInt8]) -> SIMD4<Float> {
                SIMD4(Float(bytes[pixel]), Float(bytes[pixel + 1]), Float(bytes[pixel + 2]), Float(bytes[pixel + 3])) / 255
            }
            let result = mode.blend(vector(source), onto: vector(destination))
            for channel in 0..<4 {
                let got = Int((min(max(result[channel], 0), 1) * 255).rounded())
                let difference = abs(got - Int(expected[pixel + channel]))
                total += difference
                if difference > worst { worst = difference; worstAt = pixel / 4 }
            }
        }
        let mean = Double(total) / Double(source.count)
        #expect(mean <= 0.5 && worst <= 2, "\(mode): mean \(mean), max \(worst) at pixel (\(worstAt % 64), \(worstAt / 64))")
    }

    @Test func normalIsSourceOverAndClearAlphaChangesNothing() {
        let red = SIMD4<Float>(0.5, 0, 0, 0.5), blue = SIMD4<Float>(0, 0, 1, 1)
        #expect(BlendMode.normal.blend(red, onto: blue) == SIMD4(0.5, 0, 0.5, 1))
        for mode in BlendMode.allCases where mode != .clear && mode != .copy && mode != .sourceIn
            && mode != .sourceOut && mode != .destinationIn && mode != .destinationAtop {
            #expect(mode.blend(.zero, onto: blue) == blue, "\(mode): a clear source must leave the backdrop")
        }
    }
}
