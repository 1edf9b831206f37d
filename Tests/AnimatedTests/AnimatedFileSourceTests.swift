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
        _ = try job.run()
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
        _ = try AssembleJob(sources: [Self.spinner], output: "\(folder)/spin.webp").run()
        #expect(throws: Animation.LoadError.gifAmongOtherSources(gif: "\(folder)/spin.webp")) {
            try Animation.load(["\(folder)/spin.webp", Self.spinner])
        }
    }

    @Test(arguments: ["spin.webp", "spin.apng"])
    func aDamagedFileIsAnErrorNamingIt(_ name: String) throws {
        let folder = try Fixtures.temporaryFolder("animated-source")
        _ = try AssembleJob(sources: [Self.spinner], output: "\(folder)/\(name)").run()
        let bytes = try FileIO.readAll("\(folder)/\(name)")
        try FileIO.writeAtomically(Array(bytes.prefix(bytes.count / 2)), to: "\(folder)/\(name)")
        #expect { try Animation.load(["\(folder)/\(name)"]) } throws: { error in
            "\(error)".contains(name)
        }
    }
}
