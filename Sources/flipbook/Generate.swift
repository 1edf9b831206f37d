import Animated
import ArgumentParser
import Atlas
import Foundation
import FrameGen
import GIF
import Raster

/// `flipbook generate seagull|explosion|scatter|stroke … -o OUT`.
struct Generate: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Draw procedural frames: a flapping seagull, an explosion, a rock scatter, a freehand stroke.",
        discussion: """
            OUT decides what is written:
              a folder       numbered PNGs NAME1.png … NAMEn.png (NAME1@2x.png at --scale 2) and sequence.json
              FILE.gif       an animated GIF (timing from --fps, loop from --repeat)
              FILE.png       the image itself for one frame; for several, a sprite sheet + FILE.json
            Output is deterministic: the same options give byte-identical files.

            Examples:
              flipbook generate seagull --frames 12 -o birds/
              flipbook generate explosion -o Sequences/explosion
              flipbook generate explosion --size 96x96 -o boom.gif
              flipbook generate scatter --count 20 --seed 4 --scale 2 -o island@2x.png
              flipbook generate stroke signature.json --smoothing midpoint --frames 30 -o sign.gif
            """,
        subcommands: [SeagullCommand.self, ExplosionCommand.self, ScatterCommand.self, StrokeCommand.self]
    )
}

/// Options every generator shares: where to write and how to time the frames.
struct GeneratorOutput: ParsableArguments {
    @Option(name: .shortAndLong, help: "A folder, FILE.gif or FILE.png (see `flipbook generate --help`).") var output: String
    @Option(help: "Pixels per point (1, 2 or 3).") var scale: Int = 1
    @Option(help: "Frames per second for the GIF and sequence.json.") var fps: Double = 30
    @Option(name: .customLong("repeat"), help: "Plays for a GIF, UIKit repeatCount semantics: 0 = forever.") var repeatCount: Int = 0
    @Option(help: "File name prefix of numbered frames in a folder (default: the generator's name).") var name: String?
    @Flag(help: "Print machine-readable JSON.") var json = false
    @OptionGroup(title: "Resource limits") var limitOptions: LimitOptions

    /// Refuses (exit 2) frames of `width × height` points over `--max-pixels`, `count` frames over
    /// `--max-frames`, and, for a sprite sheet (which holds every frame), more decoded bytes
    /// than `--max-memory`.
    func check(width: Double, height: Double, frames count: Int) throws {
        let limits = limitOptions.limits
        let size = try ImageCommand.pixelSize(width: width, height: height, scale: scale, limits: limits, flag: "--size")
        do {
            try limits.check(.frames, count, of: "--frames")
            if output.lowercased().hasSuffix(".png"), count > 1 {
                let bytes = Double(size.width * size.height * 4) * Double(count)
                try limits.check(.decodedBytes, bytes < 9e18 ? Int(bytes) : .max, of: "a sheet of \(count) frames")
            }
        } catch {
            Console.error("error: \(error)")
            throw ExitCode(ExitStatus.usage)
        }
    }

    func validate() throws {
        guard (1...3).contains(scale) else { throw ValidationError("--scale must be 1, 2 or 3.") }
        guard fps >= 1.0 / 86_400, fps <= 1000 else { throw ValidationError("--fps must be between 1/86400 and 1000.") }
        guard repeatCount >= 0 else { throw ValidationError("--repeat must be 0 (forever) or more.") }
        if let name, name.isEmpty || name.contains("/") { throw ValidationError("--name must be a plain file name prefix.") }
    }

