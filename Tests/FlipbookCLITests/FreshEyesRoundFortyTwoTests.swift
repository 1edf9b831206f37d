import Foundation
import Testing
import TestSupport

/// What fresh eyes round 42 found (session 21) in the commands recent rounds had not looked at:
/// folders left with frames of two sizes at two scales.
@Suite("Fresh eyes 42: every scale of a folder the same size in points")
struct FreshEyesRoundFortyTwoTests {
    /// A source that lost its @2x frames, resized to another size into the same folder: exit 0
    /// with a warning, the folder left with 10×10 @1x frames beside 40×40 @2x ones (validate: 3
    /// errors). The run is refused now, naming the sizes, and the folder stays as it was.
    @Test func aRerunThatWouldLeaveTheOtherScaleAtAnotherSizeIsRefused() throws {
        let folder = try Fixtures.temporaryFolder("cli-scales-size")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder + "/src", withIntermediateDirectories: true)
        let names = Fixtures.pngNames(in: "sequences/kenney-gold-coin")
        #expect(names.count == 4)
        for name in names.prefix(3) { try FileManager.default.copyItem(atPath: Fixtures.path("sequences/kenney-gold-coin/\(name)"), toPath: "\(folder)/src/\(name)") }
        let first = "src/" + names[0]
        #expect(try CLI.run(["resize", first, "-o", first.replacingOccurrences(of: ".png", with: "@2x.png"), "--scale", "2"], in: folder).status == 0)
        #expect(try CLI.run(["resize", "src", "-o", "out", "--size", "20x20"], in: folder).status == 0)
        try FileManager.default.removeItem(atPath: folder + "/" + first.replacingOccurrences(of: ".png", with: "@2x.png"))
        let before = try FreshEyesRoundThirtySixTests.files(in: folder + "/out")
        let rerun = try CLI.run(["resize", "src", "-o", "out", "--size", "10x10"], in: folder)
        #expect(rerun.status == 2 && rerun.stderr.contains("its @2x frames are 40×40 px") && rerun.stderr.contains("would be 20×20 there"), "\(rerun.stderr)")
        #expect(try FreshEyesRoundThirtySixTests.files(in: folder + "/out") == before)
        let check = try CLI.run(["validate", "out"], in: folder)
        #expect(check.status == 0, "\(check.stdout)")
        // The same size in points at @1x is no reason to refuse.
        #expect(try CLI.run(["resize", "src", "-o", "out", "--size", "20x20"], in: folder).status == 0)
    }

    /// Round 43: `frames` of a sheet's @2x data (3 frames) into a folder holding the @1x frames of an
    /// earlier `frames` of its @1x data (2 frames) wrote, exit 0: the folder read back with frame 3
    /// missing at @1x. Refused now, as the other writers refuse it.
    @Test func framesOfASheetAtAnotherScaleWithAnotherCountAreRefused() throws {
        let folder = try Fixtures.temporaryFolder("cli-frames-scales")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let names = Fixtures.pngNames(in: "sequences/kenney-gold-coin")
        try FileManager.default.createDirectory(atPath: folder + "/two", withIntermediateDirectories: true)
        func add(_ index: Int) throws {
            try FileManager.default.copyItem(atPath: Fixtures.path("sequences/kenney-gold-coin/\(names[index - 1])"), toPath: "\(folder)/two/coin\(index).png")
            #expect(try CLI.run(["resize", "two/coin\(index).png", "-o", "two/coin\(index)@2x.png", "--scale", "2"], in: folder).status == 0)
        }
        try add(1); try add(2)
        #expect(try CLI.run(["sheet", "two", "-o", "ss.json", "--scales", "1,2"], in: folder).status == 0)
        #expect(try CLI.run(["frames", "ss.json", "-o", "out"], in: folder).status == 0)
        try add(3)
        #expect(try CLI.run(["sheet", "two", "-o", "ss.json", "--scales", "1,2"], in: folder).status == 0)
        let at2x = try CLI.run(["frames", "ss@2x.json", "-o", "out"], in: folder)
        #expect(at2x.status == 2 && at2x.stderr.contains("out holds 2 frames of coin… at @1x, written by an earlier run, where this run writes 3 at @2x"),
                "\(at2x.stderr)")
        #expect(try FreshEyesRoundThirtySixTests.files(in: folder + "/out") == ["coin1.png", "coin2.png"])
        // The same count at @1x first, then @2x into the folder: one sequence at two scales.
        #expect(try CLI.run(["frames", "ss.json", "-o", "out"], in: folder).status == 0)
        #expect(try CLI.run(["frames", "ss@2x.json", "-o", "out"], in: folder).status == 0)
        #expect(try CLI.run(["validate", "out"], in: folder).status == 0)
    }

    /// Round 43: data with one animation (`f1`, `f2`) and sprites in none (`f3`, `f4`) of one
    /// prefix: `frames` wrote the four without a word, read back as one sequence. Warned now, as
    /// for two animations.
    @Test func oneAnimationAndLooseFramesOfOnePrefixAreSaid() throws {
        let folder = try Fixtures.temporaryFolder("cli-frames-loose")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let names = Fixtures.pngNames(in: "sequences/kenney-gold-coin")
        try FileManager.default.createDirectory(atPath: folder + "/four", withIntermediateDirectories: true)
        for (index, name) in names.enumerated() { try FileManager.default.copyItem(atPath: Fixtures.path("sequences/kenney-gold-coin/\(name)"), toPath: "\(folder)/four/f\(index + 1).png") }
        #expect(try CLI.run(["sheet", "four", "-o", "i.json"], in: folder).status == 0)
        var data = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: folder + "/i.json"))) as? [String: Any])
        data["animations"] = ["a": ["f1", "f2"]]
        try JSONSerialization.data(withJSONObject: data).write(to: URL(fileURLWithPath: folder + "/i.json"))
        let run = try CLI.run(["frames", "i.json", "-o", "out"], in: folder)
        #expect(run.status == 0 && run.stderr.contains(#"warning: the animation "a" and 2 frames in no animation are written as frames of one sequence, f… (f1.png … f4.png)"#),
                "\(run.stderr)")
    }
}
