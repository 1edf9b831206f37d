import Basics
import FrameGen
import Raster
import Text

/// The scene file's text content (`CATextLayer`'s names where it has one, the Text module's
/// line-break modes), read as strictly as the rest of the file (``SceneReader``).
extension SceneReader {
    /// A `text`'s keys.
    static let textKeys = KnownKeys(["string", "font", "fontSize", "foregroundColor", "alignmentMode", "lineBreakMode", "maxWidth",
                                     "lineSpacing", "chrome"])
        // A draw scene's text op names three of them otherwise: suggested by meaning, not spelling.
        .aliasing(["color": "foregroundColor", "text": "string", "alignment": "alignmentMode"])
    /// A text's `chrome`'s keys: the note's image, cap insets and mode.
    static let chromeKeys: KnownKeys = ["image", "insets", "mode"]

    /// `{ "string": …, "font": "fonts/Inter.ttf", "fontSize": 36, "foregroundColor": "#FFFFFF",
    /// "alignmentMode": "natural", "lineBreakMode": "wordWrapping", "maxWidth": pt, "lineSpacing": pt }`:
    /// the text set once, wrapped to `maxWidth`, else to `boundsWidth` (the layer's bounds, when
    /// given), else one line per paragraph. With `chrome` (`{ "image": "bubble.png", "insets":
    /// [top, left, bottom, right], "mode": "tile" | "stretch" }`) the text is a `Note`: wrapped to
    /// `maxWidth` (default 300, the note's) and the chrome grown around it.
    mutating func text(_ value: InputValue, boundsWidth: Double?) throws(SceneFileError) -> TextContent {
        let object = try schema { () throws(SchemaError) in
            let object = try value.object()
            try object.check(Self.textKeys)
            return object
        }
        let stringValue = try schema { () throws(SchemaError) in try object.required("string") }
        let string = try schema { () throws(SchemaError) in try stringValue.string() }
        // Counted before anything is set: a million characters more than a scene's text takes stop here.
        let length = string.utf16.count
        guard length <= SceneFile.maximumTextLength else {
            throw .text(file: file, path: stringValue.path, .tooLong(length: length, maximum: SceneFile.maximumTextLength))
        }
        let font: Font
        if let v = object["font"] {
            font = try self.font(v)
        } else {
            do { font = try Font.standard() } catch { throw .text(file: file, path: value.path, error) }
        }
        let scale = self.scale
        let (size, color, alignment, mode, maxWidth, spacing) = try schema { () throws(SchemaError) in
            var size = 36.0
            if let v = object["fontSize"] {
                size = try v.number()
                guard size > 0, size <= TextStyle.maximumSize else { throw v.outOfRange("must be above 0 and at most 1000 points") }
                // Glyphs of more than 4096 pixels per em would be hundreds of megabytes each.
                let most = TextLayout.maximumPixelSize / Double(scale)
                guard size <= most else {
                    throw v.outOfRange("must be at most \(InputValue.format(most)) points at scale \(scale) "
                                       + "(\(Int(TextLayout.maximumPixelSize)) pixels per em)")
                }
            }
            let color = try object["foregroundColor"].map { v throws(SchemaError) in try Scene.color(v) } ?? .white
            let alignment = try object["alignmentMode"].map { v throws(SchemaError) in
                TextStyle.Alignment(rawValue: try v.string(oneOf: TextStyle.Alignment.allCases.map(\.rawValue)))!
            } ?? .natural
            let mode = try object["lineBreakMode"].map { v throws(SchemaError) in
                TextStyle.LineBreakMode(rawValue: try v.string(oneOf: TextStyle.LineBreakMode.allCases.map(\.rawValue)))!
            } ?? .wordWrapping
            var maxWidth: Double?
            if let v = object["maxWidth"] {
                let width = try v.number()
                guard width > 0, width <= SceneFile.maximumTextWidth else {
                    throw v.outOfRange("must be above 0 and at most \(InputValue.format(SceneFile.maximumTextWidth)) points")
                }
                maxWidth = width
            }
            var spacing = 0.0
            if let v = object["lineSpacing"] {
                spacing = try v.number()
                guard spacing >= 0, spacing <= TextStyle.maximumSize else { throw v.outOfRange("must be from 0 to 1000 points") }
            }
            return (size, color, alignment, mode, maxWidth, spacing)
        }
        let width = maxWidth ?? boundsWidth.flatMap { $0 > 0 && $0 <= SceneFile.maximumTextWidth ? $0 : nil }
        let style = TextStyle(font: font, size: size, color: color, alignment: alignment, lineBreakMode: mode, lineSpacing: spacing)
        let content: TextContent
        if let v = object["chrome"] {
            let note = try chrome(v, text: string, style: style, maxWidth: maxWidth)
            do { content = try TextContent(note: note) } catch { throw .text(file: file, path: value.path, error) }
        } else {
            do { content = TextContent(layout: try TextLayout(string, style: style, maxWidth: width)) } catch {
                throw .text(file: file, path: value.path, error)
            }
        }
        let layout = content.layout
        warnings += layout.warnings(at: "\(file): \(stringValue.path)", fontKey: "text.font")
        return content
    }

