import Animated
import APNG
import ArgumentParser
import Basics
import Compose
import Foundation
import GIF
import WebP

/// `flipbook render SCENE.json -o OUT`.
struct Render: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Render an animated scene (layers, Core Animation timing, sequences, taps) to frames, a GIF, APNG, WebP or a sheet.",
        discussion: """
            A scene is JSON (docs/Formats.md, "Render scenes"): the canvas, how long it plays, and layers as \
            Core Animation has them: images, shapes (SVG paths), frame sequences (a folder, GIF, APNG or WebP \
            played as UIImageView plays it) and text (a font file beside the scene, or the bundled one), each with position, bounds, anchorPoint, transform, opacity, \
            blendMode, masks, shadows, a backdrop blur; animations of position, opacity, rotation and scale \
            (from/to/by, keyframe values, or along an SVG path) with beginTime, duration, repeatCount, \
            autoreverses, fillMode and timing functions; and "spawn" to start a copy of a layer at each tap. \
            Images, sequences and fonts are paths relative to the scene file, read only from its folder.

              { "size": [320, 120], "duration": 4, "fps": 25,
                "layers": [ { "sequence": { "source": "seagull", "duration": 1 },
                  "bounds": [64, 32],
                  "animations": [ { "property": "position", "from": [-40, 60],
                    "to": [360, 60], "duration": 4, "repeatCount": "infinity" } ] } ] }

            OUT decides what is written, as in assemble:
              a folder   numbered PNGs NAME1.png … (NAME1@2x.png at --scale 2)
                         and sequence.json
              FILE.gif   an animated GIF
              FILE.png   an animated PNG (FILE.apng too); FILE.webp a WebP
              FILE.json  a sprite sheet: the frames on FILE.png and TexturePacker's
                         JSON hash (FILE.atlas libGDX, FILE.tres Godot 4,
                         FILE.plist Cocos2d-x)
            Output is deterministic: the same scene gives byte-identical files.

            Examples:
              flipbook render Examples/seagull-flight.json -o flight.gif
              flipbook render Examples/explosions-at-taps.json -o taps/ --fps 12
              flipbook render Examples/frosted-panel.json -o panel@2x.png --scale 2
            """
    )

    @Argument(help: "The scene JSON file.") var scene: String
    @Option(name: .shortAndLong, help: "A folder, FILE.gif, FILE.png/FILE.apng, FILE.webp, or a sheet's FILE.json/.atlas/.tres/.plist.") var output: String
    @OptionGroup var overwriteFlag: OverwriteFlag
    @Option(parsing: .unconditional, help: "Pixels per point (1…8), replacing the scene's scale.") var scale: Int?
    @Option(parsing: .unconditional, help: "Frames per second, replacing the scene's fps (a scene given by duration keeps its length).",
            transform: DecimalNumber.option) var fps: Double?
    @Option(name: .customLong("repeat"), parsing: .unconditional, help: "Plays, UIKit repeatCount semantics: 0 = forever (default: the scene's).")
    var repeatCount: Int?
    @Flag(help: "Print machine-readable JSON.") var json = false
    @OptionGroup var threadsOption: ThreadsOption
    @OptionGroup(title: "Resource limits") var pixelLimit: PixelLimit
    @OptionGroup(title: "Resource limits") var frameLimit: FrameLimit
    @OptionGroup(title: "Resource limits") var outputPixelLimit: OutputPixelLimit
    @OptionGroup(title: "Resource limits") var pathSegmentLimit: PathSegmentLimit
    @OptionGroup(title: "Resource limits") var edgeLimit: EdgeLimit
    @OptionGroup(title: "Resource limits") var drawingWorkLimit: DrawingWorkLimit
    @OptionGroup(title: "Resource limits") var memoryLimit: MemoryLimit

    func validate() throws {
        if let scale, !ImageFileName.drawingScaleRange.contains(scale) { throw OptionRefusal.error("--scale", scale, takes: "1…8") }
        if let fps, !Animation.Timing.fpsRange.contains(fps) {
            throw OptionRefusal.error("--fps", fps, takes: "frames per second, between 1/86400 and 1000")
        }
        if let repeatCount, !(0...65_535).contains(repeatCount) {
            throw OptionRefusal.error("--repeat", repeatCount, takes: "0 (forever) or a number of plays, 1…65535")
        }
    }

    func run() throws {
        try Discovery.checkNoStandardInput([scene])
        let job = RenderJob(source: .file(scene), output: output, overwrite: overwriteFlag.overwrite, scale: scale, fps: fps,
                            repeatCount: repeatCount,
                            limits: ResourceLimits(pixelLimit, frameLimit, outputPixelLimit, pathSegmentLimit, edgeLimit, drawingWorkLimit, memoryLimit),
                            threads: threadsOption.threads)
        let progress = Progress.forTerminal(label: "render")
        defer { progress?.finish() }
        let outcome = try job.run(progress: progress?.update, cancellation: nil)
        progress?.finish()
        // Warnings only once the output is written, as every command prints them.
        for warning in outcome.warnings { Console.error("warning: \(warning)") }
        // An animation is summed up as assemble sums it up: the frames the file holds (identical
        // frames merged), its bytes and length, and a note for each kind of merge.
        var summary: String?
        if let report = outcome.report {
            var text = self
            text.json = false
            summary = text.describe(report, settings: Self.settings(of: report, repeatCount: outcome.repeatCount), fits: true,
                                    repeatCount: outcome.repeatCount, warnings: outcome.warnings,
                                    invisible: report.framesMergedInvisible.map { "frame \($0 + 1)" })
        }
        // A rerun's earlier sheet files it no longer writes (another data format) are gone: said, as `sheet` says them.
        let notes = outcome.notes + Sheet.removedNote(outcome.removed, of: outcome.format == .folder ? "the earlier set's files" : "the earlier sheet's files")
        if json {
            let report = outcome.report
            try Console.printJSON(RenderedFiles(output: output, format: outcome.format.rawValue, frames: report?.framesWritten ?? outcome.frames,
                                                framesMergedForTiming: report?.framesMergedForTiming ?? 0,
                                                framesMergedIdentical: report?.framesMergedIdentical ?? 0,
                                                framesMergedNearIdentical: report?.framesMergedNearIdentical ?? 0, width: outcome.width,
                                                height: outcome.height, scale: outcome.scale,
                                                durationSeconds: (Double(outcome.frames) / outcome.fps * 1000).rounded() / 1000,
                                                repeatCount: outcome.repeatCount, files: outcome.files, warnings: outcome.warnings, notes: notes,
                                                removed: outcome.removed.sorted()))
        } else if let summary {
            Console.line(summary)
            // The summary says the merges; what GIF does with soft pixels is said as `assemble` says it.
            if let soft = outcome.softAlphaNote { Console.error("note: \(soft)") }
        } else {
            for note in notes { Console.error("note: \(note)") }
            Console.line("\(output): \(outcome.frames) frame\(outcome.frames == 1 ? "" : "s") of \(outcome.width)×\(outcome.height) at \(InputValue.format(outcome.fps)) fps, "
                  + "\(outcome.format) (\(outcome.files.count) file\(outcome.files.count == 1 ? "" : "s"))")
        }
    }

    /// The encoder settings `RenderJob` writes an animation with (each encoder's defaults, the repeat count).
    private static func settings(of report: AssembleJob.Report, repeatCount: Int) -> AssembleJob.Settings {
        switch report {
        case .gif: .gif(GIF.Encoder(repeatCount: repeatCount))
        case .apng: .apng(APNG.Encoder(repeatCount: repeatCount))
        case .webp: .webp(WebP.Encoder(repeatCount: repeatCount))
        }
    }
}

extension Render: AnimationSummarizing {
    /// `render` has no `--max-bytes`.
    var maxBytes: Int? { nil }
}

/// `--json` output of `render`.
private struct RenderedFiles: Encodable {
    var output: String
    var format: String
    /// Frames the output holds: an animation merges frames into the frame before (counted below,
    /// as `assemble` counts them; the frames rendered are their sum), a folder and a sheet hold every frame rendered.
    var frames: Int
    var framesMergedForTiming: Int, framesMergedIdentical: Int, framesMergedNearIdentical: Int
    var width: Int
    var height: Int
    var scale: Int
    /// frames ÷ fps, to the millisecond.
    var durationSeconds: Double
    var repeatCount: Int
    var files: [String]
    var warnings: [String]
    /// The notes `assemble` prints on frames merged, and on a sheet's earlier files removed, without `note: `.
    var notes: [String]
    /// A sheet's earlier files that this one removed (another data format), as `sheet` lists them.
    var removed: [String]
}
