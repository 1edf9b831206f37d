import Animated
import Basics
import Foundation
import Raster
import Testing
import TestSupport

/// An APNG or WebP that `assemble` wrote reads back as a source: the same frames, the same timing,
/// the same repeat count — by `Animation.load`, from disk and from memory.
@Suite("APNG and WebP as sources")
struct AnimatedFileSourceTests {
    static let spinner = Fixtures.path("sequences/emt-watch-spinner-2x")

    @Test(arguments: ["spin.png", "spin.apng", "spin.webp"])
    func anAssembledFileReadsBackAsItsFrames(_ name: String) throws {
        let folder = try Fixtures.temporaryFolder("animated-source")
        var job = AssembleJob(sources: [Self.spinner], output: "\(folder)/\(name)")
        job.repeatCount = 3
        job.timing = Animation.Timing(fps: 20)
        _ = try job.run(cancellation: nil)
        let source = try fixtureFrames("emt-watch-spinner-2x")
        let fromDisk = try Animation.load(["\(folder)/\(name)"])
        let bytes = try FileIO.readAll("\(folder)/\(name)")
        let fromMemory = try Animation.load(files: [InMemoryFile(name: name, bytes: bytes)])
        for animation in [fromDisk, fromMemory] {
            #expect(animation.frames.count == source.count)
            #expect(animation.repeatCount == 3)
            #expect(animation.frameDurations?.allSatisfy { abs($0 - 0.05) < 1e-9 } == true)
            for (frame, expected) in zip(animation.frames, source) { #expect(shows(try frame.load(), expected)) }
        }
    }

    @Test func aStillPNGStaysAOneFrameSequence() throws {
        let coin = Fixtures.path("sequences/kenney-gold-coin/gold_1.png")
        let animation = try Animation.load([coin])
        #expect(animation.frames == [.file(coin)])
    }

    @Test func anAnimationAmongOtherSourcesIsRefused() throws {
        let folder = try Fixtures.temporaryFolder("animated-source")
        _ = try AssembleJob(sources: [Self.spinner], output: "\(folder)/spin.webp").run(cancellation: nil)
        #expect(throws: Animation.LoadError.gifAmongOtherSources(gif: "\(folder)/spin.webp")) {
            try Animation.load(["\(folder)/spin.webp", Self.spinner])
        }
    }

    /// A file cut in half reads as the frames before the cut, as a GIF cut short does, with a
    /// warning naming it that `assemble` and `frames` print (it was refused).
    @Test(arguments: ["spin.webp", "spin.apng"])
    func aFileCutShortKeepsItsWholeFramesWithAWarning(_ name: String) throws {
        let folder = try Fixtures.temporaryFolder("animated-source")
        _ = try AssembleJob(sources: [Self.spinner], output: "\(folder)/\(name)").run(cancellation: nil)
        let whole = try Animation.load(["\(folder)/\(name)"])
        #expect(whole.frames.count == 30 && whole.warnings.isEmpty)
        let bytes = try FileIO.readAll("\(folder)/\(name)")
        try FileIO.writeAtomically(Array(bytes.prefix(bytes.count / 2)), to: "\(folder)/\(name)")
        let cut = try Animation.load(["\(folder)/\(name)"])
        #expect(cut.frames.count > 0 && cut.frames.count < whole.frames.count)
        for (frame, expected) in zip(cut.frames, whole.frames) { #expect(try frame.load() == expected.load()) }
        #expect(cut.warnings.count == 1 && cut.warnings[0].hasPrefix("\(folder)/\(name) is cut short ("), "\(cut.warnings)")
    }

    /// Cut before its first whole frame, a file is still an error naming it.
    @Test(arguments: ["spin.webp", "spin.apng"])
    func aFileCutBeforeItsFirstFrameIsAnErrorNamingIt(_ name: String) throws {
        let folder = try Fixtures.temporaryFolder("animated-source")
        _ = try AssembleJob(sources: [Self.spinner], output: "\(folder)/\(name)").run(cancellation: nil)
        let bytes = try FileIO.readAll("\(folder)/\(name)")
        try FileIO.writeAtomically(Array(bytes.prefix(120)), to: "\(folder)/\(name)")
        #expect { try Animation.load(["\(folder)/\(name)"]) } throws: { error in
            guard case .decode(let decode) = error as? Animation.LoadError else { return false }
            return decode.file == "\(folder)/\(name)" && "\(error)".contains(name)
        }
    }
}
