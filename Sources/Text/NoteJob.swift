import Basics
import Foundation
import Raster

/// A ``Note`` made from files and written as `flipbook note` does it: the chrome and the font read
/// from disk or from memory, the text set and the chrome nine-sliced around it, the PNG written
/// under the output contract (never over an input, ``overwrite`` for a file Flipbook did not
/// write) or returned as bytes. It has the shape of every job (docs/Design.md, "The shape of a
/// job"): a value of settings, `plan()` reads and checks everything and writes nothing,
/// ``run(_:progress:cancellation:)`` writes, sync and `async`, one typed error (``NoteError``).
///
/// ```swift
/// var job = NoteJob(text: "Tap to explode.", chrome: "note-chrome.png",
///                   insets: NineSlice.Insets(top: 37, left: 12, bottom: 12, right: 12), output: "tip@2x.png")
/// job.fontSize = 25
/// let outcome = try await job.run()   // note-chrome@2x.png is used when it is beside note-chrome.png
/// ```
public struct NoteJob: Sendable {
    /// Where a file the job reads comes from.
    public enum Input: Sendable, Hashable {
        /// A file on disk.
        case file(String)
        /// A file in memory (an upload), named as it would be on disk (`chrome@2x.png`).
        case memory(InMemoryFile)

        /// The file's name in messages.
        var name: String {
            switch self {
            case .file(let path): path
            case .memory(let file): file.name
            }
        }
    }

    /// The text (a newline starts a paragraph).
    public var text: String
    /// The chrome image (a PNG). On disk and named without a scale, its `@Nx` file for the note's
    /// scale is used when there is one beside it, as `UIImage(named:)` picks it.
    public var chrome: Input
    /// The chrome's cap insets in points: the text sits inside them. Each is 0…100 000, and
    /// left + right and top + bottom must leave the chrome, at the note's scale, a centre to grow
    /// by; else ``NoteError/setting(_:)`` (setting `.insets`).
    public var insets: NineSlice.Insets
    /// The PNG to write (`NAME.png`, `NAME@2x.png`); `nil` returns the PNG's bytes in
    /// ``Outcome/bytes`` and writes nothing.
    public var output: String?
    /// Whether ``output`` may replace a file Flipbook did not write (never an input).
    public var overwrite: Bool
    /// The widest the text may be, in points (above 0, at most 100000).
    public var maxWidth: Double = 300
    /// Points per em.
    public var fontSize: Double = 17
    /// A TrueType or OpenType font; `nil` is DejaVu Sans, which ships with Flipbook.
    public var font: Input?
    /// The text's colour.
    public var color: Color = .black
    /// How lines are aligned.
    public var alignment: TextStyle.Alignment = .natural
    /// Points added between lines.
    public var lineSpacing: Double = 0
    /// Whether the chrome's edges and centre tile (UIKit's default) or stretch.
    public var mode: NineSlice.Mode = .tile
    /// Pixels per point (1…3); `nil` takes the output's `@Nx` name, else 1.
    public var scale: Int?
    /// What the chrome and the note may take, in pixels.
    public var limits: ResourceLimits

    /// A job setting `text` in the chrome at the path `chrome` and writing `output` (`nil`: bytes only).
    public init(text: String, chrome: String, insets: NineSlice.Insets, output: String?, overwrite: Bool = false,
                limits: ResourceLimits = .default) {
        self.init(text: text, chrome: .file(chrome), insets: insets, output: output, overwrite: overwrite, limits: limits)
    }

    /// A job setting `text` in the chrome at the file URL `url` and writing the file URL `output` (`nil`: bytes only).
    public init(text: String, url: URL, insets: NineSlice.Insets, output: URL?, overwrite: Bool = false, limits: ResourceLimits = .default) {
        self.init(text: text, chrome: .file(url.filePathForFlipbook), insets: insets, output: output?.filePathForFlipbook,
                  overwrite: overwrite, limits: limits)
    }

