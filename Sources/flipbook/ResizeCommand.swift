import Animated
import ArgumentParser
import Basics
import Compose
import Foundation
import Raster

/// `flipbook resize IN.png -o OUT.png (--size WxH | --scale F)`.
struct ResizeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "resize",
        abstract: "Resample an image (filtered premultiplied, rounded once), with UIView content modes.",
        discussion: """
            --size is in points (× the input's @Nx scale); --scale multiplies the pixel size.
            --fit: fill stretches to the size; aspect-fit fits inside it, leaving transparent bars; \
            aspect-fill covers it and crops the overflow; center keeps the image's size, centred.

            A sequence (a folder, a prefix, a GIF, APNG or WebP) is resized frame by frame into \
            a folder of PNG frames with its sequence.json (-o without an extension) or an \
            animation (-o NAME.gif, NAME.png or NAME.apng, NAME.webp), its timing kept.

            Examples:
              flipbook resize hero@2x.png -o thumb@2x.png --size 64x64 --fit aspect-fit
              flipbook resize walk.gif -o walk-small.gif --scale 0.5
            """
    )

    @Argument(help: "The PNG to resize, or a sequence: a folder, prefix, GIF, APNG or WebP.") var input: String
    @Option(name: .shortAndLong, help: "The PNG to write (NAME.png), or - for standard output; for a sequence, a folder or NAME.gif/.png/.webp.") var output: String
    @OptionGroup var overwriteFlag: OverwriteFlag
    var overwrite: Bool { overwriteFlag.overwrite }
    @Option(parsing: .unconditional, help: "Target size in points, WIDTHxHEIGHT.") var size: String?
    @Option(parsing: .unconditional, help: ArgumentHelp(Self.scaleHelp), transform: DecimalNumber.option) var scale: Double?
    @Option(help: "nearest, bilinear, bicubic or lanczos.") var filter: Resampler.Filter = .lanczos3
    @Option(help: "fill, aspect-fit, aspect-fill or center.") var fit: ContentMode = .fill
    @Flag(help: "Print machine-readable JSON.") var json = false
    @Option(help: "A sequence folder: error (the default), first or last: two files for one frame number (fire2.png, fire02.png) are refused, or the first or last in name order is used.")
    var onDuplicateNumber: FrameSequence.DuplicateNumberPolicy = .error
    @OptionGroup(title: "Resource limits") var pixelLimit: PixelLimit
    @OptionGroup(title: "Resource limits") var frameLimit: FrameLimit
    @OptionGroup(title: "Resource limits") var outputPixelLimit: OutputPixelLimit
    /// The limits the flags above set.
    var limits: ResourceLimits { ResourceLimits(pixelLimit, frameLimit, outputPixelLimit) }

    /// What --scale takes: its help and every refusal of it (`-1` here, `nan` in ``UsageMessage``).
    static let scaleHelp = "A positive factor applied to the pixel size (2 doubles it)."

    func validate() throws {
        guard (size == nil) != (scale == nil) else { throw ValidationError("Give either --size or --scale.") }
        if let size { _ = try ImageCommand.size(size) }
        if let scale, !(scale > 0 && scale.isFinite) { throw OptionRefusal.error("--scale", scale, help: Self.scaleHelp) }
    }

    func run() throws {
        if SequenceOperation.isSequence(input) {
            let operation: FrameOperation
            if let scale {
                operation = .scale(factor: scale, filter: filter)
            } else {
                let (width, height) = try ImageCommand.size(size ?? "")
                operation = .resize(width: width, height: height, filter: filter, fit: fit)
            }
            return try SequenceOperation.run(operation, input: input, output: output, overwrite: overwrite, json: json, limits: limits,
                                             onDuplicateNumber: onDuplicateNumber)
        }
        try ImageCommand.check(output: output, inputs: [input], overwrite: overwrite)
        // The output size is checked before the input is decoded: a refused size costs nothing.
        let header = try PNG.Decoder().readHeader(file: input)
        let pixels: (width: Int, height: Int)
        if let scale {
            pixels = try ImageCommand.pixelSize(width: Double(header.width) * scale, height: Double(header.height) * scale, scale: 1,
                                                limits: limits, flag: "--scale")
        } else {
            let (width, height) = try ImageCommand.size(size!)
            pixels = try ImageCommand.pixelSize(width: width, height: height, scale: ImageFileName(path: input).scale ?? 1,
                                                limits: limits, flag: "--size")
        }
        let extra: [String: any Encodable & Sendable] = ["filter": filter.rawValue, "fit": fit.rawValue]
        // The same size changes no pixel in any --fit: the file comes back byte for byte.
        if pixels == (header.width, header.height) {
            return try ImageCommand.saveUnchanged(input, to: output, overwrite: overwrite, json: json, limits: limits, extra: extra,
                                                     scale: scale == nil ? ImageFileName(path: input).scale ?? 1 : nil)
        }
        let bitmap = try ImageCommand.load(input, limits: limits)
        let result = try fit.render(bitmap, width: pixels.0, height: pixels.1, resampler: Resampler(filter: filter), limits: limits)
        try ImageCommand.save(result, to: output, inputs: [input], overwrite: overwrite, json: json, extra: extra,
                              scale: scale == nil ? ImageFileName(path: input).scale ?? 1 : nil)
    }
}

extension ContentMode: ExpressibleByArgument {}
extension Resampler.Filter: ExpressibleByArgument {}
