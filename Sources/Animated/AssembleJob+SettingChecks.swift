import APNG
import Basics
import GIF
import WebP

/// The checks ``AssembleJob`` makes of its settings before any work: the format its output's name
/// promises, and the first setting out of range or meaning nothing for that format.
extension AssembleJob {
    /// The format asked for, or the one ``output``'s name promises; refuses a name that promises
    /// another format or none.
    func resolvedFormat() throws(AssembleError) -> Format {
        guard let output else { return format ?? .gif }
        let named = Format(fileName: output)
        if let format {
            // A name with no extension takes the format asked for; one with another never does.
            if named == format || OutputName.pathExtension(output).isEmpty { return format }
            throw .output(.unsupportedName(path: output, reason: "the name promises \(named.map(\.description) ?? "another format"), "
                                           + "AssembleJob.format asks for \(format); name it \(OutputName.list(format.fileExtensions))"))
        }
        guard let named else {
            // `.gif` is a hidden file's name, without an extension: it needs a name before the dot.
            let last = FileIO.lastComponent(of: output)
            if last.hasPrefix("."), Format(fileName: "x" + last) != nil {
                throw .output(.unsupportedName(path: output, reason: "the name is only an extension (a hidden file without one): "
                                               + "give a name before it (walk\(last))"))
            }
            throw .output(.unsupportedName(path: output, reason: "assemble writes GIF, APNG or WebP: name it \(OutputName.list(Format.allExtensions)), "
                                           + "or set AssembleJob.format for a name without an extension"))
        }
        return named
    }

    /// The repeat count `count` out of `format`'s range: ``repeatCount``'s, or the source's own when
    /// that is `nil`.
    func repeatCountError(_ count: Int, format: Format) -> SettingError? {
        let most = switch format {
        case .gif: GIF.maximumRepeatCount
        case .apng: APNG.maximumRepeatCount
        case .webp: WebP.maximumRepeatCount
        }
        guard !(0...most).contains(count) else { return nil }
        let allowed = SettingError.Allowed.range(0...most)
        return SettingError(.repeatCount, of: "AssembleJob", value: String(count),
                            problem: repeatCount == nil ? .sourceOutOfRange(allowed) : .outOfRange(allowed), format: format.description)
    }

    /// The first setting out of range, or meaning nothing for `format`.
    func settingError(format: Format) -> SettingError? {
        if let repeatCount, let error = repeatCountError(repeatCount, format: format) { return error }
        if let maxBytes, format == .apng {
            return SettingError(.maxBytes, of: "AssembleJob", value: String(maxBytes), problem: .notForFormat, format: format.description,
                                reason: "APNG is lossless; GIF's and WebP's colours can be traded for bytes")
        }
        if format == .webp, let error = webp.settingError, error.setting == .quality { return error }
        if let scale, let error = ImageFileName.scaleError(scale, of: "AssembleJob") { return error }
        if let threads, threads < 1 { return SettingError(.threads, of: "AssembleJob", value: threads, allowed: .atLeast(1)) }
        if let maxBytes, maxBytes <= 0 { return SettingError(.maxBytes, of: "AssembleJob", value: maxBytes, allowed: .atLeast(1)) }
        if let error = limits.rangeError { return error }
        // The encoder's repeat count and scale are the job's to set.
        if let error = encoder.settingError, error.setting != .repeatCount, error.setting != .scale { return error }
        return nil
    }
}
