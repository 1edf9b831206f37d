import ArgumentParser
import Foundation
import Raster

/// Reading the input and writing the output of the one-image commands (blur, slice, resize), with
/// the contract's exit codes.
enum ImageCommand {
    static func load(_ path: String, limits: ResourceLimits) throws -> Bitmap {
        do {
            return try PNG.Decoder(maxPixels: limits.maxPixels).decodeBitmap(file: path)
        } catch {
            Console.error("error: \(error)")
            throw ExitCode(ExitStatus.inputUnreadable)
        }
    }

    /// The header of an input PNG, or exit 3 with a message.
    static func header(_ path: String) throws -> PNG.Header {
        do {
            return try PNG.Decoder().readHeader(file: path)
        } catch {
            Console.error("error: \(error)")
            throw ExitCode(ExitStatus.inputUnreadable)
        }
    }

    /// The bytes of an input file, or exit 3 with a message.
    static func readInput(_ path: String) throws -> [UInt8] {
        do {
            return try FileIO.readAll(path)
        } catch {
            Console.error("error: cannot read \(path): \(error.reason)")
            throw ExitCode(ExitStatus.inputUnreadable)
        }
    }

    /// `parse(bytes)` of an input file; a parse error is reported with the file name and exits 3.
    static func parseInput<T>(_ path: String, _ parse: ([UInt8]) throws -> T) throws -> T {
        let bytes = try readInput(path)
        do {
            return try parse(bytes)
        } catch {
            Console.error("error: \(path): \(error)")
            throw ExitCode(ExitStatus.inputUnreadable)
        }
    }

    static func save(_ bitmap: Bitmap, to path: String, json: Bool, extra: [String: String] = [:]) throws {
        do {
            try PNG.Encoder().write(bitmap, to: path)
        } catch {
            Console.error("error: \(error)")
            throw ExitCode(ExitStatus.outputUnwritable)
        }
        if json {
            struct Output: Encodable {
                var output: String, width: Int, height: Int, scale: Int
                var details: [String: String]
            }
            try Console.printJSON(Output(output: path, width: bitmap.width, height: bitmap.height, scale: bitmap.scale, details: extra))
        } else {
            print("\(path): \(bitmap.width)×\(bitmap.height) px @\(bitmap.scale)x")
        }
    }

    /// `width × height` points at `scale` in whole pixels, or a usage error (exit 2) naming the
    /// limit when the size is over `limits.maxPixels`.
    static func pixelSize(width: Double, height: Double, scale: Int, limits: ResourceLimits, flag: String) throws -> (width: Int, height: Int) {
        do {
            try limits.checkPixels(width: width, height: height, scale: scale, of: flag)
        } catch {
            Console.error("error: \(error)")
            throw ExitCode(ExitStatus.usage)
        }
        // Within the limit, so both sides are below 2³¹: the conversions cannot trap.
        return (max(1, Int((width * Double(scale)).rounded())), max(1, Int((height * Double(scale)).rounded())))
    }

    /// `W`x`H` in points, e.g. `120x44` or `120.5x44`.
    static func size(_ text: String) throws -> (Double, Double) {
        let parts = text.lowercased().split(separator: "x").map { Double($0) }
        guard parts.count == 2, let width = parts[0], let height = parts[1], width > 0, height > 0, width.isFinite, height.isFinite else {
            throw ValidationError("sizes are WIDTHxHEIGHT in points, e.g. 120x44 (got '\(text)').")
        }
        return (width, height)
    }
}

extension Blur.Method: ExpressibleByArgument {}
extension Blur.Edge: ExpressibleByArgument {}
extension Blur.Preset: ExpressibleByArgument {}
extension NineSlice.Mode: ExpressibleByArgument {}
extension Resampler.Filter: ExpressibleByArgument {}

