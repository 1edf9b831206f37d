import Animated
import Basics
import Foundation
import Testing
import TestSupport

/// `Animation.load` held a PNG sequence of any length whatever `maxFrames` said (81 frames with
/// `maxFrames = 3`, found by a Swift developer's review): the jobs refused it, the loader every
/// caller may use alone did not. It now refuses it as it refuses an animated file's frames.
@Suite("Animation.load: maxFrames bounds PNG frames too")
struct LoadFrameLimitTests {
    static let coin = Fixtures.path("sequences/kenney-gold-coin")

    /// The coin's four frames loaded one way: 0 the folder, 1 listed out of order, 2 in memory.
    static func load(_ form: Int, limits: ResourceLimits) throws -> Animation {
        let names = try FileManager.default.contentsOfDirectory(atPath: coin).filter { $0.hasSuffix(".png") }.sorted()
        switch form {
        case 0: return try Animation.load([coin], limits: limits)
        case 1: return try Animation.load([names[3], names[0], names[1], names[2]].map { coin + "/" + $0 }, limits: limits)
        default: return try Animation.load(files: try names.map { InMemoryFile(name: $0, bytes: try FileIO.readAll(coin + "/" + $0)) }, limits: limits)
        }
    }

    @Test(arguments: [0, 1, 2])
    func fourFramesOverALimitOfThreeAreRefused(form: Int) throws {
        // Named as the caller gave it (it said "Animation.load", issue 46): the folder, or the files given.
        let subject = form == 0 ? Self.coin : Discovery.filesGiven
        #expect(throws: Animation.LoadError.limit(LimitError(limit: .frames, subject: subject, amount: 4, maximum: 3))) {
            _ = try Self.load(form, limits: ResourceLimits(maxFrames: 3))
        }
        #expect(try Self.load(form, limits: ResourceLimits(maxFrames: 4)).frames.count == 4)
    }
}
