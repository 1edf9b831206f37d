import Animated
import Atlas
import Basics
import Compose
import Foundation
import FrameGen
import GIF
import Pipeline
import Text

/// The libraries' messages in the CLI's words. A library error or warning names the Swift setting
/// that changes the outcome (`raise ResourceLimits.maxPixels to allow it`, `turn off
/// SheetBuilder.allowRotation`), which is what a Swift caller can act on; the CLI user acts on a
/// flag. Every line the CLI prints to standard error (and the JSON error object) passes through
/// ``inCLIWords(_:)`` — the one place where settings become flags.
enum CLIWording {
    /// Library phrase → CLI phrase for the command this process runs, longest first so a phrase
    /// wins over the setting it contains.
    static let phrases: [(library: String, cli: String)] = phrases(for: command)
    /// The command this process runs (as typed) and its long options.
    static let command = UnknownOption.commandAndOptions(in: Array(CommandLine.arguments.dropFirst()))
    /// Whether this process builds a project, whose targets' settings are keys, not flags.
    static var speaksProject: Bool { command?.name == "build" }

    /// Library phrase → CLI phrase, for `command` (its name as typed and its long options) or,
    /// when `nil`, for any command. A limit is raised by its flag only where the command has that
    /// flag: elsewhere the advice says the command has none, rather than name a flag it refuses
    /// as unknown (`info` has no `--max-output-pixels`).
    static func phrases(for command: (name: String, options: Set<String>)?) -> [(library: String, cli: String)] {
        var table: [(String, String)] = LimitError.Limit.allCases.map { limit in
            let flag = flag(for: limit)
            guard let command, !command.options.contains(flag) else { return ("raise ResourceLimits.\(limit.property) to allow it", "\(flag) raises it") }
            return ("raise ResourceLimits.\(limit.property) to allow it", "flipbook \(command.name) has no flag that raises it")
        }
        table += LimitError.Limit.allCases.map { ("ResourceLimits.\($0.property)", flag(for: $0)) }
        table += [
            ("allow overwriting it (overwrite: true)", "give --overwrite to replace it"),
            ("turn off SheetBuilder.allowRotation", "leave out --rotate"),
            ("use AlphaHandling.bleed (no dark fringes) or AlphaHandling.keep", "use --alpha-handling bleed (no dark fringes) or keep"),
            ("SheetBuilder.maxSide = ", "--max-size "),
            ("SheetBuilder.maxSide", "--max-size"),
            ("SheetBuilder.border", "--border"),
            ("SheetBuilder.extrude", "--extrude"),
            ("SheetBuilder.padding", "--padding"),
            ("SheetBuilder.trimMargin", "--trim-margin"),
            ("and SheetBuilder.trim is off", "and --trim is not given"),
            ("SheetBuilder.powerOfTwo", "--power-of-two"),
            ("FramesJob.prefix", "--prefix"),
            ("(FramesJob.animation picks one)", "(--animation NAME writes one)"),
            ("leave FramesJob.animation out", "leave out --animation"),
            ("choose another port (PreviewServer.init(job:port:))", "choose another --port"),
            ("the frames of FrameOperation's width and height", "the frames of the --size given"),
            ("the frames scaled by FrameOperation.scale's factor", "the frames scaled by the --scale given"),
            ("set NoteJob.font to a font that has them", "--font takes a font that has them"),
            ("(NoteJob.scale takes 1, 2 or 3)", "(--scale takes 1, 2 or 3)"),
            ("FramesJob writes an animation's frames as PNGs", "flipbook frames writes an animation's frames as PNGs"),
            ("SheetJob.scales", "--scales"),
            ("SheetJob.png8: ", "--png8: "),
            ("leave SheetJob.png8 off", "leave out --png8"),
            ("AssembleJob.scale ", "--scale "),
            ("a lower scale (RenderJob.scale)", "a lower --scale"),
            ("SheetJob.data", "--data"),
            ("leave SheetJob.format out", "leave out --format"),
            ("leave SheetJob.engine out", "leave out --engine"),
            ("set SheetJob.format to", "give --format"),
            ("Validator.deep", "--deep"),
            ("give it as the config file (ValidationConfig.find's file)", "give it with --config"),
            // A report's summary, in words a report file read anywhere (a project's) takes too.
            ("a deep check decodes every frame", "--deep decodes every frame"),
            ("(Validator.shard with ReportFormat.json, .sarif or .junit)", "(--shard K/N with --format json, sarif or junit)"),
            ("written without Validator.shard", "written without --shard"),
            ("set onDuplicateNumber to .first or .last", "give --on-duplicate-number first or last"),
            ("a source for AssembleJob or SheetJob", "a source for assemble or sheet"),
            ("AssembleJob.format asks for", "--format asks for"),
            ("set AssembleJob.format for", "give --format for"),
            ("a prefix names a GIF's frames", "--prefix names a GIF's frames"),
            ("the prefix must be a plain file name prefix", "--prefix must be a plain file name prefix"),
            ("Atlas's AlphaHandling.bleed", "flipbook sheet --alpha-handling bleed"),
            ("AlphaHandling.clear", "flipbook sheet --alpha-handling clear"),
            ("is a file, not a folder of frames", "is a file, not a folder of frames (flipbook info reads one file)"),
            ("FramesJob reads a sheet's frames", "flipbook frames reads a sheet's frames"),
        ]
        // `render` has no flag for a SpriteKit atlas (a build's "sheetFormat" has): not offered.
        if let command, command.name == "render" {
            table.append(("; a SpriteKit atlas: NAME.plist with RenderJob.sheetFormat spritekit, written as NAME.atlasc/)", ")"))
        }
        // `build` runs the jobs for targets, whose settings are the project's keys, not flags.
        if let command, command.name == "build" { table = table.map { ($0.0, inProjectWords($0.1, keeping: command.options)) } + projectPhrases }
        return table.sorted { $0.0.count > $1.0.count }
    }

