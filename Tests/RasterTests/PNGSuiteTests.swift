import Testing
import TestSupport
@testable import Raster

/// The PngSuite conformance images against swift-png's golden 16-bit decodes.
@Suite("PngSuite")
struct PNGSuiteTests {
    static let valid = Fixtures.pngNames(in: "pngsuite/valid")
    static let invalid = Fixtures.pngNames(in: "pngsuite/invalid")
    static let cgbi = Fixtures.pngNames(in: "pngsuite/cgbi-ios")

    @Test func fixtureCountsMatchTheSuite() {
        #expect(Self.valid.count == 161)
        #expect(Self.invalid.count == 14)
        #expect(Self.cgbi.count == 32)
    }

    /// Each channel of the golden is a 16-bit value; our decoder reduces 16-bit samples with
    /// `round(v · 255 / 65535)` and keeps 8-bit and smaller ones exact (low depths scaled to full
    /// range). The golden expands 8-bit samples as `v · 257`, so the same formula gives them back.
    @Test("decodes like the golden", arguments: valid)
    func decodesLikeGolden(name: String) throws {
        let image = try PNG.Decoder().decode(file: Fixtures.path("pngsuite/valid/\(name)"))
        let golden = try Fixtures.bytes("pngsuite/reference-rgba16le/\(name).rgba")
        try #require(golden.count == image.width * image.height * 8)
        try #require(image.pixels.count == image.width * image.height * 4)

        var worst = 0
        for sample in 0..<image.pixels.count {
            let value16 = Int(golden[2 * sample]) | Int(golden[2 * sample + 1]) << 8
            let expected = (value16 * 255 + 32767) / 65535
            worst = max(worst, abs(Int(image.pixels[sample]) - expected))
        }
        #expect(worst <= 1, "\(name): a channel differs from the golden by \(worst)")
    }

    /// 16-bit files are reduced to 8 bits once, `(v · 255 + 32767) / 65535`, and a ``Bitmap`` keeps
    /// exactly those bytes (no second rounding, soft alpha included): pinned to the golden, exactly.
    @Test("16-bit samples are reduced once, exactly", arguments: valid.filter { $0.contains("16") })
    func reducesSixteenBitsOnce(name: String) throws {
        let bitmap = try PNG.Decoder().decodeBitmap(file: Fixtures.path("pngsuite/valid/\(name)"))
        let golden = try Fixtures.bytes("pngsuite/reference-rgba16le/\(name).rgba")
        try #require(golden.count == bitmap.pixels.count * 2)
        var differing = 0
        for sample in 0..<bitmap.pixels.count {
            let value16 = Int(golden[2 * sample]) | Int(golden[2 * sample + 1]) << 8
            if Int(bitmap.pixels[sample]) != (value16 * 255 + 32767) / 65535 { differing += 1 }
        }
        #expect(differing == 0, "\(name): \(differing) samples")
    }

    @Test("rejects corrupt files with a typed error", arguments: invalid)
    func rejectsCorrupt(name: String) {
        let path = Fixtures.path("pngsuite/invalid/\(name)")
        #expect {
            _ = try PNG.Decoder().decode(file: path)
        } throws: { error in
            guard let error = error as? PNG.DecodeError else { return false }
            switch error {
            case .corrupt(let file, let reason): return file == path && !reason.isEmpty
            case .notPNG(let file): return file == path
            default: return false
            }
        }
    }

    @Test("names Apple CgBI files", arguments: cgbi)
    func rejectsCgBI(name: String) {
        let path = Fixtures.path("pngsuite/cgbi-ios/\(name)")
        #expect(throws: PNG.DecodeError.appleCgBI(file: path)) {
            _ = try PNG.Decoder().decode(file: path)
        }
        #expect(throws: PNG.DecodeError.appleCgBI(file: path)) {
            _ = try PNG.Decoder().readHeader(file: path)
        }
    }

    @Test("decode → encode → decode is pixel-identical", arguments: valid)
    func roundTrips(name: String) throws {
        let original = try PNG.Decoder().decode(file: Fixtures.path("pngsuite/valid/\(name)")).bitmap()
        for mode in [PNG.Encoder.ColorMode.smallest, .eightBit, .rgba] {
            let bytes = try PNG.Encoder(colorMode: mode).encode(original)
            let decoded = try PNG.Decoder().decode(bytes, file: name).bitmap()
            #expect(decoded == original, "\(name) (\(mode)) changed in a round trip")
            if mode == .eightBit { #expect(try PNG.Decoder().readHeader(bytes, file: name).bitDepth == 8) }
        }
    }

    @Test("header matches the suite's naming scheme", arguments: valid.filter { Array($0)[4].isNumber })
    func headerMatchesName(name: String) throws {
        // PngSuite names encode the format: e.g. basi3p02 = interlaced (i), colour type 3, depth 2.
        let characters = Array(name)
        let header = try PNG.Decoder().readHeader(file: Fixtures.path("pngsuite/valid/\(name)"))
        let interlace = characters[3], colorDigit = characters[4], depth = Int(String(characters[6...7]))
        #expect(header.interlaced == (interlace == "i"))
        #expect(header.colorType.rawValue == Int(String(colorDigit)))
        #expect(header.bitDepth == depth)
    }
}
