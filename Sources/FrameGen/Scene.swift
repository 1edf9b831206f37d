import Basics
import Foundation
import Raster
import Text

/// A drawing described in JSON (the format of `flipbook draw`, specified in the repository's
/// `docs/Formats.md`, "Scene files"), rendered by ``Scene/render(images:fonts:limits:)``:
///
/// ```json
/// { "size": [200, 120], "scale": 1, "background": "#FFFFFF",
///   "ops": [ { "fill": "M10 10 L90 10 Q120 50 90 90 Z", "color": "#FF0000", "rule": "evenodd" },
///            { "stroke": "M20 100 C60 20 140 180 180 100", "color": "#000000CC", "width": 5,
///              "cap": "round", "join": "miter", "miterLimit": 10, "dash": [8, 4] },
///            { "image": "rock1.png", "at": [40, 30] } ] }
/// ```
/// Paths are SVG path data, colours `#RRGGBB[AA]` straight alpha, coordinates in points, y down.
/// Strokes also take `dashPhase`, images a `size` to stretch to, and `{ "clip": PATH }` clips
/// every later op. Reading is strict: a key a scene or its op does not have, a value of the wrong
/// type or out of range is a ``SceneError/schema(_:)`` error naming the op and the key.
public struct Scene: Sendable {
    /// One drawing step of a scene (an entry of its `ops`), applied in order to the canvas.
    public enum Operation: Sendable {
        /// Fills the path with the colour (`color`, default opaque black), deciding inside and
        /// outside by the rule (`rule`, ``FillRule/nonzero`` by default).
        case fill(Path, Color, FillRule)
        /// Strokes the path with the colour and style: `width`, `cap`, `join`, `miterLimit`,
        /// `dash` and `dashPhase`, in points (the defaults are ``StrokeStyle``'s).
        case stroke(Path, Color, StrokeStyle)
        /// Draws the image loaded for `name` (a key of ``render(images:fonts:limits:)``'s `images`) with
        /// its top-left corner at `at`, in points, stretched to `size` in points, or at its own
        /// point size (its pixels ÷ its scale) when `size` is `nil`.
        case image(name: String, at: Point, size: (width: Double, height: Double)?)
        /// Intersects the clip with the path's inside under the rule: every later operation draws
        /// only inside it.
        case clip(Path, FillRule)
        /// Draws text set by the Text module, its layout's top-left corner at the label's `at`.
        case text(Label)

        /// The path a fill, stroke or clip draws.
        var path: Path? {
            switch self {
            case .fill(let path, _, _), .stroke(let path, _, _), .clip(let path, _): path
            case .image, .text: nil
            }
        }
    }

    /// The canvas width in points (`size[0]`), more than 0.
    public var width: Double
    /// The canvas height in points (`size[1]`), more than 0.
    public var height: Double
    /// Pixels per point, 1 to 8 (`scale`, default 1): the rendered bitmap is `width × scale` by
    /// `height × scale` pixels, rounded, and carries this scale. `flipbook draw --scale`
    /// replaces it.
    public var scale: Int
    /// The colour the canvas starts filled with (`background`); `nil`, the default, leaves it
    /// transparent.
    public var background: Color?
    /// The operations (`ops`), in drawing order.
    public var operations: [Operation]
    /// The file the scene was read from (`scene` for data without one), which the errors of
    /// ``render(images:fonts:limits:)`` name as its reading errors do (`hero.json: ops[2]: needs …`).
    public var file: String

    /// The image names the scene draws, in order of first use.
    public var imageNames: [String] {
        var seen = Set<String>()
        return operations.compactMap { op in
            if case .image(let name, _, _) = op, seen.insert(name).inserted { return name }
            return nil
        }
    }

