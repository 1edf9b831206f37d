import Basics
import GIF
import Foundation
import Testing
import TestSupport
@testable import Pipeline

/// The project file's strict schema: what a user mistypes is an error naming the key path and the
/// nearest known name; paths stay inside the project's folder; the targets form a graph.
@Suite("Project file")
struct ProjectFileTests {
    static func read(_ json: String) throws(ProjectError) -> Project {
        try Project(bytes: Array(json.utf8), file: "flipbook.json", folder: ".")
    }

    static func error(_ json: String) -> String {
        do {
            _ = try read(json)
            return "(read without an error)"
        } catch { return error.description }
    }

    @Test func readsEveryKindWithItsSettingsAndDefaults() throws {
        let project = try Self.read("""
            { "defaults": { "assemble": { "fps": 12, "colors": 128 } },
              "targets": {
                "coin": { "assemble": "Sequences/kenney-gold-coin", "output": "build/coin.gif", "colors": 64 },
                "coin-frames": { "frames": "build/coin.gif", "output": "build/coin-frames" },
                "sheet": { "sheet": ["build/coin-frames", "Sequences/explosion"], "output": "build/fx.png", "engine": "phaser3" },
                "flight": { "render": "Examples/seagull-flight.json", "output": "build/flight.gif", "fps": 10 },
                "check": { "validate": "Sequences", "output": "build/report.sarif" } } }
            """)
        #expect(project.targets.map(\.name) == ["check", "coin", "coin-frames", "flight", "sheet"])
        guard case .assemble(let job)? = project.target(named: "coin")?.job else { Issue.record("coin is no assemble target"); return }
        #expect(job.timing.fps == 12)                 // from the defaults
        #expect(job.encoder.colors == 64)             // the target's own over the defaults
        #expect(project.target(named: "coin")?.settings.contains("\"colors\":64") == true)
        guard case .validate(let work)? = project.target(named: "check")?.job else { Issue.record("check is no validate target"); return }
        #expect(work.format == .sarif)
        // The frames target reads the GIF the coin target writes; the sheet reads its frames.
        let order = try BuildGraph.order(project, selecting: ["sheet"]).map(\.name)
        #expect(order == ["coin", "coin-frames", "sheet"])
    }

