import Basics
import Foundation
import Testing
import TestSupport

/// `assemble` to APNG and WebP, then `info` and `frames` on what it wrote, as a user would.
@Suite("flipbook with APNG and WebP")
struct AnimatedFormatsCLITests {
    @Test(arguments: [("walk.png", "APNG"), ("walk.webp", "WebP")])
    func assembleInfoFramesAndBack(_ name: String, _ format: String) throws {
        let dir = try Fixtures.temporaryFolder("formats-cli")
        let coin = CLI.fixtures + "/sequences/kenney-gold-coin"
        let made = try CLI.run(["assemble", coin, "-o", name, "--fps", "8", "--repeat", "2"], in: dir)
        #expect(made.status == 0, "\(made.stderr)")
        #expect(made.stdout.hasPrefix("\(name): \(format) 64×64, 4 frames, 0.5 s"), "\(made.stdout)")
        let info = try CLI.run(["info", name], in: dir)
        #expect(info.stdout.contains("\(format), 4 frames, 0.5 s, plays 2×"), "\(info.stdout)")
        let frames = try CLI.run(["frames", name, "-o", "out"], in: dir)
        #expect(frames.status == 0, "\(frames.stderr)")
        let manifest = try String(contentsOfFile: dir + "/out/sequence.json", encoding: .utf8)
        #expect(manifest.contains("\"repeatCount\" : 2"), "\(manifest)")
        // The frames folder assembles back into the same animation.
        let again = try CLI.run(["assemble", "out", "-o", "again" + name.dropFirst(4)], in: dir)
        #expect(again.stdout.contains("4 frames, 0.5 s"), "\(again.stdout)")
        #expect(again.stdout.contains("plays 2×"), "\(again.stdout)")
    }

    @Test(arguments: [
        ["assemble", "COIN", "-o", "a.png", "--colors", "64"],
        ["assemble", "COIN", "-o", "a.gif", "--effort", "max"],
        ["assemble", "COIN", "-o", "a.png", "--lossy"],
        ["assemble", "COIN", "-o", "a.webp", "--quality", "50"],
        ["assemble", "COIN", "-o", "a.webp", "--quality", "high"],
    ])
    func anOptionOfAnotherFormatIsRefused(_ arguments: [String]) throws {
        let dir = try Fixtures.temporaryFolder("formats-cli")
        let resolved = arguments.map { $0 == "COIN" ? CLI.fixtures + "/sequences/kenney-gold-coin" : $0 }
        let result = try CLI.run(resolved, in: dir)
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr.contains("does not apply") || result.stderr.contains("add --lossy"), "\(result.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).isEmpty)
    }

    @Test func aStillPNGHasNoFramesToExplode() throws {
        let dir = try Fixtures.temporaryFolder("formats-cli")
        let result = try CLI.run(["frames", CLI.fixtures + "/sequences/kenney-gold-coin/gold_1.png", "-o", "out"], in: dir)
        #expect(result.status == 3)
        #expect(result.stderr.contains("is a still PNG"), "\(result.stderr)")
    }
}
