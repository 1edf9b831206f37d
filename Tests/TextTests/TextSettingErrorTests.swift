import Basics
import Raster
import Testing
import Text

/// Text's settings out of range are the `SettingError` every job throws, so a caller switches over
/// `error.setting` as it does for `AssembleJob` (issue 44: `TextError.setting` carried the
/// setting's name as a string, `setting(name: "size", …)`).
@Suite struct TextSettingErrorTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var setting: SettingError.Setting
        var run: @Sendable () throws -> Void
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "size 0", setting: .size) { _ = try TextLayout("a", style: TextStyle(font: try Font.standard(), size: 0)) },
        Case(name: "lineSpacing -1", setting: .lineSpacing) {
            _ = try TextLayout("a", style: TextStyle(font: try Font.standard(), size: 12, lineSpacing: -1))
        },
        Case(name: "maxWidth 0", setting: .maxWidth) { _ = try TextLayout("a", style: TextStyle(font: try Font.standard(), size: 12), maxWidth: 0) },
        Case(name: "render scale 9", setting: .scale) {
            _ = try TextLayout("a", style: TextStyle(font: try Font.standard(), size: 12)).render(scale: 9)
        },
        Case(name: "draw at NaN", setting: .position) {
            var bitmap = try Bitmap(width: 4, height: 4)
            try TextLayout("a", style: TextStyle(font: try Font.standard(), size: 12)).draw(into: &bitmap, x: .nan)
        },
        Case(name: "size 1000 at scale 5", setting: .size) {
            var bitmap = try Bitmap(width: 4, height: 4, scale: 5)
            try TextLayout("a", style: TextStyle(font: try Font.standard(), size: 1000)).draw(into: &bitmap)
        },
    ]

    @Test(arguments: cases)
    func namesTheSettingAsAValue(_ test: Case) {
        do {
            try test.run()
            Issue.record("\(test.name) was accepted")
        } catch TextError.setting(let error) {
            #expect(error.setting == test.setting)
            #expect(error.description.contains(error.setting.name), "\(error)")
        } catch {
            Issue.record("\(test.name): \(error)")
        }
    }

    /// The sentence says the value and what is allowed, in the jobs' words.
    @Test func sizeSentence() throws {
        #expect(throws: TextError.setting(SettingError(.size, of: "TextStyle", value: 0, allowed: .above(0, atMost: TextStyle.maximumSize)))) {
            _ = try TextLayout("a", style: TextStyle(font: try Font.standard(), size: 0))
        }
        let error = TextError.setting(SettingError(.size, of: "TextStyle", value: 0, allowed: .above(0, atMost: 500)))
        #expect(error.description == "TextStyle.size must be above 0, at most 500 (got 0)")
    }
}
