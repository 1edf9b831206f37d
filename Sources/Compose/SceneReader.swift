import Animated
import Basics
import Foundation
import FrameGen
import Raster

/// Reads a scene file's JSON into a ``SceneFile`` with Basics' strict input (`InputValue`,
/// `KnownKeys`, `SchemaError`: the reader every Flipbook file format shares) and FrameGen's path,
/// pair and colour readers (`flipbook draw`'s).
struct SceneReader {
    let file: String
    let assets: SceneAssets
    let limits: ResourceLimits
    private var scale = 1
    private var layerCount = 0
    private var segmentsLeft: Int
    private var inputs: [String] = []

    init(file: String, assets: SceneAssets, limits: ResourceLimits) {
        self.file = file; self.assets = assets; self.limits = limits
        segmentsLeft = limits.maxPathSegments
    }

    // MARK: Keys

    static let sceneKeys: KnownKeys = ["size", "scale", "background", "duration", "frames", "fps", "repeatCount", "layers"]
    /// A layer's keys: Core Animation's property names, the content (one of `image`, `shape`,
    /// `sequence`, `gradient`), and `spawn`.
    static let layerKeys: KnownKeys = [
        "name", "image", "shape", "sequence", "gradient", "bounds", "position", "anchorPoint", "transform", "opacity", "hidden", "zPosition",
        "masksToBounds", "blendMode", "backgroundColor", "cornerRadius", "backdrop", "shadow", "beginTime", "speed", "timeOffset",
        "animations", "sublayers", "mask", "spawn",
    ]
    static let contentKinds = ["image", "shape", "sequence", "gradient"]
    static let transformKeys: KnownKeys = ["translation", "rotation", "scale"]
    static let shapeKeys: KnownKeys = ["path", "fillColor", "fillRule", "strokeColor", "lineWidth", "lineCap", "lineJoin", "miterLimit",
                                       "lineDashPattern", "lineDashPhase"]
    static let sequenceKeys: KnownKeys = ["source", "duration", "repeatCount", "beginTime", "hidesWhenFinished"]
    static let backdropKeys: KnownKeys = ["preset", "sigma", "method", "tint", "saturation", "downsample"]
    static let shadowKeys: KnownKeys = ["color", "opacity", "offset", "radius"]
    static let spawnKeys: KnownKeys = ["events", "random"]
    static let eventKeys: KnownKeys = ["time", "at"]
    static let randomKeys: KnownKeys = ["count", "seed", "area", "start", "interval"]
    static let timingKeys = ["beginTime", "duration", "speed", "timeOffset", "repeatCount", "repeatDuration", "autoreverses", "fillMode",
                             "timingFunction"]
    /// An animation's keys by kind: `basic` (from, to, by), `keyframe` (values), `path`.
    static let animationKeys: [String: KnownKeys] = [
        "basic": KnownKeys(["property", "from", "to", "by"] + timingKeys),
        "keyframe": KnownKeys(["property", "values", "keyTimes", "timingFunctions", "calculationMode"] + timingKeys),
        "path": KnownKeys(["property", "path", "keyTimes", "timingFunctions", "calculationMode", "rotationMode"] + timingKeys),
    ]
    static let properties = ["position", "opacity", "rotation", "scale"] + propertyAnimations

    func schema<T>(_ body: () throws(SchemaError) -> T) throws(SceneFileError) -> T {
        do { return try body() } catch { throw .schema(error) }
    }

    // MARK: Scene

