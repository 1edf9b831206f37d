import Basics
import Raster
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

    /// Round 68t F6: a note is held twice on its way to a file (the note and the straight pixels
    /// its PNG is made from); counted once, a note peaked at 3.1 GB under a 2 GiB limit. A limit
    /// between one and two notes' bytes refuses it; twice its bytes draws it.
    @Test func aNoteIsCountedTwiceAgainstTheDecodedBytes() throws {
        let chrome = try Bitmap(width: 30, height: 30, scale: 1)
        let note = Note(text: String(repeating: "lorem ipsum ", count: 40), style: TextStyle(font: try Font.standard(), size: 17),
                        chrome: chrome, insets: NineSlice.Insets(top: 4, left: 4, bottom: 4, right: 4))
        let drawn = try note.render(scale: 2)
        let bytes = drawn.width * drawn.height * 4
        var limits = ResourceLimits.default
        limits.maxDecodedBytes = bytes * 3 / 2
        #expect(throws: TextError.self) { _ = try note.render(scale: 2, limits: limits) }
        limits.maxDecodedBytes = bytes * 2
        #expect(try note.render(scale: 2, limits: limits).width == drawn.width)
    }
}
