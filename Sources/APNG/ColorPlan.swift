import Basics
import Raster

/// One lossless colour type for every frame of an APNG, and how a frame's pixels become its
/// samples ("units": 1 byte for a palette index or a grey level, 2 for grey + alpha, 3 for RGB,
/// 4 for RGBA, before sub-byte depths are packed). Every pixel with alpha 0 becomes one unit,
/// ``clear``: its RGB is never shown, and one value compresses best. Opaque animations get a
/// ``clear`` unit too where one is free (a spare palette entry, an unused grey level or RGB colour
/// in `tRNS`), so frames can leave pixels unchanged by drawing them transparent over the last.
struct ColorPlan: Sendable {
    enum Kind: String, Sendable {
        case indexed, grey, greyAlpha = "grey+alpha", rgb = "RGB", rgba = "RGBA"
    }

    let kind: Kind
    /// Bits per sample in the file: 1, 2, 4 or 8 (indexed and grey), else 8.
    let bitDepth: Int
    /// Bytes per unit.
    let unitBytes: Int
    /// The unit that shows alpha 0, when the colour type has one.
    let clear: [UInt8]?
    /// Indexed: the RGBA colour of each entry.
    let palette: [UInt32]
    private let index: [UInt32: UInt8]
    /// Indexed: whether each entry is opaque.
    private let opaqueEntry: [Bool]
    /// Whether the transparent unit is all zero samples (what Pillow clears a region to).
    var clearIsZero: Bool { clear.map { $0.allSatisfy { $0 == 0 } } ?? false }

    private init(kind: Kind, bitDepth: Int, clear: [UInt8]?, palette: [UInt32] = []) {
        self.kind = kind
        self.bitDepth = bitDepth
        self.clear = clear
        self.palette = palette
        unitBytes = switch kind {
        case .indexed, .grey: 1
        case .greyAlpha: 2
        case .rgb: 3
        case .rgba: 4
        }
        var index: [UInt32: UInt8] = [:]
        for (i, color) in palette.enumerated() { index[color] = UInt8(i) }
        self.index = index
        opaqueEntry = palette.map { $0 & 0xFF == 0xFF }
    }

    /// Every colour type that holds the survey's frames exactly, smallest first as far as can be
    /// told without compressing: a palette (when ≤ 256 colours; packed, and one index per byte),
    /// grey (likewise), then RGB(A). `rules` may rule out 1-bit grey and ask for a transparent
    /// grey level or RGB colour of 0 where that one is free (a palette's transparent entry is
    /// always index 0).
    static func candidates(for survey: ColorSurvey, rules: APNG.Encoder.Compatibility.Rules = []) -> [ColorPlan] {
        var plans: [ColorPlan] = []
        if let colors = survey.colors, let plan = indexed(colors, needsClear: true) ?? indexed(colors, needsClear: false) {
            plans.append(plan)
            // Deflate matches whole bytes: one index per byte often compresses better than packed ones.
            if plan.bitDepth < 8 { plans.append(ColorPlan(kind: .indexed, bitDepth: 8, clear: plan.clear, palette: plan.palette)) }
        }
        let zeroFirst = rules.contains(.backgroundIsZero)
        if survey.grey && survey.opaque {
            var depth = rules.contains(.noOneBitGrey) ? max(2, survey.greyDepth) : survey.greyDepth
            // A free level for transparency at the smallest depth that has one.
            while depth < 8 && survey.unusedGrey(depth: depth) == nil { depth *= 2 }
            plans.append(ColorPlan(kind: .grey, bitDepth: depth, clear: survey.unusedGrey(depth: depth, zeroFirst: zeroFirst).map { [$0] }))
            if depth < 8 { plans.append(ColorPlan(kind: .grey, bitDepth: 8, clear: survey.unusedGrey(depth: 8, zeroFirst: zeroFirst).map { [$0] })) }
        } else if survey.grey {
            plans.append(ColorPlan(kind: .greyAlpha, bitDepth: 8, clear: [0, 0]))
        }
        if survey.opaque {
            plans.append(ColorPlan(kind: .rgb, bitDepth: 8, clear: survey.unusedRGB(zeroFirst: zeroFirst).map { [$0.0, $0.1, $0.2] }))
        } else {
            plans.append(ColorPlan(kind: .rgba, bitDepth: 8, clear: [0, 0, 0, 0]))
        }
        return plans
    }

    /// A palette of `colors` (in order of first appearance; 0 stands for every alpha-0 pixel),
    /// transparent entries first so `tRNS` stays short; with `needsClear`, a transparent entry is
    /// added when there is none (`nil` when that makes 257).
    private static func indexed(_ colors: [UInt32: Int], needsClear: Bool) -> ColorPlan? {
        var ordered = colors.sorted { $0.value < $1.value }.map(\.key)
        let hasClear = ordered.contains(0)
        if needsClear && !hasClear {
            guard ordered.count < 256 else { return nil }
            ordered.append(0)
        }
        let translucent = ordered.filter { $0 & 0xFF != 0xFF }.sorted { ($0 & 0xFF) < ($1 & 0xFF) }
        let palette = translucent + ordered.filter { $0 & 0xFF == 0xFF }
        let depth = palette.count <= 2 ? 1 : palette.count <= 4 ? 2 : palette.count <= 16 ? 4 : 8
        let clear = palette.firstIndex(of: 0).map { [UInt8($0)] }
        return ColorPlan(kind: .indexed, bitDepth: depth, clear: clear, palette: palette)
    }

