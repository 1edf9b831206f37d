import Animated
import Basics
import Foundation
import Testing
import TestSupport

/// Two files whose names are one text in two Unicode normalisations (`fiamm\u{E9}1.png`,
/// `fiamme\u{301}1.png`) are equal as Swift Strings: every String-keyed set merged them, and one
/// frame disappeared without a word. Two names that differ only in case (`Fire1.png`,
/// `fire1.png`) are two files on Linux and one on macOS and Windows. Both are refused naming the
/// two files, on disk and in memory; `validate` reports a case clash as `name.case-clash`.
@Suite("Names that differ only in Unicode normalisation or in case")
struct NameSpellingTests {
    static let nfc = "fiamm\u{E9}"      // é as one scalar
    static let nfd = "fiamme\u{301}"    // e and a combining accent

    /// Gold coin frames 1–3 under `names`, in a new temporary folder (returned).
    static func folder(_ names: [String]) throws -> String {
        let folder = try Fixtures.temporaryFolder("names")
        for (index, name) in names.enumerated() {
            try Data(try Fixtures.bytes("sequences/kenney-gold-coin/gold_\(index % 4 + 1).png")).write(to: URL(fileURLWithPath: folder + "/" + name))
        }
        // Linux keeps every name as a file of its own.
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).count == names.count)
        return folder
    }

    static func files(_ names: [String]) throws -> [InMemoryFile] {
        try names.enumerated().map { index, name in
            InMemoryFile(name: name, bytes: try Fixtures.bytes("sequences/kenney-gold-coin/gold_\(index % 4 + 1).png"))
        }
    }

    /// The same bytes under both spellings too: an upload that repeated a part was taken as one file.
    static let normalisationSets = [
        ["\(nfc)1.png", "\(nfd)1.png", "\(nfc)2.png"],
        ["fx/\(nfc)1.png", "fx/\(nfd)1.png"],
    ]

    func isNormalisationClash(_ error: Discovery.Error) -> Bool {
        if case .namesDifferInNormalization(let first, let second) = error {
            return first == second && !first.utf8.elementsEqual(second.utf8)
        }
        return false
    }

    @Test(arguments: [["\(nfc)1.png", "\(nfd)1.png", "\(nfc)2.png"], ["\(nfd)1.png", "\(nfc)2.png", "\(nfc)1.png"]])
    func aFolderOfBothSpellingsIsRefused(names: [String]) throws {
        let folder = try Self.folder(names)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect { try Discovery.sequences(from: [folder]) } throws: { isNormalisationClash($0 as! Discovery.Error) }
        #expect { try Discovery.images(from: [folder]) } throws: { isNormalisationClash($0 as! Discovery.Error) }
        // Listed one by one, as a shell glob gives them.
        #expect { try Discovery.sequences(from: names.map { folder + "/" + $0 }) } throws: { isNormalisationClash($0 as! Discovery.Error) }
        #expect { try Animation.load([folder]) } throws: { error in
            guard case .discovery(let error) = error as? Animation.LoadError else { return false }
            return isNormalisationClash(error)
        }
        // Validation reports the later spelling on its file (`name.case-clash`) and checks the rest.
        let report = try Validator().validate([folder], cancellation: nil)
        let clashes = report.findings.filter { $0.rule == .nameCaseClash }
        #expect(clashes.count == 1 && clashes[0].message.contains("Unicode normalisation"), "\(report.findings)")
        #expect(report.sequences.map(\.frameCount) == [2], "the other two files are checked: \(report.sequences)")
        #expect { try AssembleJob(sources: [folder], output: folder + "/out.gif").plan(cancellation: nil) } throws: { error in
            guard case .source(.discovery(let error)) = error as? AssembleError else { return false }
            return isNormalisationClash(error)
        }
        let message = Discovery.Error.namesDifferInNormalization(first: "\(Self.nfc)1.png", second: "\(Self.nfd)1.png").description
        #expect(message.contains("fiamm\\u{E9}1.png") && message.contains("fiamme\\u{301}1.png"), "\(message)")
    }

    @Test(arguments: normalisationSets)
    func anUploadOfBothSpellingsIsRefused(names: [String]) throws {
        let files = try Self.files(names)
        #expect(files.count == names.count)
        #expect { try Upload(files) } throws: { isNormalisationClash($0 as! Discovery.Error) }
        // The same bytes under both names were one file to the validator: refused as well.
        let sameBytes = files.map { InMemoryFile(name: $0.name, bytes: files[0].bytes) }
        #expect { try Validator().validate(files: sameBytes, cancellation: nil) } throws: { error in
            guard case .source(let error) = error as? Validator.Error else { return false }
            return isNormalisationClash(error)
        }
        #expect { try Validator().validate(files: files, cancellation: nil) } throws: { error in
            guard case .source(let error) = error as? Validator.Error else { return false }
            return isNormalisationClash(error)
        }
        #expect { try Animation.load(files: sameBytes) } throws: { error in
            guard case .discovery(let error) = error as? Animation.LoadError else { return false }
            return isNormalisationClash(error)
        }
        #expect { try AssembleJob(source: .files(files), output: nil).plan(cancellation: nil) } throws: { error in
            guard case .source(.discovery(let error)) = error as? AssembleError else { return false }
            return isNormalisationClash(error)
        }
        #expect { try Discovery.checkNamesAreDistinct(names) } throws: { isNormalisationClash($0 as! Discovery.Error) }
    }

    /// `Fire1.png` and `fire1.png`: refused by the readers that make one output of them, reported
    /// by `validate` (which names both), on disk and in memory.
    @Test func namesThatDifferOnlyInCase() throws {
        let names = ["Fire1.png", "Fire2.png", "fire1.png", "fire2.png"]
        let folder = try Self.folder(names)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let expected = Discovery.Error.namesDifferInCase(first: folder + "/Fire1.png", second: folder + "/fire1.png")
        #expect(throws: expected) { try Discovery.sequences(from: [folder]) }
        #expect(throws: expected) { try Discovery.images(from: [folder]) }
        #expect(throws: AssembleError.source(.discovery(expected))) { try AssembleJob(sources: [folder], output: folder + "/out.gif").plan(cancellation: nil) }
        let report = try Validator().validate([folder], cancellation: nil)
        let clashes = report.findings.filter { $0.rule == .nameCaseClash }
        #expect(clashes.count == 2, "\(report.findings)")
        #expect(clashes.first?.severity == .error)
        #expect(clashes.first?.message == "fire1.png and Fire1.png differ only in case: one file on macOS and Windows", "\(clashes)")
        #expect(clashes.first?.file == folder + "/fire1.png")

        let files = try Self.files(names)
        #expect(throws: Animation.LoadError.discovery(.namesDifferInCase(first: "Fire1.png", second: "fire1.png"))) {
            try Animation.load(files: files)
        }
        let uploaded = try Validator().validate(files: files, cancellation: nil)
        #expect(uploaded.findings.filter { $0.rule == .nameCaseClash }.map(\.file) == ["fire1.png", "fire2.png"])
        // A case clash is off where `.flipbook.json` turns it off.
        let off = try ValidationConfig.decode(Array(#"{"severities": {"name.case-clash": "off"}}"#.utf8), file: ".flipbook.json")
        #expect(try Validator(config: off).validate(files: files, cancellation: nil).findings.allSatisfy { $0.rule != .nameCaseClash })
    }

    /// The same file given twice, byte for byte, is one file (no clash), and two files with
    /// distinct names stay two, whatever their normalisations (`fiamm\u{E9}1.png`,
    /// `fiamme\u{301}2.png`: frames 1 and 2 of one sequence).
    @Test func aRepeatIsNoClash() throws {
        let names = ["\(Self.nfc)1.png", "\(Self.nfd)2.png"]
        let folder = try Self.folder(names)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let sequences = try Discovery.sequences(from: [folder, folder + "/" + names[0]])
        #expect(sequences.count == 1 && sequences.flatMap(\.files).count == 2)
        let files = try Self.files(names)
        #expect(try Upload(files + [files[0]]).content == .images(names.compactMap { FrameFile(path: $0) }))
    }

    /// Frames spelling their prefix two ways (`fiammé1` composed, `fiammé2` decomposed) are
    /// different names, one sequence to `String ==`: read as one (as macOS reads them), but a
    /// sheet kept each spelling and a byte-comparing engine missed a frame, without a word (fresh
    /// eyes 47 #9). `validate` reports `name.mixed-normalization` on a frame of the other spelling;
    /// `Animation.load` and `SheetJob` warn. One spelling throughout says nothing.
    @Test func aPrefixInTwoNormalisationsIsSaid() throws {
        let folder = try Self.folder(["\(Self.nfc)1.png", "\(Self.nfd)2.png", "\(Self.nfc)3.png"])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let report = try Validator().validate([folder], cancellation: nil)
        let mixed = report.findings.filter { $0.rule == .nameMixedNormalization }
        #expect(mixed.count == 1 && mixed.first?.severity == .warning && mixed.first?.file == folder + "/\(Self.nfd)2.png", "\(report.findings)")
        #expect(mixed.first?.message.contains("fiamm\\u{E9}1.png".replacingOccurrences(of: "fiamm\\u{E9}", with: Self.nfc) + " (composed: fiamm\\u{E9}) and 1 more") == true,
                "\(mixed)")
        #expect(mixed.first?.message.contains("(decomposed: fiamme\\u{301})") == true, "\(mixed)")
        let animation = try Animation.load([folder])
        #expect(animation.frames.count == 3)
        #expect(animation.warnings.contains { $0.hasSuffix("(name.mixed-normalization)") }, "\(animation.warnings)")

        let plain = try Self.folder(["\(Self.nfd)1.png", "\(Self.nfd)2.png"])
        defer { try? FileManager.default.removeItem(atPath: plain) }
        #expect(try Validator().validate([plain], cancellation: nil).findings.isEmpty)
        #expect(try Animation.load([plain]).warnings.isEmpty)
    }

    /// Fresh eyes 56 #1: frames of two folders `café/` composed and decomposed (two folders on
    /// Linux) were grouped as one sequence, the folder's name taken as text. Two sequences now,
    /// in one order whatever order the files come in.
    @Test(arguments: [false, true])
    func framesOfTwoFolderSpellingsAreTwoSequences(reversed: Bool) throws {
        let paths = ["\(Self.nfc)/f1.png", "\(Self.nfc)/f2.png", "\(Self.nfd)/f1.png"]
        let files = (reversed ? paths.reversed() : paths).compactMap { FrameFile(path: $0) }
        try #require(files.count == 3)
        let sequences = FrameSequence.group(files)
        // In byte order: `e` and U+0301 before U+00E9.
        #expect(sequences.map(\.frames.count) == [1, 2], "\(sequences.map(\.name))")
        #expect(sequences.map { Array($0.directory.utf8) } == [Array(Self.nfd.utf8), Array(Self.nfc.utf8)])
    }

    /// Fresh eyes 57 #2: of two sibling folders `café/` in both spellings, `validate` read one (the
    /// later's files were left out as clashes): a truncated frame in the other was never checked,
    /// and with `name.case-clash` lowered to a warning the run passed. Both are read and reported
    /// now, each finding under its own folder's sequence.
    @Test func twoFoldersOfOneNameInTwoSpellingsAreBothChecked() throws {
        let root = try Fixtures.temporaryFolder("names")
        defer { try? FileManager.default.removeItem(atPath: root) }
        for spelling in [Self.nfc, Self.nfd] {
            try FileManager.default.createDirectory(atPath: "\(root)/\(spelling)", withIntermediateDirectories: true)
            for number in 1...3 {
                var bytes = try Fixtures.bytes("sequences/kenney-gold-coin/gold_\(number).png")
                // Not `spelling == Self.nfc`: Swift's `==` takes the two spellings for one.
                if spelling.utf8.elementsEqual(Self.nfc.utf8) && number == 2 { bytes.removeLast(20) }
                try Data(bytes).write(to: URL(fileURLWithPath: "\(root)/\(spelling)/gold_\(number).png"))
            }
        }
        let report = try Validator().validate([root], cancellation: nil)
        #expect(report.sequences.count == 2 && report.fileCount == 6, "\(report.sequences.map(\.name))")
        let corrupt = report.findings.filter { $0.rule == .pngCorrupt }
        #expect(corrupt.map { $0.file.map { Array($0.utf8) } } == [Array("\(root)/\(Self.nfc)/gold_2.png".utf8)], "\(corrupt)")
        #expect(report.findings.contains { $0.rule == .nameCaseClash })
        let text = ReportFormat.text.render(report, base: root)
        #expect(text.components(separatedBy: "png.corrupt").count == 2, "one png.corrupt line, under its folder:\n\(text)")
    }
}
