import Basics
import Testing
import TestSupport
@testable import Raster

@Suite("PNG decoder")
struct PNGDecoderTests {
    @Test func reportsColourMetadataWithoutApplyingIt() throws {
        // g10n0g16: gamma 1.0; g25n3p04: gamma 2.5. Pixels must equal the golden regardless.
        let g10 = try PNG.Decoder().readHeader(file: Fixtures.path("pngsuite/valid/g10n0g16.png"))
        #expect(g10.gamma.map { abs($0 - 1.0) < 1e-4 } == true)
        let g25 = try PNG.Decoder().readHeader(file: Fixtures.path("pngsuite/valid/g25n3p04.png"))
        #expect(g25.gamma.map { abs($0 - 2.5) < 1e-4 } == true)
        // cs3n2c16: sBIT of 13 significant bits on every colour channel.
        let sbit = try PNG.Decoder().readHeader(file: Fixtures.path("pngsuite/valid/cs3n2c16.png"))
        #expect(sbit.significantBits?.red == 13)
        let palette = try PNG.Decoder().readHeader(file: Fixtures.path("pngsuite/valid/tbbn3p08.png"))
        #expect(palette.hasTransparencyChunk && palette.hasAlpha && palette.paletteCount > 0)
    }

    @Test func refusesImagesOverThePixelBudget() throws {
        let path = Fixtures.path("pngsuite/valid/basn6a08.png")
        #expect(throws: PNG.DecodeError.tooLarge(file: path, width: 32, height: 32, maxPixels: 1000)) {
            _ = try PNG.Decoder(maxPixels: 1000).decode(file: path)
        }
        #expect(try PNG.Decoder(maxPixels: 1024).decode(file: path).width == 32)
    }

    /// A header claiming 100 000 × 100 000 pixels must be refused from the header alone: the
    /// decoder may not try to allocate 40 GB first.
    @Test func refusesAHugeHeaderBeforeAllocating() throws {
        let bytes = PNG.signature + chunk("IHDR", be32(100_000) + be32(100_000) + [8, 6, 0, 0, 0])
            + chunk("IDAT", [0x78, 0x9C, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01]) + chunk("IEND", [])
        #expect(throws: PNG.DecodeError.tooLarge(file: "huge.png", width: 100_000, height: 100_000,
                                                 maxPixels: PNG.defaultMaxPixels)) {
            _ = try PNG.Decoder().decode(bytes, file: "huge.png")
        }
        let header = try PNG.Decoder().readHeader(bytes, file: "huge.png")
        #expect(header.width == 100_000)
    }

    /// Cut inside the header, inside IHDR's CRC, half way through the image data, and one byte
    /// short of the end (IEND's CRC): each is an error, never a partial image.
    @Test(arguments: [0.0, 0.1, 0.5, 1.0])
    func rejectsTruncatedFiles(keeping fraction: Double) throws {
        let bytes = try Fixtures.bytes("pngsuite/valid/basn6a16.png")
        let count = min(max(8, Int(Double(bytes.count) * fraction)), bytes.count - 1)
        #expect {
            _ = try PNG.Decoder().decode(Array(bytes.prefix(count)), file: "cut.png")
        } throws: { error in
            if case .corrupt(_, let reason)? = error as? PNG.DecodeError { return !reason.isEmpty }
            return false
        }
    }

    @Test func distinguishesNonPNGAndMissingFiles() {
        #expect(throws: PNG.DecodeError.otherFormat(file: "x.gif", actual: "GIF")) {
            _ = try PNG.Decoder().decode(Array("GIF89a and more bytes".utf8), file: "x.gif")
        }
        #expect {
            _ = try PNG.Decoder().decode(file: "/nonexistent/frame1.png")
        } throws: { error in
            if case .unreadable(let file, let reason)? = error as? PNG.DecodeError {
                return file == "/nonexistent/frame1.png" && reason.contains("No such file")
            }
            return false
        }
    }

    @Test func bitmapTakesScaleFromTheFileName() throws {
        let directory = try TemporaryDirectory()
        let source = try Fixtures.bytes("pngsuite/valid/basn6a08.png")
        try FileIO.writeAtomically(source, to: directory.path + "/icon@3x~ipad.png")
        let bitmap = try PNG.Decoder().decodeBitmap(file: directory.path + "/icon@3x~ipad.png")
        #expect(bitmap.scale == 3)
        #expect(bitmap.pointSize.width == 32.0 / 3)
    }

    private func be32(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
    }

    private func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let typed = Array(type.utf8) + data
        return be32(UInt32(data.count)) + typed + be32(crc32(typed))
    }

    private func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return crc ^ 0xFFFF_FFFF
    }
}