    /// A job setting `text` in a chrome held in memory, returning the PNG's bytes (or writing
    /// `output`); `font` in memory too, when given.
    public init(text: String, chrome: InMemoryFile, insets: NineSlice.Insets, font: InMemoryFile? = nil, output: String? = nil,
                limits: ResourceLimits = .default) {
        self.init(text: text, chrome: .memory(chrome), insets: insets, output: output, limits: limits)
        self.font = font.map { .memory($0) }
    }

    /// A job setting `text` in `chrome` and writing `output` (`nil`: bytes only).
    public init(text: String, chrome: Input, insets: NineSlice.Insets, output: String?, overwrite: Bool = false,
                limits: ResourceLimits = .default) {
        self.text = text; self.chrome = chrome; self.insets = insets; self.output = output; self.overwrite = overwrite; self.limits = limits
    }

    /// What `plan()` found: the note to render and where it goes.
    public struct Plan: Sendable {
        /// The note, with its chrome and font read.
        public var note: Note
        /// Pixels per point it is rendered at.
        public var scale: Int
        /// The chrome file read (its `@Nx` file when one was picked).
        public var chromeFile: String
        /// The files read (the output may not replace one).
        public var inputs: InputFiles
        /// What the layout reads past: characters the font has no glyph for, control characters not drawn.
        public var warnings: [String]
        /// What the user should know: the chrome variant taken and resampled.
        public var notes: [String] = []
    }

    /// What the job wrote.
    public struct Outcome: Sendable {
        /// The file written; empty when the job has no ``NoteJob/output``.
        public var files: [String]
        /// The PNG, when the job has no ``NoteJob/output``; empty when it wrote a file.
        public var bytes: [UInt8]
        /// The note's size in pixels.
        public var width: Int, height: Int
        /// Pixels per point.
        public var scale: Int
        /// Lines of text.
        public var lines: Int
        /// The chrome file read.
        public var chromeFile: String
        /// The font's name: its family, and its style unless plain (`Font.name`: "C059 Bold Italic").
        public var font: String
        /// Characters drawn as the font's empty box, and control characters not drawn, each said in
        /// a sentence; empty when every character had a glyph.
        public var warnings: [String]
        /// The chrome variant taken, when it is resampled to the note's scale.
        public var notes: [String] = []
    }

    /// The setting out of range, if one is.
    var settingError: SettingError? {
        if let scale, !(1...3).contains(scale) { return SettingError(.scale, of: "NoteJob", value: scale, allowed: .range(1...3)) }
        if !(fontSize > 0 && fontSize <= TextStyle.maximumSize) {
            return SettingError(.fontSize, of: "NoteJob", value: fontSize, allowed: .above(0, atMost: TextStyle.maximumSize))
        }
        if !(maxWidth > 0 && maxWidth <= 100_000) { return SettingError(.maxWidth, of: "NoteJob", value: maxWidth, allowed: .above(0, atMost: 100_000)) }
        if !(lineSpacing >= 0 && lineSpacing <= TextStyle.maximumSize) {
            return SettingError(.lineSpacing, of: "NoteJob", value: lineSpacing, allowed: .interval(0...TextStyle.maximumSize))
        }
        if ![insets.top, insets.left, insets.bottom, insets.right].allSatisfy({ $0 >= 0 && $0 <= 100_000 }) {
            return SettingError(.insets, of: "NoteJob", value: Self.spelled(insets), problem: .outOfRange(.interval(0...100_000)))
        }
        // Limits of 0 or less would refuse every chrome with a false "over the limit".
        return limits.rangeError
    }

