import Animated
import ArgumentParser
import Basics
import Foundation
import Raster

/// Reading the input and writing the output of the one-image commands (blur, slice, resize), with
/// the contract's exit codes.
enum ImageCommand {
    static func load(_ path: String, limits: ResourceLimits) throws -> Bitmap {
        // `-` is not standard input, as for every command (exit 2, not "no such file").
        try Discovery.checkNoStandardInput([path])
        return try PNG.Decoder(maxPixels: limits.maxPixels).decodeBitmap(file: path)
    }

    /// Refuses, before any work, an output that is not a `.png` name or `-` (standard output, when
    /// it is not a terminal), that is one of `inputs`, another Flipbook set's file, or — unless
    /// `overwrite` — a file Flipbook did not write.
    static func check(output path: String, inputs: [String], overwrite: Bool) throws {
        try Discovery.checkNoStandardInput(inputs)
        try finishInterruptedWrites(around: inputs)
        // A missing or unreadable input is said first (`blur missing.png -o out/g9` named the output's extension).
        for input in inputs where OutputName.pathExtension(input) == "png" { _ = try PNG.Decoder().readHeader(file: input) }
        if path == OutputName.standardOutput { return try OutputName.requireRedirectedStandardOutput() }
        try OutputName.require(path, extensions: ["png"], what: "this command writes PNG")
        try OutputSet.check(file: path, protecting: InputFiles(inputs), overwrite: overwrite)   // before any decoding (PNG.Encoder checks again)
    }

    /// Finishes what a killed run left in the folders of the files `paths` (a commit half renamed:
    /// ``OutputRecovery``), so that a file is read as that run's commit leaves it — as every
    /// command reading a folder does (a frame named alone was read as the old one).
    static func finishInterruptedWrites(around paths: [String]) throws {
        for folder in Set(paths.filter { !FileIO.isDirectory($0) }.map { FileIO.parentDirectory(of: $0) }).sorted() where FileIO.isDirectory(folder) {
            try OutputRecovery.recover(reading: folder)
        }
    }

    /// Writes the file `input` unchanged to `path` (or standard output for `-`), as ``save(_:encoded:to:inputs:overwrite:json:extra:)``
    /// writes, once it is decoded as a PNG within `limits`: an operation that changes no pixel (a
    /// zero blur, a resize to the same size) gives the file back byte for byte, not re-encoded.
    static func saveUnchanged(_ input: String, to path: String, overwrite: Bool, json: Bool, limits: ResourceLimits,
                              extra: [String: any Encodable & Sendable], scale: Int? = nil) throws {
        let bytes = try FileIO.readAll(input)
        let bitmap = try PNG.Decoder(maxPixels: limits.maxPixels).decodeBitmap(bytes, file: input)
        try save(bitmap, encoded: bytes, to: path, inputs: [input], overwrite: overwrite, json: json, extra: extra, scale: scale)
    }

    /// Writes `bitmap` as PNG to `path` (or standard output for `-`), never over one of `inputs`
    /// (nor a file Flipbook did not write, unless `overwrite`),
    /// then prints what was written (to standard error when the PNG went to standard output): its
    /// size in pixels and in points at the scale its name gives (`x@2x.png` is @2x to every reader,
    /// whatever the input's scale), as `info` describes it; the bitmap's own scale for standard output.
    /// `encoded` is the PNG as it is to be written when it is known already (the input's own bytes).
    /// `scale` is the @Nx scale the command made the image at (the input's, as its sizes are in
    /// the input's points); when the output's name says another, a warning says so and names the
    /// file that keeps it (`wide@2x.png`), as the name decides the scale for every reader.
    static func save(_ bitmap: Bitmap, encoded: [UInt8]? = nil, to path: String, inputs: [String], overwrite: Bool, json: Bool,
                     extra: [String: any Encodable & Sendable] = [:], scale madeAt: Int? = nil, warnings more: [String] = []) throws {
        let toStandardOutput = path == OutputName.standardOutput
        if toStandardOutput {
            try FileIO.writeStandardOutput(try encoded ?? PNG.Encoder().encode(bitmap))
        } else if let encoded {
            try OutputSet.write(encoded, toFile: path, protecting: InputFiles(inputs), overwrite: overwrite)
        } else {
            try PNG.Encoder().write(bitmap, to: path, protecting: InputFiles(inputs), overwrite: overwrite)
        }
        // A PNG of 16-bit samples made again in 8 bits is said (its own bytes, `encoded`, keep them).
        try printWritten(path, width: bitmap.width, height: bitmap.height, scale: bitmap.scale, json: json, extra: extra, madeAt: madeAt,
                         warnings: more, notes: encoded == nil ? inputs.compactMap(depthNote) : [])
    }

