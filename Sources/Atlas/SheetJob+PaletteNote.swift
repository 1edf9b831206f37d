import Basics
import Raster

extension SheetJob {
    /// `notes`, with ``paletteNote(_:)`` for `sheets` when this job writes palette pages (and
    /// without it otherwise: a plan reused from a palette job's packing).
    func withPaletteNote(_ notes: [String], _ sheets: [SpriteSheet]) -> [String] {
        let kept = notes.filter { !$0.hasPrefix("SheetJob.png8:") }
        guard png8, let note = Self.paletteNote(sheets) else { return kept }
        return kept + [note]
    }

    /// `--png8`'s note when a page holds more colours than a palette does: how many, and how far
    /// the nearest of 256 (``PaletteQuantizer``) takes a pixel, in levels of its colour over black
    /// (premultiplied, as the quantizer measures: a faint pixel's error shows as faintly). `nil`
    /// when every page fits (at most 256 entries, the clear one included): those are written exactly.
    static func paletteNote(_ sheets: [SpriteSheet]) -> String? {
        var most = 0, worst = 0
        for page in sheets.flatMap(\.pages) {
            let entries = Self.paletteEntries(page)
            guard entries > 256 else { continue }
            most = max(most, entries)
            worst = max(worst, Self.largestDifference(page, PaletteQuantizer().reduce(page)))
        }
        guard most > 0 else { return nil }
        return "SheetJob.png8: a page holds \(most) colours, more than a palette's 256: each pixel takes the nearest, at most \(worst) "
            + "level\(worst == 1 ? "" : "s") off; leave SheetJob.png8 off to keep the frames exactly"
    }

    /// The palette entries `page` needs to be kept exactly: its visible colours, and one for clear.
    private static func paletteEntries(_ page: Bitmap) -> Int {
        var colours = Set<UInt32>(), clear = false
        page.pixels.withUnsafeBytes { raw in
            for pixel in raw.bindMemory(to: UInt32.self) {
                if pixel & UInt32(littleEndian: 0xFF00_0000) == 0 { clear = true } else { colours.insert(pixel) }
            }
        }
        return colours.count + (clear ? 1 : 0)
    }

    /// The largest difference of one channel between `page` and `reduced`, premultiplied, in levels.
    private static func largestDifference(_ page: Bitmap, _ reduced: Bitmap) -> Int {
        var worst = 0
        let (a, b) = (page.pixels, reduced.pixels)
        for i in stride(from: 0, to: a.count, by: 4) {
            let (alphaA, alphaB) = (Int(a[i + 3]), Int(b[i + 3]))
            var largest = abs(alphaA - alphaB)
            for c in 0..<3 { largest = max(largest, abs(Int(a[i + c]) * alphaA - Int(b[i + c]) * alphaB) / 255) }
            worst = max(worst, largest)
        }
        return worst
    }
}
