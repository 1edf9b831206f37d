import Animated
import ArgumentParser
import Atlas
import Basics
import Foundation
import FrameGen
import GIF
import Raster

/// `flipbook generate seagull|explosion|scatter|stroke … -o OUT`.
struct Generate: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "generate",
        abstract: "Draw procedural frames: a flapping seagull, an explosion, a rock scatter, a freehand stroke.",
        discussion: """
            OUT decides what is written:
              a folder       numbered PNGs NAME1.png … NAMEn.png (NAME1@2x.png at --scale 2) and sequence.json
              FILE.gif       an animated GIF (timing from --fps, loop from --repeat)
              FILE.apng      an animated PNG (FILE.webp: an animated WebP), exact colours and alpha
              FILE.png       the image itself for one frame; for several, a sprite sheet + FILE.json
                             (unlike assemble, where FILE.png is an APNG: name it .apng here)
            Output is deterministic: the same options give byte-identical files.

            Examples:
              flipbook generate seagull --frames 12 -o birds/
              flipbook generate explosion -o Sequences/explosion
              flipbook generate explosion --size 96x96 -o boom.gif
              flipbook generate scatter --count 20 --seed 4 --scale 2 -o island@2x.png
              flipbook generate stroke pen.json --smoothing midpoint --frames 30 -o pen.gif
            """,
        subcommands: [SeagullCommand.self, ExplosionCommand.self, ScatterCommand.self, StrokeCommand.self]
    )
}

/// `WxH` in points.
private func parseSize(_ text: String?, default value: (Double, Double)) throws -> (Double, Double) {
    guard let text else { return value }
    return try ImageCommand.size(text)
}

private func parseColor(_ text: String?, _ flag: String, default value: Color) throws -> Color {
    guard let text else { return value }
    guard let color = Color(hex: text) else { throw OptionRefusal.error(flag, text, takes: "a colour, #RRGGBB or #RRGGBBAA") }
    return color
}

struct SeagullCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "seagull",
        abstract: "The flapping seagull: two quadratic wings, frames low → high → low (a seamless loop).")

    @OptionGroup var out: GeneratorOutput
    @Option(parsing: .unconditional, help: "Frame size in points, WxH.") var size: String?
    @Option(parsing: .unconditional, help: "Number of frames in one flap.") var frames: Int = 12
    @Option(help: "Wing colour, #RRGGBB[AA].") var color: String?
    @Option(parsing: .unconditional, help: "Line width in points, at most half the smaller side (default: height / 30).", transform: DecimalNumber.option) var width: Double?

    func validate() throws {
        guard frames >= 1 else { throw OptionRefusal.error("--frames", frames, takes: "a number of frames, 1 or more") }
        if let width, !(width > 0) { throw OptionRefusal.error("--width", width, takes: "a positive line width in points") }
        if let size { _ = try ImageCommand.size(size) }
    }

    func run() throws {
        let (w, h) = try parseSize(size, default: (64, 32))
        let pixels = try out.check(width: w, height: h, frames: frames)
        // The line width's range (at most half the frame's smaller side) is Seagull's: its
        // SettingError, refused by `out.write` before anything is written, names --width.
        var bird = Seagull(width: w, height: h, scale: out.scale, frameCount: frames, lineWidth: width, limits: out.limits)
        bird.color = try parseColor(color, "--color", default: bird.color)
        try out.write(bird, defaultName: "seagull", pixels: pixels)
    }
}

