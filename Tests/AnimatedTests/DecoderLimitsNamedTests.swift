import APNG
import Basics
import GIF
import Raster
import Testing
import TestSupport
import WebP

/// The decoders opened with a limit of 0 or less said "needs 4 096 pixels, over the limit of -1;
/// raise ResourceLimits.maxPixels to allow it" (found by a fresh-eyes server developer): a limit
/// that is not positive is the caller's setting, and the message now says so, naming it.
@Suite("Decoders name a limit that is not positive")
struct DecoderLimitsNamedTests {
    @Test(arguments: AnimationDecodeError.Format.allCases)
    func aLimitOutOfRangeIsNamedAsTheSetting(format: AnimationDecodeError.Format) throws {
        let bytes = try AnimationDecoderTests.coin(format)
        let type = try #require(AnimationDecoderTests.decoders.first { $0.0 == format }?.1)
        do {
            _ = try type.init(bytes: bytes, file: "c", limits: ResourceLimits(maxPixels: -1)).allFrames()
            Issue.record("read with maxPixels -1")
        } catch {
            guard case .limit(let limit) = error else { Issue.record("\(error)"); return }
            #expect(limit.limit == .pixels)
            #expect(error.description == "c: ResourceLimits.maxPixels must be positive (got -1)")
        }
    }

    @Test func anOrdinaryLimitStillSaysWhatToRaise() {
        let error = LimitError(limit: .pixels, subject: "c", amount: 4096, maximum: 100)
        #expect(error.description == "c: needs 4 096 pixels, over the limit of 100; raise ResourceLimits.maxPixels to allow it")
    }
}
