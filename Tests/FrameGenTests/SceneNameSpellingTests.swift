import Basics
import Foundation
import Testing
import TestSupport
@testable import FrameGen

/// Fresh eyes 56 #3, #4: a `draw` scene naming `café/a.png` composed in one op and decomposed in
/// another drew the first image twice (and a second text the first's font): two files on Linux,
/// one key to the `[String: Bitmap]` and `[String: Font]` the scene is drawn with, since Swift's
/// `String ==` is canonical. Refused now, naming the op and both spellings; one spelling repeated
/// is one file, as before.
@Suite("A draw scene naming one file in two Unicode normalisations")
struct SceneNameSpellingTests {
    static let composed = "caf\u{E9}", decomposed = "cafe\u{301}"

    static func scene(_ ops: [String]) -> [UInt8] {
        Array(#"{"size": [16, 8], "ops": [\#(ops.joined(separator: ", "))]}"#.utf8)
    }

    @Test(arguments: [
        (#"{"image": "\#(composed)/a.png"}"#, #"{"image": "\#(decomposed)/a.png", "at": [8, 0]}"#, "ops[1].image"),
        (#"{"text": "a", "font": "\#(decomposed).ttf"}"#, #"{"text": "b", "font": "\#(composed).ttf"}"#, "ops[1].font"),
    ])
    func twoSpellingsAreRefused(first: String, second: String, keyPath: String) throws {
        do {
            _ = try Scene(json: Self.scene([first, ##"{"fill": "M0 0 H4 V4 Z", "color": "#FF0000"}"##, second]), file: "s.json")
            Issue.record("accepted: the second op would draw the first's file")
        } catch {
            let message = "\(error)"
            #expect(message.hasPrefix("s.json: ops[2]") && message.contains(keyPath.replacingOccurrences(of: "[1]", with: "[0]")), "\(message)")
            #expect(message.contains("caf\\u{E9}") && message.contains("cafe\\u{301}"), "both spellings told apart: \(message)")
        }
    }

    /// One spelling twice is one file, an image and a font of one text are two kinds: no clash.
    @Test func oneSpellingTwiceIsOneFile() throws {
        let scene = try Scene(json: Self.scene([
            #"{"image": "\#(Self.composed).png"}"#, #"{"image": "\#(Self.composed).png", "at": [8, 0]}"#,
            #"{"text": "a", "font": "\#(Self.decomposed).png"}"#,
        ]), file: "s.json")
        #expect(scene.imageNames == ["\(Self.composed).png"] && scene.fontNames == ["\(Self.decomposed).png"])
    }
}