    /// `NoteJob.insets` refused when they leave `chrome`, drawn at `scale`, no centre to grow the note
    /// by (the check `Note.render` makes, in points and before any work); `nil` when they leave one.
    func insetsError(chrome: Bitmap, file: String, scale: Int) -> SettingError? {
        // The chrome as the note draws it: resampled from its own scale to the note's.
        let width = Int((Double(chrome.width) * Double(scale) / Double(chrome.scale)).rounded())
        let height = Int((Double(chrome.height) * Double(scale) / Double(chrome.scale)).rounded())
        func pixels(_ points: Double) -> Int { Int((points * Double(scale)).rounded()) }
        guard pixels(insets.left) + pixels(insets.right) >= width || pixels(insets.top) + pixels(insets.bottom) >= height else { return nil }
        // Points to two decimals (16.67 for 50 px at @3x); the rule is in whole pixels.
        let points = ((Double(width) / Double(scale) * 100).rounded() / 100, (Double(height) / Double(scale) * 100).rounded() / 100)
        return SettingError(.insets, of: "NoteJob", value: Self.spelled(insets), problem: .outOfRange(.capInsets(width: points.0, height: points.1)),
                            reason: "the chrome \(file) is \(LimitError.format(points.0))×\(LimitError.format(points.1)) pt"
                                + (scale == 1 ? "" : " at @\(scale)x (\(width)×\(height) px)")
                                + ", and a note grows the chrome's centre, so the insets, each rounded to whole pixels"
                                + (scale == 1 ? "" : " at @\(scale)x") + ", must leave one" + rounding(pixels, width: width, height: height))
    }

    /// For fractional insets that pass in points but not once rounded to pixels (37.5 + 12.2 < 50,
    /// 38 + 12 = 50): the sums in pixels, which the rule is about; empty otherwise.
    private func rounding(_ pixels: (Double) -> Int, width: Int, height: Int) -> String {
        let sides = [(insets.left, insets.right, width), (insets.top, insets.bottom, height)]
        guard let (a, b, side) = sides.first(where: { pixels($0.0) + pixels($0.1) >= $0.2 }),
              a != a.rounded() || b != b.rounded() else { return "" }
        return ": \(LimitError.format(a)) and \(LimitError.format(b)) round to \(pixels(a)) + \(pixels(b)) = \(pixels(a) + pixels(b)) px of \(side)"
    }

    /// `top 37, left 12, bottom 12, right 12`.
    static func spelled(_ insets: NineSlice.Insets) -> String {
        [("top", insets.top), ("left", insets.left), ("bottom", insets.bottom), ("right", insets.right)]
            .map { "\($0.0) \(LimitError.format($0.1))" }.joined(separator: ", ")
    }

    /// Checks the settings, reads the chrome and the font, sets the text and checks the output's
    /// name against the output contract; renders nothing, writes nothing. `progress` receives the
    /// reading (phase `reading`, one step, ending at a fraction of 1), as the other jobs' plans
    /// report it. A `cancellation` flag set before the files are read throws ``NoteError/cancelled``
    /// (pass `nil` for none; without the argument, `plan()` is the `async` form).
    public func plan(progress: (@Sendable (JobProgress) -> Void)? = nil, cancellation: CancellationFlag?) throws(NoteError) -> Plan {
        try JobProgress.reading(progress) { () throws(NoteError) in try reading(cancellation: cancellation) }
    }

