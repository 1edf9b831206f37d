/// The engine a sheet is made for: it picks the data format and refuses the options that engine
/// does not read correctly, so a sheet made with `--engine` loads as it is.
///
/// Each rule comes from the engine's own loader (checked by drawing every frame in the engine with
/// `Scripts/check-engines`, see the Atlas documentation):
///
/// | engine | data | rotation | premultiplied pages | several pages |
/// |---|---|---|---|---|
/// | Phaser 3 | JSON hash (`load.atlas`); Phaser's multi-atlas for several pages (`load.multiatlas`) | no: Phaser marks rotated frames but draws them unturned | no: Phaser premultiplies images itself | yes |
/// | PixiJS | JSON hash (PixiJS reads `frames` as a hash; `related_multi_packs` for more pages) | yes (WebGL/WebGPU; warned: the Canvas renderer fringes soft edges) | no: PixiJS must be told (`alphaMode`), the data cannot | yes |
/// | Godot 3 / 4 | `SpriteFrames` `.tres` | no: `AtlasTexture` cannot turn a region | no | yes |
/// | Cocos2d-x | plist format 3, one per page | yes | no: Cocos2d-x premultiplies PNGs as it loads them | yes |
/// | libGDX | `.atlas` | yes | yes (`pma:true`) | yes |
/// | SpriteKit | `.atlasc` | yes | no: Xcode and SpriteKit premultiply themselves | yes |
/// | Aseprite (Phaser's `createFromAseprite`) | Aseprite JSON | no | no | no: one image per file |
public enum SheetEngine: String, Sendable, CaseIterable {
    /// Phaser 3 (`load.atlas`, `load.multiatlas`).
    case phaser3
    /// PixiJS (`Assets.load` of a TexturePacker JSON hash).
    case pixi
    /// Godot 3 (`AnimatedSprite.frames`).
    case godot3
    /// Godot 4 (`AnimatedSprite2D.sprite_frames`).
    case godot4
    /// Cocos2d-x (`SpriteFrameCache::addSpriteFramesWithFile`).
    case cocos2d
    /// libGDX (`TextureAtlas`).
    case libgdx
    /// SpriteKit (`SKTextureAtlas(named:)` of an `.atlasc` folder).
    case spritekit
    /// Aseprite JSON, as Phaser's `createFromAseprite` reads it.
    case aseprite

    /// The data format written for this engine.
    public var format: SheetExport.Format {
        switch self {
        case .phaser3: .phaser3
        case .pixi: .jsonHash
        case .godot3: .godot3
        case .godot4: .godot4
        case .cocos2d: .cocos2d
        case .libgdx: .libgdx
        case .spritekit: .spritekit
        case .aseprite: .aseprite
        }
    }

    /// The engine's name as its users write it.
    public var displayName: String {
        switch self {
        case .phaser3: "Phaser 3"
        case .pixi: "PixiJS"
        case .godot3: "Godot 3"
        case .godot4: "Godot 4"
        case .cocos2d: "Cocos2d-x"
        case .libgdx: "libGDX"
        case .spritekit: "SpriteKit"
        case .aseprite: "Aseprite data (Phaser's createFromAseprite)"
        }
    }

    /// Whether the engine draws sprites stored turned a quarter turn the right way up.
    public var drawsRotatedSprites: Bool {
        switch self {
        case .pixi, .cocos2d, .libgdx, .spritekit: true
        case .phaser3, .godot3, .godot4, .aseprite: false
        }
    }

    /// Whether the engine reads the data's statement that pages are premultiplied.
    public var readsPremultipliedPages: Bool { self == .libgdx }

    /// Whether one data file can name several pages (or the engine follows several files).
    public var readsSeveralPages: Bool { self != .aseprite }

    /// An option the engine cannot read: the sheet is not written.
    public struct Refusal: Error, Sendable, Equatable, CustomStringConvertible {
        /// The engine that cannot read the option.
        public var engine: SheetEngine
        /// Why, and what to do instead.
        public var reason: String
        /// `SheetEngine.NAME: reason`.
        public var description: String { "SheetEngine.\(engine.rawValue): \(reason)" }
    }