    /// The note for `input` when it is a PNG of 16-bit samples: Flipbook works in 8 bits a sample,
    /// so the image written has 8, as a sequence's frames are said to (`FrameOperationJob`); `nil` otherwise.
    static func depthNote(_ input: String) -> String? {
        guard OutputName.pathExtension(input) == "png", let header = try? PNG.Decoder().readHeader(file: input), header.bitDepth == 16 else { return nil }
        return PNG.Header.sixteenBitNote("\(input) has")
    }

    /// Prints what ``save(_:encoded:to:inputs:overwrite:json:extra:scale:warnings:)`` wrote: a
    /// `width` × `height` image, made at `bitmapScale` (the scale standard output's line gives).
    static func printWritten(_ path: String, width: Int, height: Int, scale bitmapScale: Int, json: Bool,
                             extra: [String: any Encodable & Sendable] = [:], madeAt: Int? = nil, warnings more: [String] = [],
                             notes: [String] = [], madeAtBecause: String = "the input's scale") throws {
        let toStandardOutput = path == OutputName.standardOutput
        let bitmap = (width: width, height: height, scale: bitmapScale)
        let scale = toStandardOutput ? bitmap.scale : ImageFileName(path: path).scale ?? 1
        let warnings = toStandardOutput ? [] : [madeAt.flatMap { scaleWarning(output: path, width: bitmap.width, height: bitmap.height, madeAt: $0, because: madeAtBecause) },
                                                sequenceWarning(output: path)]
            .compactMap { $0 } + more
        for warning in warnings { Console.error("warning: \(warning)") }
        for note in notes { Console.error("note: \(note)") }
        let line: String
        if json {
            struct Output: Encodable {
                var output: String, width: Int, height: Int, scale: Int
                var details: [String: any Encodable & Sendable]
                var warnings: [String], notes: [String]
                enum Keys: String, CodingKey { case output, width, height, scale, details, warnings, notes }
                struct Key: CodingKey {
                    var stringValue: String
                    var intValue: Int? { nil }
                    init(stringValue: String) { self.stringValue = stringValue }
                    init?(intValue: Int) { nil }
                }
                func encode(to encoder: any Encoder) throws {
                    var container = encoder.container(keyedBy: Keys.self)
                    try container.encode(output, forKey: .output)
                    try container.encode(width, forKey: .width)
                    try container.encode(height, forKey: .height)
                    try container.encode(scale, forKey: .scale)
                    var nested = container.nestedContainer(keyedBy: Key.self, forKey: .details)
                    for (key, value) in details { try nested.encode(value, forKey: Key(stringValue: key)) }
                    // Every command's JSON has the list; an image command reads one PNG whole or fails.
                    try container.encode(warnings, forKey: .warnings)
                    try container.encode(notes, forKey: .notes)
                }
            }
            line = try Console.jsonString(Output(output: path, width: bitmap.width, height: bitmap.height, scale: scale, details: extra, warnings: warnings,
                                                 notes: notes))
        } else {
            let points = "\(Console.formatPoints(Double(bitmap.width) / Double(scale)))×\(Console.formatPoints(Double(bitmap.height) / Double(scale)))"
            line = "\(path): \(bitmap.width)×\(bitmap.height) px, \(points) pt @\(scale)x"
        }
        if toStandardOutput { Console.error(line) } else { Console.line(line) }
    }