    /// ``plan(progress:cancellation:)``'s work.
    private func reading(cancellation: CancellationFlag?) throws(NoteError) -> Plan {
        if cancellation?.isCancelled == true { throw .cancelled }
        if let error = settingError { throw .setting(error) }
        // An @Nx in the output's name is a scale too: one outside 1…3 is refused as the setting is.
        if let output, output != OutputName.standardOutput, let named = ImageFileName(path: output).scale, !ImageFileName.scaleRange.contains(named) {
            throw .output(.unsupportedName(path: output, reason: "its @\(named)x is not a scale a note is drawn at (NoteJob.scale takes 1, 2 or 3): "
                                           + "name it NAME.png, NAME@2x.png or NAME@3x.png"))
        }
        let scale = scale ?? output.flatMap { $0 == OutputName.standardOutput ? nil : ImageFileName(path: $0).scale } ?? 1
        var inputs: [String] = []
        // The font first: a missing font is said before a missing chrome, as the flags are given.
        let typeface: Font
        do {
            switch font {
            case nil: typeface = try Font.standard()
            case .file(let path): typeface = try Font(url: URL(fileURLWithPath: path)); inputs.append(path)
            case .memory(let file): typeface = try Font(bytes: file.bytes, name: file.name)
            }
        } catch {
            throw .text(error)
        }
        let chromeImage: Bitmap, chromeFile: String
        do {
            let decoder = PNG.Decoder(maxPixels: limits.maxPixels)
            switch chrome {
            case .file(let path):
                chromeFile = Self.chromeFile(path, scale: scale)
                chromeImage = try decoder.decodeStillBitmap(file: chromeFile)
                inputs += [path, chromeFile]   // the name given too: `-o chrome.png --scale 2` reads chrome@2x.png
            case .memory(let file):
                chromeFile = file.name
                chromeImage = try decoder.decodeStillBitmap(file.bytes, file: file.name)
            }
        } catch {
            throw .chrome(error)
        }
        if let error = insetsError(chrome: chromeImage, file: chromeFile, scale: scale) { throw .setting(error) }
        let style = TextStyle(font: typeface, size: fontSize, color: color, alignment: alignment, lineSpacing: lineSpacing)
        let note = Note(text: text, style: style, chrome: chromeImage, chromeName: chromeFile, insets: insets, maxWidth: maxWidth, mode: mode)
        let layout: TextLayout
        do { layout = try note.layout() } catch { throw .text(error) }
        var warnings: [String] = []
        if !layout.missingCharacters.isEmpty {
            warnings.append("the font (\(typeface.name)) has no glyph for \(Self.named(layout.missingCharacters)): "
                            + "\(typeface.missingGlyphsShow); set NoteJob.font to a font that has them")
        }
        if !layout.controlCharacters.isEmpty {
            warnings.append("the text holds control \(layout.controlCharacters.count == 1 ? "character" : "characters") "
                            + "\(Self.named(layout.controlCharacters)): not drawn, as UIKit does not draw them")
        }
        var notes: [String] = []
        let chromeScale = ImageFileName(path: chromeFile).scale ?? 1
        if case .file(let path) = chrome, path != chromeFile, ImageFileName(path: path).scale != nil {
            // `--chrome chrome@2x.png` for a @1x note: its @1x variant, as UIKit's imageNamed: takes it.
            notes.append("the chrome \(path) is @\(ImageFileName(path: path).scale ?? 1)x: its variant \(chromeFile) beside it is used for a @\(scale)x note")
        }
        if case .file = chrome, chromeScale != scale {
            // Which variant was taken, and that it is resampled (the pixels are not the artist's).
            notes.append("the chrome \(chromeFile) is @\(chromeScale)x, resampled to @\(scale)x "
                         + (chromeScale > scale ? "(the nearest larger variant, downscaled)" : "(no @\(scale)x or larger variant beside it)"))
        }
        let protected = InputFiles(inputs)
        if let output {
            do throws(OutputError) { try OutputName.require(output, extensions: ["png"], what: "a note is a PNG") } catch { throw .output(error) }
            do { try OutputSet.check(file: output, protecting: protected, overwrite: overwrite) } catch {
                switch error {
                case .refused(let error): throw .output(error)
                case .write(let error):
                    // The error names the file already ("cannot write FILE: …"): its reason once.
                    let text = "\(error)", named = "cannot write \(output): "
                    throw .write(.writeFailed(file: output, reason: text.hasPrefix(named) ? String(text.dropFirst(named.count)) : text))
                }
            }
            // `chrome@3x.png` beside the chrome would be the next @3x note's chrome.
            do throws(OutputError) { if case .file(let path) = chrome { try OutputName.checkNotAVariant(output, of: [path, chromeFile]) } }
            catch { throw .output(error) }
        }
        return Plan(note: note, scale: scale, chromeFile: chromeFile, inputs: protected, warnings: warnings, notes: notes)
    }

    /// Plans, renders and writes on the calling thread. `progress` receives `JobProgress` reports:
    /// phase `reading` (the chrome and font read), `encoding` (rendered), `writing` (written),
    /// ending at a fraction of 1. A raised `cancellation` stops the run with ``NoteError/cancelled``
    /// before the PNG is written; nothing is written.
    public func run(progress: (@Sendable (JobProgress) -> Void)? = nil, cancellation: CancellationFlag?) throws(NoteError) -> Outcome {
        if cancellation?.isCancelled == true { throw .cancelled }
        return try run(plan(cancellation: cancellation), progress: progress, cancellation: cancellation)
    }

