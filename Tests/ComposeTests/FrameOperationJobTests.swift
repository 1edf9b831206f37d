import Animated
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
        let outcome = try FrameOperationJob(sources: [Self.coin], output: out, operation: operation).run()
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
        let outcome = try FrameOperationJob(sources: [Self.impact], output: out, operation: .scale(factor: 0.5, filter: .lanczos3)).run()
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
        let outcome = try FrameOperationJob(sources: [Self.impact], output: out, operation: .blur(Blur(sigma: 1))).run()
        #expect(outcome.files == [out] && outcome.frames == 24)
        let decoder = try GIF.Decoder(file: out)
        let frames = try decoder.allFrames()
        // The GIF encoder merges a frame identical to the one before into it (the blurred last two
        // are): the play keeps its length, 23 × 20 ms + 740 ms.
        #expect((20...24).contains(frames.count))
        #expect(frames.map { ($0.duration * 1000).rounded() }.reduce(0, +) == 1200)
        #expect(frames.prefix(20).allSatisfy { ($0.duration * 1000).rounded() == 20 })
        #expect(frames.allSatisfy { $0.image.width == 152 && $0.image.height == 190 })
    }

    /// A frame that cannot be sliced fails the whole job: nothing is left behind.
    @Test func aFailureLeavesNoPartialOutput() throws {
        let folder = try Fixtures.temporaryFolder("frame-operation-fail")
        let out = folder + "/out"
        let job = FrameOperationJob(sources: [Self.coin], output: out,
                                    operation: .slice(NineSlice(insets: NineSlice.Insets(top: 40, left: 40, bottom: 40, right: 40)),
                                                      width: 100, height: 100))
        #expect(throws: FrameOperationError.self) { try job.run() }
        #expect(try Self.pngs(in: folder).isEmpty)
        #expect(!FileManager.default.fileExists(atPath: out + "/sequence.json"))
        #expect((try? Self.pngs(in: out))?.isEmpty ?? true)
    }

    @Test func anOutputOverTheInputIsRefusedAndARerunReplacesItsSet() throws {
        let folder = try Fixtures.temporaryFolder("frame-operation-contract")
        try FileManager.default.copyItem(atPath: Self.impact, toPath: folder + "/impact.gif")
        let over = FrameOperationJob(sources: [folder + "/impact.gif"], output: folder + "/impact.gif", operation: .blur(Blur(sigma: 1)))
        #expect { try over.run() } throws: { error in
            guard case FrameOperationError.output = error else { return false }
            return true
        }
        let out = folder + "/impact"
        _ = try FrameOperationJob(sources: [Self.impact], output: out, operation: .scale(factor: 0.25, filter: .bilinear)).run()
        #expect(try Self.pngs(in: out).count == 24)
        // A rerun replaces the set it wrote: the same 24 names, the new frames.
        _ = try FrameOperationJob(sources: [Self.impact], output: out, operation: .scale(factor: 0.5, filter: .bilinear)).run()
        #expect(try Self.pngs(in: out).count == 24)
        #expect(try PNG.Decoder().decodeBitmap(file: out + "/Effect_Impact1.png").width == 76)
    }

    /// An upload held in memory (the coin's 4 frames) gives the animation's bytes; nothing is read from disk by the job.
    @Test func filesInMemoryGiveAnAnimationsBytes() throws {
        let files = try (1...4).map { InMemoryFile(name: "gold_\($0).png", bytes: try FileIO.readAll(Self.coin + "/gold_\($0).png")) }
        let outcome = try FrameOperationJob(files: files, operation: .scale(factor: 2, filter: .nearest), format: .apng).run()
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
