import Basics
import FrameGen
import Testing

/// Round 62 #7: `draw` had no `--max-memory`, and a 100 000² canvas under a raised pixel limit
/// aborted on a 160 GB allocation. The canvas and the image drawn (20 bytes a pixel) are checked
/// against `maxDecodedBytes` before either is allocated.
@Suite struct SceneCanvasMemoryTests {
    @Test func aCanvasOverTheMemoryLimitIsRefusedBeforeItIsMade() throws {
        let scene = try Scene(json: Array(#"{"size": [20000, 20000], "ops": []}"#.utf8), file: "big.json", limits: ResourceLimits(maxPixels: 1_000_000_000))
        #expect(throws: SceneError.limit(LimitError(limit: .decodedBytes, subject: "big.json: canvas", amount: 8_000_000_000, maximum: 1 << 31,
                                                    detail: "the canvas at 16 bytes a pixel and the image drawn at 4: a smaller size or scale needs less"))) {
            try scene.render(limits: ResourceLimits(maxPixels: 1_000_000_000))
        }
        // Within both limits it is drawn.
        let small = try Scene(json: Array(#"{"size": [100, 50], "ops": []}"#.utf8), file: "s.json")
        #expect(try small.render(limits: ResourceLimits(maxDecodedBytes: 100 * 50 * 20)).width == 100)
    }
}
