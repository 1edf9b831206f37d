import Animated
import APNG
import ArgumentParser
import Basics
import Foundation
import GIF
import Raster
import WebP

/// `flipbook assemble SOURCE -o OUT.gif|OUT.png|OUT.webp`: frames to an animated GIF, APNG or WebP.
struct Assemble: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "assemble",
        abstract: "Assemble frames into an animated GIF, APNG or WebP.",
        discussion: """
            SOURCE is a folder of numbered PNGs, a prefix path (Sequences/explosion/explosion for \
            explosion1.png…), a list of PNG files, or a GIF. A sequence.json beside the frames gives \
            their timing, direction, scale and highlighted frames; options override it. Files listed \
            in name order (walk*.png) are read by number; listed in an order of their own, with a \
            file twice, or without numbers, they play as listed. Two files for one frame number \
            (fire2.png and fire02.png) are refused, naming both; --on-duplicate-number first|last \
            plays the first or the last in name order instead (fire2.png comes before fire02.png).

            The output's name picks the format: NAME.gif writes a GIF, NAME.png or NAME.apng an \
            animated PNG, NAME.webp an animated WebP. APNG and WebP keep every frame exact (full \
            colour and soft alpha); --effort fast|standard|max trades APNG time for bytes, --lossy \
            --quality 0-100 makes a smaller, lossy WebP. --format gif|apng|webp names it outright \
            (for - or a name without an extension); a name that promises another format is \
            refused, and so is an option of another format. APNG and WebP delays are whole \
            milliseconds on the cumulative timeline; frames of 10 ms or less are merged. An APNG \
            avoids what ffmpeg 5.1 and Pillow 13 decode wrongly (docs/Formats.md), 0.04 % larger \
            on the real sequences; --compatibility specification writes the smallest file the APNG \
            specification allows (exact in browsers, not always in those two).

            Timing: one of --fps, --duration and --delays (given together they are refused); without \
            one, sequence.json's timing, else 30 fps (UIKit's count/30 s). \
            Delays are placed on the cumulative timeline so the total is exact to the centisecond; \
            frames that would show for less than 2 cs are merged (browsers play 0–1 cs as 10 cs).

            --repeat uses UIKit's meaning: 0 plays forever (the default), N plays N times in all \
            (written as N−1 extra loops; 1 writes no loop block).

            GIF transparency is one bit. --alpha dither (the default) keeps a share of each soft \
            area's pixels equal to its alpha, in a pattern fixed by position that changes only where \
            the alpha really moves (dots for @1x frames, horizontal pixel pairs for @2x and @3x), and \
            cuts the anti-aliased rim of opaque shapes: smoke and fades stay visible to their last frame. threshold keeps pixels with alpha ≥ 128 \
            (faint smoke vanishes), matte:#RRGGBB composites everything onto a colour. When the GIF \
            will sit on a known background, --edge-matte blends the kept semi-transparent pixels with \
            it (no halo).

            Colours: standard (the default) gives the first frame a full colour table and each later \
            frame a table of at most 64 entries (more at a scene cut) for the pixels the screen shows \
            worst, and redraws only those, only ever closer to their source: colours build up across \
            frames, so the GIF shows far more than 256, and nothing shimmers. high uses full tables \
            for every frame (larger, slower). fast builds one palette for all frames, dithers to it \
            (--dither) on all cores, and never redraws a pixel whose source did not change.

            --max-bytes searches smaller settings (high → standard, then fewer colours without \
            dithering) for the best that fits, by bisection (about five encodes); for WebP, lossy \
            frames at the highest quality that fits (quality 0 first, then about seven encodes; a WebP \
            whose lossless alpha alone is over the budget is found after two, and said); when nothing \
            fits it writes the smallest result, says what is left to try, and exits 1. APNG is \
            lossless: no --max-bytes.

            Examples:
              flipbook assemble Sequences/kenney-robot-walk -o walk.gif --fps 12
              flipbook assemble fx/boom -o boom.gif --alpha matte:#202020 --quality high
              flipbook assemble hero/walk -o walk.gif --delays 100,80,80,120 --repeat 3
              flipbook assemble fx/smoke -o smoke.png --effort max
              flipbook assemble fx/smoke -o smoke.webp --lossy --quality 85
            """
    )

    @Argument(help: "Frames: a folder, a prefix path, PNG files, or one GIF, APNG or WebP.")
    var sources: [String]

    @Option(name: .shortAndLong, help: "The animation to write (NAME.gif, NAME.png, NAME.apng or NAME.webp), or - for standard output.")
    var output: String

    @Option(help: "gif, apng (or png) or webp; by default the output's name says.")
    var format: AssembleJob.Format?

    @Option(help: "APNG and WebP: fast, standard (the default) or max (smallest, tens of times slower).")
    var effort: EncodingEffort?

    @Option(help: "APNG: decoders (the default: exact in ffmpeg 5.1 and Pillow 13 too) or specification (smallest; exact in browsers).")
    var compatibility: APNG.Encoder.Compatibility?

    @Flag(help: "WebP: lossy frames at --quality (alpha stays lossless); lossless by default.")
    var lossy = false

    @OptionGroup var overwriteFlag: OverwriteFlag
    var overwrite: Bool { overwriteFlag.overwrite }

    // `.unconditional`: `--fps -5` is a value to refuse with its range, not a missing value.
    @Option(parsing: .unconditional, help: "Frames per second.", transform: DecimalNumber.option)
    var fps: Double?

    @Option(parsing: .unconditional, help: "Length of one play, in seconds.", transform: DecimalNumber.option)
    var duration: Double?

    @Option(parsing: .unconditional, help: "Milliseconds per frame, comma-separated (one per frame).")
    var delays: String?

    @Option(name: .customLong("repeat"), parsing: .unconditional, help: "Plays in all: 0 = forever (UIKit repeatCount).")
    var repeatCount: Int?

    @Option(parsing: .unconditional, help: "The @Nx files to pick (1, 2, 3).")
    var scale: Int?

    @Flag(help: "Use the highlighted frames named in sequence.json.")
    var highlighted = false

    @Option(parsing: .unconditional, help: """
        GIF: standard (the default: a table per frame for the pixels shown worst, colours build up across \
        frames; smoke dots, fire and grain may take a nearby colour that compresses better), high \
        (full tables, every pixel its own colour: larger, slower) or fast (one palette, dithered). \
        WebP with --lossy: 0–100 (80 by default).
        """)
    var quality: QualityArgument?

    @Option(parsing: .unconditional, help: "Most colours a frame draws, 2–256. Each colour table also keeps an entry for transparency, so 256 draws 255 (and 15 colours fill a 16-entry table). A frame drawn over the one before may show more colours on screen; standard gives frames after the first at most 63 unless a scene cut needs more.")
    var colors = 256

    @Option(help: "With --quality fast: ordered (stable from frame to frame; the default), fs (Floyd–Steinberg) or none.")
    var dither: GIF.Dithering?

    @Option(help: "How soft alpha becomes GIF's one bit: dither keeps faint smoke and fades as dots, threshold cuts at alpha 128, matte:#RRGGBB composites every pixel onto that colour.")
    var alpha: GIF.AlphaMode = .dither

    @Option(help: "The background colour (#RRGGBB) that kept semi-transparent edge pixels are blended with, or none.")
    var edgeMatte = "none"

    @Option(parsing: .unconditional, help: "GIF and WebP: largest acceptable file size in bytes.")
    var maxBytes: Int?

    @Option(help: "error (the default), first or last: two files for one frame number (fire2.png, fire02.png) are refused, or the first or last in name order is played.")
    var onDuplicateNumber: FrameSequence.DuplicateNumberPolicy = .error

    @Flag(help: "Print machine-readable JSON.")
    var json = false

    @OptionGroup var threadsOption: ThreadsOption
    @OptionGroup(title: "Resource limits") var pixelLimit: PixelLimit
    @OptionGroup(title: "Resource limits") var frameLimit: FrameLimit
    @OptionGroup(title: "Resource limits") var memoryLimit: MemoryLimit
    @OptionGroup(title: "Resource limits") var outputLimit: OutputPixelLimit
    /// The limits the flags above set.
    var limits: ResourceLimits { ResourceLimits(pixelLimit, frameLimit, memoryLimit, outputLimit) }

    /// The format the output will have, when it can be told before reading anything.
    private var expectedFormat: AssembleJob.Format? { format ?? AssembleJob.Format(fileName: output) ?? (output == "-" ? .gif : nil) }

    /// The GIF preset asked for (standard by default).
    private var gifQuality: GIF.Encoder.Quality {
        if case .preset(let preset) = quality { return preset }
        return .standard
    }

    func validate() throws {
        if let format = expectedFormat {
            // An option of another format is a mistake, not something to ignore.
            var foreign: [String] = []
            if format != .gif {
                if case .preset = quality { foreign.append("--quality \(gifQuality.rawValue)") }
                if colors != 256 { foreign.append("--colors") }
                if dither != nil { foreign.append("--dither") }
                if alpha != .dither { foreign.append("--alpha") }
                if edgeMatte != "none" { foreign.append("--edge-matte") }
                if maxBytes != nil && format == .apng { foreign.append("--max-bytes") }
            }
            if format == .gif && effort != nil { foreign.append("--effort") }
            if format != .apng && compatibility != nil { foreign.append("--compatibility") }
            if format != .webp && lossy { foreign.append("--lossy") }
            if case .number = quality, format == .webp, !lossy {
                throw ValidationError("--quality \(quality!) is the quality of lossy WebP frames: add --lossy (WebP is lossless by default).")
            }
            if case .number = quality, format != .webp { foreign.append("--quality with a number (lossy WebP's)") }
            if !foreign.isEmpty {
                throw ValidationError("\(foreign.joined(separator: ", ")) \(foreign.count == 1 ? "does" : "do") not apply to \(format) output (\(output)).")
            }
        }
        // DESIGN's `[--fps N | --duration S | --delays MS,…]`: two given together are a mistake, not an order to guess.
        let timings = [("--fps", fps != nil), ("--duration", duration != nil), ("--delays", delays != nil)].filter(\.1).map(\.0)
        if timings.count > 1 {
            throw ValidationError("\(timings.joined(separator: " and ")) \(timings.count == 2 ? "both" : "all") set the timing: give one (--fps the rate, --duration one play's seconds, --delays each frame's milliseconds).")
        }
        if let fps, !Animation.Timing.fpsRange.contains(fps) { throw OptionRefusal.error("--fps", fps, takes: "frames per second, between 1/86400 and 1000") }
        // The library's one rule (a step shows at most a day); the bound that needs the frame count comes with the frames.
        if let duration, Animation.Timing(duration: duration).rangeError(steps: .max) != nil {
            // The value as typed, as the refusal once the frames are counted gives it.
            let typed = CLIWording.value(of: "--duration", in: Array(CommandLine.arguments.dropFirst())) ?? OptionRefusal.number(duration)
            throw OptionRefusal.error("--duration", typed, takes: CLIWording.durationTakes)
        }
        if let repeatCount, repeatCount < 0 { throw OptionRefusal.error("--repeat", repeatCount, takes: "0 (forever) or a number of plays") }
        if let scale, !ImageFileName.scaleRange.contains(scale) { throw OptionRefusal.error("--scale", scale, takes: "\(ImageFileName.scaleRange.lowerBound)…\(ImageFileName.scaleRange.upperBound), the @Nx files to pick") }
        if !(2...256).contains(colors) { throw OptionRefusal.error("--colors", colors, takes: "2…256 colours a frame draws") }
        if let maxBytes, maxBytes <= 0 { throw OptionRefusal.error("--max-bytes", maxBytes, takes: "a positive number of bytes") }
        if gifQuality != .fast, let dither, dither != .none {
            throw ValidationError("--quality \(gifQuality.rawValue) refines colours across frames instead of dithering; drop --dither \(dither.rawValue) or use --quality fast.")
        }
        _ = try parsedDelays()
        _ = try parsedEdgeMatte()
    }

    func parsedEdgeMatte() throws -> Color? {
        if edgeMatte == "none" { return nil }
        guard let color = Color(hex: edgeMatte), color.a == 255 else {
            throw OptionRefusal.error("--edge-matte", edgeMatte, takes: "an opaque colour #RRGGBB, or none")
        }
        return color
    }

    func parsedDelays() throws -> [Double]? {
        guard let delays else { return nil }
        // Plain decimal milliseconds, read as every floating option is (``DecimalNumber``: 1e3
        // too, as --fps takes 1e1; not 0x10); an empty entry (a trailing comma) is a mistake, not a frame fewer.
        return try delays.split(separator: ",", omittingEmptySubsequences: false).map { entry -> Double in
            let text = entry.trimmingCharacters(in: .whitespaces)
            guard let value = DecimalNumber.parse(text), value > 0, value <= Animation.Timing.longest * 1000 else {
                throw OptionRefusal.error("--delays", item: entry, in: delays,
                                          takes: "positive milliseconds, at most a day each, one per frame, separated by commas (100,80,120)")
            }
            return value / 1000
        }
    }

    func run() throws {
        let toStandardOutput = output == OutputName.standardOutput
        if toStandardOutput { try OutputName.requireRedirectedStandardOutput() }
        let encoder = GIF.Encoder(quality: gifQuality, colors: colors, dithering: dither, alpha: alpha, edgeMatte: try parsedEdgeMatte())
        var job = AssembleJob(source: .paths(sources), output: toStandardOutput ? nil : output, overwrite: overwrite,
                              timing: .init(delays: try parsedDelays(), duration: duration, fps: fps), highlighted: highlighted,
                              repeatCount: repeatCount, scale: scale, encoder: encoder, maxBytes: maxBytes, limits: limits)
        job.threads = threadsOption.threads
        job.format = format
        job.onDuplicateNumber = onDuplicateNumber
        // Effort is APNG's and WebP's: set for the format written (both when the name does not say).
        if let effort {
            if expectedFormat != .webp { job.apng.effort = effort }
            if expectedFormat != .apng { job.webp.effort = effort }
        }
        if let compatibility { job.apng.compatibility = compatibility }
        if lossy {
            job.webp.lossless = false
            if case .number(let value) = quality { job.webp.quality = value } else { job.webp.quality = 80 }
        }
        let plan = try job.plan(cancellation: nil)
        let progress = Progress.forTerminal(label: "assemble")
        defer { progress?.finish() }
        let outcome = try job.run(plan, progress: progress?.update, cancellation: nil)
        progress?.finish()
        // The GIF goes to standard output (the summary to standard error), first: warnings and
        // notes come with the outcome, only once the output is written, never before a run that
        // then fails (`-o - > /dev/full` printed its note, then the error).
        if toStandardOutput { try FileIO.writeStandardOutput(outcome.bytes) }
        for warning in plan.warnings { Console.error("warning: \(warning)") }
        for note in plan.notes { Console.error("note: \(note)") }
        let invisible = outcome.report.framesMergedInvisible.map { plan.playback.frames.indices.contains($0) ? plan.playback.frames[$0].fileName ?? "frame \($0 + 1)" : "frame \($0 + 1)" }
        let summary = describe(outcome.report, settings: outcome.settings, fits: outcome.fits, repeatCount: plan.apng.repeatCount,
                               warnings: plan.warnings, notes: plan.notes, invisible: invisible)
        if toStandardOutput { Console.error(summary) } else { Console.line(summary) }
        // The report (with fitsMaxBytes) is the JSON a script reads: a failure adds no second object.
        if json && !toStandardOutput { Console.printedJSON.set() }
        if let maxBytes, !outcome.fits, case .webp(let webp) = outcome.report {
            let found = webp.lossless ? "lossless" : "lossy, quality \(Int(webp.quality ?? 0))"
            // Lossy frames keep alpha lossless: past that, no quality helps, and a GIF's 1-bit alpha may fit.
            let why = webp.alphaBytes > 0
                ? " Its alpha alone takes \(webp.alphaBytes) bytes, which WebP keeps lossless at every quality: no quality fits, "
                    + "but a GIF (-o NAME.gif, 1-bit transparency) may."
                : ""
            throw ProblemsFound(description: "the smallest WebP found (\(found)) is \(webp.bytes) bytes, over --max-bytes "
                                + "\(maxBytes); it is written anyway.\(why) \(smallerFramesAdvice(scale: plan.animation.scale))")
        }
        if let maxBytes, !outcome.fits {
            throw ProblemsFound(description: "the smallest GIF found (\(outcome.settings.gif?.colors ?? colors) colours, \((outcome.settings.gif?.quality ?? gifQuality).rawValue)) is "
                                + "\(outcome.report.bytes) bytes, over --max-bytes \(maxBytes); it is written anyway. "
                                + smallerFramesAdvice(scale: plan.animation.scale))
        }
    }

    /// What is left when no setting fits --max-bytes, in steps that work for a sequence:
    /// the @1x files when these are @2x or @3x, the whole sequence made smaller (resize takes a
    /// folder, an animation or a prefix and keeps the timing), or fewer frames.
    private func smallerFramesAdvice(scale: Int) -> String {
        let source = sources.count == 1 ? sources[0] : "FRAMES"
        var ways = scale > 1 ? ["the @1x files, if the frames have them (--scale 1)"] : []
        // A folder named after the source (`-o small` was the source itself for a folder named
        // `small`; `ex.gif-half` no name resize takes), quoted as a shell needs it.
        var smaller = Discovery.trimmingSlash(source)
        let ext = OutputName.pathExtension(smaller)
        if ["gif", "png", "apng", "webp"].contains(ext.lowercased()) { smaller = String(smaller.dropLast(ext.count + 1)) }
        smaller = Self.shellWord(smaller + "-half")
        ways.append("smaller frames (flipbook resize \(Self.shellWord(source)) -o \(smaller) --scale 0.5, then assemble \(smaller))")
        ways.append("fewer frames")
        return "What is left: " + ways.joined(separator: ", or ") + "."
    }

    /// `word` as one shell word: itself when plain, else in single quotes (`'my dir/it'\''s'`).
    private static func shellWord(_ word: String) -> String {
        let plain = word.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "._/-@+,~=:".contains($0)) }
        return plain && !word.isEmpty ? word : "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}

