import Foundation
import Basics
import Raster
import Testing
import Text
import TestSupport
@testable import FrameGen

/// `text` ops of draw scenes (`flipbook draw`): the Text module's raster of the string at `at`,
/// fonts read from the scene's folder only, and every mistake refused at its key path.
@Suite struct DrawTextTests {
    static let fontPath = Fixtures.repository + "/Sources/Text/Resources/DejaVuSans.ttf"

    static func scene(_ ops: String, scale: Int = 1) throws(SceneError) -> Scene {
        try Scene(json: Array(##"{"size": [100, 40], "scale": \##(scale), "ops": [\##(ops)]}"##.utf8), file: "hero.json")
    }

    /// On whole pixels a label draws exactly `TextLayout.renderInk(scale:)`'s pixels, at 1x and 2x,
    /// and after a clip only inside it.
    @Test(arguments: [1, 2])
    func drawsTheTextModulesRasterExactly(scale: Int) throws {
        let scene = try Self.scene(##"{"text": "Tap to explode", "at": [6, 9], "fontSize": 15, "color": "#802010"}"##, scale: scale)
        let frame = try scene.render()
        let style = TextStyle(font: try Font.standard(), size: 15, color: Color(r: 0x80, g: 0x20, b: 0x10))
        // With the glyphs' ink past the layout's box (round 61: a J's hook was cut), the box's corner at `origin` on it.
        let (raster, origin) = try TextLayout("Tap to explode", style: style).renderInk(scale: scale)
        let (x0, y0) = (6 * scale - Int(origin.x * Double(scale)), 9 * scale - Int(origin.y * Double(scale)))
        var differing = 0, inked = 0
        for y in 0..<frame.height {
            for x in 0..<frame.width {
                let inside = (x0..<x0 + raster.width).contains(x) && (y0..<y0 + raster.height).contains(y)
                let expected = inside ? raster[x - x0, y - y0] : Color.clear
                if frame[x, y].a > 0 { inked += 1 }
                if frame[x, y] != expected && !(frame[x, y].a == 0 && expected.a == 0) { differing += 1 }
            }
        }
        #expect(differing == 0 && inked > 100 * scale * scale, "\(differing) pixels differ, \(inked) inked")
        // A clip before it cuts it.
        let clipped = try Self.scene(##"{"clip": "M0 0H20V40H0Z"}, {"text": "Tap to explode", "at": [6, 9], "fontSize": 15}"##).render()
        #expect((20..<100).allSatisfy { x in (0..<40).allSatisfy { clipped[x, $0].a == 0 } })
        #expect((0..<20).contains { x in (0..<40).contains { clipped[x, $0].a > 0 } })
    }

    /// A font file beside the scene is loaded by `FontLoader` (and named by `fontNames`); one
    /// outside the folder, missing, a folder or not a font is refused; a font not loaded is
    /// `missingFont` at render.
    @Test func fontsAreReadFromTheScenesFolderOnly() throws {
        let folder = try Fixtures.temporaryFolder("draw-font")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.copyItem(atPath: Self.fontPath, toPath: folder + "/Sans.ttf")
        try FileManager.default.createDirectory(atPath: folder + "/dir.ttf", withIntermediateDirectories: true)
        try Data("no font".utf8).write(to: URL(fileURLWithPath: folder + "/junk.ttf"))
        try FileManager.default.createSymbolicLink(atPath: folder + "/link.ttf", withDestinationPath: Self.fontPath)
        let scene = try Self.scene(##"{"text": "a", "font": "Sans.ttf"}, {"text": "b", "font": "Sans.ttf"}, {"text": "c"}"##)
        #expect(scene.fontNames == ["Sans.ttf"])
        let loaded = try FontLoader.load(scene.fontNames, in: folder)
        #expect(loaded.paths == [folder + "/Sans.ttf"] && loaded.fonts["Sans.ttf"]?.familyName == "DejaVu Sans")
        #expect(try scene.render(fonts: loaded.fonts).pixels.contains { $0 > 0 })
        #expect(throws: SceneError.missingFont("Sans.ttf")) { try scene.render() }
        let refusals: [(String, (FontLoader.Error) -> Bool)] = [
            ("../Sans.ttf", { if case .outsideFolder = $0 { true } else { false } }),
            ("/etc/passwd", { if case .outsideFolder = $0 { true } else { false } }),
            ("link.ttf", { if case .outsideFolder = $0 { true } else { false } }),
            ("gone.ttf", { if case .notFound = $0 { true } else { false } }),
            ("dir.ttf", { if case .unreadable(.fontUnreadable) = $0 { true } else { false } }),
            ("junk.ttf", { if case .unreadable(.fontUnreadable) = $0 { true } else { false } }),
        ]
        for (name, check) in refusals {
            do throws(FontLoader.Error) { _ = try FontLoader.load(name, in: folder); Issue.record("\(name) was read") } catch {
                #expect(check(error), "\(name): \(error)")
                #expect(error.description.contains(name), "\(error)")
            }
        }
    }

    /// A text op that draws nothing (empty, or only spaces) is said, not silent (round 65t: exit 0,
    /// no word); one with ink is not.
    @Test(arguments: [("", "empty"), ("  \\t", "only spaces"), ("Go", nil)] as [(String, String?)])
    func textThatDrawsNothingIsSaid(text: String, said: String?) throws {
        let scene = try Self.scene(##"{"text": "a"}, {"text": "\##(text)"}"##)
        var warnings: [String] = []
        let frame = try scene.render(images: [:], fonts: [:], limits: .default, warnings: &warnings)
        #expect(frame.pixels.contains { $0 > 0 })
        let expected = said.map { ["hero.json: ops[1]: the text is \($0): the op draws nothing"] } ?? []
        #expect(warnings == expected)
    }

    /// Each mistake in a text op is refused naming the op and key; sizes past what can be drawn
    /// stop before anything is drawn.
    @Test func everyMistakeIsRefusedAtItsKeyPath() throws {
        let cases: [(op: String, path: String)] = [
            (##"{"text": "a", "fontsize": 12}"##, "ops[0].fontsize"),
            (##"{"text": 5}"##, "ops[0].text"),
            (##"{"text": "a", "fontSize": 0}"##, "ops[0].fontSize"),
            (##"{"text": "a", "fontSize": 1e9}"##, "ops[0].fontSize"),
            (##"{"text": "a", "maxWidth": -1}"##, "ops[0].maxWidth"),
            (##"{"text": "a", "lineSpacing": -1}"##, "ops[0].lineSpacing"),
            (##"{"text": "a", "alignment": "middle"}"##, "ops[0].alignment"),
            (##"{"text": "a", "lineBreakMode": "truncatingEnd"}"##, "ops[0].lineBreakMode"),
            (##"{"text": "a", "font": ""}"##, "ops[0].font"),
            (##"{"text": "a", "at": [1]}"##, "ops[0].at"),
            (##"{"text": "a", "fill": "M0 0"}"##, "ops[0]"),
            (##"{"text": "\##(String(repeating: "a", count: Scene.maximumLabelLength + 1))"}"##, "ops[0].text"),
        ]
        for test in cases {
            do throws(SceneError) { _ = try Self.scene(test.op); Issue.record("\(test.op.prefix(60)) was read") } catch {
                guard case .schema(let schema) = error else { Issue.record("\(error)"); continue }
                #expect(schema.keyPath == test.path, "\(schema)")
                #expect(schema.description.hasPrefix("hero.json: "))
            }
        }
        do throws(SceneError) { _ = try Self.scene(##"{"txt": "a"}"##); Issue.record("txt was read") } catch {
            guard case .schema(let schema) = error else { Issue.record("\(error)"); return }
            #expect(schema.suggestion == "text")
        }
        // 600 points at scale 8 is 4800 pixels per em: refused before a glyph is drawn, at its key
        // path as the reader refuses a size out of range (round 65t: "ops[0]: fontSize must be
        // above 0, at most 512 (got 1000)" beside "ops[0].fontSize: must be … (found 0)").
        #expect(throws: SceneError.self) { try Self.scene(##"{"text": "a", "fontSize": 600}"##, scale: 8).render() }
        do throws(SceneError) { _ = try Self.scene(##"{"text": "a", "fontSize": 600}"##, scale: 8).render(); Issue.record("drawn") } catch {
            guard case .schema(let schema) = error else { Issue.record("\(error)"); return }
            #expect(schema.description == "hero.json: ops[0].fontSize: must be above 0 and at most 512 points at scale 8 (4096 pixels per em) (found 600)",
                    "\(schema)")
        }
        // A line too wide for the pixel limit.
        let wide = String(repeating: "W", count: 20_000)
        do throws(SceneError) { _ = try Self.scene(##"{"text": "\##(wide)", "fontSize": 100}"##).render(); Issue.record("drawn") } catch {
            guard case .limit(let limit) = error else { Issue.record("\(error)"); return }
            #expect(limit.limit == .pixels && limit.subject.hasPrefix("hero.json: ops[0]"))
        }
    }
}
