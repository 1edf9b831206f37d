import Animated
import Basics
import Foundation
import Raster
import Testing
import TestSupport

extension ValidationReport {
    /// The findings of severity error.
    var errors: [Finding] { findings.filter { $0.severity == .error } }
}

/// Without `deep`, `Validator` still finds a frame cut short or changed after it was written (it
/// walks every chunk and CRC); a frame over the pixel limit has its own rule, `png.too-large`.
@Suite("Validator: damaged and oversized frames")
struct ValidatorIntegrityTests {
    static let coin = Fixtures.path("sequences/kenney-gold-coin")

    /// A copy of the gold coin's four frames, with `damage` applied to frame 3's bytes.
    static func coinFolder(_ label: String, damage: ([UInt8]) -> [UInt8]) throws -> String {
        let folder = try Fixtures.temporaryFolder(label)
        for number in 1...4 {
            var bytes = try Fixtures.bytes("sequences/kenney-gold-coin/gold_\(number).png")
            if number == 3 { bytes = damage(bytes) }
            try Data(bytes).write(to: URL(fileURLWithPath: folder + "/gold_\(number).png"))
        }
        return folder
    }

    static func cutInHalf(_ bytes: [UInt8]) -> [UInt8] { Array(bytes.prefix(bytes.count / 2)) }

    /// One bit of the first IDAT chunk's data changed: the header still reads.
    static func flipAByteOfImageData(_ bytes: [UInt8]) -> [UInt8] {
        var damaged = bytes
        guard let idat = try? PNG.ChunkWalker.walk(bytes, file: "x").first(where: { $0.type == "IDAT" }) else { return [] }
        damaged[idat.offset + 8 + idat.length / 2] ^= 0x01
        return damaged
    }

    @Test(arguments: [false, true])
    func theSoundFramesPass(deep: Bool) throws {
        let report = try Validator(deep: deep).validate([Self.coin], cancellation: nil)
        #expect(report.fileCount == 4)
        // Deep, the coin's frames have a `frame.hidden-color` notice; never an error.
        #expect(report.errors.isEmpty)
    }

    /// Bytes glued after a real frame's IEND (here the next frame, as a careless concatenation
    /// does) were accepted without a word: they are a `png.trailing-data` warning naming the count,
    /// with or without `deep`; the frame itself still reads.
    @Test(arguments: [false, true])
    func bytesAfterIENDAreAWarning(deep: Bool) throws {
        let glued = try Fixtures.bytes("sequences/kenney-gold-coin/gold_4.png")
        let folder = try Self.coinFolder("validate-trailing") { $0 + glued }
        let report = try Validator(deep: deep).validate([folder], cancellation: nil)
        #expect(report.fileCount == 4)
        #expect(report.errors.isEmpty, "\(report.findings)")
        let trailing = report.findings.filter { $0.rule == .pngTrailingData }
        #expect(trailing.map(\.file) == [folder + "/gold_3.png"])
        #expect(trailing.first?.severity == .warning)
        #expect(trailing.first?.message == "gold_3.png has \(glued.count) bytes after its IEND chunk, which every decoder ignores")
    }

    /// A real frame cut to half its length is `png.corrupt`, with or without `deep`, once, on disk
    /// and in memory.
    @Test(arguments: [false, true])
    func aCutFrameIsCorrupt(deep: Bool) throws {
        let folder = try Self.coinFolder("validate-cut", damage: Self.cutInHalf)
        let report = try Validator(deep: deep).validate([folder], cancellation: nil)
        #expect(report.fileCount == 4)
        #expect(report.errors.map(\.rule) == [.pngCorrupt])
        #expect(report.errors.map(\.file) == [folder + "/gold_3.png"])
        #expect(report.errors.first?.message.hasPrefix("gold_3.png: truncated: IDAT chunk at byte") == true, "\(report.findings)")
        #expect(report.hasErrors)

        let files = try (1...4).map { InMemoryFile(name: "gold_\($0).png", data: try Data(contentsOf: URL(fileURLWithPath: folder + "/gold_\($0).png"))) }
        let inMemory = try Validator(deep: deep).validate(files: files, cancellation: nil)
        #expect(inMemory.errors.map(\.rule) == [.pngCorrupt])
        #expect(inMemory.errors.map(\.file) == ["gold_3.png"])
    }