    /// The images the scene draws, each loaded from `directory` (the scene's folder) for
    /// ``scale`` as ``ImageLoader/load(_:in:scale:maxPixels:)`` loads it: the bitmaps by name and the files they
    /// came from. An image that cannot be loaded is refused naming the scene's file and the
    /// first operation that draws it (``ImageLoader/Error/inScene(file:keyPath:_:)``:
    /// `hero.json: ops[2].image: coin.png is an APNG …`).
    public func loadImages(in directory: String, maxPixels: Int = PNG.defaultMaxPixels) throws(ImageLoader.Error)
        -> (bitmaps: [String: Bitmap], paths: [String]) {
        var bitmaps: [String: Bitmap] = [:], paths: [String] = []
        for (index, operation) in operations.enumerated() {
            guard case .image(let name, _, _) = operation, bitmaps[name] == nil else { continue }
            do { bitmaps[name] = try ImageLoader.load(name, in: directory, scale: scale, maxPixels: maxPixels) } catch {
                throw .inScene(file: file, keyPath: "ops[\(index)].image", error)
            }
            if let path = ImageLoader.path(for: name, in: directory, scale: scale) { paths.append(path) }
        }
        return (bitmaps, paths)
    }

    /// ``loadImages(in:maxPixels:)`` from the folder at the file URL `directory` (the scene's
    /// folder), as ``ImageLoader/load(_:inFolderAt:scale:maxPixels:)`` takes one.
    public func loadImages(inFolderAt directory: URL, maxPixels: Int = PNG.defaultMaxPixels) throws(ImageLoader.Error)
        -> (bitmaps: [String: Bitmap], paths: [String]) {
        try loadImages(in: directory.filePathForFlipbook, maxPixels: maxPixels)
    }

    /// Parses scene JSON. Every error names the op (by index) and the field at fault: a key a scene
    /// or its op does not have (with the nearest known key), a value of the wrong type or out of
    /// range are ``SceneError/schema(_:)`` errors in `file` (a path, or `scene` for data without
    /// one). A canvas of more than `limits.maxPixels` pixels (at its scale) or more than
    /// `limits.maxPathSegments` path segments in all is refused with ``SceneError/limit(_:)``, also
    /// naming `file` (`hero.json: size: needs …`, `hero.json: ops[2].fill: needs …`).
    public init(json data: [UInt8], file: String = "scene", limits: ResourceLimits = .default) throws(SceneError) {
        self.file = file
        let object = try Self.schema { () throws(SchemaError) in
            let object = try InputValue.json(data, file: file).object()
            try object.check(Self.sceneKeys)
            return object
        }
        let size = try Self.schema { () throws(SchemaError) in try Self.positivePair(object.required("size"), "[width, height]") }
        width = size.x
        height = size.y
        scale = try Self.schema { () throws(SchemaError) in
            guard let value = object["scale"] else { return 1 }
            let scale = try value.integer()
            guard ImageFileName.drawingScaleRange.contains(scale) else { throw value.outOfRange("must be a whole number from 1 to 8") }
            return scale
        }
        do { try limits.checkPixels(width: width, height: height, scale: scale, of: "\(file): size") } catch { throw .limit(error) }
        background = try Self.schema { () throws(SchemaError) in try object["background"].map { v throws(SchemaError) in try Self.color(v) } }
        let ops = try Self.schema { () throws(SchemaError) in try object.required("ops").array() }
        operations = []
        var segments = limits
        var fileNames = NamedFiles()
        for value in ops {
            let operation: Operation
            do { operation = try Self.operation(value, limits: segments) } catch {
                guard case .limit(var limit) = error, limit.limit == .pathSegments else { throw error }
                // Said against the whole scene's limit, not what the earlier ops left of it.
                limit.amount = nil
                limit.maximum = limits.maxPathSegments
                throw .limit(limit)
            }
            // The segment limit holds for the scene as a whole: each path spends from it.
            segments.maxPathSegments -= operation.path?.elements.count ?? 0
            try Self.schema { () throws(SchemaError) in try fileNames.add(operation, at: value) }
            operations.append(operation)
        }
    }

