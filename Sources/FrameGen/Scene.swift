import Foundation
import Raster

/// A drawing described in JSON (DESIGN.md §5), rendered by ``Scene/render(images:)``:
///
/// ```json
/// { "size": [200, 120], "scale": 1, "background": "#FFFFFF",
///   "ops": [ { "fill": "M10 10 L90 10 Q120 50 90 90 Z", "color": "#FF0000", "rule": "evenodd" },
///            { "stroke": "M20 100 C60 20 140 180 180 100", "color": "#000000CC", "width": 5,
///              "cap": "round", "join": "miter", "miterLimit": 10, "dash": [8, 4] },
///            { "image": "rock1.png", "at": [40, 30] } ] }
/// ```
/// Paths are SVG path data, colours `#RRGGBB[AA]` straight alpha, coordinates in points.
/// Beyond §5: `dash`/`dashPhase` on strokes, `size` on images, and `{ "clip": PATH }`, which
/// clips every later op.
public struct Scene: Sendable {
    public enum Operation: Sendable {
        case fill(Path, Color, FillRule)
        case stroke(Path, Color, StrokeStyle)
        case image(name: String, at: Point, size: (width: Double, height: Double)?)
        case clip(Path, FillRule)

        /// The path a fill, stroke or clip draws.
        var path: Path? {
            switch self {
            case .fill(let path, _, _), .stroke(let path, _, _), .clip(let path, _): path
            case .image: nil
            }
        }
    }

    public var width: Double
    public var height: Double
    public var scale: Int
    public var background: Color?
    public var operations: [Operation]

    /// The image names the scene draws, in order of first use.
    public var imageNames: [String] {
        var seen = Set<String>()
        return operations.compactMap { op in
            if case .image(let name, _, _) = op, seen.insert(name).inserted { return name }
            return nil
        }
    }

    /// Parses scene JSON. Every error names the op (by index) and the field at fault. A canvas
    /// of more than `limits.maxPixels` pixels (at its scale) or more than `limits.maxPathSegments`
    /// path segments in all is refused with ``SceneError/limit(_:)``.
    public init(json data: [UInt8], limits: ResourceLimits = .default) throws(SceneError) {
        guard let object = try Self.json(data) as? [String: Any] else { throw .invalid(path: "", reason: "expected an object") }
        let size = try Self.pair(object["size"], path: "size")
        guard size.x > 0, size.y > 0 else { throw .invalid(path: "size", reason: "width and height must be positive") }
        width = size.x
        height = size.y
        if let value = object["scale"] {
            guard let s = value as? Int, (1...8).contains(s) else { throw .invalid(path: "scale", reason: "expected an integer 1…8") }
            scale = s
        } else {
            scale = 1
        }
        do { try limits.checkPixels(width: width, height: height, scale: scale, of: "scene size") } catch { throw .limit(error) }
        background = try object["background"].map { value throws(SceneError) in try Self.color(value, path: "background") }
        guard let ops = object["ops"] as? [Any] else { throw .invalid(path: "ops", reason: "expected an array of operations") }
        operations = []
        var segments = limits
        for (index, value) in ops.enumerated() {
            let at = "ops[\(index)]"
            guard let op = value as? [String: Any] else { throw .invalid(path: at, reason: "expected an object") }
            let operation: Operation
            do { operation = try Self.operation(op, path: at, limits: segments) } catch {
                guard case .limit(var limit) = error, limit.limit == .pathSegments else { throw error }
                // Said against the whole scene's limit, not what the earlier ops left of it.
                limit.amount = nil
                limit.maximum = limits.maxPathSegments
                throw .limit(limit)
            }
            // The segment limit holds for the scene as a whole: each path spends from it.
            segments.maxPathSegments -= operation.path?.elements.count ?? 0
            operations.append(operation)
        }
    }

    /// Draws the scene. `images` maps each of ``imageNames`` to its bitmap (pick the variant for
    /// ``scale`` when loading; see ``ImageLoader``). A canvas over `limits.maxPixels`, or a fill,
    /// stroke or clip that flattens to more than `limits.maxFlattenedEdges` edges, stops the
    /// drawing with ``SceneError/limit(_:)`` before that work is done.
    public func render(images: [String: Bitmap] = [:], limits: ResourceLimits = .default) throws(SceneError) -> Bitmap {
        var canvas: Canvas
        do { canvas = try Canvas(width: width, height: height, scale: scale, background: background, limits: limits) } catch {
            throw .limit(error)
        }
        for (index, op) in operations.enumerated() {
            func limit(_ error: LimitError) -> SceneError {
                var error = error
                error.subject = "scene ops[\(index)]"
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
            }
        }
        return canvas.makeBitmap()
    }

    // MARK: Parsing