    /// Writes the generator's frames to `output` as a folder, GIF or PNG.
    func write(_ generator: some FrameGenerator, defaultName: String) throws {
        let prefix = name ?? defaultName
        let count = generator.frameCount
        let lower = output.lowercased()
        let progress = Progress.forTerminal(label: "generating")
        defer { progress?.finish() }
        var written: [String] = []
        if lower.hasSuffix(".gif") {
            let durations = [Double](repeating: 1 / fps, count: count)
            let input = GIF.Encoder.Input(durations: durations) { generator.frame($0) }
            do {
                _ = try GIF.Encoder(repeatCount: repeatCount).write(input, to: output, progress: progress?.update)
            } catch {
                Console.error("error: \(error)")
                throw ExitCode(ExitStatus.outputUnwritable)
            }
            written = [output]
        } else if lower.hasSuffix(".png") {
            if count == 1 {
                try save { try PNG.Encoder().write(generator.frame(0), to: output) }
                written = [output]
            } else {
                // A sheet needs every frame at once anyway.
                let frames = parallelMap(count, progress: progress) { generator.frame($0) }
                let inputs = frames.enumerated().map { index, bitmap in
                    SheetBuilder.Input(name: "\(prefix)\(index + 1)", bitmap: bitmap, sequence: prefix, duration: Int((1000 / fps).rounded()))
                }
                let sheet: SpriteSheet
                do { sheet = try SheetBuilder(layout: .rows).build(inputs) } catch {
                    Console.error("error: \(error)")
                    throw ExitCode(ExitStatus.problemsFound)
                }
                let data = String(output.dropLast(4)) + ".json"
                try save {
                    let set = OutputSet()
                    try PNG.Encoder().write(sheet.pages[0], to: output, in: set)
                    try set.write(TexturePackerJSON.encode(sheet, image: URL(fileURLWithPath: output).lastPathComponent, style: .hash), to: data)
                    try set.commit()
                }
                written = [output, data]
            }
        } else {
            do { try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true) } catch {
                Console.error("error: cannot create \(output): \(error.localizedDescription)")
                throw ExitCode(ExitStatus.outputUnwritable)
            }
            let suffix = scale == 1 ? "" : "@\(scale)x"
            let paths = (1...count).map { "\(output)/\(prefix)\($0)\(suffix).png" }
            // One colour type for the whole sequence (validate flags mixed ones): RGBA unless single.
            let encoder = PNG.Encoder(colorMode: count == 1 ? .smallest : .rgba, compressionLevel: 9)
            // The frames and sequence.json replace what was there as a whole, or not at all.
            let set = OutputSet()
            let failures = parallelMap(count, progress: progress) { index -> String? in
                do { try encoder.write(generator.frame(index), to: paths[index], in: set) } catch { return "\(error)" }
                return nil
            }
            if let message = failures.lazy.compactMap({ $0 }).first {
                Console.error("error: \(message)")
                throw ExitCode(ExitStatus.outputUnwritable)
            }
            written = paths
            if count > 1 {
                let manifestPath = output + "/" + SequenceManifest.fileName
                try save { try SequenceManifest(name: prefix, fps: fps, repeatCount: repeatCount).write(to: manifestPath, in: set) }
                written.append(manifestPath)
            }
            try save { try set.commit() }
        }
        progress?.finish()
        if json {
            try Console.printJSON(GeneratedFiles(output: output, frames: count, files: written))
        } else {
            print("\(output): \(count) frame\(count == 1 ? "" : "s") (\(written.count) file\(written.count == 1 ? "" : "s"))")
        }
    }

    private func save(_ body: () throws -> Void) throws {
        do { try body() } catch {
            Console.error("error: \(error)")
            throw ExitCode(ExitStatus.outputUnwritable)
        }
    }
}

/// `--json` output of `generate`.
private struct GeneratedFiles: Encodable {
    var output: String
    var frames: Int
    var files: [String]
}

/// `body(i)` for every `i` in `0..<count`, on every core, results in order; `progress` counts
/// completed items.
/// `WxH` in points.
private func parseSize(_ text: String?, default value: (Double, Double)) throws -> (Double, Double) {
    guard let text else { return value }
    return try ImageCommand.size(text)
}

private func parseColor(_ text: String?, default value: Color) throws -> Color {
    guard let text else { return value }
    guard let color = Color(hex: text) else { throw ValidationError("colours are #RRGGBB or #RRGGBBAA (got '\(text)').") }
    return color
}

struct SeagullCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "seagull",
        abstract: "The flapping seagull: two quadratic wings, frames low → high → low (a seamless loop).")

    @OptionGroup var out: GeneratorOutput
    @Option(help: "Frame size in points, WxH.") var size: String?
    @Option(help: "Number of frames in one flap.") var frames: Int = 12
    @Option(help: "Wing colour, #RRGGBB[AA].") var color: String?
    @Option(help: "Line width in points (default: height / 30).") var width: Double?

    func validate() throws {
        guard frames >= 1 else { throw ValidationError("--frames must be 1 or more.") }
        if let width, !(width > 0) { throw ValidationError("--width must be positive.") }
    }

    func run() throws {
        let (w, h) = try parseSize(size, default: (64, 32))
        try out.check(width: w, height: h, frames: frames)
        var bird = Seagull(width: w, height: h, scale: out.scale, frameCount: frames, lineWidth: width)
        bird.color = try parseColor(color, default: bird.color)
        try out.write(bird, defaultName: "seagull")
    }
}

