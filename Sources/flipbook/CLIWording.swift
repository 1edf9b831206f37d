import Animated
import Atlas
import Basics
import Foundation
import GIF

/// The libraries' messages in the CLI's words. A library error or warning names the Swift setting
/// that changes the outcome (`raise ResourceLimits.maxPixels to allow it`, `turn off
/// SheetBuilder.allowRotation`), which is what a Swift caller can act on; the CLI user acts on a
/// flag. Every line the CLI prints to standard error (and the JSON error object) passes through
/// ``inCLIWords(_:)`` — the one place where settings become flags.
enum CLIWording {
    /// Library phrase → CLI phrase, longest first so a phrase wins over the setting it contains.
    static let phrases: [(library: String, cli: String)] = {
        var table: [(String, String)] = LimitError.Limit.allCases.map { limit in
            ("raise ResourceLimits.\(limit.property) to allow it", "\(flag(for: limit)) raises it")
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
            ("FramesJob.prefix", "--prefix"),
            ("SheetJob.scales", "--scales"),
            ("SheetJob.data", "--data"),
            ("leave SheetJob.format out", "leave out --format"),
            ("set SheetJob.format to", "give --format"),
            ("Validator.deep", "--deep"),
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
        return table.sorted { $0.0.count > $1.0.count }
    }()

    /// What the CLI prints for `error` after `error: `: a setting out of range (a Basics
    /// `SettingError`, on its own or in a job's or encoder's error) named by its flag
    /// (``flag(for:)``, `--repeat is 0 (forever) or …`); any other error as it describes itself.
    static func message(for error: any Error) -> String {
        let setting: SettingError? = switch error {
        case let error as SettingError: error
        case let error as AssembleError: error.settingError
        case let error as SheetJobError: error.settingError
        case GIF.EncodeError.setting(let error), Animation.PlaybackError.outOfRange(let error), Validator.Error.setting(let error): error
        default: nil
        }
        let text = "\(error)"
        // The setting's sentence ends the error's (after `cannot encode GIF: ` for an encoder's).
        guard let setting, text.hasSuffix(setting.description) else { return text }
        return text.dropLast(setting.description.count) + setting.description(naming: flag(for:))
    }

    /// The flag that sets `setting`; `nil` for one no command has a flag for.
    static func flag(for setting: SettingError.Setting) -> String? {
        switch setting {
        case .repeatCount: "--repeat"
        case .scale: "--scale"
        case .scales: "--scales"
        case .threads: "--threads"
        case .colors: "--colors"
        case .dithering: "--dither"
        case .quality: "--quality"
        case .fps: "--fps"
        case .duration: "--duration"
        case .delays: "--delays"
        case .frameDurations: nil
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
        }
    }

    /// `message` with every library phrase in its CLI form; an engine named as `SheetEngine.pixi`
    /// becomes `--engine pixi`.
    static func inCLIWords(_ message: String) -> String {
        var text = message
        for (library, cli) in phrases where text.contains(library) {
            text = text.replacingOccurrences(of: library, with: cli)
        }
        return text.replacingOccurrences(of: #"SheetEngine\.([a-z0-9]+)"#, with: "--engine $1", options: .regularExpression)
    }
}
