import Basics
import Foundation
import Testing
import TestSupport
@testable import Pipeline

/// `BuildJob.shard`: N parts build every target exactly once, a target always in the part of what
/// it depends on and of what depends on it.
@Suite("Builds in shards")
struct BuildShardTests {
    /// Three sequences and seven targets: `boom` → `boom-frames` → `boom-sheet` read each other's
    /// outputs (one group), `coin-gif` and `coin-check` read the same folder but wait for no one.
    static func project() throws -> (folder: String, file: String) {
        let folder = try Fixtures.temporaryFolder("build-shards")
        for (name, fixture) in [("coin", "kenney-gold-coin"), ("fire", "ansimuz-fire-bomb-pixel"), ("bbb", "bbb-opening-fadein-720p")] {
            try FileManager.default.createDirectory(atPath: "\(folder)/\(name)", withIntermediateDirectories: true)
            let names = Fixtures.pngNames(in: "sequences/\(fixture)")
            for png in names.prefix(4) {
                try FileManager.default.copyItem(atPath: Fixtures.path("sequences/\(fixture)/\(png)"), toPath: "\(folder)/\(name)/\(png)")
            }
        }
        let targets = #"""
            {"targets": {
              "boom": {"assemble": "fire", "output": "out/boom.gif"},
              "boom-frames": {"frames": "out/boom.gif", "output": "out/boom"},
              "boom-sheet": {"sheet": "out/boom", "output": "out/boom-sheet.png"},
              "coin-gif": {"assemble": "coin", "output": "out/coin.gif"},
              "coin-check": {"validate": "coin", "output": "out/coin.json"},
              "bbb-check": {"validate": "bbb", "output": "out/bbb.json", "failOnErrors": false},
              "fire-check": {"validate": "fire", "output": "out/fire.json"}
            }}
            """#
        try Data(targets.utf8).write(to: URL(fileURLWithPath: folder + "/flipbook.json"))
        return (folder, folder + "/flipbook.json")
    }

    @Test(arguments: [1, 3, 7])
    func everyTargetIsBuiltByExactlyOnePart(count: Int) throws {
        let (folder, file) = try Self.project()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let project = try Project.read(file: file)
        #expect(project.targets.count == 7)
        var builtBy: [String: Int] = [:]
        for index in 1...count {
            var job = BuildJob(project: project)
            job.tool = "test"
            job.shard = try Shard(index, of: count)
            let report = try job.run(cancellation: nil)
            #expect(report.failures.isEmpty, "\(report.failures.map { "\($0.target): \($0.failure)" })")
            for name in report.built { builtBy[name] = index }
            #expect(Set(report.built).union(report.otherShards) == Set(project.targets.map(\.name)))
            #expect(Set(report.built).isDisjoint(with: report.otherShards))
        }
        #expect(builtBy.count == 7, "each target built once: \(builtBy)")
        #expect(builtBy["boom"] == builtBy["boom-frames"] && builtBy["boom-frames"] == builtBy["boom-sheet"], "one group, one part")
        #expect(Set(builtBy.values).count == min(count, 5), "5 groups, as many parts used as can be")
    }

    /// Every part computes the same split: the outputs another machine happens to hold change no cost.
    @Test func theSplitIgnoresOutputsLyingAround() throws {
        let (folder, file) = try Self.project()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let project = try Project.read(file: file)
        let order = try BuildGraph.order(project, selecting: project.targets.map(\.name))
        let before = BuildShards.select(order, in: project, shard: try Shard(2, of: 3))
        var job = BuildJob(project: project)
        job.tool = "test"
        _ = try job.run(cancellation: nil)
        let after = BuildShards.select(order, in: project, shard: try Shard(2, of: 3))
        #expect(before.kept.map(\.name) == after.kept.map(\.name) && before.others == after.others)
    }

    @Test func selectingTargetsSplitsThemWithWhatTheyNeed() throws {
        let (folder, file) = try Self.project()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var built: [String] = []
        for index in 1...2 {
            var job = BuildJob(project: try Project.read(file: file), targets: ["boom-sheet", "coin-check"])
            job.tool = "test"
            job.shard = try Shard(index, of: 2)
            built += try job.run(cancellation: nil).built
        }
        #expect(built.sorted() == ["boom", "boom-frames", "boom-sheet", "coin-check"])
    }
}