    mutating func read(_ json: [UInt8], scale givenScale: Int?, fps givenFPS: Double?) throws(SceneFileError) -> SceneFile {
        let file = self.file
        let object = try schema { () throws(SchemaError) in
            let object = try InputValue.json(json, file: file).object()
            try object.check(Self.sceneKeys)
            return object
        }
        let size = try schema { () throws(SchemaError) in try Scene.positivePair(object.required("size"), "[width, height]") }
        scale = try schema { () throws(SchemaError) in
            guard let value = object["scale"] else { return 1 }
            let scale = try value.integer()
            guard (1...8).contains(scale) else { throw value.outOfRange("must be a whole number from 1 to 8") }
            return scale
        }
        if let givenScale { scale = givenScale }
        do { try limits.checkPixels(width: size.x, height: size.y, scale: scale, of: "\(file): size") } catch { throw .limit(error) }
        let background = try schema { () throws(SchemaError) in try object["background"].map { v throws(SchemaError) in try Scene.color(v) } }
        var fps = try schema { () throws(SchemaError) in
            guard let value = object["fps"] else { return 30.0 }
            let fps = try value.number()
            guard fps > 0, fps <= SceneFile.maximumFPS else { throw value.outOfRange("must be above 0 and at most 1000 frames a second") }
            return fps
        }
        if let givenFPS { fps = givenFPS }
        let frameCount = try schema { () throws(SchemaError) in
            switch (object["duration"], object["frames"]) {
            case (let duration?, nil):
                let seconds = try duration.number()
                guard seconds > 0, seconds <= 86_400 else { throw duration.outOfRange("must be above 0 and at most a day (86400 s)") }
                let frames = (seconds * fps).rounded()
                return frames >= Double(Int.max / 2) ? Int.max / 2 : max(1, Int(frames))
            case (nil, let frames?):
                let count = try frames.integer()
                guard count >= 1 else { throw frames.outOfRange("must be a whole number from 1") }
                return count
            case (nil, nil):
                throw SchemaError(file: file, path: "duration", problem: .missingKey, suggestion: nil)
            case (_?, _?):
                throw try object.required("frames").invalid("give duration or frames, not both (frames = duration × fps)")
            }
        }
        do {
            try limits.check(.frames, frameCount, of: "\(file): duration × fps")
            // The canvas passed the pixel limit: its pixel size is a small whole number.
            try limits.checkOutput(frameCount, "frames", width: Int((size.x * Double(scale)).rounded()),
                                   height: Int((size.y * Double(scale)).rounded()), of: file)
        } catch {
            throw .limit(error)
        }
        let repeatCount = try schema { () throws(SchemaError) in
            guard let value = object["repeatCount"] else { return 0 }
            let count = try value.integer()
            guard (0...65_535).contains(count) else { throw value.outOfRange("must be 0 (forever) or a number of plays up to 65535") }
            return count
        }
        let items = try schema { () throws(SchemaError) in try object.required("layers").array() }
        var layers: [Layer] = []
        for item in items { layers += try layer(item, depth: 1) }
        let root = Layer(name: "scene", bounds: Rect(width: size.x, height: size.y), position: Point(size.x / 2, size.y / 2),
                         sublayers: layers)
        return SceneFile(width: size.x, height: size.y, scale: scale, background: background, fps: fps, frameCount: frameCount,
                         repeatCount: repeatCount, root: root, file: file, inputFiles: inputs)
    }

    // MARK: Layers

