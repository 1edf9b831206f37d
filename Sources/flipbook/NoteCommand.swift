import ArgumentParser
import Basics
import Foundation
import Raster
import Text

/// `flipbook note TEXT --chrome IMG --insets T,L,B,R -o OUT.png`.
struct NoteCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "note",
        abstract: "Set text in resizable chrome: the chrome grows around the wrapped text.",
        discussion: """
            The text is wrapped to at most --max-width points (Unicode's line breaking, shaped \
            with the font's kerning and ligatures, right-to-left scripts in their order) and the \
            chrome image is nine-sliced by its cap insets to the text's size plus the insets, as \
            UIKit's resizable images do. The font is DejaVu Sans, which ships with Flipbook, or \
            --font FILE (any TrueType or OpenType font). The scale is --scale, or the output's \
            @Nx name; the chrome's @Nx file beside it is used when there is one.

            Examples:
              flipbook note "Boom!" --chrome chrome.png --insets 37,12,12,12 -o note@2x.png
              flipbook note "$(cat tip.txt)" --chrome tip.png --insets 9,9,9,9 -o tip.png
            """
    )

    @Argument(help: "The text (a newline starts a paragraph).") var text: String
    @Option(help: "The chrome image (PNG).") var chrome: String
    @Option(parsing: .unconditional, help: "The chrome's cap insets in points: top,left,bottom,right.") var insets: String
    @Option(name: .shortAndLong, help: "The PNG to write (NAME.png, NAME@2x.png), or - for standard output.") var output: String
    @OptionGroup var overwriteFlag: OverwriteFlag
    var overwrite: Bool { overwriteFlag.overwrite }
    @Option(name: .customLong("max-width"), parsing: .unconditional, help: "The widest the text may be, in points (default 300).",
            transform: DecimalNumber.option) var maxWidth: Double = 300
    @Option(name: .customLong("font-size"), parsing: .unconditional, help: "Points per em (default 17).",
            transform: DecimalNumber.option) var fontSize: Double = 17
    @Option(help: "A TrueType or OpenType font file (default: DejaVu Sans, shipped with Flipbook).") var font: String?
    @Option(help: "The text's colour, #RRGGBB or #RRGGBBAA.") var color: String = "#000000"
    @Option(help: "natural, left, center or right.") var align: TextStyle.Alignment = .natural
    @Option(name: .customLong("line-spacing"), parsing: .unconditional, help: "Points added between lines.",
            transform: DecimalNumber.option) var lineSpacing: Double = 0
    @Option(help: "tile or stretch the chrome's edges and centre.") var mode: NineSlice.Mode = .tile
    @Option(parsing: .unconditional, help: "Pixels per point (1, 2 or 3; default: the output's @Nx name, else 1).") var scale: Int?
    @Flag(help: "Print machine-readable JSON.") var json = false
    @OptionGroup(title: "Resource limits") var pixelLimit: PixelLimit
    /// The limits the flags above set.
    var limits: ResourceLimits { ResourceLimits(pixelLimit) }

    func validate() throws {
        _ = try InsetsOption.parse(insets)
        if let scale, !ImageFileName.scaleRange.contains(scale) {
            throw ValidationError("--scale does not take '\(scale)'; it takes 1, 2 or 3")
        }
        guard Color(hex: color) != nil else { throw ValidationError("--color does not take '\(color)'; it takes #RRGGBB or #RRGGBBAA") }
        let largest = Int(TextStyle.maximumSize)
        guard fontSize > 0, fontSize <= TextStyle.maximumSize else {
            throw ValidationError("--font-size does not take '\(Console.formatPoints(fontSize))'; it takes points above 0, at most \(largest)")
        }
        guard maxWidth > 0, maxWidth <= 100_000 else {
            throw ValidationError("--max-width does not take '\(Console.formatPoints(maxWidth))'; it takes points above 0, at most 100000")
        }
        guard lineSpacing >= 0, lineSpacing <= TextStyle.maximumSize else {
            throw ValidationError("--line-spacing does not take '\(Console.formatPoints(lineSpacing))'; it takes points, 0 to \(largest)")
        }
    }

    func run() throws {
        if let font {
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: font, isDirectory: &isFolder), isFolder.boolValue {
                throw OptionRefusal.error("--font", font, takes: "a TTF/OTF font file; \(font) is a folder")
            }
        }
        try ImageCommand.check(output: output, inputs: [chrome] + (font.map { [$0] } ?? []), overwrite: overwrite)
        let scale = scale ?? (output == OutputName.standardOutput ? nil : ImageFileName(path: output).scale) ?? 1
        let typeface = try font.map { try Font(url: URL(fileURLWithPath: $0)) } ?? Font.standard()
        let style = TextStyle(font: typeface, size: fontSize, color: Color(hex: color) ?? .black, alignment: align, lineSpacing: lineSpacing)
        let chromeFile = Self.chromeFile(chrome, scale: scale)
        let chromeScale = ImageFileName(path: chromeFile).scale ?? 1
        if chromeScale != scale {
            // Which variant was taken, and that it is resampled (the pixels are not the artist's).
            Console.error("note: the chrome \(chromeFile) is @\(chromeScale)x, resampled to @\(scale)x "
                          + (chromeScale > scale ? "(the nearest larger variant, downscaled)" : "(no @\(scale)x or larger variant beside it)"))
        }
        let note = Note(text: text, style: style, chrome: try ImageCommand.load(chromeFile, limits: limits), chromeName: chromeFile,
                        insets: try InsetsOption.parse(insets), maxWidth: maxWidth, mode: mode)
        let bitmap = try note.render(scale: scale, limits: limits)
        let layout = try note.layout()
        var warnings: [String] = []
        if !layout.missingCharacters.isEmpty {
            warnings.append("the font (\(typeface.familyName)) has no glyph for \(Self.named(layout.missingCharacters)): they are drawn as its "
                            + "empty box; --font takes a font that has them")
        }
        if !layout.controlCharacters.isEmpty {
            warnings.append("the text holds control \(layout.controlCharacters.count == 1 ? "character" : "characters") "
                            + "\(Self.named(layout.controlCharacters)): not drawn, as UIKit does not draw them")
        }
        try ImageCommand.save(bitmap, to: output, inputs: [chromeFile], overwrite: overwrite, json: json,
                              extra: ["chrome": chromeFile, "font": typeface.familyName, "lines": layout.lines.count],
                              scale: scale, warnings: warnings)
    }
}

