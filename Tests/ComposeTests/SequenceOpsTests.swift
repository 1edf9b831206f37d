import Animated
import Basics
import Compose
import Foundation
import Raster
import Testing
import TestSupport

/// Issue 46, a new user's round over the image operations on sequences: a resize that rounds a
/// frame to no pixel, the names in errors, on real fixtures (Kenney's gold coin: 4 frames of 64²).
@Suite struct SequenceOpsTests {
    static let coin = Fixtures.path("sequences/kenney-gold-coin")

    /// `resize SEQ --scale 1e-9` made 1×1 frames (exit 0) where one PNG is refused: every size
    /// that rounds a side to 0 pixels is refused, by the job before any frame is written and by
    /// `FrameOperation.apply` for one frame, naming the size it rounds to.
    @Test(arguments: [FrameOperation.scale(factor: 1e-9, filter: .lanczos3),
                      .resize(width: 0.1, height: 20, filter: .bilinear, fit: .fill),
                      .slice(NineSlice(insets: NineSlice.Insets(top: 1, left: 1, bottom: 1, right: 1)), width: 20, height: 0.2)])
    func aSizeRoundingToNoPixelIsRefused(_ operation: FrameOperation) throws {
        let out = try Fixtures.temporaryFolder("seqops-no-pixels") + "/out"
        let error = #expect(throws: FrameOperationError.self) {
            _ = try FrameOperationJob(sources: [Self.coin], output: out, operation: operation).run(cancellation: nil)
        }
        guard case .noPixels(_, let width, let height, _)? = error else { Issue.record("\(String(describing: error))"); return }
        #expect(width == 0 || height == 0)
        #expect(error?.description.contains("\(width)×\(height) px") == true, "\(String(describing: error))")
        #expect(error?.description.contains("at least one pixel a side") == true)
        #expect(!FileManager.default.fileExists(atPath: out))
        let frame = try PNG.Decoder().decodeBitmap(file: Self.coin + "/gold_1.png")
        #expect(throws: FrameOperationError.self) { _ = try operation.apply(to: frame, file: "gold_1.png") }
    }

    /// One pixel a side is still made: the smallest factor that rounds 64 px to 1.
    @Test func aSizeOfOnePixelIsMade() throws {
        let out = try Fixtures.temporaryFolder("seqops-one-pixel") + "/out"
        let outcome = try FrameOperationJob(sources: [Self.coin], output: out, operation: .scale(factor: 0.0079, filter: .lanczos3)).run(cancellation: nil)
        #expect(outcome.width == 1 && outcome.height == 1 && outcome.frames == 4)
    }
}