    /// Draws the scene. `images` maps each of ``imageNames`` to its bitmap (pick the variant for
    /// ``scale`` when loading; see ``ImageLoader``), `fonts` each of ``fontNames`` to its font (see
    /// ``FontLoader``). A canvas over `limits.maxPixels`, or a fill, stroke or clip that flattens
    /// to more than `limits.maxFlattenedEdges` edges, or a text larger than `limits.maxPixels`,
    /// stops the drawing with ``SceneError/limit(_:)`` before that work is done; so do ops whose
    /// drawing together comes to more than `limits.maxDrawingWork` (the op that passed it is named).
    public func render(images: [String: Bitmap] = [:], fonts: [String: Font] = [:], limits: ResourceLimits = .default) throws(SceneError) -> Bitmap {
        var warnings: [String] = []
        return try render(images: images, fonts: fonts, limits: limits, warnings: &warnings)
    }

    /// ``render(images:fonts:limits:)``, adding to `warnings` what its text ops set that their user
    /// should know, as `render` says it of text layers: characters a font has no glyph for (drawn as
    /// its empty box), control characters (not drawn) and a text that draws nothing (empty or only
    /// spaces), naming the op.
    public func render(images: [String: Bitmap] = [:], fonts: [String: Font] = [:], limits: ResourceLimits = .default,
                       warnings: inout [String]) throws(SceneError) -> Bitmap {
        // The canvas (16 bytes a pixel) and the image made of it (4) against `maxDecodedBytes`,
        // before either is allocated: a 100 000² canvas under a raised pixel limit aborted on 160 GB.
        do {
            try Canvas.checkMemory(width: width, height: height, scale: scale, bytesPerPixel: 20, limits: limits, of: "\(file): canvas",
                                   detail: "the canvas at 16 bytes a pixel and the image drawn at 4: a smaller size or scale needs less")
        } catch {
            throw .limit(error)
        }
        var canvas: Canvas
        do { canvas = try Canvas(width: width, height: height, scale: scale, background: background, limits: limits) } catch {
            throw .limit(error)
        }
        guard canvas.pixelWidth > 0, canvas.pixelHeight > 0 else { throw .emptyCanvas(file: file, width: width, height: height, scale: scale) }
        // One frame's drawing, all of `limits.maxDrawingWork`: each op under the edge limit, but many
        // dashed or wide ones together draw without end.
        let meter = DrawingMeter(frames: 1, limits: limits)
        canvas.meter = meter
        for (index, op) in operations.enumerated() {
            if let error = meter.error(subject: "\(file): ops[\(index - 1)]") { throw .limit(error) }
            func limit(_ error: LimitError) -> SceneError {
                var error = error
                error.subject = "\(file): ops[\(index)]"
                return .limit(error)
            }
            switch op {
            case .fill(let path, let color, let rule):
                do { try canvas.fill(path, color: color, rule: rule, limits: limits) } catch { throw limit(error) }
            case .stroke(let path, let color, let style):
                do { try canvas.stroke(path, color: color, style: style, limits: limits) } catch { throw limit(error) }
            case .image(let name, let at, let size):
                guard let image = images[name] else { throw .missingImage(name) }
                if let size {
                    canvas.draw(image, in: at.x, at.y, size.width, size.height)
                } else {
                    canvas.draw(image, at: at)
                }
            case .clip(let path, let rule):
                do { try canvas.clip(to: path, rule: rule, limits: limits) } catch { throw limit(error) }
            case .text(let label):
                let font: Font
                if let name = label.font {
                    guard let loaded = fonts[name] else { throw .missingFont(name) }
                    font = loaded
                } else {
                    do { font = try Font.standard() } catch { throw .text(at: "\(file): ops[\(index)]", error) }
                }
                warnings += try Self.draw(label, font: font, on: &canvas, limits: limits, op: index, file: file)
            }
        }
        if let error = meter.error(subject: "\(file): ops[\(operations.count - 1)]") { throw .limit(error) }
        return canvas.makeBitmap()
    }

    // MARK: Parsing