extension GIF.Encoder.Quality: ExpressibleByArgument {}
extension FrameSequence.DuplicateNumberPolicy: ExpressibleByArgument {}
extension APNG.Encoder.Compatibility: ExpressibleByArgument {}
extension AssembleJob.Format: ExpressibleByArgument {
    /// `gif`, `apng` (or `png`, the extension an APNG usually has) or `webp`.
    public init?(argument: String) {
        self.init(rawValue: argument == "png" ? "apng" : argument)
    }
}

/// `--quality`: a GIF preset (standard, high, fast) or WebP's lossy quality, 0–100.
enum QualityArgument: ExpressibleByArgument {
    case preset(GIF.Encoder.Quality)
    case number(Double)

    init?(argument: String) {
        if let preset = GIF.Encoder.Quality(rawValue: argument) {
            self = .preset(preset)
        } else if let value = DecimalNumber.parse(argument), (0...100).contains(value) {
            self = .number(value)
        } else {
            return nil
        }
    }

    static var allValueStrings: [String] { GIF.Encoder.Quality.allCases.map(\.rawValue) + ["0…100"] }
}

extension QualityArgument: CustomStringConvertible {
    var description: String {
        switch self {
        case .preset(let preset): preset.rawValue
        case .number(let value): value == value.rounded() ? "\(Int(value))" : "\(value)"
        }
    }
}
extension EncodingEffort: ExpressibleByArgument {}
extension GIF.Dithering: ExpressibleByArgument {}
extension GIF.AlphaMode: ExpressibleByArgument {
    /// The values `--alpha` takes, as its help and a mistyped value's "did you mean" list them.
    public static var allValueStrings: [String] { ["dither", "threshold", "matte:#RRGGBB"] }
    /// Completion offers the two words; a matte's colour is the user's to type.
    public static var defaultCompletionKind: CompletionKind { .list(["dither", "threshold", "matte:"]) }
}
