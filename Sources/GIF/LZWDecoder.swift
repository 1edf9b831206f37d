/// GIF's variable-width LZW, decoded in Swift for the one case giflib refuses: a frame whose
/// minimum code size is 9 to 11 (over the 8 that 256 colours need). Browsers and Pillow accept
/// such frames (codes still grow to 12 bits); giflib 5.2 stops at the image descriptor.
enum LZWDecoder {
    /// The largest minimum code size a decoder can start from and still grow a 12-bit table.
    static let largestMinimumCodeSize = 11

    /// The offset just past the block terminator of the sub-blocks that start at `offset` (the
    /// end of `bytes` if they are cut short).
    static func endOfSubBlocks(_ bytes: [UInt8], from offset: Int) -> Int {
        var position = offset
        while position < bytes.count {
            let length = Int(bytes[position])
            position += 1
            if length == 0 { break }
            position = min(position + length, bytes.count)
        }
        return position
    }

    /// Decodes the sub-blocks that start at `offset` in `bytes` (after the code-size byte), with
    /// `minimumCodeSize` (2...11), into the front of `indices`, at most `count` of them; returns
    /// how many were decoded (fewer when the data ends early or is damaged). A literal past 255
    /// cannot name a colour and is stored as 255.
    static func decode(_ bytes: [UInt8], from offset: Int, minimumCodeSize: Int, into indices: inout [UInt8], count: Int) -> Int {
        precondition((2...largestMinimumCodeSize).contains(minimumCodeSize) && indices.count >= count)
        // Gather the sub-blocks' payload first: codes cross block boundaries.
        var data: [UInt8] = []
        var position = offset
        while position < bytes.count {
            let length = Int(bytes[position])
            position += 1
            if length == 0 { break }
            let end = min(position + length, bytes.count)
            data += bytes[position..<end]
            position = end
        }

        let clear = 1 << minimumCodeSize, endOfInformation = clear + 1
        var prefix = [Int](repeating: 0, count: 4096)
        var suffix = [UInt8](repeating: 0, count: 4096)
        var first = [UInt8](repeating: 0, count: 4096)
        var length = [Int](repeating: 1, count: 4096)
        for code in 0..<clear {
            suffix[code] = UInt8(min(code, 255))
            first[code] = suffix[code]
        }
        var written = 0
        var codeWidth = minimumCodeSize + 1
        var next = clear + 2
        var previous = -1
        var bitBuffer = 0, bitCount = 0, byteIndex = 0

        decoding: while written < count {
            while bitCount < codeWidth {
                guard byteIndex < data.count else { break decoding }
                bitBuffer |= Int(data[byteIndex]) << bitCount
                byteIndex += 1
                bitCount += 8
            }
            let code = bitBuffer & ((1 << codeWidth) - 1)
            bitBuffer >>= codeWidth
            bitCount -= codeWidth

            if code == clear {
                codeWidth = minimumCodeSize + 1
                next = clear + 2
                previous = -1
                continue
            }
            if code == endOfInformation { break }
            if previous < 0 {
                guard code < clear else { break }  // the first code after a clear must be a literal
                indices[written] = suffix[code]
                written += 1
                previous = code
                continue
            }
            let entry: Int
            if code < next {
                entry = code
            } else if code == next && next < 4096 {
                // KwKwK: the code being defined is the previous string plus its own first byte.
                entry = -1
            } else {
                break  // a code that no table could hold yet: the data is damaged; keep what came before
            }
            if next < 4096 {
                prefix[next] = previous
                suffix[next] = entry >= 0 ? first[entry] : first[previous]
                first[next] = first[previous]
                length[next] = length[previous] + 1
                next += 1
                if next == 1 << codeWidth && codeWidth < 12 { codeWidth += 1 }
            }
            // Write the string for `code` (now defined) backwards into its place.
            let stringCode = entry >= 0 ? entry : next - 1
            // (A string that runs past `count` is cut there: its first bytes are the ones kept.)
            var walk = stringCode
            for slot in stride(from: written + length[stringCode] - 1, through: written, by: -1) {
                if slot < count { indices[slot] = suffix[walk] }
                walk = prefix[walk]
            }
            written = min(written + length[stringCode], count)
            previous = code
        }
        return written
    }
}
