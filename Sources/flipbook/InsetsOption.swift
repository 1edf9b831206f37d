import ArgumentParser
import Basics
import Raster

/// Cap insets given as `top,left,bottom,right` in points (`--insets`).
enum InsetsOption {
    /// The largest inset taken, in points: as wide as a note's `--max-width` may be.
    static let maximum: Double = 100_000

    /// The insets in `text`, each a finite number from 0 to ``maximum``, or a usage error naming
    /// the item (thrown from a command's `validate()`, printed in the one usage style).
    static func parse(_ text: String, flag: String = "--insets") throws -> NineSlice.Insets {
        let items = text.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
        guard items.count == 4 else {
            throw ValidationError("\(flag) does not take '\(text)'; it takes four numbers, top,left,bottom,right in points (e.g. 37,12,12,12)")
        }
        let values = try items.map { item -> Double in
            guard let value = DecimalNumber.parse(item), value.isFinite, value >= 0 else {
                throw ValidationError("\(flag) does not take '\(item)' (in '\(text)'); each inset is a number of points, 0 or more")
            }
            // An absurd inset (1e308) is refused as given, not later as a rounded pixel count of the chrome.
            guard value <= maximum else {
                throw ValidationError("\(flag) does not take '\(item)' (in '\(text)'); each inset is a number of points, 0 to "
                                      + "\(Int(maximum)) (and less than the image's size)")
            }
            return value
        }
        return NineSlice.Insets(top: values[0], left: values[1], bottom: values[2], right: values[3])
    }
}
