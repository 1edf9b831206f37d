/// The parts of an image file name as UIKit reads them: `<stem>[@<N>x][~<device>].<extension>`.
///
/// `explosion12@2x~ipad.png` has stem `explosion12`, scale 2, device `ipad`, extension `png`.
/// A name without `@Nx` has a `nil` scale (UIKit loads it as scale 1).
public struct ImageFileName: Sendable, Hashable {
    /// The name without directory, scale, device modifier or extension.
    public var stem: String
    /// The `@Nx` scale, if the name has one.
    public var scale: Int?
    /// The `~device` modifier (`iphone`, `ipad`), lowercased, if the name has one.
    public var device: String?
    /// The extension without its dot, lowercased (`png`), or `""`.
    public var pathExtension: String

    /// Parses the last component of `path`.
    public init(path: String) {
        var name = Substring(path.split(separator: "/", omittingEmptySubsequences: false).last ?? "")
        pathExtension = ""
        if let dot = name.lastIndex(of: "."), dot != name.startIndex {
            pathExtension = name[name.index(after: dot)...].lowercased()
            name = name[..<dot]
        }
        device = nil
        if let tilde = name.lastIndex(of: "~"), tilde != name.startIndex {
            let modifier = name[name.index(after: tilde)...]
            if !modifier.isEmpty, modifier.allSatisfy({ $0.isLetter }) {
                device = modifier.lowercased()
                name = name[..<tilde]
            }
        }
        scale = nil
        if let at = name.lastIndex(of: "@"), at != name.startIndex, name.hasSuffix("x") {
            let digits = name[name.index(after: at)..<name.index(before: name.endIndex)]
            if let value = Int(digits), value >= 1, value <= 9, digits.allSatisfy(\.isASCII) {
                scale = value
                name = name[..<at]
            }
        }
        stem = String(name)
    }

    /// ``stem`` without every `@Nx` left at its end: `c` for `c@2x@3x.gif`, whose stem is `c@2x`.
    /// A name suggested from it carries the one scale it is given (`c.gif`, not `c@2x.gif`, which
    /// readers take as @2x).
    public var unscaledStem: String {
        var bare = stem
        // Parsed with an extension of its own, so a dot in the stem (`my.file@2x`) stays in it.
        while true {
            let parsed = ImageFileName(path: bare + ".x")
            guard parsed.scale != nil, parsed.device == nil else { return bare }
            bare = parsed.stem
        }
    }
}

extension ImageFileName {
    /// The scales (`@Nx`, pixels per point) a setting may ask for, everywhere one is checked: 1…3,
    /// the `@1x`, `@2x` and `@3x` of UIKit's screens (a name may carry a higher `@Nx`; no setting asks for it). `AssembleJob.scale`, `Animation.load(_:scale:)`, `Animation.scale`,
    /// `SheetJob.scales`, `sequence.json`'s `scale` and the validator's required scales: a value
    /// outside is refused with a ``SettingError`` (``scaleError(_:of:)``).
    public static let scaleRange: ClosedRange<Int> = 1...3

    /// The pixels per point Flipbook draws at: 1…8, for scenes (`draw`, `render`), text and notes,
    /// and the frames `GIF.Encoder` dithers for. A still PNG may be named at any of them
    /// (`hero@4x.png`); frames and animation files (GIF, APNG, WebP) only at ``scaleRange``, as
    /// UIKit reads them (``animationScaleRefusal(_:animated:drawnAt:)``): an animation drawn at `@4x` is named
    /// without its scale.
    public static let drawingScaleRange: ClosedRange<Int> = 1...8

    /// The error for `scale` set on `owner` (`RenderJob`, `nil` for an argument) when it is outside
    /// ``drawingScaleRange``; `nil` when it is inside.
    public static func drawingScaleError(_ scale: Int, of owner: String?) -> SettingError? {
        drawingScaleRange.contains(scale) ? nil : SettingError(.scale, of: owner, value: scale, allowed: .range(drawingScaleRange))
    }

    /// The error for `scale` set on `owner` (`AssembleJob`, `nil` for an argument) when it is
    /// outside ``scaleRange``; `nil` when it is inside.
    public static func scaleError(_ scale: Int, of owner: String?) -> SettingError? {
        scaleRange.contains(scale) ? nil : SettingError(.scale, of: owner, value: scale, allowed: .range(scaleRange))
    }

    /// Why an animation file (`.gif`, `.apng`, `.webp`, or with `animated` any name: an APNG
    /// written as `.png`) may not be named `path`: its name gives a scale outside ``scaleRange``
    /// (`coin@4x.gif`), which no reader takes — an animation's frames are `@1x`…`@3x`, as a
    /// folder's are. `nil` for another name or extension (a `.png` not known to be animated may be
    /// a still image, named at any scale).
    ///
    /// The advice names what to call it: for an output whose frames are drawn at `drawnAt`
    /// pixels per point, the one right name (`o.gif` at @4x…@8x, `o@2x.gif` at @2x); otherwise
    /// (an input, or an output of unknown scale) both names a reader takes.
    public static func animationScaleRefusal(_ path: String, animated: Bool = false, drawnAt: Int? = nil) -> String? {
        let name = ImageFileName(path: path)
        guard animated || ["gif", "apng", "webp"].contains(name.pathExtension.lowercased()), let scale = name.scale,
              !scaleRange.contains(scale) else { return nil }
        let folder = path.contains("/") ? String(path[...path.lastIndex(of: "/")!]) : ""
        // UIKit's order: the scale, then the device (`coin@3x~ipad.gif`).
        let device = name.device.map { "~" + $0 } ?? "", stem = folder + name.stem, ext = name.pathExtension
        let advice: String = switch drawnAt {
        case let drawn? where scaleRange.contains(drawn):
            "name it \(stem)\(drawn == 1 ? "" : "@\(drawn)x")\(device).\(ext), the scale its frames are drawn at"
        case let drawn?:
            "name it \(stem)\(device).\(ext) (an animation drawn at @\(drawn)x is named without its scale)"
        case nil:
            "name it \(stem)\(device).\(ext) or \(stem)@\(scaleRange.upperBound)x\(device).\(ext)"
        }
        return "it is named @\(scale)x, and animations, as frames, are read at @\(scaleRange.lowerBound)x…@\(scaleRange.upperBound)x, the scales "
            + "UIKit loads: no reader takes it at @\(scale)x; " + advice
    }

    /// The scales UIKit tries for an image wanted at `scale`, among those `available`: the exact
    /// scale, then lower ones down to 1, then higher ones in increasing order.
    public static func scaleFallbackOrder(for scale: Int, available: some Sequence<Int>) -> [Int] {
        // Work in proportion to the scales available, not to `scale` (which may be `Int.max`).
        let present = Set(available)
        let lower = present.filter { $0 >= 1 && $0 <= scale }.sorted(by: >)
        return lower + present.filter { $0 > scale }.sorted()
    }
}
