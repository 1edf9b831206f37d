import Animated
import APNG
import ArgumentParser
import Atlas
import Basics
import Compose
import Foundation
import FrameGen
import GIF
import Raster
import WebP

/// Options every generator shares: where to write and how to time the frames.
struct GeneratorOutput: ParsableArguments {
    @Option(name: .shortAndLong, help: "A folder, FILE.gif, FILE.apng, FILE.webp or FILE.png (see `flipbook generate --help`).") var output: String
    @OptionGroup var overwriteFlag: OverwriteFlag
    var overwrite: Bool { overwriteFlag.overwrite }
    @Option(parsing: .unconditional, help: "Pixels per point (1, 2 or 3).") var scale: Int = 1
    @Option(parsing: .unconditional, help: "Frames per second for the GIF and sequence.json.", transform: DecimalNumber.option) var fps: Double = 30
    @Option(name: .customLong("repeat"), parsing: .unconditional, help: "Plays for a GIF, UIKit repeatCount semantics: 0 = forever.") var repeatCount: Int = 0
    @Option(name: [.customLong("prefix"), .customLong("name")],
            help: "File name before the frame number in a folder (default: the generator's name); --name is the same.") var name: String?
    @Flag(help: "Print machine-readable JSON.") var json = false
    @OptionGroup(title: "Resource limits") var pixelLimit: PixelLimit
    @OptionGroup(title: "Resource limits") var frameLimit: FrameLimit
    @OptionGroup(title: "Resource limits") var memoryLimit: MemoryLimit
    @OptionGroup(title: "Resource limits") var outputPixelLimit: OutputPixelLimit
    /// The limits the flags above set.
    var limits: ResourceLimits { ResourceLimits(pixelLimit, frameLimit, memoryLimit, outputPixelLimit) }

    /// Refuses (exit 2) frames of `width × height` points over `--max-pixels`, `count` frames over
    /// `--max-frames`, all of them together over `--max-output-pixels`, and a frame being drawn
    /// with what the output holds beside it (an encoder's canvases, a sheet's every frame) over
    /// `--max-memory` (Compose's `FrameWriter.checkWork`). Returns the frames' size in pixels.
    @discardableResult
    func check(width: Double, height: Double, frames count: Int) throws -> (width: Int, height: Int) {
        let limits = limits
        // `g@4x.apng` as `g@4x.gif`: refused before any work, as every command refuses an animation so named.
        if [.gif, .apng, .webp].contains(format(count: count)), let reason = ImageFileName.animationScaleRefusal(output, animated: true, drawnAt: scale) {
            throw UsageError("\(output): \(reason)")
        }
        let size = try ImageCommand.pixelSize(width: width, height: height, scale: scale, limits: limits, flag: "--size")
        do {
            try limits.check(.frames, count, of: "--frames")
            let subject = format(count: count).isSheet ? "a sheet of \(count) frames" : "generate: \(count) frames"
            try FrameWriter.checkWork(format: format(count: count), count: count,
                                      frameBytes: FrameWriter.generatorFrameBytes(width: size.width, height: size.height),
                                      width: size.width, height: size.height, limits: limits, subject: subject)
        } catch {
            throw UsageError(error)
        }
        // A GIF's screen and a WebP's canvas have a largest side: a frame past it is refused before
        // any frame is drawn (the encoder said so after drawing them all, exit 3).
        let formatSide: (name: String, side: Int)? = switch OutputName.pathExtension(output) {
        case "gif": ("a GIF's screen", 65_535)
        case "webp": ("a WebP's canvas", 16_383)
        default: nil
        }
        if let (name, most) = formatSide, max(size.width, size.height) > most {
            throw UsageError("\(output): frames of \(size.width)×\(size.height) px do not fit \(name), at most \(most) px a side: "
                             + "give a smaller --size, or write NAME.apng or a folder")
        }
        // A sheet's page has a largest side, which generate has no flag for: a frame past it is an
        // argument mistake named before any frame is drawn (it was exit 1, "raise --max-size").
        let side = SheetBuilder(layout: .rows).maxSide
        if OutputName.pathExtension(output) == "png", count > 1, max(size.width, size.height) > side {
            throw sheetDoesNotFit(count: count, size: size)
        }
        return size
    }

    /// What `count` frames are written as: `.png` names one frame or a sheet here (unlike
    /// `assemble`, where it is an APNG); an unknown extension a folder (refused by ``write``).
    func format(count: Int) -> FrameWriter.Format {
        switch OutputName.pathExtension(output) {
        case "gif": .gif
        case "apng": .apng
        case "webp": .webp
        case "png": count == 1 ? .png : .sheet(.jsonHash)
        default: .folder
        }
    }

    /// `-o NAME.png` of several frames is a sheet whose page holds at most 4096 px a side: the
    /// advice names what generate has (a smaller --size, fewer --frames, another output).
    func sheetDoesNotFit(count: Int, size: (width: Int, height: Int)?) -> UsageError {
        let side = SheetBuilder(layout: .rows).maxSide
        let frames = size.map { "\(count) frames of \($0.width)×\($0.height) px" } ?? "\(count) frames"
        return UsageError("\(output): \(frames) do not fit one sheet page of at most \(side) px a side "
                          + "(-o NAME.png of several frames is a sheet): give a smaller --size or fewer --frames, or write a folder, "
                          + "NAME.gif, NAME.apng or NAME.webp")
    }

