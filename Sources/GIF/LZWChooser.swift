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
    /// The indices of `count` pixels, the number of strings (data codes) giflib will write for them,
    /// and those codes with the clear codes between them (``LZWEncoder/Codes``), which the writer
    /// then packs without parsing the indices again;
    /// `preferred(i)` is pixel `i`'s own index and `cost(i, index)` what drawing it with another
    /// costs (`.infinity`: not accepted). Where the string can go on with its own index it does;
    /// else with the accepted index of least cost. `minCodeSize` is the GIF's LZW minimum code
    /// size (2…8: every index is below `1 << minCodeSize`). `reached(i, chosen)`, when given, is
    /// told as the walk passes every `every`-th pixel that the indices of pixels `0..<i` are final
    /// (the walk never goes back to them), so they may be drawn while it goes on.
    @inline(__always)
    static func choose(count: Int, minCodeSize: Int, preferred: (Int) -> UInt8,
                       cost: (Int, UInt8) -> Float, every: Int = 0,
                       reached: ((Int, UnsafeBufferPointer<UInt8>) -> Void)? = nil)
        -> (indices: [UInt8], strings: Int, codes: LZWEncoder.Codes) {
        var chosen = [UInt8](repeating: 0, count: count)
        var strings = 0
        var codes = LZWEncoder.Codes(codeSize: minCodeSize)
        guard count > 0 else { return (chosen, 0, codes) }
        codes.codes.reserveCapacity(count / 4)
        let clear = 1 << minCodeSize
        // The dictionary as a tree: each code's first child and next sibling, -1 for none (the
        // order in which a string's continuations are tried when its own index does not go on),
        // and a hash of (code, index) → child, so the own index's continuation is found in a
        // probe or two instead of a walk along the children (where it does not go on, the walk went
        // along every child twice: the hottest part of this loop on the 720p film, whose codes
        // have up to 256 children).
        let nodes = LZWEncoder.maximumCode + 1
        let firstChild = UnsafeMutableBufferPointer<Int32>.allocate(capacity: nodes)
        let nextSibling = UnsafeMutableBufferPointer<Int32>.allocate(capacity: nodes)
        let symbol = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: nodes)
        // Open addressing, at most 4 096 of 16 384 slots in use, each the key (code << 8 | index) + 1
        // in its high half and the child in its low half (one load a probe); 0 when empty.
        let table = UnsafeMutableBufferPointer<UInt64>.allocate(capacity: Self.hashSlots)
        firstChild.initialize(repeating: -1)
        nextSibling.initialize(repeating: -1)
        symbol.initialize(repeating: 0)
        table.initialize(repeating: 0)
        defer {
            firstChild.deallocate(); nextSibling.deallocate(); symbol.deallocate()
            table.deallocate()
        }
        var filled: [Int32] = []   // hash slots in use, to clear them cheaply
        filled.reserveCapacity(LZWEncoder.maximumCode)
        var nextCode = clear + 2
        var used: [Int32] = []   // codes with children, to clear them cheaply
        @inline(__always) func slot(_ key: UInt32) -> Int { Int((key &* 0x9E37_79B1) >> 18) }
        /// The child of `node` for `index`, or -1.
        @inline(__always) func child(of node: Int, _ index: UInt8) -> Int {
            let key = UInt32(node) << 8 | UInt32(index) + 1
            var at = slot(key)
            while true {
                let held = table[at]
                if UInt32(truncatingIfNeeded: held >> 32) == key { return Int(UInt32(truncatingIfNeeded: held)) }
                if held == 0 { return -1 }
                at = (at + 1) & (Self.hashSlots - 1)
            }
        }
        chosen.withUnsafeMutableBufferPointer { chosen in
            var i = 0
            var nextReport = reached != nil && every > 0 ? every : Int.max
            while i < count {
                let first = preferred(i)
                chosen[i] = first
                var node = Int(first)
                i += 1
                while i < count {
                    let own = preferred(i)
                    var next = child(of: node, own)
                    if next < 0 {
                        var least = Float.infinity
                        var child = firstChild[node]
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
                codes.codes.append(UInt16(node))
                if i >= nextReport {
                    reached!(i, UnsafeBufferPointer(chosen))
                    nextReport = (i / every + 1) * every
                }
                guard i < count else { break }
                // giflib: a new code for the string plus the next pixel's index, or a clear code
                // once the codes reach 4095.
                if nextCode >= LZWEncoder.maximumCode {
                    codes.codes.append(UInt16(clear))
                    for code in used { firstChild[Int(code)] = -1 }
                    used.removeAll(keepingCapacity: true)
                    for at in filled { table[Int(at)] = 0 }
                    filled.removeAll(keepingCapacity: true)
                    nextCode = clear + 2
                } else {
                    if firstChild[node] < 0 { used.append(Int32(node)) }
                    let index = preferred(i)
                    symbol[nextCode] = index
                    nextSibling[nextCode] = firstChild[node]
                    firstChild[node] = Int32(nextCode)
                    firstChild[nextCode] = -1
                    // (node, index) is new: the lookup above found no child for it.
                    let key = UInt32(node) << 8 | UInt32(index) + 1
                    var at = slot(key)
                    while table[at] != 0 { at = (at + 1) & (Self.hashSlots - 1) }
                    table[at] = UInt64(key) << 32 | UInt64(nextCode)
                    filled.append(Int32(at))
                    nextCode += 1
                }
            }
        }
        return (chosen, strings, codes)
    }
    /// Slots of the (code, index) → child hash: a power of two, four times the codes it holds.
    static let hashSlots = 1 << 14
}
