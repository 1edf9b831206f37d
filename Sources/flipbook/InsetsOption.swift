import ArgumentParser
import Basics
import Raster

/// Cap insets given as `top,left,bottom,right` in points (`--insets`).
enum InsetsOption {
    /// The insets in `text`, each a finite number ≥ 0, or a usage error naming the item
    /// (thrown from a command's `validate()`, printed in the one usage style).
    static func parse(_ text: String, flag: String = "--insets") throws -> NineSlice.Insets {
        let items = text.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
        guard items.count == 4 else {
            throw ValidationError("\(flag) does not take '\(text)'; it takes four numbers, top,left,bottom,right in points (e.g. 37,12,12,12)")
        }
        let values = try items.map { item -> Double in
            guard let value = DecimalNumber.parse(item), value.isFinite, value >= 0 else {
                throw ValidationError("\(flag) does not take '\(item)' (in '\(text)'); each inset is a number of points, 0 or more")
            }
            return value
        }
        return NineSlice.Insets(top: values[0], left: values[1], bottom: values[2], right: values[3])
    }
}