    /// Round 72p: `defaults.assemble.colors` refused the project's APNG targets. A default of one
    /// format is for the targets of that format; the same key a target gives itself is still refused.
    @Test func aDefaultOfOneFormatIsLeftOutOfTheOthers() throws {
        let project = try Self.read("""
            { "defaults": { "assemble": { "colors": 64, "dither": "none", "effort": "max", "lossy": true, "quality": 70, "compatibility": "specification" } },
              "targets": {
                "gif": { "assemble": "S", "output": "o/a.gif" },
                "apng": { "assemble": "S", "output": "o/a.png" },
                "webp": { "assemble": "S", "output": "o/a.webp" } } }
            """)
        guard case .assemble(let gif)? = project.target(named: "gif")?.job, case .assemble(let apng)? = project.target(named: "apng")?.job,
              case .assemble(let webp)? = project.target(named: "webp")?.job else { Issue.record("not three assemble targets"); return }
        #expect(gif.encoder.colors == 64 && gif.encoder.dithering == GIF.Dithering.none)
        #expect(apng.apng.effort == .max && apng.apng.compatibility == .specification)
        #expect(webp.webp.effort == .max && webp.webp.lossless == false && webp.webp.quality == 70)
        // A default a target does not take is no setting of it: changing it builds nothing again.
        #expect(project.target(named: "apng")?.settings.contains("colors") == false)
        #expect(project.target(named: "gif")?.settings.contains("\"colors\":64") == true)
        #expect(Self.error(#"{"defaults": {"assemble": {"colors": 64}}, "targets": {"a": {"assemble": "S", "output": "o/a.png", "dither": "none"}}}"#)
            .contains(#"targets.a.dither: "dither" does not apply to APNG output (o/a.png)"#))
    }

    @Test(arguments: [
        (#"{"targets": {"a": {"assemble": "x", "outptu": "a.gif"}}}"#, #"unknown key "outptu" in targets.a; did you mean "output"?"#),
        (#"{"targets": {"a": {"asemble": "x", "output": "a.gif"}}}"#, #"did you mean "assemble"?"#),
        (#"{"targets": {"a": {"assemble": "x", "output": "a.gif", "colours": 8}}}"#, #"did you mean "colors"?"#),
        (#"{"target": {}}"#, #"did you mean "targets"?"#),
        (#"{"targets": {"a": {"output": "a.gif"}}}"#, "says what it makes with one of"),
        (#"{"targets": {"a": {"assemble": "x", "sheet": "y", "output": "a.gif"}}}"#, "a target makes one thing"),
        (#"{"targets": {"a": {"assemble": "../x", "output": "a.gif"}}}"#, "leaves the project's folder"),
        (#"{"targets": {"a": {"assemble": "x/../../y", "output": "a.gif"}}}"#, "leaves the project's folder"),
        (#"{"targets": {"a": {"assemble": "/etc", "output": "a.gif"}}}"#, "relative to its folder"),
        (#"{"targets": {"a": {"assemble": "x", "output": "."}}}"#, "names the project's folder itself"),
        (#"{"targets": {"a": {"assemble": "x", "output": "a.gif", "after": ["b"]}}}"#, "targets.a.after[0]"),
        (#"{"targets": {"a": {"assemble": "x", "output": "a.gif", "fps": "12"}}}"#, "targets.a.fps: expected a number"),
        // Out-of-range timing is refused when the file is read, with its key path, not at build time.
        (#"{"targets": {"a": {"assemble": "x", "output": "a.gif", "fps": 0}}}"#, "targets.a.fps: must be between 1/86400 and 1000 frames a second (found 0)"),
        (#"{"targets": {"a": {"sheet": "x", "output": "s.png", "fps": 5000}}}"#, "targets.a.fps: must be between"),
        (#"{"targets": {"a": {"render": "x.json", "output": "r.gif", "fps": -1}}}"#, "targets.a.fps: must be between"),
        (#"{"targets": {"a": {"assemble": "x", "output": "a.gif", "duration": 0}}}"#, "targets.a.duration: a play's duration is positive"),
        (#"{"targets": {"a": {"assemble": "x", "output": "a.gif", "delays": [100, 0]}}}"#, "targets.a.delays[1]: a delay is positive"),
        (#"{"targets": {"a": {"assemble": "x", "output": "a.gif", "quality": 80}}}"#, "add \"lossy\": true"),
        (#"{"targets": {"a b": {"assemble": "x", "output": "a.gif"}}}"#, "a target's name is letters"),
        (#"{"targets": {}}"#, "at least one target"),
        (#"{"targets": {"a": {"assemble": "x", "output": "o.gif"}, "b": {"assemble": "y", "output": "o.gif"}}}"#, #"the targets "a" and "b" both write o.gif"#),
        (#"{"targets": {"a": {"frames": "x.gif", "output": "out"}, "b": {"assemble": "y", "output": "out/b.gif"}}}"#, #"the target "b" writes out/b.gif, inside out, the output folder of the target "a""#),
        (#"{"targets": {"a": {"assemble": "x", "output": "a.gif", "after": ["a"]}}}"#, "a target never waits for itself"),
        (#"{"targets": {"a": {"assemble": "b.gif", "output": "a.gif"}, "b": {"assemble": "a.gif", "output": "b.gif"}}}"#, #""a" → "b" → "a""#),
        (#"{"targets": {"a": {"assemble": "x", "output": "a.gif"}, "a": {"assemble": "x", "output": "b.gif"}}}"#, #"the key "a" appears twice"#),
    ])
    func refusesWithTheKeyPathAndTheFix(json: String, expected: String) {
        let message = Self.error(json)
        #expect(message.contains(expected), "\(message)")
        #expect(message.hasPrefix("flipbook.json"), "\(message)")
    }

    @Test func readsFromDiskRelativeToItsFolder() throws {
        let folder = try Fixtures.temporaryFolder("project-read")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Data(#"{"targets": {"coin": {"assemble": "frames/coin", "output": "build/coin.gif"}}}"#.utf8)
            .write(to: URL(fileURLWithPath: folder + "/flipbook.json"))
        let project = try Project.read(file: folder + "/flipbook.json")
        guard case .assemble(let job)? = project.targets.first?.job, case .paths(let sources) = job.source else {
            Issue.record("not an assemble target"); return
        }
        #expect(sources == [folder + "/frames/coin"])
        #expect(job.output == folder + "/build/coin.gif")
        #expect(throws: ProjectError.self) { try Project.read(file: folder + "/missing.json") }
    }
}
