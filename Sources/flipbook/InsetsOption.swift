import ArgumentParser
import Basics
import Raster

/// Cap insets given as `top,left,bottom,right` in points (`--insets`).
enum InsetsOption {
    /// The largest inset taken, in points: as wide as a note's `--max-width` may be.
    static let maximum: Double = 100_000

    /// The insets in `text`, each a finite number from 0 to ``maximum`` (spaces around the commas
    /// allowed: `'37, 12, 12, 12'`), or a usage error naming the item (thrown from a command's
    /// `validate()`, printed in the one usage style). `note` and `slice` both read `--insets` here.
    static func parse(_ text: String, flag: String = "--insets") throws -> NineSlice.Insets {
        var takes = "top,left,bottom,right in points, each 0 to \(Int(maximum)), e.g. 37,12,12,12"
        let items = text.split(separator: ",", omittingEmptySubsequences: false)
        // `--insets 37, 12, 12, 12` unquoted: the shell gave `37,` alone and the rest as other words.
        if items.count < 4, text.trimmingCharacters(in: .whitespaces).hasSuffix(",") {
            takes += " (written with spaces, the list was split by the shell: drop the spaces or quote it, '37, 12, 12, 12')"
        }
        guard items.count == 4 else { throw OptionRefusal.error(flag, text, takes: takes) }
        let values = try items.map { item in
            // An absurd inset (1e308) is refused as given, not later as a rounded pixel count of the image.
            guard let value = DecimalNumber.parse(item.trimmingCharacters(in: .whitespaces)), value >= 0, value <= maximum else {
                throw OptionRefusal.error(flag, item: item, in: text, takes: takes)
            }
            return value
        }
        return NineSlice.Insets(top: values[0], left: values[1], bottom: values[2], right: values[3])
    }
}
