import Basics
import FrameGen
import Raster

/// The scene file's gradient content and its animations of bounds and colours, read as strictly
/// as the rest of the file (``SceneReader``).
extension SceneReader {
    /// A `gradient`'s keys: `CAGradientLayer`'s.
    static let gradientKeys: KnownKeys = ["colors", "locations", "type", "startPoint", "endPoint"]
    /// Properties animated as values of their own (``PropertyAnimation``): `bounds`
    /// (`[w, h]` or `[x, y, w, h]`), `backgroundColor` and a gradient's `colors`.
    static let propertyAnimations = ["bounds", "backgroundColor", "colors"]

    /// `{ "colors": ["#RRGGBB[AA]", …], "locations": [0…1], "type": "axial" | "radial" | "conic",
    /// "startPoint": [x, y], "endPoint": [x, y] }`, points in units of the bounds (Core
    /// Animation's defaults: axial, top to bottom, colours evenly spread).
    func gradient(_ value: InputValue) throws(SchemaError) -> Gradient {
        let object = try value.object()
        try object.check(Self.gradientKeys)
        let colors = try object.required("colors").array().map { v throws(SchemaError) in try Scene.color(v) }
        guard !colors.isEmpty else { throw try object.required("colors").invalid("a gradient needs at least one colour") }
        let locations = try object["locations"]?.numbers()
        if let locations, locations.count != colors.count {
            throw SchemaError(file: value.file, path: try object.required("locations").path,
                              problem: .countMismatch(expected: colors.count, found: locations.count, reason: "one location per colour"))
        }
        let type = try object["type"].map { v throws(SchemaError) in
            Gradient.Kind(rawValue: try v.string(oneOf: Gradient.Kind.allCases.map(\.rawValue)))!
        } ?? .axial
        let start = try object["startPoint"].map { v throws(SchemaError) in try Scene.pair(v, "[x, y]") } ?? Point(0.5, 0)
        let end = try object["endPoint"].map { v throws(SchemaError) in try Scene.pair(v, "[x, y]") } ?? Point(0.5, 1)
        return Gradient(colors: colors, locations: locations, type: type, startPoint: start, endPoint: end)
    }

    /// A basic (`from`/`to`/`by`) or keyframe (`values`) animation of `bounds`, `backgroundColor`
    /// or `colors`.
    func propertyAnimation(_ object: InputObject, kind: String, property: String, at path: InputPath, timing: MediaTiming,
                           function: TimingFunction) throws(SceneFileError) -> LayerAnimation {
        func timingError(_ error: TimingError) -> SceneFileError { .timing(file: file, path: path, error) }
        switch property {
        case "bounds":
            return .bounds(try animate(object, kind: kind, timing: timing, function: function, error: timingError) { v throws(SchemaError) in
                try rect(v)
            })
        case "backgroundColor":
            return .backgroundColor(try animate(object, kind: kind, timing: timing, function: function, error: timingError) { v throws(SchemaError) in
                ColorComponents(try Scene.color(v))
            })
        default:
            return .gradientColors(try animate(object, kind: kind, timing: timing, function: function, error: timingError) { v throws(SchemaError) in
                try v.array().map { item throws(SchemaError) in ColorComponents(try Scene.color(item)) }
            })
        }
    }

    /// The animation of one kind over values read by `read`.
    private func animate<Value: Animatable>(_ object: InputObject, kind: String, timing: MediaTiming, function: TimingFunction,
                                            error: (TimingError) -> SceneFileError,
                                            read: (InputValue) throws(SchemaError) -> Value) throws(SceneFileError) -> PropertyAnimation<Value> {
        if kind == "keyframe" {
            let (values, keyTimes, functions, mode) = try schema { () throws(SchemaError) in
                (try object.required("values").array().map { v throws(SchemaError) in try read(v) }, try object["keyTimes"]?.numbers(),
                 try timingFunctions(object["timingFunctions"]), try calculationMode(object["calculationMode"]))
            }
            do {
                return .keyframe(try KeyframeAnimation(values: values, keyTimes: keyTimes, timingFunctions: functions, calculationMode: mode,
                                                       timing: timing, timingFunction: function))
            } catch let problem { throw error(problem) }
        }
        let (from, to, by) = try schema { () throws(SchemaError) in
            (try object["from"].map { v throws(SchemaError) in try read(v) }, try object["to"].map { v throws(SchemaError) in try read(v) },
             try object["by"].map { v throws(SchemaError) in try read(v) })
        }
        do {
            return .basic(try BasicAnimation<Value>(from: from, to: to, by: by, timing: timing, timingFunction: function))
        } catch let problem { throw error(problem) }
    }
}
