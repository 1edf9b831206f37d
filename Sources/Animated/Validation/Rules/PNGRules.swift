import Raster

/// `png.corrupt`: a file that is no sound PNG (cut short, a bad CRC, not a PNG, image data libpng
/// cannot inflate…).
public enum PNGCorruptRule: ValidationRule {
    public static let id = RuleID.pngCorrupt
    public static let title = "PNG file is unreadable or corrupt"
    public static let explanation = "The file is cut short, was changed after it was written (a chunk's CRC does "
        + "not match), is not a PNG at all or cannot be read. Every chunk's length and CRC is checked without "
        + "Validator.deep; Validator.deep also decodes every frame, finding image data written wrong. Re-export the file."
    public static let defaultSeverity = Severity.error

    public static func check(_ facts: SequenceFacts, config: ValidationConfig) -> [Problem] {
        facts.files.compactMap { fact in
            guard let error = fact.error else { return nil }
            switch error {
            case .appleCgBI: return nil
            case .corrupt(_, let reason): return Problem("\(fact.file.fileName): \(reason)", file: fact.file.path)
            case .notPNG: return Problem("\(fact.file.fileName) is not a PNG file", file: fact.file.path)
            case .otherFormat(_, let actual):
                return Problem("\(fact.file.fileName) is not a PNG file: \(FileSignature.advice(actual))", file: fact.file.path)
            case .unreadable(_, let reason): return Problem("\(fact.file.fileName): cannot read: \(reason)", file: fact.file.path)
            case .tooLarge: return nil   // png.too-large
            case .animated: return nil   // png.animated
            }
        }
    }
}

/// `png.too-large`: a frame with more pixels than the decoder's limit (`ResourceLimits.maxPixels`,
/// `--max-pixels`), found from
/// its header whether or not the validator decodes: the frame is never decoded, and a server can
/// answer it as "too large" (HTTP 413) by the rule ID alone.
public enum PNGTooLargeRule: ValidationRule {
    public static let id = RuleID.pngTooLarge
    public static let title = "Frame has more pixels than the limit"
    public static let explanation = "The header declares more pixels (width × height) than the pixel limit "
        + "(ResourceLimits.maxPixels, default 8192 × 8192, the limit of Validator.decoder), so the frame is not decoded "
        + "and no command reads it under that limit. Make the frame smaller, or raise ResourceLimits.maxPixels to allow it."
    public static let defaultSeverity = Severity.error

    public static func check(_ facts: SequenceFacts, config: ValidationConfig) -> [Problem] {
        facts.files.compactMap { fact in
            guard case .tooLarge(_, let width, let height, let limit)? = fact.error else { return nil }
            return Problem("\(fact.file.fileName) is \(width)×\(height), over the \(limit)-pixel limit; "
                + "raise ResourceLimits.maxPixels to allow it", file: fact.file.path)
        }
    }
}

/// `png.cgbi`: an Apple "iPhone-optimised" PNG.
public enum PNGCgBIRule: ValidationRule {
    public static let id = RuleID.pngCgBI
    public static let title = "Apple CgBI (iPhone-optimised) PNG"
    public static let explanation = "Xcode's pngcrush rewrote the file as CgBI (BGRA, premultiplied, headerless "
        + "deflate). Only Apple platforms read it; every other tool rejects it. Re-export the original asset."
    public static let defaultSeverity = Severity.error

    public static func check(_ facts: SequenceFacts, config: ValidationConfig) -> [Problem] {
        facts.files.compactMap { fact in
            guard case .appleCgBI? = fact.error else { return nil }
            return Problem("\(fact.file.fileName) is an Apple CgBI PNG, readable only on Apple platforms", file: fact.file.path)
        }
    }
}

/// `png.colortype-mixed`: frames of one sequence stored in different colour types or bit depths.
public enum PNGColorTypeMixedRule: ValidationRule {
    public static let id = RuleID.pngColorTypeMixed
    public static let title = "Frames use different PNG colour types"
    public static let explanation = "Mixed colour types (palette next to RGBA, 8-bit next to 16-bit) usually mean "
        + "frames were exported by different tools or settings; alpha or colour may differ between frames."
    public static let defaultSeverity = Severity.warning

    public static func check(_ facts: SequenceFacts, config: ValidationConfig) -> [Problem] {
        let typed = facts.files.compactMap { fact in fact.header.map { (fact, "\($0.colorType) \($0.bitDepth)-bit") } }
        guard let usual = Rules.majority(typed.map(\.1)) else { return [] }
        return typed.filter { $0.1 != usual }.map { fact, kind in
            Problem("\(fact.file.fileName) is \(kind); most frames are \(usual)", file: fact.file.path)
        }
    }
}

/// `file.too-large`: a frame file over the configured byte budget.
public enum FileTooLargeRule: ValidationRule {
    public static let id = RuleID.fileTooLarge
    public static let title = "Frame file is larger than the budget"
    public static let explanation = "Set the budget with maxFileBytes in .flipbook.json (default 8 MiB)."
    public static let defaultSeverity = Severity.warning

    public static func check(_ facts: SequenceFacts, config: ValidationConfig) -> [Problem] {
        facts.files.filter { $0.byteCount > config.maxFileBytes }.map { fact in
            Problem("\(fact.file.fileName) is \(fact.byteCount) bytes, over the \(config.maxFileBytes)-byte budget",
                    file: fact.file.path)
        }
    }
}

/// `png.animated`: an animated PNG (an `acTL` chunk) among a sequence's still frames. Readers that
/// decode it as a still would show its first frame only; `assemble` and `sheet` refuse it.
public enum PNGAnimatedRule: ValidationRule {
    public static let id = RuleID.pngAnimated
    public static let title = "Animated PNG among still frames"
    public static let explanation = "The file is an APNG (it has an acTL chunk): an animation of its own, not one "
        + "frame of the sequence. UIKit and the engines would show its first frame only, and assemble and sheet refuse "
        + "it. Move it out of the sequence's folder, or give it alone to read its frames."
    public static let defaultSeverity = Severity.error

    public static func check(_ facts: SequenceFacts, config: ValidationConfig) -> [Problem] {
        facts.files.compactMap { fact in
            guard case .animated? = fact.error else { return nil }
            return Problem("\(fact.file.fileName) is an animated PNG (APNG) among still frames", file: fact.file.path)
        }
    }
}

/// `png.trailing-data`: bytes after a PNG's `IEND` chunk. Every decoder ignores them, so the frame
/// shows as it should, but they are downloaded and shipped with it: an export that appended
/// another file (a second PNG, an archive) or an upload glued to something else.
public enum PNGTrailingDataRule: ValidationRule {
    public static let id = RuleID.pngTrailingData
    public static let title = "Bytes after the end of the PNG"
    public static let explanation = "The file goes on after its IEND chunk, where a PNG ends. Decoders ignore those "
        + "bytes, so the frame looks right, but they are shipped with every copy: often another file was appended "
        + "(a second image, an archive). Re-export the frame, or cut the file after IEND."
    public static let defaultSeverity = Severity.warning

    public static func check(_ facts: SequenceFacts, config: ValidationConfig) -> [Problem] {
        facts.files.compactMap { fact in
            guard fact.error == nil, fact.trailingByteCount > 0 else { return nil }
            let noun = fact.trailingByteCount == 1 ? "byte" : "bytes"
            return Problem("\(fact.file.fileName) has \(fact.trailingByteCount) \(noun) after its IEND chunk, "
                + "which every decoder ignores", file: fact.file.path)
        }
    }
}
