import Animated
import Basics
import Foundation
import GIF
import Raster
import Testing
import TestSupport

/// A Swift server developer reading the docs alone (issue 44's fresh-eyes round) found values the
/// sequence writer and `sequence.json` took unchecked: `writeFrames(count: Int.max)` wrote 29 510
/// temporary files (118 MB) in 20 s where `FrameInput(count:)` refuses the count at once;
/// `SequenceWriter(scale: 9)` wrote `w1@9x.png`; `SequenceManifest(fps: 0).write(to:)` wrote a
/// file its own `read` refuses, and NaN gave Foundation's raw "Unable to encode Double.nan".
@Suite("SequenceWriter and SequenceManifest check their values")
struct SequenceWriterCheckedValuesTests {
    struct Unexpected: Error {}

    /// Frames asked of `frame` so far.
    final class Calls: @unchecked Sendable {
        private let lock = NSLock()
        private var count = 0
        func add() { lock.withLock { count += 1 } }
        var value: Int { lock.withLock { count } }
    }

    /// A count over the writer's `maxFrames` is refused before one frame is made or one file
    /// written (the frame maker throws: before, the first frame's error came back instead).
    @Test(arguments: [(ResourceLimits.default, Int.max), (.default, 20_001), (ResourceLimits(maxFrames: 3), 4)])
    func aCountOverMaxFramesIsRefusedFirst(limits: ResourceLimits, count: Int) throws {
        let folder = try Fixtures.temporaryFolder("writer-count")
        let writer = try SequenceWriter(folder: folder, prefix: "w", limits: limits)
        let calls = Calls()
        #expect(throws: SequenceWriter.Error.limit(LimitError(limit: .frames, subject: "SequenceWriter.writeFrames(count:)", amount: count,
                                                              maximum: limits.maxFrames))) {
            try writer.writeFrames(count: count) { _ in calls.add(); throw Unexpected() }
        }
        #expect(calls.value == 0)
        #expect(try FileIO.entries(of: folder).isEmpty)
    }

    /// Scales outside 1…3 (Animation.scaleRange, the one range the docs give) are a setting error
    /// naming the scale, and no folder is made.
    @Test(arguments: [0, -1, 4, 9, Int.max, Int.min])
    func scalesOutsideTheRangeAreRefused(scale: Int) throws {
        let folder = try Fixtures.temporaryFolder("writer-scale") + "/out"
        #expect(throws: SequenceWriter.Error.setting(SettingError(.scale, of: "SequenceWriter", value: scale, allowed: .range(1...3)))) {
            _ = try SequenceWriter(folder: folder, prefix: "w", scale: scale)
        }
        #expect(!FileManager.default.fileExists(atPath: folder))
    }

    /// The scales in range still write their `@Nx` names.
    @Test(arguments: Animation.scaleRange)
    func scalesInTheRangeWrite(scale: Int) throws {
        let folder = try Fixtures.temporaryFolder("writer-scale-ok")
        let writer = try SequenceWriter(folder: folder, prefix: "w", scale: scale)
        try writer.writeFrames(count: 2) { _ in try Bitmap(width: scale, height: scale, scale: scale) }
        let names = try writer.commit().map { FileIO.lastComponent(of: $0) }
        #expect(names == (scale == 1 ? ["w1.png", "w2.png"] : ["w1@\(scale)x.png", "w2@\(scale)x.png"]))
    }

    /// Limits that are not positive are the writer's setting error, as every job's.
    @Test func limitsOutOfRangeAreASettingError() throws {
        let folder = try Fixtures.temporaryFolder("writer-limits")
        #expect(throws: SequenceWriter.Error.setting(SettingError(.limit(.frames), of: "ResourceLimits", value: -1, allowed: .atLeast(1)))) {
            _ = try SequenceWriter(folder: folder, prefix: "w", limits: ResourceLimits(maxFrames: -1))
        }
    }

    /// What `read` refuses, `write` refuses too, as the same schema error naming the key; nothing
    /// is written. NaN is named as the field's value, not as Foundation's encoder error.
    @Test(arguments: [
        (SequenceManifest(fps: 0), "fps", "0"), (SequenceManifest(fps: -1), "fps", "-1"),
        (SequenceManifest(fps: 1e-300), "fps", "1e-300"), (SequenceManifest(fps: .nan), "fps", "NaN"),
        (SequenceManifest(duration: .nan), "duration", "NaN"), (SequenceManifest(repeatCount: -1), "repeatCount", "-1"),
        (SequenceManifest(frameDurations: [100, .nan]), "frameDurations[1]", "NaN"), (SequenceManifest(scale: 9), "scale", "9"),
        (SequenceManifest(fps: 10, duration: 1), "duration", nil),
    ] as [(SequenceManifest, String, String?)])
    func writeRefusesWhatReadRefuses(manifest: SequenceManifest, key: String, found: String?) throws {
        let folder = try Fixtures.temporaryFolder("manifest-write")
        let path = folder + "/sequence.json"
        do throws(SequenceManifest.Error) {
            try manifest.write(to: path)
            Issue.record("\(manifest) was written")
        } catch {
            guard case .schema(let schema) = error else { Issue.record("\(error)"); return }
            #expect(schema == manifest.valueError(file: path))
            #expect(schema.file == path && schema.path.description == key)
            if let found { #expect(error.description.contains("(found \(found))"), "\(error)") }
            #expect(!error.description.contains("EncodingError"))
        }
        #expect(!FileManager.default.fileExists(atPath: path))
        // The output set's form and the in-memory form follow the same rule.
        #expect(throws: SequenceManifest.Error.self) { try manifest.write(to: path, in: OutputSet(owner: folder + "/w")) }
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    /// A manifest in range is written and reads back equal.
    @Test func aManifestInRangeRoundTrips() throws {
        let path = try Fixtures.temporaryFolder("manifest-ok") + "/sequence.json"
        let manifest = SequenceManifest(name: "w", fps: 1.0 / 86_400, repeatCount: 2, scale: 3)
        try manifest.write(to: path)
        #expect(try SequenceManifest.read(file: path) == manifest)
    }

    /// The in-memory form of an animation's frames refuses a scale out of range as the writer does.
    @Test(arguments: [0, 4, Int.max])
    func encodedFramesRefusesAScaleOutOfRange(scale: Int) throws {
        let frame = try Bitmap(width: 2, height: 2)
        let bytes = try GIF.Encoder().encode(FrameInput(durations: [0.1]) { _ in frame }).bytes
        let decoder = try GIF.Decoder(bytes: bytes, file: "w.gif")
        #expect(throws: SequenceWriter.Error.setting(SettingError(.scale, of: "AnimationDecoder.encodedFrames", value: scale,
                                                                  allowed: .range(1...3)))) {
            _ = try decoder.encodedFrames(prefix: "w", scale: scale)
        }
    }
}
