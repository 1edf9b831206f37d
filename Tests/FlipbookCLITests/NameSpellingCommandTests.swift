import Foundation
import Testing
import TestSupport

/// `assemble` and `sheet` of a folder holding `fiamm\u{E9}1.png` and
/// `fiamme\u{301}1.png` (one text in two Unicode normalisations: two files on Linux) exit 3 naming
/// both, instead of packing one and losing the other (`validate` reports it on the file); `Fire1.png` beside `fire1.png` is refused
/// by `assemble` and `sheet` and reported by `validate` as `name.case-clash`.
@Suite("flipbook: names that differ only in normalisation or case")
struct NameSpellingCommandTests {
    static func folder(_ names: [String]) throws -> String {
        let folder = try Fixtures.temporaryFolder("names-cli")
        try FileManager.default.createDirectory(atPath: folder + "/in", withIntermediateDirectories: true)
        for (index, name) in names.enumerated() {
            try Data(try Fixtures.bytes("sequences/kenney-gold-coin/gold_\(index % 4 + 1).png")).write(to: URL(fileURLWithPath: folder + "/in/" + name))
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder + "/in").count == names.count)
        return folder
    }

    /// `validate` reports the later name as `name.case-clash` on that file and checks the rest
    /// (it exited 3 with no report: fresh eyes 21).
    @Test func twoNormalisationsAreAFindingOfValidate() throws {
        let folder = try Self.folder(["fiamm\u{E9}1.png", "fiamme\u{301}1.png", "fiamm\u{E9}2.png"])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let result = try CLI.run(["validate", "in"], in: folder)
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stdout.contains("name.case-clash") && result.stdout.contains("fiamm\\u{E9}1.png")
                && result.stdout.contains("fiamme\\u{301}1.png"), "\(result.stdout)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["in"])
    }

    @Test(arguments: [["assemble", "in", "-o", "out.gif"], ["sheet", "in", "-o", "out/s.png"]])
    func twoNormalisationsAreRefused(arguments: [String]) throws {
        let folder = try Self.folder(["fiamm\u{E9}1.png", "fiamme\u{301}1.png", "fiamm\u{E9}2.png"])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let result = try CLI.run(arguments, in: folder)
        #expect(result.status == 3, "\(result.stderr)")
        #expect(result.stderr.contains("fiamm\\u{E9}1.png") && result.stderr.contains("fiamme\\u{301}1.png"), "\(result.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["in"])
    }

    @Test func aCaseClashIsRefusedOrReported() throws {
        let folder = try Self.folder(["Fire1.png", "Fire2.png", "fire1.png", "fire2.png"])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for arguments in [["assemble", "in", "-o", "out.gif"], ["sheet", "in", "-o", "out/s.png"]] {
            let result = try CLI.run(arguments, in: folder)
            #expect(result.status == 3, "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains("in/Fire1.png and in/fire1.png are two files whose names differ only in case"), "\(result.stderr)")
        }
        let validate = try CLI.run(["validate", "in"], in: folder)
        #expect(validate.status == 1)
        #expect(validate.stdout.contains("name.case-clash"), "\(validate.stdout)")
        #expect(validate.stdout.contains("fire1.png and Fire1.png differ only in case"), "\(validate.stdout)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["in"])
    }
}
