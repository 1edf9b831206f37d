import Animated
import ArgumentParser
import Basics
import Foundation
import Raster

/// `flipbook validate DIR...`: checks asset folders for CI.
struct Validate: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Check frame-sequence folders: numbering, sizes, scales, PNG integrity.",
        discussion: """
            Every numbered PNG under each DIR (recursively) is read once, however many DIRs reach it \
            (one folder twice, or with its parent), grouped into sequences by folder and \
            prefix (walk0.png…walk7.png, explosion0001@2x.png…) and checked against these rules:

            \(Rules.all.map { "  \($0.id.rawValue.padding(toLength: Rules.all.map { $0.id.rawValue.count }.max() ?? 0, withPad: " ", startingAt: 0)) \($0.defaultSeverity.rawValue.padding(toLength: 8, withPad: " ", startingAt: 0)) \($0.title)\($0.needsPixels ? " (--deep)" : "")\($0.needsUIKit ? " (--uikit)" : "")" }.joined(separator: "\n"))

            Without --deep each PNG's chunk lengths and CRCs are checked and its header read, nothing \
            inflated (a file cut short or damaged fails); --deep also decodes every frame on all cores.
            Settings come from --config (for every DIR), else each DIR's own .flipbook.json: {"severities": {"RULE": \
            "error|warning|notice|off"}, "expectedSize": [w, h] (points), "requiredScales": [1, 2], \
            "ignore": ["*/old/*"], "maxFileBytes": N, "uikit": true}.

            Exit codes: 0 no errors (warnings and notices allowed), 1 errors found, 2 bad arguments \
            or config, 3 a DIR is missing, unreadable or holds nothing to check (the report of the \
            others is still written).

            In CI at scale, N matrix jobs each run --shard K/N (1/N … N/N): folders are split by \
            their bytes, a folder of sequences never across parts, the same way on every machine, so \
            every file is checked exactly once. --merge then combines the parts' reports (json, sarif \
            or junit, all of one format) into the report one run without --shard writes, byte for \
            byte (docs/ci-shards.yml is a GitHub Actions workflow that does both).

            Examples:
              flipbook validate Assets/Animations
              flipbook validate Assets --deep --format sarif --output flipbook.sarif
              flipbook validate Assets --format github    # GitHub Actions annotations
              flipbook validate Assets --shard 2/3 -o part-2.sarif
              flipbook validate --merge part-*.sarif -o flipbook.sarif
            """
    )

    @Argument(help: "Folders to check (with --merge: the shard reports to combine).")
    var directories: [String]

    @Option(parsing: .unconditional, help: ArgumentHelp("The part K of N to check (1/3, 2/3, 3/3): one job of a CI matrix.", valueName: "K/N"))
    var shard: String?

    @Flag(help: "Combine the shard reports given (json, sarif or junit, one format) into one, as one run without --shard writes it.")
    var merge = false

    @Option(help: "Output format: text, json, github, sarif or junit (default: from --output's name, .json, .sarif or .sarif.json, or .xml, else text).")
    var format: OutputFormat?

    @Flag(help: "Same as --format json.")
    var json = false

    @Option(help: "Config file for every DIR (default: each DIR's own .flipbook.json).")
    var config: String?

    @Flag(help: "Also decode every frame: finds image data written wrong, empty and repeated frames.")
    var deep = false

    @Flag(help: "Also apply UIImage.animatedImageNamed's loading rules (the uikit.* rules); \"uikit\": true in .flipbook.json does too.")
    var uikit = false

    @Option(name: [.short, .long], help: "The file the report is written to (atomically) instead of standard output (- is standard output).")
    var output: String?

    @OptionGroup var overwriteFlag: OverwriteFlag
    var overwrite: Bool { overwriteFlag.overwrite }

    @OptionGroup var threadsOption: ThreadsOption
    @OptionGroup(title: "Resource limits") var pixelLimit: PixelLimit
    @OptionGroup(title: "Resource limits") var frameLimit: FrameLimit
    @OptionGroup(title: "Resource limits") var outputPixelLimit: OutputPixelLimit
    /// The limits the flags above set (a lone GIF, APNG or WebP is read within all of them).
    var limits: ResourceLimits { ResourceLimits(pixelLimit, frameLimit, outputPixelLimit) }

    enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
        case text, json, github, sarif, junit
    }

    func validate() throws {
        guard !directories.isEmpty else {
            throw ValidationError(merge ? "Give the shard reports to merge." : "Give at least one folder to check.")
        }
        // `--json --format sarif` printed JSON without a word.
        if json, let format, format != .json {
            throw ValidationError("--json is --format json; --format \(format.rawValue) asks for another report: give one.")
        }
        if merge, let flag = [("--shard", shard != nil), ("--config", config != nil), ("--deep", deep), ("--uikit", uikit)].first(where: \.1) {
            throw ValidationError("--merge combines reports; \(flag.0) belongs to the runs that wrote them.")
        }
    }

    func run() throws {
        if merge { return try runMerge() }
        // K/N first: a part that is no part of N is refused before anything is read.
        _ = try shard.map { text throws(Shard.Error) in try Shard(parsing: text) }
        let format = try reportFormat()
        var reportInputs = InputFiles()
        if let output, output != OutputName.standardOutput {
            // The report never replaces a frame, a manifest or the config it checks, and is not
            // named like an image.
            if ["png", "gif", "webp", "apng", "jpg", "jpeg"].contains(OutputName.pathExtension(output)) {
                throw OutputError.unsupportedName(path: output, reason: "validate writes a text report (.json, .sarif, .xml, .txt), not an image")
            }
            reportInputs = Validator.reportInputs(folders: directories, config: config)
            try OutputSet.check(file: output, protecting: reportInputs, overwrite: overwrite)
        }
        // Each folder with its own .flipbook.json, unless --config names one for all.
        // Spelled as a project spells them (`sub/../Seq` is `Seq`), so the report is a validation target's bytes.
        let folders = try directories.map(FileIO.tidied).map { ($0, try ValidationConfig.find(for: [$0], file: config)) }
        var validator = Validator(deep: deep, limits: limits)
        validator.config.uikit = uikit
        validator.threads = threadsOption.threads
        validator.shard = try shard.map { text throws(Shard.Error) in try Shard(parsing: text) }
        let progress = Progress.forTerminal(label: deep ? "decoding" : "checking chunks")
        let report = try validator.validate(folders: folders, progress: progress?.update, cancellation: nil)
        progress?.finish()

        let chosen = json ? ReportFormat.json : ReportFormat(rawValue: format.rawValue)!
        try write(report, as: chosen, base: FileManager.default.currentDirectoryPath, protecting: reportInputs)
    }

    /// `--merge`: the shard reports combined, written in their format (or --format's, or --output's).
    private func runMerge() throws {
        let merged = try MergedReport(files: directories)
        let chosen = json ? .json : try reportFormat(orElse: OutputFormat(rawValue: merged.format.rawValue) ?? .json)
        let inputs = InputFiles(directories)
        if let output, output != OutputName.standardOutput {
            try OutputSet.check(file: output, protecting: inputs, overwrite: overwrite)
        }
        try write(merged.report, as: ReportFormat(rawValue: chosen.rawValue)!, base: "", protecting: inputs)
    }

    /// Writes `report` to --output or prints it; exits as the run would: 3 for a folder that could
    /// not be validated, 1 for errors.
    private func write(_ report: ValidationReport, as chosen: ReportFormat, base: String, protecting reportInputs: InputFiles) throws {
        let text = CLIWording.inReportWords(chosen.render(report, base: base))
        if let output, output != OutputName.standardOutput {
            try OutputSet.write(Array((text + "\n").utf8), toFile: output, protecting: reportInputs, overwrite: overwrite)
            Console.error(report.summaryLine)
            if let warning = ImageCommand.sequenceWarning(output: output, report: true) { Console.error("warning: \(warning)") }
        } else {
            print(text)
            // The JSON report names an unreadable folder itself (folder.unreadable): no second object.
            if chosen == .json { Console.printedJSON.set() }
        }
        // A folder that could not be validated is exit 3, after the others' report is written.
        if let error = report.folderErrors.first { throw error }
        if report.hasErrors { throw ProblemsFound() }
    }

    /// `--format`, else what `--output`'s name promises (`.json`, `.sarif`, `.xml` for JUnit, `.txt`
    /// for lines: text or github), else text; a `--format` the name contradicts is refused.
    private func reportFormat(orElse fallback: OutputFormat = .text) throws -> OutputFormat {
        // SARIF's own names: `.sarif`, or `.sarif.json` (SARIF 2.1.0 §3.2); a plain `.json` is json.
        let sarifJSON = output?.lowercased().hasSuffix(".sarif.json") == true
        let byName: OutputFormat? = switch output.map(OutputName.pathExtension) {
        case "json": sarifJSON ? .sarif : .json
        case "sarif": .sarif
        case "xml": .junit
        case "txt": .text
        default: nil
        }
        // A `.txt` holds lines: the text report or GitHub's annotation lines.
        // `--json` is `--format json`, held to the name as it is.
        let asked = json ? OutputFormat.json : format
        if let asked, let byName, asked != byName, !(byName == .text && asked == .github) {
            throw UsageError("--output \(output!) promises \(byName.rawValue), not \(json ? "--json" : "--format \(asked.rawValue)"); name the report to match")
        }
        return asked ?? byName ?? fallback
    }
}