struct ExplosionCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "explosion",
        abstract: "A procedural fireball that cools into smoke, with sparks (81 frames by default).")

    @OptionGroup var out: GeneratorOutput
    @Option(parsing: .unconditional, help: "Frame size in points, WxH.") var size: String?
    @Option(parsing: .unconditional, help: "Number of frames.") var frames: Int = 81
    @Option(parsing: .unconditional, help: "Random seed, a whole number from 0: each seed is a different explosion.") var seed: UInt64 = 7
    @Option(parsing: .unconditional, help: "Number of sparks.") var sparks: Int = 28
    @OptionGroup(title: "Resource limits") var drawingWorkLimit: DrawingWorkLimit

    func validate() throws {
        guard frames >= 2 else { throw OptionRefusal.error("--frames", frames, takes: "a number of frames, 2 or more") }
        if let size { _ = try ImageCommand.size(size) }
        // Explosion's range, refused while parsing (its SettingError names --sparks too).
        guard Explosion.sparkRange.contains(sparks) else {
            throw OptionRefusal.error("--sparks", sparks, takes: "\(Explosion.sparkRange.lowerBound)…\(Explosion.sparkRange.upperBound) sparks")
        }
    }

    func run() throws {
        let (w, h) = try parseSize(size, default: (128, 128))
        let pixels = try out.check(width: w, height: h, frames: frames)
        var limits = out.limits
        drawingWorkLimit.apply(to: &limits)
        var explosion = Explosion(width: w, height: h, scale: out.scale, frameCount: frames, seed: seed, sparks: sparks, limits: limits)
        // Its frames share the drawing limit together: the sparks fly early.
        explosion.run = DrawingRun(frames: frames, limits: limits)
        // Flags alone ask for this much drawing: a usage error naming them (exit 2), before any frame.
        if var error = explosion.drawingError {
            error.subject = "--size \(size ?? "128x128") --frames \(frames) --sparks \(sparks)"
            throw UsageError(error)
        }
        try out.write(explosion, defaultName: "explosion", pixels: pixels)
    }
}

struct ScatterCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scatter",
        abstract: "Rocks (or your images) scattered at seeded random points on a circle.",
        discussion: "--images DIR uses every PNG in DIR (rock.png / rock@2x.png count as one image, the variant for --scale is used); without it, procedural rocks are drawn.")

    @OptionGroup var out: GeneratorOutput
    @Option(parsing: .unconditional, help: "Canvas size in points, WxH.") var size: String?
    @Option(parsing: .unconditional, help: "How many images to scatter.") var count: Int = 14
    @Option(parsing: .unconditional, help: "Random seed, a whole number from 0.") var seed: UInt64 = 1
    @Option(parsing: .unconditional, help: "Circle radius in points, at most half the diagonal (default: 40 % of the smaller side).", transform: DecimalNumber.option) var radius: Double?
    @Option(help: "Folder of images to scatter.") var images: String?
    @Option(help: "Background colour.") var background: String?

    func validate() throws {
        // Scatter's range, refused while parsing (its SettingError names --count too).
        guard Scatter.countRange.contains(count) else {
            throw OptionRefusal.error("--count", count, takes: "\(Scatter.countRange.lowerBound)…\(Scatter.countRange.upperBound) images")
        }
        if let size { _ = try ImageCommand.size(size) }
        if let radius, !(radius > 0) { throw OptionRefusal.error("--radius", radius, takes: "a positive radius in points") }
    }

    func run() throws {
        let (w, h) = try parseSize(size, default: (240, 240))
        let pixels = try out.check(width: w, height: h, frames: 1)
        // Past half the diagonal every image lands outside the canvas.
        let farthest = (w * w + h * h).squareRoot() / 2
        if let radius, radius > farthest {
            throw OptionRefusal.error("--radius", radius, takes: "a positive radius in points, at most half the canvas's diagonal "
                                        + "(\(OptionRefusal.number((farthest * 100).rounded(.down) / 100)) here)")
        }
        var scatter = Scatter(width: w, height: h, scale: out.scale, circleRadius: radius ?? min(w, h) * 0.4, count: count, seed: seed,
                              limits: out.limits)
        scatter.background = try parseColor(background, "--background", default: scatter.background)
        if let images { try ImageLoader.checkNotReadBack(output: out.output, writesFolder: out.format(count: 1) == .folder, byLoading: images) }
        let art = try images.map { try ImageLoader.loadFolder($0, scale: out.scale, maxPixels: out.limits.maxPixels) }
        if let art { scatter.images = art.bitmaps }
        // The variant of each image this scale draws (`rock@2x.png` at @2x), as the loader picked it.
        let read = images.map { folder in
            Set((art?.paths ?? []).map { ImageFileName(path: FileIO.lastComponent(of: $0)).stem }).sorted().compactMap {
                ImageLoader.path(for: $0 + ".png", in: folder, scale: out.scale)
            }
        }
        try out.write(scatter, defaultName: "scatter", inputs: art?.paths ?? [], read: read, pixels: pixels)
    }
}