    /// Renders and writes a plan made by `plan()` (see ``run(progress:cancellation:)``).
    public func run(_ plan: Plan, progress: (@Sendable (JobProgress) -> Void)? = nil,
                    cancellation: CancellationFlag?) throws(NoteError) -> Outcome {
        let reporter = JobProgress.Reporter(progress, phases: [(.reading, 1), (.encoding, 8), (.writing, 1)])
        reporter.report(.reading, done: 1, total: 1)
        let bitmap: Bitmap, lines: Int
        do {
            bitmap = try plan.note.render(scale: plan.scale, limits: limits)
            lines = try plan.note.layout().lines.count
        } catch {
            throw .text(error)
        }
        reporter.report(.encoding, done: 1, total: 1)
        if cancellation?.isCancelled == true { throw .cancelled }
        var files: [String] = [], bytes: [UInt8] = []
        do throws(PNG.EncodeError) {
            if let output, output != OutputName.standardOutput {
                try PNG.Encoder().write(bitmap, to: output, protecting: plan.inputs, overwrite: overwrite)
                files = [output]
            } else {
                bytes = try PNG.Encoder().encode(bitmap)
            }
        } catch {
            if case .output(let refusal) = error { throw .output(refusal) }
            throw .write(error)
        }
        reporter.finish(.writing)
        return Outcome(files: files, bytes: bytes, width: bitmap.width, height: bitmap.height, scale: plan.scale, lines: lines,
                       chromeFile: plan.chromeFile, font: plan.note.style.font.name, warnings: plan.warnings, notes: plan.notes)
    }

    /// The chrome's `@Nx` file beside it for `scale`, as `UIImage(named:)` picks it: the variant of
    /// that scale, else the nearest larger one (downscaled: more detail than upscaling a smaller
    /// one), else the nearest smaller one. A name given with a scale is a name of the same family:
    /// `chrome@2x.png` for a @1x note takes `chrome.png` beside it (it downscaled the @2x).
    /// The name itself when it is of `scale` or nothing else is there; a name that is not there is
    /// looked up in its family as well (`c.png` beside only `c@3x.png`).
    static func chromeFile(_ path: String, scale: Int) -> String {
        let name = ImageFileName(path: path)
        // A name that is not there is looked up in its family too (`c.png` beside only `c@3x.png`, as
        // `UIImage(named:)` finds it: round 70t said "cannot read file").
        guard name.scale ?? 1 != scale || !FileManager.default.fileExists(atPath: path), !name.pathExtension.isEmpty else { return path }
        let folder = path.lastIndex(of: "/").map { String(path[...$0]) } ?? ""
        let range = ImageFileName.scaleRange
        // The given name is one of the candidates: it is taken when nothing nearer is beside it.
        let order = Array(scale...max(scale, range.upperBound)) + Array(stride(from: scale - 1, through: 1, by: -1))
        for candidate in order {
            let variant = folder + name.stem + (candidate == 1 ? "" : "@\(candidate)x") + (name.device.map { "~\($0)" } ?? "") + "." + name.pathExtension
            if FileManager.default.fileExists(atPath: variant) { return variant }
        }
        return path
    }

    /// `U+7206 '爆', U+0301 '́'`: each character by its code point and itself (a control
    /// character by its code point alone). Every warning about characters says them this way
    /// (notes here, text layers in Compose's scenes).
    package static func named(_ characters: [Character]) -> String {
        characters.map { character in
            let scalars = character.unicodeScalars
            let points = scalars.map { scalar -> String in
                let hex = String(scalar.value, radix: 16, uppercase: true)
                return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
            }.joined(separator: " ")
            return scalars.allSatisfy { $0.properties.generalCategory == .control } ? points : "\(points) '\(character)'"
        }.joined(separator: ", ")
    }
}
