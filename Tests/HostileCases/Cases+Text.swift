import Basics
import Raster
import Text

extension HostileCases {
    static let text: [HostileCase] = [
        HostileCase("text layout, drawing and notes with hostile sizes, widths, positions and texts",
                    ["Font", "TextStyle", "TextStyle.Alignment", "TextStyle.LineBreakMode", "TextLayout", "TextLayout.Glyph",
                     "TextLayout.Line", "TextError", "Note"]) {
            each(Sample.junk) { bytes in _ = try Font(bytes: bytes, name: "junk.ttf") }
            let font = try Font.standard()
            let texts = ["", "\n\n\n", "\u{0}", "\u{202E}abc\u{202C}", String(repeating: "e\u{301}", count: 500),
                         "\u{FFFF}\u{10FFFF}", String(repeating: "W", count: 5000), "a\r\nb\u{2029}c\u{85}d",
                         "\t\tW\tW W\t", "א\u{2028}\u{2028}b\u{2028}", "\u{2028}",
                         String(repeating: "e" + String(repeating: "\u{301}", count: 255), count: 4)]
            for mode in TextStyle.LineBreakMode.allCases {
                for alignment in TextStyle.Alignment.allCases {
                    each(Sample.doubles) { v in
                        let style = TextStyle(font: font, size: v, alignment: alignment, lineBreakMode: mode, lineSpacing: v)
                        _ = try? TextLayout("x", style: style, maxWidth: v)
                        let plain = TextStyle(font: font, size: 12, alignment: alignment, lineBreakMode: mode)
                        for text in texts {
                            let layout = try TextLayout(text, style: plain, maxWidth: abs(v))
                            var bitmap = try Bitmap(width: 8, height: 8, scale: 3)
                            _ = try? layout.draw(into: &bitmap, x: v, y: -v)
                            _ = try? layout.render(scale: Int.max)
                            _ = try? layout.renderInk(scale: Int.max)
                            _ = try? layout.renderInk(scale: 2, limits: ResourceLimits(maxPixels: 16))
                        }
                    }
                }
            }
            let chrome = Sample.bitmap
            each(Sample.doubles) { v in
                let note = Note(text: "hello", style: TextStyle(font: font, size: 12), chrome: chrome,
                                insets: NineSlice.Insets(top: v, left: v, bottom: 1, right: 1), maxWidth: v)
                _ = try note.render(scale: 2, limits: ResourceLimits(maxPixels: 16))
                _ = try? note.render(scale: Int.min)
            }
            _ = TextError.standardFontMissing.description
            // A note of no width (issue 46): refused, whatever its settings.
            for text in ["", " ", "\n\n", "\u{200B}"] {
                _ = try? Note(text: text, style: TextStyle(font: font, size: 12), chrome: chrome, insets: NineSlice.Insets(top: 1, left: 1, bottom: 1, right: 1))
                    .render(scale: 1)
            }
            _ = TextError.emptyNote.description
        },
        HostileCase("note jobs with hostile settings, files and outputs",
                    ["NoteJob", "NoteJob.Input", "NoteJob.Plan", "NoteJob.Outcome", "NoteError"]) {
            let chrome = InMemoryFile(name: "chrome.png", bytes: try PNG.Encoder().encode(Sample.bitmap))
            each(Sample.doubles) { v in
                var job = NoteJob(text: "hello", chrome: chrome, insets: NineSlice.Insets(top: v, left: v, bottom: 1, right: 1))
                job.fontSize = v; job.maxWidth = v; job.lineSpacing = v
                _ = try? job.run(cancellation: nil)
                job.fontSize = 12; job.maxWidth = 300; job.lineSpacing = 0
                job.limits = ResourceLimits(maxPixels: 16)
                _ = try? job.run(cancellation: nil)
            }
            for scale in [Int.min, -1, 0, 4, Int.max] {
                var job = NoteJob(text: "", chrome: chrome, insets: NineSlice.Insets(top: 0, left: 0, bottom: 0, right: 0))
                job.scale = scale
                _ = try? job.plan(cancellation: nil)
            }
            each(Sample.junk) { bytes in
                _ = try NoteJob(text: "x", chrome: InMemoryFile(name: "c.png", bytes: bytes), insets: NineSlice.Insets(top: 0, left: 0, bottom: 0, right: 0),
                                font: InMemoryFile(name: "f.ttf", bytes: bytes)).run(cancellation: nil)
            }
            for output in ["", "-", "/", "/nonexistent/x.gif", "x"] {
                _ = try? NoteJob(text: "x", chrome: "/nonexistent.png", insets: NineSlice.Insets(top: 0, left: 0, bottom: 0, right: 0), output: output).plan(cancellation: nil)
            }
            _ = NoteError.cancelled.description
        },
    ]
}