extension Freehand.Smoothing: ExpressibleByArgument {}

struct StrokeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stroke",
        abstract: "A smoothed freehand stroke from sampled points, optionally drawn on over N frames.",
        discussion: """
            POINTS is JSON: an array of [x, y] samples, or { "size": [W, H], "strokes": [[[x, y], ...], ...], \
            "width": 6, "color": "#000000" }. A single sample is a tap and draws a dot.
            --smoothing linear joins samples with lines, bezier makes a cubic of every three samples \
            (kinks at the joints), midpoint ends each cubic halfway between its control and the next \
            sample (smooth joints; the usual iOS freehand recipe).
            """)

    @OptionGroup var out: GeneratorOutput
    @OptionGroup(title: "Resource limits") var pathSegmentLimit: PathSegmentLimit
    @OptionGroup(title: "Resource limits") var edgeLimit: EdgeLimit
    @OptionGroup(title: "Resource limits") var drawingWorkLimit: DrawingWorkLimit
    @Argument(help: "The JSON file of sampled points.") var points: String
    @Option(help: "linear, bezier or midpoint.") var smoothing: Freehand.Smoothing = .midpoint
    @Option(parsing: .unconditional, help: "Frames of the draw-on animation (1 = just the drawing).") var frames: Int = 1
    @Option(parsing: .unconditional, help: "Canvas size in points, WxH (default: from the file, else 256x256).") var size: String?
    @Option(parsing: .unconditional, help: "Line width in points.", transform: DecimalNumber.option) var width: Double?
    @Option(help: "Stroke colour.") var color: String?
    @Option(help: "Background colour (default transparent).") var background: String?

    func validate() throws {
        guard frames >= 1 else { throw OptionRefusal.error("--frames", frames, takes: "a number of frames, 1 or more") }
        if let width, !(width > 0) { throw OptionRefusal.error("--width", width, takes: "a positive line width in points") }
        if let size { _ = try ImageCommand.size(size) }
    }

    func run() throws {
        var limits = out.limits
        pathSegmentLimit.apply(to: &limits)
        edgeLimit.apply(to: &limits)
        drawingWorkLimit.apply(to: &limits)
        // The strokes name their file in their errors (`pts.json: strokes[0][1]: …`): not wrapped again.
        var stroke = try Freehand(json: FileIO.readAll(points), file: points, limits: limits)
        if let size { (stroke.width, stroke.height) = try ImageCommand.size(size) }
        let pixels = try out.check(width: stroke.width, height: stroke.height, frames: frames)
        // The line width's range (at most the canvas's diagonal) is Freehand's: `out.write` refuses
        // its SettingError, which names --width, before anything is written.
        stroke.scale = out.scale
        stroke.smoothing = smoothing
        stroke.frameCount = frames
        // Its frames share the drawing limit together: drawn on, the later frames draw more.
        stroke.run = DrawingRun(frames: frames, limits: limits)
        if let width { stroke.lineWidth = width }
        stroke.color = try parseColor(color, "--color", default: stroke.color)
        if let background { stroke.background = try parseColor(background, "--background", default: .white) }
        try out.write(stroke, defaultName: "stroke", inputs: [points], pixels: pixels)
    }
}