/// `flipbook blur IN.png -o OUT.png --sigma S`.
struct BlurCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "blur",
        abstract: "Gaussian or box blur with edge modes, tint and saturation.",
        discussion: """
            --sigma is the Gaussian's standard deviation in points (× the @Nx scale of the input's \
            name). It is what Core Image calls inputRadius and UIImageEffects calls the blur radius.
            --method box approximates the Gaussian with three box blurs (fast at any sigma).
            --edge clamp repeats the edge pixels (vImage edge-extend); transparent fades to clear.
            --downsample F blurs at 1/F size and scales back to exactly the original size.
            --preset light|extra-light|dark applies UIImageEffects' blur, tint and saturation.

            Examples:
              flipbook blur background.png -o blurred.png --sigma 12
              flipbook blur screen@2x.png -o frosted@2x.png --preset light --downsample 1.25
            """
    )

    @Argument(help: "The PNG to blur.") var input: String
    @Option(name: .shortAndLong, help: "The PNG to write.") var output: String
    @Option(help: "Standard deviation in points.") var sigma: Double?
    @Option(help: "gaussian or box.") var method: Blur.Method = .gaussian
    @Option(help: "clamp or transparent.") var edge: Blur.Edge = .clamp
    @Option(help: "Colour drawn over the result, #RRGGBBAA.") var tint: String?
    @Option(help: "Saturation factor (1 = unchanged).") var saturation: Double?
    @Option(help: "Blur at 1/F size, then scale back.") var downsample: Double = 1
    @Option(help: "light, extra-light or dark (UIImageEffects).") var preset: Blur.Preset?
    @Flag(help: "Print machine-readable JSON.") var json = false
    @OptionGroup(title: "Resource limits") var limitOptions: LimitOptions

    func validate() throws {
        guard sigma != nil || preset != nil else { throw ValidationError("Give --sigma or --preset.") }
        if let sigma, !(sigma >= 0 && sigma.isFinite) { throw ValidationError("--sigma must be ≥ 0.") }
        if let sigma, sigma > Blur.maximumPixelSigma {
            throw ValidationError("--sigma is at most \(Int(Blur.maximumPixelSigma)) (wider than any image Flipbook accepts).")
        }
        if let tint, Color(hex: tint) == nil { throw ValidationError("--tint is #RRGGBB or #RRGGBBAA (got '\(tint)').") }
        guard downsample >= 1, downsample.isFinite else { throw ValidationError("--downsample is 1 or more.") }
    }

    func run() throws {
        try OutputGuard.refuseOverwriting([input], with: [output])
        var blur = preset.map(Blur.init(preset:)) ?? Blur(sigma: sigma ?? 0)
        if let sigma { blur.sigma = sigma }
        if preset == nil || method != .gaussian { blur.method = method }
        blur.edge = edge
        blur.downsample = downsample
        if let tint { blur.tint = Color(hex: tint) }
        if let saturation { blur.saturation = saturation }
        let result = blur.apply(to: try ImageCommand.load(input, limits: limitOptions.limits))
        try ImageCommand.save(result, to: output, json: json, extra: ["sigma": "\(blur.sigma)", "method": blur.method.rawValue])
    }
}

