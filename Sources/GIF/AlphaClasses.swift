/// A frame's pixels sorted by alpha into bit masks, in one pass over the alpha bytes: opaque
/// (255) and soft (``AlphaFlattener/faintest`` … 254); a pixel in neither is transparent or faint
/// (under ``AlphaFlattener/faintest``), which the dither drops alike.
///
/// The masks are laid out as ``AlphaFlattener/rim(of:)``'s: rows of ``words`` 64-bit words, pixel
/// x of row y is bit x % 64 of word y · words + x / 64; bits past the width are 0. The flattener's
/// steps (the rim, the shares, the small shapes, the dither) then visit only
/// the pixels they decide — soft ones, a few percent of a smoke or sprite frame — and handle the
/// rest a word of 64 at a time. Before, each step read every pixel's alpha again: six passes a
/// frame, 22 % of the CPU on the faint smoke of Benchmarks/gif-real.
struct AlphaClasses {
    let width: Int
    let height: Int
    /// Words of 64 pixels per row.
    let words: Int
    /// Pixels of alpha 255.
    private(set) var opaque: [UInt64]
    /// Pixels of alpha ``AlphaFlattener/faintest`` … 254.
    private(set) var soft: [UInt64]
    /// Whether any pixel has alpha 255, ``AlphaFlattener/faintest`` … 254, 1 … faintest − 1, 0.
    private(set) var anyOpaque = false, anySoft = false, anyFaint = false, anyClear = false

    /// The classes of `pixels` (straight RGBA8, `width` × `height`).
    init(_ pixels: UnsafeBufferPointer<UInt8>, width: Int, height: Int) {
        let words = (width + 63) / 64
        (self.width, self.height, self.words) = (width, height, words)
        var opaque = [UInt64](repeating: 0, count: words * height)
        var soft = [UInt64](repeating: 0, count: words * height)
        // Flags ORed branch-free: bit 0 opaque, 1 soft, 2 faint, 3 clear.
        var kinds: UInt8 = 0
        let faintest = UInt8(AlphaFlattener.faintest)
        opaque.withUnsafeMutableBufferPointer { opaque in
            soft.withUnsafeMutableBufferPointer { soft in
                guard let base = UnsafeRawPointer(pixels.baseAddress) else { return }
                // The alpha bytes of two pixels in a little-endian word of 8 bytes.
                let alphas: UInt64 = 0xFF00_0000_FF00_0000
                for y in 0..<height {
                    let row = y &* width
                    for word in 0..<words {
                        let start = word &* 64, end = min(width, start &+ 64)
                        var opaqueBits: UInt64 = 0, softBits: UInt64 = 0
                        var x = start
                        // Eight pixels at a time where they are all transparent or all opaque (most
                        // of a sprite or smoke frame), one by one where they are mixed.
                        while x < end {
                            if x &+ 8 <= end {
                                let offset = (row &+ x) &* 4
                                let w0 = base.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                                let w1 = base.loadUnaligned(fromByteOffset: offset &+ 8, as: UInt64.self)
                                let w2 = base.loadUnaligned(fromByteOffset: offset &+ 16, as: UInt64.self)
                                let w3 = base.loadUnaligned(fromByteOffset: offset &+ 24, as: UInt64.self)
                                if (w0 | w1 | w2 | w3) & alphas == 0 {
                                    kinds |= 8
                                    x &+= 8
                                    continue
                                }
                                if (w0 & w1 & w2 & w3) & alphas == alphas {
                                    kinds |= 1
                                    opaqueBits |= 0xFF &<< UInt64(x &- start)
                                    x &+= 8
                                    continue
                                }
                            }
                            let stop = min(end, x &+ 8)
                            while x < stop {
                                let a = pixels[(row &+ x) &* 4 &+ 3]
                                let isOpaque: UInt8 = a == 255 ? 1 : 0
                                let isSoft: UInt8 = a &- faintest < 255 &- faintest ? 1 : 0
                                let isFaint: UInt8 = a &- 1 < faintest &- 1 ? 1 : 0
                                let isClear: UInt8 = a == 0 ? 1 : 0
                                kinds |= isOpaque | isSoft << 1 | isFaint << 2 | isClear << 3
                                opaqueBits |= UInt64(isOpaque) &<< UInt64(x &- start)
                                softBits |= UInt64(isSoft) &<< UInt64(x &- start)
                                x &+= 1
                            }
                        }
                        opaque[y &* words &+ word] = opaqueBits
                        soft[y &* words &+ word] = softBits
                    }
                }
            }
        }
        (self.opaque, self.soft) = (opaque, soft)
        (anyOpaque, anySoft, anyFaint, anyClear) = (kinds & 1 != 0, kinds & 2 != 0, kinds & 4 != 0, kinds & 8 != 0)
    }

    /// Calls `body(start, end)` for each run of consecutive set bits of row `y` of `mask` (rows of
    /// ``words`` words), left to right: pixels `start..<end` of the row.
    @inline(__always)
    func forEachRun(in mask: UnsafeBufferPointer<UInt64>, row y: Int, _ body: (Int, Int) -> Void) {
        var open = -1   // the start of a run still going at the end of the word before
        for word in 0..<words {
            var bits = mask[y &* words &+ word]
            var position = 0   // bits of this word already passed (`bits` is shifted by as many)
            while position < 64 {
                if open < 0 {
                    if bits == 0 { break }
                    let zeros = bits.trailingZeroBitCount
                    open = word &* 64 &+ position &+ zeros
                    bits >>= UInt64(zeros)
                    position &+= zeros
                } else {
                    let ones = (~bits).trailingZeroBitCount   // up to the word's end: shifted-in bits are 0
                    if position &+ ones >= 64 { break }       // the run goes on into the next word
                    body(open, word &* 64 &+ position &+ ones)
                    open = -1
                    bits >>= UInt64(ones)
                    position &+= ones
                }
            }
        }
        if open >= 0 { body(open, width) }
    }
}
