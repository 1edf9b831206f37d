import Testing
import TestSupport
import Raster

/// `PNG.ChunkWalker` (and `PNG.Decoder.readVerifiedHeader`) find a file cut short or damaged
/// without inflating it, and pass every sound file.
@Suite("PNG chunk walk")
struct PNGChunkWalkerTests {
    static let valid = Fixtures.pngNames(in: "pngsuite/valid")
    static let invalid = Fixtures.pngNames(in: "pngsuite/invalid")
    static let cgbi = Fixtures.pngNames(in: "pngsuite/cgbi-ios")
    /// Real frames: pixel art, a photo frame, an effect with alpha.
    static let realFrames = ["sequences/kenney-gold-coin/gold_1.png", "sequences/bbb-opening-fadein-720p/bbb0030.png",
                             "sequences/unity-explosion02hd-fadeout/explosion02HD-frame058.png"]

    /// The error the walk ends in; `nil` when it passes.
    static func walkError(_ bytes: [UInt8], file: String = "x.png") -> PNG.DecodeError? {
        do {
            try PNG.ChunkWalker.walk(bytes, file: file)
            return nil
        } catch {
            return error
        }
    }

    /// The reason of a `.corrupt` error; `nil` for any other outcome.
    static func corruptReason(_ error: PNG.DecodeError?) -> String? {
        guard case .corrupt(_, let reason)? = error else { return nil }
        return reason
    }

