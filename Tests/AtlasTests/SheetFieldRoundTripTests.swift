import Animated
import Basics
import Raster
import Testing
@testable import Atlas

/// What Flipbook writes comes back through `SheetImport.read`, field by field, in every format
/// (issue 43, "nothing silently wrong"): Aseprite's `frameTags` were written and read back as no
/// animations, Godot's `speed` as no durations, libGDX's `index` groups as no animations. What a
/// format cannot carry (docs/Formats.md, "What each format carries") comes back with a warning.
@Suite("Sheet round trip, field by field")
struct SheetFieldRoundTripTests {
    /// Whether `format` stores per-frame durations (Godot 3: one speed per animation).
    static func carriesDurations(_ format: SheetExport.Format) -> Bool { ![.libgdx, .spritekit, .cocos2d].contains(format) }
    /// Whether `format` stores animations.
    static func carriesAnimations(_ format: SheetExport.Format) -> Bool { ![.spritekit, .cocos2d].contains(format) }

    /// A sheet of two animations at different rates: `walk` (3 frames, 100 ms: 10 fps) and `run`
    /// (2 frames, 33 ms: 30 fps); `run0` is trimmed, `run1` trimmed and — where the format can
    /// store it — rotated the format's way. Names follow Godot's (animation + position), which
    /// cannot carry names of its own.
    static func sheet(for format: SheetExport.Format, walk: [Int] = [100, 100, 100],
                      direction: Animated.Animation.Direction = .forward, repeatCount: Int = 0) throws -> SpriteSheet {
        var page = try Bitmap(width: 40, height: 8)
        for y in 0..<8 { for x in 0..<40 { page[x, y] = Color(r: UInt8(x * 6), g: UInt8(y * 30), b: UInt8((x * 7 + y * 13) % 256)) } }
        func whole(_ name: String, x: Int, duration: Int) -> SpriteSheet.Sprite {
            SpriteSheet.Sprite(name: name, frame: .init(x: x, y: 0, width: 8, height: 8), trimmed: false,
                               spriteSourceSize: .init(x: 0, y: 0, width: 8, height: 8), sourceWidth: 8, sourceHeight: 8, duration: duration)
        }
        let rotated = format.canStoreRotation
        let sprites = [
            whole("walk0", x: 0, duration: walk[0]), whole("walk1", x: 8, duration: walk[1]), whole("walk2", x: 16, duration: walk[2]),
            SpriteSheet.Sprite(name: "run0", frame: .init(x: 24, y: 0, width: 6, height: 5), trimmed: true,
                               spriteSourceSize: .init(x: 1, y: 2, width: 6, height: 5), sourceWidth: 8, sourceHeight: 8, duration: 33),
            // Unturned 6×4; on the page 4×6 when rotated.
            SpriteSheet.Sprite(name: "run1", frame: .init(x: 32, y: 0, width: rotated ? 4 : 6, height: rotated ? 6 : 4), rotated: rotated,
                               trimmed: true, spriteSourceSize: .init(x: 1, y: 3, width: 6, height: 4), sourceWidth: 8, sourceHeight: 8,
                               duration: 33),
        ]
        let animations = [SpriteSheet.Animation(name: "walk", frames: ["walk0", "walk1", "walk2"], direction: direction, repeatCount: repeatCount),
                          SpriteSheet.Animation(name: "run", frames: ["run0", "run1"])]
        return SpriteSheet(pages: [page], sprites: sprites, animations: animations, rotation: format.rotation)
    }

    /// `sheet` written in `format` (in memory) and read back.
    static func roundTrip(_ sheet: SpriteSheet, _ format: SheetExport.Format) throws -> SpriteSheet {
        let files = try SheetExport.encode(try SheetExport.files(for: [sheet], format: format, output: "out/s.png"))
        let data = try #require(files.first { !$0.name.hasSuffix(".png") }).name
        return try SheetImport.read(files: files, data: data)
    }

