import Raster

extension AlphaFlattener {
    /// Flattens a frame for ``GIF/AlphaMode/dither`` in place, setting the `kept` bits of pixels
    /// kept for certain and handing `undecided` the pixels the frame before decides (see
    /// ``Prepared/undecided``), in pixel order; `rim` is empty when no pixel is on a rim.
    ///
    /// A word of 64 pixels at a time from the frame's ``AlphaClasses``: opaque pixels pass through
    /// and are kept, transparent and faint ones are cleared in runs, and only the soft ones are
    /// decided one by one (small shape, rim cut or dither with hysteresis).
    static func dither(_ pixels: UnsafeMutableBufferPointer<UInt8>, classes: AlphaClasses, rim: UnsafeBufferPointer<UInt64>,
                       shares: UnsafeBufferPointer<UInt16>, shapes: SmallShapes?,
                       kept: UnsafeMutableBufferPointer<UInt64>, levels: [Int], edgeMatte: Color?,
                       undecided: (Int) -> Void) {
        let (width, height, words) = (classes.width, classes.height, classes.words)
        // In units of alpha·128 (the dither's comparison), the band each state must cross.
        let band = Self.hysteresis * 128
        let rimBand = Self.rimHysteresis * 128, rimCut = Self.rimCut * 128
        // Per place of the 8 × 8 pattern, the bounds of the band around its level, found once a
        // frame instead of per pixel (the same values: level ± min(band, level / 2, (255·128 − level) / 2)).
        var bounds = [(level: Int, above: Int, below: Int)](repeating: (0, 0, 0), count: levels.count)
        for (place, level) in levels.enumerated() {
            let margin = min(band, level / 2, (255 * 128 - level) / 2)
            bounds[place] = (level, level + margin, level - margin)
        }
        /// Sets the bits of `mask` (pixels `first` … `first` + 63) in `kept`.
        @inline(__always) func keep(_ mask: UInt64, from first: Int) {
            let (word, shift) = (first >> 6, UInt64(first & 63))
            kept[word] |= mask << shift
            if shift != 0, mask >> (64 - shift) != 0 { kept[word + 1] |= mask >> (64 - shift) }
        }
        guard let base = pixels.baseAddress else { return }
        classes.opaque.withUnsafeBufferPointer { opaque in
            classes.soft.withUnsafeBufferPointer { soft in
                bounds.withUnsafeBufferPointer { bounds in
                    for y in 0..<height {
                        let levelRow = (y & 7) << 3
                        for word in 0..<words {
                            let index = y &* words &+ word
                            let first = y &* width &+ word &* 64   // the word's first pixel
                            let count = min(64, width &- word &* 64)
                            let all: UInt64 = count == 64 ? .max : (1 << UInt64(count)) &- 1
                            let opaqueBits = opaque[index], softBits = soft[index]
                            // Transparent and faint pixels: cleared, a run at a time.
                            var dropped = all & ~(opaqueBits | softBits)
                            while dropped != 0 {
                                let start = dropped.trailingZeroBitCount
                                let length = (~(dropped >> UInt64(start))).trailingZeroBitCount
                                (base + (first &+ start) &* 4).update(repeating: 0, count: length &* 4)
                                dropped = length &+ start >= 64 ? 0 : dropped & ~((1 << UInt64(length &+ start)) &- 1)
                            }
                            keep(opaqueBits, from: first)
                            let rimBits = rim.isEmpty ? 0 : rim[index]
                            var bits = softBits
                            while bits != 0 {
                                let bit = bits.trailingZeroBitCount
                                bits &= bits &- 1
                                let x = word &* 64 &+ bit
                                let pixel = first &+ bit, byte = pixel &* 4
                                // Kept for certain, not kept, or decided by the frame before (`ifNone`: with none).
                                var opaque = true, depends = false, ifNone = false, solid = false
                                if let shapes, shapes.isMember(pixel) {
                                    // Part of a small soft shape: its core is kept solid.
                                    opaque = shapes.keeps(pixel)
                                    solid = opaque
                                } else if rimBits >> UInt64(bit) & 1 != 0 {
                                    // A rim pixel changes state only past a band around the cut (a sprite's
                                    // outline crawls less where it barely moves).
                                    let share = Int(shares[pixel])
                                    opaque = share >= rimCut + rimBand
                                    depends = !opaque && share >= rimCut - rimBand
                                    ifNone = share >= rimCut
                                } else {
                                    // Within half the way to 0 and to 255, so every level can still be left.
                                    let share = Int(shares[pixel])
                                    let bound = bounds[levelRow | (x & 7)]
                                    opaque = share > bound.above
                                    depends = !opaque && share > bound.below
                                    ifNone = share > bound.level
                                }
                                if !opaque && !depends {
                                    (base + byte).update(repeating: 0, count: 4)
                                    continue
                                }
                                if depends {
                                    undecided(pixel << 1 | (ifNone ? 1 : 0))
                                } else {
                                    kept[pixel >> 6] |= 1 << UInt64(pixel & 63)
                                }
                                if let edgeMatte { blend(pixels, at: byte, alpha: Int(pixels[byte + 3]), over: edgeMatte) }
                                // Kept with its own colour: the alpha byte stays, as the pixel's visibility; a small
                                // shape's core is seen whole (it stands for the light of the pixels dropped around it).
                                if solid { pixels[byte + 3] = 255 }
                            }
                        }
                    }
                }
            }
        }
    }
}
