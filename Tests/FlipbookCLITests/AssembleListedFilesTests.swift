import Animated
import Foundation
import GIF
import Raster
import Testing
import TestSupport

/// PNG files listed by hand play as listed (issue 32: `assemble` refused names without numbers,
/// sorted a hand-made order by number and dropped a file named twice); a glob's name order still
/// reads as the numbered sequence it is.
@Suite("flipbook assemble of listed files")
struct AssembleListedFilesTests {
    static let coin = "sequences/kenney-gold-coin"
    static let items = "sprites/kenney-items"

    /// Which listed file each GIF frame shows (the closest source by mean difference), and each
    /// frame's delay in centiseconds.
    static func framesShown(_ gif: String, sources: [String]) throws -> (shown: [String], delays: [Int]) {
        let pictures = try sources.map { try PNG.Decoder().decodeBitmap(file: Fixtures.path($0)) }
        let frames = try GIF.Decoder(file: gif).allFrames()
        let shown = frames.map { frame in
            let distances = pictures.map { picture in
                zip(frame.image.pixels, picture.pixels).reduce(0) { $0 + abs(Int($1.0) - Int($1.1)) }
            }
            return sources[distances.firstIndex(of: distances.min()!)!]
        }
        return (shown, frames.map(\.delay))
    }

    /// (files in the order given, the file each frame shows, delays in cs, the note)
    @Test(arguments: [
        // A hand-made order plays as given, with a note (it was sorted by number).
        (["gold_3.png", "gold_1.png", "gold_2.png"], ["gold_3.png", "gold_1.png", "gold_2.png"], [3, 4, 3], true),
        // A file named twice plays twice: here a hold (it was dropped).
        (["gold_1.png", "gold_1.png", "gold_2.png"], ["gold_1.png", "gold_2.png"], [7, 3], true),
        // Name order (a shell glob) is the sequence, by number.
        (["gold_1.png", "gold_2.png", "gold_3.png", "gold_4.png"], ["gold_1.png", "gold_2.png", "gold_3.png", "gold_4.png"], [3, 4, 3, 3], false),
    ] as [([String], [String], [Int], Bool)])
    func numberedFilesPlayInTheOrderGiven(files: [String], shown: [String], delays: [Int], note: Bool) throws {
        let dir = try Fixtures.temporaryFolder("assemble-listed")
        let result = try CLI.run(["assemble"] + files.map { Fixtures.path("\(Self.coin)/\($0)") } + ["-o", "out.gif"], in: dir)
        #expect(result.status == 0, "\(result.stderr)")
        let read = try Self.framesShown("\(dir)/out.gif", sources: Set(files).sorted().map { "\(Self.coin)/\($0)" })
        #expect(read.shown == shown.map { "\(Self.coin)/\($0)" })
        #expect(read.delays == delays)
        #expect(result.stderr.contains("play in the order listed") == note, "\(result.stderr)")
    }

    /// Sprites without numbers (it exited 3, "no frames found") play in the order listed, and in
    /// name order when listed so.
    @Test(arguments: [
        ["coinGold.png", "coinSilver.png", "coinBronze.png"],
        ["coinBronze.png", "coinGold.png", "coinSilver.png"],
    ])
    func namedSpritesAreFrames(files: [String]) throws {
        let dir = try Fixtures.temporaryFolder("assemble-listed")
        let result = try CLI.run(["assemble"] + files.map { Fixtures.path("\(Self.items)/\($0)") } + ["-o", "coins.gif"], in: dir)
        #expect(result.status == 0, "\(result.stderr)")
        let read = try Self.framesShown("\(dir)/coins.gif", sources: files.map { "\(Self.items)/\($0)" })
        #expect(read.shown == files.map { "\(Self.items)/\($0)" })
    }

    /// A listed file that is not a PNG, or a listed name that is not there, is named as such (both
    /// said "no frames found"); numbered frames of two sequences in name order are still ambiguous.
    @Test(arguments: [
        (["gold_1.png", "License.txt"], "License.txt: not a PNG file"),
        (["gold_1.png", "gold_9.png"], "gold_9.png: no such file or folder"),
    ])
    func aWrongListedFileIsNamed(files: [String], message: String) throws {
        let result = try CLI.run(["assemble"] + files + ["-o", NSTemporaryDirectory() + "never.gif"], in: Fixtures.path(Self.coin))
        #expect(result.status == 3 && result.stderr.contains(message), "\(result.stderr)")
    }

    /// The library reads a list as the CLI does: `Animation.load` of a hand-made order.
    @Test func theLibraryKeepsTheListedOrder() throws {
        let files = ["gold_2.png", "gold_1.png"].map { Fixtures.path("\(Self.coin)/\($0)") }
        let animation = try Animation.load(files)
        #expect(animation.frames == files.map { FrameSource.file($0) })
        #expect(try Animation.load(files.reversed()).frames.count == 2)
    }
}
