import Basics
import Foundation
@testable import GIF
import Raster
import Testing
import TestSupport

/// GIFs that gifsicle and Pillow read whole and the decoder cut short (issue 43): a frame of no
/// pixels that still carries data (gifsicle's `009-zerowidth` pattern, Tests/Fixtures/gif/zerowidth),
/// and stray zero bytes between blocks.
@Suite("GIF decoding: zero-width frames and stray zero bytes")
struct GIFZeroWidthTests {
    static let source = "gif/effects/Effect_SmallHit.gif"

    /// The frames of `bytes`, and the decoder's warnings.
    static func decode(_ bytes: [UInt8], _ name: String) throws -> (frames: [GIF.Frame], warnings: [String]) {
        let decoder = try GIF.Decoder(bytes: bytes, file: name)
        return (try decoder.allGIFFrames(), decoder.warnings)
    }

    /// Where each top-level block of `bytes` starts (extensions, images, the trailer), after the header.
    static func blockStarts(_ bytes: [UInt8]) -> [Int] {
        var position = 13 + (bytes[10] & 0x80 != 0 ? 3 << (Int(bytes[10] & 7) + 1) : 0), starts: [Int] = []
        func skipSubBlocks() {
            while bytes[position] != 0 { position += Int(bytes[position]) + 1 }
            position += 1
        }
        while position < bytes.count {
            starts.append(position)
            switch bytes[position] {
            case 0x21: position += 2; skipSubBlocks()
            case 0x2C:
                let packed = bytes[position + 9]
                position += 10 + (packed & 0x80 != 0 ? 3 << (Int(packed & 7) + 1) : 0) + 1
                skipSubBlocks()
            default: return starts
            }
        }
        return starts
    }

    @Test func theFixtureIsListed() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Fixtures.path("gif/zerowidth")).filter { $0.hasSuffix(".gif") }
        #expect(names == ["zerowidth-smallhit.gif"])
    }

    /// A first frame 0 pixels wide with its data still there: every frame after it is read (24,
    /// as ffmpeg and Pillow read them; gifsicle reads both of its own file's). giflib left the
    /// data unread, took its first byte for the next record, and the decoder stopped after frame 1.
    /// The zero-width frame draws nothing: the frames after it are those of the GIF without it.
    @Test func framesAfterAZeroWidthFrameAreRead() throws {
        let bytes = try Fixtures.bytes("gif/zerowidth/zerowidth-smallhit.gif")
        let (frames, warnings) = try Self.decode(bytes, "zerowidth-smallhit.gif")
        #expect(frames.count == 24)
        #expect(warnings.isEmpty, "\(warnings)")
        #expect(frames[0].rect.width == 0 && frames[0].image.pixels.allSatisfy { $0 == 0 })

        // The same GIF with the zero-width frame (its control block and image) taken out.
        let starts = Self.blockStarts(bytes)
        let image = starts.firstIndex { bytes[$0] == 0x2C }!
        #expect(bytes[starts[image - 1]] == 0x21 && bytes[starts[image - 1] + 1] == 0xF9)
        let without = Array(bytes[..<starts[image - 1]]) + Array(bytes[starts[image + 1]...])
        let (expected, _) = try Self.decode(without, "without.gif")
        #expect(expected.count == 23)
        #expect(frames.dropFirst().map(\.delay) == expected.map(\.delay))
        let same = zip(frames.dropFirst(), expected).allSatisfy { $0.image == $1.image }
        #expect(same)
        #expect(GIF.Decoder.imageCount(bytes) == 24)
    }

    /// Zero bytes where a block should start — after a frame's data, between a control block and
    /// its image, before the trailer, one or several — are skipped with one warning, every frame
    /// read as in the file without them. The decoder stopped at the first (frames after it lost).
    @Test(arguments: [
        ("after the first frame", [(3, 1)]),
        ("between a control block and its image", [(4, 1)]),
        ("several, twice", [(3, 3), (4, 1)]),
        ("between the loop block and the first control block", [(1, 1)]),
        ("before the trailer", [(-1, 2)]),
    ] as [(String, [(block: Int, zeros: Int)])])
    func strayZeroBytesBetweenBlocksAreSkipped(_ place: String, _ insertions: [(block: Int, zeros: Int)]) throws {
        let original = try Fixtures.bytes(Self.source)
        let starts = Self.blockStarts(original)
        var bytes = original
        // From the last offset to the first, so earlier offsets stay right.
        let offsets = insertions.map { (at: $0.block < 0 ? starts[starts.count + $0.block] : starts[$0.block], zeros: $0.zeros) }
        for (at, zeros) in offsets.sorted(by: { $0.at > $1.at }) {
            bytes.insert(contentsOf: [UInt8](repeating: 0, count: zeros), at: at)
        }
        #expect(bytes.count == original.count + insertions.reduce(0) { $0 + $1.zeros })
        let (frames, warnings) = try Self.decode(bytes, "zeros.gif")
        let (expected, _) = try Self.decode(original, "original.gif")
        #expect(frames.count == 24 && expected.count == 24, "\(place)")
        let same = zip(frames, expected).allSatisfy { $0.image == $1.image && $0.delay == $1.delay }
        #expect(same, "\(place)")
        #expect(warnings.count == 1 && warnings[0].contains("zero bytes between blocks"), "\(warnings)")
        #expect(GIF.Decoder.imageCount(bytes) == 24)
    }

    /// Bytes that are no block and not zero still end the animation after the frames before them
    /// (as browsers stop), with a warning: only zeros are skipped.
    @Test func otherStrayBytesStillEndTheAnimation() throws {
        let original = try Fixtures.bytes(Self.source)
        let starts = Self.blockStarts(original)
        var bytes = original
        bytes.insert(0x07, at: starts[3])
        let (frames, warnings) = try Self.decode(bytes, "garbage.gif")
        #expect(frames.count == 1)
        #expect(warnings.count == 1 && warnings[0].contains(" is damaged at byte ") && warnings[0].contains("(after frame 1, bytes that are no GIF block"), "\(warnings)")
    }
}