    private static func operation(_ op: [String: Any], path at: String, limits: ResourceLimits) throws(SceneError) -> Operation {
        func rule() throws(SceneError) -> FillRule {
            guard let value = op["rule"] else { return .nonzero }
            guard let text = value as? String, let rule = FillRule(rawValue: text) else {
                throw .invalid(path: at + ".rule", reason: "expected \"nonzero\" or \"evenodd\"")
            }
            return rule
        }
        if let data = op["fill"] {
            return .fill(try Self.path(data, path: at + ".fill", limits: limits), try color(op["color"] ?? "#000000", path: at + ".color"), try rule())
        }
        if let data = op["clip"] {
            return .clip(try Self.path(data, path: at + ".clip", limits: limits), try rule())
        }
        if let data = op["stroke"] {
            var style = StrokeStyle()
            if let value = op["width"] {
                guard let width = value as? Double, width >= 0, width.isFinite else { throw .invalid(path: at + ".width", reason: "expected a number ≥ 0") }
                style.width = width
            }
            if let value = op["cap"] {
                guard let text = value as? String, let cap = LineCap(rawValue: text) else { throw .invalid(path: at + ".cap", reason: "expected butt, round or square") }
                style.cap = cap
            }
            if let value = op["join"] {
                guard let text = value as? String, let join = LineJoin(rawValue: text) else { throw .invalid(path: at + ".join", reason: "expected miter, round or bevel") }
                style.join = join
            }
            if let value = op["miterLimit"] {
                guard let limit = value as? Double, limit >= 1 else { throw .invalid(path: at + ".miterLimit", reason: "expected a number ≥ 1") }
                style.miterLimit = limit
            }
            if let value = op["dash"] {
                guard let dash = value as? [Double], dash.allSatisfy({ $0 >= 0 && $0.isFinite }) else { throw .invalid(path: at + ".dash", reason: "expected an array of lengths ≥ 0") }
                style.dash = dash
            }
            if let value = op["dashPhase"] {
                guard let phase = value as? Double, phase.isFinite else { throw .invalid(path: at + ".dashPhase", reason: "expected a number") }
                style.dashPhase = phase
            }
            return .stroke(try Self.path(data, path: at + ".stroke", limits: limits), try color(op["color"] ?? "#000000", path: at + ".color"), style)
        }
        if let value = op["image"] {
            guard let name = value as? String, !name.isEmpty else { throw .invalid(path: at + ".image", reason: "expected a file name") }
            let point = try pair(op["at"] ?? [0, 0], path: at + ".at")
            var size: (Double, Double)?
            if let value = op["size"] {
                let s = try pair(value, path: at + ".size")
                guard s.x > 0, s.y > 0 else { throw .invalid(path: at + ".size", reason: "width and height must be positive") }
                size = (s.x, s.y)
            }
            return .image(name: name, at: point, size: size)
        }
        throw .invalid(path: at, reason: "expected one of fill, stroke, image, clip")
    }

    private static func path(_ value: Any, path at: String, limits: ResourceLimits) throws(SceneError) -> Path {
        guard let text = value as? String else { throw .invalid(path: at, reason: "expected SVG path data") }
        do {
            return try Path(svg: text, limits: limits)
        } catch {
            if var limit = error.limit {
                limit.subject = "scene \(at)"
                limit.detail = "in the scene"
                throw .limit(limit)
            }
            throw .invalid(path: at, reason: error.description)
        }
    }

    /// The parsed JSON value of `data` (shared with ``Freehand/init(json:width:height:)``).
    static func json(_ data: [UInt8]) throws(SceneError) -> Any {
        do {
            return try JSONSerialization.jsonObject(with: Data(data))
        } catch {
            throw .invalid(path: "", reason: "not JSON: \(error.localizedDescription)")
        }
    }

    static func pair(_ value: Any?, path at: String) throws(SceneError) -> Point {
        guard let numbers = value as? [Double], numbers.count == 2, numbers.allSatisfy(\.isFinite) else {
            throw .invalid(path: at, reason: "expected [x, y]")
        }
        return Point(numbers[0], numbers[1])
    }

    static func color(_ value: Any, path at: String) throws(SceneError) -> Color {
        guard let text = value as? String, let color = Color(hex: text) else {
            throw .invalid(path: at, reason: "expected #RRGGBB or #RRGGBBAA")
        }
        return color
    }
}

/// Why a scene could not be read or drawn.
public enum SceneError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A field is missing, of the wrong type or out of range; `path` is the field (`ops[2].width`).
    case invalid(path: String, reason: String)
    /// An image op names an image the caller did not load.
    case missingImage(String)
    /// The scene asks for more than the resource limits allow.
    case limit(LimitError)

    public var description: String {
        switch self {
        case .invalid(let path, let reason): return path.isEmpty ? "scene: \(reason)" : "scene \(path): \(reason)"
        case .missingImage(let name): return "scene: image \(name) was not loaded"
        case .limit(let error): return error.description
        }
    }
}