    /// The layer at `value`: one layer, or its spawned copies.
    private mutating func layer(_ value: InputValue, depth: Int) throws(SceneFileError) -> [Layer] {
        guard depth <= SceneFile.maximumDepth else { throw .tooDeep(file: file, path: value.path, maximum: SceneFile.maximumDepth) }
        let object = try schema { () throws(SchemaError) in
            let object = try value.object()
            try object.check(Self.layerKeys)
            let kinds = Self.contentKinds.filter(object.has)
            guard kinds.count <= 1 else {
                throw value.invalid("has \(kinds.joined(separator: " and ")); a layer's content is one of image, shape or sequence")
            }
            return object
        }
        try count(1)
        var layer = Layer()
        layer.name = try schema { () throws(SchemaError) in try object["name"]?.string() } ?? "layer\(layerCount)"
        let reader = self
        try schema { () throws(SchemaError) in
            if let v = object["position"] { layer.position = try Scene.pair(v, "[x, y]") }
            if let v = object["anchorPoint"] { layer.anchorPoint = try Scene.pair(v, "[x, y]") }
            if let v = object["bounds"] { layer.bounds = try reader.rect(v) }
            if let v = object["transform"] { layer.transform = try reader.transform(v) }
            if let v = object["opacity"] { layer.opacity = try reader.unit(v) }
            if let v = object["hidden"] { layer.isHidden = try v.bool() }
            if let v = object["zPosition"] { layer.zPosition = try v.number() }
            if let v = object["masksToBounds"] { layer.masksToBounds = try v.bool() }
            if let v = object["blendMode"] { layer.blendMode = BlendMode(rawValue: try v.string(oneOf: BlendMode.allCases.map(\.rawValue)))! }
            if let v = object["backgroundColor"] { layer.backgroundColor = try Scene.color(v) }
            if let v = object["cornerRadius"] { layer.cornerRadius = try reader.atLeastZero(v) }
            if let v = object["backdrop"] { layer.backdrop = try reader.backdrop(v) }
            if let v = object["shadow"] { layer.shadow = try reader.shadow(v) }
            if let v = object["beginTime"] { layer.timing.beginTime = try v.number() }
            if let v = object["speed"] { layer.timing.speed = try v.number() }
            if let v = object["timeOffset"] { layer.timing.timeOffset = try v.number() }
        }
        if let v = object["image"] {
            let name = try schema { () throws(SchemaError) in try v.string() }
            let image = try asset(v, name) { () throws(SceneAssets.Failure) in try reader.assets.image(name, scale: reader.scale, limits: reader.limits) }
            inputs.append(image.path)
            layer.content = .image(image.bitmap)
            if object["bounds"] == nil {
                layer.bounds = Rect(width: Double(image.bitmap.width) / Double(image.bitmap.scale),
                                    height: Double(image.bitmap.height) / Double(image.bitmap.scale))
            }
        } else if let v = object["shape"] {
            layer.content = .shape(try shape(v))
        } else if let v = object["gradient"] {
            layer.content = .gradient(try schema { () throws(SchemaError) in try gradient(v) })
        } else if let v = object["sequence"] {
            let (content, size) = try sequence(v)
            layer.content = .sequence(content)
            if object["bounds"] == nil, let size { layer.bounds = Rect(width: size.x, height: size.y) }
        }
        if let v = object["animations"] {
            for item in try schema({ () throws(SchemaError) in try v.array() }) { layer.animations.append(try animation(item)) }
        }
        if let v = object["sublayers"] {
            for item in try schema({ () throws(SchemaError) in try v.array() }) { layer.sublayers += try self.layer(item, depth: depth + 1) }
        }
        if let v = object["mask"] {
            let masks = try self.layer(v, depth: depth + 1)
            guard masks.count == 1 else {
                throw .schema(v.invalid("a mask is one layer: it cannot spawn copies"))
            }
            layer.mask = masks[0]
        }
        guard let v = object["spawn"] else { return [layer] }
        return try spawn(v, template: layer)
    }

    /// Counts `added` layers against ``SceneFile/maximumLayers``.
    private mutating func count(_ added: Int) throws(SceneFileError) {
        // Said without overflowing: a spawn may ask for `Int.max` copies.
        guard added <= SceneFile.maximumLayers - layerCount else {
            throw .tooManyLayers(file: file, count: added > Int.max - layerCount ? Int.max : layerCount + added, maximum: SceneFile.maximumLayers)
        }
        layerCount += added
    }

    /// Runs an asset lookup for the value `value` (naming `name`), turning its failure into an error at that key.
    private func asset<T>(_ value: InputValue, _ name: String, _ body: () throws(SceneAssets.Failure) -> T) throws(SceneFileError) -> T {
        do { return try body() } catch {
            switch error {
            case .outside: throw .outsideFolder(file: file, path: value.path, name: name)
            case .missing: throw .missingFile(file: file, path: value.path, name: name)
            case .image(let error): throw .image(file: file, path: value.path, error)
            case .sequence(.discovery(.notFound)): throw .missingFile(file: file, path: value.path, name: name)
            case .sequence(let error): throw .sequence(file: file, path: value.path, error)
            }
        }
    }

