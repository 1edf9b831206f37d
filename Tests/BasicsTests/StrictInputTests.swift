import Basics
import Foundation
import Testing

/// The shared machinery of strict inputs: suggestions, key paths, messages and the strict decoder.
@Suite("Strict inputs: shared machinery")
struct StrictInputTests {
    @Test(arguments: [
        ("severity", "sevreity", 1), ("color", "colour", 1), ("fps", "fsp", 1), ("ab", "ba", 1), ("", "abc", 3),
        ("kitten", "sitting", 3), ("Scale", "scale", 1), ("same", "same", 0), ("ca", "abc", 3),
    ])
    func distances(a: String, b: String, expected: Int) {
        #expect(Suggestion.distance(a, b) == expected)
        #expect(Suggestion.distance(b, a) == expected)
    }

    @Test func suggestsOnlyWhatIsClose() {
        let keys = ["name", "fps", "duration", "repeatCount", "direction", "frameDurations", "highlighted", "scale"]
        #expect(Suggestion.nearest(to: "fsp", among: keys) == "fps")
        #expect(Suggestion.nearest(to: "durration", among: keys) == "duration")
        #expect(Suggestion.nearest(to: "frameDuration", among: keys) == "frameDurations")
        #expect(Suggestion.nearest(to: "highlight", among: keys) == "highlighted")
        #expect(Suggestion.nearest(to: "loop", among: keys) == nil)
        #expect(Suggestion.nearest(to: "colour", among: keys) == nil)
        // Ties go to the keys the object lacks.
        #expect(Suggestion.nearest(to: "q", among: ["x", "y", "w", "h"], preferring: ["h"]) == "h")
        #expect(Suggestion.nearest(to: "q", among: ["x", "y", "w", "h"]) == "x")
    }

    /// A timing function typed lower case without its second "ease" (`easeinout`) is the
    /// one with all its letters in order (`easeInEaseOut`), not the one two edits away (`easeOut`);
    /// case alone wins outright; a short name gets no subsequence guess.
    @Test func lettersInOrderAndCaseWinOverEditDistance() {
        let names = ["linear", "easeIn", "easeOut", "easeInEaseOut", "default"]
        #expect(Suggestion.nearest(to: "easeinout", among: names) == "easeInEaseOut")
        #expect(Suggestion.nearest(to: "easeineaseout", among: names) == "easeInEaseOut")
        #expect(Suggestion.nearest(to: "EASEOUT", among: names) == "easeOut")
        #expect(Suggestion.nearest(to: "easeot", among: names) == "easeOut")
        #expect(Suggestion.nearest(to: "lin", among: names) == nil)
        #expect(Suggestion.nearest(to: "ease", among: names) == "easeIn")
    }

