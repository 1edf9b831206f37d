import Foundation
import Testing
import TestSupport
@testable import Raster

/// The decoder's fast path (``PNG/FastPath``) against libpng: the same header and the same bytes on
/// every file it takes, and every file it declines — interlaced, 16-bit, low bit depths, damaged —
/// read by libpng with today's pixels and errors.
@Suite("PNG fast path")
struct PNGFastPathTests {
    static func decoder(_ route: PNG.Decoder.Route, verifiesAdler32: Bool = true) -> PNG.Decoder {
        var decoder = PNG.Decoder()
        decoder.route = route
        decoder.verifiesAdler32 = verifiesAdler32
        return decoder
    }

    /// Every `.png` under `Tests/Fixtures` (PngSuite's valid, invalid and CgBI files, real
    /// sequences, sprites, text and GIF references), relative paths, sorted.
    static let fixtures: [String] = {
        let root = Fixtures.root
        let all = FileManager.default.enumerator(atPath: root)?.compactMap { $0 as? String } ?? []
        return all.filter { $0.hasSuffix(".png") && !$0.hasPrefix(lenientFolder) }.sorted()
    }()

    /// Hand-made files whose zlib streams libdeflate inflates and zlib refuses (their ORIGIN.md).
    static let lenientFolder = "png-lenient/"
    static let lenient = ["hdist31.png", "hdist32.png", "hlit287.png", "hlit288.png", "len286.png", "len287.png", "single1.png"]

    enum Outcome: Equatable { case compared, declined }

    /// What the two ways do with `bytes`: the same image when the fast path takes it (`compared`),
    /// or `declined`; a difference is an issue recorded against `name`.
    static func compare(_ bytes: [UInt8], name: String, verifiesAdler32: Bool = true) -> Outcome? {
        let reference = Result { () throws(PNG.DecodeError) in
            try decoder(.libpngOnly, verifiesAdler32: verifiesAdler32).decode(bytes, file: name)
        }
        let fast = Result { () throws(PNG.DecodeError) in
            try decoder(.fastPathOnly, verifiesAdler32: verifiesAdler32).decode(bytes, file: name)
        }
        let either = Result { () throws(PNG.DecodeError) in
            try decoder(.any, verifiesAdler32: verifiesAdler32).decode(bytes, file: name)
        }
        #expect(either == reference, "\(name): the default route differs from libpng's")
        switch fast {
        case .success(let image):
            #expect(reference == .success(image), "\(name): the fast path's image differs from libpng's")
            return .compared
        case .failure(.corrupt(_, PNG.Decoder.Route.declined)):
            return .declined
        case .failure(let error):
            // Errors before the pixels are libpng's own (the header is read by libpng on both ways).
            #expect(reference == .failure(error), "\(name): \(error)")
            return nil
        }
    }

    @Test("takes the common files and gives libpng's bytes on every fixture")
    func everyFixture() throws {
        var outcomes: [Outcome: Int] = [:]
        for name in Self.fixtures {
            let bytes = try Fixtures.bytes(name)
            if let outcome = Self.compare(bytes, name: name) { outcomes[outcome, default: 0] += 1 }
        }
        // 629 files when this was written; most are 8-bit and not interlaced.
        #expect(Self.fixtures.count >= 629)
        #expect(outcomes[.compared, default: 0] >= 400, "\(outcomes)")
        #expect(outcomes[.declined, default: 0] >= 100, "\(outcomes)")
    }

    @Test("leaves interlaced, 16-bit and 1–4-bit files to libpng",
          arguments: ["basi2c08.png", "basi6a08.png", "basn2c16.png", "basn6a16.png", "basn3p04.png", "basn0g01.png"])
    func declinesOtherFormats(name: String) throws {
        let bytes = try Fixtures.bytes("pngsuite/valid/\(name)")
        #expect(Self.compare(bytes, name: name) == .declined)
    }

