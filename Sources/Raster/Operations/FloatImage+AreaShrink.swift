/// The shrink before a downsampled blur (``Blur/downsample``): each output pixel the mean of the
/// source area it covers, by exact fractional overlaps, so the image's total is kept at any factor.
/// The resampler's widened filter folds its taps past the image onto the edge pixels, which
/// weighs them more the fewer pixels are left: a 64² coin of mean alpha 201 came back at 181 from
/// 2 px a side and at 146 from 1 (round 65t #2).
extension FloatImage {
    /// This image shrunk to `width × height` (each at most this image's side, at least 1) by area averaging.
    func areaShrunk(width: Int, height: Int) -> FloatImage {
        let sourceWidth = self.width, sourceHeight = self.height
        let across = Self.overlaps(from: sourceWidth, to: width), down = Self.overlaps(from: sourceHeight, to: height)
        var rows = [Float](repeating: 0, count: width * sourceHeight * 4)
        values.withUnsafeBufferPointer { source in
            rows.withUnsafeMutableBufferPointer { rows in
                for y in 0..<sourceHeight {
                    for x in 0..<width {
                        var sum: (Float, Float, Float, Float) = (0, 0, 0, 0)
                        for (i, weight) in across[x] {
                            let tap = (y * sourceWidth + i) * 4
                            sum.0 += weight * source[tap]; sum.1 += weight * source[tap + 1]
                            sum.2 += weight * source[tap + 2]; sum.3 += weight * source[tap + 3]
                        }
                        let out = (y * width + x) * 4
                        rows[out] = sum.0; rows[out + 1] = sum.1; rows[out + 2] = sum.2; rows[out + 3] = sum.3
                    }
                }
            }
        }
        var out = [Float](repeating: 0, count: width * height * 4)
        rows.withUnsafeBufferPointer { rows in
            out.withUnsafeMutableBufferPointer { out in
                for y in 0..<height {
                    for (j, weight) in down[y] {
                        let from = j * width * 4, to = y * width * 4
                        for k in 0..<(width * 4) { out[to + k] += weight * rows[from + k] }
                    }
                }
            }
        }
        return FloatImage(width: width, height: height, values: out)
    }

    /// For each of `target` output positions, the source positions its span covers and the share
    /// of the span each covers (the shares of one position sum to 1).
    static func overlaps(from source: Int, to target: Int) -> [[(Int, Float)]] {
        let ratio = Double(source) / Double(target)
        return (0..<target).map { position in
            let start = Double(position) * ratio, end = Double(position + 1) * ratio
            return (Int(start)..<min(source, Int(end.rounded(.up)))).compactMap { index in
                let covered = min(end, Double(index + 1)) - max(start, Double(index))
                return covered > 0 ? (index, Float(covered / ratio)) : nil
            }
        }
    }
}