    /// The phrases a project says otherwise than `inProjectWords` makes of the CLI's.
    static let projectPhrases: [(String, String)] = [
        ("(FramesJob.animation picks one)", "(a frames target's \"animation\" picks one)"),
        ("use AlphaHandling.bleed (no dark fringes) or AlphaHandling.keep", "use \"alphaHandling\": \"bleed\" (no dark fringes) or \"keep\""),
        ("set onDuplicateNumber to .first or .last", "set \"onDuplicateNumber\" to \"first\" or \"last\""),
        // A render target's settings the command has no flag for (it goes by the output's name).
        ("RenderJob.sheetFormat", "\"sheetFormat\""),
        ("RenderJob.format", "\"format\""),
    ]

    /// `phrase` (a CLI phrase) with each flag of a command as the project's key for it — the flag's
    /// name in camelCase, quoted (`--max-size` → `"maxSize"`, `leave out --rotate` → `leave out
    /// "rotate"`) — except `build`'s own `options` (`--overwrite`), which a build takes as they are.
    static func inProjectWords(_ phrase: String, keeping options: Set<String>) -> String {
        var text = phrase
        for match in phrase.matches(of: /--([a-z][a-z0-9-]*)/).reversed() where !options.contains(String(match.output.0)) {
            let parts = match.output.1.split(separator: "-")
            let key = parts.enumerated().map { $0 == 0 ? String($1) : $1.prefix(1).uppercased() + $1.dropFirst() }.joined()
            text.replaceSubrange(match.range, with: "\"\(key)\"")
        }
        return text
    }