/// `flipbook slice IN.png -o OUT.png --insets T,L,B,R --size WxH`.
struct SliceCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "slice",
        abstract: "Resize an image with cap insets (nine-slice), tiling or stretching the middle.",
        discussion: """
            Insets and size are in points; an @2x input (by its name) works in pixels × 2. Corners \
            are copied as they are; edges and centre are tiled (UIKit's default) or stretched.

            Example:
              flipbook slice bubble@2x.png -o wide@2x.png --insets 12,16,12,16 --size 240x60
            """
    )

    @Argument(help: "The PNG to slice.") var input: String
    @Option(name: .shortAndLong, help: "The PNG to write.") var output: String
    @Option(help: "Cap insets in points: top,left,bottom,right.") var insets: String
    @Option(help: "Target size in points, WIDTHxHEIGHT.") var size: String
    @Option(help: "tile or stretch.") var mode: NineSlice.Mode = .tile
    @Flag(help: "Print machine-readable JSON.") var json = false
    @OptionGroup(title: "Resource limits") var limitOptions: LimitOptions

    func parsedInsets() throws -> NineSlice.Insets {
        let values = insets.split(separator: ",").map { Double($0.trimmingCharacters(in: .whitespaces)) }
        guard values.count == 4, values.allSatisfy({ $0 != nil && $0! >= 0 }) else {
            throw ValidationError("--insets is top,left,bottom,right in points (got '\(insets)').")
        }
        return NineSlice.Insets(top: values[0]!, left: values[1]!, bottom: values[2]!, right: values[3]!)
    }

    func validate() throws {
        _ = try parsedInsets()
        _ = try ImageCommand.size(size)
    }

    func run() throws {
        try OutputGuard.refuseOverwriting([input], with: [output])
        let (width, height) = try ImageCommand.size(size)
        _ = try ImageCommand.pixelSize(width: width, height: height, scale: ImageFileName(path: input).scale ?? 1,
                                       limits: limitOptions.limits, flag: "--size")
        let bitmap = try ImageCommand.load(input, limits: limitOptions.limits)
        do {
            let result = try NineSlice(insets: try parsedInsets(), mode: mode).render(bitmap, width: width, height: height)
            try ImageCommand.save(result, to: output, json: json, extra: ["mode": mode.rawValue])
        } catch let error as NineSlice.Error {
            Console.error("error: \(input): \(error)")
            throw ExitCode(ExitStatus.usage)
        }
    }
}

/// `flipbook resize IN.png -o OUT.png (--size WxH | --scale F)`.
struct ResizeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "resize",
        abstract: "Resample an image (filtered premultiplied, rounded once), with UIView content modes.",
        discussion: """
            --size is in points (× the input's @Nx scale); --scale multiplies the pixel size.
            --fit: fill stretches to the size; aspect-fit fits inside it, leaving transparent bars; \
            aspect-fill covers it and crops the overflow; center keeps the image's size, centred.

            Example:
              flipbook resize hero@2x.png -o thumb@2x.png --size 64x64 --fit aspect-fit
            """
    )

    @Argument(help: "The PNG to resize.") var input: String
    @Option(name: .shortAndLong, help: "The PNG to write.") var output: String
    @Option(help: "Target size in points, WIDTHxHEIGHT.") var size: String?
    @Option(help: "Factor applied to the pixel size.") var scale: Double?
    @Option(help: "nearest, bilinear, bicubic or lanczos.") var filter: Resampler.Filter = .lanczos3
    @Option(help: "fill, aspect-fit, aspect-fill or center.") var fit: ContentMode = .fill
    @Flag(help: "Print machine-readable JSON.") var json = false
    @OptionGroup(title: "Resource limits") var limitOptions: LimitOptions

    func validate() throws {
        guard (size == nil) != (scale == nil) else { throw ValidationError("Give either --size or --scale.") }
        if let size { _ = try ImageCommand.size(size) }
        if let scale, !(scale > 0 && scale.isFinite) { throw ValidationError("--scale must be positive.") }
    }

    func run() throws {
        try OutputGuard.refuseOverwriting([input], with: [output])
        // The output size is checked before the input is decoded: a refused size costs nothing.
        let header = try ImageCommand.header(input)
        let pixels: (width: Int, height: Int)
        if let scale {
            pixels = try ImageCommand.pixelSize(width: Double(header.width) * scale, height: Double(header.height) * scale, scale: 1,
                                                limits: limitOptions.limits, flag: "--scale")
        } else {
            let (width, height) = try ImageCommand.size(size!)
            pixels = try ImageCommand.pixelSize(width: width, height: height, scale: ImageFileName(path: input).scale ?? 1,
                                                limits: limitOptions.limits, flag: "--size")
        }
        let bitmap = try ImageCommand.load(input, limits: limitOptions.limits)
        let result = fit.render(bitmap, width: pixels.0, height: pixels.1, resampler: Resampler(filter: filter))
        try ImageCommand.save(result, to: output, json: json, extra: ["filter": filter.rawValue, "fit": fit.rawValue])
    }
}

extension ContentMode: ExpressibleByArgument {}
