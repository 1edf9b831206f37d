import Animated
import Basics
import Foundation
import FrameGen
import Raster

/// The scene file's small values — rectangles, transforms, backdrops, shadows, colours, units —
/// read strictly (``SceneReader``).
extension SceneReader {
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
    func transform(_ value: InputValue) throws(SchemaError) -> LayerTransform {
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

    func backdrop(_ value: InputValue) throws(SchemaError) -> Blur {
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

    func shadow(_ value: InputValue) throws(SchemaError) -> Shadow {
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
    func optionalColor(_ value: InputValue) throws(SchemaError) -> Color? {
        if value.kind == .string, (value.value as? String) == "none" { return nil }
        return try Scene.color(value)
    }

    func unit(_ value: InputValue) throws(SchemaError) -> Double {
        let number = try value.number()
        guard (0...1).contains(number) else { throw value.outOfRange("must be from 0 to 1") }
        return number
    }

    func atLeastZero(_ value: InputValue) throws(SchemaError) -> Double {
        let number = try value.number()
        guard number >= 0 else { throw value.outOfRange("must be 0 or more") }
        return number
    }

    /// `value` as a message gives it: whole numbers as such, others to three decimals, or three
    /// significant digits under 1 (`2.4`, `0.0833`, `0.001`).
    static func decimal(_ value: Double) -> String {
        guard value.isFinite, abs(value) < 1e15 else { return LimitError.format(value) }
        if value == value.rounded() { return String(Int(value)) }
        let digits = abs(value) >= 1 ? 3 : min(20, max(3, 2 - Int(log10(abs(value)).rounded(.down))))
        var text = String(format: "%.\(digits)f", value)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }
}