    @Test("takes each 8-bit colour type, with and without tRNS",
          arguments: ["basn0g08.png", "basn2c08.png", "basn3p08.png", "basn4a08.png", "basn6a08.png",
                      "tbbn3p08.png", "tbrn2c08.png", "tp1n3p08.png", "f00n2c08.png", "f04n2c08.png", "f99n0g04.png"])
    func takesEightBitFiles(name: String) throws {
        let bytes = try Fixtures.bytes("pngsuite/valid/\(name)")
        let expected: Outcome = name.hasPrefix("f99") ? .declined : .compared
        #expect(Self.compare(bytes, name: name) == expected)
    }

    /// A byte of every chunk flipped (its CRC then fails), then the file cut at every 997th byte:
    /// each is declined, and the default way gives libpng's error, word for word.
    @Test("leaves damaged and truncated files to libpng with today's errors")
    func damagedFiles() throws {
        let bytes = try Fixtures.bytes("sequences/gameart2d-dino-jump/" + Fixtures.pngNames(in: "sequences/gameart2d-dino-jump")[0])
        let chunks = try PNG.ChunkWalker.walk(bytes, file: "dino")
        var declined = 0
        for chunk in chunks where chunk.length > 0 {
            var damaged = bytes
            damaged[chunk.offset + 8 + chunk.length / 2] ^= 0x10
            if Self.compare(damaged, name: "dino, \(chunk.type) damaged") == .declined { declined += 1 }
        }
        for cut in stride(from: 9, to: bytes.count, by: 997) {
            if Self.compare(Array(bytes[..<cut]), name: "dino cut at \(cut)") == .declined { declined += 1 }
        }
        #expect(declined >= chunks.count + bytes.count / 997 - 3)
    }

    /// A wrong Adler-32: libpng refuses it when checking and reads the pixels when not; the fast
    /// path declines both times, so each way is libpng's.
    @Test("leaves a wrong Adler-32 to libpng, checked or not")
    func wrongAdler32() throws {
        var bytes = try Fixtures.bytes("pngsuite/valid/basn6a08.png")
        let data = try #require(try PNG.ChunkWalker.walk(bytes, file: "basn6a08").last { $0.type == "IDAT" })
        let end = data.offset + 8 + data.length
        bytes[end - 1] ^= 0x01
        let crc = bytes.withUnsafeBytes { LibDeflate.crc32(UnsafeRawBufferPointer(rebasing: $0[(data.offset + 4)..<end])) }
        for shift in 0..<4 { bytes[end + shift] = UInt8(truncatingIfNeeded: crc >> UInt32(24 - 8 * shift)) }
        #expect(Self.compare(bytes, name: "adler", verifiesAdler32: true) == .declined)
        #expect(Self.compare(bytes, name: "adler", verifiesAdler32: false) == .declined)
        #expect(throws: PNG.DecodeError.self) { try Self.decoder(.any).decode(bytes, file: "adler") }
        #expect(throws: Never.self) { try Self.decoder(.any, verifiesAdler32: false).decode(bytes, file: "adler") }
    }

    /// The one difference the fast path's documentation names: a few malformed streams libdeflate
    /// inflates where zlib refuses them, each with its CRCs and Adler-32 right (made by hand; 104,000
    /// mutated files otherwise decoded the same). Pinned, so a change of either library is seen.
    @Test("reads the few malformed streams libdeflate takes, where libpng calls them corrupt", arguments: lenient)
    func lenientStreams(name: String) throws {
        let bytes = try Fixtures.bytes(Self.lenientFolder + name)
        #expect(try FileManager.default.contentsOfDirectory(atPath: Fixtures.path(Self.lenientFolder)).filter { $0.hasSuffix(".png") }.count == Self.lenient.count)
        let fast = try Self.decoder(.fastPathOnly).decode(bytes, file: name)
        #expect(fast.width > 0 && fast.height > 0)
        #expect(try Self.decoder(.any).decode(bytes, file: name) == fast)
        #expect(throws: PNG.DecodeError.self) { try Self.decoder(.libpngOnly).decode(bytes, file: name) }
    }
}
