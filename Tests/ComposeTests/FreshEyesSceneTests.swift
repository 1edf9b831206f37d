import Basics
import Foundation
import Raster
import Testing
@testable import Compose

/// Render scenes written from the docs by a new user (fresh eyes, round 8): a colour without its
/// `#`, a timing function's x out of range, a draw scene's key in a text layer, a timing function
/// typed lower case. Each is refused naming the file, the key path and what was found there.
@Suite("Fresh eyes 8: render scene messages")
struct FreshEyesSceneTests {
    static func error(_ json: String) -> SceneFileError? {
        do throws(SceneFileError) { _ = try SceneFile(json: Array(json.utf8), file: "sky.json", files: []); return nil } catch { return error }
    }

    static func layer(_ layer: String) -> String {
        ##"{"size": [8, 8], "frames": 1, "layers": ["## + layer + "]}"
    }

    /// The docs say `#RRGGBB` / `#RRGGBBAA`; `"87CEEB"` was taken as sky blue, and `"#87CEE"`'s
    /// refusal did not quote it.
    @Test(arguments: [
        (##"{"size": [8, 8], "frames": 1, "background": "87CEEB", "layers": []}"##, "background", ##"found "87CEEB"; write "#87CEEB""##),
        (##"{"size": [8, 8], "frames": 1, "background": "#87CEE", "layers": []}"##, "background", ##"found "#87CEE""##),
        (FreshEyesSceneTests.layer(##"{"backgroundColor": "00FF0080"}"##), "layers[0].backgroundColor", ##"write "#00FF0080""##),
        (FreshEyesSceneTests.layer(##"{"text": {"string": "hi", "foregroundColor": "FFFFFF"}}"##), "layers[0].text.foregroundColor", #"found "FFFFFF""#),
    ])
    func aColourWithoutItsHashIsRefused(json: String, path: String, quoted: String) {
        guard case .schema(let error)? = Self.error(json) else { Issue.record("accepted: \(json)"); return }
        #expect(error.keyPath == path, "\(error)")
        #expect(error.description.hasPrefix("sky.json: \(path): expected #RRGGBB or #RRGGBBAA"), "\(error)")
        #expect(error.description.contains(quoted), "\(error)")
    }

    /// `[2, 0, 0.5, 1]` said "(found an array)": the x at fault is named at its index with its value.
    @Test(arguments: [("[2, 0, 0.5, 1]", "timingFunction[0]", "(found 2)"), ("[0.5, 0, -0.25, 1]", "timingFunction[2]", "(found -0.25)")])
    func aTimingFunctionsXOutOfRangeIsQuoted(points: String, path: String, found: String) {
        let json = Self.layer(##"{"animations": [{"property": "opacity", "to": 0, "timingFunction": "## + points + "}]}")
        guard case .schema(let error)? = Self.error(json) else { Issue.record("accepted: \(points)"); return }
        #expect(error.keyPath == "layers[0].animations[0].\(path)", "\(error)")
        #expect(error.description.contains(found) && !error.description.contains("an array"), "\(error)")
    }

    /// A draw scene's text keys in a render scene's text layer suggest the render scene's names
    /// (`color` is `foregroundColor`, which no spelling rule finds).
    @Test(arguments: [("color", "foregroundColor"), ("alignment", "alignmentMode")])
    func aDrawSceneKeySuggestsTheRenderSceneKey(key: String, meant: String) {
        let json = Self.layer(##"{"text": {"string": "hi", ""## + key + ##"": "#FF0000"}}"##)
        guard case .schema(let error)? = Self.error(json) else { Issue.record("accepted \(key)"); return }
        #expect(error.isUnknownKey && error.suggestion == meant, "\(error)")
        #expect(error.description == #"sky.json: unknown key "\#(key)" in layers[0].text; did you mean "\#(meant)"?"#, "\(error)")
    }

    /// `easeinout` suggested `easeOut` (two edits) where `easeInEaseOut` holds every letter in order.
    @Test func aTimingFunctionTypedLowerCaseSuggestsTheOneMeant() {
        let json = Self.layer(##"{"animations": [{"property": "opacity", "to": 0, "timingFunction": "easeinout"}]}"##)
        guard case .schema(let error)? = Self.error(json) else { Issue.record("accepted easeinout"); return }
        #expect(error.suggestion == "easeInEaseOut", "\(error)")
    }
}
