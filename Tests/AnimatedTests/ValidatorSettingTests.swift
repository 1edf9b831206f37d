import Animated
import Basics
import Foundation
import Raster
import Testing
import TestSupport

/// Issue 43: `Validator.threads = 0` (or negative) was taken and the files read anyway; the CLI
/// refused `--threads 0` in words of its own. The validator now refuses it first, as
/// `AssembleJob` and `SheetJob` do, with a setting error naming `threads`, on disk, in memory and
/// in its `async` forms.
@Suite("Validator settings")
struct ValidatorSettingTests {
    static let coin = Fixtures.path("sequences/kenney-gold-coin")

    @Test(arguments: [0, -1, Int.min])
    func threadsUnderOneAreASettingError(threads: Int) async throws {
        var validator = Validator()
        validator.threads = threads
        let expected = SettingError(.threads, of: "Validator", value: threads, allowed: .atLeast(1))
        #expect(throws: Validator.Error.setting(expected)) { _ = try validator.validate([Self.coin], cancellation: nil) }
        let frame = InMemoryFile(name: "gold_1.png", bytes: try Fixtures.bytes("sequences/kenney-gold-coin/gold_1.png"))
        #expect(throws: Validator.Error.setting(expected)) { _ = try validator.validate(files: [frame], cancellation: nil) }
        await #expect(throws: Validator.Error.setting(expected)) { _ = try await validator.validate([Self.coin]) }
        #expect(Validator.Error.setting(expected).description == "Validator.threads must be positive (got \(threads))")
    }

    @Test func oneThreadValidates() throws {
        var validator = Validator()
        validator.threads = 1
        #expect(try validator.validate([Self.coin], cancellation: nil).fileCount == 4)
    }

    /// Issue 44: the validator took only a PNG decoder's pixel limit, so a lone GIF in an upload
    /// was read within the default limits whatever the server asked (`AssembleJob` takes
    /// `limits`); it now takes the same `ResourceLimits` as every job.
    @Test func aLoneAnimationIsReadWithinTheValidatorsLimits() throws {
        let gif = InMemoryFile(name: "boom.gif", bytes: try Fixtures.bytes("gif/effects/Effect_Kabooms_2x.gif"))
        #expect(try Validator().validate(files: [gif], cancellation: nil).fileCount == 1)
        var limits = ResourceLimits.default
        limits.maxOutputPixels = 1000
        #expect {
            _ = try Validator(limits: limits).validate(files: [gif], cancellation: nil)
        } throws: { error in
            guard case .animation(let decode) = error as? Validator.Error else { return false }
            return decode.description.contains("maxOutputPixels")
        }
        // The decoder's limit and the limits' are one setting.
        var validator = Validator(limits: limits)
        validator.decoder = PNG.Decoder(maxPixels: 77)
        #expect(validator.limits.maxPixels == 77 && validator.limits.maxOutputPixels == 1000)
        limits.maxFrames = 0
        let refusal = SettingError(.limit(.frames), of: "ResourceLimits", value: 0, allowed: .atLeast(1))
        #expect(throws: Validator.Error.setting(refusal)) { _ = try Validator(limits: limits).validate(files: [gif], cancellation: nil) }
    }
}
