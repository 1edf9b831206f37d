import Basics
import Dispatch

/// Builds a PNG file from packed rows: each row filtered the way libpng chooses by default (of
/// the five filters, the one whose output has the smallest sum of absolute signed bytes; none for
/// palette and sub-byte images), and the zlib stream compressed in pieces on all cores, as pigz
/// does: every piece is primed with the 32 KiB before it and ends on a byte boundary, and the
/// pieces are joined with one Adler-32. Pieces have a fixed size, so the bytes never depend on how
/// many cores there are. Memory: one piece's filtered rows per core, plus the compressed output.
package struct PNGWriter {
    /// Filtered bytes per compressed piece: large enough that priming costs under 1 % in size.
    static let pieceBytes = 1 << 18

    let width: Int
    let height: Int
    let bitDepth: Int
    let colorType: PNG.ColorType
    let palette: [UInt8]
    let transparency: [UInt8]
    let level: Int

    /// The file for `rows` (`height` rows of `bytesPerRow` bytes); `nil` when zlib cannot allocate.
    func encode(rows: [UInt8], bytesPerRow: Int) -> [UInt8]? {
        let channels = switch colorType {
        case .grayscale, .indexed: 1
        case .grayscaleAlpha: 2
        case .rgb: 3
        case .rgba: 4
        }
        let bytesPerPixel = max(1, channels * bitDepth / 8)
        let adaptive = colorType != .indexed && bitDepth >= 8
        let filteredRow = bytesPerRow + 1
        let rowsPerPiece = max(1, Self.pieceBytes / filteredRow)
        let pieces = (height + rowsPerPiece - 1) / rowsPerPiece
        let dictionaryRows = min(height, (32768 + filteredRow - 1) / filteredRow)

        var compressed = [[UInt8]?](repeating: nil, count: pieces)
        var checksums = [UInt32](repeating: 1, count: pieces)
        rows.withUnsafeBufferPointer { source in
            let source = UnsafeSendable(source)
            compressed.withUnsafeMutableBufferPointer { compressedOut in
                checksums.withUnsafeMutableBufferPointer { checksumsOut in
                    let (compressedOut, checksumsOut) = (UnsafeMutableSendable(compressedOut), UnsafeMutableSendable(checksumsOut))
                    ParallelLoop.perform(pieces) { piece in
                        let first = piece * rowsPerPiece, end = min(height, first + rowsPerPiece)
                        let primer = max(0, first - dictionaryRows)
                        // The rows before the piece are filtered again here for its dictionary.
                        var filtered = [UInt8](repeating: 0, count: (end - primer) * filteredRow)
                        filtered.withUnsafeMutableBufferPointer { out in
                            var scratch = [UInt8](repeating: 0, count: adaptive ? 5 * bytesPerRow : 0)
                            scratch.withUnsafeMutableBufferPointer { scratch in
                                for y in primer..<end {
                                    Self.filter(row: y, source.buffer, bytesPerRow: bytesPerRow, bytesPerPixel: bytesPerPixel, adaptive: adaptive,
                                                into: UnsafeMutableBufferPointer(rebasing: out[((y - primer) * filteredRow)...]), scratch: scratch)
                                }
                            }
                            let split = (first - primer) * filteredRow
                            let data = UnsafeBufferPointer(rebasing: out[split...])
                            let dictionary = UnsafeBufferPointer(rebasing: out[max(0, split - 32768)..<split])
                            compressedOut.buffer[piece] = Zlib.deflatePiece(data, dictionary: dictionary, level: level, filtered: adaptive, final: piece == pieces - 1)
                            checksumsOut.buffer[piece] = Zlib.adler32(data)
                        }
                    }
                }
            }
        }

        // One IDAT per piece: the zlib header goes before the first, the Adler-32 of all the
        // filtered data after the last (IDAT boundaries need not match anything in the stream).
        let levelClass = level <= 1 ? 0 : level <= 5 ? 1 : level == 6 ? 2 : 3
        let cmf = 0x78, flagBase = levelClass << 6
        let header: [UInt8] = [UInt8(cmf), UInt8(flagBase + (31 - (cmf * 256 + flagBase) % 31) % 31)]
        var file: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        file.reserveCapacity(compressed.reduce(1024) { $0 + ($1?.count ?? 0) + 12 })
        Self.chunk("IHDR", Self.bigEndian(UInt32(width)) + Self.bigEndian(UInt32(height))
                   + [UInt8(bitDepth), UInt8(colorType.rawValue), 0, 0, 0], into: &file)
        if colorType == .indexed {
            Self.chunk("PLTE", palette, into: &file)
            if !transparency.isEmpty { Self.chunk("tRNS", transparency, into: &file) }
        }
        var adler: UInt32 = 1
        for (piece, bytes) in compressed.enumerated() {
            guard let bytes else { return nil }
            let length = (min(height, (piece + 1) * rowsPerPiece) - piece * rowsPerPiece) * filteredRow
            adler = piece == 0 ? checksums[0] : Zlib.adler32Combine(adler, checksums[piece], secondLength: length)
            let last = piece == pieces - 1
            Self.chunk("IDAT", (piece == 0 ? header : []) + bytes + (last ? Self.bigEndian(adler) : []), into: &file)
        }
        Self.chunk("IEND", [], into: &file)
        return file
    }

    /// Row `y` of `source`, filtered into `out` (filter byte first): with `adaptive`, the filter
    /// whose output has the smallest sum of absolute signed bytes (libpng's heuristic), tried in
    /// `scratch` (5 rows: the row above for the first row, which is zeros, then 4 candidates); else none.
    @inline(__always)
    private static func filter(row y: Int, _ source: UnsafeBufferPointer<UInt8>, bytesPerRow n: Int, bytesPerPixel bpp: Int,
                               adaptive: Bool, into out: UnsafeMutableBufferPointer<UInt8>, scratch: UnsafeMutableBufferPointer<UInt8>) {
        let row = source.baseAddress! + y * n
        let target = out.baseAddress!
        guard adaptive else {
            target[0] = 0
            (target + 1).update(from: row, count: n)
            return
        }
        let candidates = scratch.baseAddress!
        let zeros = candidates + 4 * n   // the row above the first one
        if y == 0 { zeros.update(repeating: 0, count: n) }
        let above = y > 0 ? row - n : UnsafePointer(zeros)
        var best = 0
        var bestSum = 0
        for i in 0..<n { bestSum &+= magnitude(row[i]) }
        for type in 1...4 {
            let out = candidates + (type - 1) * n
            var sum = 0
            var i = 0
            // The first pixel has no left neighbour (a = c = 0).
            while i < min(bpp, n) {
                let b = Int(above[i])
                let predicted = type == 1 ? 0 : type == 3 ? b >> 1 : b
                out[i] = UInt8(truncatingIfNeeded: Int(row[i]) - predicted)
                sum &+= magnitude(out[i])
                i += 1
            }
            switch type {
            case 1:
                while i < n && sum < bestSum {
                    out[i] = row[i] &- row[i - bpp]
                    sum &+= magnitude(out[i])
                    i += 1
                }
            case 2:
                while i < n && sum < bestSum {
                    out[i] = row[i] &- above[i]
                    sum &+= magnitude(out[i])
                    i += 1
                }
            case 3:
                while i < n && sum < bestSum {
                    out[i] = row[i] &- UInt8((Int(row[i - bpp]) + Int(above[i])) >> 1)
                    sum &+= magnitude(out[i])
                    i += 1
                }
            default:
                while i < n && sum < bestSum {
                    out[i] = row[i] &- UInt8(paeth(Int(row[i - bpp]), Int(above[i]), Int(above[i - bpp])))
                    sum &+= magnitude(out[i])
                    i += 1
                }
            }
            if i == n && sum < bestSum {
                bestSum = sum
                best = type
            }
        }
        target[0] = UInt8(best)
        (target + 1).update(from: best == 0 ? row : UnsafePointer(candidates + (best - 1) * n), count: n)
    }

    /// `rows` (`count / bytesPerRow` rows) as PNG's filtered stream: each row after its filter
    /// byte, filtered with ``filter(row:_:bytesPerRow:bytesPerPixel:adaptive:into:scratch:)``'s rule
    /// (`adaptive`: the smallest sum of absolute signed bytes; else none).
    package static func filtered(_ rows: UnsafeBufferPointer<UInt8>, bytesPerRow: Int, bytesPerPixel: Int, adaptive: Bool) -> [UInt8] {
        let height = bytesPerRow == 0 ? 0 : rows.count / bytesPerRow
        var out = [UInt8](repeating: 0, count: height * (bytesPerRow + 1))
        var scratch = [UInt8](repeating: 0, count: adaptive ? 5 * bytesPerRow : 0)
        out.withUnsafeMutableBufferPointer { out in
            scratch.withUnsafeMutableBufferPointer { scratch in
                for y in 0..<height {
                    filter(row: y, rows, bytesPerRow: bytesPerRow, bytesPerPixel: bytesPerPixel, adaptive: adaptive,
                           into: UnsafeMutableBufferPointer(rebasing: out[(y * (bytesPerRow + 1))...]), scratch: scratch)
                }
            }
        }
        return out
    }

    /// `rows` as PNG's filtered stream with one filter type (0 none, 1 sub, 2 up, 3 average, 4
    /// Paeth) on every row.
    package static func filtered(_ rows: UnsafeBufferPointer<UInt8>, bytesPerRow n: Int, bytesPerPixel bpp: Int, type: Int) -> [UInt8] {
        let height = n == 0 ? 0 : rows.count / n
        var out = [UInt8](repeating: 0, count: height * (n + 1))
        out.withUnsafeMutableBufferPointer { out in
            let zeros = [UInt8](repeating: 0, count: n)
            zeros.withUnsafeBufferPointer { zeros in
                for y in 0..<height {
                    let row = rows.baseAddress! + y * n, above = y > 0 ? row - n : zeros.baseAddress!
                    let target = out.baseAddress! + y * (n + 1)
                    target[0] = UInt8(type)
                    for i in 0..<n {
                        let a = i >= bpp ? Int(row[i - bpp]) : 0, b = Int(above[i]), c = i >= bpp ? Int(above[i - bpp]) : 0
                        let predicted = switch type {
                        case 1: a
                        case 2: b
                        case 3: (a + b) >> 1
                        case 4: paeth(a, b, c)
                        default: 0
                        }
                        target[1 + i] = row[i] &- UInt8(truncatingIfNeeded: predicted)
                    }
                }
            }
        }
        return out
    }

    /// |x| of a filtered byte read as signed, libpng's measure.
    @inline(__always)
    private static func magnitude(_ byte: UInt8) -> Int {
        byte < 128 ? Int(byte) : 256 - Int(byte)
    }

    @inline(__always)
    private static func paeth(_ a: Int, _ b: Int, _ c: Int) -> Int {
        let p = a + b - c
        let pa = abs(p - a), pb = abs(p - b), pc = abs(p - c)
        return pa <= pb && pa <= pc ? a : pb <= pc ? b : c
    }

    package static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }

    /// Appends a chunk: length, type, data, CRC-32 of type and data.
    package static func chunk<Data: Collection<UInt8>>(_ type: String, _ data: Data, into file: inout [UInt8]) {
        let typeBytes = Array(type.utf8)
        file += bigEndian(UInt32(data.count))
        let start = file.count
        file += typeBytes
        file += data
        let crc = file.withUnsafeBufferPointer { Zlib.crc32(UnsafeBufferPointer(rebasing: $0[start...])) }
        file += bigEndian(crc)
    }
}
