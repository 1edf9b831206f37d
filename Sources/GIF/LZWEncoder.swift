/// GIF's LZW compression of one frame's indices, byte for byte as giflib 5's `EGifPutLine` writes it:
/// the code size byte, a clear code first, the greedy longest match with a new code for each match
/// plus the next index, a clear code (and no new code) once the codes reach 4095, the code width
/// raised one code late as giflib raises it, the end code, and the data in sub-blocks of 255 bytes
/// closed by an empty one.
///
/// giflib keeps its dictionary in a hash of 8 192 slots probed through a function call a pixel, and
/// hands every finished byte to a buffering call: on the writer thread that was 6–13 % of a GIF's
/// CPU (`_ExistsHashTable` alone 8 % on the 720p film). Here the dictionary is a 32 KB table in the
/// loop and the bytes go straight into the output.
enum LZWEncoder {
    /// Appends to `out` the LZW data of `indices` for a frame whose colour table has `1 << tableBits`
    /// entries (a code size of at least 2, as GIF requires). Each index is masked to the code size's
    /// bits first, as giflib masks it.
    static func encode(_ indices: UnsafeBufferPointer<UInt8>, tableBits: Int, into out: inout [UInt8]) {
        let bits = max(2, min(8, tableBits))
        out.append(UInt8(bits))
        guard let first = indices.first else {
            out.append(0)
            return
        }
        let mask = UInt8(truncatingIfNeeded: (1 << bits) - 1)
        let clear = 1 << bits, end = clear + 1
        // Every pixel a new code of at most 12 bits, and the clear codes: the data cannot outgrow this.
        let capacity = indices.count * 2 + 16
        let data = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: capacity)
        // Slots of (prefix code << 8 | index) + 1 in the high 20 bits and the code in the low 12; 0 is empty.
        let table = UnsafeMutableBufferPointer<UInt32>.allocate(capacity: slots)
        table.initialize(repeating: 0)
        defer { data.deallocate(); table.deallocate() }

        var written = 0
        var pending: UInt64 = 0, pendingBits = 0
        var runningCode = end + 1, runningBits = bits + 1, limit = 1 << (bits + 1)
        // giflib's `EGifCompressOutput`: the code at the current width, then the width raised when
        // the next code to be made no longer fits it.
        @inline(__always) func put(_ code: Int) {
            pending |= UInt64(code) &<< UInt64(pendingBits)
            pendingBits &+= runningBits
            while pendingBits >= 8 {
                data[written] = UInt8(truncatingIfNeeded: pending)
                written &+= 1
                pending &>>= 8
                pendingBits &-= 8
            }
            if runningCode >= limit && code <= maximumCode {
                runningBits &+= 1
                limit = 1 &<< runningBits
            }
        }

        put(clear)
        var current = UInt32(first & mask)
        for position in 1..<indices.count {
            let index = UInt32(indices[position] & mask)
            let key = current &<< 8 | index
            let tag = (key &+ 1) &<< 12
            var at = Int((key &* 0x9E37_79B1) >> (32 - slotBits))
            var found = false
            while true {
                let held = table[at]
                if held == 0 { break }
                if held & 0xFFFF_F000 == tag {
                    current = held & 0xFFF
                    found = true
                    break
                }
                at = (at &+ 1) & (slots - 1)
            }
            if found { continue }
            put(Int(current))
            current = index
            if runningCode >= maximumCode {
                put(clear)
                (runningCode, runningBits, limit) = (end + 1, bits + 1, 1 << (bits + 1))
                table.update(repeating: 0)
            } else {
                table[at] = tag | UInt32(runningCode)
                runningCode &+= 1
            }
        }
        put(Int(current))
        put(end)
        while pendingBits > 0 {
            data[written] = UInt8(truncatingIfNeeded: pending)
            written &+= 1
            pending &>>= 8
            pendingBits &-= 8
        }

        out.reserveCapacity(out.count + written + written / 255 + 2)
        var start = 0
        while start < written {
            let length = min(255, written - start)
            out.append(UInt8(length))
            out.append(contentsOf: UnsafeBufferPointer(rebasing: data[start..<(start + length)]))
            start += length
        }
        out.append(0)
    }

    /// giflib's `LZ_MAX_CODE`: the code at which a clear code is written instead of a new entry.
    static let maximumCode = 4095
    /// The dictionary's slots: twice the 4 096 codes it can hold, so a probe rarely goes on.
    private static let slotBits = 13
    private static let slots = 1 << slotBits
}
