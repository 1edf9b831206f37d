import Basics
import Raster
import Testing
import TestSupport

/// A damaged or cut still PNG got two messages: `info` walked the chunks first ("CRC error in the
/// IDAT chunk at byte 83 …: the file was damaged after it was written", "truncated: IDAT chunk at
/// byte 83 declares 3176 bytes …") while every other reader passed on libpng's words ("bad adaptive
/// filter value", "file is truncated (unexpected end of data)"). Now `PNG.Decoder` itself gives the
/// chunk walk's diagnosis whenever libpng fails, so every reader says the same.
@Suite("PNG decode failures say what the chunk walk finds")
struct PNGDecodeDiagnosisTests {
    static let frame = "sequences/kenney-gold-coin/gold_1.png"

    /// The file with `change` applied to its first `IDAT` chunk (`offset`: the chunk's start).
    static func changed(_ change: (inout [UInt8], PNG.ChunkWalker.Chunk) -> Void) throws -> [UInt8] {
        var bytes = try Fixtures.bytes(frame)
        let idat = try #require(try PNG.ChunkWalker.walk(bytes, file: "x.png").first { $0.type == "IDAT" })
        change(&bytes, idat)
        return bytes
    }

    /// The walk's error and the decoder's, for `bytes`.
    static func errors(_ bytes: [UInt8]) -> (walk: PNG.DecodeError?, decode: PNG.DecodeError?) {
        var walk: PNG.DecodeError?, decode: PNG.DecodeError?
        do { try PNG.ChunkWalker.walk(bytes, file: "flip.png") } catch { walk = error }
        do { _ = try PNG.Decoder().decode(bytes, file: "flip.png") } catch { decode = error }
        return (walk, decode)
    }

    @Test func aByteFlippedInTheImageDataIsACRCError() throws {
        let bytes = try Self.changed { bytes, idat in bytes[idat.offset + 8 + idat.length / 2] ^= 0xFF }
        let (walk, decode) = Self.errors(bytes)
        guard case .corrupt(_, let reason)? = decode else { Issue.record("\(String(describing: decode))"); return }
        #expect(reason.hasPrefix("CRC error in the IDAT chunk at byte "), "\(reason)")
        #expect(decode == walk)
    }

    @Test func aFileCutInsideItsImageDataIsTruncatedThere() throws {
        let bytes = try Self.changed { bytes, idat in bytes.removeLast(bytes.count - (idat.offset + 8 + idat.length / 2)) }
        let (walk, decode) = Self.errors(bytes)
        guard case .corrupt(_, let reason)? = decode else { Issue.record("\(String(describing: decode))"); return }
        #expect(reason.hasPrefix("truncated: IDAT chunk at byte "), "\(reason)")
        #expect(decode == walk)
    }

    /// Data written wrong under correct CRCs passes the walk: libpng's own words stay.
    @Test func damageTheWalkCannotSeeKeepsLibpngsWords() throws {
        let bytes = try Self.changed { bytes, idat in
            bytes[idat.offset + 8 + idat.length / 2] ^= 0xFF
            let crc = bytes.withUnsafeBufferPointer { Zlib.crc32(UnsafeBufferPointer(rebasing: $0[(idat.offset + 4)..<(idat.offset + 8 + idat.length)])) }
            let at = idat.offset + 8 + idat.length
            bytes.replaceSubrange(at..<(at + 4), with: [UInt8(crc >> 24), UInt8(crc >> 16 & 0xFF), UInt8(crc >> 8 & 0xFF), UInt8(crc & 0xFF)])
        }
        let (walk, decode) = Self.errors(bytes)
        #expect(walk == nil)
        guard case .corrupt(_, let reason)? = decode else { Issue.record("\(String(describing: decode))"); return }
        #expect(!reason.contains("CRC") && !reason.hasPrefix("truncated"), "\(reason)")
    }
}
