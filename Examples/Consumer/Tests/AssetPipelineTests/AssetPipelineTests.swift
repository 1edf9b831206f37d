import Animated
import AssetPipeline
import Atlas
import Basics
import Foundation
import GIF
import Raster
import Testing

/// The README's jobs done by a package that depends on Flipbook, through its public API only:
/// from async code, in memory, cancelled mid-way, and switching on the errors.
@Suite("A package using Flipbook")
struct AssetPipelineTests {
    /// The repository's `Sequences/` (this file is Examples/Consumer/Tests/AssetPipelineTests/…).
    static let sequences = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Sequences").path

    /// A folder's files as an upload holds them.
    static func upload(_ folder: String) throws -> [InMemoryFile] {
        let path = "\(sequences)/\(folder)"
        return try FileManager.default.contentsOfDirectory(atPath: path).sorted()
            .filter { $0.hasSuffix(".png") || $0 == "sequence.json" }
            .map { InMemoryFile(name: $0, data: try Data(contentsOf: URL(fileURLWithPath: "\(path)/\($0)"))) }
    }

    @Test func anUploadBecomesAGIFInMemory() async throws {
        let files = try Self.upload("kenney-gold-coin")
        #expect(files.count == 4)
        let response = await UploadProcessor().process(files, fps: 8)
        guard case .gif(let bytes, let frames, _) = response else { Issue.record("\(response)"); return }
        #expect(frames == 4)
        let decoded = try GIF.Decoder(bytes: bytes, file: "upload.gif").allFrames()
        #expect(decoded.count == 4)
        #expect(decoded.map(\.duration) == [0.13, 0.12, 0.13, 0.12], "8 fps on the cumulative timeline, in seconds")
        // The same frames read by Animated, as an app would show them.
        let animation = try Animation.load(files: files)
        #expect(try animation.frameIndex(at: 0.05) == 1, "UIKit's 30 fps: the second frame shows at 50 ms")
    }

