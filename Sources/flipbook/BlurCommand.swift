import Animated
import Basics
import Compose
import ArgumentParser
import Foundation
import Raster

/// `flipbook blur IN.png -o OUT.png --sigma S`.
struct BlurCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "blur",
        abstract: "Gaussian or box blur with edge modes, tint and saturation.",
        discussion: """
            --sigma is the Gaussian's standard deviation in points (× the @Nx scale of the input's \
            name). It is what Core Image calls inputRadius and UIImageEffects calls the blur radius.
            --method box approximates the Gaussian with three box blurs (fast at any sigma); \
            below 2 px (after the @Nx scale and --downsample) it is the Gaussian, as three boxes \
            that narrow do not blur.
            --edge clamp repeats the edge pixels (vImage edge-extend); transparent fades to clear.
            --downsample F blurs at 1/F size and scales back to exactly the original size.
            --preset light|extra-light|dark applies UIImageEffects' blur, tint and saturation.

            A sequence (a folder, a prefix, a GIF, APNG or WebP) is blurred frame by frame into \
            a folder of PNG frames with its sequence.json (-o without an extension) or an \
            animation (-o NAME.gif, NAME.png or NAME.apng, NAME.webp), its timing kept.

            Examples:
              flipbook blur background.png -o blurred.png --sigma 12
              flipbook blur screen@2x.png -o frost@2x.png --preset light --downsample 1.25
              flipbook blur Sequences/explosion -o blurred --sigma 4
              flipbook blur fire.gif -o fire-soft.gif --sigma 2
            """
    )

    @Argument(help: "The PNG to blur, or a sequence: a folder, prefix, GIF, APNG or WebP.") var input: String
    @Option(name: .shortAndLong, help: "The PNG to write (NAME.png), or - for standard output; for a sequence, a folder or NAME.gif/.png/.webp.") var output: String
    @OptionGroup var overwriteFlag: OverwriteFlag
    var overwrite: Bool { overwriteFlag.overwrite }
    @Option(parsing: .unconditional, help: ArgumentHelp(Self.sigmaHelp), transform: DecimalNumber.option) var sigma: Double?
    @Option(help: "gaussian or box.") var method: Blur.Method = .gaussian
    @Option(help: "clamp or transparent.") var edge: Blur.Edge = .clamp
    @Option(help: "Colour drawn over the result, #RRGGBBAA.") var tint: String?
    @Option(parsing: .unconditional, help: ArgumentHelp(Self.saturationHelp), transform: DecimalNumber.option) var saturation: Double?
    @Option(parsing: .unconditional, help: ArgumentHelp(Self.downsampleHelp), transform: DecimalNumber.option) var downsample: Double = 1
    @Option(help: "light, extra-light or dark (UIImageEffects).") var preset: Blur.Preset?
    @Flag(help: "Print machine-readable JSON.") var json = false
    @Option(help: "A sequence folder: error (the default), first or last: two files for one frame number (fire2.png, fire02.png) are refused, or the first or last in name order is used.")
    var onDuplicateNumber: FrameSequence.DuplicateNumberPolicy = .error
    @OptionGroup(title: "Resource limits") var pixelLimit: PixelLimit
    @OptionGroup(title: "Resource limits") var frameLimit: FrameLimit
    @OptionGroup(title: "Resource limits") var outputPixelLimit: OutputPixelLimit
    /// The limits the flags above set.
    var limits: ResourceLimits { ResourceLimits(pixelLimit, frameLimit, outputPixelLimit) }

    /// What each ranged option takes: its help, and the words of every refusal of it (a value out
    /// of range here, a value that is no number in ``UsageMessage``), so that one range has one wording.
    static let sigmaHelp = "The blur's standard deviation in points, 0…\(Int(Blur.maximumPixelSigma))."
    static let saturationHelp = "A factor between -100 and 100 (1 unchanged, 0 grey)."
    static let downsampleHelp = "A factor between 1 and 100: blur at 1/F size, then scale back."

    func validate() throws {
        guard sigma != nil || preset != nil else { throw ValidationError("Give --sigma or --preset.") }
        if let sigma, !(sigma >= 0 && sigma <= Blur.maximumPixelSigma) {
            // The upper bound: wider than any image Flipbook accepts.
            throw OptionRefusal.error("--sigma", sigma, help: Self.sigmaHelp)
        }
        if let tint, Color(hex: tint) == nil { throw OptionRefusal.error("--tint", tint, takes: "a colour #RRGGBB or #RRGGBBAA") }
        if let saturation, !Blur.saturationRange.contains(saturation) {
            throw OptionRefusal.error("--saturation", saturation, help: Self.saturationHelp)
        }
        guard Blur.downsampleRange.contains(downsample) else { throw OptionRefusal.error("--downsample", downsample, help: Self.downsampleHelp) }
    }

    func run() throws {
        var blur = preset.map(Blur.init(preset:)) ?? Blur(sigma: sigma ?? 0)
        if let sigma { blur.sigma = sigma }
        if preset == nil || method != .gaussian { blur.method = method }
        blur.edge = edge
        blur.downsample = downsample
        if let tint { blur.tint = Color(hex: tint) }
        if let saturation { blur.saturation = saturation }
        if SequenceOperation.isSequence(input) {
            return try SequenceOperation.run(.blur(blur), input: input, output: output, overwrite: overwrite, json: json, limits: limits,
                                             onDuplicateNumber: onDuplicateNumber)
        }
        try ImageCommand.check(output: output, inputs: [input], overwrite: overwrite)
        let extra: [String: any Encodable & Sendable] = ["sigma": blur.sigma, "method": blur.method.rawValue]
        // A zero blur gives the file back byte for byte (a re-encoding would differ).
        if blur.changesNothing {
            return try ImageCommand.saveUnchanged(input, to: output, overwrite: overwrite, json: json, limits: limits, extra: extra,
                                                     scale: ImageFileName(path: input).scale ?? 1)
        }
        let result = try blur.apply(to: try ImageCommand.load(input, limits: limits))
        try ImageCommand.save(result, to: output, inputs: [input], overwrite: overwrite, json: json, extra: extra,
                              scale: ImageFileName(path: input).scale ?? 1)
    }
}

extension Blur.Method: ExpressibleByArgument {}
extension Blur.Edge: ExpressibleByArgument {}
extension Blur.Preset: ExpressibleByArgument {}
