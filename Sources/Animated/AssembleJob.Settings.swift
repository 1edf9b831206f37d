import Basics
import APNG
import GIF
import WebP

extension AssembleJob {
    /// The encoder settings an ``AssembleJob`` wrote its file with, for the format it wrote: the
    /// GIF, APNG or WebP encoder, with the repeat count and scale the job resolved and, with
    /// ``AssembleJob/maxBytes``, the settings that fitted (or the smallest tried).
    public enum Settings: Sendable {
        /// A GIF: quality, colours, dithering, alpha, edge matte.
        case gif(GIF.Encoder)
        /// An APNG: effort and decoder compatibility.
        case apng(APNG.Encoder)
        /// A WebP: lossless or lossy at a quality, and effort.
        case webp(WebP.Encoder)

        /// The format these settings wrote.
        public var format: Format {
            switch self {
            case .gif: .gif
            case .apng: .apng
            case .webp: .webp
            }
        }

        /// The GIF encoder's settings, when a GIF was written.
        public var gif: GIF.Encoder? {
            if case .gif(let encoder) = self { return encoder }
            return nil
        }

        /// The APNG encoder's settings, when an APNG was written.
        public var apng: APNG.Encoder? {
            if case .apng(let encoder) = self { return encoder }
            return nil
        }

        /// The WebP encoder's settings, when a WebP was written.
        public var webp: WebP.Encoder? {
            if case .webp(let encoder) = self { return encoder }
            return nil
        }
    }

    /// A warning when the output's name gives another @Nx scale than the frames' (`spin.gif` of
    /// `@2x` frames): every reader of the file (`FramesJob`, `flipbook info`, a bundle) takes the
    /// name's scale, so the scale the frames were made for would be lost without a word.
    func scaleNameWarnings(scale: Int, inputs: InputFiles = InputFiles()) -> [String] {
        guard let output else { return [] }
        return Self.scaleNameWarning(output: output, scale: scale, inputs: inputs).map { [$0] } ?? []
    }

    /// The warning for an animation of `scale` frames written to `output` when its name gives
    /// another @Nx scale; `nil` when the name keeps it (or `output` is standard output). Shared
    /// by every job that writes an animation file (`RenderJob` too). The name suggested is never
    /// one of `inputs` (`blur user.gif -o user@2x.gif` suggested `user.gif`, which is then
    /// refused as the input): `NAME-out` then, or no name when that is one too.
    package static func scaleNameWarning(output: String, scale: Int, inputs: InputFiles = InputFiles()) -> String? {
        guard output != OutputName.standardOutput else { return nil }
        let name = ImageFileName(path: output), named = name.scale ?? 1
        let folder = output.contains("/") ? String(output[...output.lastIndex(of: "/")!]) : ""
        let device: String = name.device.map { "~" + $0 } ?? ""
        // Drawn at @4x…@8x (`RenderJob`): no animation's name carries that scale (Basics'
        // `ImageFileName.animationScaleRefusal`), so a name without one is right, and one naming
        // another scale (`q@2x.gif` at @5x) is said, suggesting the name without it.
        guard ImageFileName.scaleRange.contains(scale) else {
            guard named != 1 else { return nil }
            return "the frames are @\(scale)x but \(output) is named @\(named)x, and a file's name gives its scale to every reader "
                + "(readers take it as @\(named)x): name it \(folder + name.unscaledStem + device + "." + name.pathExtension) "
                + "(an animation drawn at @\(scale)x is named without its scale)"
        }
        guard named != scale else { return nil }
        let suffix: String = scale == 1 ? "" : "@\(scale)x"
        let candidates = [folder + name.unscaledStem + device + suffix + "." + name.pathExtension,
                          folder + name.unscaledStem + "-out" + device + suffix + "." + name.pathExtension]
        let suggested = candidates.first { inputs.input(sameAs: $0) == nil }
        let taken = suggested == candidates[1] ? " (\(candidates[0]) is one of the inputs)" : ""
        let advice = suggested.map { "name it \($0)\(taken)" } ?? "name it \(scale == 1 ? "without" : "with @\(scale)x and without") another @Nx"
        return "the frames are @\(scale)x but \(output) is named @\(named)x, and a file's name gives its scale to every reader "
            + "(readers take it as @\(named)x): \(advice) to keep @\(scale)x"
    }

    /// One warning for each encoder whose settings were changed from their defaults although
    /// `format` does not use them (``encoder``'s colours for an APNG, ``webp``'s quality for a
    /// GIF): they are left unused, and the caller is told, naming each setting and its value.
    func unusedSettingsWarnings(format: Format) -> [String] {
        let written = output.map { " (\($0))" } ?? ""
        func warning(_ encoder: String, _ changed: [String], for formats: String) -> [String] {
            guard !changed.isEmpty else { return [] }
            return ["\(changed.map { "AssembleJob.\(encoder).\($0)" }.joined(separator: ", ")) \(changed.count == 1 ? "is a setting" : "are settings") "
                    + "of \(formats) only, not used for the \(format) written\(written); leave \(changed.count == 1 ? "it" : "them") "
                    + "at the default or write \(formats)"]
        }
        var warnings: [String] = []
        if format != .gif {
            let plain = GIF.Encoder()
            var changed: [String] = []
            if encoder.quality != plain.quality { changed.append("quality = .\(encoder.quality)") }
            if encoder.colors != plain.colors { changed.append("colors = \(encoder.colors)") }
            if encoder.dithering != GIF.Encoder(quality: encoder.quality).dithering { changed.append("dithering = .\(encoder.dithering)") }
            switch encoder.alpha {
            case .dither: break
            case .threshold: changed.append("alpha = .threshold")
            case .matte(let color): changed.append("alpha = .matte(\(color))")
            }
            if let matte = encoder.edgeMatte { changed.append("edgeMatte = \(matte)") }
            warnings += warning("encoder", changed, for: "GIF")
        }
        if format != .apng {
            let plain = APNG.Encoder()
            var changed: [String] = []
            if apng.effort != plain.effort { changed.append("effort = .\(apng.effort)") }
            if apng.compatibility != plain.compatibility { changed.append("compatibility = .\(apng.compatibility)") }
            warnings += warning("apng", changed, for: "APNG")
        }
        if format != .webp {
            let plain = WebP.Encoder()
            var changed: [String] = []
            if webp.lossless != plain.lossless { changed.append("lossless = \(webp.lossless)") }
            if webp.quality != plain.quality { changed.append("quality = \(webp.quality)") }
            if webp.effort != plain.effort { changed.append("effort = .\(webp.effort)") }
            warnings += warning("webp", changed, for: "WebP")
        }
        // The job gives each encoder its repeat count (`repeatCount`, or the source's own).
        let repeats = [("encoder", encoder.repeatCount, GIF.Encoder().repeatCount), ("apng", apng.repeatCount, APNG.Encoder().repeatCount),
                       ("webp", webp.repeatCount, WebP.Encoder().repeatCount)].filter { $0.1 != $0.2 }
        if !repeats.isEmpty {
            warnings.append("\(repeats.map { "AssembleJob.\($0.0).repeatCount = \($0.1)" }.joined(separator: ", ")) "
                            + "\(repeats.count == 1 ? "is" : "are") not used: the job sets each encoder's repeat count from "
                            + "AssembleJob.repeatCount (or the source's own); set that instead")
        }
        return warnings
    }
}
