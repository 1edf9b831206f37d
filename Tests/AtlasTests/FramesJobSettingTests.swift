import Atlas
import Basics
import Foundation
import Testing
import TestSupport

/// `ResourceLimits` of 0 or less were a setting error to AssembleJob and SheetJob but "over the
/// limit of -1; raise ResourceLimits.maxPixels" to FramesJob (found by a fresh-eyes server
/// developer): the job now refuses them first as its setting error, before anything is read. A
/// GIF named `@5x` gave frames named `@5x`, a scale no reader takes: refused the same way.
@Suite("FramesJob: settings out of range")
struct FramesJobSettingTests {
    static let fire = Fixtures.path("gif/giflib/fire.gif")

    @Test(arguments: [
        (ResourceLimits(maxPixels: -1), LimitError.Limit.pixels, -1), (ResourceLimits(maxFrames: 0), .frames, 0),
        (ResourceLimits(maxDecodedBytes: Int.min), .decodedBytes, Int.min), (ResourceLimits(maxOutputPixels: -5), .outputPixels, -5),
    ] as [(ResourceLimits, LimitError.Limit, Int)])
    func limitsOutOfRangeAreTheJobsSettingError(limits: ResourceLimits, limit: LimitError.Limit, value: Int) throws {
        let out = try Fixtures.temporaryFolder("frames-limits") + "/out"
        let expected = FramesJobError.setting(SettingError(.limit(limit), of: "ResourceLimits", value: value, allowed: .atLeast(1)))
        // A file that does not exist: the setting is said first.
        #expect(throws: expected) { _ = try FramesJob(input: Self.fire + "-missing.gif", output: out, limits: limits).run(cancellation: nil) }
        #expect(throws: expected) { _ = try FramesJob(input: Self.fire, output: out, limits: limits).run(cancellation: nil) }
        let upload = InMemoryFile(name: "fire.gif", bytes: try FileIO.readAll(Self.fire))
        #expect(throws: expected) { _ = try FramesJob(files: [upload], limits: limits).run(cancellation: nil) }
        #expect(!FileManager.default.fileExists(atPath: out))
    }

    @Test(arguments: [4, 5, 9])
    func aNamedScaleOutOfRangeIsRefused(scale: Int) throws {
        let upload = InMemoryFile(name: "fire@\(scale)x.gif", bytes: try FileIO.readAll(Self.fire))
        do {
            _ = try FramesJob(files: [upload]).run(cancellation: nil)
            Issue.record("frames named @\(scale)x were made")
        } catch {
            #expect(error == .scaleOutOfRange(path: "fire@\(scale)x.gif", scale: scale), "\(error)")
            #expect(error.description.hasPrefix("fire@\(scale)x.gif is not read: it is named @\(scale)x"))
        }
        // @3x still gives @3x frames.
        let three = try FramesJob(files: [InMemoryFile(name: "fire@3x.gif", bytes: upload.bytes)]).run(cancellation: nil)
        #expect(three.files.first == "fire1@3x.png")
    }
}
