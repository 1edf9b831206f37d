import Foundation
import Basics
import FrameGen
import Raster
import Testing
import Text
import TestSupport
@testable import Compose

/// Text layers in render scenes (`"text": {…}`, `CATextLayer`): the pixels are the Text module's
/// own raster of the same string, placed where the layer says, moved and faded as its animations
/// say, drawn at the output's scale; right-to-left and combining text as HarfBuzz shapes it; and
/// every way to write one wrong refused at its key path.
@Suite struct TextLayerTests {
    /// The font that ships with Flipbook, as a file (the repository's own resource).
    static let fontPath = Fixtures.repository + "/Sources/Text/Resources/DejaVuSans.ttf"

    static func scene(_ layers: String, size: String = "[120, 48]", scale: Int = 1, background: String? = nil) -> [UInt8] {
        let paint = background.map { ##""background": "\##($0)", "## } ?? ""
        return Array(##"{"size": \##(size), "scale": \##(scale), \##(paint)"frames": 1, "layers": [\##(layers)]}"##.utf8)
    }

    static func read(_ json: [UInt8], files: [InMemoryFile] = []) throws(SceneFileError) -> SceneFile {
        try SceneFile(json: json, file: "caption.json", files: files)
    }

    static func error(_ layers: String, scale: Int = 1, files: [InMemoryFile] = []) -> SceneFileError? {
        do throws(SceneFileError) { _ = try read(scene(layers, scale: scale), files: files); return nil } catch { return error }
    }

    /// `layout` drawn alone by the Text module at `scale`.
    static func textRaster(_ string: String, size: Double, color: Color, maxWidth: Double? = nil,
                           alignment: TextStyle.Alignment = .natural, scale: Int) throws -> (bitmap: Bitmap, left: Int, top: Int) {
        let style = TextStyle(font: try Font.standard(), size: size, color: color, alignment: alignment)
        // With the glyphs' ink past the layout's box (round 61: a J's hook was cut), the box's corner at (left, top) pixels.
        let inked = try TextLayout(string, style: style, maxWidth: maxWidth).renderInk(scale: scale)
        return (inked.bitmap, Int(inked.origin.x * Double(scale)), Int(inked.origin.y * Double(scale)))
    }

    /// Whether `frame` holds `raster` at (`x`, `y`) pixels exactly and is clear everywhere else.
    static func holds(_ frame: Bitmap, _ raster: Bitmap, atX x: Int, y: Int) -> (matches: Bool, differing: Int) {
        var differing = 0
        for py in 0..<frame.height {
            for px in 0..<frame.width {
                let inside = (x..<x + raster.width).contains(px) && (y..<y + raster.height).contains(py)
                let got = frame[px, py]
                let expected = inside ? raster[px - x, py - y] : Color.clear
                // Clear is clear whatever its colour bytes.
                if got.a == 0 && expected.a == 0 { continue }
                if got != expected { differing += 1 }
            }
        }
        return (differing == 0, differing)
    }

    // MARK: Pixels

    /// A text layer with its top-left corner on whole pixels draws exactly the pixels of
    /// `TextLayout.render(scale:)` there, at 1x, 2x and 3x; each scale's glyphs are drawn at that
    /// scale (the 2x frame is not the 1x raster upscaled).
    @Test(arguments: [1, 2, 3])
    func drawsTheTextModulesRasterExactly(scale: Int) throws {
        let layer = ##"{"text": {"string": "Tap to explode", "fontSize": 17, "foregroundColor": "#203040"}, "anchorPoint": [0, 0], "position": [7, 5]}"##
        let scene = try Self.read(Self.scene(layer, scale: scale))
        let frame = try scene.renderer().render(at: 0)
        let (raster, left, top) = try Self.textRaster("Tap to explode", size: 17, color: Color(r: 0x20, g: 0x30, b: 0x40, a: 255), scale: scale)
        #expect(frame.width == 120 * scale && raster.width > 60 * scale)
        let result = Self.holds(frame, raster, atX: 7 * scale - left, y: 5 * scale - top)
        #expect(result.matches, "\(result.differing) pixels differ at @\(scale)x")
        if scale == 2 {
            // The 1x raster pixel-doubled is not what a 2x render draws.
            let small = try Self.textRaster("Tap to explode", size: 17, color: Color(r: 0x20, g: 0x30, b: 0x40, a: 255), scale: 1).bitmap
            var doubled = try Bitmap(width: small.width * 2, height: small.height * 2, scale: 2)
            for y in 0..<doubled.height { for x in 0..<doubled.width { doubled[x, y] = small[x / 2, y / 2] } }
            #expect(!Self.holds(frame, doubled, atX: 14, y: 10).matches)
        }
    }

    /// Over a background, the text composites as the Text module draws it over the same colour,
    /// within 1/255 (the canvas rounds once, in premultiplied floats; Text blends straight bytes).
    @Test func overABackgroundMatchesTheTextModuleWithinOneLevel() throws {
        let layer = ##"{"text": {"string": "Hello, world", "fontSize": 20, "foregroundColor": "#FFFFFFCC"}, "anchorPoint": [0, 0], "position": [4, 9]}"##
        let frame = try Self.read(Self.scene(layer, background: "#336699")).renderer().render(at: 0)
        var expected = try Bitmap(width: 120, height: 48)
        for y in 0..<48 { for x in 0..<120 { expected[x, y] = Color(r: 0x33, g: 0x66, b: 0x99, a: 255) } }
        let style = TextStyle(font: try Font.standard(), size: 20, color: Color(r: 255, g: 255, b: 255, a: 0xCC))
        try TextLayout("Hello, world", style: style).draw(into: &expected, x: 4, y: 9)
        var worst = 0, changed = 0
        for index in expected.pixels.indices {
            worst = max(worst, abs(Int(expected.pixels[index]) - Int(frame.pixels[index])))
            if expected.pixels[index] != 0x33 && index % 4 == 0 { changed += 1 }
        }
        #expect(worst <= 1, "max difference \(worst)")
        #expect(changed > 100, "the text drew on \(changed) pixels")
    }

    /// Without bounds, a layer is as large as its text (its max width when given); with bounds and
    /// no maxWidth, the text wraps to the bounds' width and aligns in it.
    @Test func boundsFollowTheTextAndWrapIt() throws {
        let free = try Self.read(Self.scene(##"{"text": {"string": "one two three four", "fontSize": 16}}"##))
        guard case .text(let text) = free.root.sublayers[0].content else { Issue.record("not text"); return }
        #expect(free.root.sublayers[0].bounds.width == text.layout.width && text.layout.lines.count == 1)
        #expect(free.root.sublayers[0].bounds.height == text.layout.height)
        let boxed = try Self.read(Self.scene(##"{"text": {"string": "one two three four", "fontSize": 16, "alignmentMode": "center"}, "bounds": [60, 60]}"##))
        guard case .text(let wrapped) = boxed.root.sublayers[0].content else { Issue.record("not text"); return }
        #expect(wrapped.layout.lines.count >= 2 && wrapped.layout.maxWidth == 60 && boxed.root.sublayers[0].bounds.width == 60)
        // Centred in the 60 points: each line's left edge is half the room it leaves.
        for line in wrapped.layout.lines { #expect(abs(line.x - (60 - line.width) / 2) < 1e-9) }
        let given = try Self.read(Self.scene(##"{"text": {"string": "one two three four", "fontSize": 16, "maxWidth": 50, "lineBreakMode": "truncatingTail"}}"##))
        guard case .text(let cut) = given.root.sublayers[0].content else { Issue.record("not text"); return }
        #expect(cut.layout.lines.count == 1 && cut.layout.width <= 50 && given.root.sublayers[0].bounds.width == 50)
        // A clipped line longer than its max width: the layer is the max width, as the others are
        // (it was the unclipped line's width, so the text sat off by half the difference: fresh eyes 43).
        let clipped = try Self.read(Self.scene(##"{"text": {"string": "one two three four", "fontSize": 16, "maxWidth": 50, "lineBreakMode": "clipping"}}"##))
        guard case .text(let long) = clipped.root.sublayers[0].content else { Issue.record("not text"); return }
        #expect(long.layout.width > 50 && clipped.root.sublayers[0].bounds.width == 50)
    }

    // MARK: Time

    /// Opacity keyframes fade the text as the layer's timing says; a position animation moves the
    /// raster by exactly the distance at each moment.
    @Test func animatedTextFadesAndMovesAsItsTimingSays() throws {
        let layer = ##"""
            {"text": {"string": "Go", "fontSize": 24, "foregroundColor": "#000000"}, "anchorPoint": [0, 0], "position": [0, 4],
             "animations": [{"property": "position", "from": [0, 4], "to": [40, 4], "duration": 2},
                            {"property": "opacity", "values": [1, 1, 0], "keyTimes": [0, 0.5, 1], "duration": 2, "fillMode": "forwards"}]}
            """##
        let renderer = try Self.read(Self.scene(layer)).renderer()
        let (raster, left, top) = try Self.textRaster("Go", size: 24, color: .black, scale: 1)
        // t = 0.5 s: 10 points along, fully opaque (the first half of the keyframes holds 1).
        #expect(Self.holds(try renderer.render(at: 0.5), raster, atX: 10 - left, y: 4 - top).matches)
        #expect(Self.holds(try renderer.render(at: 1), raster, atX: 20 - left, y: 4 - top).matches)
        // t = 1.5 s: 30 points along, opacity halfway from 1 to 0.
        let faded = try renderer.render(at: 1.5)
        var darkest = 0
        for y in 0..<raster.height { for x in 0..<raster.width { darkest = max(darkest, Int(faded[30 + x, 4 + y].a)) } }
        #expect(abs(darkest - 128) <= 1, "the most opaque pixel is \(darkest)/255 at half opacity")
        #expect(Self.holds(faded, raster, atX: 30 - left, y: 4 - top).differing > 50)
        // t = 2 s: filled forwards at 0: nothing shows.
        #expect(try renderer.render(at: 2).pixels.enumerated().allSatisfy { $0.offset % 4 != 3 || $0.element == 0 })
    }

    /// The same scene gives the same bytes every time, whatever the threads (a GIF through `RenderJob`).
    @Test func rendersDeterministically() throws {
        let layer = ##"""
            {"text": {"string": "שלום · مرحبا · café", "fontSize": 14, "foregroundColor": "#FFEE00"}, "position": [60, 24],
             "animations": [{"property": "rotation", "from": 0, "to": 0.5, "duration": 1}]}
            """##
        var outputs: [[UInt8]] = []
        for threads in [1, 2, 1] {
            var job = RenderJob(scene: InMemoryFile(name: "t.json", bytes: Array(String(decoding: Self.scene(layer), as: UTF8.self)
                .replacingOccurrences(of: #""frames": 1"#, with: #""frames": 4"#).utf8)), files: [])
            job.threads = threads
            outputs.append(try job.run(cancellation: nil).bytes)
        }
        #expect(outputs[0].count > 100 && outputs[0] == outputs[1] && outputs[1] == outputs[2])
    }

    // MARK: Scripts

    /// Hebrew, Arabic (joined, right to left) and a combining accent draw HarfBuzz's shapes: the
    /// Text module's raster of the same string, right-aligned in the width for a right-to-left
    /// paragraph, and no character reported missing.
    @Test(arguments: ["שלום עולם", "مرحبا بالعالم", "e\u{301}te\u{301} Å\u{30A} n\u{303}"])
    func rightToLeftAndCombiningTextDrawsAsHarfBuzzShapesIt(string: String) throws {
        let json = ##"{"text": {"string": "\##(string)", "fontSize": 18, "foregroundColor": "#000000", "maxWidth": 110}, "anchorPoint": [0, 0], "position": [3, 2]}"##
        let scene = try Self.read(Self.scene(json))
        #expect(scene.warnings.isEmpty, "\(scene.warnings)")
        let frame = try scene.renderer().render(at: 0)
        let (raster, left, top) = try Self.textRaster(string, size: 18, color: .black, maxWidth: 110, scale: 1)
        let result = Self.holds(frame, raster, atX: 3 - left, y: 2 - top)
        #expect(result.matches, "\(result.differing) pixels differ")
        guard case .text(let text) = scene.root.sublayers[0].content else { Issue.record("not text"); return }
        let rightToLeft = string.unicodeScalars.first.map { $0.value >= 0x590 && $0.value < 0x700 } ?? false
        #expect(text.layout.lines[0].isRightToLeft == rightToLeft)
        // A right-to-left line sits against the right edge of its 110 points (natural alignment).
        if rightToLeft { #expect(abs(text.layout.lines[0].x + text.layout.lines[0].width - 110) < 1e-9) }
        // The accents are glyphs of their own, placed by HarfBuzz over their letters.
        if !rightToLeft { #expect(text.layout.lines[0].glyphs.count > string.count) }
    }

    /// A character the font has no glyph for is said, naming the key and the character, not dropped silently.
    @Test func aMissingGlyphIsAWarningNamingTheKey() throws {
        let scene = try Self.read(Self.scene(##"{"text": {"string": "爆発 boom"}}"##))
        #expect(scene.warnings.count == 1)
        #expect(scene.warnings.first?.contains("caption.json: layers[0].text.string") == true)
        #expect(scene.warnings.first?.contains("U+7206 '爆'") == true, "\(scene.warnings)")
    }

    // MARK: Chrome

    /// With `chrome`, the layer draws the note: exactly `Note.render(scale:)`'s pixels, the layer as
    /// large as the note, the chrome image read for the scene's scale and protected as an input.
    @Test(arguments: [1, 2])
    func aTextInChromeDrawsTheNote(scale: Int) throws {
        let chrome = Fixtures.path("text/chrome")
        let files = [InMemoryFile(name: "note-chrome.png", bytes: try Fixtures.bytes("text/chrome/note-chrome.png")),
                     InMemoryFile(name: "note-chrome@2x.png", bytes: try Fixtures.bytes("text/chrome/note-chrome@2x.png"))]
        let layer = ##"{"text": {"string": "Tap anywhere to make things explode.", "fontSize": 16, "foregroundColor": "#000000", "maxWidth": 150, "##
            + ##""chrome": {"image": "note-chrome.png", "insets": [37, 12, 12, 12]}}, "anchorPoint": [0, 0], "position": [4, 2]}"##
        let scene = try SceneFile(json: Self.scene(layer, size: "[200, 140]", scale: scale), file: "bubble.json", files: files)
        let image = try PNG.Decoder().decodeBitmap(file: chrome + (scale == 2 ? "/note-chrome@2x.png" : "/note-chrome.png"))
        let note = Note(text: "Tap anywhere to make things explode.", style: TextStyle(font: try Font.standard(), size: 16, color: .black),
                        chrome: image, insets: NineSlice.Insets(top: 37, left: 12, bottom: 12, right: 12), maxWidth: 150)
        let expected = try note.render(scale: scale)
        let bounds = scene.root.sublayers[0].bounds
        // Exactly the note's size: the text's width rounded up to whole points, as the note is drawn
        // (the unrounded 51.1 pt drew a 52 px note resampled, half a pixel off at the default anchor).
        #expect(bounds.width * Double(scale) == Double(expected.width) && bounds.height * Double(scale) == Double(expected.height),
                "\(bounds) for a note of \(expected.width)×\(expected.height) px")
        #expect(scene.inputFiles == [scale == 2 ? "note-chrome@2x.png" : "note-chrome.png"])
        let result = Self.holds(try scene.renderer().render(at: 0), expected, atX: 4 * scale, y: 2 * scale)
        #expect(result.matches, "\(result.differing) pixels differ at @\(scale)x")
        // At the default anchor (its centre) on a whole point, the same pixels, unresampled.
        let centred = layer.replacingOccurrences(of: ##""anchorPoint": [0, 0], "position": [4, 2]"##,
                                                 with: ##""position": [\##(4 + bounds.width / 2), \##(2 + bounds.height / 2)]"##)
        let centredScene = try SceneFile(json: Self.scene(centred, size: "[200, 140]", scale: scale), file: "bubble.json", files: files)
        let atCentre = Self.holds(try centredScene.renderer().render(at: 0), expected, atX: 4 * scale, y: 2 * scale)
        #expect(atCentre.matches, "\(atCentre.differing) pixels differ at @\(scale)x at the default anchor")
        // Wrong insets, a missing image, a key it does not have.
        let wrong: [(String, String)] = [
            (##""chrome": {"image": "note-chrome.png", "insets": [37, 12, 12]}"##, "layers[0].text.chrome.insets"),
            (##""chrome": {"image": "note-chrome.png", "insets": [37, 12, -1, 12]}"##, "layers[0].text.chrome.insets[2]"),
            (##""chrome": {"image": "note-chrome.png", "insets": [37, 12, 12, 12], "mode": "repeat"}"##, "layers[0].text.chrome.mode"),
            (##""chrome": {"imag": "note-chrome.png", "insets": [37, 12, 12, 12]}"##, "layers[0].text.chrome.imag"),
        ]
        for (chromeJSON, path) in wrong {
            guard case .schema(let error)? = Self.error(##"{"text": {"string": "a", "##+chromeJSON+"}}", files: files) else {
                Issue.record("no schema error for \(chromeJSON)"); continue
            }
            #expect(error.keyPath == path, "\(error)")
        }
        guard case .missingFile(_, let path, _)? = Self.error(##"{"text": {"string": "a", "chrome": {"image": "bubble.png", "insets": [1, 1, 1, 1]}}}"##,
                                                              files: files) else { Issue.record("a missing chrome"); return }
        #expect(path.description == "layers[0].text.chrome.image")
    }

    // MARK: Fonts

    /// A font file beside the scene is read from its folder (and protected as an input); the same
    /// rules as images: no `..`, no absolute path, no link that leads out; a file that is not a
    /// font, a folder or a missing file is refused at the key.
    @Test func fontFilesAreReadFromTheScenesFolderOnly() throws {
        let folder = try Fixtures.temporaryFolder("text-font")
        let outside = try Fixtures.temporaryFolder("text-font-outside")
        defer { try? FileManager.default.removeItem(atPath: folder); try? FileManager.default.removeItem(atPath: outside) }
        try FileManager.default.createDirectory(atPath: folder + "/fonts/folder.ttf", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Self.fontPath, toPath: folder + "/fonts/Sans.ttf")
        try FileManager.default.copyItem(atPath: Self.fontPath, toPath: outside + "/Out.ttf")
        try FileManager.default.createSymbolicLink(atPath: folder + "/fonts/link.ttf", withDestinationPath: outside + "/Out.ttf")
        try Data("not a font at all".utf8).write(to: URL(fileURLWithPath: folder + "/fonts/notes.ttf"))
        func write(_ font: String) throws -> String {
            let path = folder + "/scene.json"
            try Data(Self.scene(##"{"text": {"string": "Hi", "font": "\##(font)"}}"##)).write(to: URL(fileURLWithPath: path))
            return path
        }
        let scene = try SceneFile(file: try write("fonts/Sans.ttf"))
        #expect(scene.inputFiles == [folder + "/fonts/Sans.ttf"])
        let expectations: [(font: String, check: (SceneFileError) -> Bool)] = [
            ("../" + (outside as NSString).lastPathComponent + "/Out.ttf", { if case .outsideFolder = $0 { true } else { false } }),
            (outside + "/Out.ttf", { if case .outsideFolder = $0 { true } else { false } }),
            ("fonts/link.ttf", { if case .outsideFolder = $0 { true } else { false } }),
            ("fonts/gone.ttf", { if case .missingFile = $0 { true } else { false } }),
            ("fonts/notes.ttf", { if case .text(_, _, .fontUnreadable) = $0 { true } else { false } }),
            ("fonts/folder.ttf", { if case .text(_, _, .fontUnreadable) = $0 { true } else { false } }),
        ]
        for (font, check) in expectations {
            let path = try write(font)
            do throws(SceneFileError) {
                _ = try SceneFile(file: path)
                Issue.record("\(font) was read")
            } catch {
                #expect(check(error), "\(font): \(error)")
                #expect(error.description.contains("layers[0].text.font"), "\(error)")
            }
        }
    }

    /// From memory, the font is one of the files given beside the scene; RenderJob protects it
    /// and reports the missing glyphs among its warnings.
    @Test func aFontInMemoryIsFoundByItsName() throws {
        let font = InMemoryFile(name: "fonts/Sans.ttf", bytes: Array(try Data(contentsOf: URL(fileURLWithPath: Self.fontPath))))
        let json = Self.scene(##"{"text": {"string": "Hi 爆", "font": "fonts/Sans.ttf", "foregroundColor": "#000000"}, "position": [40, 20]}"##)
        let outcome = try RenderJob(scene: InMemoryFile(name: "s.json", bytes: json), files: [font]).run(cancellation: nil)
        #expect(!outcome.bytes.isEmpty && outcome.warnings.count == 1 && outcome.warnings[0].contains("U+7206"))
        guard case .missingFile? = Self.error(##"{"text": {"string": "Hi", "font": "fonts/Other.ttf"}}"##, files: [font]) else {
            Issue.record("a missing font in memory"); return
        }
    }

    // MARK: Errors

    /// Each way of writing a text layer wrong is refused naming the key path; none crashes.
    @Test func everyMistakeIsRefusedAtItsKeyPath() {
        let cases: [(layer: String, path: String, scale: Int)] = [
            (##"{"text": {"string": "a", "fontsize": 12}}"##, "layers[0].text.fontsize", 1),
            (##"{"text": {"strng": "a"}}"##, "layers[0].text.strng", 1),
            (##"{"text": {"fontSize": 12}}"##, "layers[0].text.string", 1),
            (##"{"text": {"string": 5}}"##, "layers[0].text.string", 1),
            (##"{"text": "hello"}"##, "layers[0].text", 1),
            (##"{"text": {"string": "a", "fontSize": 0}}"##, "layers[0].text.fontSize", 1),
            (##"{"text": {"string": "a", "fontSize": -3}}"##, "layers[0].text.fontSize", 1),
            (##"{"text": {"string": "a", "fontSize": 1e9}}"##, "layers[0].text.fontSize", 1),
            (##"{"text": {"string": "a", "fontSize": "big"}}"##, "layers[0].text.fontSize", 1),
            (##"{"text": {"string": "a", "fontSize": 600}}"##, "layers[0].text.fontSize", 8),
            (##"{"text": {"string": "a", "maxWidth": 0}}"##, "layers[0].text.maxWidth", 1),
            (##"{"text": {"string": "a", "maxWidth": 1e300}}"##, "layers[0].text.maxWidth", 1),
            (##"{"text": {"string": "a", "lineSpacing": -1}}"##, "layers[0].text.lineSpacing", 1),
            (##"{"text": {"string": "a", "foregroundColor": "red"}}"##, "layers[0].text.foregroundColor", 1),
            (##"{"text": {"string": "a", "alignmentMode": "justified"}}"##, "layers[0].text.alignmentMode", 1),
            (##"{"text": {"string": "a", "lineBreakMode": "wordWraping"}}"##, "layers[0].text.lineBreakMode", 1),
            (##"{"text": {"string": "a", "font": 3}}"##, "layers[0].text.font", 1),
            (##"{"text": {"string": "a"}, "shape": {"path": "M0 0h1v1z"}}"##, "layers[0]", 1),
        ]
        for test in cases {
            guard case .schema(let error)? = Self.error(test.layer, scale: test.scale) else {
                Issue.record("no schema error for \(test.layer)"); continue
            }
            #expect(error.keyPath == test.path, "\(error)")
            #expect(error.description.hasPrefix("caption.json: "), "\(error)")
        }
        // The misspellings get the name meant.
        guard case .schema(let typo)? = Self.error(##"{"text": {"string": "a", "fontsize": 12}}"##) else { return }
        #expect(typo.suggestion == "fontSize")
        guard case .schema(let mode)? = Self.error(##"{"text": {"string": "a", "lineBreakMode": "wordWraping"}}"##) else { return }
        #expect(mode.suggestion == "wordWrapping")
        guard case .schema(let layerTypo)? = Self.error(##"{"txet": {"string": "a"}}"##) else { return }
        #expect(layerTypo.suggestion == "text")
    }

    /// Hostile sizes stay bounded: a million characters are refused before any is set; a line
    /// too long to draw is refused by the pixel limit before anything is drawn; a text in memory
    /// that is not a font is a font error.
    @Test func hostileTextIsRefusedQuickly() throws {
        let million = String(repeating: "a", count: 1_000_000)
        let start = Date()
        guard case .text(_, let path, .tooLong(let length, let maximum))? = Self.error(##"{"text": {"string": "\##(million)"}}"##) else {
            Issue.record("a million characters were accepted"); return
        }
        #expect(path.description == "layers[0].text.string" && length == 1_000_000 && maximum == SceneFile.maximumTextLength)
        // One unbroken line of 100,000 characters: hundreds of thousands of points wide.
        let long = String(repeating: "W", count: SceneFile.maximumTextLength)
        let scene = try Self.read(Self.scene(##"{"text": {"string": "\##(long)", "fontSize": 40}}"##))
        do throws(SceneFileError) { _ = try scene.renderer(); Issue.record("a 100,000-character line was drawn") } catch {
            #expect(error.limitError?.limit == .pixels, "\(error)")
        }
        #expect(Date().timeIntervalSince(start) < 10)
        let junk = InMemoryFile(name: "junk.ttf", bytes: try PNG.Encoder().encode(Bitmap(width: 2, height: 2, straight: [UInt8](repeating: 9, count: 16))!))
        guard case .text(_, _, .fontUnreadable)? = Self.error(##"{"text": {"string": "a", "font": "junk.ttf"}}"##, files: [junk]) else {
            Issue.record("a PNG was taken for a font"); return
        }
    }

    /// A layer built in code whose text is too large for the output's scale is refused by the
    /// renderer, naming the layer; text rasters of many layers count against the memory limit.
    @Test func theRendererRefusesTextItCannotDraw() throws {
        let style = TextStyle(font: try Font.standard(), size: 1000)
        let content = TextContent(layout: try TextLayout("A", style: style))
        let layer = Layer(name: "title", content: .text(content), bounds: Rect(width: 10, height: 10))
        do throws(CompositionError) {
            _ = try LayerRenderer(root: layer, width: 100, height: 100, scale: 8)
            Issue.record("a 8000-pixel em was drawn")
        } catch {
            guard case .text(let name, .setting) = error else { Issue.record("\(error)"); return }
            #expect(name == "title")
        }
        var group = Layer(name: "group")
        let small = TextStyle(font: try Font.standard(), size: 40)
        for index in 0..<20 {
            group.sublayers.append(Layer(name: "t\(index)", content: .text(TextContent(layout: try TextLayout("Line \(index) of many", style: small)))))
        }
        do throws(CompositionError) {
            _ = try LayerRenderer(root: group, width: 64, height: 64, limits: ResourceLimits(maxDecodedBytes: 300_000))
            Issue.record("20 rasters over the memory limit were made")
        } catch {
            guard case .limit(let limit) = error else { Issue.record("\(error)"); return }
            #expect(limit.limit == .decodedBytes)
        }
    }
}
