import Basics
import Foundation
import Testing
import TestSupport
@testable import Animated

/// `sequence.json` and `.flipbook.json` refuse what they do not know, naming the key and what was meant.
@Suite("Strict sequence.json")
struct StrictSequenceManifestTests {
    static func schemaError(_ text: String) -> SchemaError? {
        do {
            _ = try SequenceManifest.decode(Array(text.utf8), file: "walk/sequence.json")
            return nil
        } catch {
            if case .schema(let schema) = error { return schema }
            Issue.record("not a schema error: \(error)")
            return nil
        }
    }

    @Test(arguments: [
        (#"{"fsp": 30}"#, "fsp", "fps"),
        (#"{"name": "walk", "durration": 2}"#, "durration", "duration"),
        (#"{"repeatcount": 2}"#, "repeatcount", "repeatCount"),
        (#"{"frameDuration": [100, 100]}"#, "frameDuration", "frameDurations"),
        (#"{"highlight": "walk_hl"}"#, "highlight", "highlighted"),
        (#"{"fps": 12, "scael": 2}"#, "scael", "scale"),
        (#"{"direciton": "reverse"}"#, "direciton", "direction"),
    ])
    func refusesAMistypedKey(text: String, key: String, meant: String) throws {
        let error = try #require(Self.schemaError(text))
        #expect(error.isUnknownKey && error.found == key && error.suggestion == meant && error.keyPath == key)
        #expect(error.description == "walk/sequence.json: unknown key \"\(key)\"; did you mean \"\(meant)\"?")
    }

    @Test func refusesAKeyNothingResembles() throws {
        let error = try #require(Self.schemaError(#"{"fps": 12, "loop": true}"#))
        #expect(error.description == #"walk/sequence.json: unknown key "loop"; the keys here are "direction", "duration", "fps", "#
                + #""frameDurations", "highlighted", "name", "repeatCount", "scale""#)
    }

    @Test(arguments: [
        (#"{"fps": "fast"}"#, #"walk/sequence.json: fps: expected a number, found a string ("fast")"#),
        (#"{"repeatCount": 1.5}"#, "walk/sequence.json: repeatCount: expected a whole number, found the number 1.5"),
        (#"{"frameDurations": [100, "50"]}"#, #"walk/sequence.json: frameDurations[1]: expected a number, found a string ("50")"#),
        (#"{"scale": true}"#, "walk/sequence.json: scale: expected a whole number, found true"),
        ("[]", "walk/sequence.json: expected an object, found an array"),
    ])
    func refusesAWrongType(text: String, message: String) throws {
        #expect(try #require(Self.schemaError(text)).description == message)
    }

    @Test(arguments: [
        (#"{"fps": 0}"#, "walk/sequence.json: fps: must be between 1/86400 and 1000 (found 0)"),
        (#"{"scale": 4}"#, "walk/sequence.json: scale: must be 1…3 (found 4)"),
        (#"{"frameDurations": [100, -5]}"#, "walk/sequence.json: frameDurations[1]: must be a positive number of milliseconds, at most a day (86400000) (found -5)"),
        (#"{"repeatCount": -1}"#, "walk/sequence.json: repeatCount: must be 0 (forever) or a number of plays (found -1)"),
    ])
    func refusesANumberOutOfRange(text: String, message: String) throws {
        #expect(try #require(Self.schemaError(text)).description == message)
    }

    @Test func refusesAnUnknownDirectionWithTheNearestOne() throws {
        let error = try #require(Self.schemaError(#"{"direction": "pingpng"}"#))
        #expect(error.description == #"walk/sequence.json: direction: unknown value "pingpng"; did you mean "pingpong"?"#)
    }

    /// With no value near enough to suggest, the values are listed (it said only "unknown value").
    @Test func anUnknownDirectionFarFromAnyListsThem() throws {
        let error = try #require(Self.schemaError(#"{"direction": "yoyo"}"#))
        #expect(error.description == #"walk/sequence.json: direction: unknown value "yoyo"; expected "forward", "reverse", "pingpong", "pingpong_reverse""#)
    }

    @Test func refusesDurationsThatAreNotOnePerFrame() throws {
        let tree = try FixtureTree()
        for n in 1...5 { try tree.png("fx/walk\(n).png", 2, 2) }
        try tree.write("fx/sequence.json", #"{"name": "walk", "frameDurations": [100, 100, 100]}"#)
        #expect {
            _ = try Animation.load([tree.path("fx")])
        } throws: { error in
            guard case .manifest(.schema(let schema))? = error as? Animation.LoadError else { return false }
            return schema.keyPath == "frameDurations"
                && schema.description == tree.path("fx/sequence.json") + #": frameDurations: has 3 entries; 5 expected (one per frame of "walk")"#
        }
        try tree.write("fx/sequence.json", #"{"name": "walk", "frameDurations": [100, 100, 100, 100, 50]}"#)
        #expect(try Animation.load([tree.path("fx")]).stepDurations() == [0.1, 0.1, 0.1, 0.1, 0.05])
    }

    @Test func refusesHighlightedFramesThatDoNotExist() throws {
        let tree = try FixtureTree()
        for n in 1...2 { try tree.png("fx/btn\(n).png", 2, 2); try tree.png("fx/btn_hi\(n).png", 2, 2) }
        try tree.write("fx/sequence.json", #"{"name": "btn", "highlighted": "btn_hl"}"#)
        #expect {
            _ = try Animation.load([tree.path("fx")])
        } throws: { error in
            guard case .manifest(.schema(let schema))? = error as? Animation.LoadError else { return false }
            return schema.keyPath == "highlighted" && schema.suggestion == "btn_hi"
                && schema.description.hasSuffix(#"highlighted: no frames have the prefix "btn_hl"; did you mean "btn_hi"?"#)
        }
    }

    /// Every `sequence.json` shipped in the repository (samples, fixtures, fuzz seeds) still loads.
    static let shipped: [String] = {
        let repository = Fixtures.repository
        var found: [String] = []
        for root in ["Sequences", "Tests/Fixtures", "Fuzz/Seeds/fuzz-sequence-json"] {
            guard let walker = FileManager.default.enumerator(atPath: "\(repository)/\(root)") else { continue }
            for case let relative as String in walker
            where relative.hasSuffix("sequence.json") || root.hasSuffix("fuzz-sequence-json") && relative.hasSuffix(".json") {
                found.append("\(root)/\(relative)")
            }
        }
        return found.sorted()
    }()

    @Test func findsTheShippedManifests() {
        #expect(Self.shipped == ["Fuzz/Seeds/fuzz-sequence-json/design.json", "Fuzz/Seeds/fuzz-sequence-json/duplicate-keys.json",
                                 "Fuzz/Seeds/fuzz-sequence-json/timed.json",
                                 "Sequences/explosion/sequence.json"])
    }

    @Test(arguments: shipped)
    func shippedManifestsStillLoad(_ relative: String) throws {
        // A seed with a key twice (`fps` twice) is refused, naming the key.
        guard !relative.contains("duplicate-keys") else {
            #expect { _ = try SequenceManifest.read(file: Fixtures.repository + "/" + relative) } throws: { "\($0)".contains("the key \"fps\" appears twice") }
            return
        }
        _ = try SequenceManifest.read(file: Fixtures.repository + "/" + relative)
    }

    @Test func theShippedSequencesStillLoadAsAnimations() throws {
        let folders = try FileManager.default.contentsOfDirectory(atPath: Fixtures.repository + "/Sequences").sorted()
        #expect(folders.count == 4)
        for folder in folders { _ = try Animation.load([Fixtures.repository + "/Sequences/" + folder]) }
    }
}

@Suite("Strict .flipbook.json")
struct StrictValidationConfigTests {
    static func error(_ text: String) -> ValidationConfig.Error? {
        do {
            _ = try ValidationConfig.decode(Array(text.utf8), file: "Assets/.flipbook.json")
            return nil
        } catch {
            return error
        }
    }

    @Test(arguments: [
        (#"{"severites": {}}"#, "severites", "severities"),
        (#"{"expectedsize": [96, 128]}"#, "expectedsize", "expectedSize"),
        (#"{"requiredScale": [1, 2]}"#, "requiredScale", "requiredScales"),
        (#"{"ignores": ["*.tmp"]}"#, "ignores", "ignore"),
        (#"{"maxFileByte": 100}"#, "maxFileByte", "maxFileBytes"),
    ])
    func refusesAMistypedKey(text: String, key: String, meant: String) throws {
        let error = try #require(Self.error(text))
        #expect(error.schemaError?.found == key && error.schemaError?.suggestion == meant)
        #expect(error.description == "Assets/.flipbook.json: unknown key \"\(key)\"; did you mean \"\(meant)\"?")
    }

    @Test(arguments: [
        ("seq.gpa", "seq.gap"), ("png.cbgi", "png.cgbi"), ("frame.dupliate", "frame.duplicate"), ("manifest.invlaid", "manifest.invalid"),
    ])
    func refusesAMistypedRuleWithTheNearestRule(rule: String, meant: String) throws {
        let error = try #require(Self.error("{\"severities\": {\"seq.gap\": \"off\", \"\(rule)\": \"error\"}}"))
        #expect(error.schemaError?.keyPath == "severities[\"\(rule)\"]")
        #expect(error.description == "Assets/.flipbook.json: unknown rule \"\(rule)\" in severities; did you mean \"\(meant)\"?")
    }

    @Test func refusesAMistypedSeverity() throws {
        let error = try #require(Self.error(#"{"severities": {"seq.gap": "warn"}}"#))
        #expect(error.description.hasPrefix(#"Assets/.flipbook.json: severities["seq.gap"]: unknown value "warn""#))
        let close = try #require(Self.error(#"{"severities": {"seq.gap": "notise"}}"#))
        #expect(close.schemaError?.suggestion == "notice")
    }

    @Test(arguments: [
        (#"{"maxFileBytes": "1 MB"}"#, #"Assets/.flipbook.json: maxFileBytes: expected a whole number, found a string ("1 MB")"#),
        (#"{"ignore": "*.tmp"}"#, #"Assets/.flipbook.json: ignore: expected an array, found a string ("*.tmp")"#),
        (#"{"severities": ["seq.gap"]}"#, "Assets/.flipbook.json: severities: expected an object, found an array"),
    ])
    func refusesAWrongType(text: String, message: String) throws {
        #expect(try #require(Self.error(text)).description == message)
    }

    @Test(arguments: [
        (#"{"requiredScales": [1, 4]}"#, "Assets/.flipbook.json: requiredScales[1]: must be 1…3 (found 4)"),
        (#"{"maxFileBytes": 0}"#, "Assets/.flipbook.json: maxFileBytes: must be positive (found 0)"),
        (#"{"expectedSize": [96, -1]}"#, "Assets/.flipbook.json: expectedSize[1]: must be a positive number of points, at most 2147483647 (a PNG's longest side) (found -1)"),
        // Round 63: a side past any PNG's trapped converting it for the message.
        (#"{"expectedSize": [9.3e18, 64]}"#, "Assets/.flipbook.json: expectedSize[0]: must be a positive number of points, at most 2147483647 (a PNG's longest side) (found 9.3e+18)"),
    ])
    func refusesANumberOutOfRange(text: String, message: String) throws {
        #expect(try #require(Self.error(text)).description == message)
    }

    @Test func refusesASizeThatIsNotAPair() throws {
        let error = try #require(Self.error(#"{"expectedSize": [96]}"#))
        #expect(error.description == "Assets/.flipbook.json: expectedSize: has 1 entry; 2 expected ([width, height] in points)")
    }

    @Test func theDesignExampleStillLoads() throws {
        let seed = try Fixtures.bytes("../../Fuzz/Seeds/fuzz-flipbook-json/design.json")
        let config = try ValidationConfig.decode(seed, file: "design.json")
        #expect(config.requiredScales == [1, 2] && config.maxFileBytes == 1_048_576 && config.severities.count == 2)
    }
}
