import Animated
import Basics
import Foundation
import Raster
import Testing
import TestSupport

/// What the report says was merged is what was merged: an exact repeat is an identical frame; a
/// frame that differs from the one shown in its place by a few levels, and that the GIF merges
/// because in its colours it draws nothing new, is a near-identical frame, with how far apart
/// (it was reported as identical).
@Suite("Assemble's report: identical and near-identical merges")
struct MergeReportTests {
    /// A 200×120 piece of a real film frame (many colours, opaque), three times: as it is, the
    /// same bytes again, and with red raised and blue lowered by `levels` on every other pixel.
    static func folder(levels: UInt8) throws -> String {
        let folder = try Fixtures.temporaryFolder("merge-report") + "/film"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let frame = try PNG.Decoder().decodeBitmap(file: Fixtures.path("sequences/bbb-opening-fadein-720p/bbb0030.png"))
            .cropped(to: PixelRect(x: 540, y: 300, width: 200, height: 120))
        try PNG.Encoder().write(frame, to: "\(folder)/film1.png")
        try FileManager.default.copyItem(atPath: "\(folder)/film1.png", toPath: "\(folder)/film2.png")
        var near = frame
        for y in 0..<near.height {
            for x in 0..<near.width {
                var color = near[x, y]
                color.r = color.r > 255 - levels ? 255 : color.r + levels
                if (x + y) % 2 == 1 { color.b = color.b < levels ? 0 : color.b - levels }
                near[x, y] = color
            }
        }
        try PNG.Encoder().write(near, to: "\(folder)/film3.png")
        return folder
    }

    @Test func aGIFSaysWhichMergedFramesWereIdenticalAndHowFarTheOthersWere() throws {
        let outcome = try AssembleJob(sources: [try Self.folder(levels: 2)], output: nil).run(cancellation: nil)
        #expect(outcome.report.framesWritten == 1)
        #expect(outcome.report.framesMergedIdentical == 1, "only film2.png repeats film1.png")
        #expect(outcome.report.framesMergedNearIdentical == 1)
        #expect(outcome.report.nearIdenticalMaxDifference == 2)
    }

    /// APNG and WebP keep every frame exact: the near frame is a frame of its own, the repeat is merged.
    @Test(arguments: [AssembleJob.Format.apng, .webp])
    func exactFormatsMergeOnlyRepeats(format: AssembleJob.Format) throws {
        var job = AssembleJob(sources: [try Self.folder(levels: 2)], output: nil)
        job.format = format
        let report = try job.run(cancellation: nil).report
        #expect(report.framesWritten == 2 && report.framesMergedIdentical == 1)
        #expect(report.framesMergedNearIdentical == 0 && report.nearIdenticalMaxDifference == 0)
    }
}