    /// Checks the options known before packing: rotation and what the pages store.
    public func check(allowRotation: Bool, alphaHandling: AlphaHandling) throws(Refusal) {
        if allowRotation && !drawsRotatedSprites {
            let why = switch self {
            case .phaser3, .aseprite: "Phaser marks rotated frames but draws them unturned"
            default: "Godot's AtlasTexture cannot turn a region"
            }
            throw Refusal(engine: self, reason: "\(displayName) cannot draw rotated sprites (\(why)); turn off SheetBuilder.allowRotation")
        }
        if alphaHandling == .premultiply && !readsPremultipliedPages {
            throw Refusal(engine: self, reason: "\(displayName) does not read premultiplied pages from the data file; "
                          + "use AlphaHandling.bleed (no dark fringes) or AlphaHandling.keep")
        }
    }

    /// What the engine reads but draws imperfectly under some setting, to tell the user: PixiJS's
    /// Canvas renderer draws rotated frames through its tint path (`getTintedCanvas`, even for a
    /// white tint), which lightens semi-transparent pixels to (1 − a)·white + a·colour — a light
    /// fringe on a dark soft edge (measured by `Scripts/check-engines`: up to 64 levels at alpha
    /// 122 on the dino's outline). Its WebGL and WebGPU renderers draw them exactly.
    public func warnings(allowRotation: Bool) -> [String] {
        guard allowRotation && self == .pixi else { return [] }
        return ["PixiJS's Canvas renderer draws rotated frames with a light fringe on semi-transparent edges "
                + "(WebGL and WebGPU draw them exactly); turn off SheetBuilder.allowRotation if the game may fall back to Canvas"]
    }

    /// What the engine reads of the packed `sheet` only in part, to tell the user: PixiJS builds
    /// each page's animations from that page's own textures (`Spritesheet` does not merge
    /// `animations` across `related_multi_packs`), so an animation whose frames lie on several
    /// pages comes out split; Godot 3 has one speed per animation, so frames of other durations
    /// (holds) lose them; and a set number of plays (`repeatCount`) or a direction that the data
    /// cannot carry needs a word in the game's code: Phaser plays an animation once unless given
    /// `repeat`, PixiJS's `AnimatedSprite` loops unless told, Godot writes at most 100 plays,
    /// libGDX data holds an animation's frame order only (`index`), and Cocos2d-x and SpriteKit
    /// data hold no animations at all.
    public func warnings(for sheet: SpriteSheet) -> [String] {
        playsAndDirections(of: sheet) + partialReads(of: sheet)
    }

    private func playsAndDirections(of sheet: SpriteSheet) -> [String] {
        func named(_ animations: [SpriteSheet.Animation]) -> String {
            animations[0].name + (animations.count > 1 ? " (and \(animations.count - 1) more)" : "")
        }
        switch self {
        case .phaser3, .aseprite:
            let counted = sheet.animations.filter { $0.repeatCount > 1 }
            guard let first = counted.first else { return [] }
            return ["\(named(counted)) should play \(first.repeatCount)× (sequence.json repeatCount), but Phaser plays an animation "
                    + "once unless told: give anims.create or play `repeat: \(first.repeatCount - 1)`"]
        case .pixi:
            let counted = sheet.animations.filter { $0.repeatCount > 0 }
            guard let first = counted.first else { return [] }
            let how = first.repeatCount == 1 ? "`loop = false`" : "an onLoop that stops it after \(first.repeatCount) plays"
            return ["\(named(counted)) should play \(first.repeatCount)× (sequence.json repeatCount), but PixiJS's AnimatedSprite "
                    + "loops unless told: give it \(how)"]
        case .godot3, .godot4:
            let many = sheet.animations.filter { $0.repeatCount > 100 }
            guard let first = many.first else { return [] }
            return ["\(named(many)) should play \(first.repeatCount)×; Godot has no play count, so its frames are written for "
                    + "100 plays with loop off: stop it in code (animation_finished) for more"]
        case .libgdx, .cocos2d, .spritekit:
            let told = sheet.animations.filter { $0.repeatCount > 0 || $0.direction != .forward }
            guard let first = told.first else { return [] }
            let what = [first.direction != .forward ? first.direction.rawValue : nil,
                        first.repeatCount > 0 ? "\(first.repeatCount)× plays" : nil].compactMap { $0 }.joined(separator: " and ")
            let holds = self == .libgdx ? "frame order, not directions or plays" : "frames, not animations"
            return ["\(displayName) data holds \(holds): the game's code sets \(named(told))'s \(what) "
                    + "(sequence.json)"]
        }
    }

