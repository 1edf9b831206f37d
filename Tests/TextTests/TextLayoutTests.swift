import Testing
@testable import Text

@Suite struct TextLayoutTests {
    @Test func standardFontLoads() throws {
        let font = try Font.standard()
        #expect(font.familyName == "DejaVu Sans")
    }
}
