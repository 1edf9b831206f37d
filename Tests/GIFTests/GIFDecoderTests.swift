import Basics
import Foundation
import Testing
import TestSupport
import Raster
@testable import GIF

@Suite("GIF decoder")
struct GIFDecoderTests {
    /// Every frame, composited, against what Pillow decoded (committed by make_references.py).
    @Test("matches Pillow's decode", arguments: Fixtures.referenceNames())
    func matchesPillow(name: String) throws {
        let (reference, strip) = try Fixtures.reference(name)
        let decoder = try GIF.Decoder(file: Fixtures.gifPath(for: name))
        let frames = try decoder.allGIFFrames()
        #expect(frames.count == reference.frames)
        #expect((decoder.width, decoder.height) == (reference.width, reference.height))
        #expect(frames.map(\.delay) == reference.delays)
        #expect(decoder.netscapeLoops == reference.loop)
        for (index, frame) in frames.enumerated() {
            var mismatches = 0
            for y in 0..<reference.height {
                for x in 0..<reference.width where frame.image[x, y] != strip[x, index * reference.height + y] {
                    mismatches += 1
                }
            }
            #expect(mismatches == 0, "frame \(index): \(mismatches) pixels differ from Pillow")
        }
    }

    /// The large GIFs, against per-frame digests of what Pillow decoded (transparent pixels as
    /// 0,0,0,0, as our decoder leaves them).
    @Test("matches Pillow's decode of the large GIFs, by digest", arguments: Fixtures.digestReferenceNames())
    func matchesPillowByDigest(name: String) throws {
        let reference = try Fixtures.digestReference(name)
        let decoder = try GIF.Decoder(file: Fixtures.gifPath(for: name))
        let frames = try decoder.allGIFFrames()
        #expect(frames.count == reference.frames && reference.digests?.count == reference.frames)
        #expect((decoder.width, decoder.height) == (reference.width, reference.height))
        #expect(frames.map(\.delay) == reference.delays)
        #expect(decoder.netscapeLoops == reference.loop)
        for (index, frame) in frames.enumerated() {
            #expect(Fixtures.digest(frame.image.pixels) == reference.digests?[index], "frame \(index)")
        }
    }

    /// Every fixture GIF (all 14 CodeManu effects, giflib's pictures) has a Pillow reference.
    @Test func everyFixtureGIFHasAReference() {
        let names = Fixtures.gifNames()
        #expect(names.count == 14 + 9)
        #expect(Set(Fixtures.referenceNames() + Fixtures.digestReferenceNames()) == Set(names))
    }

    @Test func readsInterlacedFramesInScreenOrder() throws {
        let plain = try GIF.Decoder(file: Fixtures.path("gif/giflib/treescap.gif")).allGIFFrames()
        let interlaced = try GIF.Decoder(file: Fixtures.path("gif/giflib/treescap-interlaced.gif")).allGIFFrames()
        #expect(plain.count == 1 && interlaced.count == 1)
        #expect(plain[0].image == interlaced[0].image)
        #expect(GIF.Decoder.rowOrder(height: 10, interlaced: true) == [0, 8, 4, 2, 6, 1, 3, 5, 7, 9])
    }

    @Test(arguments: [(nil, 1), (0, 0), (1, 2), (2, 3)] as [(Int?, Int)])
    func mapsLoopCountsToUIKitRepeatCounts(loops: Int?, repeatCount: Int) {
        #expect(GIF.repeatCount(netscapeLoops: loops) == repeatCount)
        #expect(GIF.netscapeLoops(repeatCount: repeatCount) == loops)
    }

    /// Truncated at every kind of place: in the header, the colour table, the first frame's data,
    /// and just before the trailer. Before the first row of the first frame it is an error; from there on,
    /// the frames decoded are kept, as browsers show them, with a warning — never a crash, never a
    /// silent short read.
    @Test(arguments: [0.0, 0.003, 0.02, 0.3, 0.7, 0.99])
    func truncatedFilesFailOrWarn(fraction: Double) throws {
        let bytes = try FileIO.readAll(Fixtures.path("gif/effects/Effect_Impact.gif"))
        let full = try GIF.Decoder(bytes: bytes, file: "full.gif").allGIFFrames().count
        let cut = Array(bytes.prefix(max(1, Int(Double(bytes.count) * fraction))))
        do {
            let decoder = try GIF.Decoder(bytes: cut, file: "cut.gif")
            let frames = try decoder.allGIFFrames()
            #expect(fraction > 0.02, "a cut in the header, the colour table or before the first row of pixels is an error")
            #expect(!frames.isEmpty && frames.count <= full)
            #expect(decoder.warnings.count == 1 && decoder.warnings[0].hasPrefix("cut.gif is cut short (it ends "), "\(decoder.warnings)")
        } catch {
            switch error {
            case .corrupt(let file, .gif, _), .notFormat(let file, .gif): #expect(file == "cut.gif" && fraction <= 0.02, "\(error)")
            default: Issue.record("\(error)")
            }
        }
    }

