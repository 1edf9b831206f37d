import Basics
import Foundation
import Raster
import Testing
import TestSupport
@testable import Text

/// The example's three notes: texts at 25, 30 and 16 points in the note chrome (cap insets 37,
/// 12, 12, 12, squeezed to a 1 × 1 interior), wrapped to at most 300 points.
@Suite struct NoteTests {
    struct Example: CustomTestStringConvertible, Sendable {
        var name: String
        var size: Double
        var text: String
        var testDescription: String { name }
    }

    static let examples = [
        Example(name: "short", size: 25, text: "Tap to explode."),
        Example(name: "medium", size: 30, text: "The seagull flaps its wings once a second while it flies across the sky."),
        Example(name: "long", size: 16, text: """
            A note is a string set at a font size, wrapped to at most three hundred points, inside a chrome image made \
            resizable with cap insets, so that the chrome grows around any amount of text. Games and apps need the same \
            for speech bubbles, buttons, labels and badges baked into sprites.
            """),
    ]

    static let insets = NineSlice.Insets(top: 37, left: 12, bottom: 12, right: 12)

    static func note(_ example: Example) throws -> Note {
        let chrome = try PNG.Decoder().decodeBitmap(file: Fixtures.path("text/chrome/note-chrome@2x.png"))
        return Note(text: example.text, style: TextStyle(font: try Font.standard(), size: example.size), chrome: chrome, insets: insets)
    }

    @Test(arguments: examples) func chromeHugsTheWrappedText(_ example: Example) throws {
        let note = try Self.note(example)
        let bitmap = try note.render(scale: 2)
        let layout = try note.layout()
        #expect(bitmap.scale == 2)
        #expect(layout.width <= 300)
        // The text's size in whole points (as UIKit's `boundingRect` is ceiled), then the insets.
        #expect(bitmap.width == Int(layout.width.rounded(.up)) * 2 + 48)
        #expect(bitmap.height == Int(layout.height.rounded(.up)) * 2 + 98)
        // The corners are the chrome's own pixels.
        let chrome = note.chrome
        for (x, y) in [(0, 0), (23, 73), (bitmap.width - 1, 0), (0, bitmap.height - 1), (bitmap.width - 1, bitmap.height - 1)] {
            let cx = x < 24 ? x : chrome.width - (bitmap.width - x), cy = y < 74 ? y : chrome.height - (bitmap.height - y)
            #expect(Array(bitmap.pixels[(y * bitmap.width + x) * 4..<(y * bitmap.width + x) * 4 + 4])
                    == Array(chrome.pixels[(cy * chrome.width + cx) * 4..<(cy * chrome.width + cx) * 4 + 4]))
        }
        // Text is drawn in the interior: dark pixels there, none outside it.
        var dark = 0
        for y in 74..<(bitmap.height - 24) {
            for x in 24..<(bitmap.width - 24) where bitmap.pixels[(y * bitmap.width + x) * 4] < 64 { dark += 1 }
        }
        #expect(dark > 100)
    }

    @Test func longerTextIsTallerAndWidthStaysWithinTheMaximum() throws {
        let heights = try Self.examples.map { example in
            try Self.note(Example(name: example.name, size: 16, text: example.text)).render(scale: 1).height
        }
        #expect(heights[0] < heights[1] && heights[1] < heights[2])
        for example in Self.examples {
            #expect(try Self.note(example).render(scale: 1).width <= 300 + 24)
        }
    }

    /// Golden images, checked by decoding (`FLIPBOOK_RECORD=1` records them and fails).
    @Test(arguments: examples) func matchesItsGolden(_ example: Example) throws {
        let bitmap = try Self.note(example).render(scale: 2)
        let path = Fixtures.path("text/notes/\(example.name)@2x.png")
        if Fixtures.recording {
            try FileManager.default.createDirectory(atPath: Fixtures.path("text/notes"), withIntermediateDirectories: true)
            try PNG.Encoder().write(bitmap, to: path)
            Issue.record(Comment(rawValue: Fixtures.recorded(path)))
            return
        }
        let golden = try PNG.Decoder().decodeBitmap(file: path)
        #expect(golden.width == bitmap.width && golden.height == bitmap.height)
        let same = golden.pixels == bitmap.pixels   // not the arrays in the message: megabytes of numbers
        #expect(same, "\(path) differs from the note rendered now; FLIPBOOK_RECORD=1 records it")
    }

    /// Round 23 of fresh eyes: a note at @2x was 77.5 points wide where the @1x one was 78 (the
    /// text's size was rounded up to whole pixels): every scale's note is one size in points now.
    @Test(arguments: examples) func everyScalesNoteIsOneSizeInPoints(_ example: Example) throws {
        let note = try Self.note(example)
        let sizes = try (1...3).map { scale in
            let bitmap = try note.render(scale: scale)
            #expect(bitmap.width % scale == 0 && bitmap.height % scale == 0, "@\(scale)x: \(bitmap.width)×\(bitmap.height) px")
            return [bitmap.width / scale, bitmap.height / scale]
        }
        #expect(sizes[0] == sizes[1] && sizes[1] == sizes[2], "\(sizes)")
    }

    @Test func aChromeOfAnotherScaleIsResampledAndBadInsetsAreRefused() throws {
        let example = Self.examples[0]
        var note = try Self.note(example)
        let atOne = try note.render(scale: 1)
        #expect(atOne.scale == 1)
        note.insets = NineSlice.Insets(top: 60, left: 12, bottom: 12, right: 12)
        #expect(throws: TextError.self) { try note.render(scale: 2) }
        #expect(throws: TextError.setting(SettingError(.scale, of: nil, value: 0, allowed: .range(1...8)))) { try note.render(scale: 0) }
    }

    /// Round 61 #5 and #12: a note set its text again in the width its lines took, which could
    /// break it elsewhere ("aaaa co-op" at 13 pt broke before "co-op", where draw and Pango break
    /// after "co-"; "x y z" at a width of 1 pt gave 3 lines where they give 5). Its lines are now
    /// the layout's, aligned in the width they take.
    @Test(arguments: [("aaaa co-op", 13.0, 60.0), ("We run a co-op in town", 17.0, 120.0), ("x y z", 30.0, 1.0)])
    func aNoteBreaksItsLinesAsTheLayoutDoes(text: String, size: Double, width: Double) throws {
        let chrome = try PNG.Decoder().decodeBitmap(file: Fixtures.path("text/chrome/note-chrome@2x.png"))
        let style = TextStyle(font: try Font.standard(), size: size, alignment: .center)
        let note = Note(text: text, style: style, chrome: chrome, insets: Self.insets, maxWidth: width)
        let lines = try note.layout().lines, plain = try TextLayout(text, style: style, maxWidth: width).lines
        #expect(lines.map(\.range) == plain.map(\.range))
        // Centred in the width the lines take: the widest line starts at 0.
        let widest = try #require(lines.max { $0.width < $1.width })
        #expect(abs(widest.x) < 1e-6, "\(widest.x)")
    }
}
