import Basics
import Raster

/// What every frame of an animation holds, gathered before anything is written (an APNG has one
/// colour type for all its frames): whether all are opaque or grey, the colours when there are at
/// most 256 (every fully transparent pixel counted as one colour, since its RGB is not shown), and,
/// for opaque frames, which RGB colours and grey levels appear, so that one that does not can
/// stand for "transparent" in a `tRNS` chunk.
struct ColorSurvey: Sendable {
    /// Every pixel has alpha 255.
    var opaque = true
    /// Some pixel has alpha 0.
    var anyClear = false
    /// Every pixel with alpha > 0 has R = G = B.
    var grey = true
    /// RGBA colours (alpha-0 pixels as 0x00000000) in order of first appearance; `nil` past 256.
    var colors: [UInt32: Int]? = [:]
    /// Grey levels used by pixels with alpha > 0.
    var greyLevels = [Bool](repeating: false, count: 256)
    /// One bit per 24-bit RGB colour used (by opaque frames only; empty once a pixel is not opaque).
    var rgbUsed: [UInt64] = []

    /// The survey of one frame.
    init(_ bitmap: Bitmap) {
        var colors: [UInt32: Int] = [:]
        var tooMany = false
        var rgbUsed = [UInt64](repeating: 0, count: 1 << 18)
        var opaque = true, anyClear = false, grey = true
        var levels = [Bool](repeating: false, count: 256)
        bitmap.pixels.withUnsafeBufferPointer { p in
            levels.withUnsafeMutableBufferPointer { levels in
                rgbUsed.withUnsafeMutableBufferPointer { used in
                    var last: UInt32 = 0xFFFF_FFFF
                    var lastKnown = false
                    var i = 0
                    while i < p.count {
                        let r = p[i], g = p[i + 1], b = p[i + 2], a = p[i + 3]
                        i += 4
                        if a == 0 {
                            anyClear = true
                            opaque = false
                        } else {
                            if a != 255 { opaque = false }
                            if r != g || g != b { grey = false } else { levels[Int(r)] = true }
                            let rgb = Int(r) << 16 | Int(g) << 8 | Int(b)
                            used[rgb >> 6] |= 1 << UInt64(rgb & 63)
                        }
                        if tooMany { continue }
                        let color: UInt32 = a == 0 ? 0 : UInt32(r) << 24 | UInt32(g) << 16 | UInt32(b) << 8 | UInt32(a)
                        if lastKnown && color == last { continue }
                        last = color
                        lastKnown = true
                        if colors[color] == nil {
                            if colors.count == 256 { tooMany = true } else { colors[color] = colors.count }
                        }
                    }
                }
            }
        }
        self.opaque = opaque
        self.anyClear = anyClear
        self.grey = grey
        self.colors = tooMany ? nil : colors
        self.greyLevels = levels
        self.rgbUsed = opaque ? rgbUsed : []
    }

    /// The survey of no frame at all, to merge frames into.
    init() {
        rgbUsed = [UInt64](repeating: 0, count: 1 << 18)
    }

    /// Adds a later frame's survey (`other`) to this one.
    mutating func merge(_ other: ColorSurvey) {
        opaque = opaque && other.opaque
        anyClear = anyClear || other.anyClear
        grey = grey && other.grey
        for level in 0..<256 where other.greyLevels[level] { greyLevels[level] = true }
        if opaque {
            for i in rgbUsed.indices { rgbUsed[i] |= other.rgbUsed[i] }
        } else {
            rgbUsed = []
        }
        if var merged = colors, let more = other.colors {
            for (color, _) in more.sorted(by: { $0.value < $1.value }) where merged[color] == nil {
                guard merged.count < 256 else { colors = nil; return }
                merged[color] = merged.count
            }
            colors = merged
        } else {
            colors = nil
        }
    }

    /// An RGB colour no frame uses (for an opaque animation): black when `zeroFirst` and black is
    /// free, else searched from white down; `nil` when all 16 777 216 are used.
    func unusedRGB(zeroFirst: Bool = false) -> (UInt8, UInt8, UInt8)? {
        guard !rgbUsed.isEmpty else { return nil }
        if zeroFirst && rgbUsed[0] & 1 == 0 { return (0, 0, 0) }
        for word in stride(from: rgbUsed.count - 1, through: 0, by: -1) where rgbUsed[word] != .max {
            let bit = (~rgbUsed[word]).trailingZeroBitCount
            let rgb = word << 6 | bit
            return (UInt8(rgb >> 16), UInt8(rgb >> 8 & 0xFF), UInt8(rgb & 0xFF))
        }
        return nil
    }

    /// The smallest bit depth (1, 2, 4 or 8) holding every grey level used.
    var greyDepth: Int {
        let used = (0..<256).filter { greyLevels[$0] }
        if used.allSatisfy({ $0 % 255 == 0 }) { return 1 }
        if used.allSatisfy({ $0 % 85 == 0 }) { return 2 }
        if used.allSatisfy({ $0 % 17 == 0 }) { return 4 }
        return 8
    }

    /// A grey level representable at `depth` bits that no pixel uses, as an 8-bit level: 0 when
    /// `zeroFirst` and 0 is free, else searched from white down.
    func unusedGrey(depth: Int, zeroFirst: Bool = false) -> UInt8? {
        if zeroFirst && !greyLevels[0] { return 0 }
        let step = 255 / ((1 << depth) - 1)
        return stride(from: 255, through: 0, by: -step).first { !greyLevels[$0] }.map(UInt8.init)
    }
}
