import Basics
import Foundation
import Testing
import Raster
@testable import GIF

@Suite("GIF writer")
struct GIFWriterTests {
    static let red = Color(r: 255, g: 0, b: 0, a: 255)
    static let green = Color(r: 0, g: 255, b: 0, a: 255)
    static let blue = Color(r: 0, g: 0, b: 255, a: 255)

    /// Disposal 3 restores, disposal 2 clears to transparent, a transparent index draws nothing.
    @Test func decoderHonoursEveryDisposal() throws {
        let writer = try GIF.Writer(width: 4, height: 2, globalPalette: [255, 0, 0, 0, 255, 0, 0, 0, 255, 255, 255, 255],
                                    netscapeLoops: 0)
        try writer.add(GIF.IndexedFrame(rect: .init(x: 0, y: 0, width: 4, height: 2), indices: [UInt8](repeating: 0, count: 8), delay: 10))
        try writer.add(GIF.IndexedFrame(rect: .init(x: 0, y: 0, width: 2, height: 1), indices: [1, 1], delay: 10, disposal: .previous))
        try writer.add(GIF.IndexedFrame(rect: .init(x: 2, y: 0, width: 1, height: 1), indices: [2], delay: 10, disposal: .background))
        try writer.add(GIF.IndexedFrame(rect: .init(x: 3, y: 1, width: 1, height: 1), indices: [3], transparentIndex: 3, delay: 7))
        let frames = try GIF.Decoder(bytes: try writer.finish(), file: "disposal.gif").allGIFFrames()
        #expect(frames.map(\.delay) == [10, 10, 10, 7])
        #expect(frames.map(\.disposal) == [.keep, .previous, .background, .keep])

        func row0(_ frame: GIF.Frame) -> [Color] { (0..<4).map { frame.image[$0, 0] } }
        #expect(row0(frames[0]) == [Self.red, Self.red, Self.red, Self.red])
        #expect(row0(frames[1]) == [Self.green, Self.green, Self.red, Self.red])
        #expect(row0(frames[2]) == [Self.red, Self.red, Self.blue, Self.red], "frame 1 restored before frame 2")
        #expect(row0(frames[3]) == [Self.red, Self.red, .clear, Self.red], "frame 2 cleared to transparent")
        #expect(frames[3].image[3, 1] == Self.red, "a transparent index leaves the pixel below")
    }

    /// The NETSCAPE2.0 block: forever → 0, N plays → N − 1, one play → no block at all.
    @Test(arguments: [(0, [UInt8(1), 0, 0] as [UInt8]?), (1, nil), (3, [1, 2, 0]), (300, [1, 43, 1])])
    func writesLoopBytes(repeatCount: Int, expected: [UInt8]?) throws {
        let writer = try GIF.Writer(width: 1, height: 1, globalPalette: [0, 0, 0], netscapeLoops: GIF.netscapeLoops(repeatCount: repeatCount))
        try writer.add(GIF.IndexedFrame(rect: .init(x: 0, y: 0, width: 1, height: 1), indices: [0], delay: 5))
        let bytes = try writer.finish()
        let marker = Array("NETSCAPE2.0".utf8)
        let found = (0...(bytes.count - marker.count)).first { bytes[$0..<($0 + marker.count)].elementsEqual(marker) }
        if let expected {
            let start = try #require(found) + marker.count
            #expect(Array(bytes[start..<(start + 4)]) == [3] + expected)
        } else {
            #expect(found == nil)
        }
        let decoder = try GIF.Decoder(bytes: bytes, file: "loop.gif")
        _ = try decoder.allGIFFrames()
        #expect(decoder.repeatCount == repeatCount)
        #expect(Array(bytes.prefix(6)) == Array("GIF89a".utf8))
    }

