import Foundation
import Testing
import TestSupport

/// `flipbook build` as a user runs it: a project beside real frames, run twice, with typos, a
/// missing source and a validation that finds errors; each with the contract's exit code.
@Suite("build command")
struct BuildCommandTests {
    /// A project folder with the gold coin (4 real frames) and the dino jump (3 frames of another size).
    static func project(_ json: String) throws -> String {
        let folder = try Fixtures.temporaryFolder("cli-build")
        let manager = FileManager.default
        for (name, source) in [("coin", "sequences/kenney-gold-coin"), ("dino", "sequences/gameart2d-dino-jump")] {
            try manager.createDirectory(atPath: "\(folder)/\(name)", withIntermediateDirectories: true)
            let names = Fixtures.pngNames(in: source)
            #expect(names.count == (name == "coin" ? 4 : 3))
            for file in names { try manager.copyItem(atPath: Fixtures.path("\(source)/\(file)"), toPath: "\(folder)/\(name)/\(file)") }
        }
        try Data(json.utf8).write(to: URL(fileURLWithPath: folder + "/flipbook.json"))
        return folder
    }

    static let json = #"""
        { "targets": {
            "coin": { "assemble": "coin", "output": "build/coin.gif", "fps": 8 },
            "coin-frames": { "frames": "build/coin.gif", "output": "build/coin" },
            "sheet": { "sheet": ["build/coin", "dino"], "output": "build/sheet.png", "engine": "phaser3" } } }
        """#

    @Test func buildsOnceThenSaysUpToDate() throws {
        let folder = try Self.project(Self.json)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let first = try CLI.run(["build"], in: folder)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout.contains("coin: built (never built): build/coin.gif"))
        #expect(first.stdout.contains("coin-frames: built (never built): 5 files in build/coin"))
        #expect(first.stdout.hasSuffix("3 built, 0 up to date\n"))
        // The same bytes as the command.
        let command = try CLI.run(["assemble", "coin", "-o", "by-command.gif", "--fps", "8"], in: folder)
        #expect(command.status == 0)
        #expect(try Data(contentsOf: URL(fileURLWithPath: folder + "/build/coin.gif")) == Data(contentsOf: URL(fileURLWithPath: folder + "/by-command.gif")))
        let second = try CLI.run(["build", "--json"], in: folder)
        #expect(second.status == 0)
        let summary = try JSONSerialization.jsonObject(with: Data(second.stdout.utf8)) as? [String: Any]
        #expect(summary?["upToDate"] as? Int == 3)
        #expect(summary?["built"] as? Int == 0)
    }

    @Test(arguments: [
        (#"{"targets": {"coin": {"assemble": "coin", "outptu": "c.gif"}}}"#, [String](), Int32(2), #"did you mean "output"?"#),
        (#"{"targets": {"coin": {"assemble": "coin", "output": "c.gif"}}}"#, ["cion"], Int32(2), #"did you mean "coin"?"#),
        (#"{"targets": {"coin": {"assemble": "../coin", "output": "c.gif"}}}"#, [], Int32(2), "leaves the project's folder"),
        (#"{"targets": {"a": {"assemble": "b", "output": "a.gif"}, "b": {"frames": "a.gif", "output": "b"}}}"#, [], Int32(2), "in a circle"),
        (#"{"targets": {"coin": {"assemble": "missing", "output": "c.gif"}}}"#, [], Int32(3), "coin: failed: "),
        (#"{"targets": {"coin": {"assemble": "coin", "output": "coin/gold_1.png"}}}"#, [], Int32(2), "coin: failed: "),
        (#"{"targets": {"check": {"validate": ["coin"], "output": "r.json"}, "coin": {"assemble": "coin", "output": "c.gif"}}}"#, [], Int32(0), "2 built"),
    ])
    func exitsAsTheContractSays(json: String, targets: [String], status: Int32, message: String) throws {
        let folder = try Self.project(json)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let result = try CLI.run(["build"] + targets, in: folder)
        #expect(result.status == status, "\(result.stdout)\(result.stderr)")
        #expect((result.stdout + result.stderr).contains(message), "\(result.stdout)\(result.stderr)")
    }

    @Test func aValidationWithErrorsIsExitOneAndTheOthersStillBuild() throws {
        let folder = try Self.project(#"{"targets": {"check": {"validate": ["dino"], "output": "r.sarif"}, "coin": {"assemble": "coin", "output": "c.gif"}}}"#)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // The dino's frames are numbered 1, 6 and 11: validate reports the gap as an error.
        let result = try CLI.run(["build"], in: folder)
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stderr.contains("check: failed: 1 sequence, 3 files: 1 error"), "\(result.stderr)")
        #expect(FileManager.default.fileExists(atPath: folder + "/r.sarif"))
        #expect(result.stdout.contains("1 built, 0 up to date, 1 failed"))
    }
}