    private mutating func spawn(_ value: InputValue, template: Layer) throws(SceneFileError) -> [Layer] {
        let object = try schema { () throws(SchemaError) in
            let object = try value.object()
            try object.check(Self.spawnKeys)
            if !object.has("events") && !object.has("random") { throw value.invalid("needs events, random or both") }
            return object
        }
        var events: [Spawn.Event] = []
        if let v = object["events"] {
            let items = try schema { () throws(SchemaError) in try v.array() }
            // Counted before any is read: a million events stop here.
            try count(items.count - 1)
            for item in items {
                events.append(try schema { () throws(SchemaError) in
                    let event = try item.object()
                    try event.check(Self.eventKeys)
                    return Spawn.Event(time: try event.required("time").number(), point: try Scene.pair(event.required("at"), "[x, y]"))
                })
            }
        }
        if let v = object["random"] {
            let random = try schema { () throws(SchemaError) in
                let random = try v.object()
                try random.check(Self.randomKeys)
                return random
            }
            let reader = self
            let (count, seed, area, start, interval) = try schema { () throws(SchemaError) in
                let countValue = try random.required("count")
                let count = try countValue.integer()
                guard count >= 0 else { throw countValue.outOfRange("must be a whole number from 0") }
                let seedValue = try random.required("seed")
                let seed = try seedValue.integer()
                guard seed >= 0 else { throw seedValue.outOfRange("must be a whole number from 0") }
                let area = try reader.rect(random.required("area"))
                let start = try random["start"]?.number() ?? 0
                let interval = try random["interval"].map { v throws(SchemaError) in try reader.atLeastZero(v) } ?? 0
                return (count, UInt64(seed), area, start, interval)
            }
            // Counted before any is made.
            try self.count(count - (object.has("events") ? 0 : 1))
            do {
                events += try Spawn.randomEvents(count: count, seed: seed, in: area, start: start, interval: interval)
            } catch {
                throw .composition(file: file, error)
            }
        }
        do {
            return try Spawn(template: template, events: events).layers()
        } catch {
            throw .composition(file: file, error)
        }
    }

    // MARK: Contents

    private mutating func shape(_ value: InputValue) throws(SceneFileError) -> ShapeContent {
        let object = try schema { () throws(SchemaError) in
            let object = try value.object()
            try object.check(Self.shapeKeys)
            return object
        }
        let path = try self.path(try schema { () throws(SchemaError) in try object.required("path") })
        let reader = self
        return try schema { () throws(SchemaError) in
            var shape = ShapeContent(path: path)
            if let v = object["fillColor"] { shape.fillColor = try reader.optionalColor(v) }
            if let v = object["fillRule"] { shape.fillRule = FillRule(rawValue: try v.string(oneOf: FillRule.allCases.map(\.rawValue)))! }
            if let v = object["strokeColor"] { shape.strokeColor = try reader.optionalColor(v) }
            if let v = object["lineWidth"] { shape.strokeStyle.width = try reader.atLeastZero(v) }
            if let v = object["lineCap"] { shape.strokeStyle.cap = LineCap(rawValue: try v.string(oneOf: LineCap.allCases.map(\.rawValue)))! }
            if let v = object["lineJoin"] { shape.strokeStyle.join = LineJoin(rawValue: try v.string(oneOf: LineJoin.allCases.map(\.rawValue)))! }
            if let v = object["miterLimit"] {
                shape.strokeStyle.miterLimit = try v.number()
                guard shape.strokeStyle.miterLimit >= 1 else { throw v.outOfRange("must be a number ≥ 1") }
            }
            if let v = object["lineDashPattern"] {
                var dash: [Double] = []
                for item in try v.array() { dash.append(try reader.atLeastZero(item)) }
                shape.strokeStyle.dash = dash
            }
            if let v = object["lineDashPhase"] { shape.strokeStyle.dashPhase = try v.number() }
            return shape
        }
    }

    /// A sequence's content and its first frame's size in points (for bounds not given).
    private mutating func sequence(_ value: InputValue) throws(SceneFileError) -> (SequenceContent, Point?) {
        let object = try schema { () throws(SchemaError) in
            let object = try value.object()
            try object.check(Self.sequenceKeys)
            return object
        }
        let sourceValue = try schema { () throws(SchemaError) in try object.required("source") }
        let name = try schema { () throws(SchemaError) in try sourceValue.string() }
        let reader = self
        var animation = try asset(sourceValue, name) { () throws(SceneAssets.Failure) in
            try reader.assets.sequence(name, scale: reader.scale, limits: reader.limits)
        }
        inputs += animation.sourceFiles
        let (beginTime, hides) = try schema { () throws(SchemaError) in
            if let v = object["duration"] {
                let seconds = try v.number()
                guard seconds > 0, seconds <= 86_400 else { throw v.outOfRange("must be above 0 and at most a day (86400 s)") }
                animation.duration = seconds
                animation.frameDurations = nil
            }
            if let v = object["repeatCount"] {
                let count = try v.integer()
                guard count >= 0 else { throw v.outOfRange("must be 0 (forever) or a number of plays") }
                animation.repeatCount = count
            }
            return (try object["beginTime"]?.number() ?? 0, try object["hidesWhenFinished"]?.bool() ?? false)
        }
        let content: SequenceContent
        do { content = try SequenceContent(animation: animation, beginTime: beginTime, hidesWhenFinished: hides) } catch {
            throw .playback(file: file, path: value.path, error)
        }
        var size: Point?
        if let first = animation.frames.first {
            do {
                let bitmap = try first.load(scale: animation.scale, decoder: PNG.Decoder(maxPixels: limits.maxPixels))
                size = Point(Double(bitmap.width) / Double(bitmap.scale), Double(bitmap.height) / Double(bitmap.scale))
            } catch {
                throw .image(file: file, path: sourceValue.path, error)
            }
        }
        return (content, size)
    }