    /// The PNG colour type of ``kind``.
    var colorType: PNG.ColorType {
        switch kind {
        case .indexed: .indexed
        case .grey: .grayscale
        case .greyAlpha: .grayscaleAlpha
        case .rgb: .rgb
        case .rgba: .rgba
        }
    }

    /// The `PLTE` chunk's data (indexed only).
    var paletteChunk: [UInt8] {
        palette.flatMap { [UInt8($0 >> 24), UInt8($0 >> 16 & 0xFF), UInt8($0 >> 8 & 0xFF)] }
    }

    /// The `tRNS` chunk's data: palette alphas up to the last translucent entry, or the grey level
    /// or RGB colour that is transparent; empty when there is none.
    var transparencyChunk: [UInt8] {
        switch kind {
        case .indexed:
            let translucent = palette.prefix { $0 & 0xFF != 0xFF }
            return translucent.map { UInt8($0 & 0xFF) }
        case .grey:
            guard let clear else { return [] }
            let sample = Int(clear[0]) / greyStep
            return [UInt8(sample >> 8), UInt8(sample & 0xFF)]
        case .rgb:
            guard let clear else { return [] }
            return [0, clear[0], 0, clear[1], 0, clear[2]]
        case .greyAlpha, .rgba:
            return []
        }
    }

    /// 8-bit levels per step of a grey sample at ``bitDepth``.
    private var greyStep: Int { 255 / ((1 << bitDepth) - 1) }

    /// Bytes per pixel for the PNG filters (1 below 8 bits).
    var filterBytesPerPixel: Int { unitBytes }

    /// Whether libpng would filter rows adaptively (not for palettes or sub-byte depths).
    var filtersByDefault: Bool { kind != .indexed && bitDepth == 8 }

    /// What the plan is, for reports: "indexed, 4 bits, 13 colours", "RGBA".
    var summary: String {
        switch kind {
        case .indexed: "indexed, \(bitDepth)-bit, \(palette.count) colour\(palette.count == 1 ? "" : "s")"
        case .grey: "grey, \(bitDepth)-bit"
        default: kind.rawValue
        }
    }

    /// The units of `bitmap`, row by row.
    func units(of bitmap: Bitmap) -> [UInt8] {
        let pixels = bitmap.width * bitmap.height
        var out = [UInt8](repeating: 0, count: pixels * unitBytes)
        bitmap.pixels.withUnsafeBufferPointer { p in
            out.withUnsafeMutableBufferPointer { out in
                switch kind {
                case .indexed:
                    // No sentinel colour: 0xFFFFFFFF is opaque white, which a sentinel made index 0
                    // (transparent) until the first pixel of another colour.
                    var lastColor: UInt32 = 0, lastIndex: UInt8 = 0, lastKnown = false
                    for i in 0..<pixels {
                        let a = p[4 * i + 3]
                        let color: UInt32 = a == 0 ? 0
                            : UInt32(p[4 * i]) << 24 | UInt32(p[4 * i + 1]) << 16 | UInt32(p[4 * i + 2]) << 8 | UInt32(a)
                        if !lastKnown || color != lastColor {
                            lastKnown = true
                            lastColor = color
                            lastIndex = index[color] ?? 0
                        }
                        out[i] = lastIndex
                    }
                case .grey:
                    for i in 0..<pixels { out[i] = p[4 * i] }
                case .greyAlpha:
                    for i in 0..<pixels where p[4 * i + 3] != 0 {
                        out[2 * i] = p[4 * i]
                        out[2 * i + 1] = p[4 * i + 3]
                    }
                case .rgb:
                    for i in 0..<pixels {
                        out[3 * i] = p[4 * i]
                        out[3 * i + 1] = p[4 * i + 1]
                        out[3 * i + 2] = p[4 * i + 2]
                    }
                case .rgba:
                    for i in 0..<pixels where p[4 * i + 3] != 0 {
                        out[4 * i] = p[4 * i]
                        out[4 * i + 1] = p[4 * i + 1]
                        out[4 * i + 2] = p[4 * i + 2]
                        out[4 * i + 3] = p[4 * i + 3]
                    }
                }
            }
        }
        return out
    }

    /// Whether the unit at `unit` is fully opaque (so blending it over anything gives itself).
    @inline(__always)
    func isOpaque(_ unit: UnsafePointer<UInt8>) -> Bool {
        switch kind {
        case .indexed: opaqueEntry[Int(unit[0])]
        case .grey, .rgb: true
        case .greyAlpha: unit[1] == 255
        case .rgba: unit[3] == 255
        }
    }

    /// Bytes per packed row of `width` pixels.
    func bytesPerRow(width: Int) -> Int {
        bitDepth == 8 ? width * unitBytes : (width * bitDepth + 7) / 8
    }

    /// `units` (rows of `width` units) packed as the file's samples: sub-byte depths packed most
    /// significant bits first, grey levels turned into samples.
    func packed(_ units: [UInt8], width: Int) -> [UInt8] {
        guard bitDepth < 8 else { return units }
        let height = units.count / width
        let rowBytes = bytesPerRow(width: width), perByte = 8 / bitDepth
        let divisor = kind == .grey ? greyStep : 1
        var rows = [UInt8](repeating: 0, count: rowBytes * height)
        for y in 0..<height {
            for x in 0..<width {
                let value = units[y * width + x] / UInt8(divisor)
                rows[y * rowBytes + x / perByte] |= value << (8 - bitDepth * (x % perByte + 1))
            }
        }
        return rows
    }
}