    @Test func eachFailureHasItsStatus() async throws {
        let coin = try Self.upload("kenney-gold-coin")
        let processor = UploadProcessor()
        let notes = InMemoryFile(name: "notes.txt", bytes: Array("hello".utf8))
        // A file that is no image is left out by validation and assembly alike (an upload is a folder's files).
        guard case .gif(_, 4, _) = await processor.process(coin + [notes]) else { Issue.record("notes.txt was not left out"); return }
        // A GIF beside the frames (a preview) is left out too, as in a folder; two GIFs alone are
        // refused by the validator, as assembly would refuse them: nothing says which is meant.
        let gif = InMemoryFile(name: "boom.gif", bytes: Array("GIF89a".utf8))
        guard case .gif(_, 4, _) = await processor.process(coin + [gif]) else { Issue.record("boom.gif was not left out"); return }
        #expect(await processor.process([gif, InMemoryFile(name: "zap.gif", bytes: gif.bytes)])
                == .rejected(status: 400, reason: "the files given hold no PNG frames but 2 animations (boom.gif, zap.gif): "
                             + "each GIF, APNG or WebP is read on its own; give the one to read"))
        let truncated = InMemoryFile(name: "gold_5.png", bytes: Array(coin[0].bytes.prefix(40)))
        guard case .rejected(422, _) = await processor.process(coin + [truncated]) else { Issue.record("a truncated frame"); return }
        var small = ResourceLimits.default
        small.maxPixels = 1000
        guard case .rejected(413, let reason) = await UploadProcessor(limits: small).process(coin) else { Issue.record("over the limit"); return }
        #expect(reason == "too large: pixels over 1000")
        // A request's frame rate is checked before any work (it used to make a 1056-frame GIF).
        guard case .rejected(400, let fps) = await processor.process(coin, fps: 0) else { Issue.record("fps 0 was accepted"); return }
        #expect(fps.hasPrefix("Animation.Timing.fps must be between"))
        #expect(await processor.process([]) == .rejected(status: 400, reason: "no frames among the files given (expected PNG frames named by number, such as walk1.png, walk2.png…, PNG images to play in the order given, or one GIF, APNG or WebP)"))
    }

    /// The client goes away while its GIF is being made: the encode stops at the next frame.
    @Test func aCancelledUploadStops() async throws {
        let files = try Self.upload("explosion")
        let started = DispatchSemaphore(value: 0), resume = DispatchSemaphore(value: 0)
        let task = Task {
            await UploadProcessor().process(files, progress: { progress in
                if progress.done == 1 { started.signal(); resume.wait() }
            })
        }
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            Thread { started.wait(); continuation.resume() }.start()
        }
        task.cancel()
        resume.signal()
        #expect(await task.value == .rejected(status: 499, reason: "cancelled"))
    }

    /// The packing, planned from async code off the cooperative pool, reports its frames as one
    /// progress value whose fraction only grows, and ends at 1; both engines' files are written.
    @Test func thePackingReportsProgress() async throws {
        let folder = NSTemporaryDirectory() + "consumer-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let seen = Reports()
        let written = try await SheetStep(engines: [.phaser3, .godot4])
            .run(sources: ["\(Self.sequences)/kenney-robot-walk", "\(Self.sequences)/kenney-gold-coin"], into: folder, progress: seen.add)
        #expect(written.count == 4 && written.allSatisfy { FileManager.default.fileExists(atPath: $0) })
        let reports = seen.values
        #expect(reports.count == 12 && reports.allSatisfy { $0.phase == .reading && $0.total == 12 })
        #expect(zip(reports, reports.dropFirst()).allSatisfy { $0.fraction <= $1.fraction })
        #expect(reports.last?.fraction == 1)
    }

    /// One packing, written for Phaser and for Godot; then read back as each engine's data.
    @Test func oneSheetForTwoEngines() async throws {
        let folder = NSTemporaryDirectory() + "consumer-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let step = SheetStep(engines: [.phaser3, .godot4])
        let written = try await step.run(sources: ["\(Self.sequences)/kenney-robot-walk", "\(Self.sequences)/kenney-gold-coin"], into: folder)
        #expect(written.contains("\(folder)/sheet-phaser3.json") && written.contains("\(folder)/sheet-godot4.tres"))
        let phaser = try SheetImport.read("\(folder)/sheet-phaser3.json")
        let godot = try SheetImport.read("\(folder)/sheet-godot4.tres")
        #expect(phaser.sprites.count == 12)
        #expect(godot.sprites.count == phaser.sprites.count)
        for sprite in phaser.sprites {
            let twin = try #require(godot.sprites.first { $0.frame == sprite.frame })
            #expect(try godot.frame(twin) == phaser.frame(sprite))
        }

        do {
            _ = try await step.run(sources: ["\(Self.sequences)/no-such-folder"], into: folder)
            Issue.record("a missing folder was packed")
        } catch {
            guard case .source(.notFound(let source)) = error else { Issue.record("\(error)"); return }
            #expect(source.hasSuffix("no-such-folder"))
        }
        do {
            _ = try await SheetStep(engines: [.pixi], builder: SheetBuilder(alphaHandling: .premultiply))
                .run(sources: ["\(Self.sequences)/kenney-gold-coin"], into: folder)
            Issue.record("premultiplied pages for PixiJS were written")
        } catch {
            guard case .engine(let refusal) = error else { Issue.record("\(error)"); return }
            #expect(refusal.engine == .pixi)
        }
    }
}

/// Progress reports from the decoding threads, for the test to read.
final class Reports: @unchecked Sendable {
    private let lock = NSLock()
    private var reports: [JobProgress] = []

    /// The callback that records each report.
    var add: @Sendable (JobProgress) -> Void { { [self] report in lock.withLock { reports.append(report) } } }

    /// The reports so far, in the order they came.
    var values: [JobProgress] { lock.withLock { reports } }
}
