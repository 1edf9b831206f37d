import Basics
import Raster

/// Something that draws the frames of a sequence on demand: frame `i` depends only on the
/// generator's options and `i`, so frames can be made in any order, in parallel, and streamed
/// (a GIF of thousands of frames never holds more than a window of them).
public protocol FrameGenerator: Sendable {
    /// How many frames the sequence has.
    var frameCount: Int { get }
    /// The first setting out of range, or `nil` when every setting can be drawn: what ``frame(_:)``
    /// throws as ``GeneratorError/setting(_:)`` before any work. A caller may check it once before
    /// asking for frames (a form beside its controls, a command before it opens its output).
    /// Generators of your own that check nothing need not implement it (`nil`).
    var settingError: SettingError? { get }
    /// Frame `index` (0-based), at the generator's scale.
    /// - Throws: ``GeneratorError/setting(_:)`` for the first setting out of range
    ///   (``settingError``); ``GeneratorError/limit(_:)`` for `pixels` when the frame's size is NaN,
    ///   infinite or negative, or over the generator's `limits` (`ResourceLimits.maxPixels`) — as
    ///   `Canvas(width:height:scale:limits:)` does — and for the generator's other limits. Both are
    ///   checked before anything is allocated or drawn.
    func frame(_ index: Int) throws(GeneratorError) -> Bitmap
}

extension FrameGenerator {
    /// `nil`: a generator that does not say otherwise checks no setting of its own.
    public var settingError: SettingError? { nil }
}

extension ResourceLimits {
    /// Checks a generator's `width × height`-point frame at `scale` (a scale below 1 counts as 1,
    /// as a canvas takes it) against ``maxPixels``, naming `generator` in the error.
    func checkFrame(width: Double, height: Double, scale: Int, of generator: String) throws(GeneratorError) {
        do { try checkPixels(width: width, height: height, scale: max(1, scale), of: "\(generator) frame") } catch { throw .limit(error) }
    }
}

/// SplitMix64: a tiny, fast, well-mixed generator whose output is fixed by its seed on every
/// platform — generators use it so the same options give byte-identical frames.
public struct SeededRandom: Sendable, RandomNumberGenerator {
    private var state: UInt64

    /// A generator whose sequence is fixed by `seed`.
    public init(seed: UInt64) { state = seed }

    /// The next 64 random bits (SplitMix64's step and output mix).
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A double in [0, 1) from the top 53 bits.
    public mutating func unit() -> Double { Double(next() >> 11) * (1.0 / 9_007_199_254_740_992.0) }
}
