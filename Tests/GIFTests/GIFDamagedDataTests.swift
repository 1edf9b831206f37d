import Basics
import Foundation
@testable import GIF
import Raster
import Testing
import TestSupport

/// A GIF with one byte changed in the middle (Tests/Fixtures/gif/damaged, made from Flipbook's
/// own coin GIF by `make_damaged.py`) decoded with wrong pixels and no word (issue 43): giflib
/// decodes an LZW code its table does not hold yet into garbage, where Chromium, Firefox, Pillow
/// ("broken data stream") and ffmpeg ("LZW decode failed") stop. Now a damaged frame is treated as
/// a cut one (the whole frames before kept, one warning), and the words say damaged, at which
/// byte, not "cut short".
@Suite("GIF damage is found and named")
struct GIFDamagedDataTests {
    static let folder = "gif/damaged"

    @Test func everyFixtureIsListed() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Fixtures.path(Self.folder)).filter { $0.hasSuffix(".gif") }.sorted()
        #expect(names == ["coin-first-frame.gif", "coin-height.gif", "coin-lzw.gif"])
    }

    static func whole() throws -> [GIF.Frame] {
        try GIF.Decoder(bytes: Fixtures.bytes("gif/encoded/coin.gif"), file: "coin.gif").allGIFFrames()
    }

    /// Byte 1516 (the middle) flipped, inside frame 2's LZW data: frame 1 as in the whole file,
    /// and one warning naming the byte where the damage shows (it decoded 4 frames, frame 2's rows
    /// wrong, and said nothing).
    @Test func anLZWCodeTheTableDoesNotHoldEndsTheAnimationWithAWarning() throws {
        let decoder = try GIF.Decoder(bytes: Fixtures.bytes("\(Self.folder)/coin-lzw.gif"), file: "flip.gif")
        let frames = try decoder.allGIFFrames()
        #expect(frames.map(\.image) == Array(try Self.whole().prefix(1)).map(\.image))
        #expect(decoder.warnings.count == 1, "\(decoder.warnings)")
        let warning = decoder.warnings.first ?? ""
        #expect(warning.hasPrefix("flip.gif is damaged at byte 15") && warning.contains("(frame 2's image data: an LZW code ("), "\(warning)")
        #expect(warning.hasSuffix("): the 1 whole frame before the damage was read and is kept; the rest cannot be read from this file: "
                                  + "get it again from where it was made"), "\(warning)")
        #expect(!warning.contains("cut short"), "\(warning)")
    }

    /// Damage in the first frame's data leaves nothing whole: refused, saying damaged at which
    /// byte (it was read as a first frame of wrong pixels; cut there, it said "cut before the first
    /// frame's pixels" although 3 frames follow).
    @Test func damageInTheFirstFrameIsRefusedAsDamage() throws {
        #expect { _ = try GIF.Decoder(bytes: Fixtures.bytes("\(Self.folder)/coin-first-frame.gif"), file: "flip.gif").allGIFFrames() } throws: { error in
            guard case AnimationDecodeError.corrupt("flip.gif", .gif, let reason) = error else { return false }
            return reason.hasPrefix("damaged at byte ") && reason.contains("(frame 1's image data: ")
                && reason.hasSuffix("no whole frame to show; get the file again from where it was made")
        }
    }

    /// Frame 4's height (11×64 at 27, 0) flipped from 64 to 65344 on a 64×64 screen: the descriptor is named as
    /// what is wrong (it said "it ends after 64 of frame 4's 65344 rows" and "cut short").
    @Test func aFrameTallerThanTheScreenWhoseDataRunsShortIsADamagedDescriptor() throws {
        let decoder = try GIF.Decoder(bytes: Fixtures.bytes("\(Self.folder)/coin-height.gif"), file: "tall.gif")
        let frames = try decoder.allGIFFrames()
        #expect(frames.map(\.image) == Array(try Self.whole().prefix(3)).map(\.image))
        #expect(decoder.warnings == ["tall.gif is damaged at byte 2933 (frame 4's image descriptor: it declares 11×65344 pixels at (27, 0) "
                                     + "on a 64×64 screen, and its image data holds 64 rows): the 3 whole frames before the damage were "
                                     + "read and are kept; the rest cannot be read from this file: get it again from where it was made"])
    }

    /// Every single-byte change to frame 2's LZW data (sub-block lengths included) of the coin GIF
    /// either decodes four frames (a change no decoder can see) or keeps the whole frames before it
    /// with one "damaged" warning: never "cut short", never an error (frame 1 is whole), never a crash.
    @Test func everyByteOfAFramesDataDamagedSaysDamaged() throws {
        let bytes = try Fixtures.bytes("gif/encoded/coin.gif")
        let images = GIFLenientDecodingTests.images(in: bytes)
        #expect(images.count == 4)
        let data = images[1].3
        let end = LZWDecoder.endOfSubBlocks(bytes, from: data)
        let whole = try Self.whole()
        var damaged = 0
        for offset in data..<(end - 1) {
            var changed = bytes
            changed[offset] ^= 0xFF
            let decoder = try GIF.Decoder(bytes: changed, file: "x.gif")
            let frames = try decoder.allGIFFrames()
            if frames.count < 4 {
                damaged += 1
                #expect(decoder.warnings.count == 1 && decoder.warnings[0].hasPrefix("x.gif is damaged at byte "), "\(offset): \(decoder.warnings)")
                #expect(frames.first?.image == whole.first?.image, "\(offset)")
            } else {
                #expect(decoder.warnings.isEmpty, "\(offset): \(decoder.warnings)")
            }
        }
        #expect(damaged > (end - data) / 4, "\(damaged) of \(end - data)")
    }

    /// The Swift LZW decoder reads every frame, so it is checked against giflib's own decoder
    /// (`DGifSlurp`) on every fixture GIF giflib reads whole: the same indices, frame by frame.
    @Test func everyFrameMatchesGiflibsOwnDecoder() throws {
        let files = (Fixtures.gifNames().map { name in ["gif/effects", "gif/giflib"].map { "\($0)/\(name).gif" }
            .first { FileManager.default.fileExists(atPath: Fixtures.path($0)) }! }) + ["gif/encoded/coin.gif", "gif/encoded/robot.gif"]
        #expect(files.count == 25)
        for file in files {
            let bytes = try Fixtures.bytes(file)
            let reference = try #require(GIFLib.slurpIndices(bytes), "\(file)")
            let reader = try GIFLib.Reader(bytes: bytes, file: file)
            var frame = 0
            while true {
                let record = try reader.nextRecord()
                if case .end = record { break }
                guard case .image(let image) = record else { continue }
                var indices = [UInt8](repeating: 0, count: image.width * image.height)
                let read = reader.readPixels(into: &indices, width: image.width, height: image.height)
                #expect(read.outcome == .complete && read.decoded == indices.count, "\(file) frame \(frame + 1)")
                // giflib's slurp stores an interlaced frame's rows in screen order.
                let order = GIF.Decoder.rowOrder(height: image.height, interlaced: image.interlaced)
                var screenOrder = indices
                for (stored, row) in order.enumerated() {
                    screenOrder.replaceSubrange(row * image.width..<(row + 1) * image.width,
                                                with: indices[stored * image.width..<(stored + 1) * image.width])
                }
                #expect(frame < reference.count && screenOrder == reference[frame], "\(file) frame \(frame + 1)")
                frame += 1
            }
            #expect(frame == reference.count, "\(file)")
        }
    }

    /// LZW at the smallest code sizes giflib reads: 1 (two colours, written by some encoders
    /// though GIF asks for 2), where codes widen one code sooner than the table grows; the Swift
    /// decoder matches giflib's own.
    @Test(arguments: [1, 2])
    func smallCodeSizesMatchGiflib(codeSize: Int) throws {
        // A 16×4 frame of two colours in runs, LZW-coded here with the given minimum code size.
        let pixels: [UInt8] = (0..<64).map { UInt8(($0 / 3 + $0 / 16) % 2) }
        let data = Self.lzw(pixels, minimumCodeSize: codeSize)
        var bytes: [UInt8] = Array("GIF89a".utf8) + [16, 0, 4, 0, 0x80, 0, 0, 0, 0, 0, 255, 255, 255]
        bytes += [0x2C, 0, 0, 0, 0, 16, 0, 4, 0, 0, UInt8(codeSize)]
        for start in stride(from: 0, to: data.count, by: 255) {
            let block = data[start..<min(start + 255, data.count)]
            bytes += [UInt8(block.count)] + block
        }
        bytes += [0, 0x3B]
        let reference = try #require(GIFLib.slurpIndices(bytes))
        #expect(reference == [pixels])
        let decoder = try GIF.Decoder(bytes: bytes, file: "small.gif")
        let frames = try decoder.allGIFFrames()
        #expect(decoder.warnings.isEmpty, "\(decoder.warnings)")
        #expect(frames.count == 1 && frames[0].image.pixels.enumerated().allSatisfy { index, value in
            index % 4 == 3 || value == (pixels[index / 4] == 0 ? 0 : 255)
        })
    }

    /// A plain LZW encoder (clear first, codes widening as giflib reads them, end code last).
    static func lzw(_ pixels: [UInt8], minimumCodeSize: Int) -> [UInt8] {
        let clear = 1 << minimumCodeSize
        var table: [[UInt8]: Int] = [:]
        var next = clear + 2, width = minimumCodeSize + 1, running = clear + 2
        var out: [UInt8] = [], buffer = 0, count = 0
        func emit(_ code: Int) {
            buffer |= code << count
            count += width
            while count >= 8 {
                out.append(UInt8(buffer & 0xFF))
                buffer >>= 8
                count -= 8
            }
            // giflib's reader widens after every code read but a clear.
            if code != clear && running < 4097 {
                running += 1
                if running > 1 << width && width < 12 { width += 1 }
            }
        }
        emit(clear)
        var current: [UInt8] = []
        for pixel in pixels {
            let candidate = current + [pixel]
            if candidate.count == 1 || table[candidate] != nil {
                current = candidate
                continue
            }
            emit(current.count == 1 ? Int(current[0]) : table[current]!)
            if next < 4096 {
                table[candidate] = next
                next += 1
            }
            current = [pixel]
        }
        emit(current.count == 1 ? Int(current[0]) : table[current]!)
        emit(clear + 1)
        if count > 0 { out.append(UInt8(buffer & 0xFF)) }
        return out
    }
}
