import Basics
import Testing
@testable import Text

/// Round 64t2 #4: with `maxPixels` raised (as the refusal advised), a long text at 1000 pt asked
/// the allocator for 238 GB and the process aborted (`draw`, `note`). A text's raster is checked
/// against `maxDecodedBytes` (4 bytes a pixel) before it is allocated, in both drawing forms.
@Suite struct TextRasterMemoryTests {
    static func layout() throws -> TextLayout {
        try TextLayout(String(repeating: "lorem ipsum ", count: 400), style: TextStyle(font: try Font.standard(), size: 1000))
    }

    @Test(arguments: [false, true])
    func aRasterOverTheDecodedBytesIsRefusedBeforeItIsAllocated(ink: Bool) throws {
        let layout = try Self.layout()
        var limits = ResourceLimits.default
        limits.maxPixels = Int.max / 8
        limits.maxDecodedBytes = 64 << 20
        do {
            if ink { _ = try layout.renderInk(scale: 1, limits: limits) } else { _ = try layout.render(scale: 1, limits: limits) }
            Issue.record("drawn")
        } catch .limit(let error) {
            #expect(error.limit == .decodedBytes && error.subject == "the text's raster", "\(error)")
            #expect(error.description.contains("4 bytes a pixel"), "\(error)")
        } catch {
            Issue.record("\(error)")
        }
    }

    /// The check refuses nothing a small text needs.
    @Test func aSmallTextStillDraws() throws {
        let layout = try TextLayout("Hi", style: TextStyle(font: try Font.standard(), size: 17))
        var limits = ResourceLimits.default
        limits.maxDecodedBytes = 1 << 20
        let bitmap = try layout.render(scale: 2, limits: limits)
        #expect(bitmap.width > 0 && bitmap.height > 0)
    }
}
