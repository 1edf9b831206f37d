import Foundation
import Testing
import TestSupport

/// Issue 44: each command's `--json` named the same thing its own way — a play's length was
/// `durationSeconds` (info), `duration` (an APNG's or WebP's assemble) and `totalCentiseconds` (a
/// GIF's), `quality` a string for a GIF and a number for a WebP, `frameDurations` milliseconds in
/// frames, and only some commands had `warnings`. One vocabulary now (docs/CLI.md, "JSON output"):
/// each name has one type everywhere, seconds are numbers named `…Seconds`, every object has
/// `warnings`. Each command runs on the real fixtures named below.
@Suite("One JSON vocabulary")
struct JSONVocabularyTests {
    static let coin = Fixtures.path("sequences/kenney-gold-coin")
    static let frame = Fixtures.path("sequences/kenney-gold-coin/gold_1.png")
    static let gif = Fixtures.path("gif/giflib/fire.gif")

    /// The type of a field.
    enum Kind: String { case string, integer, number, bool, strings, numbers, object }

    /// Every field name any command prints, with its one type.
    static let vocabulary: [String: Kind] = [
        "output": .string, "path": .string, "format": .string, "files": .strings, "warnings": .strings, "notes": .strings, "removed": .strings,
        "width": .integer, "height": .integer, "scale": .integer, "bytes": .integer, "frames": .integer, "pagesRead": .integer,
        "durationSeconds": .number, "frameDurationsSeconds": .numbers, "repeatCount": .integer,
        "framesMergedForTiming": .integer, "framesMergedIdentical": .integer, "framesMergedNearIdentical": .integer,
        "nearIdenticalMaxDifference": .integer, "colors": .integer, "colorsCap": .integer, "localPalettes": .integer, "framesMergedInvisible": .integer, "dither": .string, "alpha": .string,
        "qualityPreset": .string, "quality": .number, "lossless": .bool, "colorType": .string, "fitsMaxBytes": .bool,
        "engine": .string, "load": .string, "sprites": .integer, "occupancy": .number, "scales": .numbers, "details": .object,
        "pointWidth": .number, "pointHeight": .number, "bitDepth": .integer, "interlaced": .bool, "hasAlpha": .bool, "opaque": .bool,
        "errors": .object, "otherScales": .object,
    ]

    /// (name, arguments after the command's setup, the fields its object has)
    static let cases: [(String, [String], Set<String>)] = {
        let assembled: Set = ["output", "format", "bytes", "width", "height", "frames", "framesMergedForTiming", "framesMergedIdentical",
                              "framesMergedNearIdentical", "nearIdenticalMaxDifference", "durationSeconds", "repeatCount", "warnings", "notes"]
        return [
            ("assemble gif", ["assemble", coin, "-o", "a.gif"], assembled.union(["colors", "colorsCap", "localPalettes", "framesMergedInvisible", "dither", "alpha", "qualityPreset"])),
            ("assemble gif --max-bytes", ["assemble", coin, "-o", "a.gif", "--max-bytes", "10000000"],
             assembled.union(["colors", "colorsCap", "localPalettes", "framesMergedInvisible", "dither", "alpha", "qualityPreset", "fitsMaxBytes"])),
            ("assemble apng", ["assemble", coin, "-o", "a.apng"], assembled.union(["colorType"])),
            ("assemble webp lossy", ["assemble", coin, "-o", "a.webp", "--lossy", "--quality", "70"], assembled.union(["lossless", "quality"])),
            ("assemble webp", ["assemble", coin, "-o", "a.webp"], assembled.union(["lossless"])),
            ("frames gif", ["frames", gif, "-o", "out"],
             ["output", "files", "frames", "frameDurationsSeconds", "durationSeconds", "repeatCount", "width", "height", "warnings"]),
            ("frames sheet", ["frames", "s.json", "-o", "out"], ["output", "files", "frames", "pagesRead", "warnings"]),
            ("frames sheet --animation", ["frames", "s.json", "-o", "out", "--animation", "gold"],
             ["output", "files", "frames", "pagesRead", "frameDurationsSeconds", "durationSeconds", "repeatCount", "warnings"]),
            ("sheet", ["sheet", coin, "-o", "p.png", "--engine", "phaser3"],
             ["output", "engine", "load", "files", "pages", "pagesAtScales", "sprites", "occupancy", "scales", "warnings", "notes", "removed"]),
            ("generate", ["generate", "seagull", "-o", "g.gif"], ["output", "frames", "files", "warnings"]),
            ("blur", ["blur", frame, "-o", "b.png", "--sigma", "2"], ["output", "width", "height", "scale", "details", "warnings", "notes"]),
            ("info", ["info", gif], ["files", "errors"]),
            ("render", ["render", Fixtures.repository + "/Examples/frosted-panel.json", "-o", "r.gif", "--fps", "2"],
             ["output", "format", "frames", "framesMergedForTiming", "framesMergedIdentical", "framesMergedNearIdentical", "width", "height",
              "scale", "durationSeconds", "repeatCount", "files", "warnings", "notes", "removed"]),
        ]
    }()

