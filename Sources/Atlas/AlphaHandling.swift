import Raster

/// What a sheet's pages store under and around transparency, as TexturePacker's "alpha handling"
/// offers it. Every mode keeps each visible pixel's alpha, and every fully transparent pixel stays
/// fully transparent; they differ in the colour stored there, and `premultiply` in how colour is
/// stored at all.
public enum AlphaHandling: String, Sendable, CaseIterable {
    /// The source bytes, untouched: cutting a frame back out gives the file it came from.
    case keep
    /// The colour of every fully transparent pixel set to black (smaller PNGs; the look of
    /// `keep` for any renderer that blends premultiplied or ignores hidden colour).
    case clear
    /// Every fully transparent pixel takes the colour of the nearest visible one (ties go to the
    /// one found first, scanning rows top to bottom): an engine that filters a straight-alpha
    /// texture bilinearly then blends edge pixels with their own colour, not with black, so
    /// sprites show no dark fringe. PNGs grow a little.
    case bleed
    /// Pages written premultiplied (`c · a / 255`, rounded), for engines that load them as such;
    /// the data says so where its format can (`meta.premultipliedAlpha` in TexturePacker JSON,
    /// `pma:true` in a libGDX atlas). Lossy: a pixel of alpha *a* keeps *a* + 1 levels per channel.
    case premultiply

    /// `page` with this handling applied.
    public func apply(to page: Bitmap) -> Bitmap {
        switch self {
        case .keep:
            return page
        case .clear:
            var pixels = page.pixels
            Self.clearHiddenColor(&pixels)
            return Bitmap(width: page.width, height: page.height, scale: page.scale, straight: pixels)!
        case .bleed:
            return Self.bled(page)
        case .premultiply:
            return Bitmap(width: page.width, height: page.height, scale: page.scale, straight: page.premultipliedPixels())!
        }
    }

    /// Sets the colour of every alpha-0 pixel in straight RGBA `bytes` to black.
    static func clearHiddenColor(_ bytes: inout [UInt8]) {
        var index = 0
        while index + 3 < bytes.count {
            if bytes[index + 3] == 0 { bytes[index] = 0; bytes[index + 1] = 0; bytes[index + 2] = 0 }
            index += 4
        }
    }

    /// Breadth-first from every visible pixel at once (8 neighbours), so each transparent pixel is
    /// reached first from its nearest visible pixel in chessboard distance and takes its colour.
    /// Memory: one bit per pixel and the current wave of pixels, whatever the page size.
    static func bled(_ page: Bitmap) -> Bitmap {
        let width = page.width, height = page.height, count = width * height
        guard count > 0 else { return page }
        var out = page
        var reached = [UInt64](repeating: 0, count: (count + 63) / 64)
        var frontier: [Int] = []
        out.withUnsafeMutablePixels { pixels in
            for index in 0..<count where pixels[index * 4 + 3] != 0 {
                reached[index >> 6] |= 1 << UInt64(index & 63)
                frontier.append(index)
            }
            guard !frontier.isEmpty, frontier.count < count else { return }
            var next: [Int] = []
            while !frontier.isEmpty {
                next.removeAll(keepingCapacity: true)
                for pixel in frontier {
                    let x = pixel % width, y = pixel / width
                    for dy in -1...1 {
                        let ny = y + dy
                        guard ny >= 0, ny < height else { continue }
                        for dx in -1...1 where dx != 0 || dy != 0 {
                            let nx = x + dx
                            guard nx >= 0, nx < width else { continue }
                            let neighbour = ny * width + nx
                            let bit: UInt64 = 1 << UInt64(neighbour & 63)
                            guard reached[neighbour >> 6] & bit == 0 else { continue }
                            reached[neighbour >> 6] |= bit
                            // The colour of the visible pixel this wave started from; alpha stays 0.
                            pixels[neighbour * 4] = pixels[pixel * 4]
                            pixels[neighbour * 4 + 1] = pixels[pixel * 4 + 1]
                            pixels[neighbour * 4 + 2] = pixels[pixel * 4 + 2]
                            next.append(neighbour)
                        }
                    }
                }
                swap(&frontier, &next)
            }
        }
        return out
    }
}
