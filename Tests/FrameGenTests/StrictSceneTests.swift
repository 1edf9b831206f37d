import Foundation
import Testing
import TestSupport
@testable import FrameGen

/// Scene and stroke files refuse keys their ops do not have, wrong types and values out of range,
/// naming the op and the key.
@Suite("Strict scene files")
struct StrictSceneTests {
    static let scene = """
        {"size": [100, 80], "scale": 1, "background": "#FFFFFF", "ops": [
         {"fill": "M10 10 L90 10 L90 70 Z", "color": "#FF0000", "rule": "evenodd"},
         {"clip": "M0 0 H100 V80 H0 Z"},
         {"stroke": "M20 60 C40 20 60 20 80 60", "color": "#000000CC", "width": 5, "cap": "round", "join": "miter",
          "miterLimit": 10, "dash": [8, 4], "dashPhase": 2},
         {"image": "rock.png", "at": [40, 30], "size": [10, 10]}]}
        """

    static func error(_ text: String) -> SceneError? {
        do {
            _ = try Scene(json: Array(text.utf8), file: "scene.json")
            return nil
        } catch {
            return error
        }
    }

    /// The scene with `old` replaced by `new`; `old` must be in it, so a test cannot pass by missing.
    static func edited(_ old: String, _ new: String) throws -> String {
        try #require(scene.contains(old), "\(old) is not in the scene")
        return scene.replacingOccurrences(of: old, with: new)
    }

    @Test func theBaseSceneIsValid() throws {
        let parsed = try Scene(json: Array(Self.scene.utf8), file: "scene.json")
        #expect(parsed.operations.count == 4 && parsed.imageNames == ["rock.png"])
    }

