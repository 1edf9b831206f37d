import Foundation
import Testing
import Raster
@testable import GIF

/// Frames the input knows are identical (a screencast's pauses): never decoded, timed as one.
@Suite("GIF encoder: frames known identical")
struct GIFRepeatedFramesTests {
    /// Frames the input knows are identical (`FrameInput.identical`) are never decoded,
    /// and the file is byte for byte the one made by decoding them, in every preset.
    @Test(arguments: GIF.Encoder.Quality.allCases)
    func framesKnownIdenticalAreNotDecoded(quality: GIF.Encoder.Quality) throws {
        let distinct = GIFPaletteTests.frames()
        let order = [3, 3, 3, 15, 15, 3, 20]   // which frame each input frame shows
        let loads = Counter()
        var input = FrameInput(durations: Array(repeating: 0.1, count: order.count)) { index in
            loads.add(index)
            return distinct[order[index]]
        }
        let plain = try GIF.Encoder(quality: quality).encode(input).bytes
        let decodedBefore = loads.values
        input.identical = { order[$0] == order[$1] }
        loads.reset()
        let hinted = try GIF.Encoder(quality: quality).encode(input).bytes
        #expect(hinted == plain)
        #expect(Set(loads.values) == [0, 3, 5, 6], "frames 1, 2 and 4 repeat the one before")
        #expect(Set(decodedBefore) == Set(0..<order.count))
    }

    /// A run of short repeats known identical is timed as one frame: five 10 ms copies before a
    /// 500 ms frame show for 5 cs, and the next picture starts at 5 cs (timed one by one, the
    /// copies were merged for being under 2 cs first and the next picture started at 4 cs).
    @Test func aRunOfShortRepeatsIsTimedAsOneFrame() throws {
        let distinct = GIFPaletteTests.frames()
        let order = [3, 3, 3, 3, 3, 15]
        var input = FrameInput(durations: [0.01, 0.01, 0.01, 0.01, 0.01, 0.5]) { distinct[order[$0]] }
        input.identical = { order[$0] == order[$1] }
        let (bytes, report) = try GIF.Encoder().encode(input)
        #expect(try GIF.Decoder(bytes: bytes, file: "runs.gif").allGIFFrames().map(\.delay) == [5, 50])
        #expect(report.framesMergedIdentical == 4 && report.framesMergedForTiming == 0)
    }

    /// Each frame is decoded once per pass (issue 48): the first frame, decoded to learn the
    /// screen's size, is the one the first pass encodes (it was decoded again: one decode in 12 of
    /// the 680×472 dino, a fifth of whose encode is decoding). `fast`'s second pass decodes every
    /// frame again, the first included.
    @Test(arguments: GIF.Encoder.Quality.allCases)
    func eachFrameIsDecodedOncePerPass(quality: GIF.Encoder.Quality) throws {
        let distinct = GIFPaletteTests.frames()
        let order = [3, 15, 20, 3]
        let loads = Counter()
        let input = FrameInput(durations: Array(repeating: 0.1, count: order.count)) { index in
            loads.add(index)
            return distinct[order[index]]
        }
        let bytes = try GIF.Encoder(quality: quality).encode(input).bytes
        let passes = quality == .fast ? 2 : 1
        #expect(loads.values.sorted() == (0..<order.count).flatMap { Array(repeating: $0, count: passes) })
        #expect(try GIF.Decoder(bytes: bytes, file: "once.gif").allGIFFrames().count == order.count)
    }

    /// Counts calls from any thread.
    final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var seen: [Int] = []
        func add(_ value: Int) { lock.withLock { seen.append(value) } }
        func reset() { lock.withLock { seen = [] } }
        var values: [Int] { lock.withLock { seen } }
    }
}
