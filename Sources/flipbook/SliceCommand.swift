import Animated
import ArgumentParser
import Basics
import Compose
import Foundation
import Raster

/// `flipbook slice IN.png -o OUT.png --insets T,L,B,R --size WxH`.
struct SliceCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "slice",
        abstract: "Resize an image with cap insets (nine-slice), tiling or stretching the middle.",
        discussion: """
            Insets and size are in points; an @2x input (by its name) works in pixels × 2. Corners \
            are copied as they are; edges and centre are tiled (UIKit's default) or stretched.

            A sequence (a folder, a prefix, a GIF, APNG or WebP) is sliced frame by frame into \
            a folder of PNG frames with its sequence.json (-o without an extension) or an \
            animation (-o NAME.gif, NAME.png or NAME.apng, NAME.webp), its timing kept.

            Examples:
              flipbook slice bubble@2x.png -o big@2x.png --insets 12,16,12,16 --size 240x60
              flipbook slice Buttons/glow -o wide --insets 12,16,12,16 --size 240x60
            """
    )

    @Argument(help: "The PNG to slice, or a sequence: a folder, prefix, GIF, APNG or WebP.") var input: String
    @Option(name: .shortAndLong, help: "The PNG to write (NAME.png), or - for standard output; for a sequence, a folder or NAME.gif/.png/.webp.") var output: String
    @OptionGroup var overwriteFlag: OverwriteFlag
    var overwrite: Bool { overwriteFlag.overwrite }
    @Option(parsing: .unconditional, help: "Cap insets in points: top,left,bottom,right.") var insets: String
    @Option(parsing: .unconditional, help: "Target size in points, WIDTHxHEIGHT.") var size: String
    @Option(help: "tile or stretch.") var mode: NineSlice.Mode = .tile
    @Flag(help: "Print machine-readable JSON.") var json = false
    @Option(help: "A sequence folder: error (the default), first or last: two files for one frame number (fire2.png, fire02.png) are refused, or the first or last in name order is used.")
    var onDuplicateNumber: FrameSequence.DuplicateNumberPolicy = .error
    @OptionGroup(title: "Resource limits") var pixelLimit: PixelLimit
    @OptionGroup(title: "Resource limits") var frameLimit: FrameLimit
    @OptionGroup(title: "Resource limits") var outputPixelLimit: OutputPixelLimit
    /// The limits the flags above set.
    var limits: ResourceLimits { ResourceLimits(pixelLimit, frameLimit, outputPixelLimit) }

    func validate() throws {
        _ = try InsetsOption.parse(insets)
        _ = try ImageCommand.size(size)
    }

    func run() throws {
        let (width, height) = try ImageCommand.size(size)
        if SequenceOperation.isSequence(input) {
            return try SequenceOperation.run(.slice(NineSlice(insets: try InsetsOption.parse(insets), mode: mode), width: width, height: height),
                                             input: input, output: output, overwrite: overwrite, json: json, limits: limits,
                                             onDuplicateNumber: onDuplicateNumber)
        }
        try ImageCommand.check(output: output, inputs: [input], overwrite: overwrite)
        _ = try ImageCommand.pixelSize(width: width, height: height, scale: ImageFileName(path: input).scale ?? 1,
                                       limits: limits, flag: "--size")
        let bitmap = try ImageCommand.load(input, limits: limits)
        let result = try NineSlice(insets: try InsetsOption.parse(insets), mode: mode).render(bitmap, width: width, height: height, limits: limits, file: input)
        try ImageCommand.save(result, to: output, inputs: [input], overwrite: overwrite, json: json, extra: ["mode": mode.rawValue],
                               scale: ImageFileName(path: input).scale ?? 1)
    }
}

extension NineSlice.Mode: ExpressibleByArgument {}