    /// SVG path data, its segments counted against the scene's `maxPathSegments`.
    private mutating func path(_ value: InputValue) throws(SceneFileError) -> Path {
        let text = try schema { () throws(SchemaError) in try value.string() }
        var left = limits
        left.maxPathSegments = max(0, segmentsLeft)
        do {
            let path = try Path(svg: text, limits: left)
            segmentsLeft -= path.elements.count
            return path
        } catch {
            if var limit = error.limit {
                limit.subject = "\(value.file): \(value.path)"
                limit.detail = "in the scene"
                limit.amount = nil
                limit.maximum = limits.maxPathSegments
                throw .limit(limit)
            }
            throw .schema(value.invalid("invalid SVG path data: \(error.description)"))
        }
    }

    // MARK: Animations

    private mutating func animation(_ value: InputValue) throws(SceneFileError) -> LayerAnimation {
        let (object, kind, property) = try schema { () throws(SchemaError) in
            let object = try value.object()
            let kind = object.has("path") ? "path" : object.has("values") ? "keyframe" : "basic"
            // The keys of every kind are known; a key of another kind is refused by this kind's check.
            if kind == "basic" {
                try object.check(Self.animationKeys.values.reduce(KnownKeys([])) { $0.union($1) })
            }
            try object.check(Self.animationKeys[kind]!)
            let property = try object.required("property").string(oneOf: Self.properties)
            if kind == "path", property != "position" {
                throw try object.required("path").invalid("a path animates position only (property is \(InputPath.quote(property)))")
            }
            return (object, kind, property)
        }
        let timing = try self.timing(object, at: value.path)
        let function = try schema { () throws(SchemaError) in try object["timingFunction"].map { v throws(SchemaError) in try self.timingFunction(v) } ?? .linear }
        if Self.propertyAnimations.contains(property) {
            return try propertyAnimation(object, kind: kind, property: property, at: value.path, timing: timing, function: function)
        }
        let isPoint = property == "position"
        func timingError(_ error: TimingError) -> SceneFileError { .timing(file: file, path: value.path, error) }
        switch kind {
        case "path":
            let path = try self.path(try schema { () throws(SchemaError) in try object.required("path") })
            let (keyTimes, functions, mode, rotation) = try schema { () throws(SchemaError) in
                (try object["keyTimes"]?.numbers(), try self.timingFunctions(object["timingFunctions"]),
                 try self.calculationMode(object["calculationMode"]),
                 try object["rotationMode"].map { v throws(SchemaError) in
                     PathAnimation.RotationMode(rawValue: try v.string(oneOf: PathAnimation.RotationMode.allCases.map(\.rawValue)))!
                 } ?? .none)
            }
            do {
                return .position(.path(try PathAnimation(path: path, keyTimes: keyTimes, timingFunctions: functions, calculationMode: mode,
                                                         rotationMode: rotation, timing: timing, timingFunction: function)))
            } catch { throw timingError(error) }
        case "keyframe":
            let (keyTimes, functions, mode) = try schema { () throws(SchemaError) in
                (try object["keyTimes"]?.numbers(), try self.timingFunctions(object["timingFunctions"]),
                 try self.calculationMode(object["calculationMode"]))
            }
            let values = try schema { () throws(SchemaError) in try object.required("values").array() }
            do {
                if isPoint {
                    let points = try schema { () throws(SchemaError) in try values.map { v throws(SchemaError) in try Scene.pair(v, "[x, y]") } }
                    return .position(.keyframe(try KeyframeAnimation(values: points, keyTimes: keyTimes, timingFunctions: functions,
                                                                     calculationMode: mode, timing: timing, timingFunction: function)))
                }
                let numbers = try schema { () throws(SchemaError) in try values.map { v throws(SchemaError) in try v.number() } }
                return Self.scalar(property, .keyframe(try KeyframeAnimation(values: numbers, keyTimes: keyTimes, timingFunctions: functions,
                                                                             calculationMode: mode, timing: timing, timingFunction: function)))
            } catch let error as TimingError { throw timingError(error) } catch let error as SceneFileError { throw error } catch {
                throw timingError(.noKeyframes)
            }
        default:
            do {
                if isPoint {
                    let (from, to, by) = try schema { () throws(SchemaError) in
                        (try object["from"].map { v throws(SchemaError) in try Scene.pair(v, "[x, y]") },
                         try object["to"].map { v throws(SchemaError) in try Scene.pair(v, "[x, y]") },
                         try object["by"].map { v throws(SchemaError) in try Scene.pair(v, "[x, y]") })
                    }
                    return .position(.basic(try BasicAnimation<Point>(from: from, to: to, by: by, timing: timing, timingFunction: function)))
                }
                let (from, to, by) = try schema { () throws(SchemaError) in
                    (try object["from"]?.number(), try object["to"]?.number(), try object["by"]?.number())
                }
                return Self.scalar(property, .basic(try BasicAnimation<Double>(from: from, to: to, by: by, timing: timing, timingFunction: function)))
            } catch let error as TimingError { throw timingError(error) } catch let error as SceneFileError { throw error } catch {
                throw timingError(.noKeyframes)
            }
        }
    }

