import Animated
import APNG
import Basics
import Compose
import Foundation
import GIF
import Raster
import Testing
import TestSupport

/// `FrameOperationJob`: blur, slice and resize over whole sequences (issue 46), on a real folder
/// (Kenney's gold coin, 4 frames of 64²) and a real GIF (Effect_Impact.gif, 24 frames of
/// 152 × 190, 20 ms each and 740 ms for the last).
@Suite struct FrameOperationJobTests {
    static let coin = Fixtures.path("sequences/kenney-gold-coin")
    static let impact = Fixtures.path("gif/effects/Effect_Impact.gif")

    static func pngs(in folder: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".png") }.sorted()
    }

    @Test(arguments: [FrameOperation.blur(Blur(sigma: 3)),
                      .slice(NineSlice(insets: NineSlice.Insets(top: 20, left: 20, bottom: 20, right: 20), mode: .stretch), width: 100, height: 80),
                      .resize(width: 32, height: 48, filter: .lanczos3, fit: .aspectFit)])
    func aFolderGivesOneFrameOfTheSameNamePerFrame(_ operation: FrameOperation) throws {
        let out = try Fixtures.temporaryFolder("frame-operation-folder") + "/out"
        let outcome = try FrameOperationJob(sources: [Self.coin], output: out, operation: operation).run(cancellation: nil)
        #expect(outcome.frames == 4 && outcome.format == .folder)
        #expect(try Self.pngs(in: out) == ["gold_1.png", "gold_2.png", "gold_3.png", "gold_4.png"])
        #expect(FileManager.default.fileExists(atPath: out + "/sequence.json"))
        for number in 1...4 {
            let source = try PNG.Decoder().decodeBitmap(file: Self.coin + "/gold_\(number).png")
            let made = try PNG.Decoder().decodeBitmap(file: out + "/gold_\(number).png")
            let expected = try operation.apply(to: source, file: "gold_\(number).png")
            #expect(made.width == expected.width && made.height == expected.height)
            #expect(made.pixels == expected.pixels, "frame \(number) is not the operation applied to its source frame")
            #expect(made.pixels != source.pixels || made.width != source.width)
        }
    }

    /// A GIF's timing is carried over: one frame per GIF frame, each with its own duration.
    @Test func aGIFsFramesAndTimingCarryOverToAFolder() throws {
        let out = try Fixtures.temporaryFolder("frame-operation-gif") + "/impact"
        let outcome = try FrameOperationJob(sources: [Self.impact], output: out, operation: .scale(factor: 0.5, filter: .lanczos3)).run(cancellation: nil)
        #expect(outcome.frames == 24 && outcome.width == 76 && outcome.height == 95)
        #expect(try Self.pngs(in: out).count == 24)
        let manifest = try SequenceManifest.read(file: out + "/sequence.json")
        #expect(manifest.frameDurations == Array(repeating: 20, count: 23) + [740])
        let read = try Animation.load([out])
        #expect(read.frames.count == 24)
        #expect(try read.stepDurations().map { ($0 * 1000).rounded() } == Array(repeating: 20, count: 23) + [740])
    }

    @Test func aGIFWrittenAsAGIFKeepsItsTiming() throws {
        let out = try Fixtures.temporaryFolder("frame-operation-gif-gif") + "/impact.gif"
        let outcome = try FrameOperationJob(sources: [Self.impact], output: out, operation: .blur(Blur(sigma: 1))).run(cancellation: nil)
        let decoder = try GIF.Decoder(file: out)
        let frames = try decoder.allFrames()
        // The frames counted are the ones the file holds, merges said in the report (they were the 24 input frames).
        #expect(outcome.files == [out] && outcome.frames == frames.count && frames.count < 24)
        #expect(outcome.report?.framesWritten == frames.count && outcome.report?.framesMergedInvisible == [23])
        // The GIF encoder merges the last frame, invisible in a GIF, into the one before: the play
        // keeps its length, 23 × 20 ms + 740 ms.
        #expect((20...24).contains(frames.count))
        #expect(frames.map { ($0.duration * 1000).rounded() }.reduce(0, +) == 1200)
        #expect(frames.prefix(20).allSatisfy { ($0.duration * 1000).rounded() == 20 })
        #expect(frames.allSatisfy { $0.image.width == 152 && $0.image.height == 190 })
    }

    /// A GIF named `@2x` holds @2x frames (as `flipbook frames` names them): a resize's size and a
    /// blur's sigma are in points, and a folder's frames keep the `@2x` (they were 20 px @1x, `impact1.png`).
    @Test func anAnimationNamedAt2xKeepsItsScale() throws {
        let folder = try Fixtures.temporaryFolder("frame-operation-named-2x")
        try FileManager.default.copyItem(atPath: Self.impact, toPath: folder + "/impact@2x.gif")
        let outcome = try FrameOperationJob(sources: [folder + "/impact@2x.gif"], output: folder + "/out",
                                            operation: .resize(width: 20, height: 20, filter: .lanczos3, fit: .fill)).run(cancellation: nil)
        #expect(outcome.scale == 2 && outcome.width == 40 && outcome.height == 40)
        let names = try Self.pngs(in: folder + "/out")
        #expect(names.count == 24 && names.allSatisfy { $0.hasSuffix("@2x.png") })
        let first = try PNG.Decoder().decodeBitmap(file: folder + "/out/impact1@2x.png")
        #expect(first.width == 40 && first.height == 40)
        // σ 2 pt on @2x frames is σ 4 px.
        let blurred = try FrameOperationJob(sources: [folder + "/impact@2x.gif"], output: folder + "/blurred",
                                            operation: .blur(Blur(sigma: 2))).run(cancellation: nil)
        #expect(blurred.scale == 2)
        var source = try GIF.Decoder(file: Self.impact).allFrames()[4].image
        source.scale = 2
        let expected = try Blur(sigma: 2).apply(to: source)
        var halved = source
        halved.scale = 1
        #expect(try Blur(sigma: 2).apply(to: halved).pixels != expected.pixels, "the blur's sigma does not depend on the scale")
        let made = try PNG.Decoder().decodeBitmap(file: folder + "/blurred/impact5@2x.png")
        #expect(made.pixels == expected.pixels)
    }

    /// A sequence timed by fps or duration plays one play of its steps: ping-pong's 6 steps of 4
    /// frames at 8 fps are 0.75 s, as `assemble` writes them (it was 1.125 s: the play spread over
    /// the 4 files, then 6 steps of it), and a duration of 2 s stays 2 s (it was 3).
    @Test(arguments: [(#"{"fps":8,"direction":"pingpong","repeatCount":2}"#, 750.0), (#"{"duration":2,"direction":"pingpong"}"#, 2000)])
    func aPingPongPlaysAsLongAsItsTiming(manifest: String, milliseconds: Double) throws {
        let folder = try Fixtures.temporaryFolder("frame-operation-pingpong")
        try FileManager.default.createDirectory(atPath: folder + "/pp", withIntermediateDirectories: true)
        let frames = try Self.pngs(in: Self.coin)
        #expect(frames.count == 4)
        for name in frames { try FileManager.default.copyItem(atPath: Self.coin + "/" + name, toPath: folder + "/pp/" + name) }
        try Data(manifest.utf8).write(to: URL(fileURLWithPath: folder + "/pp/sequence.json"))
        let assembled = try AssembleJob(sources: [folder + "/pp"], output: nil).run(cancellation: nil)
        #expect((assembled.report.duration * 1000).rounded() == milliseconds)
        for name in ["b.gif", "b.webp", "b.apng"] {
            let outcome = try FrameOperationJob(sources: [folder + "/pp"], output: folder + "/" + name, operation: .blur(Blur(sigma: 1))).run(cancellation: nil)
            #expect((outcome.duration * 1000).rounded() == milliseconds, "\(name)")
            #expect(outcome.report.map { ($0.duration * 1000).rounded() } == milliseconds, "\(name)")
            let read = try Animation.load([folder + "/" + name])
            #expect((try read.playDuration() * 1000).rounded() == milliseconds, "\(name)")
        }
    }

    /// An animation named for another scale than its frames' is warned about as `assemble` warns.
    @Test func anAnimationNamedForAnotherScaleIsWarnedAbout() throws {
        let folder = try Fixtures.temporaryFolder("frame-operation-scale-name")
        let outcome = try FrameOperationJob(sources: [Fixtures.path("sequences/emt-watch-spinner-2x")], output: folder + "/spinner.gif",
                                            operation: .blur(Blur(sigma: 1))).run(cancellation: nil)
        // The file is read at @1x, as its name says (it said @2x): the warning names the file that keeps @2x.
        #expect(outcome.scale == 1)
        #expect(outcome.width == 80)
        #expect(outcome.warnings.contains { $0.contains("spinner@2x.gif") }, "\(outcome.warnings)")
        let named = try FrameOperationJob(sources: [Fixtures.path("sequences/emt-watch-spinner-2x")], output: folder + "/spinner@2x.gif",
                                          operation: .blur(Blur(sigma: 1))).run(cancellation: nil)
        // Its name keeps @2x now; the first run's spinner.gif beside it is what @1x screens read for it, and is said.
        #expect(named.scale == 2 && named.warnings.count == 1, "\(named.warnings)")
        #expect(named.warnings.first?.hasPrefix(folder + "/spinner.gif, beside the output, is not written again") == true, "\(named.warnings)")
    }

    /// Frames of two sizes (Kenney's 64² coin and an 80² spinner frame named as its second
    /// frame) are an input problem found before any frame is changed, naming both files; nothing
    /// is written (a folder was written as a mismatched set, a GIF failed as an encoder error).
    @Test(arguments: ["ms-b", "ms-b.gif"])
    func framesOfTwoSizesAreRefusedBeforeTheWork(output: String) throws {
        let folder = try Fixtures.temporaryFolder("frame-operation-sizes")
        try FileManager.default.createDirectory(atPath: folder + "/ms", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Self.coin + "/gold_1.png", toPath: folder + "/ms/gold_1.png")
        try FileManager.default.copyItem(atPath: Fixtures.path("sequences/emt-watch-spinner-2x/waitIndicatorGraphic-0@2x.png"),
                                         toPath: folder + "/ms/gold_2.png")
        let job = FrameOperationJob(sources: [folder + "/ms"], output: folder + "/" + output, operation: .blur(Blur(sigma: 1)))
        #expect { try job.plan(cancellation: nil) } throws: { error in
            guard case FrameOperationError.frameSize(let frame, 80, 80, let first, 64, 64) = error else { return false }
            return frame == folder + "/ms/gold_2.png" && first == folder + "/ms/gold_1.png" && "\(error)".contains("one size")
        }
        #expect(throws: FrameOperationError.self) { try job.run(cancellation: nil) }
        #expect(!FileManager.default.fileExists(atPath: folder + "/" + output))
    }

    /// A size over the limits is the caller's setting (the CLI's `--size`, exit 2, as for one
    /// PNG), refused before any frame is changed; it was a limit of "the resized frame" (exit 3).
    @Test(arguments: [FrameOperation.resize(width: 100_000, height: 100_000, filter: .lanczos3, fit: .fill),
                      .slice(NineSlice(insets: NineSlice.Insets(top: 4, left: 4, bottom: 4, right: 4), mode: .stretch), width: 100_000, height: 100_000),
                      .scale(factor: 10_000, filter: .nearest)])
    func aSizeOverTheLimitsIsASetting(_ operation: FrameOperation) throws {
        let out = try Fixtures.temporaryFolder("frame-operation-huge") + "/out"
        #expect { try FrameOperationJob(sources: [Self.coin], output: out, operation: operation).plan(cancellation: nil) } throws: { error in
            guard case FrameOperationError.size(let limit) = error else { return false }
            return limit.subject.contains("FrameOperation")
        }
    }

    /// A GIF of soft frames gets `assemble`'s note on its semi-transparent pixels (it got none);
    /// an APNG keeps them and gets none.
    @Test func aGIFOfSoftFramesGetsAssemblesAlphaNote() throws {
        let folder = try Fixtures.temporaryFolder("frame-operation-soft")
        let spinner = Fixtures.path("sequences/emt-watch-spinner-2x")
        let gif = try FrameOperationJob(sources: [spinner], output: folder + "/spinner@2x.gif", operation: .blur(Blur(sigma: 1))).run(cancellation: nil)
        #expect(gif.notes.count == 1 && gif.notes[0].contains("semi-transparent") && gif.notes[0].contains("spinner@2x.webp"), "\(gif.notes)")
        let assembled = try AssembleJob(sources: [spinner], output: folder + "/assembled@2x.gif").plan(cancellation: nil)
        #expect(assembled.notes.contains { $0.contains("semi-transparent") }, "the same frames unblurred: \(assembled.notes)")
        let apng = try FrameOperationJob(sources: [spinner], output: folder + "/spinner@2x.apng", operation: .blur(Blur(sigma: 1))).run(cancellation: nil)
        #expect(apng.notes.isEmpty)
    }

    /// A folder of Kenney's coin at @1x (64²), @2x (128²) and @3x (192², each resized from the
    /// @1x frame) in `folder/both`.
    static func threeScales(in folder: String) throws -> String {
        let both = folder + "/both"
        try FileManager.default.createDirectory(atPath: both, withIntermediateDirectories: true)
        let frames = try Self.pngs(in: Self.coin)
        #expect(frames.count == 4)
        for name in frames {
            try FileManager.default.copyItem(atPath: Self.coin + "/" + name, toPath: both + "/" + name)
            let bitmap = try PNG.Decoder().decodeBitmap(file: Self.coin + "/" + name)
            for scale in [2, 3] {
                let made = try Resampler().resize(bitmap, width: 64 * scale, height: 64 * scale)
                try PNG.Encoder().write(made, to: both + "/" + name.dropLast(4) + "@\(scale)x.png")
            }
        }
        return both
    }

    /// A folder with @1x, @2x and @3x frames is done at every scale, each written with its
    /// suffix beside one `sequence.json`; before, only the @1x frames were done (with a warning).
    @Test func aFolderWithSeveralScalesIsDoneAtEveryScale() throws {
        let folder = try Fixtures.temporaryFolder("frame-operation-both")
        let both = try Self.threeScales(in: folder)
        let outcome = try FrameOperationJob(sources: [both], output: folder + "/both-b", operation: .blur(Blur(sigma: 1))).run(cancellation: nil)
        #expect(outcome.scale == 1 && outcome.frames == 4 && outcome.width == 64)
        #expect(outcome.warnings.isEmpty, "\(outcome.warnings)")
        #expect(outcome.otherScales.map(\.scale) == [2, 3])
        #expect(outcome.otherScales.map(\.width) == [128, 192])
        let names = try Self.pngs(in: folder + "/both-b")
        #expect(names.count == 12)
        #expect(names.filter { $0.hasSuffix("@2x.png") }.count == 4 && names.filter { $0.hasSuffix("@3x.png") }.count == 4)
        #expect(try PNG.Decoder().decodeBitmap(file: folder + "/both-b/gold_1@3x.png").width == 192)
        #expect(outcome.files.count == 13 && outcome.otherScales.map(\.files.count) == [4, 4])
        // Each scale reads back as the same sequence.
        for scale in 1...3 {
            let read = try Animation.load([folder + "/both-b"], scale: scale)
            #expect(read.scale == scale && read.frames.count == 4)
        }
        // The blur is in points: σ 1 pt on the @2x frames is σ 2 px, as one @2x PNG is blurred.
        let source = try PNG.Decoder().decodeBitmap(file: both + "/gold_2@2x.png")
        #expect(source.scale == 2)
        let one = try Blur(sigma: 1).apply(to: source)
        #expect(try PNG.Decoder().decodeBitmap(file: folder + "/both-b/gold_2@2x.png").pixels == one.pixels)
        let plain = try FrameOperationJob(sources: [Self.coin], output: folder + "/coin-b", operation: .blur(Blur(sigma: 1))).run(cancellation: nil)
        #expect(plain.warnings.isEmpty && plain.otherScales.isEmpty)
    }

    /// An animation of a folder with several scales is one file a scale, each named for it.
    @Test func anAnimationOfSeveralScalesIsOneFileAScale() throws {
        let folder = try Fixtures.temporaryFolder("frame-operation-both-gif")
        let both = try Self.threeScales(in: folder)
        let outcome = try FrameOperationJob(sources: [both], output: folder + "/coin.apng", operation: .resize(width: 32, height: 32,
                                            filter: .lanczos3, fit: .fill)).run(cancellation: nil)
        #expect(outcome.files == [folder + "/coin.apng", folder + "/coin@2x.apng", folder + "/coin@3x.apng"])
        #expect(outcome.warnings.isEmpty && outcome.otherScales.allSatisfy(\.warnings.isEmpty))
        for (scale, file) in outcome.files.enumerated() {
            let read = try APNG.Decoder(file: file).allFrames()
            #expect(read.count == 4 && read[0].image.width == 32 * (scale + 1))
        }
    }

    /// A GIF source streams: the plan holds none of its frames, and a folder written from it
    /// decodes each frame once, in order (the folder's frames are handed to the threads in
    /// order; in contiguous chunks, the second thread started half-way through the file and
    /// the stream decoded from the start again and again). An animation written from it pulls
    /// its frames a few at a time.
    @Test(arguments: ["folder", "impact.gif", "impact.webp"])
    func aGIFSourceIsDecodedFrameByFrame(output: String) throws {
        let folder = try Fixtures.temporaryFolder("frame-operation-stream")
        let job = FrameOperationJob(sources: [Self.impact], output: folder + "/" + output, operation: .blur(Blur(sigma: 2)))
        let plan = try job.plan(cancellation: nil)
        #expect(plan.animation.frames.count == 24)
        guard case .streamed(let stream, 0)? = plan.animation.frames.first else {
            Issue.record("the plan holds the GIF's frames: \(plan.animation.frames.first.map { "\($0)" } ?? "none")")
            return
        }
        let outcome = try job.run(plan, cancellation: nil)
        #expect(outcome.frames > 0)
        let statistics = stream.statistics
        #expect(statistics.mostHeld <= stream.window)
        if output == "folder" {
            #expect(statistics.framesDecoded == 24 && statistics.restarts == 0, "\(statistics)")
        } else {
            #expect(statistics.framesDecoded <= 3 * 24 && statistics.restarts <= 2, "\(statistics)")
        }
    }

    /// A frame that cannot be sliced fails the whole job: nothing is left behind.
    @Test func aFailureLeavesNoPartialOutput() throws {
        let folder = try Fixtures.temporaryFolder("frame-operation-fail")
        let out = folder + "/out"
        let job = FrameOperationJob(sources: [Self.coin], output: out,
                                    operation: .slice(NineSlice(insets: NineSlice.Insets(top: 40, left: 40, bottom: 40, right: 40)),
                                                      width: 100, height: 100))
        #expect(throws: FrameOperationError.self) { try job.run(cancellation: nil) }
        #expect(try Self.pngs(in: folder).isEmpty)
        #expect(!FileManager.default.fileExists(atPath: out + "/sequence.json"))
        #expect((try? Self.pngs(in: out))?.isEmpty ?? true)
    }

    @Test func anOutputOverTheInputIsRefusedAndARerunReplacesItsSet() throws {
        let folder = try Fixtures.temporaryFolder("frame-operation-contract")
        try FileManager.default.copyItem(atPath: Self.impact, toPath: folder + "/impact.gif")
        let over = FrameOperationJob(sources: [folder + "/impact.gif"], output: folder + "/impact.gif", operation: .blur(Blur(sigma: 1)))
        #expect { try over.run(cancellation: nil) } throws: { error in
            guard case FrameOperationError.output = error else { return false }
            return true
        }
        let out = folder + "/impact"
        _ = try FrameOperationJob(sources: [Self.impact], output: out, operation: .scale(factor: 0.25, filter: .bilinear)).run(cancellation: nil)
        #expect(try Self.pngs(in: out).count == 24)
        // A rerun replaces the set it wrote: the same 24 names, the new frames.
        _ = try FrameOperationJob(sources: [Self.impact], output: out, operation: .scale(factor: 0.5, filter: .bilinear)).run(cancellation: nil)
        #expect(try Self.pngs(in: out).count == 24)
        #expect(try PNG.Decoder().decodeBitmap(file: out + "/Effect_Impact1.png").width == 76)
    }

    /// An upload held in memory (the coin's 4 frames) gives the animation's bytes; nothing is read from disk by the job.
    @Test func filesInMemoryGiveAnAnimationsBytes() throws {
        let files = try (1...4).map { InMemoryFile(name: "gold_\($0).png", bytes: try FileIO.readAll(Self.coin + "/gold_\($0).png")) }
        let outcome = try FrameOperationJob(files: files, operation: .scale(factor: 2, filter: .nearest), format: .apng).run(cancellation: nil)
        #expect(outcome.files.isEmpty && outcome.frames == 4 && outcome.width == 128)
        let animation = try Animation.load(apng: outcome.bytes, file: "out.png")
        #expect(animation.frames.count == 4)
    }

    @Test func aCancelledJobWritesNothing() throws {
        let out = try Fixtures.temporaryFolder("frame-operation-cancel") + "/out"
        let flag = CancellationFlag()
        flag.cancel()
        #expect { try FrameOperationJob(sources: [Self.coin], output: out, operation: .blur(Blur(sigma: 2))).run(cancellation: flag) } throws: { error in
            guard case FrameOperationError.cancelled = error else { return false }
            return true
        }
        #expect(!FileManager.default.fileExists(atPath: out))
    }
}
