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
            guard case .unsupportedName(let path, let reason)? = error as? OutputError else { return false }
            return path == folder + "/n\(number).png" && reason.contains("start at 1")
        }
        try writer.write(frame, number: 1)
        #expect(try writer.commit(manifest: nil).map { FileIO.lastComponent(of: $0) } == ["n1.png"])
    }
}
