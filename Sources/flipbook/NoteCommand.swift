import Animated
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
            @Nx name; the chrome's @Nx file beside it is used when there is one. A text that \
            starts with - goes last, after --: give the options first, then --, then the text.

            Examples:
              flipbook note "Boom!" --chrome chrome.png --insets 37,12,12,12 -o note@2x.png
              flipbook note "$(cat tip.txt)" --chrome tip.png --insets 9,9,9,9 -o tip.png
              flipbook note --chrome tag.png --insets 9,9,9,9 -o tag.png -- "-50% off"
            """
    )

    /// The text given as one argument before or among the options. A second word there is refused by
    /// the parser: a doubled option value (`--font-size 20 30`) was set into the note as " 30".
    @Argument(help: ArgumentHelp("The text, one argument (quote it; a newline starts a paragraph).", valueName: "text"))
    var leadingText: String?
    /// The words after `--`, joined by spaces as echo joins them (`note … -- Tap to explode`).
    @Argument(parsing: .postTerminator, help: ArgumentHelp("Or the text's words, last, after --: joined by a space.", valueName: "word"))
    var trailingWords: [String] = []
    /// The text: the one argument, or the words after `--` joined by spaces.
    var text: String { leadingText ?? trailingWords.joined(separator: " ") }
    @Option(help: "The chrome image (PNG).") var chrome: String
    @Option(parsing: .unconditional, help: "The chrome's cap insets in points: top,left,bottom,right.") var insets: String
    @Option(name: .shortAndLong, help: "The PNG to write (NAME.png, NAME@2x.png), or - for standard output.") var output: String
    @OptionGroup var overwriteFlag: OverwriteFlag
    var overwrite: Bool { overwriteFlag.overwrite }
    @Option(name: .customLong("max-width"), parsing: .unconditional, help: ArgumentHelp(Self.maxWidthHelp),
            transform: DecimalNumber.option) var maxWidth: Double = 300
    @Option(name: .customLong("font-size"), parsing: .unconditional, help: ArgumentHelp(Self.fontSizeHelp),
            transform: DecimalNumber.option) var fontSize: Double = 17
    @Option(help: "A TrueType or OpenType font file (default: DejaVu Sans, shipped with Flipbook).") var font: String?
    @Option(help: "The text's colour, #RRGGBB or #RRGGBBAA.") var color: String = "#000000"
    @Option(help: "natural, left, center or right.") var align: TextStyle.Alignment = .natural
    @Option(name: .customLong("line-spacing"), parsing: .unconditional, help: ArgumentHelp(Self.lineSpacingHelp),
            transform: DecimalNumber.option) var lineSpacing: Double = 0
    @Option(help: "tile or stretch the chrome's edges and centre.") var mode: NineSlice.Mode = .tile
    @Option(parsing: .unconditional, help: "Pixels per point (1, 2 or 3; default: the output's @Nx name, else 1).") var scale: Int?
    @Flag(help: "Print machine-readable JSON.") var json = false
    @OptionGroup(title: "Resource limits") var pixelLimit: PixelLimit
    /// The text's raster, 4 bytes a pixel: with --max-pixels raised, a long text at a large size
    /// aborted in the allocator (round 64t2 #4); it is refused against this instead.
    @OptionGroup(title: "Resource limits") var memoryLimit: MemoryLimit
    /// The limits the flags above set.
    var limits: ResourceLimits { ResourceLimits(pixelLimit, memoryLimit) }

    // What each number takes, said alike by --help, by a value that is no number (`nan`) and by one out of range.
    static let maxWidthHelp = "The widest the text may be, in points: above 0, at most 100000 (default 300)."
    static let fontSizeHelp = "Points per em: above 0, at most \(Int(TextStyle.maximumSize)) (default 17)."
    static let lineSpacingHelp = "Points added between lines: 0 to \(Int(TextStyle.maximumSize)) (default 0)."

    func validate() throws {
        guard leadingText != nil || !trailingWords.isEmpty else { throw ValidationError("give the text to set (before the options, or last after --)") }
        if let leadingText, !trailingWords.isEmpty {
            throw ValidationError("the text is given twice: '\(leadingText)' among the options and '\(trailingWords.joined(separator: " "))' after --; give it once")
        }
        _ = try InsetsOption.parse(insets)
        if let scale, !ImageFileName.scaleRange.contains(scale) {
            throw ValidationError("--scale does not take '\(scale)'; it takes 1, 2 or 3")
        }
        guard Color(hex: color) != nil else { throw ValidationError("--color does not take '\(color)'; it takes #RRGGBB or #RRGGBBAA") }
        guard fontSize > 0, fontSize <= TextStyle.maximumSize else { throw OptionRefusal.error("--font-size", fontSize, help: Self.fontSizeHelp) }
        guard maxWidth > 0, maxWidth <= 100_000 else { throw OptionRefusal.error("--max-width", maxWidth, help: Self.maxWidthHelp) }
        guard lineSpacing >= 0, lineSpacing <= TextStyle.maximumSize else {
            throw OptionRefusal.error("--line-spacing", lineSpacing, help: Self.lineSpacingHelp)
        }
    }

    func run() throws {
        // `-` is standard output as an output, never standard input as a file to read.
        try Discovery.checkNoStandardInput([chrome] + (font.map { [$0] } ?? []))
        if let font {
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: font, isDirectory: &isFolder), isFolder.boolValue {
                throw OptionRefusal.error("--font", font, takes: "a TTF/OTF font file; \(font) is a folder")
            }
        }
        let toStandardOutput = output == OutputName.standardOutput
        if toStandardOutput { try OutputName.requireRedirectedStandardOutput() }
        var job = NoteJob(text: text, chrome: chrome, insets: try InsetsOption.parse(insets), output: toStandardOutput ? nil : output,
                          overwrite: overwrite, limits: limits)
        job.maxWidth = maxWidth
        job.fontSize = fontSize
        job.font = font.map { .file($0) }
        job.color = Color(hex: color) ?? .black
        job.alignment = align
        job.lineSpacing = lineSpacing
        job.mode = mode
        job.scale = scale
        let outcome = try job.run(cancellation: nil)
        if toStandardOutput { try FileIO.writeStandardOutput(outcome.bytes) }
        // The notes (a chrome resampled to the note's scale) on standard error and in `--json`'s `notes`, as every command's.
        try ImageCommand.printWritten(output, width: outcome.width, height: outcome.height, scale: outcome.scale, json: json,
                                      extra: ["chrome": outcome.chromeFile, "font": outcome.font, "lines": outcome.lines],
                                      madeAt: outcome.scale, warnings: outcome.warnings.map(CLIWording.inCLIWords), notes: outcome.notes,
                                      madeAtBecause: "--scale \(outcome.scale)")
    }
}

extension TextStyle.Alignment: ExpressibleByArgument {}