extension NoteCommand {
    /// The chrome's `@Nx` file beside it for `scale`, as `UIImage(named:)` picks it, when the name
    /// has no scale: the variant of that scale, else the nearest larger one (downscaled: more
    /// detail than upscaling a smaller one), else the nearest smaller one, else the name itself
    /// (`chrome.png`, the 1x). A name with a scale is used as it is.
    static func chromeFile(_ path: String, scale: Int) -> String {
        let name = ImageFileName(path: path)
        guard name.scale == nil, scale > 1, !name.pathExtension.isEmpty else { return path }
        let folder = path.contains("/") ? String(path[...path.lastIndex(of: "/")!]) : ""
        let range = ImageFileName.scaleRange
        let order = Array(scale...max(scale, range.upperBound)) + Array(stride(from: scale - 1, through: 2, by: -1))
        for candidate in order {
            let variant = folder + name.stem + "@\(candidate)x" + (name.device.map { "~\($0)" } ?? "") + "." + name.pathExtension
            if FileManager.default.fileExists(atPath: variant) { return variant }
        }
        return path
    }
}

extension NoteCommand {
    /// `U+7206 '爆', U+0301 '́'`: each character by its code point and itself (a control
    /// character by its code point alone).
    static func named(_ characters: [Character]) -> String {
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

extension TextStyle.Alignment: ExpressibleByArgument {}
