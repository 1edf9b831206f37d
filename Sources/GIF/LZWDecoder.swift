/// GIF's variable-width LZW, decoded in Swift for every frame (giflib reads the records around
/// it). It decodes what browsers decode — minimum code sizes 0 to 11 (giflib refuses 9 to 11,
/// which browsers and Pillow accept: codes still grow to 12 bits) — and tells damage apart as they
/// do: a code the table does not hold yet, an end code before the frame's last pixel, or data that
/// stops early, each with the byte where it was found. giflib decodes such data into wrong pixels
/// without a word; Chromium, Firefox, Pillow and ffmpeg stop there.
///
/// Lenient where every decoder is: codes after the frame's last pixel (an end code missing, data
/// left over) are ignored, and a last string that runs past the frame is cut there.
enum LZWDecoder {
    /// The largest minimum code size a decoder can start from and still grow a 12-bit table.
    static let largestMinimumCodeSize = 11

    /// How a frame's LZW data ended.
    enum Outcome: Equatable, Sendable {
        /// Every pixel of the frame was decoded.
        case complete
        /// A code no table can hold yet (`code`, where the next free one was `next`), in the byte at `offset` of the file.
        case invalidCode(code: Int, next: Int, offset: Int)
        /// The end-of-information code, in the byte at `offset`, before the frame's last pixel.
        case endCode(offset: Int)
        /// The sub-blocks end (their terminator at `offset`) before the frame's last pixel.
        case dataEnded(offset: Int)
        /// The file ends inside the frame's sub-blocks.
        case fileEnded

        /// Where the damage was found (`nil`: complete, or the file ends).
        var offset: Int? {
            switch self {
            case .invalidCode(_, _, let offset), .endCode(let offset), .dataEnded(let offset): offset
            case .complete, .fileEnded: nil
            }
        }

        /// What is wrong, for a message: `an LZW code (4011) its table does not hold yet`.
        var reason: String {
            switch self {
            case .complete: "the frame is whole"
            case .invalidCode(let code, let next, _):
                next <= 0 ? "an LZW code (\(code)) where a colour must follow a clear code"
                    : "an LZW code (\(code)) its table does not hold yet (the next is \(next))"
            case .endCode: "an LZW end code before the frame's last pixel"
            case .dataEnded: "its image data ends before the frame's last pixel"
            case .fileEnded: "the file ends inside the frame's image data"
            }
        }
    }

