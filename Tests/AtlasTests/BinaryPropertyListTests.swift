import Basics
import Foundation
import Raster
import Testing
import TestSupport
@testable import Atlas

/// Binary property lists (`bplist00`) are read by Flipbook's own bounded reader: a real one reads
/// the same sheet as its XML twin, value for value, and hostile ones (cut, offsets and counts that
/// do not hold, cycles, exponential sharing, deep nesting) are refused with a `SchemaError` naming
/// the file, never a crash (Foundation's reader crashed on a few changed bytes).
@Suite("Binary property lists")
struct BinaryPropertyListTests {
    /// The XML goldens (`Tests/Fixtures/atlas`) converted to binary (`atlas/binary-plist`, see its ORIGIN.md).
    static let twins: [String] = {
        ((try? FileManager.default.contentsOfDirectory(atPath: Fixtures.path("atlas/binary-plist"))) ?? [])
            .filter { $0.hasSuffix(".plist") }.sorted()
    }()

    @Test func findsTheTwins() {
        #expect(Self.twins == ["sheet.atlasc.plist", "sheet.cocos2d.plist"])
    }

    /// Every value of `a` and `b` is of the same kind and reads the same, key by key.
    static func sameValues(_ a: Any, _ b: Any, at path: String = "root") -> [String] {
        let kind = InputValue.kind(of: a)
        guard kind == InputValue.kind(of: b) else { return ["\(path): \(kind) vs \(InputValue.kind(of: b))"] }
        switch kind {
        case .object:
            let x = a as? [String: Any] ?? [:], y = b as? [String: Any] ?? [:]
            guard x.keys.sorted() == y.keys.sorted() else { return ["\(path): keys \(x.keys.sorted()) vs \(y.keys.sorted())"] }
            return x.keys.sorted().flatMap { sameValues(x[$0]!, y[$0]!, at: "\(path).\($0)") }
        case .array:
            let x = a as? [Any] ?? [], y = b as? [Any] ?? []
            guard x.count == y.count else { return ["\(path): \(x.count) vs \(y.count) items"] }
            return zip(x, y).enumerated().flatMap { sameValues($1.0, $1.1, at: "\(path)[\($0)]") }
        case .number:
            return (a as? NSNumber)?.doubleValue == (b as? NSNumber)?.doubleValue ? [] : ["\(path): \(a) vs \(b)"]
        default:
            return "\(a)" == "\(b)" ? [] : ["\(path): \(a) vs \(b)"]
        }
    }

    @Test(arguments: twins)
    func binaryReadsAsItsXMLTwin(_ name: String) throws {
        let xml = try Fixtures.bytes("atlas/\(name)"), binary = try Fixtures.bytes("atlas/binary-plist/\(name)")
        #expect(binary.starts(with: Array("bplist00".utf8)) && !xml.starts(with: Array("bplist".utf8)))
        let fromXML = try InputValue.propertyList(xml, file: name), fromBinary = try InputValue.propertyList(binary, file: name)
        #expect(fromBinary.kind == .object)
        #expect(Self.sameValues(fromXML.value, fromBinary.value) == [])
        if name.contains("atlasc") {
            let a = try SpriteKitAtlas.decode(xml), b = try SpriteKitAtlas.decode(binary)
            #expect(!b.sprites.isEmpty && a.sprites == b.sprites && b.warnings.isEmpty)
            #expect(a.pages.map { "\($0)" } == b.pages.map { "\($0)" })
        } else {
            let a = try Cocos2dPlist.decode(xml), b = try Cocos2dPlist.decode(binary)
            #expect(!b.sprites.isEmpty && a.sprites == b.sprites && "\(a)" == "\(b)")
        }
    }

    /// The whole import, as `flipbook frames` does it, from the binary Cocos2d sheet and a blank page.
    @Test func binarySheetImportsAsItsXMLTwin() throws {
        let name = "sheet.cocos2d.plist"
        let xml = try Fixtures.bytes("atlas/\(name)"), binary = try Fixtures.bytes("atlas/binary-plist/\(name)")
        let page = try Cocos2dPlist.decode(xml)
        let png = try PNG.Encoder().encode(Bitmap(clearWidth: page.width, height: page.height))
        func read(_ data: [UInt8]) throws -> SpriteSheet {
            try SheetImport.read(files: [InMemoryFile(name: name, bytes: data), InMemoryFile(name: page.image, bytes: png)], data: name)
        }
        let a = try read(xml), b = try read(binary)
        #expect(b.sprites.count == page.sprites.count && a.sprites == b.sprites)
    }

    /// A binary list of `objects` (references of one byte, offsets of two), its top object `top`;
    /// `trailer` changes the trailer's bytes (index → value) after it is written.
    static func bplist(_ objects: [[UInt8]], top: Int = 0, trailer: [Int: UInt8] = [:]) -> [UInt8] {
        var bytes = Array("bplist00".utf8), offsets: [UInt8] = []
        for object in objects {
            offsets += [UInt8(bytes.count >> 8), UInt8(bytes.count & 0xFF)]
            bytes += object
        }
        let table = bytes.count
        bytes += offsets
        func big(_ value: Int) -> [UInt8] { (0..<8).map { UInt8((value >> (8 * (7 - $0))) & 0xFF) } }
        var end: [UInt8] = [0, 0, 0, 0, 0, 0, 2, 1] + big(objects.count) + big(top) + big(table)
        for (index, value) in trailer { end[index] = value }
        return bytes + end
    }

