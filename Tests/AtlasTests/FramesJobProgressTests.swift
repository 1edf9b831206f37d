import Animated
import Atlas
import Basics
import Foundation
import Testing
import TestSupport

/// `FramesJob` reports the input read, then each frame written, as one `JobProgress` whose fraction
/// only grows and ends at 1.
@Suite("FramesJob progress: reading, then each frame written")
struct FramesJobProgressTests {
    static let coin = Fixtures.path("sequences/kenney-gold-coin")

    /// The 4-frame coin as a WebP, an APNG and a sheet (written by the jobs), each exploded.
    @Test(arguments: ["coin.webp", "coin.apng", "coin.json"])
    func eachFrameWrittenIsReported(_ name: String) throws {
        let folder = try Fixtures.temporaryFolder("frames-progress")
        let input = "\(folder)/\(name)"
        if name.hasSuffix(".json") {
            let sheet = SheetJob(sources: [Self.coin], output: "\(folder)/coin.png", data: input)
            try sheet.write(try sheet.plan(cancellation: nil), cancellation: nil)
        } else {
            _ = try AssembleJob(sources: [Self.coin], output: input).run(cancellation: nil)
        }
        let log = ProgressLog()
        let outcome = try FramesJob(input: input, output: "\(folder)/frames").run(progress: log.callback, cancellation: nil)
        #expect(outcome.files.filter { $0.hasSuffix(".png") }.count == 4)
        let reports = log.values
        #expect(reports.prefix(2).map(\.phase) == [.reading, .reading] && reports.prefix(2).map(\.done) == [0, 1])
        #expect(reports.dropFirst(2).map(\.done) == [1, 2, 3, 4] && reports.dropFirst(2).allSatisfy { $0.phase == .writing && $0.total == 4 })
        #expect(log.neverGoesBackwards && reports[1].fraction == 0.25 && reports.last?.fraction == 1)
    }

    /// A GIF's frames are counted from its structure before any is decoded: reading, then each of
    /// fire.gif's 33 frames (it gave one report, at the end).
    @Test func aGIFReportsEachFrameToo() throws {
        let log = ProgressLog()
        let outcome = try FramesJob(input: Fixtures.path("gif/giflib/fire.gif"), output: try Fixtures.temporaryFolder("frames-progress-gif"))
            .run(progress: log.callback, cancellation: nil)
        #expect(outcome.files.count == 34, "33 frames and sequence.json")
        let reports = log.values
        #expect(reports.prefix(2).map(\.phase) == [.reading, .reading])
        #expect(reports.dropFirst(2).map(\.done) == Array(1...33) && reports.dropFirst(2).allSatisfy { $0.phase == .writing && $0.total == 33 })
        #expect(log.neverGoesBackwards && reports.last?.fraction == 1)
    }
}

/// A GIF of a kilobyte that declares fifty 8000² frames made `frames` work 154 s and write 3.2
/// gigapixels (found by a new-user round): the frames a file declares, times its canvas, are
/// checked against `ResourceLimits.maxOutputPixels` before any is decoded.
@Suite("FramesJob: output in proportion")
struct FramesJobOutputBudgetTests {
    /// A GIF of `frames` 1×1 images on a `side`² canvas (each a few bytes).
    static func tinyFramesOnAHugeCanvas(side: Int, frames: Int) -> [UInt8] {
        func le(_ v: Int) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8)] }
        var bytes = Array("GIF89a".utf8) + le(side) + le(side) + [0x80, 0, 0, 0, 0, 0, 0xFF, 0xFF, 0xFF]
        for i in 0..<frames {
            bytes += [0x21, 0xF9, 0x04, 0x04, 0x02, 0, 0, 0, 0x2C] + le(i % side) + le(0) + le(1) + le(1) + [0, 0x02, 0x02, 0x4C, 0x01, 0x00]
        }
        return bytes + [0x3B]
    }

    @Test func aHugeDeclaredOutputIsRefusedBeforeDecoding() throws {
        let folder = try Fixtures.temporaryFolder("frames-budget")
        let bytes = Self.tinyFramesOnAHugeCanvas(side: 8000, frames: 50)
        #expect(bytes.count < 1500)
        try Data(bytes).write(to: URL(fileURLWithPath: folder + "/b.gif"))
        #expect(throws: FramesJobError.limit(LimitError(limit: .outputPixels, subject: folder + "/b.gif", amount: 50 * 8000 * 8000,
                                                        maximum: 1 << 28, detail: "50 frames of 8000×8000"))) {
            _ = try FramesJob(input: folder + "/b.gif", output: folder + "/out").run(cancellation: nil)
        }
        #expect(!FileManager.default.fileExists(atPath: folder + "/out"))
        // Within a raised limit, the same file is exploded (here 3 frames of 64²).
        try Data(Self.tinyFramesOnAHugeCanvas(side: 64, frames: 3)).write(to: URL(fileURLWithPath: folder + "/s.gif"))
        let outcome = try FramesJob(input: folder + "/s.gif", output: folder + "/small", limits: ResourceLimits(maxOutputPixels: 3 * 64 * 64)).run(cancellation: nil)
        #expect(outcome.files.filter { $0.hasSuffix(".png") }.count == 3)
    }
}

/// `FramesJob` has the jobs' shape: a cancellation flag and an `async` run on a thread of its own
/// that a cancelled task stops (it had neither). Cancelled, it writes nothing.
@Suite("FramesJob: cancellation and async")
struct FramesJobAsyncTests {
    @Test func aRaisedFlagStopsBeforeAnyFrameIsWritten() throws {
        let folder = try Fixtures.temporaryFolder("frames-cancel")
        let flag = CancellationFlag()
        flag.cancel()
        #expect(throws: FramesJobError.cancelled) {
            try FramesJob(input: Fixtures.path("gif/giflib/fire.gif"), output: folder + "/out").run(cancellation: flag)
        }
        #expect(!FileManager.default.fileExists(atPath: folder + "/out/fire1.png"))
    }

    @Test func theAsyncRunWritesWhatTheSyncOneDoes() async throws {
        let folder = try Fixtures.temporaryFolder("frames-async")
        let input = Fixtures.path("gif/giflib/fire.gif")
        let sync: FramesJob.Outcome = try FramesJob(input: input, output: folder + "/sync").run(progress: nil, cancellation: nil)
        let async = try await FramesJob(input: input, output: folder + "/async").run()
        #expect(sync.files.count == 34 && async.files.count == 34)
        for (a, b) in zip(sync.files, async.files) { #expect(try FileIO.readAll(a) == FileIO.readAll(b)) }
    }

    @Test func aCancelledTaskWritesNothing() async throws {
        let folder = try Fixtures.temporaryFolder("frames-async-cancel")
        let task = Task { () async throws(FramesJobError) -> FramesJob.Outcome in
            withUnsafeCurrentTask { $0?.cancel() }
            return try await FramesJob(input: Fixtures.path("gif/giflib/fire.gif"), output: folder + "/out").run()
        }
        await #expect(throws: FramesJobError.cancelled) { try await task.value }
        #expect(!FileManager.default.fileExists(atPath: folder + "/out/fire1.png"))
    }
}