    @Test func theFixturesAreThere() throws {
        #expect(Self.valid.count == 161)
        #expect(Self.invalid.count == 14)
        #expect(Self.cgbi.count == 32)
        for frame in Self.realFrames { #expect(try Fixtures.bytes(frame).count > 1000, "\(frame)") }
    }

    @Test("every valid PngSuite file walks clean, IHDR first and IEND last", arguments: valid)
    func soundFilesPass(name: String) throws {
        let bytes = try Fixtures.bytes("pngsuite/valid/\(name)")
        let chunks = try PNG.ChunkWalker.walk(bytes, file: name)
        #expect(chunks.first?.type == "IHDR")
        #expect(chunks.last?.type == "IEND")
        #expect(chunks.contains { $0.type == "IDAT" })
        let header = try PNG.Decoder().readVerifiedHeader(bytes, file: name)
        #expect(header == (try PNG.Decoder().readHeader(bytes, file: name)))
    }

    /// Every file of PngSuite's corrupt set is refused without decoding: the CRC, signature and
    /// missing-IDAT ones by the walk, the bad header fields by the header read after it.
    @Test("every corrupt PngSuite file is refused", arguments: invalid)
    func corruptFilesAreRefused(name: String) throws {
        let bytes = try Fixtures.bytes("pngsuite/invalid/\(name)")
        let error = #expect(throws: PNG.DecodeError.self) { _ = try PNG.Decoder().readVerifiedHeader(bytes, file: name) }
        switch error {
        case .corrupt(let file, let reason)?: #expect(file == name && !reason.isEmpty)
        case .notPNG(let file)?: #expect(file == name)
        default: Issue.record("\(name): \(String(describing: error))")
        }
    }

    /// The walk alone finds the PngSuite files whose damage is in the chunk structure.
    @Test(arguments: [("xcsn0g01.png", "CRC error in the IDAT chunk"), ("xhdn0g08.png", "CRC error in the IHDR chunk"),
                      ("xdtn0g01.png", "no IDAT chunk")])
    func structuralDamageIsNamed(name: String, reason: String) throws {
        let bytes = try Fixtures.bytes("pngsuite/invalid/\(name)")
        let message = Self.corruptReason(Self.walkError(bytes, file: name))
        #expect(message?.contains(reason) == true, "\(String(describing: message))")
    }

    /// The fuzzer's PNG findings (chunks claiming 1.1 and 1.5 GB in a file of 100 bytes) are
    /// refused by the walk, which allocates nothing for what a chunk claims.
    @Test(arguments: ["exif-length-1.5GB.png", "text-length-1.1GB.png"])
    func fuzzFindingsAreRefused(name: String) throws {
        let bytes = try Fixtures.bytes("fuzz/fuzz-png/\(name)")
        #expect(Fixtures.pngNames(in: "fuzz/fuzz-png").count == 2)
        let reason = Self.corruptReason(Self.walkError(bytes, file: name))
        #expect(reason?.isEmpty == false, "\(String(describing: reason))")
        #expect(reason?.contains("truncated") == true || reason?.contains("CRC error") == true, "\(String(describing: reason))")
    }

    @Test(arguments: cgbi)
    func cgbiFilesAreNamed(name: String) throws {
        let bytes = try Fixtures.bytes("pngsuite/cgbi-ios/\(name)")
        #expect(throws: PNG.DecodeError.appleCgBI(file: name)) { try PNG.ChunkWalker.walk(bytes, file: name) }
    }

    /// A real frame cut anywhere — inside the image data, inside a chunk header, just before
    /// `IEND`, right after the signature — is corrupt, named "truncated"; the whole file passes.
    @Test(arguments: realFrames)
    func aCutRealFrameIsTruncated(frame: String) throws {
        let bytes = try Fixtures.bytes(frame)
        let chunks = try PNG.ChunkWalker.walk(bytes, file: frame)
        let iend = try #require(chunks.last)
        let cuts = [bytes.count / 2, bytes.count - 1, iend.offset, iend.offset + 3, 8, 20, chunks[1].offset + 10]
        for length in cuts {
            let error = Self.walkError(Array(bytes.prefix(length)), file: frame)
            #expect(error?.file == frame)
            #expect(Self.corruptReason(error)?.contains("truncated") == true, "cut to \(length) of \(bytes.count): \(String(describing: error))")
        }
    }

    /// One byte changed in any chunk's data (image data, header or an ancillary chunk) is a CRC
    /// error naming that chunk, though libpng's header read alone takes the file.
    @Test(arguments: realFrames)
    func aChangedByteIsACRCError(frame: String) throws {
        let bytes = try Fixtures.bytes(frame)
        let chunks = try PNG.ChunkWalker.walk(bytes, file: frame)
        for chunk in chunks where chunk.length > 0 {
            var damaged = bytes
            damaged[chunk.offset + 8 + chunk.length / 2] ^= 0x10
            let reason = Self.corruptReason(Self.walkError(damaged, file: frame))
            #expect(reason?.contains("CRC error in the \(chunk.type) chunk at byte \(chunk.offset)") == true, "\(chunk.type): \(String(describing: reason))")
            if chunk.type == "IDAT" { #expect((try? PNG.Decoder().readHeader(damaged, file: frame)) != nil) }
        }
    }

    /// Hostile structures end in a typed error, never a trap: an empty file, the signature
    /// alone, a chunk length of 2³²−1 or 2³¹, a type that is no letters, a first chunk other
    /// than `IHDR`; bytes after `IEND` are allowed.
    @Test func hostileStructures() throws {
        let bytes = try Fixtures.bytes("sequences/kenney-gold-coin/gold_1.png")
        func refused(_ data: [UInt8], _ reason: String) {
            let error = Self.walkError(data)
            if reason == "not a PNG" {
                #expect(error == .notPNG(file: "x.png") || error == .otherFormat(file: "x.png", actual: "empty"), "\(String(describing: error))")
            } else {
                #expect(Self.corruptReason(error)?.contains(reason) == true, "\(reason): \(String(describing: error))")
            }
        }
        refused([], "not a PNG")
        refused(PNG.signature, "truncated")
        for length: [UInt8] in [[0xFF, 0xFF, 0xFF, 0xFF], [0x80, 0, 0, 0]] {
            var huge = bytes
            huge.replaceSubrange(8..<12, with: length)
            refused(huge, "over PNG's 2³¹−1")
        }
        var noType = bytes
        noType[12] = 0x20
        refused(noType, "no chunk type at byte 12")
        let chunks = try PNG.ChunkWalker.walk(bytes, file: "x.png")
        var reordered = Array(bytes.prefix(8))
        reordered += bytes[chunks[1].offset..<(chunks[1].offset + 12 + chunks[1].length)]
        reordered += bytes[8...]
        refused(reordered, "the first chunk is \(chunks[1].type), not IHDR")
        #expect(try PNG.ChunkWalker.walk(bytes + [0, 1, 2], file: "x.png") == chunks)
    }
}
