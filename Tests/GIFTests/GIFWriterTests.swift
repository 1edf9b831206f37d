import Testing
import Raster
@testable import GIF

@Suite("GIF writer")
struct GIFWriterTests {
    static let red = PremultipliedRGBA(r: 255, g: 0, b: 0, a: 255)
    static let green = PremultipliedRGBA(r: 0, g: 255, b: 0, a: 255)
    static let blue = PremultipliedRGBA(r: 0, g: 0, b: 255, a: 255)

    /// Disposal 3 restores, disposal 2 clears to transparent, a transparent index draws nothing.
    @Test func decoderHonoursEveryDisposal() throws {
        let writer = try GIF.Writer(width: 4, height: 2, globalPalette: [255, 0, 0, 0, 255, 0, 0, 0, 255, 255, 255, 255],
                                    netscapeLoops: 0)
        try writer.add(GIF.IndexedFrame(rect: .init(x: 0, y: 0, width: 4, height: 2), indices: [UInt8](repeating: 0, count: 8), delay: 10))
        try writer.add(GIF.IndexedFrame(rect: .init(x: 0, y: 0, width: 2, height: 1), indices: [1, 1], delay: 10, disposal: .previous))
        try writer.add(GIF.IndexedFrame(rect: .init(x: 2, y: 0, width: 1, height: 1), indices: [2], delay: 10, disposal: .background))
        try writer.add(GIF.IndexedFrame(rect: .init(x: 3, y: 1, width: 1, height: 1), indices: [3], transparentIndex: 3, delay: 7))
        let frames = try GIF.Decoder(bytes: try writer.finish(), file: "disposal.gif").allFrames()
        #expect(frames.map(\.delay) == [10, 10, 10, 7])
        #expect(frames.map(\.disposal) == [.keep, .previous, .background, .keep])

        func row0(_ frame: GIF.Frame) -> [PremultipliedRGBA] { (0..<4).map { frame.image[$0, 0] } }
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
        _ = try decoder.allFrames()
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
}