    /// The warning for an image made at `madeAt` written under a name of another @Nx scale
    /// (`wide.png` from `spin@2x.png`): readers take the name's scale, so the point size changes.
    /// `because` says where `madeAt` came from: the input's scale, or `--scale 2` (a note, a drawing).
    static func scaleWarning(output: String, width: Int, height: Int, madeAt: Int, because: String = "the input's scale") -> String? {
        let name = ImageFileName(path: output), named = name.scale ?? 1
        guard named != madeAt else { return nil }
        let folder = output.contains("/") ? String(output[...output.lastIndex(of: "/")!]) : ""
        let device: String = name.device.map { "~" + $0 } ?? "", suffix: String = madeAt == 1 ? "" : "@\(madeAt)x"
        // Never a name that is taken (the input's own, `gold_1.png` for `gold_1@2x.png`).
        let candidates = [folder + name.unscaledStem + device + suffix + ".png", folder + name.unscaledStem + "-out" + device + suffix + ".png"]
        let suggested = candidates.first { !FileManager.default.fileExists(atPath: $0) }
        // The plain name passed over is said, or the advice reads as an odd choice of name.
        let taken = suggested == candidates[1] ? " (\(candidates[0]) is there already)" : ""
        func points(_ scale: Int) -> String {
            "\(Console.formatPoints(Double(width) / Double(scale)))×\(Console.formatPoints(Double(height) / Double(scale))) pt"
        }
        return "\(output) is named @\(named)x, so every reader takes its \(width)×\(height) px as \(points(named)), not the \(points(madeAt)) "
            + "made at @\(madeAt)x (\(because)): " + (suggested.map { "name it \($0)\(taken) to keep them" } ?? "name it \(madeAt == 1 ? "without" : "with @\(madeAt)x and without") another @Nx to keep them")
    }

    /// The warning for an image written under a frame's name beside that sequence's other frames
    /// (`coin/gold_5.png` or `coin/gold_1@2x.png` beside `gold_1…4.png`): every reader of the
    /// folder now takes it as one of the sequence's frames, as `assemble` would refuse for its own
    /// output. A report (`report`: `validate -o coin/gold_9.txt`) is no frame, but the next
    /// validation of the folder reports it as a misnamed one. `nil` for any other name.
    static func sequenceWarning(output: String, report: Bool = false) -> String? {
        let reportExtension = OutputName.pathExtension(output)
        let pngName = !report ? output : String(output.dropLast(reportExtension.isEmpty ? 0 : reportExtension.count + 1)) + ".png"
        guard let named = FrameFile(path: pngName) else { return nil }
        let folder = FileIO.parentDirectory(of: output), own = FileIO.lastComponent(of: output)
        let numbers = ((try? FileIO.entries(of: folder)) ?? []).filter { $0 != own }.compactMap { name in
            FrameFile(path: name).flatMap { $0.prefix.lowercased() == named.prefix.lowercased() ? $0.number : nil }
        }
        guard let first = numbers.min(), let last = numbers.max() else { return nil }
        let isVariant = named.scale != 1 || named.device != nil
        // `c1@2x.png` beside a lone `c1.png` is that image's @2x file, as meant (round 64t #8), not a
        // frame added to a sequence; and `c1.png` beside its own `c1@2x.png` its @1x (round 65t F1:
        // "frame 1 of the sequence c…, whose frame c1 is beside it").
        if first == named.number, last == named.number { return nil }
        let variant = isVariant ? "a variant of frame \(named.number)" : "frame \(named.number)"
        // One frame beside it is named as a frame of the sequence, not as the sequence (round 64t2 #2: "the sequence tip1").
        let sequence = first == last ? "the sequence \(named.prefix)…, whose frame \(named.prefix)\(first) is beside it"
            : "the sequence \(named.prefix)\(first)…\(last) beside it"
        let readers = folder == "." ? "this folder" : folder
        if report {
            return "\(output) is named as \(variant) of \(sequence): the next validate of "
                + "\(readers) reports it as a misnamed frame (seq.misnamed-frame); name it without the number, or write it elsewhere"
        }
        // A manifest describes the frames it was written with: a list of their durations no longer fits.
        let manifestPath = (folder.hasSuffix("/") ? folder : folder + "/") + SequenceManifest.fileName
        let manifest = FileIO.isRegularFile(manifestPath)
            ? "; \(manifestPath) describes the frames without it (a frameDurations list no longer fits, "
                + "and readers refuse the folder until it is updated)" : ""
        return "\(output) is named as \(variant) of \(sequence): every reader of "
            + "\(readers) now takes it as one of that sequence's frames\(manifest); name it without the number, or write it elsewhere, to keep it apart"
    }