    @Test(arguments: SheetExport.Format.allCases)
    func everyFieldComesBack(format: SheetExport.Format) throws {
        let sheet = try Self.sheet(for: format)
        let back = try Self.roundTrip(sheet, format)
        #expect(back.sprites.count == sheet.sprites.count, "\(format)")
        for sprite in sheet.sprites {
            let read = try #require(back.sprites.first { $0.name == sprite.name }, "\(format): \(sprite.name)")
            #expect(read.frame == sprite.frame && read.page == sprite.page && read.rotated == sprite.rotated, "\(format) \(sprite.name): \(read)")
            #expect(read.trimmed == sprite.trimmed && read.spriteSourceSize == sprite.spriteSourceSize, "\(format) \(sprite.name): \(read)")
            #expect(read.sourceWidth == sprite.sourceWidth && read.sourceHeight == sprite.sourceHeight, "\(format) \(sprite.name)")
            #expect(read.duration == (Self.carriesDurations(format) ? sprite.duration : nil), "\(format) \(sprite.name) duration")
            let same = try back.frame(read) == sheet.frame(sprite)
            #expect(same, "\(format) \(sprite.name): pixels")
        }
        let animations = back.animations.sorted { $0.name < $1.name }
        #expect(animations == (Self.carriesAnimations(format) ? sheet.animations.sorted { $0.name < $1.name } : []), "\(format): \(animations)")
        // What the format cannot carry is said, once, naming the data file.
        let said = back.warnings.filter { !$0.isUnknownKey }
        let loses = !Self.carriesDurations(format) || !Self.carriesAnimations(format)
        #expect(said.count == (loses ? 1 : 0), "\(format): \(said)")
        #expect(said.allSatisfy { $0.description.hasPrefix("out/s.") }, "\(said)")
    }

    /// Aseprite's tags carry an animation's direction and plays; they come back.
    @Test(arguments: Animated.Animation.Direction.allCases)
    func asepriteKeepsDirectionAndPlays(direction: Animated.Animation.Direction) throws {
        let sheet = try Self.sheet(for: .aseprite, direction: direction, repeatCount: 3)
        let back = try Self.roundTrip(sheet, .aseprite)
        let walk = try #require(back.animations.first { $0.name == "walk" })
        #expect(walk.direction == direction && walk.repeatCount == 3 && walk.frames == ["walk0", "walk1", "walk2"])
    }

    /// Godot 4 keeps each frame's own duration (a hold of 200 ms among 100 ms frames; 250 ms at
    /// 100 ms speed is 2.5); Godot 3 has one speed per animation, its shortest frame's.
    @Test(arguments: [(SheetExport.Format.godot4, [100, 200, 250]), (.godot3, [100, 100, 100])])
    func godotDurationsComeBack(format: SheetExport.Format, expected: [Int]) throws {
        let back = try Self.roundTrip(try Self.sheet(for: format, walk: [100, 200, 250]), format)
        #expect(["walk0", "walk1", "walk2"].map { name in back.sprites.first { $0.name == name }?.duration } == expected)
    }

    /// Godot data written by others: `speed` absent is Godot's 5 frames a second; a relative
    /// duration that is not a whole number of the speed's milliseconds is counted exactly.
    @Test func godotDurationsOfOtherWriters() {
        #expect(GodotSpriteFrames.milliseconds(1, speed: 5) == 200)
        #expect(GodotSpriteFrames.milliseconds(1.5, speed: 7) == 214)
        #expect(GodotSpriteFrames.milliseconds(3.0303, speed: 30) == 100)
        #expect(GodotSpriteFrames.milliseconds(1e300, speed: 1e-300) == 86_400_000)
    }

    /// libGDX's own atlases: regions of one name with indexes are one animation in index order,
    /// as `findRegions` gives them; a region without an index is a sprite of no animation.
    @Test func libGDXIndexGroupsAreAnimations() throws {
        let text = "p.png\nsize:12,4\nfilter:Nearest,Nearest\nrepeat:none\nwalk\nindex:2\nbounds:0,0,4,4\nicon\nbounds:4,0,4,4\n"
            + "walk\nindex:1\nbounds:8,0,4,4\n"
        let atlas = try LibGDXAtlas.decode(Array(text.utf8))
        #expect(LibGDXAtlas.animations(atlas.regions) == [SpriteSheet.Animation(name: "walk", frames: ["walk1", "walk2"])])
    }
}