struct ExplosionCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "explosion",
        abstract: "A procedural fireball that cools into smoke, with sparks (81 frames by default).")

    @OptionGroup var out: GeneratorOutput
    @Option(help: "Frame size in points, WxH.") var size: String?
    @Option(help: "Number of frames.") var frames: Int = 81
    @Option(help: "Random seed: each seed is a different explosion.") var seed: UInt64 = 7
    @Option(help: "Number of sparks.") var sparks: Int = 28

    func validate() throws {
        guard frames >= 2 else { throw ValidationError("--frames must be 2 or more.") }
        guard sparks >= 0, sparks <= 100_000 else { throw ValidationError("--sparks must be 0…100000.") }
    }

    func run() throws {
        let (w, h) = try parseSize(size, default: (128, 128))
        try out.check(width: w, height: h, frames: frames)
        try out.write(Explosion(width: w, height: h, scale: out.scale, frameCount: frames, seed: seed, sparks: sparks), defaultName: "explosion")
    }
}

struct ScatterCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scatter",
        abstract: "Rocks (or your images) scattered at seeded random points on a circle.",
        discussion: "--images DIR uses every PNG in DIR (rock.png / rock@2x.png count as one image, the variant for --scale is used); without it, procedural rocks are drawn.")

    @OptionGroup var out: GeneratorOutput
    @Option(help: "Canvas size in points, WxH.") var size: String?
    @Option(help: "How many images to scatter.") var count: Int = 14
    @Option(help: "Random seed.") var seed: UInt64 = 1
    @Option(help: "Circle radius in points (default: 40 % of the smaller side).") var radius: Double?
    @Option(help: "Folder of images to scatter.") var images: String?
    @Option(help: "Background colour.") var background: String?

    func validate() throws {
        guard count >= 0, count <= 100_000 else { throw ValidationError("--count must be 0…100000.") }
        if let radius, !(radius > 0) { throw ValidationError("--radius must be positive.") }
    }

    func run() throws {
        let (w, h) = try parseSize(size, default: (240, 240))
        try out.check(width: w, height: h, frames: 1)
        var scatter = Scatter(width: w, height: h, scale: out.scale, circleRadius: radius ?? min(w, h) * 0.4, count: count, seed: seed)
        scatter.background = try parseColor(background, default: scatter.background)
        if let images {
            do { scatter.images = try ImageLoader.loadFolder(images, scale: out.scale) } catch {
                Console.error("error: \(error)")
                throw ExitCode(ExitStatus.inputUnreadable)
            }
        }
        try out.write(scatter, defaultName: "scatter")
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
    @Argument(help: "The JSON file of sampled points.") var points: String
    @Option(help: "linear, bezier or midpoint.") var smoothing: Freehand.Smoothing = .midpoint
    @Option(help: "Frames of the draw-on animation (1 = just the drawing).") var frames: Int = 1
    @Option(help: "Canvas size in points, WxH (default: from the file, else 256x256).") var size: String?
    @Option(help: "Line width in points.") var width: Double?
    @Option(help: "Stroke colour.") var color: String?
    @Option(help: "Background colour (default transparent).") var background: String?

    func validate() throws {
        guard frames >= 1 else { throw ValidationError("--frames must be 1 or more.") }
        if let width, !(width > 0) { throw ValidationError("--width must be positive.") }
    }

    func run() throws {
        let limits = out.limitOptions.limits
        var stroke = try ImageCommand.parseInput(points) { try Freehand(json: $0, limits: limits) }
        if let size { (stroke.width, stroke.height) = try ImageCommand.size(size) }
        try out.check(width: stroke.width, height: stroke.height, frames: frames)
        if let width, width > (stroke.width * stroke.width + stroke.height * stroke.height).squareRoot() {
            throw ValidationError("--width is wider than the canvas's diagonal.")
        }
        stroke.scale = out.scale
        stroke.smoothing = smoothing
        stroke.frameCount = frames
        if let width { stroke.lineWidth = width }
        stroke.color = try parseColor(color, default: stroke.color)
        if let background { stroke.background = try parseColor(background, default: .white) }
        try out.write(stroke, defaultName: "stroke")
    }
}