    /// The keys of a scene.
    static let sceneKeys: KnownKeys = ["size", "scale", "background", "ops"]
    /// The keys of each kind of op; the first names the kind.
    static let opKeys: [String: KnownKeys] = [
        "fill": ["fill", "color", "rule"],
        "stroke": ["stroke", "color", "width", "cap", "join", "miterLimit", "dash", "dashPhase"],
        "image": ["image", "at", "size"],
        "clip": ["clip", "rule"],
        "text": ["text", "at", "font", "fontSize", "color", "alignment", "lineBreakMode", "maxWidth", "lineSpacing"],
    ]
    /// The op kinds, in the order messages list them.
    static let opKinds = ["fill", "stroke", "image", "clip", "text"]

    /// Runs `body`, turning its schema error into ``SceneError/schema(_:)``.
    static func schema<T>(_ body: () throws(SchemaError) -> T) throws(SceneError) -> T {
        do { return try body() } catch { throw .schema(error) }
    }

    private static func operation(_ value: InputValue, limits: ResourceLimits) throws(SceneError) -> Operation {
        let (op, kind) = try schema { () throws(SchemaError) in
            let op = try value.object()
            let kinds = opKinds.filter(op.has)
            guard kinds.count <= 1 else {
                throw value.invalid("has \(kinds.joined(separator: " and ")); an op is one of fill, stroke, image, clip or text")
            }
            guard let kind = kinds.first else {
                // A misspelt kind (`fil`, `clp`) is an unknown key suggesting the kind; a kind left out, a missing one.
                for key in op.keys where !opKinds.contains(key) {
                    if let meant = Suggestion.nearest(to: key, among: opKinds) {
                        throw SchemaError(file: value.file, path: value.path.appending(key), problem: .unknownKey(noun: "key"),
                                          found: key, suggestion: meant)
                    }
                }
                try op.check(opKinds.reduce(KnownKeys([])) { $0.union(opKeys[$1]!) })
                throw value.invalid("names no kind of op: expected one of fill, stroke, image, clip or text")
            }
            try op.check(opKeys[kind]!)
            return (op, kind)
        }
        func rule() throws(SceneError) -> FillRule {
            try schema { () throws(SchemaError) in
                guard let value = op["rule"] else { return .nonzero }
                return FillRule(rawValue: try value.string(oneOf: FillRule.allCases.map(\.rawValue)))!
            }
        }
        func required(_ key: String) throws(SceneError) -> InputValue {
            try schema { () throws(SchemaError) in try op.required(key) }
        }
        func color() throws(SceneError) -> Color {
            try schema { () throws(SchemaError) in try op["color"].map { v throws(SchemaError) in try Self.color(v) } ?? .black }
        }
        switch kind {
        case "fill":
            return .fill(try path(required("fill"), limits: limits), try color(), try rule())
        case "clip":
            return .clip(try path(required("clip"), limits: limits), try rule())
        case "text":
            return .text(try schema { () throws(SchemaError) in try label(op, at: value) })
        case "stroke":
            let style = try schema { () throws(SchemaError) in
                var style = StrokeStyle()
                if let value = op["width"] {
                    style.width = try value.number()
                    guard style.width >= 0 else { throw value.outOfRange("must be a number ≥ 0") }
                }
                if let value = op["cap"] { style.cap = LineCap(rawValue: try value.string(oneOf: LineCap.allCases.map(\.rawValue)))! }
                if let value = op["join"] { style.join = LineJoin(rawValue: try value.string(oneOf: LineJoin.allCases.map(\.rawValue)))! }
                if let value = op["miterLimit"] {
                    style.miterLimit = try value.number()
                    guard style.miterLimit >= 1 else { throw value.outOfRange("must be a number ≥ 1") }
                }
                if let value = op["dash"] {
                    var dash: [Double] = []
                    for item in try value.array() {
                        let length = try item.number()
                        guard length >= 0 else { throw item.outOfRange("must be a length ≥ 0") }
                        dash.append(length)
                    }
                    style.dash = dash
                }
                if let value = op["dashPhase"] { style.dashPhase = try value.number() }
                return style
            }
            return .stroke(try path(required("stroke"), limits: limits), try color(), style)
        default:
            return try schema { () throws(SchemaError) in
                let value = try op.required("image")
                let name = try value.string()
                guard !name.isEmpty else { throw value.invalid("expected a file name") }
                let point = try op["at"].map { v throws(SchemaError) in try Self.pair(v, "[x, y]") } ?? Point(0, 0)
                let size = try op["size"].map { v throws(SchemaError) in try Self.positivePair(v, "[width, height]") }
                return .image(name: name, at: point, size: size.map { ($0.x, $0.y) })
            }
        }
    }