    private func partialReads(of sheet: SpriteSheet) -> [String] {
        if self == .godot3 {
            // Godot 3's SpriteFrames has one speed per animation and no per-frame duration.
            let durationOf = Dictionary(sheet.sprites.compactMap { s in s.duration.map { (s.name, $0) } }, uniquingKeysWith: { a, _ in a })
            let uneven = sheet.animations.filter { Set($0.frames.compactMap { durationOf[$0] }).count > 1 }.map(\.name)
            guard !uneven.isEmpty else { return [] }
            return ["Godot 3 plays every frame of an animation for the same time, so the frames of other durations (holds) in "
                    + "\(uneven.prefix(3).joined(separator: ", "))\(uneven.count > 3 ? " and \(uneven.count - 3) more" : "") "
                    + "play at the animation's speed; godot4 keeps each frame's duration"]
        }
        guard self == .pixi, sheet.pages.count > 1 else { return [] }
        let pageOf = Dictionary(sheet.sprites.map { ($0.name, $0.page) }, uniquingKeysWith: { a, _ in a })
        let split = sheet.animations.filter { animation in Set(animation.frames.compactMap { pageOf[$0] }).count > 1 }.map(\.name)
        guard !split.isEmpty else { return [] }
        return ["PixiJS reads each page's animations from that page alone: \(split.prefix(3).joined(separator: ", "))"
                + "\(split.count > 3 ? " and \(split.count - 3) more" : "") span several pages and come out split; "
                + "raise SheetBuilder.maxSide, or build those animations from the textures by name"]
    }

    /// Checks the packed sheet: an engine that reads one page per file refuses several.
    public func check(pages: Int) throws(Refusal) {
        if pages > 1 && !readsSeveralPages {
            throw Refusal(engine: self, reason: "the sprites need \(pages) pages and \(displayName) reads one image per data file; "
                          + "raise SheetBuilder.maxSide or split the sources into several sheets")
        }
    }

    /// The data files of every page, from the first page's (`d-0.plist` → `d-0.plist`, `d-1.plist`…):
    /// its last `-0` counted up.
    static func pageFiles(_ first: String, pages: Int) -> [String] {
        let characters = Array(first)
        guard let dash = characters.indices.dropLast().last(where: { characters[$0] == "-" && characters[$0 + 1] == "0" }) else { return [first] }
        return (0..<pages).map { String(characters[..<dash]) + "-\($0)" + String(characters[(dash + 2)...]) }
    }

    /// How to load the sheet in the engine, in one line of its own language (`data`: the data
    /// file's name; `pages`: how many pages were written).
    public func howToLoad(data: String, image: String, pages: Int) -> String {
        switch self {
        case .phaser3:
            pages > 1 ? "this.load.multiatlas('sheet', '\(data)')" : "this.load.atlas('sheet', '\(image)', '\(data)')"
        case .pixi: "const sheet = await Assets.load('\(data)')"
        case .godot3: "$AnimatedSprite.frames = load(\"res://…/\(data)\")"
        case .godot4: "$AnimatedSprite2D.sprite_frames = load(\"res://…/\(data)\")"
        case .cocos2d where pages > 1:
            // One plist per page (`d-0.plist`, `d-1.plist`…): each is added, or the sprites of the
            // other pages are missing.
            "for (auto plist : {\(Self.pageFiles(data, pages: pages).map { "\"\($0)\"" }.joined(separator: ", "))}) "
                + "SpriteFrameCache::getInstance()->addSpriteFramesWithFile(plist);"
        case .cocos2d: "SpriteFrameCache::getInstance()->addSpriteFramesWithFile(\"\(data)\")"
        case .libgdx: "new TextureAtlas(Gdx.files.internal(\"\(data)\"))"
        case .spritekit: "SKTextureAtlas(named: \"\(image)\")"
        case .aseprite: "this.load.aseprite('sheet', '\(image)', '\(data)'); then this.anims.createFromAseprite('sheet')"
        }
    }
}
