import Basics
import Foundation
import Testing
import TestSupport
import Text

/// `NoteJob` with a limit of 0 or less said "over the limit of -1; raise ResourceLimits.maxPixels"
/// where AssembleJob and SheetJob give their setting error (found by a fresh-eyes server
/// developer): it is now `.setting`, before the font or the chrome is read.
@Suite("NoteJob: limits out of range")
struct NoteJobLimitsTests {
    @Test(arguments: [(ResourceLimits(maxPixels: -1), LimitError.Limit.pixels, -1), (ResourceLimits(maxDecodedBytes: 0), .decodedBytes, 0)]
          as [(ResourceLimits, LimitError.Limit, Int)])
    func limitsOutOfRangeAreASettingError(limits: ResourceLimits, limit: LimitError.Limit, value: Int) throws {
        let job = NoteJob(text: "Tap", chrome: Fixtures.path("text/chrome/missing.png"), insets: NoteJobTests.insets, output: nil, limits: limits)
        #expect(throws: NoteError.setting(SettingError(.limit(limit), of: "ResourceLimits", value: value, allowed: .atLeast(1)))) {
            _ = try job.plan(cancellation: nil)
        }
    }
}
