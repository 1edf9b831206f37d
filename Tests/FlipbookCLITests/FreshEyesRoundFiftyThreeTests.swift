import Foundation
import Testing
import TestSupport

/// Fresh eyes, round 53: `frames` says when the frames it writes spell one prefix in two Unicode
/// normalisations, as `validate` and `assemble` say of the folder afterwards.
@Suite("Fresh eyes 53")
struct FreshEyesRoundFiftyThreeTests {
    @Test func framesNamedInTwoNormalisationsAreSaid() throws {
        let folder = try Fixtures.temporaryFolder("fresh53-nfd")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.copyItem(atPath: Fixtures.path("sequences/kenney-gold-coin"), toPath: folder + "/src")
        #expect(try CLI.run(["sheet", "src", "-o", "sh/a.json"], in: folder).status == 0)
        let data = try Data(contentsOf: URL(fileURLWithPath: folder + "/sh/a.json"))
        var root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let frames = try #require(root["frames"] as? [String: Any])
        #expect(frames.count == 4)
        // café_1 and café_3 composed, café_2 and café_4 decomposed.
        var renamed: [String: Any] = [:]
        for (index, key) in frames.keys.sorted().enumerated() {
            renamed[(index % 2 == 0 ? "caf\u{E9}_" : "cafe\u{301}_") + "\(index + 1)"] = frames[key]
        }
        root["frames"] = renamed
        root["animations"] = nil
        try JSONSerialization.data(withJSONObject: root).write(to: URL(fileURLWithPath: folder + "/sh/a.json"))
        let run = try CLI.run(["frames", "sh/a.json", "-o", "out/"], in: folder)
        #expect(run.status == 0 && run.stderr.contains("written in two Unicode normalisations") && run.stderr.contains("(name.mixed-normalization)"),
                "\(run.stderr)")
    }

    /// Two Aseprite tags named `café`, composed and decomposed: `--animation` with the second
    /// wrote the first's frames (round 54). Two animations of one name are refused.
    @Test func twoAnimationsOfOneNameAreRefused() throws {
        let folder = try Fixtures.temporaryFolder("fresh54-tags")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.copyItem(atPath: Fixtures.path("sequences/kenney-gold-coin"), toPath: folder + "/src")
        #expect(try CLI.run(["sheet", "src", "-o", "sh/a.json", "--format", "aseprite"], in: folder).status == 0)
        let data = try Data(contentsOf: URL(fileURLWithPath: folder + "/sh/a.json"))
        var root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        var meta = try #require(root["meta"] as? [String: Any])
        let tags = try #require(meta["frameTags"] as? [[String: Any]])
        var first = try #require(tags.first), second = first
        first["name"] = "caf\u{E9}"
        second["name"] = "cafe\u{301}"
        second["from"] = 1
        meta["frameTags"] = [first, second]
        root["meta"] = meta
        try JSONSerialization.data(withJSONObject: root).write(to: URL(fileURLWithPath: folder + "/sh/a.json"))
        let run = try CLI.run(["frames", "sh/a.json", "-o", "out/", "--animation", "cafe\u{301}"], in: folder)
        #expect(run.status == 3 && run.stderr.contains("two animations are named") && run.stderr.contains("two Unicode normalisations"),
                "\(run.status) \(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/out"))
    }

    /// `frames --prefix café` composed, then decomposed, into one folder: the second run is the
    /// first's rerun (one name to Flipbook) but kept the first's files beside its own — two
    /// spellings of every frame, which validate and assemble then refused (round 54 #3).
    @Test func aRerunWithThePrefixInTheOtherNormalisationReplacesTheSet() throws {
        let folder = try Fixtures.temporaryFolder("fresh54-prefix")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.copyItem(atPath: Fixtures.path("sequences/kenney-gold-coin"), toPath: folder + "/src")
        #expect(try CLI.run(["assemble", "src", "-o", "a.gif"], in: folder).status == 0)
        #expect(try CLI.run(["frames", "a.gif", "-o", "out", "--prefix", "caf\u{E9}"], in: folder).status == 0)
        let second = try CLI.run(["frames", "a.gif", "-o", "out", "--prefix", "cafe\u{301}"], in: folder)
        #expect(second.status == 0, "\(second.stderr)")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder + "/out").filter { $0.hasSuffix(".png") }
        #expect(names.count == 4 && names.allSatisfy { $0.unicodeScalars.contains("\u{301}") }, "\(names.map { Array($0.unicodeScalars) })")
    }
}
