import Animated
import Basics
import Foundation
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
        #expect(throws: Validator.Error.setting(expected)) { _ = try validator.validate([Self.coin]) }
        let frame = InMemoryFile(name: "gold_1.png", bytes: try Fixtures.bytes("sequences/kenney-gold-coin/gold_1.png"))
        #expect(throws: Validator.Error.setting(expected)) { _ = try validator.validate(files: [frame]) }
        await #expect(throws: Validator.Error.setting(expected)) { _ = try await validator.validate([Self.coin]) }
        #expect(Validator.Error.setting(expected).description == "Validator.threads must be positive (got \(threads))")
    }

    @Test func oneThreadValidates() throws {
        var validator = Validator()
        validator.threads = 1
        #expect(try validator.validate([Self.coin]).fileCount == 4)
    }
}