    /// A GIF cut just after an image descriptor, before any of its pixels: the frame draws nothing,
    /// so it is no frame. The first one: the file is refused as corrupt, as a cut APNG or WebP is
    /// (it was kept as one blank frame, exit 0; found by a new-user round). A later one: the frames
    /// before are kept, with a warning saying so.
    @Test func aFrameCutBeforeItsPixelsIsNoFrame() throws {
        let bytes = try FileIO.readAll(Fixtures.path("gif/effects/Effect_Impact.gif"))
        let descriptors = try GIF.Decoder(bytes: bytes, file: "x.gif")
        let full = try descriptors.allGIFFrames().count
        #expect(full > 2)
        // Image descriptors: 0x2C followed by a 9-byte descriptor, found by walking the first frames.
        func cut(beforePixelsOf frame: Int) -> [UInt8]? {
            var seen = 0
            for index in bytes.indices.dropFirst(13) where bytes[index] == 0x2C && index + 11 < bytes.count {
                // A descriptor is preceded by a block terminator (0) and followed by its LZW minimum code size.
                guard bytes[index - 1] == 0, (2...8).contains(bytes[index + 10]) else { continue }
                seen += 1
                if seen == frame { return Array(bytes.prefix(index + 11)) }
            }
            return nil
        }
        let first = try #require(cut(beforePixelsOf: 1))
        #expect(throws: AnimationDecodeError.corrupt(file: "cut.gif", format: .gif, reason: "the file is cut before the first frame's pixels")) {
            _ = try GIF.Decoder(bytes: first, file: "cut.gif").allGIFFrames()
        }
        let third = try #require(cut(beforePixelsOf: 3))
        let decoder = try GIF.Decoder(bytes: third, file: "cut.gif")
        #expect(try decoder.allGIFFrames().count == 2)
        #expect(decoder.warnings.count == 1 && decoder.warnings[0].hasPrefix("cut.gif is cut short (it ends before frame 3's pixels")
                && decoder.warnings[0].hasSuffix("): the 2 whole frames before the cut were read and are kept; to get the rest, export or copy the file again"), "\(decoder.warnings)")
    }

    @Test func rejectsNonGIFsAndHugeScreens() throws {
        #expect(throws: AnimationDecodeError.otherFormat(file: "x.png", format: .gif, actual: "PNG")) {
            _ = try GIF.Decoder(bytes: PNG.signature + [UInt8](repeating: 0, count: 40), file: "x.png")
        }
        // A valid header claiming a 60000×60000 screen: refused before allocating 14 GB.
        let header: [UInt8] = Array("GIF89a".utf8) + [0x60, 0xEA, 0x60, 0xEA, 0x00, 0x00, 0x00, 0x3B]
        #expect(throws: AnimationDecodeError.limit(LimitError(limit: .pixels, subject: "big.gif", amount: 60000 * 60000, maximum: PNG.defaultMaxPixels, detail: "60000×60000"))) {
            _ = try GIF.Decoder(bytes: header, file: "big.gif")
        }
        #expect {
            _ = try GIF.Decoder(file: "/nonexistent.gif")
        } throws: { error in
            if case .unreadable? = error as? AnimationDecodeError { return true }
            return false
        }
    }

    /// A GIF of more frames than allowed is refused when it is opened, before any frame is decoded
    /// (it was refused at frame N + 1, after N frames had been decoded, and written by `frames`);
    /// the block count agrees with the frames decoded on every fixture.
    @Test(arguments: ["gif/effects/Effect_BigHit.gif", "gif/giflib/welcome2.gif", "gif/giflib/treescap-interlaced.gif", "gif/pillow/issue_2811.gif"])
    func tooManyFramesAreRefusedBeforeDecoding(file: String) throws {
        let bytes = try FileIO.readAll(Fixtures.path(file))
        let frames = try GIF.Decoder(bytes: bytes, file: file).allGIFFrames().count
        #expect(GIF.Decoder.imageCount(bytes) == frames)
        #expect(throws: AnimationDecodeError.limit(LimitError(limit: .frames, subject: file, amount: frames, maximum: frames - 1))) {
            _ = try GIF.Decoder(bytes: bytes, file: file, limits: ResourceLimits(maxFrames: frames - 1))
        }
    }
}