    /// Arrays nested `levels` deep, each holding the next `width` times, the innermost empty.
    static func nested(_ levels: Int, width: Int) -> [UInt8] {
        bplist((0..<levels).map { [0xA0 | UInt8(width)] + Array(repeating: UInt8($0 + 1), count: width) } + [[0xA0]])
    }

    /// The goldens' binary twin with `change` applied.
    static func twin(_ change: (inout [UInt8]) -> Void) -> [UInt8] {
        var bytes = (try? Fixtures.bytes("atlas/binary-plist/sheet.atlasc.plist")) ?? []
        change(&bytes)
        return bytes
    }

    /// Hostile lists and a word of the reason each must be refused with.
    static let hostile: [(name: String, bytes: [UInt8], word: String)] = [
        ("the trailer cut short", twin { $0.removeLast(5) }, "binary property list"),
        ("only the header", Array("bplist00".utf8), "too few"),
        ("an offset table past the end", twin { bytes in for i in (bytes.count - 8)..<bytes.count { bytes[i] = 0xFF } }, "offset table"),
        ("an object offset past the objects", bplist([[0x50]]).enumerated().map { $0.offset == 10 ? 0xF0 : $0.element }, "outside the objects"),
        ("a string longer than the file", bplist([[0x5F, 0x10, 0x20]]), "runs past"),
        ("an array that holds itself", bplist([[0xA1, 0x00]]), "object 0 contains itself"),
        ("a dictionary that holds its own array", bplist([[0xA1, 0x01], [0xD1, 0x02, 0x00], [0x51, 0x61]]), "contains itself"),
        ("a huge object count", bplist([[0x50]], trailer: [8: 0x40]), "claims"),
        ("a huge array length", bplist([[0xAF, 0x13, 0x7F, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF]]), "claims"),
        ("a reference to no object", bplist([[0xA1, 0x05]]), "refers to object 5"),
        ("a top object that does not exist", bplist([[0x50]], top: 3), "top object"),
        ("offsets of 9 bytes", bplist([[0x50]], trailer: [6: 9]), "1 to 8"),
        ("nesting 200 deep", nested(200, width: 1), "deeper than 128"),
        ("sharing that doubles 60 times", nested(60, width: 2), "multiply"),
        ("an unknown marker", bplist([[0x70]]), "unknown marker"),
        ("a key that is not a string", bplist([[0xD1, 0x01, 0x01], [0x10, 0x05]]), "not a string"),
        ("a key twice", bplist([[0xD2, 0x01, 0x01, 0x02, 0x02], [0x51, 0x61], [0x09]]), "appears twice"),
        ("version bplist15", Array("bplist15".utf8) + Array(repeating: 0, count: 40), "not supported"),
    ]

    @Test(arguments: hostile.indices)
    func hostileListsAreRefused(_ index: Int) {
        let (name, bytes, word) = Self.hostile[index]
        #expect(throws: SchemaError.self, "\(name)") { _ = try InputValue.propertyList(bytes, file: "hostile.plist") }
        do {
            _ = try SpriteKitAtlas.decode(bytes, file: "walk.atlasc/walk.plist")
            Issue.record("\(name): accepted")
        } catch {
            #expect(error.description.hasPrefix("walk.atlasc/walk.plist"), "\(name): \(error)")
            #expect(error.description.contains(word), "\(name): \(error)")
        }
    }

    /// Each kind of value reads as Foundation reads it from XML: `Bool`, `NSNumber`, `String`
    /// (ASCII and UTF-16), `Data`, `Date`, arrays, sets as arrays.
    @Test func eachKindReadsAsFromXML() throws {
        let list = Self.bplist([
            [0xD8, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16],
            [0x51, 0x61], [0x51, 0x62], [0x51, 0x63], [0x51, 0x64], [0x51, 0x65], [0x51, 0x66], [0x51, 0x67], [0x51, 0x68],
            [0x09], [0x13, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFE], [0x23, 0x3F, 0xF8, 0, 0, 0, 0, 0, 0],
            [0x62, 0x00, 0xE9, 0x00, 0x74], [0x42, 0x00, 0x01], [0x33, 0x41, 0xC1, 0x81, 0xC3, 0x40, 0, 0, 0],
            [0xA2, 0x02, 0x03], [0xC1, 0x04],
        ])
        let root = try InputValue.propertyList(list, file: "kinds.plist").object()
        #expect(try root.required("a").bool() == true)
        #expect(try root.required("b").integer() == -2)
        #expect(try root.required("c").number() == 1.5)
        #expect(try root.required("d").string() == "ét")
        #expect(root["e"]?.kind == .data && root["e"]?.value as? Data == Data([0, 1]))
        #expect(root["f"]?.value as? Date == Date(timeIntervalSinceReferenceDate: 587_433_600))
        #expect(try root.required("g").array().map { try $0.string() } == ["b", "c"])
        #expect(try root.required("h").array().map { try $0.string() } == ["d"])
    }
}
