import Basics
import Raster
import Testing
import TestSupport
@testable import GIF

/// ``GIF/Writer`` (Flipbook's own stream writer and ``LZWEncoder``) writes, call for call, the bytes
/// giflib wrote (``GiflibWriter``, the calls the product made until issue 48): on every frame of
/// real GIFs — the encoder's own outputs and an artist's effects, taken apart into their frames —
/// and on frames made to reach each corner: every table size, dictionary clears, indices past the
/// table, one pixel, no global table.
@Suite("GIF writer bytes")
struct GIFWriterBytesTests {
    /// A GIF's screen, global table and frames, as the writer is given them.
    struct Stream {
        var width = 0, height = 0
        var global: [UInt8]?
        var loops: Int?
        var frames: [GIF.IndexedFrame] = []
    }

    /// `bytes` taken apart: each image with the graphics control block before it.
    static func stream(_ bytes: [UInt8], file: String) throws -> Stream {
        let reader = try GIFLib.Reader(bytes: bytes, file: file)
        var stream = Stream(width: reader.screenWidth, height: reader.screenHeight, global: reader.globalColors)
        var control: [UInt8]?
        reading: while true {
            switch try reader.nextRecord() {
            case .extensionBlock(let code, let data):
                if code == 0xF9, let block = data.first, block.count == 4 { control = block }
                if code == 0xFF, data.count == 2, data[0] == Array("NETSCAPE2.0".utf8), data[1].count == 3 {
                    stream.loops = Int(data[1][1]) | Int(data[1][2]) << 8
                }
            case .image(let descriptor):
                var indices = [UInt8](repeating: 0, count: descriptor.width * descriptor.height)
                _ = reader.readPixels(into: &indices, width: descriptor.width, height: descriptor.height)
                let flags = control?[0] ?? 0
                stream.frames.append(GIF.IndexedFrame(
                    rect: .init(x: descriptor.left, y: descriptor.top, width: descriptor.width, height: descriptor.height),
                    indices: indices, localPalette: descriptor.localColors,
                    transparentIndex: flags & 1 != 0 ? Int(control![3]) : nil,
                    delay: control.map { Int($0[1]) | Int($0[2]) << 8 } ?? 0,
                    disposal: GIF.Disposal(rawValue: Int(flags >> 2 & 7)) ?? .keep))
                control = nil
            case .end:
                break reading
            }
        }
        return stream
    }

    /// What each writer makes of `stream`.
    static func bothWrite(_ stream: Stream) throws -> (ours: [UInt8], giflib: [UInt8]) {
        let ours = try GIF.Writer(width: stream.width, height: stream.height, globalPalette: stream.global, netscapeLoops: stream.loops)
        let giflib = try GiflibWriter(width: stream.width, height: stream.height, globalPalette: stream.global, netscapeLoops: stream.loops)
        for frame in stream.frames {
            try ours.add(frame)
            try giflib.add(frame)
        }
        return (try ours.finish(), try giflib.finish())
    }

    /// The encoder's outputs (written through giflib when they were recorded) and the artist's effects.
    static let files = ["gif/encoded/blood-high.gif", "gif/encoded/coin.gif", "gif/encoded/drift-high.gif", "gif/encoded/drift.gif",
                        "gif/encoded/explosion.gif", "gif/encoded/robot-fast.gif", "gif/encoded/robot-high.gif",
                        "gif/encoded/robot-matte.gif", "gif/encoded/robot.gif",
                        "gif/effects/Effect_BigHit.gif", "gif/effects/Effect_Explosion_4x.gif",
                        "gif/effects/Effect_FastPixelFire.gif", "gif/effects/Effect_Hyperspeed.gif", "gif/effects/Effect_TheVortex.gif"]

    @Test(arguments: files)
    func realFramesAreWrittenAsGiflibWroteThem(file: String) throws {
        let stream = try Self.stream(try Fixtures.bytes(file), file: file)
        #expect(stream.frames.count > 1)
        let (ours, giflib) = try Self.bothWrite(stream)
        #expect(Self.same(ours, giflib), "\(file): \(ours.count) bytes against giflib's \(giflib.count), first difference at \(Self.firstDifference(ours, giflib))")
    }

    /// The encoder's own outputs were written by giflib from these very frames: taken apart and
    /// written again, they are the same file.
    @Test(arguments: files.filter { $0.hasPrefix("gif/encoded/") })
    func theEncodersOutputsComeBackWhole(file: String) throws {
        let bytes = try Fixtures.bytes(file)
        let stream = try Self.stream(bytes, file: file)
        let writer = try GIF.Writer(width: stream.width, height: stream.height, globalPalette: stream.global, netscapeLoops: stream.loops)
        for frame in stream.frames { try writer.add(frame) }
        let again = try writer.finish()
        #expect(Self.same(again, bytes), "\(file): first difference at \(Self.firstDifference(again, bytes))")
    }

