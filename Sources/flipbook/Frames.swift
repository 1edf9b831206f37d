import Animated
import ArgumentParser
import Atlas
import Basics
import Foundation
import GIF
import Raster

/// `flipbook frames IN.gif|IN.png|IN.webp -o DIR`: a GIF, APNG or WebP exploded into numbered PNGs.
struct Frames: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "frames",
        abstract: "Explode a GIF, APNG, animated WebP or a sprite sheet into PNG frames.",
        discussion: """
            From a GIF, an APNG (.png with an acTL chunk, or .apng) or an animated WebP: frames are \
            fully composited (disposal, blending and transparency applied), written as \
            PREFIX1.png…PREFIXN.png, and sequence.json records each frame's duration and the loop \
            count, so `flipbook assemble DIR` rebuilds the same animation. A file cut short gives \
            its whole frames, with a warning. The frames it declares times its canvas are checked \
            against --max-output-pixels before any frame is decoded.

            From a sheet's data file — TexturePacker JSON hash or array (ours, TexturePacker's or \
            Aseprite's, with the other pages of a multipack), Phaser's multi-atlas, a libGDX .atlas, \
            a SpriteKit .atlasc folder or its .plist, a Cocos2d-x plist, a Godot SpriteFrames .tres \
            (frames named after their animation: walk0, walk1…) — each frame is cut out, turned back if it was rotated and \
            un-trimmed to its source size, named after the frame. Names cannot write outside DIR: \
            path separators become _, a leading dot gets a _ before it, control characters are left out \
            (with a warning); a name over 255 bytes is refused before DIR is made. Pages are read only from the \
            data file's folder and below (an absolute path, .. or a link that leads out is refused), \
            and the frames' sizes are checked against --max-pixels and, added up, against \
            --max-output-pixels before any page is read.

            Examples:
              flipbook frames explosion.gif -o frames/ --prefix explosion
              flipbook frames smoke.webp -o frames/
              flipbook frames sheet.json -o frames/
              flipbook frames hero.atlas -o frames/
              flipbook frames Hero.atlasc -o frames/
            """
    )

    @Argument(help: "The GIF, APNG or WebP, or a sheet's data file (.json, .atlas, .atlasc, .plist, .tres) to read.")
    var input: String

    @Option(name: .shortAndLong, help: "The folder to write (created if needed).")
    var output: String

    @OptionGroup var overwriteFlag: OverwriteFlag
    var overwrite: Bool { overwriteFlag.overwrite }

    @Option(name: [.customLong("prefix"), .customLong("name")],
            help: "File name before the frame number (default: the animation file's name); --name is the same.")
    var prefix: String?

    @Option(help: ArgumentHelp("The one animation of a sheet to write (its name in the data); two animations "
                               + "that would read back as one sequence each go into a folder of their own this way.", valueName: "name"))
    var animation: String?

    @Flag(help: "Print machine-readable JSON.")
    var json = false

    @OptionGroup var threadsOption: ThreadsOption

    @OptionGroup(title: "Resource limits") var pixelLimit: PixelLimit
    @OptionGroup(title: "Resource limits") var frameLimit: FrameLimit
    @OptionGroup(title: "Resource limits") var outputLimit: OutputPixelLimit
    /// The limits the flags above set.
    var limits: ResourceLimits { ResourceLimits(pixelLimit, frameLimit, outputLimit) }

    func run() throws {
        try Discovery.checkNoStandardInput([input])
        let progress = Progress.forTerminal(label: "frames")
        defer { progress?.finish() }
        var job = FramesJob(input: input, output: output, prefix: prefix, limits: limits, overwrite: overwrite)
        job.threads = threadsOption.threads
        job.animation = animation
        let outcome = try job.run(progress: progress?.update, cancellation: nil)
        progress?.finish()
        for warning in outcome.warnings { Console.error("warning: \(warning)") }
        // `files` is every file written (sequence.json too); `frames` counts the PNGs.
        let pngs = outcome.files.filter { $0.hasSuffix(".png") }
        let timing = outcome.manifest.map { Self.timing($0, frames: pngs.count) }
        if let timing, outcome.pages == 0 {
            if json {
                struct Output: Encodable {
                    var output: String, files: [String], frames: Int, frameDurationsSeconds: [Double], durationSeconds: Double
                    var repeatCount: Int, width: Int, height: Int, warnings: [String]
                }
                try Console.printJSON(Output(output: output, files: outcome.files, frames: pngs.count, frameDurationsSeconds: timing.frames,
                                             durationSeconds: timing.play, repeatCount: outcome.repeatCount, width: outcome.width,
                                             height: outcome.height, warnings: outcome.warnings))
            } else {
                Console.line("\(output): \(Console.count(pngs.count, "frame")) of \(outcome.width)×\(outcome.height) "
                      + "(\(outcome.files.first.map { FileIO.lastComponent(of: $0) } ?? "")…), sequence.json")
            }
        } else if json {
            // A sheet's frames; with a sequence.json, its timing in the animation's words.
            struct Output: Encodable {
                var output: String, files: [String], frames: Int, pagesRead: Int, warnings: [String]
                var frameDurationsSeconds: [Double]?, durationSeconds: Double?, repeatCount: Int?
            }
            try Console.printJSON(Output(output: output, files: outcome.files, frames: pngs.count, pagesRead: outcome.pages, warnings: outcome.warnings,
                                         frameDurationsSeconds: timing?.frames, durationSeconds: timing?.play,
                                         repeatCount: timing.map { _ in outcome.repeatCount }))
        } else {
            // Timing shared with the same frames at another scale is in the folder's sequence.json already.
            let written = outcome.files.contains { FileIO.lastComponent(of: $0) == SequenceManifest.fileName }
            let said = written ? ", sequence.json" : outcome.manifest == nil ? "" : ", timed by the sequence.json there"
            Console.line("\(output): \(Console.count(pngs.count, "frame")) from \(Console.count(outcome.pages, "page"))\(said)")
        }
    }

    /// `manifest`'s timing of `count` frames in seconds, as every command's JSON says it: each
    /// frame's (UIKit's 1/30 s without durations of its own) and one play's — its steps, so a
    /// ping-pong of 4 frames lasts 6 (`assemble --json`'s `durationSeconds` of the folder).
    static func timing(_ manifest: SequenceManifest, frames count: Int) -> (frames: [Double], play: Double) {
        let animation = manifest.animation(frames: Array(repeating: FrameSource.file(""), count: count))
        let frames = manifest.frameDurations?.map { $0 / 1000 } ?? Array(repeating: 1.0 / 30, count: count)
        let play = (try? animation.playDuration()) ?? frames.reduce(0, +)
        return (frames, (play * 1000).rounded() / 1000)
    }
}