    func validate() throws {
        guard ImageFileName.scaleRange.contains(scale) else { throw OptionRefusal.error("--scale", scale, takes: "\(ImageFileName.scaleRange.lowerBound)…\(ImageFileName.scaleRange.upperBound) pixels per point") }
        guard Animation.Timing.fpsRange.contains(fps) else { throw OptionRefusal.error("--fps", fps, takes: "frames per second, between 1/86400 and 1000") }
        guard (0...GIF.maximumRepeatCount).contains(repeatCount) else {
            throw OptionRefusal.error("--repeat", repeatCount, takes: "0 (forever) or a number of plays, 1…\(GIF.maximumRepeatCount) (a GIF's loop block holds 16 bits)")
        }
        if let name, name.isEmpty || name.contains("/") || name.hasPrefix(".") {
            throw OptionRefusal.error("--prefix", name, takes: "a plain file name prefix: no folder, not hidden")
        }
    }

    /// Writes the generator's frames to `output`: a GIF, one PNG, a sheet PNG + JSON, or a folder
    /// (any other extension is refused, as is `-`). None of the files may be one of `inputs`. A
    /// setting out of the generator's range (its `settingError`) is refused first, as
    /// `GeneratorError.setting`, before anything is written.
    /// Frames are drawn on as many cores as `--max-memory` holds, a frame of `pixels` being drawn
    /// on each (the size ``check(width:height:frames:)`` returned).
    /// `read`: the files the frames are drawn from at this scale (`inputs` when `nil`): a folder
    /// of images gives every variant as an input, of which a scale reads one.
    func write(_ generator: some FrameGenerator, defaultName: String, inputs: [String] = [], read: [String]? = nil,
               pixels: (width: Int, height: Int)) throws {
        if let error = generator.settingError { throw GeneratorError.setting(error) }
        let prefix = name ?? defaultName
        let count = generator.frameCount
        let ext = OutputName.pathExtension(output)
        let protected = InputFiles(inputs)
        if !["gif", "png", "apng", "webp"].contains(ext) {
            try OutputName.requireFolder(output, what: "generate writes NAME.gif, NAME.apng, NAME.webp, NAME.png (one frame, or a sheet) "
                                         + "or a folder of PNG frames")
        }
        let progress = Progress.forTerminal(label: "generating")
        defer { progress?.finish() }
        let format = format(count: count)
        // The generator's own refusal (a limit its frames pass) comes out as it is, whatever the output (FrameWriter).
        var writer = FrameWriter(output: output, format: format, prefix: prefix, count: count, fps: fps, scale: scale,
                                 repeatCount: repeatCount, inputs: protected, overwrite: overwrite) { try generator.frame($0) }
        // A folder's frames record what they are made from (the settings but the scale, the files read),
        // which the other scales' runs compare, as `render`'s do.
        var origin: String?
        if format == .folder {
            var made = FrameOrigin(kind: "generate")
            made.add(settingsOf: generator, leavingOut: ["scale", "limits", "run"])
            made.add("fps \(fps) repeat \(repeatCount)")
            for input in read ?? inputs { made.read(input) }
            origin = made.record(base: FrameOrigin.commonFolder(of: read ?? inputs))
            writer.origin = origin
        }
        var update: (@Sendable (Int, Int) -> Void)?
        if let progress { update = { (done: Int, total: Int) in progress.update(done, total) } }
        let written: [String]
        let threads = FrameWriter.drawingThreads(nil, format: format, count: count,
                                                 frameBytes: FrameWriter.generatorFrameBytes(width: pixels.width, height: pixels.height),
                                                 width: pixels.width, height: pixels.height, limits: limits)
        do {
            written = try ThreadBudget.withLimit(threads) { try writer.write(progress: update) }
        } catch let error as SheetBuilder.Error {
            switch error {
            case .doesNotFit, .spriteTooLarge, .pageTooLarge: throw sheetDoesNotFit(count: count, size: nil)
            default: throw error
            }
        }
        progress?.finish()
        // `-o g@2x.gif` at --scale 1: every reader takes the name's scale (assemble and render say so too).
        var warnings: [String] = switch format {
        case .gif, .apng, .webp: [AssembleJob.scaleNameWarning(output: output, scale: scale)].compactMap { $0 }
        case .png: [ImageCommand.scaleWarning(output: output, width: pixels.width, height: pixels.height, madeAt: scale, because: "--scale \(scale)")].compactMap { $0 }
        case .folder, .sheet: []
        }
        if let origin {
            warnings += FrameOrigin.otherScalesWarnings(output: output, prefix: prefix, scale: scale, origin: origin,
                                                        base: FrameOrigin.commonFolder(of: read ?? inputs),
                                                        another: "an earlier generate with other settings (or of other files it reads)",
                                                        again: "generate them")
        }
        for warning in warnings { Console.error("warning: \(warning)") }
        if json {
            try Console.printJSON(GeneratedFiles(output: output, frames: count, files: written, warnings: warnings))
        } else {
            // A sheet split over pages is named by its first page (`many-0.png`), as `sheet` names it: `-o many.png` is not written.
            let named = format.isSheet && !written.contains(output) ? written.first ?? output : output
            Console.line("\(named): \(count) frame\(count == 1 ? "" : "s") (\(written.count) file\(written.count == 1 ? "" : "s"))")
        }
    }
}

/// `--json` output of `generate`.
private struct GeneratedFiles: Encodable {
    var output: String
    var frames: Int
    var files: [String]
    /// An output named for another scale than it was drawn at (a generator reads nothing it could read past).
    var warnings: [String] = []
}
