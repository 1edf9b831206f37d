import Basics
import Raster

extension SheetBuilder {
    /// Why frames cannot make a sheet (the CLI's exit 1: the work ran and found the problem).
    public enum Error: Swift.Error, Sendable, Equatable, CustomStringConvertible {
        /// The sprites need more than one `maxSide × maxSide` page and the packer may not use more.
        case doesNotFit(maxSide: Int)
        /// The sprite `name`, `width × height` pixels as placed (trimmed, labelled; without its
        /// extrusion, which is not the cause), with `border` pixels on each side, is larger than a
        /// `maxSide × maxSide` page.
        case spriteTooLarge(name: String, width: Int, height: Int, border: Int, maxSide: Int)
        /// The sprite `name` fits a `maxSide × maxSide` page with `border` pixels on each side, but
        /// not once `extrude` pixels are repeated on each side (`width × height` as placed, without
        /// the border): ``SheetBuilder/extrude`` is the cause. For a sprite of another scale than
        /// the layout's (`c1@2x` of scales 1 and 2), `extrude` and `border` are the settings as
        /// given, at the layout's scale, and the sizes are the sprite's pixels at its own.
        case extrudedSpriteTooLarge(name: String, width: Int, height: Int, extrude: Int, border: Int, maxSide: Int)
        /// Two frames have this name; sprite names must be unique.
        case duplicateName(String)
        /// The frame files `first` and `second` would both be the sprite `name` (a sprite is named
        /// after its file, and after its folders when files of several folders share a name):
        /// one of them must be renamed.
        case sameName(name: String, first: String, second: String)
        /// Two frames are named `first` and `second`: one text in two Unicode normalisations (`é`
        /// as U+00E9, or `e` and U+0301), equal as Swift Strings, so one name to every engine
        /// that looks sprites up by name.
        case namesDifferInNormalization(first: String, second: String)
        /// The frames are not all at the same scale (or have different lists of scales).
        case mixedScales
        /// A scale is not a whole multiple of the smallest one, so the layout cannot be scaled in whole pixels.
        case scaleNotMultiple(Int, of: Int)
        /// The frame `name` at `scale` is `width × height` pixels instead of the `expectedWidth ×
        /// expectedHeight` its smallest-scale image implies.
        case variantSize(name: String, scale: Int, width: Int, height: Int, expectedWidth: Int, expectedHeight: Int)
        /// A page would be `width × height` pixels, more than `maxPixels` (``SheetBuilder/maxPagePixels``).
        case pageTooLarge(width: Int, height: Int, maxPixels: Int)
        /// The frame `name` at `scale` is `width × height` pixels: not a whole number of `unit`-scale
        /// pixels (points, for a unit of 1), so it cannot share a layout with the other scales.
        case notWholePoints(name: String, scale: Int, width: Int, height: Int, unit: Int)
        /// The frame `name` is `width × height` pixels at `scale` and `otherWidth × otherHeight` at
        /// `otherScale`: two sizes in points, so its images cannot share one layout.
        case scalesDiffer(name: String, scale: Int, width: Int, height: Int, otherScale: Int, otherWidth: Int, otherHeight: Int)
        /// `error` (a sprite or the sprites too large for a page) of a layout shared by several scales,
        /// said in pixels of the largest, `scale`: its pages are whole points, so `requestedSide`
        /// (``SheetBuilder/maxSide`` as given) allows pages of fewer pixels there (`256` at scales 1
        /// and 3: 85 pt, 255 px), the side `error` names. With `powerOfTwo` (``SheetBuilder/powerOfTwo``)
        /// those pages are padded to a power of two (`256` at scales 1 and 3: 64 pt, sprites on 192 px of 256).
        indirect case boundByScales(Error, requestedSide: Int, scale: Int, powerOfTwo: Bool = false)
        /// ``SheetBuilder/buildScaled(_:)`` was given no frames.
        case noInput
        /// The frame `name` has no image (its ``Input/bitmaps`` is empty).
        case noBitmaps(name: String)
        /// The setting `name` (`padding`, `border`, `extrude`, `trimMargin` or `maxSide`) is `value`,
        /// outside `0...largest` (`1...largest` for `maxSide`).
        case invalidSetting(name: String, value: Int, largest: Int)
        /// The frame `name` lasts `duration` seconds: not a finite number from 0 to
        /// ``SheetBuilder/longestDuration``.
        case invalidDuration(name: String, duration: Double)

        private static func format(_ value: Double) -> String {
            value == value.rounded() ? String(Int(value)) : String(format: "%.2f", value).replacingOccurrences(of: "0$", with: "", options: .regularExpression)
        }

        /// ` (2 px at @2x)` for a setting of `value` said of a sprite of another scale than the
        /// layout's (`c1@2x`, named so by ``SheetBuilder/Error`` for scales laid out at the smallest); empty otherwise.
        private static func pixels(_ value: Int, of name: String) -> String {
            guard value > 0, let at = name.lastIndex(of: "@"), name.hasSuffix("x"),
                  let scale = Int(name[name.index(after: at)..<name.index(before: name.endIndex)]), scale > 1 else { return "" }
            return " (\(value * scale) px at @\(scale)x)"
        }

        /// `width × height` pixels at `scale` in points (`32×33.33`).
        private static func points(_ width: Int, _ height: Int, _ scale: Int) -> String {
            "\(format(Double(width) / Double(scale)))×\(format(Double(height) / Double(scale)))"
        }

        /// Raise the page; lower the extrusion only where less of it still stops bleeding.
        private static func extrudeAdvice(_ extrude: Int) -> String {
            extrude > 2 ? "raise SheetBuilder.maxSide or lower SheetBuilder.extrude (1 or 2 pixels stop bleeding)" : "raise SheetBuilder.maxSide"
        }

