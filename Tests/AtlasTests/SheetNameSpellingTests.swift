import Animated
import Atlas
import Basics
import Foundation
import Raster
import Testing
import TestSupport

/// `sheet` of files whose names are one text in two Unicode normalisations, or differ only in
/// case, is refused naming both files, on disk and in memory (one of the two was packed and the
/// other lost without a word); `SheetBuilder` refuses two such sprite names.
@Suite("SheetJob: names that differ only in normalisation or case")
struct SheetNameSpellingTests {
    static let nfc = "fiamm\u{E9}1.png", nfd = "fiamme\u{301}1.png"

    static func bytes(_ number: Int) throws -> [UInt8] { try Fixtures.bytes("sequences/kenney-gold-coin/gold_\(number).png") }

    @Test(arguments: [[nfc, nfd], ["Fire1.png", "fire1.png"]])
    func aFolderIsRefused(names: [String]) throws {
        let folder = try Fixtures.temporaryFolder("sheet-spelling")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder + "/in", withIntermediateDirectories: true)
        for (index, name) in names.enumerated() { try Data(try Self.bytes(index + 1)).write(to: URL(fileURLWithPath: folder + "/in/" + name)) }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder + "/in").count == 2)
        let paths = names.map { folder + "/in/" + $0 }
        let expected: Discovery.Error = names[0] == Self.nfc ? .namesDifferInNormalization(first: paths[0], second: paths[1])
            : .namesDifferInCase(first: paths[0], second: paths[1])
        #expect(throws: SheetJobError.source(expected)) { try SheetJob(sources: [folder + "/in"], output: folder + "/out/s.png").run(cancellation: nil) }
        #expect(!FileManager.default.fileExists(atPath: folder + "/out"))
    }

    @Test(arguments: [[nfc, nfd], ["Fire1.png", "fire1.png"]])
    func anUploadIsRefused(names: [String]) throws {
        let files = try names.enumerated().map { InMemoryFile(name: $1, bytes: try Self.bytes($0 + 1)) }
        #expect(files.count == 2)
        let expected: Discovery.Error = names[0] == Self.nfc ? .namesDifferInNormalization(first: names[0], second: names[1])
            : .namesDifferInCase(first: names[0], second: names[1])
        #expect(throws: SheetJobError.source(expected)) { try SheetJob(files: files, output: "s.png").plan(cancellation: nil) }
    }

    @Test func theBuilderRefusesTwoSpellingsOfOneName() throws {
        let bitmap = Bitmap(clearWidth: 2, height: 2)
        let inputs = ["fiamm\u{E9}", "fiamme\u{301}"].map { SheetBuilder.Input(name: $0, bitmap: bitmap) }
        #expect(inputs[0].name == inputs[1].name)   // equal as Strings: why it matters
        #expect(throws: SheetBuilder.Error.namesDifferInNormalization(first: "fiamm\u{E9}", second: "fiamme\u{301}")) {
            try SheetBuilder().build(inputs)
        }
    }

    /// Sprites of two folders whose names differ only in case are two sprites, with a warning.
    @Test func spritesThatDifferOnlyInCaseAreWarnedAbout() throws {
        let files = [InMemoryFile(name: "a/Coin.png", bytes: try Self.bytes(1)), InMemoryFile(name: "b/coin.png", bytes: try Self.bytes(2))]
        let plan = try SheetJob(files: files, output: "s.png").plan(cancellation: nil)
        #expect(plan.sheets.first?.sprites.map(\.name).sorted() == ["Coin", "coin"])
        #expect(plan.warnings.contains { $0.contains("Coin and coin differ only in case") }, "\(plan.warnings)")
    }
}