    /// A byte of image data changed after writing is a CRC error without `deep`.
    @Test func aChangedByteIsCorruptWithoutDecoding() throws {
        let folder = try Self.coinFolder("validate-crc", damage: Self.flipAByteOfImageData)
        #expect(try PNG.Decoder().readHeader(file: folder + "/gold_3.png").width == 64)
        let report = try Validator().validate([folder], cancellation: nil)
        #expect(report.errors.map(\.rule) == [.pngCorrupt])
        let message = try #require(report.findings.first?.message)
        #expect(message.hasPrefix("gold_3.png: CRC error in the IDAT chunk at byte"), "\(message)")
    }

    /// The last IDAT's final byte (part of the zlib stream's Adler-32) changed and its CRC made
    /// right again, as a writer with a bad checksum makes it: only an inflate finds it.
    static func breakTheAdler32(_ bytes: [UInt8]) -> [UInt8] {
        var damaged = bytes
        guard let idat = try? PNG.ChunkWalker.walk(bytes, file: "x").last(where: { $0.type == "IDAT" }) else { return [] }
        let end = idat.offset + 8 + idat.length
        damaged[end - 1] ^= 0x01
        let crc = damaged.withUnsafeBufferPointer { Zlib.crc32(UnsafeBufferPointer(rebasing: $0[(idat.offset + 4)..<end])) }
        damaged.replaceSubrange(end..<(end + 4), with: [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: crc >> $0) })
        return damaged
    }

    /// A wrong Adler-32 under correct CRCs: Pillow and ffmpeg refuse such a frame ("incorrect data
    /// check"), so `deep` calls it `png.corrupt`. Without `deep` nothing is inflated, so only `deep`
    /// can see it.
    @Test func aWrongAdler32IsCorruptWhenDeep() throws {
        let folder = try Self.coinFolder("validate-adler", damage: Self.breakTheAdler32)
        #expect(try Validator().validate([folder], cancellation: nil).errors.isEmpty)
        let report = try Validator(deep: true).validate([folder], cancellation: nil)
        #expect(report.errors.map(\.rule) == [.pngCorrupt], "\(report.findings)")
        #expect(report.errors.map(\.file) == [folder + "/gold_3.png"])
        // Every reader refuses it too (round 13: `assemble` read it without a word); a decoder told
        // not to verify reads it as Chromium does.
        #expect(throws: PNG.DecodeError.self) { _ = try PNG.Decoder().decode(file: folder + "/gold_3.png") }
        var lenient = PNG.Decoder()
        lenient.verifiesAdler32 = false
        #expect(try lenient.decode(file: folder + "/gold_3.png").header.width == 64)
    }

    /// A frame over the pixel limit is `png.too-large`, not `png.corrupt`, found from the header
    /// with or without `deep`, saying what to raise.
    @Test(arguments: [false, true])
    func aFrameOverThePixelLimitHasItsOwnRule(deep: Bool) throws {
        let validator = Validator(deep: deep, decoder: PNG.Decoder(maxPixels: 64 * 64 - 1))
        let report = try validator.validate([Self.coin], cancellation: nil)
        #expect(report.fileCount == 4)
        #expect(report.findings.map(\.rule) == Array(repeating: .pngTooLarge, count: 4))
        #expect(report.findings.allSatisfy { $0.severity == .error })
        #expect(report.findings.first?.message == "gold_1.png is 64×64, over the 4095-pixel limit; raise ResourceLimits.maxPixels to allow it")
        // At the limit exactly, the frames pass.
        #expect(try Validator(deep: deep, decoder: PNG.Decoder(maxPixels: 64 * 64)).validate([Self.coin], cancellation: nil).errors.isEmpty)
    }

    @Test func theLimitRuleIsListedAndConfigurable() throws {
        #expect(Rules.all.contains { $0.id == .pngTooLarge && $0.defaultSeverity == .error && !$0.needsPixels })
        var validator = Validator(decoder: PNG.Decoder(maxPixels: 100))
        validator.config = try ValidationConfig.decode(Array(#"{"severities": {"png.too-large": "warning"}}"#.utf8), file: "c.json")
        let report = try validator.validate([Self.coin], cancellation: nil)
        #expect(report.findings.map(\.severity) == Array(repeating: .warning, count: 4))
        #expect(!report.hasErrors)
    }
}
