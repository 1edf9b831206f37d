/// GIF's LZW compression of one frame's indices, byte for byte as giflib 5's `EGifPutLine` writes it:
/// the code size byte, a clear code first, the greedy longest match with a new code for each match
/// plus the next index, a clear code (and no new code) once the codes reach 4095, the code width
/// raised one code late as giflib raises it, the end code, and the data in sub-blocks of 255 bytes
/// closed by an empty one.
///
/// A frame whose indices ``LZWChooser`` chose comes with the codes that walk already found
/// (``Codes``): they are only packed into bits (``write(_:into:)``), not looked up again.
enum LZWEncoder {
    /// The codes giflib's parse of a frame's indices writes, in order, as ``LZWChooser`` found them:
    /// each string's code, and the clear code where the dictionary was full (the first clear code
    /// and the end code are not listed).
    struct Codes: Sendable {
        /// The LZW minimum code size (2…8) the codes were made for.
        let codeSize: Int
        var codes: [UInt16] = []
    }

    /// Appends to `out` the LZW data of `indices` for a frame whose colour table has `1 << tableBits`
    /// entries (a code size of at least 2, as GIF requires). Each index is masked to the code size's
    /// bits first, as giflib masks it.
    ///
    /// (giflib keeps its dictionary in a hash probed through a function call a pixel, and hands every
    /// finished byte to a buffering call: `_ExistsHashTable` alone was 8 % of the 720p film's CPU.
    /// Here the dictionary is a 32 KB table in the loop.)
    static func encode(_ indices: UnsafeBufferPointer<UInt8>, tableBits: Int, into out: inout [UInt8]) {
        let bits = max(2, min(8, tableBits))
        var stream = Stream(codeSize: bits, capacity: indices.count * 2 + 16)
        defer { stream.deallocate() }
        if let first = indices.first {
            let mask = UInt8(truncatingIfNeeded: (1 << bits) - 1)
            // Slots of (prefix code << 8 | index) + 1 in the high 20 bits and the code in the low 12; 0 is empty.
            let table = UnsafeMutableBufferPointer<UInt32>.allocate(capacity: slots)
            table.initialize(repeating: 0)
            defer { table.deallocate() }
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
                stream.put(Int(current))
                current = index
                if stream.isFull {
                    stream.clear()
                    table.update(repeating: 0)
                } else {
                    table[at] = tag | UInt32(stream.nextCode)
                    stream.nextCode &+= 1
                }
            }
            stream.put(Int(current))
        }
        stream.finish(into: &out)
    }

    /// Appends to `out` the LZW data of a frame whose ``LZWChooser`` walk found `codes`: the same
    /// bytes ``encode(_:tableBits:into:)`` writes for its indices, without the dictionary lookups.
    static func write(_ codes: Codes, into out: inout [UInt8]) {
        var stream = Stream(codeSize: codes.codeSize, capacity: codes.codes.count * 2 + 16)
        defer { stream.deallocate() }
        let clear = UInt16(1 << codes.codeSize)
        codes.codes.withUnsafeBufferPointer { codes in
            for (position, code) in codes.enumerated() {
                if code == clear {
                    stream.clear()
                    continue
                }
                stream.put(Int(code))
                // A string that another follows adds the next code (where a clear code follows, the
                // dictionary was full and it does not).
                if position + 1 < codes.count && codes[position + 1] != clear { stream.nextCode &+= 1 }
            }
        }
        stream.finish(into: &out)
    }

    /// giflib's `LZ_MAX_CODE`: the code at which a clear code is written instead of a new entry.
    static let maximumCode = 4095
    /// The dictionary's slots: twice the 4 096 codes it can hold, so a probe rarely goes on.
    private static let slotBits = 13
    private static let slots = 1 << slotBits

    /// The bits of the codes as giflib's `EGifCompressOutput` packs them, least significant first,
    /// with its code width: raised once the next code to be made no longer fits it.
    private struct Stream {
        let codeSize: Int
        /// The next code the dictionary makes.
        var nextCode: Int
        private var width: Int
        private var limit: Int
        private let data: UnsafeMutableBufferPointer<UInt8>
        private var written = 0
        private var pending: UInt64 = 0
        private var pendingBits = 0

        /// A stream of `codeSize` that starts with a clear code; `capacity` bytes must hold its data.
        init(codeSize: Int, capacity: Int) {
            self.codeSize = codeSize
            nextCode = (1 << codeSize) + 2
            width = codeSize + 1
            limit = 1 << width
            data = .allocate(capacity: capacity)
            put(1 << codeSize)
        }

        /// Whether the dictionary is full: the next string writes a clear code instead of a new code.
        var isFull: Bool { nextCode >= LZWEncoder.maximumCode }

        @inline(__always)
        mutating func put(_ code: Int) {
            pending |= UInt64(code) &<< UInt64(pendingBits)
            pendingBits &+= width
            while pendingBits >= 8 {
                data[written] = UInt8(truncatingIfNeeded: pending)
                written &+= 1
                pending &>>= 8
                pendingBits &-= 8
            }
            if nextCode >= limit && code <= LZWEncoder.maximumCode {
                width &+= 1
                limit = 1 &<< width
            }
        }

        /// Writes a clear code and empties the dictionary.
        mutating func clear() {
            put(1 << codeSize)
            nextCode = (1 << codeSize) + 2
            width = codeSize + 1
            limit = 1 << width
        }

        /// The end code, the last bits, and the whole in sub-blocks after the code size byte.
        mutating func finish(into out: inout [UInt8]) {
            put((1 << codeSize) + 1)
            while pendingBits > 0 {
                data[written] = UInt8(truncatingIfNeeded: pending)
                written &+= 1
                pending &>>= 8
                pendingBits &-= 8
            }
            out.reserveCapacity(out.count + written + written / 255 + 3)
            out.append(UInt8(codeSize))
            var start = 0
            while start < written {
                let length = min(255, written - start)
                out.append(UInt8(length))
                out.append(contentsOf: UnsafeBufferPointer(rebasing: data[start..<(start + length)]))
                start += length
            }
            out.append(0)
        }

        func deallocate() { data.deallocate() }
    }
}
