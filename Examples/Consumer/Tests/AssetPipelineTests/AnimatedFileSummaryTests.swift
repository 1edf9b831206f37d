import Animated
import AssetPipeline
import Basics
import Foundation
import Raster
import Testing

/// An app's own reader of any animated upload, written once against Flipbook's decoder protocol.
@Suite("Reading any animated file through the decoder protocol")
struct AnimatedFileSummaryTests {
    /// The coin's frames assembled in memory as `format` at 8 fps, looping forever.
    static func coin(_ format: AssembleJob.Format) throws -> [UInt8] {
        var job = AssembleJob(source: .files(try AssetPipelineTests.upload("kenney-gold-coin")), output: nil)
        job.format = format
        job.timing = Animation.Timing(fps: 8)
        return try job.run(cancellation: nil).bytes
    }

    @Test(arguments: [(AssembleJob.Format.gif, "coin.gif"), (.apng, "coin.png"), (.webp, "coin.webp")])
    func everyFormatIsSummedTheSameWay(format: AssembleJob.Format, name: String) throws {
        let summary = try AnimatedFileSummary.read(try Self.coin(format), name: name)
        #expect(summary.frames == 4 && summary.repeatCount == 0 && summary.warnings.isEmpty)
        #expect(summary.seconds == 0.5, "4 frames at 8 fps")
        #expect(summary.format.rawValue == ["gif": "GIF", "png": "APNG", "webp": "WebP"][name.split(separator: ".").last.map(String.init) ?? ""])
    }

    /// An upload cut short is summed as far as its whole frames go, with the warning to show.
    @Test(arguments: [(AssembleJob.Format.apng, "cut.png"), (.webp, "cut.webp")])
    func anUploadCutShortIsSummedWithAWarning(format: AssembleJob.Format, name: String) throws {
        let bytes = try Self.coin(format)
        let summary = try AnimatedFileSummary.read(Array(bytes.prefix(bytes.count * 3 / 4)), name: name)
        #expect((1..<4).contains(summary.frames))
        #expect(summary.warnings.count == 1 && summary.warnings[0].hasPrefix("\(name) is cut short ("), "\(summary.warnings)")
    }

    /// The one error type, switched over as a service would answer it.
    @Test func aFileOfAnotherKindIsSaidSo() {
        let answer: String
        do throws(AnimationDecodeError) {
            _ = try AnimatedFileSummary.read([0xFF, 0xD8, 0xFF, 0xE0, 0, 16], name: "clip.webp")
            answer = "read"
        } catch .notFormat(let file, let format) {
            answer = "415 \(file) is not a \(format.rawValue)"
        } catch .otherFormat(let file, let format, let actual) {
            answer = "415 \(file) is not a \(format.rawValue) but a \(actual)"
        } catch {
            answer = "422 \(error)"
        }
        #expect(answer == "415 clip.webp is not a WebP but a JPEG")
    }

    /// The bytes choose the decoder, not the name a sender gave: a GIF sent as `clip.webp` is read as a GIF.
    @Test func aMisnamedUploadIsReadAsWhatItIs() throws {
        let summary = try AnimatedFileSummary.read(try Self.coin(.gif), name: "clip.webp")
        #expect(summary.format == .gif && summary.frames == 4)
    }
}