    /// A key of a sibling format (a draw scene's `color` in a render scene's text) suggests the
    /// key meant however far its spelling is.
    @Test func aliasesSuggestTheKeyMeant() {
        let keys = KnownKeys(["string", "foregroundColor"]).aliasing(["color": "foregroundColor"])
        #expect(throws: SchemaError.self) { try keys.check(["string", "color"], at: .root, file: "s.json") }
        var caught: SchemaError?
        do { try keys.check(["color"], at: .root, file: "s.json") } catch { caught = error }
        #expect(caught?.suggestion == "foregroundColor" && caught?.description.contains(#"did you mean "foregroundColor"?"#) == true,
                "\(String(describing: caught))")
        #expect(KnownKeys(["a"]).union(keys).aliases == ["color": "foregroundColor"])
    }

    @Test func keyPathsReadBack() {
        let path = InputPath("frames").appending("walk1.png").appending("spriteSourceSize").appending("q")
        #expect(path.description == #"frames["walk1.png"].spriteSourceSize.q"#)
        #expect(InputPath("ops").appending(index: 3).appending("colour").description == "ops[3].colour")
        #expect(InputPath("severities").appending("seq.gap").description == #"severities["seq.gap"]"#)
        #expect(InputPath.root.appending("say \"hi\"\n").description == #"["say \"hi\"\n"]"#)
        #expect(path.parent.description == #"frames["walk1.png"].spriteSourceSize"# && path.lastKey == "q")
    }

    @Test func messagesNameFileKeyPathAndSuggestion() {
        let top = SchemaError.unknownKey("sevreity", in: .root, file: "sequence.json", known: ["severity", "name"])
        #expect(top.description == #"sequence.json: unknown key "sevreity"; did you mean "severity"?"#)
        let nested = SchemaError.unknownKey("colour", in: InputPath("ops").appending(index: 3), file: "scene.json", known: ["fill", "color"])
        #expect(nested.description == #"scene.json: unknown key "colour" in ops[3]; did you mean "color"?"#)
        #expect(nested.keyPath == "ops[3].colour" && nested.found == "colour" && nested.suggestion == "color")
        let far = SchemaError.unknownKey("loop", in: .root, file: "a.json", known: ["fps"])
        #expect(far.description == #"a.json: unknown key "loop"; the keys here are "fps""# && far.suggestion == nil)
        let count = SchemaError(file: "sequence.json", path: "frameDurations",
                                problem: .countMismatch(expected: 5, found: 3, reason: #"one per frame of "walk""#))
        #expect(count.description == #"sequence.json: frameDurations: has 3 entries; 5 expected (one per frame of "walk")"#)
        let range = InputValue(NSNumber(value: 0), path: "fps", file: "s.json").outOfRange("must be between 1/86400 and 1000")
        #expect(range.description == "s.json: fps: must be between 1/86400 and 1000 (found 0)")
        let type = InputValue("3", path: InputPath("ops").appending(index: 2).appending("width"), file: "scene.json").wrongType("a number")
        #expect(type.description == #"scene.json: ops[2].width: expected a number, found a string ("3")"#)
    }

    struct Rect: Codable, Equatable { var x, y, w, h: Int }
    enum Mode: String, Codable, CaseIterable, KnownValues { case forward, reverse, pingpong }
    struct Frame: Codable, Equatable {
        var frame: Rect
        var rotated: Bool
        var mode: Mode?
        var pivot: Double?
        var extra: UncheckedInput?
    }
    struct Document: Codable, Equatable {
        var frames: [String: Frame]
        var list: [Double]?
        var name: String?
    }

    static func decode(_ json: String, policy: KnownKeys.Policy = .strict) throws(SchemaError) -> (Document, [SchemaError]) {
        var warnings: [SchemaError] = []
        let document = try StrictDecoder(file: "d.json", policy: policy).decode(Document.self, fromJSON: Array(json.utf8), warnings: &warnings)
        return (document, warnings)
    }

    static func error(_ json: String, policy: KnownKeys.Policy = .strict) -> SchemaError? {
        do { _ = try decode(json, policy: policy); return nil } catch { return error }
    }

    static let good = #"{"frames": {"a.png": {"frame": {"x": 1, "y": 2, "w": 3, "h": 4}, "rotated": false, "mode": "pingpong", "extra": {"any": [1, {"thing": null}]}}}, "list": [1, 2.5], "name": null}"#

    @Test func decodesWhatItKnows() throws {
        let (document, warnings) = try Self.decode(Self.good)
        #expect(document.frames["a.png"]?.frame == Rect(x: 1, y: 2, w: 3, h: 4) && document.frames["a.png"]?.mode == .pingpong)
        #expect(document.list == [1, 2.5] && document.name == nil && warnings.isEmpty)
    }

    @Test(arguments: [
        (#""frame": {"x": 1"#, #""frame": {"x": 1, "q": 5"#, #"d.json: unknown key "q" in frames["a.png"].frame"#),
        (#""rotated": false"#, #""rotated": false, "rotatd": true"#, #"d.json: unknown key "rotatd" in frames["a.png"]; did you mean "rotated"?"#),
        (#""list""#, #""lst": 1, "list""#, #"d.json: unknown key "lst"; did you mean "list"?"#),
        (#""rotated": false"#, #""rotated": 0"#, #"d.json: frames["a.png"].rotated: expected true or false, found the number 0"#),
        (#""y": 2"#, #""y": 2.5"#, #"d.json: frames["a.png"].frame.y: expected a whole number, found the number 2.5"#),
        (#""list": [1, 2.5]"#, #""list": [1, "2"]"#, #"d.json: list[1]: expected a number, found a string ("2")"#),
        (#""pingpong""#, #""pingpng""#, #"d.json: frames["a.png"].mode: unknown value "pingpng"; did you mean "pingpong"?"#),
        (#""rotated": false, "#, "", #"d.json: missing key "rotated" in frames["a.png"]"#),
        (#""rotated": false"#, #""rotatde": false"#, #"d.json: unknown key "rotatde" in frames["a.png"]; did you mean "rotated"?"#),
        (#"{"frames""#, #"["frames""#, #"d.json: not JSON"#),
    ])
    func refusesWithPathAndSuggestion(replace: String, with: String, message: String) throws {
        #expect(Self.good.contains(replace))
        let error = try #require(Self.error(Self.good.replacingOccurrences(of: replace, with: with)))
        #expect(error.description.hasPrefix(message), "\(error)")
    }

    @Test func lenientWarnsOfForeignKeysButRefusesNearMisses() throws {
        let foreign = Self.good.replacingOccurrences(of: #""rotated": false"#, with: #""rotated": false, "anchor": {"x": 0}"#)
        #expect(Self.error(foreign) != nil, "strict refuses a key it does not know")
        let (_, warnings) = try Self.decode(foreign, policy: .lenient)
        #expect(warnings.map(\.description) == [#"d.json: unknown key "anchor" in frames["a.png"]"#])
        // `pivt` is a misspelling of `pivot`, which the frame lacks: its value would be lost.
        let typo = Self.good.replacingOccurrences(of: #""rotated": false"#, with: #""rotated": false, "pivt": 0.5"#)
        #expect(Self.error(typo, policy: .lenient)?.description == #"d.json: unknown key "pivt" in frames["a.png"]; did you mean "pivot"?"#)
        // `sx` is near `x`, but the rectangle has an `x`: a key of the producer's own, only a warning.
        let own = Self.good.replacingOccurrences(of: #""x": 1"#, with: #""x": 1, "sx": 1"#)
        #expect(try Self.decode(own, policy: .lenient).1.count == 1)
    }

    @Test func knownKeysPolicies() throws {
        let known: KnownKeys = ["size", "format", "filter", "repeat", "pma"]
        var warnings: [SchemaError] = []
        #expect(throws: SchemaError.self) { try known.check(["size", "fromat"], at: .root, file: "a", warnings: &warnings) }
        try known.check(["size", "custom"], at: .root, file: "a", policy: .lenient, warnings: &warnings)
        #expect(warnings.count == 1 && warnings[0].found == "custom")
        #expect(throws: SchemaError.self) { try known.check(["size", "fromat"], at: .root, file: "a", policy: .lenient, warnings: &warnings) }
        #expect(KnownKeys(["a"], prefixes: ["metadata/"]).contains("metadata/anything"))
    }
}

/// A key written twice in one JSON object was read without a word, the last one winning
/// (`{"fps":10,"fps":50}` timed a GIF at 50 fps; a sheet's frame named twice lost a frame; found
/// by a new-user round): it is refused, naming the key and the line of its second appearance.
@Suite("Strict inputs: keys written twice")
struct RepeatedJSONKeyTests {
    @Test(arguments: [
        (#"{"fps": 10, "fps": 50}"#, "fps", 1),
        ("{\n \"frames\": {\n  \"gold_1\": {\"x\": 1},\n  \"gold_1\": {\"x\": 2}\n }\n}", "gold_1", 4),
        (#"[{"a": 1}, {"b": [{"c": 1, "d": {"c": 2}, "c": 3}]}]"#, "c", 1),
        (#"{"size": [1, 2], "ops": [], "size": [3, 4]}"#, "size", 1),
    ])
    func aKeyTwiceInOneObjectIsRefused(text: String, key: String, line: Int) {
        #expect {
            try InputValue.json(Array(text.utf8), file: "s.json")
        } throws: { error in
            guard let error = error as? SchemaError, case .invalid(let reason) = error.problem else { return false }
            return reason.contains("\"\(key)\" appears twice") && error.line == line && error.description.contains("s.json")
        }
    }

    /// One key spelt two ways — `Café1` composed (NFC) and decomposed (NFD), or with an escape —
    /// is one key to every reader's dictionary: a JSON hash's sprite was lost without a word
    /// (fresh eyes 52). It is refused, saying why the two are one.
    @Test(arguments: [
        ("{\"Caf\u{E9}1\": 1, \"Cafe\u{301}1\": 2}", "Caf\u{E9}1"),
        (#"{"a": 1, "\u0061": 2}"#, "a"),
    ])
    func oneKeySpeltTwoWaysIsRefused(text: String, key: String) {
        #expect {
            try InputValue.json(Array(text.utf8), file: "s.json")
        } throws: { error in
            guard let error = error as? SchemaError, case .invalid(let reason) = error.problem else { return false }
            return reason.contains("appears twice") && reason.contains("two Unicode normalisations") && reason.contains(key)
        }
    }

    @Test func aPlistKeySpeltInTwoNormalisationsSaysSo() {
        let text = "<?xml version=\"1.0\"?><plist version=\"1.0\"><dict><key>caf\u{E9}</key><integer>1</integer>"
            + "<key>cafe\u{301}</key><integer>2</integer></dict></plist>"
        #expect {
            try InputValue.propertyList(Array(text.utf8), file: "u.plist")
        } throws: { error in
            guard let error = error as? SchemaError, case .invalid(let reason) = error.problem else { return false }
            return reason.contains("appears twice in one <dict>") && reason.contains("two Unicode normalisations")
        }
    }

    /// A comma before a closing bracket is no JSON (Python's reader and browsers refuse it), but
    /// Foundation's reader took it: `sequence.json`, scenes and project files with one were read
    /// (fresh eyes 55). Refused, with its line; commas inside strings are text.
    @Test(arguments: [
        (#"{"fps": 10, "repeatCount": 1,}"#, 1), ("{\n \"size\": [32, 32,],\n \"ops\": []\n}", 2),
        ("[1, 2,\n\n]", 3), ("{\"a\": {\"b\": 1 ,\t\r\n }}", 2),
    ])
    func aTrailingCommaIsRefused(text: String, line: Int) {
        #expect {
            try InputValue.json(Array(text.utf8), file: "s.json")
        } throws: { error in
            guard let error = error as? SchemaError, case .invalid(let reason) = error.problem else { return false }
            return reason.contains("not JSON") && reason.contains("comma") && error.line == line
        }
    }

    /// A number past a Double's range was "not JSON (Number 1e400 is not representable in
    /// Swift.)", with no line (fresh eyes 55): the number and its line are said.
    @Test(arguments: [("{\"size\": [32,\n 1e400]}", "1e400", 2), ("{\"s\": \"1e999\",\n\n \"fps\": -1E+999}", "-1E+999", 3)])
    func aNumberPastADoublesRangeIsSaidWithItsLine(text: String, number: String, line: Int) {
        #expect {
            try InputValue.json(Array(text.utf8), file: "s.json")
        } throws: { error in
            guard let error = error as? SchemaError, case .invalid(let reason) = error.problem else { return false }
            return reason.contains("the number \(number) is beyond") && error.line == line
        }
    }

    /// The same key in two objects, in arrays, inside strings (escaped quotes too) and as a value is fine.
    @Test(arguments: [
        #"{"a": {"x": 1}, "b": {"x": 2}}"#, #"[{"x": 1}, {"x": 2}]"#, #"{"x": "x", "y": "x"}"#,
        #"{"s": "a \"x\": 1, \"x\": 2", "x": 0}"#, #"{"k\"": 1, "k": 2}"#, #"{"a": [], "b": {}, "c": [{}]}"#,
        #"{"s": "1,]", "t": ",}", "u": "\\"}"#,
    ])
    func distinctKeysAreRead(text: String) throws {
        _ = try InputValue.json(Array(text.utf8), file: "s.json")
    }
}

/// A key written twice in one `<dict>` of an XML property list (a SpriteKit or Cocos2d sheet's
/// data) was read through Foundation, which keeps the last one without a word, while the binary
/// reader refused it: XML lists refuse it too, naming the key and the line of its second appearance.
@Suite("Strict inputs: keys written twice in XML property lists")
struct RepeatedPlistKeyTests {
    static func plist(_ body: String) -> [UInt8] {
        Array(("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!DOCTYPE plist PUBLIC \"-//Apple//DTD PLIST 1.0//EN\" "
            + "\"http://www.apple.com/DTDs/PropertyList-1.0.dtd\">\n<plist version=\"1.0\">\n" + body + "\n</plist>\n").utf8)
    }

    @Test(arguments: [
        ("<dict><key>frames</key><dict>\n<key>fire1.png</key><string>a</string>\n<key>fire1.png</key><string>b</string>\n</dict></dict>",
         "fire1.png", 6),
        ("<dict><key>a</key><array><dict><key>x</key><true/><key>y</key><dict/><key>x</key><false/></dict></array></dict>", "x", 4),
        ("<dict><key>a&amp;b</key><integer>1</integer><key>a&#38;b</key><integer>2</integer></dict>", "a&b", 4),
        ("<dict>\n<key>size</key><string>{1,2}</string>\n<!-- a comment -->\n<key>size</key><string>{3,4}</string></dict>", "size", 7),
    ])
    func aKeyTwiceInOneDictIsRefused(body: String, key: String, line: Int) {
        #expect {
            try InputValue.propertyList(Self.plist(body), file: "s.plist")
        } throws: { error in
            guard let error = error as? SchemaError, case .invalid(let reason) = error.problem else { return false }
            return reason.contains("\"\(key)\" appears twice") && error.line == line && error.description.contains("s.plist")
        }
    }

    /// The same key in two dictionaries, in a comment, as a string value, or in an array is fine.
    @Test(arguments: [
        "<dict><key>a</key><dict><key>x</key><integer>1</integer></dict><key>b</key><dict><key>x</key><integer>2</integer></dict></dict>",
        "<array><dict><key>x</key><true/></dict><dict><key>x</key><false/></dict></array>",
        "<dict><!-- <key>x</key> --><key>x</key><string>x</string><key>y</key><string>&lt;key&gt;x&lt;/key&gt;</string></dict>",
        "<dict><key>a</key><dict/><key>b</key><array/><key>c</key><dict></dict></dict>",
    ])
    func distinctKeysAreRead(body: String) throws {
        _ = try InputValue.propertyList(Self.plist(body), file: "s.plist")
    }
}