    /// What the CLI prints for `error` after `error: `: a setting out of range (a Basics
    /// `SettingError`, on its own or in a job's or encoder's error) named by its flag
    /// (``flag(for:)``, `--repeat is 0 (forever) or …`); any other error as it describes itself.
    static func message(for error: any Error, arguments: [String] = Array(CommandLine.arguments.dropFirst())) -> String {
        let text = "\(error)"
        if case SheetJobError.source(.animationNotFrames(_, let animation)) = error {
            // The command that turns it into frames, with the file in it.
            let name = ImageFileName(path: animation).stem
            return text.replacingOccurrences(of: "FramesJob writes an animation's frames to a folder, which a sheet packs",
                                             with: "flipbook frames \(animation) -o \(name)-frames writes its frames to a folder, "
                                                 + "and flipbook sheet \(name)-frames packs them")
        }
        // The cache folder a build was given (`--cache out`), refused: said as the flag's value.
        if case BuildError.project(.schema(let schema)) = error, schema.file == "BuildJob", schema.keyPath == "cache",
           case .outOfRange(let requirement) = schema.problem, let typed = Self.value(of: "--cache", in: arguments) {
            let found = schema.found ?? ""
            let why = found.hasPrefix(typed + " (") && found.hasSuffix(")") ? String(found.dropFirst(typed.count + 2).dropLast()) : found
            return OptionRefusal.sentence("--cache", typed, takes: requirement) + (why.isEmpty ? "" : ": " + why)
        }
        if let (given, frames) = delayCount(error) {
            let value = Self.value(of: "--delays", in: arguments) ?? "\(given) delays"
            return OptionRefusal.sentence("--delays", value, takes: "one delay per frame, \(frames) here (got \(given))")
        }
        // The setting's sentence ends the error's (after `cannot encode GIF: ` for an encoder's).
        guard let setting = settingError(error), text.hasSuffix(setting.description) else { return text }
        let prefix = text.dropLast(setting.description.count)
        // A value the user gave out of range, in the one style of argument mistakes
        // (`--repeat does not take '70000'; it takes: …`), with the value as it was typed.
        if case .outOfRange(let allowed) = setting.problem, let flag = name(for: setting.setting) {
            var takes = allowed.description
            if setting.setting == .repeatCount, case .range(let range) = allowed, range.lowerBound == 0 {
                takes = "0 (forever) or \(max(1, range.lowerBound))…\(range.upperBound) plays"
            }
            // The words `--duration`'s own check uses (`1e300`), with the bound of these frames (`1e19`).
            if setting.setting == .duration, case .seconds(let most) = allowed {
                takes = "\(Self.durationTakes) (\(OptionRefusal.number(most)) s here)"
            }
            takes += (setting.format.map { " for \($0)" } ?? "") + (setting.reason.map { " (\($0))" } ?? "")
            return prefix + OptionRefusal.sentence(flag, value(of: flag, in: arguments) ?? setting.value, takes: takes)
        }
        return prefix + setting.description(naming: name(for:))
    }

    /// What `--duration` takes, in every refusal of it.
    static let durationTakes = "the seconds of one play, positive, at most a day a frame"

    /// The setting an error is about, when it is one (on its own or in a job's or encoder's error).
    static func settingError(_ error: any Error) -> SettingError? {
        switch error {
        case let error as SettingError: error
        case let error as AssembleError: error.settingError
        case let error as SheetJobError: error.settingError
        case RenderError.setting(let error), TextError.setting(let error), NoteError.setting(let error), NoteError.text(.setting(let error)): error
        case FrameOperationError.setting(let error), SequenceWriter.Error.setting(let error): error
        case GeneratorError.setting(let error): error
        case TargetFailure.assemble(let error): error.settingError
        case TargetFailure.sheet(let error): error.settingError
        case TargetFailure.frames(let error): settingError(error)
        case TargetFailure.render(.setting(let error)): error
        // `frames` has no --scale: an input named @5x is said in the library's words (rename it).
        case FramesJobError.setting(let error) where error.setting != .scale: error
        case GIF.EncodeError.setting(let error), Animation.PlaybackError.outOfRange(let error), Validator.Error.setting(let error): error
        default: nil
        }
    }

    /// `--delays` gave `given` delays for `frames` frames.
    private static func delayCount(_ error: any Error) -> (given: Int, frames: Int)? {
        switch error {
        case Animation.PlaybackError.delayCount(let given, let frames), AssembleError.playback(.delayCount(let given, let frames)): (given, frames)
        default: nil
        }
    }

    /// Whether `error`, found once the work began, is a value the user gave (a setting out of
    /// range, 2 delays for 4 frames, a size over a limit): an argument mistake, which gets the same
    /// `hint:` line as those found while parsing.
    static func isArgumentMistake(_ error: any Error) -> Bool {
        guard ExitStatus(for: error) == .usage else { return false }
        return error is UsageError || settingError(error) != nil || delayCount(error) != nil
    }