        /// The page side a refusal of a sprite or sprites too large names.
        var pageSide: Int? {
            switch self {
            case .doesNotFit(let side), .spriteTooLarge(_, _, _, _, let side), .extrudedSpriteTooLarge(_, _, _, _, _, let side): side
            case .boundByScales(let error, _, _, _): error.pageSide
            default: nil
            }
        }

        /// What is wrong and, where there is one, the setting that fixes it.
        public var description: String {
            switch self {
            case .doesNotFit(let maxSide): "the sprites do not fit one \(maxSide)×\(maxSide) page; raise SheetBuilder.maxSide"
            case let .spriteTooLarge(name, width, height, border, maxSide) where border > 0 && max(width, height) <= maxSide:
                "'\(name)' (\(width)×\(height)) with SheetBuilder.border \(border)\(Self.pixels(border, of: name)) on each side does not fit a "
                    + "\(maxSide)×\(maxSide) page; lower SheetBuilder.border or raise SheetBuilder.maxSide"
            case let .spriteTooLarge(name, width, height, _, maxSide):
                "'\(name)' is \(width)×\(height), larger than a \(maxSide)×\(maxSide) page; raise SheetBuilder.maxSide"
            case let .extrudedSpriteTooLarge(name, width, height, extrude, border, maxSide) where border > 0:
                "'\(name)' is \(width)×\(height) with SheetBuilder.extrude \(extrude)\(Self.pixels(extrude, of: name)) on each side, and with "
                    + "SheetBuilder.border \(border)\(Self.pixels(border, of: name)) on each side does not fit a \(maxSide)×\(maxSide) page; "
                    + Self.extrudeAdvice(extrude) + ", or lower SheetBuilder.border"
            case let .extrudedSpriteTooLarge(name, width, height, extrude, _, maxSide):
                "'\(name)' is \(width)×\(height) with SheetBuilder.extrude \(extrude)\(Self.pixels(extrude, of: name)) on each side, larger than a "
                    + "\(maxSide)×\(maxSide) page; " + Self.extrudeAdvice(extrude)
            case .duplicateName(let name): "two frames are both named '\(name)'; give each SheetBuilder.Input a name of its own"
            case let .sameName(name, first, second):
                "\(first) and \(second) would both be the sprite '\(name)' (a sprite is named after its file, and after its folders "
                    + "when files of several folders share a name): rename one of the files, or pack them into two sheets"
            case let .namesDifferInNormalization(first, second):
                "two frames are named \(NameSpelling.spelled(first)) and \(NameSpelling.spelled(second)): one name in two Unicode "
                    + "normalisations, which engines take for one sprite; give each SheetBuilder.Input a name of its own"
            case .mixedScales: "frames of different scales cannot share a sheet; pack each scale separately or use SheetJob.scales"
            case .scaleNotMultiple(let scale, let base): "scale \(scale) is not a multiple of \(base): the layout cannot be scaled by whole pixels"
            case let .variantSize(name, scale, width, height, expectedWidth, expectedHeight):
                "'\(name)' at @\(scale)x is \(width)×\(height), expected \(expectedWidth)×\(expectedHeight)"
            case let .notWholePoints(name, scale, width, height, unit):
                "'\(name)' at @\(scale)x is \(width)×\(height) px, not a whole number of \(unit == 1 ? "points" : "@\(unit)x pixels") "
                    + "(\(Self.format(Double(width) * Double(unit) / Double(scale)))×\(Self.format(Double(height) * Double(unit) / Double(scale)))): "
                    + "scales share one layout only when each image's size divides by its scale; pad the @\(scale)x images to a multiple of \(scale / SheetBuilder.gcd(scale, unit)) or pack each scale alone"
            case let .scalesDiffer(name, scale, width, height, otherScale, otherWidth, otherHeight):
                "'\(name)' is \(Self.points(width, height, scale)) points at @\(scale)x (\(width)×\(height) px) but "
                    + "\(Self.points(otherWidth, otherHeight, otherScale)) points at @\(otherScale)x (\(otherWidth)×\(otherHeight) px): "
                    + "scales share one layout only when every image of a sprite is one size in points; resize one of them or pack each scale alone"
            case let .pageTooLarge(width, height, maxPixels):
                "a page would be \(width)×\(height) px, over the \(maxPixels)-pixel limit; lower SheetBuilder.maxSide, SheetBuilder.border or "
                    + "SheetBuilder.padding, or raise ResourceLimits.maxPixels"
            case let .boundByScales(error, requested, scale, powerOfTwo):
                error.description + " (SheetBuilder.maxSide \(requested) allows @\(scale)x pages of "
                    + (powerOfTwo
                        ? "\(SheetBuilder.powerOfTwo(atMost: requested)) px with sprites on \(error.pageSide.map { "\($0)" } ?? "fewer"): pages shared by several "
                            + "scales are whole points, and with SheetBuilder.powerOfTwo padded to a power of two)"
                        : "\(error.pageSide.map { "\($0)" } ?? "fewer") px: pages shared by several scales are whole points)")
            case .noInput: "no frames to pack"
            case .noBitmaps(let name): "'\(name)' has no image"
            case let .invalidSetting(name, value, largest):
                "SheetBuilder.\(name) is \(value); it must be from \(name == "maxSide" ? 1 : 0) to \(largest)"
            case let .invalidDuration(name, duration):
                "'\(name)' lasts \(duration) s; a duration must be finite, from 0 to \(Int(SheetBuilder.longestDuration)) s"
            }
        }
    }
}
