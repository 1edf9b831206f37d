import Basics
import Foundation
import Testing
import TestSupport

/// An animated file cut short is read the same way in every format: `frames` and `info` keep its
/// whole frames and print a warning naming it, as they did only for a GIF (a cut APNG or WebP was
/// refused with exit 3).
@Suite("animated files cut short, read with a warning")
struct CutShortAnimationTests {
    @Test(arguments: ["apng", "webp", "gif"])
    func framesAndInfoKeepTheWholeFramesWithAWarning(format: String) throws {
        let dir = try Fixtures.temporaryFolder("cut-short")
        let made = try CLI.run(["assemble", CLI.fixtures + "/sequences/kenney-gold-coin", "-o", "coin.\(format)"], in: dir)
        #expect(made.status == 0, "\(made.stderr)")
        let bytes = try FileIO.readAll("\(dir)/coin.\(format)")
        try Data(bytes.prefix(bytes.count * 3 / 4)).write(to: URL(fileURLWithPath: "\(dir)/cut.\(format)"))

        let frames = try CLI.run(["frames", "cut.\(format)", "-o", "out"], in: dir)
        #expect(frames.status == 0, "\(frames.stderr)")
        #expect(frames.stderr.contains("warning: cut.\(format): "), "\(frames.stderr)")
        let written = try FileManager.default.contentsOfDirectory(atPath: "\(dir)/out").filter { $0.hasSuffix(".png") }
        #expect((1..<4).contains(written.count), "\(written)")

        let info = try CLI.run(["info", "cut.\(format)"], in: dir)
        #expect(info.status == 0, "\(info.stderr)")
        #expect(info.stderr.contains("warning: cut.\(format): "), "\(info.stderr)")
        #expect(info.stdout.contains("\(written.count) frame"), "\(info.stdout)")
    }
}
