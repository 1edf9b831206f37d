import Basics
import Foundation
import Raster
import Testing
import TestSupport
import Text

/// Issue 46: `note ""` made a note 24 px wide from a 25 px chrome, without a word, where the
/// docs say a note always grows its chrome. An empty text is refused.
@Suite struct EmptyNoteTests {
    static let chrome = Fixtures.path("text/chrome/note-chrome.png")
    static let insets = NineSlice.Insets(top: 37, left: 12, bottom: 12, right: 12)

    @Test func anEmptyTextIsRefused() throws {
        let bitmap = try PNG.Decoder().decodeBitmap(file: Self.chrome)
        let note = Note(text: "", style: TextStyle(font: try Font.standard(), size: 17), chrome: bitmap, insets: Self.insets)
        #expect(throws: TextError.emptyNote) { _ = try note.render(scale: 1) }
        for blank in [" ", "\n", "  \n "] {
            var spaces = note
            spaces.text = blank
            #expect(throws: TextError.emptyNote) { _ = try spaces.render(scale: 1) }
        }
        let out = try Fixtures.temporaryFolder("empty-note") + "/e.png"
        let error = #expect(throws: NoteError.self) {
            _ = try NoteJob(text: "", chrome: Self.chrome, insets: Self.insets, output: out).run(cancellation: nil)
        }
        #expect(error == .text(.emptyNote))
        #expect(!FileManager.default.fileExists(atPath: out))
        // One character still grows the chrome.
        let one = try Note(text: "i", style: TextStyle(font: try Font.standard(), size: 17), chrome: bitmap, insets: Self.insets).render(scale: 1)
        #expect(one.width >= bitmap.width && one.height >= bitmap.height)
    }
}