    /// `width × height` points at `scale` in whole pixels (each side rounded to the nearest, as
    /// the libraries make them), or a usage error (exit 2) naming `flag`: a side that rounds to 0
    /// pixels (`--size 0.0001x0.0001`, `1e18x1e-18`: an image with no pixels, which no format
    /// stores), or pixels over `limits.maxPixels` (a side too long to count). The one rule of
    /// every command that takes a size.
    static func pixelSize(width: Double, height: Double, scale: Int, limits: ResourceLimits, flag: String) throws -> (width: Int, height: Int) {
        do { try limits.checkPixels(width: width, height: height, scale: scale, of: flag) } catch { throw UsageError(error) }
        let sides = (width * Double(scale)).rounded(), tall = (height * Double(scale)).rounded()
        guard sides >= 1, tall >= 1 else {
            throw noPixels(flag, rounded: "\(OptionRefusal.number(max(0, sides)))×\(OptionRefusal.number(max(0, tall)))", scale: scale,
                           given: "\(OptionRefusal.number(width))x\(OptionRefusal.number(height))")
        }
        // Each side at least 1 and the area within the limit, so both sides are below 2³¹ once
        // rounded (a long side with a short one is counted again after rounding).
        guard sides < 2_147_483_648, tall < 2_147_483_648 else {
            throw UsageError(LimitError(limit: .pixels, subject: flag, amount: nil, maximum: limits.maxPixels,
                                        detail: "\(OptionRefusal.number(sides))×\(OptionRefusal.number(tall))"))
        }
        do { try limits.checkPixels(width: Int(sides), height: Int(tall), of: flag) } catch { throw UsageError(error) }
        return (Int(sides), Int(tall))
    }

    /// The refusal of `flag`'s value (as given on the command line, else `given`) when it makes an
    /// image of `rounded` pixels (`0×0`) at `scale`: one sentence for one PNG and for every
    /// frame of a sequence (``SequenceOperation`` says a job's ``FrameOperationError/noPixels(subject:width:height:scale:)`` with it).
    static func noPixels(_ flag: String, rounded: String, scale: Int, given: String) -> ValidationError {
        let given = CLIWording.value(of: flag, in: Array(CommandLine.arguments.dropFirst())) ?? given
        let at = scale == 1 ? "" : " at @\(scale)x"
        return OptionRefusal.error(flag, given, takes: "a size of at least one pixel a side\(at) (this one rounds to \(rounded) px)")
    }

    /// `W`x`H` in points, e.g. `120x44` or `120.5x44`.
    static func size(_ text: String) throws -> (Double, Double) {
        let takes = "WIDTHxHEIGHT in points, both positive plain decimals, e.g. 120x44"
        let items = text.split(omittingEmptySubsequences: false) { $0 == "x" || $0 == "X" }
        guard items.count == 2 else { throw OptionRefusal.error("--size", text, takes: takes) }
        let sides = try items.map { item in
            guard let side = DecimalNumber.parse(item), side > 0 else { throw OptionRefusal.error("--size", item: item, in: text, takes: takes) }
            return side
        }
        return (sides[0], sides[1])
    }
}
