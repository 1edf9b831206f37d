import Animated
import Basics
import Foundation
import FrameGen
import Raster
import Text

/// Reads a scene file's JSON into a ``SceneFile`` with Basics' strict input (`InputValue`,
/// `KnownKeys`, `SchemaError`: the reader every Flipbook file format shares) and FrameGen's path,
/// pair and colour readers (`flipbook draw`'s).
struct SceneReader {
    let file: String
    let assets: SceneAssets
    let limits: ResourceLimits
    private(set) var scale = 1
    private var layerCount = 0
    var segmentsLeft: Int
    /// The scene's frames (their rate and count), once read: a copy spawned at the top level draws
    /// only in the frames from its spawn time on.
    var frames: (fps: Double, count: Int)?
    /// Segment-frames the drawing pre-check need not count: each top-level spawned copy's segments
    /// in the frames before it spawns, and in every frame those of a layer that is never drawn.
    var segmentFramesBeforeSpawn = 0
    /// The files read (images, sequences, fonts), in order, each once: an output may replace none.
    var inputs: [String] = []
    /// Each file read by its path as text: the spelling read first and the key that read it.
    var spellings: [String: (path: String, key: String)] = [:]
    /// The paths of ``inputs``, by bytes.
    var inputSpellings = Set<NameSpelling.Exact>()
    /// Fonts read, by the exact bytes of the name the scene gives them (`café.ttf` composed and
    /// decomposed are two files).
    var fonts: [NameSpelling.Exact: Font] = [:]
    /// What the scene's text reads past (characters without a glyph), said once the output is written.
    var warnings: [String] = []

    init(file: String, assets: SceneAssets, limits: ResourceLimits) {
        self.file = file; self.assets = assets; self.limits = limits
        segmentsLeft = limits.maxPathSegments
    }

    // MARK: Keys

