import Foundation
import Testing
import TestSupport

/// `flipbook preview` as typed: it writes the page and says what it holds; it refuses what it
/// cannot show with the contract's exit codes.
@Suite("flipbook preview")
struct PreviewCommandTests {
    static func run(_ arguments: [String], in folder: String) throws -> (status: Int32, stdout: String, stderr: String) {
        let process = Process()
        process.executableURL = PreviewServeTests.executable
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: folder)
        let out = NSTemporaryDirectory() + "flipbook-preview-cli-\(UUID().uuidString)"
        _ = FileManager.default.createFile(atPath: out + ".out", contents: nil)
        _ = FileManager.default.createFile(atPath: out + ".err", contents: nil)
        defer { try? FileManager.default.removeItem(atPath: out + ".out"); try? FileManager.default.removeItem(atPath: out + ".err") }
        process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: out + ".out"))
        process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: out + ".err"))
        try process.run()
        process.waitUntilExit()
        return (process.terminationStatus, try String(contentsOfFile: out + ".out", encoding: .utf8), try String(contentsOfFile: out + ".err", encoding: .utf8))
    }

    @Test func writesThePageBesideTheFrames() throws {
        let made = try PreviewFixture.make("cli")
        defer { try? FileManager.default.removeItem(atPath: made.folder) }
        let result = try Self.run(["preview", "--no-validate"], in: made.folder)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "wrote preview.html: 3 sequences, 1 animation, 1 sheet, 0 findings\n")
        #expect(FileManager.default.fileExists(atPath: made.folder + "/preview.html"))
        // Run again: the page replaces its own earlier page.
        #expect(try Self.run(["preview", "--no-validate"], in: made.folder).status == 0)
    }

    @Test(arguments: [(["preview", "gone"], Int32(2), "gone: no such folder or project file"),
                      (["preview", "coin/gold_1.png"], 2, "not a folder or a project file"),
                      (["preview", "-o", "coin/gold_1.png"], 2, "coin/gold_1.png"),
                      (["preview", "--serve", "-o", "x.html"], 2, "--serve writes no page")])
    func refusals(arguments: [String], status: Int32, message: String) throws {
        let made = try PreviewFixture.make("cli-refusals")
        defer { try? FileManager.default.removeItem(atPath: made.folder) }
        let before = try Data(contentsOf: URL(fileURLWithPath: made.folder + "/coin/gold_1.png"))
        let result = try Self.run(arguments, in: made.folder)
        #expect(result.status == status, "\(result.stderr)")
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: made.folder + "/coin/gold_1.png")) == before)
    }
}