    private static func scalar(_ property: String, _ animation: LayerAnimation.ScalarAnimation) -> LayerAnimation {
        switch property {
        case "opacity": .opacity(animation)
        case "rotation": .rotation(animation)
        default: .scale(animation)
        }
    }

    /// An animation's `CAMediaTiming` keys; `duration` is Core Animation's 0.25 s when not given.
    func timing(_ object: InputObject, at path: InputPath) throws(SceneFileError) -> MediaTiming {
        let values = try schema { () throws(SchemaError) in
            // A duration of 0 is Core Animation's default, 0.25 s, as CAAnimation reads it.
            (begin: try object["beginTime"]?.number() ?? 0, duration: try object["duration"].map { v throws(SchemaError) in
                let seconds = try v.number()
                return seconds == 0 ? 0.25 : seconds
            } ?? 0.25,
             speed: try object["speed"]?.number() ?? 1, offset: try object["timeOffset"]?.number() ?? 0,
             repeatCount: try object["repeatCount"].map { v throws(SchemaError) in try Self.countOrInfinity(v) } ?? 0,
             repeatDuration: try object["repeatDuration"].map { v throws(SchemaError) in try Self.countOrInfinity(v) } ?? 0,
             autoreverses: try object["autoreverses"]?.bool() ?? false,
             fillMode: try object["fillMode"].map { v throws(SchemaError) in FillMode(rawValue: try v.string(oneOf: FillMode.allCases.map(\.rawValue)))! } ?? .removed)
        }
        do {
            return try MediaTiming(beginTime: values.begin, duration: values.duration, speed: values.speed, timeOffset: values.offset,
                                   repeatCount: values.repeatCount, repeatDuration: values.repeatDuration,
                                   autoreverses: values.autoreverses, fillMode: values.fillMode)
        } catch {
            throw .timing(file: file, path: path, error)
        }
    }

    /// A number, or the string `infinity`.
    private static func countOrInfinity(_ value: InputValue) throws(SchemaError) -> Double {
        if value.kind == .string {
            _ = try value.string(oneOf: ["infinity"])
            return .infinity
        }
        let number = try value.number()
        guard number >= 0 else { throw value.outOfRange("must be 0 or more, or \"infinity\"") }
        return number
    }

    /// A timing function by name (`easeIn`) or by its control points `[x1, y1, x2, y2]`.
    func timingFunction(_ value: InputValue) throws(SchemaError) -> TimingFunction {
        if value.kind == .string {
            let name = try value.string(oneOf: TimingFunction.named.map(\.name))
            return TimingFunction.named.first { $0.name == name }!.function
        }
        guard value.kind == .array else { throw value.wrongType("a timing function's name or [x1, y1, x2, y2]") }
        let points = try value.numbers()
        guard points.count == 4 else {
            throw SchemaError(file: value.file, path: value.path, problem: .countMismatch(expected: 4, found: points.count, reason: "[x1, y1, x2, y2]"))
        }
        do { return try TimingFunction(points[0], points[1], points[2], points[3]) } catch {
            throw value.outOfRange("control points' x must lie from 0 to 1")
        }
    }