    static let sceneKeys: KnownKeys = ["size", "scale", "background", "duration", "frames", "fps", "repeatCount", "layers"]
    /// A layer's keys: Core Animation's property names, the content (one of `image`, `shape`,
    /// `sequence`, `gradient`, `text`), and `spawn`.
    static let layerKeys: KnownKeys = [
        "name", "image", "shape", "sequence", "gradient", "text", "bounds", "position", "anchorPoint", "transform", "opacity", "hidden", "zPosition",
        "masksToBounds", "blendMode", "backgroundColor", "cornerRadius", "backdrop", "shadow", "beginTime", "speed", "timeOffset",
        "animations", "sublayers", "mask", "spawn",
    ]
    static let contentKinds = ["image", "shape", "sequence", "gradient", "text"]
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
    /// The keys of a group of animations (`CAAnimationGroup`).
    static let groupKeys = KnownKeys(["animations"] + timingKeys)
    /// An animation's keys by kind: `basic` (from, to, by), `keyframe` (values), `path`.
    static let animationKeys: [String: KnownKeys] = [
        "basic": KnownKeys(["property", "from", "to", "by"] + timingKeys),
        "keyframe": KnownKeys(["property", "values", "keyTimes", "timingFunctions", "calculationMode"] + timingKeys),
        "path": KnownKeys(["property", "path", "keyTimes", "timingFunctions", "calculationMode", "rotationMode"] + timingKeys),
    ]
    static let properties = ["position", "opacity", "rotation", "scale", "translation", "frame"] + propertyAnimations

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
            guard ImageFileName.drawingScaleRange.contains(scale) else { throw value.outOfRange("must be a whole number from 1 to 8") }
            return scale
        }
        if let givenScale { scale = givenScale }
        do { try limits.checkPixels(width: size.x, height: size.y, scale: scale, of: "\(file): size") } catch { throw .limit(error) }
        let background = try schema { () throws(SchemaError) in try object["background"].map { v throws(SchemaError) in try Scene.color(v) } }
        var fps = try schema { () throws(SchemaError) in
            guard let value = object["fps"] else { return 30.0 }
            let fps = try value.number()
            guard Animation.Timing.fpsRange.contains(fps) else { throw value.outOfRange("must be between 1/86400 and 1000 frames a second") }
            return fps
        }
        if let givenFPS { fps = givenFPS }
        let frameCount = try schema { () throws(SchemaError) in
            switch (object["duration"], object["frames"]) {
            case (let duration?, nil):
                let seconds = try duration.number()
                guard seconds > 0, seconds <= 86_400 else { throw duration.outOfRange("must be above 0 and at most a day (86400 s)") }
                let exact = seconds * fps, frames = exact.rounded()
                // Under half a frame was written as one frame of another length (`duration` 0.001 at 1 fps: 1 s), without a word.
                guard frames >= 1 else {
                    throw duration.outOfRange("is \(Self.decimal(exact)) of a frame at \(Self.decimal(fps)) fps, under half a frame: "
                                              + "give a longer duration or more frames a second")
                }
                // A duration that is no whole number of frames plays for the whole frames: said.
                if abs(frames - exact) > 1e-6 * max(1, exact) {
                    warnings.append("\(file): duration \(Self.decimal(seconds)) s is \(Self.decimal(exact)) frames at \(Self.decimal(fps)) fps: "
                                    + "written as \(Int(min(frames, 9e15))), \(Self.decimal(frames / fps)) s")
                }
                return frames >= Double(Int.max / 2) ? Int.max / 2 : Int(frames)
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
            try limits.check(.frames, frameCount, of: object["frames"] != nil ? "\(file): frames" : "\(file): duration × fps")
            // The canvas's pixels as the renderer's canvas has them (a side longer than a canvas may
            // have is none: [9.3e18, 1e-18] passed the pixel limit and trapped here; the renderer
            // says the side is too long).
            let pixels = try Canvas.pixelSize(width: size.x, height: size.y, scale: scale, limits: limits)
            try limits.checkOutput(frameCount, "frames", width: pixels.width, height: pixels.height, of: file)
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
        frames = (fps, frameCount)
        var layers: [Layer] = []
        for item in items { layers += try layer(item, depth: 1) }
        // Every frame draws the scene's paths, a copy spawned at the top level from its spawn time on (at most:
        // a hidden or removed layer draws nothing).
        do {
            try limits.checkDrawing(frameCount, framesOf: limits.maxPathSegments - segmentsLeft, leavingOut: segmentFramesBeforeSpawn,
                                    of: "\(file): layers")
        } catch {
            throw .limit(error)
        }
        let root = Layer(name: "scene", bounds: Rect(width: size.x, height: size.y), position: Point(size.x / 2, size.y / 2),
                         sublayers: layers)
        return SceneFile(width: size.x, height: size.y, scale: scale, background: background, fps: fps, frameCount: frameCount,
                         repeatCount: repeatCount, root: root, file: file, inputFiles: inputs, warnings: warnings)
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
                throw value.invalid("has \(kinds.joined(separator: " and ")); a layer's content is one of image, shape, sequence, gradient or text")
            }
            return object
        }
        // What this layer and everything in it count of the layers and spend of the path budget:
        // each spawned copy counts and spends them again (a spawn inside a spawn multiplies).
        let layersBefore = layerCount
        try count(1)
        let segmentsBefore = segmentsLeft, undrawnBefore = segmentFramesBeforeSpawn
        var layer = Layer()
        layer.name = try schema { () throws(SchemaError) in try object["name"]?.string() } ?? "layer\(layerCount)"
        layer.origin = "\(file): \(value.path)"
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
            try read([image.path], for: v)
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
        } else if let v = object["text"] {
            let content = try text(v, boundsWidth: object["bounds"] == nil ? nil : layer.bounds.width)
            layer.content = .text(content)
            if object["bounds"] == nil { layer.bounds = Rect(width: content.width, height: content.height) }
        }
        if let v = object["animations"] {
            let items = try schema({ () throws(SchemaError) in try v.array() })
            for item in items { layer.animations.append(try animation(item)) }
            // An animation of what the layer does not hold draws nothing: said, as a key with no effect would be.
            for (item, animation) in zip(items, layer.animations) {
                if let property = Self.unheldProperty(animation, of: layer.content) {
                    warnings.append("\(file): \(item.path): \(property) animates a \(property == "frame" ? "sequence" : "gradient") layer's "
                                    + "\(property == "frame" ? "frame" : "colours"); this layer has no \(property == "frame" ? "sequence" : "gradient"), so it does nothing")
                }
            }
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
        // A layer hidden, or clear with no animation of its opacity, draws nothing in any frame, nor do its copies and sublayers.
        defer { if layer.neverDrawn { leaveOut(segmentsBefore - segmentsLeft, since: undrawnBefore) } }
        guard let v = object["spawn"] else { return [layer] }
        return try spawn(v, template: layer, layers: layerCount - layersBefore, segments: segmentsBefore - segmentsLeft, topLevel: depth == 1)
    }

    /// Counts `copies` more copies of a template of `layers` layers (itself and all it holds)
    /// against ``SceneFile/maximumLayers``, without overflowing.
    mutating func count(copies: Int, of layers: Int) throws(SceneFileError) {
        let (added, overflow) = max(0, copies).multipliedReportingOverflow(by: max(1, layers))
        try count(overflow ? Int.max : added)
    }

    /// Counts `added` layers against ``SceneFile/maximumLayers``.
    mutating func count(_ added: Int) throws(SceneFileError) {
        // Said without overflowing: a spawn may ask for `Int.max` copies.
        guard added <= SceneFile.maximumLayers - layerCount else {
            throw .tooManyLayers(file: file, count: added > Int.max - layerCount ? Int.max : layerCount + added, maximum: SceneFile.maximumLayers)
        }
        layerCount += added
    }

    /// Runs an asset lookup for the value `value` (naming `name`), turning its failure into an error at that key.
    func asset<T>(_ value: InputValue, _ name: String, _ body: () throws(SceneAssets.Failure) -> T) throws(SceneFileError) -> T {
        do { return try body() } catch {
            switch error {
            case .outside(let other): throw .outsideFolder(file: file, path: value.path, name: other ?? name)
            case .missing: throw .missingFile(file: file, path: value.path, name: name)
            case .image(let error): throw .image(file: file, path: value.path, error)
            case .sequence(.discovery(.notFound)): throw .missingFile(file: file, path: value.path, name: name)
            case .sequence(let error): throw .sequence(file: file, path: value.path, error)
            case .font(let error): throw .text(file: file, path: value.path, error)
            }
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
        let read = try asset(sourceValue, name) { () throws(SceneAssets.Failure) in
            // Frames exist at @1x–@3x only: a scene drawn at 4…8 picks them as for 3 and scales them
            // up, as Core Animation does with a contentsScale above the image's.
            try reader.assets.sequence(name, scale: min(reader.scale, ImageFileName.scaleRange.upperBound), limits: reader.limits)
        }
        // The GIF, APNG or WebP too, not only frame files: `render -o coin.gif` of a scene playing
        // coin.gif replaced it.
        try self.read(read.files, for: sourceValue)
        var animation = read.animation
        // What `assemble` says of the same source (a GIF cut short, a frame missing from the
        // numbers, frames of two sizes), said here too: render was silent.
        warnings += (animation.warnings + [SequenceChecks.mixedSizes(animation, limits: limits)].compactMap { $0 })
            .map { "\(file): \(sourceValue.path) (\(name)): \($0)" }
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
    mutating func path(_ value: InputValue) throws(SceneFileError) -> Path {
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
}
