/// Picks a frame's indices, among those each pixel accepts, so that GIF's LZW finds long strings:
/// the "lossy LZW" of gifsicle and gifski, run before the exact encoder instead of inside it.
///
/// It parses the pixels as giflib's encoder will (greedy longest match, a new code for each match
/// plus the next pixel, a clear code instead of code 4095), but where the next pixel's own index
/// does not continue the current string, any index that pixel accepts and the dictionary does
/// continue with is taken (the one of least cost). Each string so chosen is one giflib's dictionary holds at that point,
/// so the exact encoder, given the chosen indices, parses them the same way; a pixel is never
/// given an index it does not accept.
enum LZWChooser {
    /// The indices of `count` pixels, and the strings (data codes) giflib will write for them;
    /// `preferred(i)` is pixel `i`'s own index and `cost(i, index)` what drawing it with another
    /// costs (`.infinity`: not accepted). Where the string can go on with its own index it does;
    /// else with the accepted index of least cost. `minCodeSize` is the GIF's LZW minimum code
    /// size (2…8: every index is below `1 << minCodeSize`).
    static func choose(count: Int, minCodeSize: Int, preferred: (Int) -> UInt8,
                       cost: (Int, UInt8) -> Float) -> (indices: [UInt8], strings: Int) {
        var chosen = [UInt8](repeating: 0, count: count)
        var strings = 0
        guard count > 0 else { return (chosen, 0) }
        let clear = 1 << minCodeSize
        // The dictionary as a tree: each code's first child and next sibling, -1 for none.
        var firstChild = [Int32](repeating: -1, count: maximumCode + 1)
        var nextSibling = [Int32](repeating: -1, count: maximumCode + 1)
        var symbol = [UInt8](repeating: 0, count: maximumCode + 1)
        var nextCode = clear + 2
        var used: [Int32] = []   // codes with children, to clear them cheaply
        chosen.withUnsafeMutableBufferPointer { chosen in
            var i = 0
            while i < count {
                let first = preferred(i)
                chosen[i] = first
                var node = Int(first)
                i += 1
                while i < count {
                    let own = preferred(i)
                    var next = -1
                    var child = firstChild[node]
                    while child >= 0 {
                        if symbol[Int(child)] == own { next = Int(child); break }
                        child = nextSibling[Int(child)]
                    }
                    if next < 0 {
                        var least = Float.infinity
                        child = firstChild[node]
                        while child >= 0 {
                            let price = cost(i, symbol[Int(child)])
                            if price < least { (least, next) = (price, Int(child)) }
                            child = nextSibling[Int(child)]
                        }
                    }
                    guard next >= 0 else { break }
                    chosen[i] = symbol[next]
                    node = next
                    i += 1
                }
                strings += 1
                guard i < count else { break }
                // giflib: a new code for the string plus the next pixel's index, or a clear code
                // once the codes reach 4095.
                if nextCode >= maximumCode {
                    for code in used { firstChild[Int(code)] = -1 }
                    used.removeAll(keepingCapacity: true)
                    nextCode = clear + 2
                } else {
                    if firstChild[node] < 0 { used.append(Int32(node)) }
                    symbol[nextCode] = preferred(i)
                    nextSibling[nextCode] = firstChild[node]
                    firstChild[node] = Int32(nextCode)
                    firstChild[nextCode] = -1
                    nextCode += 1
                }
            }
        }
        return (chosen, strings)
    }

    /// giflib's `LZ_MAX_CODE`: the code at which it writes a clear code instead of a new entry.
    static let maximumCode = 4095
}