    /// The encoder's frames carry the codes its LZW choice found, and the writer packs those
    /// instead of parsing the indices: what it writes must be what parsing them writes. Each real
    /// sequence is encoded at every preset, taken apart, and written again from its indices alone.
    @Test(arguments: ["emt-watch-spinner-2x", "gameart2d-dino-jump", "unity-explosion02hd-fadeout", "unity-wispy-smoke-03b-faint",
                      "bbb-opening-fadein-720p"])
    func framesWrittenFromFoundCodesAreTheParsedBytes(sequence: String) throws {
        let frames = try fixtureFrames(sequence)
        #expect(frames.count >= 2)
        for quality in GIF.Encoder.Quality.allCases {
            let input = FrameInput(durations: Array(repeating: 0.1, count: frames.count)) { frames[$0] }
            let bytes = try GIF.Encoder(quality: quality).encode(input).bytes
            let stream = try Self.stream(bytes, file: "\(sequence).gif")
            let again = try GIF.Writer(width: stream.width, height: stream.height, globalPalette: stream.global, netscapeLoops: stream.loops)
            for frame in stream.frames {
                #expect(frame.lzwCodes == nil)
                try again.add(frame)
            }
            let rewritten = try again.finish()
            #expect(Self.same(rewritten, bytes), "\(sequence) at \(quality): first difference at \(Self.firstDifference(rewritten, bytes))")
        }
    }

    /// Frames made for the corners: every table size from 1 to 256 entries (code sizes 2 to 8, a
    /// 1- and 2-entry table both at 2), noise that fills the dictionary many times over, indices
    /// past the table (giflib masks them to the code size), one pixel, a frame at an offset,
    /// tables of the frames' own with no global one.
    @Test(arguments: [1, 2, 3, 4, 5, 8, 16, 17, 64, 129, 255, 256])
    func madeFramesAreWrittenAsGiflibWroteThem(entries: Int) throws {
        var generator = SplitMix(seed: UInt64(entries))
        let palette = (0..<(entries * 3)).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
        func frame(_ width: Int, _ height: Int, x: Int = 0, y: Int = 0, local: Bool, _ index: (Int) -> UInt8) -> GIF.IndexedFrame {
            GIF.IndexedFrame(rect: .init(x: x, y: y, width: width, height: height), indices: (0..<(width * height)).map(index),
                             localPalette: local ? palette : nil, transparentIndex: entries > 1 ? entries - 1 : nil, delay: 7)
        }
        let noise = frame(300, 200, local: false) { _ in UInt8(truncatingIfNeeded: generator.next() % UInt64(entries)) }
        let runs = frame(300, 200, local: true) { UInt8(($0 / 37) % entries) }
        let past = frame(64, 32, x: 10, y: 20, local: false) { UInt8(truncatingIfNeeded: $0 * 7) }
        let dot = frame(1, 1, x: 299, y: 199, local: true) { _ in UInt8(entries - 1) }
        for global in [palette, nil] as [[UInt8]?] {
            let frames = global == nil ? [runs, dot] : [noise, runs, past, dot]
            let (ours, giflib) = try Self.bothWrite(Stream(width: 300, height: 200, global: global, loops: 0, frames: frames))
            #expect(Self.same(ours, giflib), "\(entries) entries, global \(global != nil): first difference at \(Self.firstDifference(ours, giflib))")
        }
        // What the bytes say: a decoder shows the noise frame's indices.
        let bytes = try GIF.Writer(width: 300, height: 200, globalPalette: palette, netscapeLoops: nil)
        try bytes.add(noise)
        let back = try Self.stream(try bytes.finish(), file: "noise.gif")
        #expect(back.frames.count == 1 && Self.same(back.frames[0].indices, noise.indices))
    }

    /// With a drain the stream leaves in pieces, and the pieces are the whole file.
    @Test func drainedPiecesMakeTheFile() throws {
        let frames = GIFWriterTests.noiseFrames(24)
        final class Pieces { var bytes: [[UInt8]] = [] }
        let pieces = Pieces()
        let drained = try GIF.Writer(width: 256, height: 256, globalPalette: frames[0].localPalette, netscapeLoops: 0) { pieces.bytes.append($0) }
        let whole = try GIF.Writer(width: 256, height: 256, globalPalette: frames[0].localPalette, netscapeLoops: 0)
        for frame in frames {
            try drained.add(frame)
            try whole.add(frame)
        }
        let rest = try drained.finish()
        #expect(pieces.bytes.count >= 2)
        #expect(Self.same(pieces.bytes.joined() + rest, try whole.finish()))
    }

    /// A transparent index a GIF cannot hold is refused, not written modulo 256.
    @Test func aTransparentIndexPast255IsRefused() throws {
        let writer = try GIF.Writer(width: 1, height: 1, globalPalette: [0, 0, 0], netscapeLoops: nil)
        #expect(throws: GIF.EncodeError.self) {
            try writer.add(GIF.IndexedFrame(rect: .init(x: 0, y: 0, width: 1, height: 1), indices: [0], transparentIndex: 256, delay: 1))
        }
    }

    /// Equal, compared outside `#expect` (whose message would spell out every byte of both).
    static func same(_ a: [UInt8], _ b: [UInt8]) -> Bool { a == b }

    static func firstDifference(_ a: [UInt8], _ b: [UInt8]) -> Int {
        zip(a, b).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(a.count, b.count)
    }
}
