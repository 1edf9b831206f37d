import Basics
import Animated
import ArgumentParser
import Atlas
import Foundation
import Raster

/// `flipbook sheet SOURCE... -o SHEET.png [--data SHEET.json]`.
struct Sheet: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sheet",
        abstract: "Pack frames into a sprite sheet with a data file for Phaser, PixiJS, Godot, Cocos2d-x, libGDX, SpriteKit or Aseprite.",
        discussion: """
            SOURCE is a folder, a prefix path or PNG files; every sequence found becomes an animation \
            in the data file, its frames named like the files without extension (walk0, walk1…). \
            Frames named by number alone (1.png … 101.png, as ffmpeg writes them) are one animation \
            named after their folder; frames of two folders with one name (walk/1.png, run/1.png) \
            are named after their folders (walk-1, run-1). Identical frames share one region. \
            Output is deterministic.

            Two files for one frame number (fire2.png and fire02.png) are refused, naming both; \
            --on-duplicate-number first|last packs the first or the last in name order instead \
            (fire2.png comes before fire02.png).

            --engine NAME writes what that engine loads as it is, and refuses options it cannot \
            read: phaser3 (JSON hash for load.atlas; Phaser's multi-atlas for load.multiatlas when \
            the sprites need several pages; no --rotate), pixi (JSON hash, several pages linked by \
            related_multi_packs), godot3 and godot4 (SpriteFrames .tres with an AtlasTexture per \
            frame and an animation per sequence; no --rotate), cocos2d (plist format 3, one per \
            page), libgdx (SHEET.atlas), spritekit (a SHEET.atlasc folder) and aseprite (Aseprite \
            JSON that Phaser's createFromAseprite turns into animations; one page, no --rotate). \
            Premultiplied pages only for libgdx, whose data says so. The line printed at the end \
            says how to load the sheet.

            --png8 writes 8-bit palette pages (PaletteQuantizer: median cut and k-means in \
            premultiplied RGBA, no dithering, opaque pixels stay opaque): 0.25–0.9× the bytes of \
            RGBA pages; pages of at most 256 colours (pixel art) are written exactly.

            --format is for experts: json-hash, json-array, phaser3, aseprite, libgdx, spritekit, \
            godot3, godot4, cocos2d, written as asked (PixiJS cannot read json-array).

            --scales 1,2 packs one layout at every scale, from each frame's @1x and @2x files \
            (sheet.png and sheet@2x.png, coordinates doubled); a missing variant is resampled from \
            the largest one there is, and said so. Sprites that overflow --max-size go onto more \
            pages (sheet-0.png, sheet-1.png…). --rotate lets sprites turn 90° to pack tighter; \
            Phaser 3 cannot read rotated frames, so it is off by default. --labels makes a contact \
            sheet to eyeball in a review: each frame in its own cell, its name printed below it \
            in play order (rows, unless --layout says otherwise).

            --alpha-handling says what pages store under transparency: keep (the default) writes \
            the source bytes, so `flipbook frames` gives every file back bit for bit; clear sets \
            the colour of fully transparent pixels to black (smaller PNGs); bleed gives them the \
            colour of the nearest visible pixel, so an engine filtering a straight-alpha texture \
            shows no dark fringe at sprite edges; premultiply writes premultiplied pages and says \
            so in the data (json-hash/json-array meta.premultipliedAlpha, libgdx pma:true — tell \
            Phaser or PixiJS's loader yourself, they do not read it; aseprite and spritekit refuse it).

            Examples:
              flipbook sheet Sequences/robot -o robot.png --trim --engine phaser3
              flipbook sheet fx/explosion -o explosion.png --trim --engine godot4
              flipbook sheet hero/ -o hero.png --format json-array --padding 1
              flipbook sheet hero/ -o hero.png --scales 1,2 --extrude 1 --format libgdx
              flipbook sheet hero/ -o Hero.atlasc --format spritekit --rotate
              flipbook sheet Sequences/explosion -o review.png --layout rows --labels
              flipbook sheet fx/smoke -o smoke.png --trim --alpha-handling bleed
            """
    )

    @Argument(help: "Frames: folders, prefix paths or PNG files.") var sources: [String]
    @Option(name: .shortAndLong, help: "The sheet PNG to write (a NAME.atlasc folder for spritekit).") var output: String
    @Option(help: "The data file (default: the sheet's name with the format's extension; not for spritekit, whose plist lies in its .atlasc folder).") var data: String?
    @OptionGroup var overwriteFlag: OverwriteFlag
    var overwrite: Bool { overwriteFlag.overwrite }
    @Option(help: "phaser3, pixi, godot3, godot4, cocos2d, libgdx, spritekit or aseprite: the format and options that engine reads.")
    var engine: SheetEngine?
    @Option(help: "For experts: json-hash (the default), json-array, phaser3, aseprite, libgdx, spritekit, godot3, godot4 or cocos2d.")
    var format: SheetExport.Format?
    @Option(help: "packed (MaxRects; the default), rows or columns; rows with --labels.") var layout: SheetBuilder.Layout?
    @Option(parsing: .unconditional, help: "Pixels between sprites.") var padding = 2
    @Option(parsing: .unconditional, help: "Pixels around the page edge.") var border = 0
    @Flag(help: "Cut transparent borders (the data records the offsets).") var trim = false
    @Option(parsing: .unconditional, help: "Transparent pixels kept around trimmed content.") var trimMargin = 0
    @Option(parsing: .unconditional, help: "The pixels each sprite's edge is repeated outward (against texture bleeding).") var extrude = 0
    @Flag(help: "Let sprites turn 90° when that packs tighter (packed layout; not for Phaser 3).") var rotate = false
    @Flag(help: "A contact sheet for review: every frame in its own cell with its name printed below.") var labels = false
    @Option(parsing: .unconditional, help: "Scales to pack with one layout, e.g. 1,2 (sheet.png and sheet@2x.png) or 2,3 (iOS).") var scales: String?
    @Flag(help: "Page sides are powers of two.") var powerOfTwo = false
    @Flag(help: "Square page.") var square = false
    @Option(parsing: .unconditional, help: "Largest page side in pixels; more sprites go onto more pages. 4096 loads on every phone and in WebGL 1.") var maxSize = 4096
    @Option(help: "keep, clear, bleed or premultiply: what pages store under transparency.")
    var alphaHandling: AlphaHandling = .keep
    @Option(parsing: .unconditional, help: "Frames per second, for every frame's duration (default: each folder's sequence.json, else 30).", transform: DecimalNumber.option) var fps: Double?
    @Option(parsing: .unconditional, help: "zlib level of the PNG pages, 0 (stored) to 9 (smallest, slowest); 5 is within 1.5 % of 6's size in three quarters of its time.")
    var pngLevel = 5
    @Flag(help: "8-bit palette pages (at most 256 RGBA colours, no dithering): a quarter to a half of the bytes, colours approximated.")
    var png8 = false
    @Option(help: "error (the default), first or last: two files for one frame number (fire2.png, fire02.png) are refused, or the first or last in name order is packed.")
    var onDuplicateNumber: FrameSequence.DuplicateNumberPolicy = .error
    @Flag(help: "Print machine-readable JSON.") var json = false
    @OptionGroup var threadsOption: ThreadsOption
    @OptionGroup(title: "Resource limits") var pixelLimit: PixelLimit
    @OptionGroup(title: "Resource limits") var frameLimit: FrameLimit
    @OptionGroup(title: "Resource limits") var memoryLimit: MemoryLimit
    /// The limits the flags above set.
    var limits: ResourceLimits { ResourceLimits(pixelLimit, frameLimit, memoryLimit) }

    func validate() throws {
        for (value, flag) in [(padding, "--padding"), (border, "--border"), (trimMargin, "--trim-margin"), (extrude, "--extrude")] where value < 0 {
            throw OptionRefusal.error(flag, value, takes: "a number of pixels, 0 or more")
        }
        guard maxSize > 0 else { throw OptionRefusal.error("--max-size", maxSize, takes: "the largest page side in pixels, positive") }
        if let fps, !Animation.Timing.fpsRange.contains(fps) { throw OptionRefusal.error("--fps", fps, takes: "frames per second, between 1/86400 and 1000") }
        guard (0...9).contains(pngLevel) else { throw OptionRefusal.error("--png-level", pngLevel, takes: "0 (stored) to 9 (smallest)") }
        _ = try scaleList()
    }

    /// `--scales 1,2` → [1, 2]; none given → nil (each frame's single file, at its own scale).
    private func scaleList() throws -> [Int]? {
        guard let scales else { return nil }
        let takes = "scales \(ImageFileName.scaleRange.lowerBound)…\(ImageFileName.scaleRange.upperBound) separated by commas, e.g. 1,2"
        let values = try scales.split(separator: ",", omittingEmptySubsequences: false).map { item in
            guard let scale = Int(item.trimmingCharacters(in: .whitespaces)), ImageFileName.scaleRange.contains(scale) else {
                throw OptionRefusal.error("--scales", item: item, in: scales, takes: takes)
            }
            return scale
        }
        // `1,2,2` is a typo for something (1,2,3?), not 1,2.
        if let twice = values.first(where: { value in values.filter { $0 == value }.count > 1 }) {
            throw OptionRefusal.error("--scales", item: String(twice), in: scales, takes: takes + ", each once")
        }
        return values.sorted()
    }

    func run() throws {
        let builder = SheetBuilder(layout: layout, padding: padding, border: border, trim: trim, trimMargin: trimMargin, extrude: extrude,
                                   powerOfTwo: powerOfTwo, square: square, maxSide: maxSize,
                                   allowRotation: rotate, labels: labels, alphaHandling: alphaHandling)
        var job = SheetJob(sources: sources, output: output, data: data, engine: engine, format: format, builder: builder,
                           scales: try scaleList(), fps: fps, pngLevel: pngLevel, png8: png8, limits: limits,
                           overwrite: overwrite)
        job.threads = threadsOption.threads
        job.onDuplicateNumber = onDuplicateNumber
        let progress = Progress.forTerminal(label: "sheet")
        defer { progress?.finish() }
        let plan = try job.plan(progress: progress?.update, cancellation: nil)
        progress?.finish()
        let removed = try job.write(plan, cancellation: nil)
        // Warnings and notes come with the outcome: only once the sheet is written.
        for warning in plan.warnings { Console.error("warning: \(warning)") }
        // SpriteKit's sheet is its `.atlasc` folder, named for the set (`spin@2x.atlasc` with
        // --scales 2,3 is written as spin.atlasc, its pages @2x and @3x inside): the name said is the one written.
        let written = job.format == .spritekit ? FileIO.parentDirectory(of: plan.files[0].path) : output
        var notes = plan.notes
        if job.format == .spritekit, OutputName.pathExtension(output) == "atlasc", Discovery.trimmingSlash(output) != written {
            notes.append("the atlas is written as \(written) (SKTextureAtlas(named: \"\(FileIO.lastComponent(of: written).dropLast(7))\")), not \(output): "
                         + "its folder holds every scale's pages")
        }
        // A rerun's earlier files it no longer writes (another engine, fewer pages) are gone: said, as a build says them.
        notes += Self.removedNote(removed)
        for note in notes { Console.error("note: \(note)") }
        let base = plan.sheets[0]
        if json {
            struct Output: Encodable {
                var output: String, engine: String?, load: String?, files: [String], pages: [[Int]], pagesAtScales: [[[Int]]], sprites: Int
                var occupancy: Double, scales: [Int], warnings: [String], notes: [String], removed: [String]
            }
            // Each scale's pages too: a power-of-two @3x page is padded, not 3 times the @1x one.
            try Console.printJSON(Output(output: written, engine: engine?.rawValue, load: plan.howToLoad, files: plan.files.map(\.path),
                                         pages: base.pages.map { [$0.width, $0.height] },
                                         pagesAtScales: plan.sheets.map { $0.pages.map { [$0.width, $0.height] } }, sprites: base.sprites.count,
                                         occupancy: (base.occupancy * 1000).rounded() / 1000, scales: plan.sheets.map(\.scale),
                                         warnings: plan.warnings, notes: notes, removed: removed.sorted()))
        } else {
            let pages = base.pages.map { "\($0.width)×\($0.height)" }.joined(separator: ", ")
            Console.line("\(plan.files[0].path): \(base.pages.count == 1 ? "" : "\(base.pages.count) pages ")\(pages), \(Console.count(base.sprites.count, "sprite")), "
                  + "\(Int((base.occupancy * 100).rounded())) % used; \(plan.files.count) files written")
            if let line = plan.howToLoad { Console.line("load: \(line)") }
        }
    }
}

extension SheetExport.Format: ExpressibleByArgument {}
extension SheetEngine: ExpressibleByArgument {}
extension SheetBuilder.Layout: ExpressibleByArgument {}
extension AlphaHandling: ExpressibleByArgument {}

extension Sheet {
    /// The note on a rerun's earlier sheet files that it removed (another engine, fewer pages),
    /// as `sheet` and `render` say it; none when nothing was removed.
    static func removedNote(_ removed: [String], of earlier: String = "the earlier sheet's files") -> [String] {
        removed.isEmpty ? [] : ["removed \(Console.listed(removed)): \(earlier), which this one no longer has"]
    }
}
