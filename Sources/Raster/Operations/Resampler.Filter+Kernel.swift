import Foundation

extension Resampler.Filter {
    /// The filter's reach on each side of a sample, in source pixels (at a scale of 1 or more).
    var support: Double {
        switch self {
        case .nearest: 0.5
        case .bilinear: 1
        case .bicubic: 2
        case .lanczos3: 3
        }
    }

    /// The filter's weight at distance `x` from a sample's centre.
    func kernel(_ x: Double) -> Double {
        let t = abs(x)
        switch self {
        case .nearest: return t < 0.5 ? 1 : 0
        case .bilinear: return max(0, 1 - t)
        case .bicubic:
            let a = -0.5
            if t < 1 { return (a + 2) * t * t * t - (a + 3) * t * t + 1 }
            if t < 2 { return a * t * t * t - 5 * a * t * t + 8 * a * t - 4 * a }
            return 0
        case .lanczos3:
            if t == 0 { return 1 }
            if t >= 3 { return 0 }
            let px = Double.pi * t
            return 3 * sin(px) * sin(px / 3) / (px * px)
        }
    }
}
