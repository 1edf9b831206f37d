import Basics
import Raster
import Text

extension Scene {
    /// A `text` op of a draw scene: a string set by the Text module (HarfBuzz shaping, ICU line
    /// breaking and bidi) and drawn with its layout's top-left corner at ``at``.
    ///
    /// ```json
    /// { "text": "Tap to explode", "at": [10, 8], "font": "fonts/Inter.ttf", "fontSize": 17,
    ///   "color": "#000000", "maxWidth": 200, "alignment": "center", "lineBreakMode": "wordWrapping", "lineSpacing": 2 }
    /// ```
    public struct Label: Sendable {
        /// The text (a newline starts a paragraph).
        public var string: String
        /// The font file's name relative to the scene (a key of ``Scene/render(images:fonts:limits:)``'s
        /// `fonts`), or `nil` for DejaVu Sans, which ships with Flipbook.
        public var font: String?
        /// Points per em, above 0 and at most 1000 (default 17, UIKit's).
        public var fontSize: Double
        /// The glyphs' colour (default opaque black).
        public var color: Color
        /// How lines are aligned.
        public var alignment: TextStyle.Alignment
        /// What happens to lines longer than ``maxWidth``.
        public var lineBreakMode: TextStyle.LineBreakMode
        /// The widest a line may be, in points, or `nil` for one line per paragraph.
        public var maxWidth: Double?
        /// Points added between lines.
        public var lineSpacing: Double
        /// The layout's top-left corner, in points.
        public var at: Point

        /// A label; everything not given as the scene format's defaults.
        public init(string: String, font: String? = nil, fontSize: Double = 17, color: Color = .black, alignment: TextStyle.Alignment = .natural,
                    lineBreakMode: TextStyle.LineBreakMode = .wordWrapping, maxWidth: Double? = nil, lineSpacing: Double = 0,
                    at: Point = .zero) {
            self.string = string; self.font = font; self.fontSize = fontSize; self.color = color; self.alignment = alignment
            self.lineBreakMode = lineBreakMode; self.maxWidth = maxWidth; self.lineSpacing = lineSpacing; self.at = at
        }

        /// The label set in `font`.
        /// - Throws: Text's `TextError` for a size, width or spacing out of range, or a string too long.
        public func layout(font: Font) throws(TextError) -> TextLayout {
            try TextLayout(string, style: TextStyle(font: font, size: fontSize, color: color, alignment: alignment,
                                                    lineBreakMode: lineBreakMode, lineSpacing: lineSpacing), maxWidth: maxWidth)
        }
    }

    /// The most UTF-16 units one label holds (a render scene's text layer takes as many).
    public static let maximumLabelLength = 100_000

    /// The font files the scene's labels name, in order of first use.
    public var fontNames: [String] {
        var seen = Set<String>()
        return operations.compactMap { op in
            if case .text(let label) = op, let name = label.font, seen.insert(name).inserted { return name }
            return nil
        }
    }

    /// A `text` op's label, read strictly.
    static func label(_ op: InputObject, at value: InputValue) throws(SchemaError) -> Label {
        let textValue = try op.required("text")
        let string = try textValue.string()
        guard string.utf16.count <= maximumLabelLength else {
            throw textValue.outOfRange("is \(string.utf16.count) UTF-16 units long; a label takes at most \(maximumLabelLength): split it over several ops")
        }
        var label = Label(string: string)
        if let v = op["font"] {
            let name = try v.string()
            guard !name.isEmpty else { throw v.invalid("expected a font file name") }
            label.font = name
        }
        if let v = op["fontSize"] {
            label.fontSize = try v.number()
            guard label.fontSize > 0, label.fontSize <= TextStyle.maximumSize else { throw v.outOfRange("must be above 0 and at most 1000 points") }
        }
        if let v = op["color"] { label.color = try color(v) }
        if let v = op["alignment"] {
            label.alignment = TextStyle.Alignment(rawValue: try v.string(oneOf: TextStyle.Alignment.allCases.map(\.rawValue)))!
        }
        if let v = op["lineBreakMode"] {
            label.lineBreakMode = TextStyle.LineBreakMode(rawValue: try v.string(oneOf: TextStyle.LineBreakMode.allCases.map(\.rawValue)))!
        }
        if let v = op["maxWidth"] {
            let width = try v.number()
            guard width > 0, width <= 100_000 else { throw v.outOfRange("must be above 0 and at most 100000 points") }
            label.maxWidth = width
        }
        if let v = op["lineSpacing"] {
            label.lineSpacing = try v.number()
            guard label.lineSpacing >= 0, label.lineSpacing <= TextStyle.maximumSize else { throw v.outOfRange("must be from 0 to 1000 points") }
        }
        if let v = op["at"] { label.at = try pair(v, "[x, y]") }
        return label
    }

    /// Draws `label` on `canvas` in `font`: its raster at the canvas's scale, so that on whole
    /// pixels the pixels are `TextLayout.renderInk(scale:limits:)`'s.
    /// Returns what its text cannot show (`TextLayout.warnings(at:fontKey:)`).
    static func draw(_ label: Label, font: Font, on canvas: inout Canvas, limits: ResourceLimits, op index: Int, file: String) throws(SceneError) -> [String] {
        let at = "\(file): ops[\(index)]"
        guard label.fontSize * Double(canvas.scale) <= TextLayout.maximumPixelSize else {
            // Said as the reader says a size out of range (`ops[0].fontSize: must be … (found 0)`), at this scale.
            let most = TextLayout.maximumPixelSize / Double(canvas.scale)
            throw .schema(SchemaError(file: file, path: InputPath.root.appending("ops").appending(index: index).appending("fontSize"),
                                      problem: .outOfRange(requirement: "must be above 0 and at most \(InputValue.format(most)) points at scale "
                                                           + "\(canvas.scale) (\(Int(TextLayout.maximumPixelSize)) pixels per em)"),
                                      found: InputValue.format(label.fontSize)))
        }
        let layout: TextLayout
        do { layout = try label.layout(font: font) } catch { throw .text(at: at, error) }
        let width = max(layout.maxWidth ?? layout.width, layout.width), height = layout.height
        do { try limits.checkPixels(width: width, height: height, scale: canvas.scale, of: "\(at): text") } catch { throw .limit(error) }
        // The raster holds the glyphs' ink past the layout's box (a J's hook, an italic's overhang), its corner at `origin`.
        let raster: (bitmap: Bitmap, origin: (x: Double, y: Double))
        do { raster = try layout.renderInk(scale: canvas.scale, limits: limits) } catch { throw .text(at: at, error) }
        canvas.draw(raster.bitmap, at: Point(label.at.x - raster.origin.x, label.at.y - raster.origin.y))
        var warnings = layout.warnings(at: at, fontKey: "ops[\(index)].font")
        // Said, not silent (round 65t: `"text": ""` drew nothing, exit 0): `note` refuses empty text.
        if label.string.allSatisfy(\.isWhitespace) {
            warnings.append("\(at): the text is \(label.string.isEmpty ? "empty" : "only spaces"): the op draws nothing")
        }
        return warnings
    }
}
