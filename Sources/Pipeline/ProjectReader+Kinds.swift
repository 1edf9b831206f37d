import Animated
import APNG
import Atlas
import Basics
import Compose
import Foundation
import GIF
import Raster
import WebP

/// Each kind of target's settings read into its job, as its command reads its flags.
extension ProjectReader {
    func choice<T: RawRepresentable>(_ value: InputValue?, _ type: T.Type) throws(SchemaError) -> T?
        where T.RawValue == String, T: CaseIterable {
        guard let value else { return nil }
        let known = T.allCases.map(\.rawValue)
        return T(rawValue: try value.string(oneOf: known))
    }

    /// `fps`, refused here with its key path when out of ``Animation/Timing/fpsRange`` (not at build time).
    func fps(_ options: InputObject) throws(SchemaError) -> Double? {
        guard let value = options["fps"] else { return nil }
        let fps = try value.number()
        guard Animation.Timing.fpsRange.contains(fps) else { throw value.outOfRange("must be between 1/86400 and 1000 frames a second") }
        return fps
    }

    /// `duration` in seconds, refused here with its key path unless positive.
    func duration(_ options: InputObject) throws(SchemaError) -> Double? {
        guard let value = options["duration"] else { return nil }
        let duration = try value.number()
        guard duration > 0, duration.isFinite else { throw value.outOfRange("a play's duration is positive seconds") }
        return duration
    }

    /// The format an assemble target's `format` names, if it names one.
    private func namedFormat(_ options: InputObject) throws(SchemaError) -> AssembleJob.Format? {
        guard let value = options["format"] else { return nil }
        let text = try value.string(oneOf: ["gif", "apng", "png", "webp"])
        return AssembleJob.Format(rawValue: text == "png" ? "apng" : text)
    }