    @Test(arguments: cases)
    func eachNameHasOneTypeEverywhere(name: String, arguments: [String], fields: Set<String>) throws {
        let dir = try Fixtures.temporaryFolder("json-vocabulary")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        // `frames` of sheet data reads a sheet made first.
        // With --animation, of a sheet timed at 12 fps: its timing comes in the vocabulary's words too.
        if name.hasPrefix("frames sheet") {
            #expect(try CLI.run(["sheet", Self.coin, "-o", "s.png"] + (name.hasSuffix("--animation") ? ["--fps", "12"] : []), in: dir).status == 0)
        }
        let result = try CLI.run(arguments + ["--json"], in: dir)
        #expect(result.status == 0, "\(result.stderr)")
        let json = try JSONDecoder().decode(JSONValue.self, from: Data(result.stdout.utf8))
        guard case .object(let object) = json else {
            Issue.record("\(name): not an object: \(result.stdout)")
            return
        }
        #expect(Set(object.keys) == fields, "\(name): \(object.keys.sorted())")
        for (key, value) in object { check(key, value, in: name) }
        // info: each file's fields are of the vocabulary too.
        if case .array(let files) = object["files"] {
            for case .object(let file) in files {
                #expect(Set(file.keys).isSuperset(of: ["path", "width", "height", "frames", "durationSeconds", "repeatCount", "warnings"]),
                        "\(file.keys.sorted())")
                for (key, value) in file { check(key, value, in: "\(name) files[]") }
            }
        }
    }

    /// `key` is of the vocabulary, with its type; a duration is in seconds, named so.
    func check(_ key: String, _ value: JSONValue, in name: String) {
        if key == "files", case .array(let items) = value, items.allSatisfy({ if case .object = $0 { true } else { false } }) { return }
        // sheet's pages: [width, height] each (a count of pages is `pagesRead`).
        let isPages = { (value: JSONValue) in
            if case .array(let items) = value, !items.isEmpty,
               items.allSatisfy({ if case .array(let size) = $0 { size.count == 2 && size.allSatisfy(\.isInteger) } else { false } }) { true } else { false }
        }
        if key == "pages", isPages(value) { return }
        // sheet's pages at each scale: an array of `pages`, one a scale.
        if key == "pagesAtScales", case .array(let scales) = value, !scales.isEmpty, scales.allSatisfy(isPages) { return }
        guard let kind = Self.vocabulary[key] else {
            Issue.record("\(name): '\(key)' is no field of the vocabulary (docs/CLI.md, JSON output)")
            return
        }
        if key.lowercased().contains("duration") { #expect(key.hasSuffix("Seconds"), "\(name): \(key)") }
        let fits: Bool = switch (kind, value) {
        case (.string, .string), (.bool, .bool), (.number, .number), (.object, .object): true
        case (.integer, _): value.isInteger
        case (.strings, .array(let items)): items.allSatisfy { if case .string = $0 { true } else { false } }
        case (.numbers, .array(let items)): items.allSatisfy { if case .number = $0 { true } else { false } }
        case (.object, .array(let items)): items.allSatisfy { if case .object = $0 { true } else { false } }
        default: false
        }
        #expect(fits, "\(name): '\(key)' should be \(kind.rawValue), is \(value)")
    }
}

/// A JSON value as printed, its types apart (a Bool is no number, a string no number).
enum JSONValue: Decodable {
    case string(String), bool(Bool), number(Double), array([JSONValue]), object([String: JSONValue]), null

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() { self = .null }
        else if let value = try? container.decode(Bool.self) { self = .bool(value) }
        else if let value = try? container.decode(Double.self) { self = .number(value) }
        else if let value = try? container.decode(String.self) { self = .string(value) }
        else if let value = try? container.decode([JSONValue].self) { self = .array(value) }
        else { self = .object(try container.decode([String: JSONValue].self)) }
    }

    /// A whole number.
    var isInteger: Bool {
        if case .number(let value) = self { return value == value.rounded() }
        return false
    }
}