    @Test(arguments: [
        (#""background""#, #""backgroud""#, "backgroud", "background", ""),
        (#""scale": 1"#, #""scael": 1"#, "scael", "scale", ""),
        (##""color": "#FF0000""##, ##""colour": "#FF0000""##, "colour", "color", "ops[0]"),
        (#""rule": "evenodd""#, #""rules": "evenodd""#, "rules", "rule", "ops[0]"),
        (#""width": 5"#, #""widht": 5"#, "widht", "width", "ops[2]"),
        (#""miterLimit""#, #""miterlimit""#, "miterlimit", "miterLimit", "ops[2]"),
        (#""dashPhase""#, #""dashphase""#, "dashphase", "dashPhase", "ops[2]"),
        (#""at": [40, 30]"#, #""at": [40, 30], "sizes": [1, 1]"#, "sizes", "size", "ops[3]"),
        (#"{"clip""#, #"{"clp""#, "clp", "clip", "ops[1]"),
        (#"{"fill""#, #"{"fil""#, "fil", "fill", "ops[0]"),
    ])
    func refusesAMistypedKey(old: String, new: String, key: String, meant: String, op: String) throws {
        guard case .schema(let error)? = Self.error(try Self.edited(old, new)) else {
            Issue.record("\(key) was accepted or refused otherwise")
            return
        }
        #expect(error.found == key && error.suggestion == meant && error.keyPath == (op.isEmpty ? key : "\(op).\(key)"))
        #expect(error.description == "scene.json: unknown key \"\(key)\"\(op.isEmpty ? "" : " in \(op)"); did you mean \"\(meant)\"?")
    }

    @Test func refusesAKeyOfAnotherKindOfOp() throws {
        // `width` belongs to strokes: a fill ignores it, so it is refused there.
        let text = try Self.edited(#""rule": "evenodd""#, #""rule": "evenodd", "width": 3"#)
        #expect(Self.error(text)?.description == #"scene.json: unknown key "width" in ops[0]; the keys here are "color", "fill", "rule""#)
    }

    @Test(arguments: [
        (#""width": 5"#, #""width": "5""#, #"scene.json: ops[2].width: expected a number, found a string ("5")"#),
        (#""scale": 1"#, #""scale": 1.5"#, "scene.json: scale: expected a whole number, found the number 1.5"),
        (#""at": [40, 30]"#, #""at": ["40", 30]"#, #"scene.json: ops[3].at[0]: expected a number, found a string ("40")"#),
        (##""color": "#FF0000""##, ##""color": 16711680"##, "scene.json: ops[0].color: expected a string, found the number 16711680"),
        (#""dash": [8, 4]"#, #""dash": 8"#, "scene.json: ops[2].dash: expected an array, found the number 8"),
        (#"{"clip": "M0 0 H100 V80 H0 Z"}"#, "[1]", "scene.json: ops[1]: expected an object, found an array"),
        (#""cap": "round""#, #""cap": true"#, "scene.json: ops[2].cap: expected a string, found true"),
    ])
    func refusesAWrongType(old: String, new: String, message: String) throws {
        #expect(Self.error(try Self.edited(old, new))?.description == message)
    }

    @Test(arguments: [
        (#""width": 5"#, #""width": -1"#, "scene.json: ops[2].width: must be a number ≥ 0 (found -1)"),
        (#""miterLimit": 10"#, #""miterLimit": 0.5"#, "scene.json: ops[2].miterLimit: must be a number ≥ 1 (found 0.5)"),
        (#""scale": 1"#, #""scale": 9"#, "scene.json: scale: must be a whole number from 1 to 8 (found 9)"),
        (#""size": [10, 10]"#, #""size": [10, 0]"#, "scene.json: ops[3].size[1]: must be positive (found 0)"),
        (#""dash": [8, 4]"#, #""dash": [8, -4]"#, "scene.json: ops[2].dash[1]: must be a length ≥ 0 (found -4)"),
        (#""size": [100, 80]"#, #""size": [-100, 80]"#, "scene.json: size[0]: must be positive (found -100)"),
    ])
    func refusesANumberOutOfRange(old: String, new: String, message: String) throws {
        #expect(Self.error(try Self.edited(old, new))?.description == message)
    }

    @Test(arguments: [
        (#""at": [40, 30]"#, #""at": [40, 30, 2]"#, "scene.json: ops[3].at: has 3 entries; 2 expected ([x, y])"),
        (#""size": [100, 80]"#, #""size": [100]"#, "scene.json: size: has 1 entry; 2 expected ([width, height])"),
    ])
    func refusesAPairOfTheWrongLength(old: String, new: String, message: String) throws {
        #expect(Self.error(try Self.edited(old, new))?.description == message)
    }

    @Test(arguments: [
        (#""cap": "round""#, #""cap": "rond""#, #"scene.json: ops[2].cap: unknown value "rond"; did you mean "round"?"#),
        (#""join": "miter""#, #""join": "mitre""#, #"scene.json: ops[2].join: unknown value "mitre"; did you mean "miter"?"#),
        (#""rule": "evenodd""#, #""rule": "evenod""#, #"scene.json: ops[0].rule: unknown value "evenod"; did you mean "evenodd"?"#),
    ])
    func refusesAnUnknownValueWithTheNearestOne(old: String, new: String, message: String) throws {
        #expect(Self.error(try Self.edited(old, new))?.description == message)
    }

    @Test func refusesAnOpOfTwoKinds() throws {
        let text = try Self.edited(#"{"clip": "M0 0 H100 V80 H0 Z"}"#, #"{"clip": "M0 0 H100 V80 H0 Z", "fill": "M0 0 H1 V1 Z"}"#)
        #expect(Self.error(text)?.description == "scene.json: ops[1]: has fill and clip; an op is one of fill, stroke, image, clip or text")
        let none = try Self.edited(##"{"clip": "M0 0 H100 V80 H0 Z"}"##, ##"{"color": "#000000"}"##)
        #expect(Self.error(none)?.description == "scene.json: ops[1]: names no kind of op: expected one of fill, stroke, image, clip or text")
    }

    @Test func refusesAMissingKey() throws {
        let text = try Self.edited(#""size": [100, 80], "#, "")
        #expect(Self.error(text)?.description == #"scene.json: missing key "size""#)
    }

    /// Every scene and stroke file shipped in the repository still parses.
    static let shipped: [String] = {
        var found: [String] = []
        for folder in ["Tests/Fixtures/framegen/scenes", "Fuzz/Seeds/fuzz-scene", "Tests/Fixtures/fuzz/fuzz-scene",
                       "Fuzz/Seeds/fuzz-freehand", "Tests/Fixtures/fuzz/fuzz-freehand"] {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: Fixtures.repository + "/" + folder)) ?? []
            found += names.filter { $0.hasSuffix(".json") }.map { "\(folder)/\($0)" }
        }
        return found.sorted()
    }()

    @Test func findsTheShippedFiles() {
        #expect(Self.shipped.filter { $0.contains("scene") }.count == 42 + 21 + 1)
        #expect(Self.shipped.filter { $0.contains("freehand") }.count == 3 + 4)
    }

    @Test(arguments: shipped)
    func shippedFilesStillParse(_ relative: String) throws {
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: Fixtures.repository + "/" + relative)))
        // The seeds with a key twice (`size` twice) are refused, naming the key.
        guard !relative.contains("duplicate-keys") else {
            #expect {
                if relative.contains("freehand") { _ = try Freehand(json: bytes, file: relative) } else { _ = try Scene(json: bytes, file: relative) }
            } throws: { "\($0)".contains("the key \"size\" appears twice") }
            return
        }
        if relative.contains("freehand") {
            _ = try Freehand(json: bytes, file: relative)
        } else {
            _ = try Scene(json: bytes, file: relative)
        }
    }
}

@Suite("Strict stroke files")
struct StrictStrokeFileTests {
    @Test(arguments: [
        (#"{"stroke": [[[0, 0], [1, 1]]]}"#, #"strokes.json: unknown key "stroke"; did you mean "strokes"?"#),
        (##"{"strokes": [[[0, 0], [1, 1]]], "colour": "#000000"}"##, ##"strokes.json: unknown key "colour"; did you mean "color"?"##),
        (#"{"strokes": [[[0, 0], [1, "1"]]]}"#, #"strokes.json: strokes[0][1][1]: expected a number, found a string ("1")"#),
        (#"{"strokes": [[[0, 0], [1]]]}"#, "strokes.json: strokes[0][1]: has 1 entry; 2 expected ([x, y], further values ignored)"),
        (#"{"strokes": [[[0, 0], [1, 1]]], "width": 0}"#, "strokes.json: width: must be a positive number (found 0)"),
    ])
    func refuses(text: String, message: String) throws {
        #expect {
            _ = try Freehand(json: Array(text.utf8), file: "strokes.json")
        } throws: { error in
            (error as? SceneError)?.description == message
        }
    }
}
