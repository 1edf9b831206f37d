import Animated
import Basics
import Foundation
import Raster
import Testing
import TestSupport

/// `SequenceWriter.write(_:number: -1)` wrote `n-1.png`, which reads back as frame 1 of a sequence
/// `n-` (found by a new-user round): numbers under 1 are refused before anything is written, and
/// 1 and up still write.
@Suite("SequenceWriter: frame numbers")
struct SequenceWriterNumberTests {
    @Test(arguments: [0, -1, Int.min])
    func numbersUnderOneAreRefused(number: Int) throws {
        let folder = try Fixtures.temporaryFolder("writer-numbers")
        let writer = try SequenceWriter(folder: folder, prefix: "n")
        let frame = try PNG.Decoder().decodeBitmap(file: Fixtures.path("sequences/kenney-gold-coin/gold_1.png"))
        #expect {
            try writer.write(frame, number: number)
        } throws: { error in
            guard case .output(.unsupportedName(let path, let reason))? = error as? SequenceWriter.Error else { return false }
            return path == folder + "/n\(number).png" && reason.contains("start at 1")
        }
        try writer.write(frame, number: 1)
        #expect(try writer.commit(manifest: nil).map { FileIO.lastComponent(of: $0) } == ["n1.png"])
    }
}

/// A run at another scale into a folder holding this sequence's @1x frames shares their
/// `sequence.json`: `generate --scale 2 --fps 10 --frames 5` over a 12-frame 30 fps @1x run retimed
/// it and left frames 6–12 without @2x, without a word (found by a new-user round). Another
/// frame count or another timing is refused before anything is replaced; the same is written.
@Suite("SequenceWriter: scales share sequence.json")
struct SequenceWriterScaleTests {
    static func write(_ folder: String, scale: Int, frames: Int, fps: Double) throws {
        let frame = try Bitmap(width: 2 * scale, height: 2 * scale, scale: scale)
        let writer = try SequenceWriter(folder: folder, prefix: "gull", scale: scale)
        for number in 1...frames { try writer.write(frame, number: number) }
        try writer.commit(manifest: SequenceManifest(name: "gull", fps: fps))
    }

    @Test func anotherCountOrTimingAtAnotherScaleIsRefused() throws {
        let folder = try Fixtures.temporaryFolder("writer-scales")
        try Self.write(folder, scale: 1, frames: 12, fps: 30)
        let before = try FileIO.readAll(folder + "/sequence.json")
        for (frames, fps, detail) in [(5, 30.0, "12 frames at @1x where this @2x run writes 5"), (12, 10.0, "times them otherwise (fps 10 here, 30 there)")] {
            #expect {
                try Self.write(folder, scale: 2, frames: frames, fps: fps)
            } throws: { error in
                guard case .output(.otherScaleDiffers(_, let otherScale, let said))? = error as? SequenceWriter.Error else { return false }
                return otherScale == 1 && said.contains(detail)
            }
            #expect(try FileIO.readAll(folder + "/sequence.json") == before)
            #expect(!FileManager.default.fileExists(atPath: folder + "/gull1@2x.png"))
        }
        try Self.write(folder, scale: 2, frames: 12, fps: 30)
        #expect(FileManager.default.fileExists(atPath: folder + "/gull12@2x.png"))
    }

    /// The same timing written otherwise is the same timing: `frames` wrote `frameDurations [40, 40]`
    /// where a 25 fps run at @2x was refused as timing them otherwise (fresh eyes 52).
    @Test func theSameTimingWrittenOtherwiseIsAccepted() throws {
        let folder = try Fixtures.temporaryFolder("writer-scales-alike")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let frame = try Bitmap(width: 2, height: 2)
        let writer = try SequenceWriter(folder: folder, prefix: "gull")
        for number in 1...2 { try writer.write(frame, number: number) }
        try writer.commit(manifest: SequenceManifest(name: "gull", frameDurations: [40, 40]))
        try Self.write(folder, scale: 2, frames: 2, fps: 25)
        #expect(FileManager.default.fileExists(atPath: folder + "/gull2@2x.png"))
        #expect {
            try Self.write(folder, scale: 3, frames: 2, fps: 24)
        } throws: { error in
            guard case .output(.otherScaleDiffers(_, _, let said))? = error as? SequenceWriter.Error else { return false }
            return said.contains("times them otherwise")
        }
    }
}