    /// What ``decode(_:from:minimumCodeSize:into:count:)`` found.
    struct Result: Equatable, Sendable {
        /// How many indices were decoded (`count` when ``outcome`` is ``Outcome/complete``).
        var decoded: Int
        /// How the data ended.
        var outcome: Outcome
        /// The offset just past the sub-blocks' terminator (the end of the bytes if there is none).
        var end: Int
    }

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
    /// `minimumCodeSize` (0...11), into the front of `indices`, at most `count` of them. A literal
    /// past 255 cannot name a colour and is stored as 255.
    static func decode(_ bytes: [UInt8], from offset: Int, minimumCodeSize: Int, into indices: inout [UInt8], count: Int) -> Result {
        guard (0...largestMinimumCodeSize).contains(minimumCodeSize), count >= 0, indices.count >= count else {
            return Result(decoded: 0, outcome: .invalidCode(code: minimumCodeSize, next: 0, offset: max(offset - 1, 0)), end: offset)
        }
        // Gather the sub-blocks' payload first (codes cross block boundaries), noting where each
        // block's bytes sit in the file so that damage can be placed.
        var data: [UInt8] = []
        var blockStarts: [(data: Int, file: Int)] = []
        var position = offset
        var terminated = false
        while position < bytes.count {
            let length = Int(bytes[position])
            position += 1
            if length == 0 {
                terminated = true
                break
            }
            let end = min(position + length, bytes.count)
            blockStarts.append((data.count, position))
            data += bytes[position..<end]
            position = end
        }
        func fileOffset(ofDataByte index: Int) -> Int {
            var found = blockStarts.first ?? (0, offset)
            for start in blockStarts where start.data <= index { found = start }
            return found.file + (index - found.data)
        }

        let clear = 1 << minimumCodeSize, endOfInformation = clear + 1
        var written = 0
        var stop: Outcome?
        var stopByte = 0
        var prefix = [UInt16](repeating: 0, count: 4096)
        var suffix = [UInt8](repeating: 0, count: 4096)
        var first = [UInt8](repeating: 0, count: 4096)
        var length = [UInt16](repeating: 1, count: 4096)
        for code in 0..<clear {
            suffix[code] = UInt8(min(code, 255))
            first[code] = suffix[code]
        }
        indices.withUnsafeMutableBufferPointer { output in
            data.withUnsafeBufferPointer { input in
                prefix.withUnsafeMutableBufferPointer { prefix in
                    suffix.withUnsafeMutableBufferPointer { suffix in
                        first.withUnsafeMutableBufferPointer { first in
                            length.withUnsafeMutableBufferPointer { length in
                                var codeWidth = minimumCodeSize + 1
                                var next = clear + 2
                                // giflib's count of codes read since a clear, which sets when codes
                                // widen: one code sooner than the table's size for code sizes 0 and 1.
                                var running = clear + 2
                                var previous = -1
                                var bitBuffer = 0, bitCount = 0, byteIndex = 0
                                while written < count {
                                    while bitCount < codeWidth {
                                        guard byteIndex < input.count else { return }
                                        bitBuffer |= Int(input[byteIndex]) << bitCount
                                        byteIndex += 1
                                        bitCount += 8
                                    }
                                    let code = bitBuffer & ((1 << codeWidth) - 1)
                                    bitBuffer >>= codeWidth
                                    bitCount -= codeWidth

                                    if code == clear {
                                        codeWidth = minimumCodeSize + 1
                                        next = clear + 2
                                        running = clear + 2
                                        previous = -1
                                        continue
                                    }
                                    if running < 4097 {
                                        running += 1
                                        if running > 1 << codeWidth && codeWidth < 12 { codeWidth += 1 }
                                    }
                                    if code == endOfInformation {
                                        stop = .endCode(offset: 0)
                                        stopByte = byteIndex - 1
                                        return
                                    }
                                    if previous < 0 {
                                        // The first code after a clear must be a colour: nothing else is defined yet.
                                        guard code < clear else {
                                            stop = .invalidCode(code: code, next: 0, offset: 0)
                                            stopByte = byteIndex - 1
                                            return
                                        }
                                        output[written] = suffix[code]
                                        written += 1
                                        previous = code
                                        continue
                                    }
                                    let stringCode: Int
                                    if code < next {
                                        stringCode = code
                                    } else if code == next && next < 4096 {
                                        // KwKwK: the code being defined is the previous string plus its own first byte.
                                        stringCode = next
                                    } else {
                                        // A code no table could hold yet: the data is damaged (browsers stop here too).
                                        stop = .invalidCode(code: code, next: next, offset: 0)
                                        stopByte = byteIndex - 1
                                        return
                                    }
                                    if next < 4096 {
                                        prefix[next] = UInt16(previous)
                                        suffix[next] = stringCode == next ? first[previous] : first[stringCode]
                                        first[next] = first[previous]
                                        length[next] = length[previous] + 1
                                        next += 1
                                    }
                                    // Write the string backwards into its place; one that runs past `count` is cut there.
                                    let stringLength = Int(length[stringCode])
                                    var walk = stringCode
                                    var slot = written + stringLength - 1
                                    while slot >= count {
                                        walk = Int(prefix[walk])
                                        slot -= 1
                                    }
                                    while slot > written {
                                        output[slot] = suffix[walk]
                                        walk = Int(prefix[walk])
                                        slot -= 1
                                    }
                                    output[written] = suffix[walk]
                                    written = min(written + stringLength, count)
                                    previous = code
                                }
                            }
                        }
                    }
                }
            }
        }
        let outcome: Outcome
        switch stop {
        case .invalidCode(let code, let next, _)?: outcome = .invalidCode(code: code, next: next, offset: fileOffset(ofDataByte: stopByte))
        case .endCode?: outcome = .endCode(offset: fileOffset(ofDataByte: stopByte))
        default:
            if written == count {
                outcome = .complete
            } else if terminated && position < bytes.count {
                outcome = .dataEnded(offset: position - 1)
            } else {
                outcome = .fileEnded
            }
        }
        return Result(decoded: written, outcome: outcome, end: position)
    }
}
