import Testing
@testable import FrameGen

/// ``Rounding`` gives what the standard rounding gives, bit for bit: the rasterizer's pixels depend on it.
@Suite("Rounding without the C library")
struct RoundingTests {
    /// Halves, near-halves, zeros of both signs, the ends of the fast range, huge, infinite and
    /// tiny values, and pseudo-random ones (a fixed LCG: the same on every run).
    static let samples: [Double] = {
        var samples: [Double] = [0, -0.0, 0.5, -0.5, 1.5, -1.5, 2.5, -2.5, 0.49999999999999994, -0.49999999999999994,
                                 0x1p52 - 0.5, -(0x1p52 - 0.5), 0x1p52, -0x1p52, 0x1p53 + 2, -0x1p60, .infinity, -.infinity,
                                 .greatestFiniteMagnitude, -.greatestFiniteMagnitude, .leastNonzeroMagnitude,
                                 -.leastNonzeroMagnitude, 1 - 0x1p-53, -1 + 0x1p-53, 1e-300, -1e-300]
        var state: UInt64 = 1
        for i in 0..<20_000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let v = (Double(state >> 11) / Double(1 << 53) * 2 - 1) * (i % 2 == 0 ? 1e6 : 4)
            samples.append(v)
            samples.append((v * 512).rounded() / 256)   // on the 1/256 grid
            samples.append((v * 2).rounded() / 2)       // halves and whole numbers
        }
        return samples
    }()

    @Test("away is rounded(), down is rounded(.down), up is rounded(.up)")
    func sameAsStandard() {
        for v in Self.samples {
            #expect(Rounding.away(v).bitPattern == v.rounded().bitPattern, "\(v)")
            #expect(Rounding.down(v).bitPattern == v.rounded(.down).bitPattern, "\(v)")
            #expect(Rounding.up(v).bitPattern == v.rounded(.up).bitPattern, "\(v)")
        }
        #expect(Rounding.away(.nan).isNaN && Rounding.down(.nan).isNaN && Rounding.up(.nan).isNaN)
    }
}