    @Test func refusesFramesOutsideTheScreen() throws {
        let writer = try GIF.Writer(width: 2, height: 2, globalPalette: [0, 0, 0], netscapeLoops: nil)
        #expect(throws: GIF.EncodeError.self) {
            try writer.add(GIF.IndexedFrame(rect: .init(x: 1, y: 1, width: 2, height: 1), indices: [0, 0], delay: 5))
        }
        #expect(throws: GIF.EncodeError.self) { _ = try GIF.Writer(width: 0, height: 5, globalPalette: nil, netscapeLoops: nil) }
    }

    /// Frames of noise: 256×256 of 256 colours barely compress, so a few exceed the sink's 1 MiB.
    static func noiseFrames(_ count: Int) -> [GIF.IndexedFrame] {
        var generator = SplitMix(seed: 5)
        return (0..<count).map { index in
            GIF.IndexedFrame(rect: .init(x: 0, y: 0, width: 256, height: 256),
                             indices: (0..<65_536).map { _ in UInt8(truncatingIfNeeded: generator.next()) },
                             localPalette: (0..<768).map { UInt8(($0 * 7 + index) & 0xFF) }, delay: 3 + index)
        }
    }

    /// The writer's thread keeps the frames' order, hands the first frame's table over as the
    /// global one, and gives back what the stream holds.
    @Test func writerThreadWritesInOrder() throws {
        let frames = Self.noiseFrames(6)
        let thread = WriterThread { first in
            let writer = try GIF.Writer(width: 256, height: 256, globalPalette: first.localPalette, netscapeLoops: 0)
            first.localPalette = nil
            return writer
        }
        for frame in frames { try thread.add(frame) }
        let (bytes, written) = try thread.finish()
        #expect(written == 6)
        let decoded = try GIF.Decoder(bytes: bytes, file: "thread.gif").allGIFFrames()
        #expect(decoded.map(\.delay) == frames.map(\.delay))
        for (frame, source) in zip(decoded, frames) {
            let palette = source.localPalette!
            for pixel in stride(from: 0, to: 65_536, by: 997) {
                let index = Int(source.indices[pixel]) * 3, shown = frame.image[pixel % 256, pixel / 256]
                #expect(shown == Color(r: palette[index], g: palette[index + 1], b: palette[index + 2], a: 255))
            }
        }
    }

    /// A drain that fails mid-stream (a full disk) surfaces as the typed error, from `add` or `finish`.
    @Test func writerThreadReportsADrainFailure() {
        let thread = WriterThread { first in
            try GIF.Writer(width: 256, height: 256, globalPalette: first.localPalette, netscapeLoops: 0) { _ in
                throw GIF.EncodeError.writeFailed(FileIO.Error(path: "full.gif", reason: "No space left on device", operation: .write))
            }
        }
        #expect(throws: GIF.EncodeError.writeFailed(FileIO.Error(path: "full.gif", reason: "No space left on device", operation: .write))) {
            for frame in Self.noiseFrames(24) { try thread.add(frame) }
            _ = try thread.finish()
        }
    }
}

/// The encoder's file write refuses a name that promises another format, as the CLI does; a name
/// without an extension promises nothing and is written, as the APNG and WebP encoders write it.
@Suite("GIF.Encoder output names")
struct GIFEncoderNameTests {
    @Test func aNameWithoutAnExtensionIsWritten() throws {
        let folder = NSTemporaryDirectory() + "flipbook-gif-name-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let input = try FrameInput(count: 2, duration: 0.1) { _ in Bitmap(clearWidth: 4, height: 4) }
        #expect(try GIF.Encoder().write(input, to: "\(folder)/walk").framesWritten == 1)
        #expect(FileManager.default.contents(atPath: "\(folder)/walk")?.prefix(6) == Data("GIF89a".utf8))
    }

    @Test(arguments: ["walk.png", "walk.webp", "walk.apng"])
    func aNameOfAnotherFormatIsRefused(name: String) throws {
        let folder = NSTemporaryDirectory() + "flipbook-gif-name-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let input = try FrameInput(count: 2, duration: 0.1) { _ in Bitmap(clearWidth: 4, height: 4) }
        #expect { _ = try GIF.Encoder().write(input, to: "\(folder)/\(name)") } throws: { error in
            guard case .output(.unsupportedName)? = error as? GIF.EncodeError else { return false }
            return true
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
        #expect(try GIF.Encoder().write(input, to: "\(folder)/walk.GIF").framesWritten == 1)
    }
}
