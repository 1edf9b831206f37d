import Animated
import Basics
import Foundation
import Testing
import TestSupport

/// `Validator` checks files held in memory (an upload) as it checks them on disk, finds its
/// settings as `flipbook validate` does, and names a root that is no folder of frames.
@Suite("Validator: in memory, settings and roots")
struct ValidatorInMemoryTests {
    /// Every real sequence, with its manifest where it has one: the same findings, rule for rule
    /// and file for file, from bytes as from the folder (headers and deep).
    @Test(arguments: RealSequences.uikitFindings.keys.sorted(), [false, true])
    func inMemoryFindsWhatDiskFinds(sequence: String, deep: Bool) throws {
        let folder = Fixtures.path("sequences/\(sequence)")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
        let files = try names.filter { $0.hasSuffix(".png") || $0 == "sequence.json" }
            .map { InMemoryFile(name: $0, data: try Data(contentsOf: URL(fileURLWithPath: "\(folder)/\($0)"))) }
        var validator = Validator(deep: deep)
        validator.config.uikit = true
        let onDisk = try validator.validate([folder], cancellation: nil)
        let inMemory = try validator.validate(files: files, cancellation: nil)
        func key(_ finding: Finding) -> String {
            "\(finding.rule) \(finding.severity) \(finding.file.map { FileIO.lastComponent(of: $0) } ?? "-")"
        }
        #expect(inMemory.fileCount == onDisk.fileCount)
        #expect(inMemory.fileCount > 0)
        #expect(inMemory.findings.map(key).sorted() == onDisk.findings.map(key).sorted())
        #expect(inMemory.sequences.map(\.frameCount) == onDisk.sequences.map(\.frameCount))
    }

    @Test func theEightRealSequencesAreThere() {
        #expect(RealSequences.uikitFindings.count == 8)
    }

    /// A broken manifest in memory is reported as on disk.
    @Test func aBrokenManifestInMemoryIsAFinding() throws {
        let frame = try Fixtures.bytes("sequences/kenney-gold-coin/gold_1.png")
        let files = [InMemoryFile(name: "coin1.png", bytes: frame), InMemoryFile(name: "coin2.png", bytes: frame),
                     InMemoryFile(name: "sequence.json", bytes: Array(#"{"fsp": 12}"#.utf8))]
        let report = try Validator().validate(files: files, cancellation: nil)
        #expect(report.findings.contains { $0.rule == .manifestInvalid && $0.message.contains("did you mean \"fps\"") })
    }

    /// An upload with no PNG is refused as an empty folder is; PNGs without numbers, which an
    /// animation plays as listed, are decoded and checked too.
    @Test func uploadsWithoutFramesAndUnnumberedFrames() throws {
        #expect(throws: Validator.Error.source(.noFrames(source: "the files given"))) { _ = try Validator().validate(files: [], cancellation: nil) }
        let notes = InMemoryFile(name: "notes.txt", bytes: Array("hi".utf8))
        #expect(throws: Validator.Error.source(.noFrames(source: "the files given"))) { _ = try Validator().validate(files: [notes], cancellation: nil) }
        let frame = try Fixtures.bytes("sequences/kenney-gold-coin/gold_1.png")
        let files = [InMemoryFile(name: "a.png", bytes: frame), InMemoryFile(name: "b.png", bytes: Array(frame.prefix(60))), notes]
        let report = try Validator(deep: true).validate(files: files, cancellation: nil)
        #expect(report.fileCount == 2)
        #expect(report.findings.filter { $0.rule == .pngCorrupt }.map(\.file) == ["b.png"])
    }

    @Test func rootsThatAreNoFolderOfFramesAreNamed() throws {
        let coin = Fixtures.path("sequences/kenney-gold-coin")
        #expect(throws: Validator.Error.source(.notFound(source: coin + "-missing"))) { _ = try Validator().validate([coin + "-missing"], cancellation: nil) }
        #expect(throws: Validator.Error.source(.notAFolder(path: coin + "/gold_1.png"))) { _ = try Validator().validate([coin + "/gold_1.png"], cancellation: nil) }
        #expect(throws: Validator.Error.source(.noFrames(source: "(no folder given)"))) { _ = try Validator().validate([String](), cancellation: nil) }
        let empty = try Fixtures.temporaryFolder("validate-empty")
        #expect(throws: Validator.Error.nothingToCheck(folder: empty)) { _ = try Validator().validate([empty], cancellation: nil) }
    }

    @Test func settingsAreFoundAsTheCommandFindsThem() throws {
        let folder = try Fixtures.temporaryFolder("validate-config")
        #expect(try ValidationConfig.find(for: [folder]).uikit == false)
        try Data(#"{"uikit": true}"#.utf8).write(to: URL(fileURLWithPath: folder + "/.flipbook.json"))
        #expect(try ValidationConfig.find(for: [folder + "/"]).uikit == true)
        #expect(throws: ValidationConfig.Error.self) { _ = try ValidationConfig.find(for: [folder], file: folder + "/none.json") }
    }

    /// The async call gives the sync call's report; a cancelled task gives no report.
    @Test func asyncValidationAndCancellation() async throws {
        let folder = Fixtures.path("sequences")
        let validator = Validator(deep: true)
        let awaited = try await validator.validate([folder])
        let direct = try validator.validate([folder], cancellation: nil)   // the sync call, from async code
        #expect(awaited.findings.map(\.message) == direct.findings.map(\.message))
        #expect(awaited.fileCount == direct.fileCount)

        let gate = ProgressGate(at: 1)
        let task = Task { try await validator.validate([folder], progress: gate.jobProgress) }
        await gate.held()
        task.cancel()
        gate.release()
        let result = await task.result
        guard case .failure(let error) = result else { Issue.record("the validation finished"); return }
        #expect(error as? Validator.Error == .cancelled)
        let missing = await Task { try await validator.validate([folder + "/none"]) }.result
        guard case .failure(let sourceError) = missing else { Issue.record("a missing folder validated"); return }
        #expect(sourceError as? Validator.Error == .source(.notFound(source: folder + "/none")))
    }
}