    /// The value given to `flag` (`--delays 1,2` or `--delays=1,2`; the last one wins, as in
    /// ArgumentParser), or `nil`.
    static func value(of flag: String, in arguments: [String]) -> String? {
        var found: String?
        for (index, word) in arguments.enumerated() {
            if word == flag, index + 1 < arguments.count { found = arguments[index + 1] }
            if word.hasPrefix(flag + "=") { found = String(word.dropFirst(flag.count + 1)) }
        }
        return found
    }

    /// What sets `setting` where this process runs: its flag, or in a build its project key
    /// (`"repeat"`), as the table's phrases say it; `nil` for one no command has a flag for.
    static func name(for setting: SettingError.Setting) -> String? {
        flag(for: setting).map { speaksProject ? inProjectWords($0, keeping: []) : $0 }
    }

    /// The flag that sets `setting`; `nil` for one no command has a flag for.
    static func flag(for setting: SettingError.Setting) -> String? {
        switch setting {
        case .repeatCount: "--repeat"
        case .scale: "--scale"
        case .scales: "--scales"
        case .threads: "--threads"
        case .colors: "--colors"
        case .alpha: "--alpha"
        case .edgeMatte: "--edge-matte"
        case .dithering: "--dither"
        case .quality: "--quality"
        case .fps: "--fps"
        case .duration: "--duration"
        case .delays: "--delays"
        case .frameDurations, .position: nil
        case .maxBytes: "--max-bytes"
        case .pngLevel: "--png-level"
        case .padding: "--padding"
        case .border: "--border"
        case .trimMargin: "--trim-margin"
        case .extrude: "--extrude"
        case .maxSide: "--max-size"
        case .sigma: "--sigma"
        case .saturation: "--saturation"
        case .downsample: "--downsample"
        case .size, .fontSize: "--font-size"
        case .lineSpacing: "--line-spacing"
        case .maxWidth: "--max-width"
        case .insets: "--insets"
        case .lineWidth: "--width"
        case .circleRadius: "--radius"
        case .count: "--count"
        case .sparks: "--sparks"
        case .lowWing, .highWing, .circleStrokeWidth, .spread, .strokes: nil
        case .limit(let limit): flag(for: limit)
        }
    }

    /// The flag that raises `limit` (LimitOptions.swift).
    static func flag(for limit: LimitError.Limit) -> String {
        switch limit {
        case .pixels: "--max-pixels"
        case .frames: "--max-frames"
        case .pathSegments: "--max-path-segments"
        case .flattenedEdges: "--max-edges"
        case .decodedBytes: "--max-memory"
        case .outputPixels: "--max-output-pixels"
        case .drawingWork: "--max-drawing-work"
        }
    }

    /// `message` with every library phrase in its CLI form; an engine named as `SheetEngine.pixi`
    /// becomes `--engine pixi`.
    /// `text` of a validation report in the words `flipbook validate` writes it, whichever command
    /// writes it (`validate --output`, or a build's validation target): one report, one set of bytes.
    @Sendable static func inReportWords(_ text: String) -> String {
        replacing(text, phrases: reportPhrases, engine: "--engine $1")
    }

    /// The phrases of `validate`, the command a report's words belong to.
    static let reportPhrases = phrases(for: UnknownOption.commandAndOptions(in: ["validate"]))

    static func inCLIWords(_ message: String) -> String {
        replacing(message, phrases: phrases, engine: speaksProject ? #""engine": "$1""# : "--engine $1")
    }

    /// `text` with each library phrase of `phrases` in its CLI words, and `SheetEngine.x` as `engine`
    /// says it (`$1` the engine's name).
    private static func replacing(_ text: String, phrases: [(library: String, cli: String)], engine: String) -> String {
        var text = text
        for (library, cli) in phrases where text.contains(library) {
            text = text.replacingOccurrences(of: library, with: cli)
        }
        return text.replacingOccurrences(of: #"SheetEngine\.([a-z0-9]+)"#, with: engine, options: .regularExpression)
    }
}
