import AssetPipeline
import Raster
import Testing

/// A preview within a budget, from the two encoders' one shape.
@Suite("A preview within a byte budget")
struct PreviewBudgetTests {
    /// Four frames of a square moving across a clear `size`×`size` canvas (26 or more).
    static func frames(size: Int = 32) throws -> [Bitmap] {
        try (0..<4).map { step in
            var bitmap = try Bitmap(width: size, height: size)
            for y in 8..<16 { for x in (step * 6)..<(step * 6 + 8) { bitmap[x, y] = Color(r: 200, g: 40, b: 40) } }
            return bitmap
        }
    }

    @Test func theSmallerPreviewThatFitsIsGiven() throws {
        guard case .preview(let format, let bytes) = PreviewBudget.preview(try Self.frames(), durations: [0.1, 0.1, 0.1, 0.1], maxBytes: 100_000)
        else { Issue.record("no preview"); return }
        #expect(["gif", "webp"].contains(format) && !bytes.isEmpty && bytes.count <= 100_000)
    }

    @Test func aBudgetOfNothingIsABadRequest() throws {
        guard case .rejected(let status, let reason) = PreviewBudget.preview(try Self.frames(), durations: [0.1, 0.1, 0.1, 0.1], maxBytes: 0)
        else { Issue.record("accepted"); return }
        #expect(status == 400 && reason.contains("maxBytes"))
    }

    @Test func framesOfTwoSizesAreUnprocessable() throws {
        let frames = [try Self.frames()[0], try Self.frames(size: 27)[0]]
        guard case .rejected(let status, _) = PreviewBudget.preview(frames, durations: [0.1, 0.1], maxBytes: 100_000)
        else { Issue.record("accepted"); return }
        #expect(status == 422)
    }
}