    /// The note a text's `chrome` makes of it.
    private mutating func chrome(_ value: InputValue, text: String, style: TextStyle, maxWidth: Double?) throws(SceneFileError) -> Note {
        let object = try schema { () throws(SchemaError) in
            let object = try value.object()
            try object.check(Self.chromeKeys)
            return object
        }
        let imageValue = try schema { () throws(SchemaError) in try object.required("image") }
        let name = try schema { () throws(SchemaError) in try imageValue.string() }
        let reader = self
        let image = try asset(imageValue, name) { () throws(SceneAssets.Failure) in
            try reader.assets.image(name, scale: reader.scale, limits: reader.limits)
        }
        try read([image.path], for: imageValue)
        let (insets, mode) = try schema { () throws(SchemaError) in
            let insetsValue = try object.required("insets")
            let items = try insetsValue.array()
            guard items.count == 4 else {
                throw SchemaError(file: insetsValue.file, path: insetsValue.path,
                                  problem: .countMismatch(expected: 4, found: items.count, reason: "[top, left, bottom, right] in points"))
            }
            var numbers: [Double] = []
            for item in items {
                let number = try item.number()
                guard number >= 0, number <= 10_000 else { throw item.outOfRange("must be from 0 to 10000 points") }
                numbers.append(number)
            }
            let mode = try object["mode"].map { v throws(SchemaError) in
                NineSlice.Mode(rawValue: try v.string(oneOf: NineSlice.Mode.allCases.map(\.rawValue)))!
            } ?? .tile
            return (NineSlice.Insets(top: numbers[0], left: numbers[1], bottom: numbers[2], right: numbers[3]), mode)
        }
        return Note(text: text, style: style, chrome: image.bitmap, chromeName: image.path, insets: insets, maxWidth: maxWidth ?? 300, mode: mode)
    }

    /// The font file named at `value`, read from the scene's folder (or the files in memory) once
    /// however many layers name it.
    private mutating func font(_ value: InputValue) throws(SceneFileError) -> Font {
        let name = try schema { () throws(SchemaError) in try value.string() }
        if let kept = fonts[NameSpelling.Exact(name)] { return kept }
        let read: (font: Font, path: String)
        do { read = try assets.font(name) } catch {
            switch error {
            case .outside(let other): throw .outsideFolder(file: file, path: value.path, name: other ?? name)
            case .font(let error): throw .text(file: file, path: value.path, error)
            case .missing, .image, .sequence: throw .missingFile(file: file, path: value.path, name: name)
            }
        }
        let font = read.font
        try self.read([read.path], for: value)
        fonts[NameSpelling.Exact(name)] = font
        return font
    }
}