    /// An assemble target's `options` without the settings of other formats that the kind's
    /// defaults gave (a project's `defaults.assemble.colors` is for its GIF targets, not a refusal
    /// of its APNG ones, nor a reason to build them again); such a setting the target gives itself
    /// is a mistake, as `flipbook assemble` says. The output's name gives the format when no
    /// `format` does.
    func formatOwn(_ options: InputObject, output: String) throws(SchemaError) -> InputObject {
        let format = try namedFormat(options) ?? AssembleJob.Format(fileName: output) ?? .gif
        var foreign: [String] = []
        if format != .gif {
            foreign += ["colors", "dither", "alpha", "edgeMatte"].filter(options.has)
            if options["quality"]?.kind == .string { foreign.append("quality") }
            if format == .apng, options.has("maxBytes") { foreign.append("maxBytes") }
        }
        if format == .gif, options.has("effort") { foreign.append("effort") }
        if format != .apng, options.has("compatibility") { foreign.append("compatibility") }
        if format != .webp, options.has("lossy") {
            foreign.append("lossy")
            // A lossy WebP's quality, beside its `lossy`.
            if options["quality"]?.kind == .number, options.keyPaths["lossy"] != nil, options.keyPaths["quality"] != nil { foreign.append("quality") }
        }
        let own = foreign.filter { options.keyPaths[$0] == nil }
        if let key = own.first, let value = options[key] {
            throw value.invalid("\(own.map { "\"\($0)\"" }.joined(separator: ", ")) \(own.count == 1 ? "does" : "do") not apply to \(format) output (\(output))")
        }
        return InputObject(options.fields.filter { !foreign.contains($0.key) }, path: options.path, file: options.file, keyPaths: options.keyPaths)
    }

    /// `options` as ``formatOwn(_:output:)`` left them.
    func assemble(_ sources: [String], output: String, _ options: InputObject) throws(SchemaError) -> AssembleJob {
        let delays = try options["delays"].map { value throws(SchemaError) in
            try value.array().map { item throws(SchemaError) in
                let delay = try item.number()
                guard delay > 0, delay <= Animation.Timing.longest * 1000 else { throw item.outOfRange("a delay is positive milliseconds, at most a day") }
                return delay / 1000
            }
        }
        var quality = GIF.Encoder.Quality.standard
        if let value = options["quality"], value.kind == .string { quality = try choice(value, GIF.Encoder.Quality.self) ?? .standard }
        var alpha = GIF.AlphaMode.dither
        if let value = options["alpha"] {
            guard let mode = GIF.AlphaMode(try value.string()) else { throw value.invalid("takes dither, threshold or matte:#RRGGBB") }
            alpha = mode
        }
        var edgeMatte: Color?
        if let value = options["edgeMatte"], try value.string() != "none" {
            guard let color = Color(hex: try value.string()), color.a == 255 else { throw value.invalid("takes an opaque colour #RRGGBB, or none") }
            edgeMatte = color
        }
        let encoder = GIF.Encoder(quality: quality, colors: try options["colors"]?.integer() ?? 256,
                                  dithering: try choice(options["dither"], GIF.Dithering.self), alpha: alpha, edgeMatte: edgeMatte)
        var job = AssembleJob(source: .paths(sources.map(disk)), output: disk(output),
                              timing: Animation.Timing(delays: delays, duration: try duration(options), fps: try fps(options)),
                              highlighted: try options["highlighted"]?.bool() ?? false, repeatCount: try options["repeat"]?.integer(),
                              scale: try options["scale"]?.integer(), encoder: encoder, maxBytes: try options["maxBytes"]?.integer())
        job.format = try namedFormat(options)
        let format = job.format ?? AssembleJob.Format(fileName: output) ?? .gif
        if let effort = try choice(options["effort"], EncodingEffort.self) {
            if format == .apng { job.apng.effort = effort } else { job.webp.effort = effort }
        }
        if let compatibility = try choice(options["compatibility"], APNG.Encoder.Compatibility.self) { job.apng.compatibility = compatibility }
        if try options["lossy"]?.bool() == true {
            job.webp.lossless = false
            job.webp.quality = 80
            if let value = options["quality"], value.kind == .number {
                let quality = try value.number()
                guard (0...100).contains(quality) else { throw value.outOfRange("a lossy WebP's quality is 0 to 100") }
                job.webp.quality = quality
            }
        } else if let value = options["quality"], value.kind == .number {
            throw value.invalid("a number is the quality of lossy WebP frames: add \"lossy\": true (a GIF's quality is fast, standard or high)")
        }
        if let policy = try choice(options["onDuplicateNumber"], FrameSequence.DuplicateNumberPolicy.self) { job.onDuplicateNumber = policy }
        return job
    }

    func sheet(_ sources: [String], output: String, data: String?, _ options: InputObject) throws(SchemaError) -> SheetJob {
        var builder = SheetBuilder()
        if let layout = try choice(options["layout"], SheetBuilder.Layout.self) { builder.layout = layout }
        for (key, keyPath) in [("padding", \SheetBuilder.padding), ("border", \.border), ("trimMargin", \.trimMargin), ("extrude", \.extrude),
                               ("maxSize", \.maxSide)] {
            if let value = options[key] {
                let number = try value.integer()
                guard number >= (key == "maxSize" ? 1 : 0) else { throw value.outOfRange(key == "maxSize" ? "a page side is positive" : "0 or more pixels") }
                builder[keyPath: keyPath] = number
            }
        }
        for (key, keyPath) in [("trim", \SheetBuilder.trim), ("rotate", \.allowRotation), ("labels", \.labels), ("powerOfTwo", \.powerOfTwo),
                               ("square", \.square)] {
            if let value = options[key] { builder[keyPath: keyPath] = try value.bool() }
        }
        if let alpha = try choice(options["alphaHandling"], AlphaHandling.self) { builder.alphaHandling = alpha }
        let scales = try options["scales"].map(Self.scales)
        var job = SheetJob(sources: sources.map(disk), output: disk(output), data: data.map(disk),
                           engine: try choice(options["engine"], SheetEngine.self), format: try choice(options["format"], SheetExport.Format.self),
                           builder: builder, scales: scales.map { Set($0).sorted() }, fps: try fps(options),
                           png8: try options["png8"]?.bool() ?? false)
        if let value = options["pngLevel"] {
            let level = try value.integer()
            guard (0...9).contains(level) else { throw value.outOfRange("0 (stored) to 9 (smallest)") }
            job.pngLevel = level
        }
        if let policy = try choice(options["onDuplicateNumber"], FrameSequence.DuplicateNumberPolicy.self) { job.onDuplicateNumber = policy }
        return job
    }

    func render(_ scene: String, output: String, _ options: InputObject) throws(SchemaError) -> RenderJob {
        var job = RenderJob(scene: disk(scene), output: disk(output))
        job.scale = try options["scale"]?.integer()
        job.fps = try fps(options)
        job.repeatCount = try options["repeat"]?.integer()
        job.format = try choice(options["format"], RenderJob.Format.self)
        job.sheetFormat = try choice(options["sheetFormat"], SheetExport.Format.self)
        return job
    }

    func validate(_ folders: [String], output: String, _ options: InputObject) throws(SchemaError) -> ValidationTarget {
        let byName: ReportFormat? = switch OutputName.pathExtension(output) {
        case "json": .json
        case "sarif": .sarif
        case "xml": .junit
        case "txt": .text
        default: nil
        }
        let format = try choice(options["format"], ReportFormat.self) ?? byName ?? .text
        // `.txt` holds lines, text or GitHub's annotations, as `validate --output` takes it.
        if let byName, format != byName, !(format == .sarif && byName == .json), !(format == .github && byName == .text),
           let value = options["format"] {
            throw value.invalid("the output \(output) promises \(byName.rawValue); name the report to match")
        }
        var validator = Validator(deep: try options["deep"]?.bool() ?? false)
        validator.config.uikit = try options["uikit"]?.bool() ?? false
        var target = ValidationTarget(folders: folders.map(disk), validator: validator,
                                      config: try options["config"].map { v throws(SchemaError) in disk(try path(v)) },
                                      format: format, output: disk(output), failOnErrors: try options["failOnErrors"]?.bool() ?? true)
        // The report's paths from the project's folder, wherever the build runs.
        target.reportBase = folder.isEmpty ? "." : folder
        return target
    }
}
