import Basics
import Foundation
import Raster
import Testing
import TestSupport
@testable import APNG

@Suite("APNG decoder")
struct APNGDecoderTests {
    /// A small real APNG: the coin, encoded here.
    static func coin() throws -> [UInt8] {
        try encode(try fixtureFrames("kenney-gold-coin")).bytes
    }

    /// The offsets of every chunk of `bytes` with its type.
    static func chunks(_ bytes: [UInt8]) -> [(offset: Int, type: String, length: Int)] {
        var out: [(Int, String, Int)] = []
        var offset = 8
        while offset + 12 <= bytes.count {
            let length = Int(bytes[offset]) << 24 | Int(bytes[offset + 1]) << 16 | Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
            out.append((offset, String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self), length))
            offset += length + 12
        }
        return out
    }

    /// `bytes` with the chunk at `offset` given new data (its CRC recomputed).
    static func replacing(_ bytes: [UInt8], chunkAt offset: Int, with edit: (inout [UInt8]) -> Void) -> [UInt8] {
        let length = Int(bytes[offset]) << 24 | Int(bytes[offset + 1]) << 16 | Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
        var data = Array(bytes[(offset + 8)..<(offset + 8 + length)])
        edit(&data)
        var chunk: [UInt8] = []
        PNGWriter.chunk(String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self), data, into: &chunk)
        return Array(bytes[..<offset]) + chunk + Array(bytes[(offset + 12 + length)...])
    }

    @Test func aStillPNGReadsAsOneFrame() throws {
        let still = try PNG.Encoder().encode(try fixtureFrames("kenney-gold-coin")[0])
        let (_, frames, decoder) = try decodeAll(still, file: "still.png")
        #expect(!decoder.isAnimated && frames.count == 1)
    }

    /// An APNG whose `acTL` comes after a text chunk larger than 4 KiB (metadata an editor wrote)
    /// was read as a still PNG by every check that looked at a file's first 4 KiB: `frames`
    /// refused it as "a still PNG" (a Swift developer found it). The file check reads on.
    @Test func acTLAfterALargeTextChunkIsStillAnAPNG() throws {
        let coin = try Self.coin()
        let ihdrEnd = 8 + 12 + 13
        var text = Array("tEXt".utf8) + Array("Comment".utf8) + [0] + [UInt8](repeating: 0x61, count: 5000)
        let crc = text.withUnsafeBufferPointer { Zlib.crc32($0) }
        let length = UInt32(text.count - 4)
        text = [UInt8(length >> 24), UInt8(length >> 16 & 0xFF), UInt8(length >> 8 & 0xFF), UInt8(length & 0xFF)] + text
            + [UInt8(crc >> 24), UInt8(crc >> 16 & 0xFF), UInt8(crc >> 8 & 0xFF), UInt8(crc & 0xFF)]
        let bytes = Array(coin[..<ihdrEnd]) + text + Array(coin[ihdrEnd...])
        #expect(Self.chunks(bytes).map(\.type).prefix(3) == ["IHDR", "tEXt", "acTL"])
        #expect(APNG.Decoder.isAnimated(bytes) && !APNG.Decoder.isAnimated(Array(bytes.prefix(4096))))
        let folder = try Fixtures.temporaryFolder("apng-big-text")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Data(bytes).write(to: URL(fileURLWithPath: folder + "/coin.png"))
        #expect(APNG.Decoder.isAnimated(file: folder + "/coin.png"))
        try Data(try PNG.Encoder().encode(try fixtureFrames("kenney-gold-coin")[0])).write(to: URL(fileURLWithPath: folder + "/still.png"))
        #expect(!APNG.Decoder.isAnimated(file: folder + "/still.png") && !APNG.Decoder.isAnimated(file: folder + "/missing.png"))
        let (_, frames, _) = try decodeAll(bytes, file: "coin.png")
        #expect(frames.count == 4)
    }

    @Test func aFlippedByteFailsTheCRC() throws {
        var bytes = try Self.coin()
        let idat = Self.chunks(bytes).first { $0.type == "IDAT" }!
        bytes[idat.offset + 10] ^= 0x40
        #expect { try decodeAll(bytes, file: "coin.png") } throws: { error in
            guard case AnimationDecodeError.corrupt(_, .apng, let reason) = error else { return false }
            return reason.contains("CRC")
        }
    }

    @Test func aFrameOutsideTheCanvasIsRefused() throws {
        let bytes = try Self.coin()
        let second = Self.chunks(bytes).filter { $0.type == "fcTL" }[1]
        let edited = Self.replacing(bytes, chunkAt: second.offset) { data in data[12] = 0x7F }   // x offset far right
        #expect { try decodeAll(edited, file: "coin.png") } throws: { error in
            guard case AnimationDecodeError.corrupt(_, .apng, let reason) = error else { return false }
            return reason.contains("leaves the")
        }
    }

    @Test func sequenceNumbersOutOfOrderAreRefused() throws {
        let bytes = try Self.coin()
        let second = Self.chunks(bytes).filter { $0.type == "fcTL" }[1]
        let edited = Self.replacing(bytes, chunkAt: second.offset) { data in data[3] = 9 }
        #expect(throws: AnimationDecodeError.self) { try decodeAll(edited, file: "coin.png") }
    }

    @Test func theFrameLimitIsCheckedBeforeDecoding() throws {
        let bytes = try Self.coin()
        #expect { try decodeAll(bytes, file: "coin.png", limits: ResourceLimits(maxFrames: 2)) } throws: { error in
            guard case AnimationDecodeError.limit(let limit) = error else { return false }
            return limit.limit == .frames
        }
    }

    @Test func notAPNGIsSaidSo() {
        #expect(throws: AnimationDecodeError.otherFormat(file: "x.gif", format: .apng, actual: "GIF")) { try decodeAll(Array("GIF89a".utf8), file: "x.gif") }
    }
}
