import Animated
import Basics
import Foundation
import FrameGen
import Raster

/// The scene file's animations (`CABasicAnimation`, `CAKeyframeAnimation`, movement along a
/// path) and their `CAMediaTiming` keys, read as strictly as the rest of the file (``SceneReader``).
extension SceneReader {
    mutating func animation(_ value: InputValue) throws(SceneFileError) -> LayerAnimation {
        // `CAAnimationGroup`: an object with `animations` and the group's own timing.
        if let object = try? value.object(), object.has("animations") {
            return try group(object, at: value.path)
        }
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
        let isPoint = property == "position" || property == "translation"
        // `position`, or `transform.translation` (a point too, moving the layer from where its position puts it).
        func point(_ animation: LayerAnimation.PointAnimation) -> LayerAnimation {
            property == "translation" ? .translation(animation) : .position(animation)
        }
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
                    return point(.keyframe(try KeyframeAnimation(values: points, keyTimes: keyTimes, timingFunctions: functions,
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
                    return point(.basic(try BasicAnimation<Point>(from: from, to: to, by: by, timing: timing, timingFunction: function)))
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

    /// A group of animations (`CAAnimationGroup`): its `animations`, each read as a layer's, played
    /// on the group's timing (its `CAMediaTiming` keys and `timingFunction`).
    private mutating func group(_ object: InputObject, at path: InputPath) throws(SceneFileError) -> LayerAnimation {
        let items = try schema { () throws(SchemaError) in
            try object.check(Self.groupKeys)
            let items = try object.required("animations").array()
            guard !items.isEmpty else { throw try object.required("animations").invalid("a group needs at least one animation") }
            return items
        }
        var animations: [LayerAnimation] = []
        for item in items { animations.append(try animation(item)) }
        let timing = try self.timing(object, at: path)
        let function = try schema { () throws(SchemaError) in try object["timingFunction"].map { v throws(SchemaError) in try self.timingFunction(v) } ?? .linear }
        return .group(AnimationGroup(animations: animations, timing: timing, timingFunction: function))
    }

    static func scalar(_ property: String, _ animation: LayerAnimation.ScalarAnimation) -> LayerAnimation {
        switch property {
        case "opacity": .opacity(animation)
        case "rotation": .rotation(animation)
        case "frame": .frame(animation)
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
    static func countOrInfinity(_ value: InputValue) throws(SchemaError) -> Double {
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
            // The x found at fault, at its own index (`timingFunction[0]: … (found 2)`), not "an array".
            let items = try value.array()
            if let bad = [0, 2].first(where: { !(0...1).contains(points[$0]) }) {
                throw items[bad].outOfRange("a control point's x (x1, x2) must lie from 0 to 1")
            }
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

    /// `frame` or `colors` when `animation` (or one in its group) animates what `content` is not:
    /// a sequence's frame on a layer of no sequence, a gradient's colours on a layer of no gradient.
    static func unheldProperty(_ animation: LayerAnimation, of content: Layer.Content) -> String? {
        switch (animation, content) {
        case (.frame, .sequence), (.gradientColors, .gradient): nil
        case (.frame, _): "frame"
        case (.gradientColors, _): "colors"
        case (.group(let group), _): group.animations.lazy.compactMap { unheldProperty($0, of: content) }.first
        default: nil
        }
    }
}
