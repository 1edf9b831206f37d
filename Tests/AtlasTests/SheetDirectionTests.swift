import Animated
import Atlas
import Basics
import Raster
import Testing
import TestSupport

/// A sheet animation's direction is Animated's `Animation.Direction` — the four orders Aseprite
/// tags play in — not a string: a name that is none of them is refused with the nearest, and
/// `pingpong_reverse` reads, plays and writes back as itself.
@Suite("Sheet animation directions")
struct SheetDirectionTests {
    /// The committed Aseprite golden (its one tag is `pingpong`), with the tag's direction replaced.
    static func aseprite(direction: String) throws -> [UInt8] {
        let text = try String(contentsOfFile: Fixtures.path("atlas") + "/sheet.aseprite.json", encoding: .utf8)
        try #require(text.contains(#""direction": "pingpong""#))
        return Array(text.replacingOccurrences(of: #""direction": "pingpong""#, with: #""direction": "\#(direction)""#).utf8)
    }

    @Test(arguments: Animation.Direction.allCases)
    func eachDirectionReadsAndWritesAsItself(direction: Animation.Direction) throws {
        let (sprites, animations, image) = try AsepriteJSON.decode(try Self.aseprite(direction: direction.rawValue))
        #expect(animations.map(\.direction) == [direction, .forward])
        let sheet = SpriteSheet(pages: [try Bitmap(width: 32, height: 43)], sprites: sprites, animations: animations)
        let written = String(decoding: try AsepriteJSON.encode(sheet, image: image), as: UTF8.self)
        #expect(written.contains(#""direction": "\#(direction.rawValue)""#))
    }

    /// An unknown direction was kept as any string and played forward; it is refused, naming the key
    /// and the nearest direction.
    @Test func anUnknownDirectionIsRefusedWithTheNearest() throws {
        #expect {
            _ = try AsepriteJSON.decode(try Self.aseprite(direction: "pingpng"), file: "walk.json")
        } throws: { error in
            (error as? SheetDataError)?.description.contains(#"meta.frameTags[0].direction: unknown value "pingpng"; did you mean "pingpong"?"#) == true
        }
    }

    /// Each direction plays its sprites in the order `Animation` plays frames (one definition).
    @Test(arguments: [
        (Animation.Direction.forward, ["a", "b", "c", "d"]),
        (.reverse, ["d", "c", "b", "a"]),
        (.pingpong, ["a", "b", "c", "d", "c", "b"]),
        (.pingpongReverse, ["d", "c", "b", "a", "b", "c"]),
    ])
    func playedFramesFollowTheDirection(direction: Animation.Direction, played: [String]) throws {
        let animation = SpriteSheet.Animation(name: "walk", frames: ["a", "b", "c", "d"], direction: direction)
        #expect(animation.playedFrames == played)
        #expect(try direction.steps(count: 4).map { animation.frames[$0] } == played)
    }
}