    func timingFunctions(_ value: InputValue?) throws(SchemaError) -> [TimingFunction]? {
        guard let value else { return nil }
        return try value.array().map { v throws(SchemaError) in try timingFunction(v) }
    }

    func calculationMode(_ value: InputValue?) throws(SchemaError) -> CalculationMode {
        guard let value else { return .linear }
        return CalculationMode(rawValue: try value.string(oneOf: CalculationMode.allCases.map(\.rawValue)))!
    }

    // MARK: Values

    /// `[width, height]` or `[x, y, width, height]`, the size 0 or more.
    func rect(_ value: InputValue) throws(SchemaError) -> Rect {
        let items = try value.array()
        guard items.count == 2 || items.count == 4 else {
            throw SchemaError(file: value.file, path: value.path,
                              problem: .countMismatch(expected: 4, found: items.count, reason: "[width, height] or [x, y, width, height]"))
        }
        let numbers = try value.numbers()
        let (width, height) = (numbers[numbers.count - 2], numbers[numbers.count - 1])
        if width < 0 { throw items[items.count - 2].outOfRange("a width must be 0 or more") }
        if height < 0 { throw items[items.count - 1].outOfRange("a height must be 0 or more") }
        return numbers.count == 4 ? Rect(x: numbers[0], y: numbers[1], width: width, height: height) : Rect(width: width, height: height)
    }

    /// `{ "translation": [x, y], "rotation": radians, "scale": s or [sx, sy] }`.
    private func transform(_ value: InputValue) throws(SchemaError) -> LayerTransform {
        let object = try value.object()
        try object.check(Self.transformKeys)
        var transform = LayerTransform.identity
        if let v = object["translation"] { transform.translation = try Scene.pair(v, "[x, y]") }
        if let v = object["rotation"] { transform.rotation = try v.number() }
        if let v = object["scale"] {
            if v.kind == .number {
                let factor = try v.number()
                transform.scale = Point(factor, factor)
            } else {
                transform.scale = try Scene.pair(v, "[sx, sy] or one factor")
            }
        }
        return transform
    }

    private func backdrop(_ value: InputValue) throws(SchemaError) -> Blur {
        let object = try value.object()
        try object.check(Self.backdropKeys)
        var blur = try object["preset"].map { v throws(SchemaError) in Blur(preset: Blur.Preset(rawValue: try v.string(oneOf: Blur.Preset.allCases.map(\.rawValue)))!) }
            ?? Blur(sigma: 10)
        if let v = object["sigma"] { blur.sigma = try atLeastZero(v) }
        if let v = object["method"] { blur.method = Blur.Method(rawValue: try v.string(oneOf: Blur.Method.allCases.map(\.rawValue)))! }
        if let v = object["tint"] { blur.tint = try optionalColor(v) }
        if let v = object["saturation"] { blur.saturation = try atLeastZero(v) }
        if let v = object["downsample"] {
            let factor = try v.number()
            guard factor >= 1, factor <= 64 else { throw v.outOfRange("must be from 1 to 64") }
            blur.downsample = factor
        }
        if let error = blur.settingError { throw value.invalid("\(error)") }
        return blur
    }

    private func shadow(_ value: InputValue) throws(SchemaError) -> Shadow {
        let object = try value.object()
        try object.check(Self.shadowKeys)
        var shadow = Shadow()
        if let v = object["color"] { shadow.color = try Scene.color(v) }
        if let v = object["opacity"] { shadow.opacity = try unit(v) }
        if let v = object["offset"] { shadow.offset = try Scene.pair(v, "[x, y]") }
        if let v = object["radius"] { shadow.radius = try atLeastZero(v) }
        return shadow
    }

    /// A colour, or `"none"` for none.
    private func optionalColor(_ value: InputValue) throws(SchemaError) -> Color? {
        if value.kind == .string, (value.value as? String) == "none" { return nil }
        return try Scene.color(value)
    }

    private func unit(_ value: InputValue) throws(SchemaError) -> Double {
        let number = try value.number()
        guard (0...1).contains(number) else { throw value.outOfRange("must be from 0 to 1") }
        return number
    }

    private func atLeastZero(_ value: InputValue) throws(SchemaError) -> Double {
        let number = try value.number()
        guard number >= 0 else { throw value.outOfRange("must be 0 or more") }
        return number
    }
}
