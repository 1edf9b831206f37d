import Animated
import Basics
import Foundation
import Testing
import TestSupport
@testable import Pipeline

/// What a new user found wrong with the first `flipbook build` (each failed before its fix): files
/// that were not the build's replaced, two targets writing one file unseen, targets that read
/// another's files without waiting for it, an output left stale by a file saved during its build.
@Suite("Builds: fresh eyes")
struct BuildFreshEyesTests {
    static func project(_ label: String, _ targets: String) throws -> (folder: String, file: String) {
        let folder = try Fixtures.temporaryFolder(label)
        try FileManager.default.createDirectory(atPath: folder + "/S", withIntermediateDirectories: true)
        for name in Fixtures.pngNames(in: "sequences/kenney-gold-coin") {
            try FileManager.default.copyItem(atPath: Fixtures.path("sequences/kenney-gold-coin/\(name)"), toPath: "\(folder)/S/\(name)")
        }
        try Data(#"{"targets": {\#(targets)}}"#.utf8).write(to: URL(fileURLWithPath: folder + "/flipbook.json"))
        return (folder, folder + "/flipbook.json")
    }

    static func build(_ file: String) throws -> BuildReport {
        var job = BuildJob(project: try Project.read(file: file))
        job.tool = "test"
        return try job.run(cancellation: nil)
    }

    static func readError(_ file: String) -> String {
        do { _ = try Project.read(file: file); return "(read)" } catch { return error.description }
    }

    @Test func aTargetMovedOntoAUsersFileDoesNotReplaceIt() throws {
        let (folder, file) = try Self.project("fe-moved", #""x": {"assemble": "S", "output": "o/x.gif"}"#)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(try Self.build(file).built == ["x"])
        try Data("USER".utf8).write(to: URL(fileURLWithPath: folder + "/o/y.gif"))
        try Data(#"{"targets": {"x": {"assemble": "S", "output": "o/y.gif"}}}"#.utf8).write(to: URL(fileURLWithPath: file))
        let report = try Self.build(file)
        #expect(report.failures.map(\.target) == ["x"])
        #expect(try String(contentsOfFile: folder + "/o/y.gif", encoding: .utf8) == "USER")
    }

    @Test(arguments: [
        (#""v": {"validate": "S", "output": "flipbook.json"}"#, "would replace the project file itself"),
        (#""v": {"validate": "S", "output": ".flipbook-build/state.json"}"#, "holds the build's own state"),
        (#""s": {"sheet": "S", "output": "o/t.json"}, "a": {"assemble": "S", "output": "o/t.png"}"#, "both write o/t.png"),
        (#""s": {"sheet": "S", "output": "o/s.png"}, "r": {"render": "scene.json", "output": "o/s.json"}"#, "both write o/s.json"),
        (#""a": {"assemble": "S", "output": "o/a.gif"}, "b": {"assemble": "S", "output": "o/A.gif"}"#, "both write"),
        (#""a": {"frames": "o/a", "output": "o/a"}"#, "in a circle"),
        (#""check": {"validate": "S", "output": "o/v.json"}, "gif": {"assemble": "S", "output": "o/g.gif"}, "fr": {"frames": "o/g.gif", "output": "S/unpacked"}"#, "in a circle"),
        (#""a": {"assemble": "S", "output": "o/a.png", "colors": 16}"#, #""colors" does not apply to APNG output"#),
        (#""a": {"assemble": "S", "output": "o/a.gif", "effort": "max"}"#, #""effort" does not apply to GIF output"#),
        (#""a": {"assemble": "S", "output": "o/a.gif", "lossy": true}"#, #""lossy" does not apply to GIF output"#),
    ])
    func refusesWhatWouldOverwriteOrRace(targets: String, expected: String) throws {
        let (folder, file) = try Self.project("fe-refuse", targets)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let message = Self.readError(file)
        #expect(message.contains(expected), "\(message)")
    }

    @Test func linksOutOfTheProjectAreRefused() throws {
        let (folder, file) = try Self.project("fe-link", #""a": {"assemble": "S", "output": "out/a.gif"}"#)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let outside = try Fixtures.temporaryFolder("fe-link-outside")
        defer { try? FileManager.default.removeItem(atPath: outside) }
        try FileManager.default.createSymbolicLink(atPath: folder + "/out", withDestinationPath: outside)
        #expect(Self.readError(file).contains("is a link that leads out of the project's folder"))
        // Two spellings of one folder inside the project: one file.
        try FileManager.default.removeItem(atPath: folder + "/out")
        try FileManager.default.createDirectory(atPath: folder + "/o", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: folder + "/o2", withDestinationPath: folder + "/o")
        try Data(#"{"targets": {"a": {"assemble": "S", "output": "o/a.gif"}, "b": {"assemble": "S", "output": "o2/a.gif"}}}"#.utf8)
            .write(to: URL(fileURLWithPath: file))
        #expect(Self.readError(file).contains("both write"))
    }

    @Test func aFramesTargetOnSheetDataWaitsForTheSheet() throws {
        let (folder, file) = try Self.project("fe-sheet-data", #""unpack": {"frames": "o/s.json", "output": "o/un"}, "sheet": {"sheet": "S", "output": "o/s.png"}"#)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let report = try Self.build(file)
        #expect(report.entries.map(\.target) == ["sheet", "unpack"])
        #expect(report.failures.isEmpty)
        try FileManager.default.copyItem(atPath: folder + "/S/gold_4.png", toPath: folder + "/S/gold_5.png")
        #expect(try Self.build(file).built == ["sheet", "unpack"])
    }

    @Test func aRenderTargetWaitsForTheSequenceItsSceneNames() throws {
        let (folder, file) = try Self.project("fe-render", #""flight": {"render": "scene/flight.json", "output": "o/flight.gif"}, "gull": {"frames": "o/gull.gif", "output": "scene/gull"}, "gif": {"assemble": "S", "output": "o/gull.gif"}"#)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder + "/scene", withIntermediateDirectories: true)
        let scene = #"{"size": [64, 64], "duration": 0.5, "fps": 4, "layers": [{"sequence": {"source": "gull", "duration": 0.5}, "bounds": [64, 64], "position": [32, 32]}]}"#
        try Data(scene.utf8).write(to: URL(fileURLWithPath: folder + "/scene/flight.json"))
        let report = try Self.build(file)
        #expect(report.entries.map(\.target) == ["gif", "gull", "flight"])
        #expect(report.failures.isEmpty, "\(report.failures.map { "\($0.failure)" })")
    }

    @Test func aSourceChangedWhileTheTargetBuiltIsBuiltAgain() throws {
        let (folder, file) = try Self.project("fe-during", #""x": {"assemble": "S", "output": "o/x.gif"}"#)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // The change lands between the inputs' digests and the job's end: the progress report of
        // the building stage comes in between.
        let frame = folder + "/S/gold_2.png"
        var job = BuildJob(project: try Project.read(file: file))
        job.tool = "test"
        let report = try job.run(progress: { event in
            guard event.event == .building else { return }
            try? FileManager.default.removeItem(atPath: frame)
            try? FileManager.default.copyItem(atPath: folder + "/S/gold_3.png", toPath: frame)
        }, cancellation: nil)
        #expect(report.built == ["x"])
        #expect(report.entries.first?.warnings.contains { $0.contains("S/gold_2.png changed while the target was built") } == true)
        // Put back as it was: the output was made from the changed frame, so it is built again.
        try FileManager.default.removeItem(atPath: frame)
        try FileManager.default.copyItem(atPath: Fixtures.path("sequences/kenney-gold-coin/gold_2.png"), toPath: frame)
        #expect(try Self.build(file).built == ["x"])
        #expect(try Self.build(file).built.isEmpty)
    }

    @Test func aRefusedReportIsAnOutputRefusalNotADiskError() throws {
        let (folder, file) = try Self.project("fe-report", #""v": {"validate": "S", "output": "notes.txt"}"#)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Data("mine".utf8).write(to: URL(fileURLWithPath: folder + "/notes.txt"))
        let report = try Self.build(file)
        if case .reportRefused? = report.failures.first?.failure {} else { Issue.record("\(String(describing: report.failures.first?.failure))") }
        #expect(try String(contentsOfFile: folder + "/notes.txt", encoding: .utf8) == "mine")
    }
}