    private static func path(_ value: InputValue, limits: ResourceLimits) throws(SceneError) -> Path {
        let text = try schema { () throws(SchemaError) in try value.string() }
        do {
            return try Path(svg: text, limits: limits)
        } catch {
            if var limit = error.limit {
                limit.subject = "\(value.file): \(value.path)"
                limit.detail = "in the scene"
                throw .limit(limit)
            }
            throw .schema(value.invalid("invalid SVG path data: \(error.description)"))
        }
    }

    /// `[x, y]`: two finite numbers; `shape` names them in messages.
    package static func pair(_ value: InputValue, _ shape: String) throws(SchemaError) -> Point {
        let items = try value.array()
        guard items.count == 2 else {
            throw SchemaError(file: value.file, path: value.path, problem: .countMismatch(expected: 2, found: items.count, reason: shape))
        }
        return Point(try items[0].number(), try items[1].number())
    }

    /// `[width, height]`, both positive.
    package static func positivePair(_ value: InputValue, _ shape: String) throws(SchemaError) -> Point {
        let pair = try pair(value, shape)
        let items = try value.array()
        if !(pair.x > 0) { throw items[0].outOfRange("must be positive") }
        if !(pair.y > 0) { throw items[1].outOfRange("must be positive") }
        return pair
    }

    /// `#RRGGBB` or `#RRGGBBAA`.
    package static func color(_ value: InputValue) throws(SchemaError) -> Color {
        let text = try value.string()
        guard let color = Color(hex: text) else {
            let hint = Color(hex: "#" + text) != nil ? "; write \(InputPath.quote("#" + text))" : ""
            throw SchemaError(file: value.file, path: value.path,
                              problem: .invalid(reason: "expected #RRGGBB or #RRGGBBAA, found \(InputPath.quote(text))" + hint), found: text)
        }
        return color
    }
}

/// Why a scene could not be read or drawn.
public enum SceneError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A key the scene or stroke file does not have, a value of the wrong type or out of range, with
    /// the file, the key path and the nearest known key: `scene: unknown key "colour" in ops[3];
    /// did you mean "color"?`.
    case schema(SchemaError)
    /// An image op names an image the caller did not load.
    case missingImage(String)
    /// A text op names a font the caller did not load (see ``FontLoader``).
    case missingFont(String)
    /// A font a text op names could not be read (``FontLoader/load(for:in:)``): `at` names the
    /// scene file and the op's key (`hero.json: ops[0].font`).
    case font(at: String, FontLoader.Error)
    /// A text op that cannot be set or drawn (`at` names the file and op): Text's `TextError`
    /// says which setting (a size over 4096 pixels per em at the scene's scale).
    case text(at: String, TextError)
    /// The scene asks for more than the resource limits allow.
    case limit(LimitError)
    /// A size smaller than one pixel at the scale (`size` 1e-300): there is nothing to draw on.
    case emptyCanvas(file: String, width: Double, height: Double, scale: Int)

    /// One line: the schema or limit error's own message (naming the file and key path), or
    /// `scene: image NAME was not loaded`.
    public var description: String {
        switch self {
        case .missingImage(let name): return "scene: image \(name) was not loaded"
        case .missingFont(let name): return "scene: font \(name) was not loaded"
        case .text(let at, let error): return "\(at): \(error)"
        case .font(let at, let error): return "\(at): \(error)"
        case .limit(let error): return error.description
        case .schema(let error): return error.description
        case .emptyCanvas(let file, let width, let height, let scale):
            return "\(file): size [\(LimitError.format(width)), \(LimitError.format(height))] at scale \(scale) "
                + Canvas.emptyReason(width: width, height: height, scale: scale)
        }
    }
}
