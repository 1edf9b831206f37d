/// A setting of a job or an encoder that cannot be used as given: which setting (``setting``, a
/// value to switch over), on which type (``owner``), the value given (``value``) and what is wrong
/// with it (``problem``: the values allowed, a format it means nothing for, another setting it
/// cannot go with). Every job and encoder throws this for its settings (`AssembleError.setting`,
/// `SheetJobError.setting`, the encoders' `EncodeError.setting`), before any work.
///
/// ```swift
/// catch .setting(let error) {
///     switch error.setting {
///     case .repeatCount: highlight(repeatField, error.description)
///     case .limit(let limit): raise(limit)
///     default: show(error.description)
///     }
/// }
/// ```
///
/// ``description`` names the setting as Swift spells it (`AssembleJob.repeatCount is 0 (forever)
/// or a number of plays, 1…65536 for GIF (got 70000)`); ``description(naming:)`` names it in the
/// caller's words (the CLI's flags).
public struct SettingError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Which setting: one case per setting the jobs and encoders check, named as their property is.
    public enum Setting: Sendable, Hashable, CustomStringConvertible {
        /// Plays in all, UIKit's meaning (0 forever): `AssembleJob`, `GIF.Encoder`, `APNG.Encoder`, `WebP.Encoder`.
        case repeatCount
        /// Pixels per point: `AssembleJob.scale` (which `@Nx` files), `GIF.Encoder.scale`.
        case scale
        /// The scales packed with one layout: `SheetJob.scales`.
        case scales
        /// The most threads a job uses: `AssembleJob.threads`, `SheetJob.threads`.
        case threads
        /// Entries of a colour table: `GIF.Encoder.colors`.
        case colors
        /// How GIF's one bit of alpha is made: `GIF.Encoder.alpha`.
        case alpha
        /// The colour kept soft edge pixels are blended with: `GIF.Encoder.edgeMatte`.
        case edgeMatte
        /// How colours are dithered: `GIF.Encoder.dithering`.
        case dithering
        /// The encoder's quality: `GIF.Encoder.quality` (a mode), `WebP.Encoder.quality` (0…100).
        case quality
        /// Frames per second: `SheetJob.fps`, `Animation.Timing.fps`.
        case fps
        /// The length of one play, in seconds: `Animation.duration`, `Animation.Timing.duration`.
        case duration
        /// One frame's delay, in seconds: `Animation.Timing.delays[index]`.
        case delays(index: Int)
        /// One frame's duration, in seconds: `Animation.frameDurations[index]`.
        case frameDurations(index: Int)
        /// The largest acceptable file, in bytes: `AssembleJob.maxBytes`, the encoders' `maxBytes` argument.
        case maxBytes
        /// The zlib level of PNG pages: `SheetJob.pngLevel`.
        case pngLevel
        /// Pixels between sprites: `SheetBuilder.padding`.
        case padding
        /// Pixels around the page edge: `SheetBuilder.border`.
        case border
        /// Transparent pixels kept around trimmed content: `SheetBuilder.trimMargin`.
        case trimMargin
        /// Edge pixels repeated outward: `SheetBuilder.extrude`.
        case extrude
        /// The largest page side: `SheetBuilder.maxSide`.
        case maxSide
        /// `Blur.sigma`: the blur's standard deviation, in points.
        case sigma
        /// `Blur.saturation`: the saturation factor.
        case saturation
        /// `Blur.downsample`: the factor the blur works smaller by.
        case downsample
        /// Text's `TextStyle.size`: points per em.
        case size
        /// Text's `NoteJob.fontSize`: points per em.
        case fontSize
        /// Text's `TextStyle.lineSpacing`: points added between lines.
        case lineSpacing
        /// Text's `TextLayout` and `Note` `maxWidth`: the widest a line may be, in points.
        case maxWidth
        /// Text's `NoteJob.insets`: the chrome's cap insets, in points.
        case insets
        /// Text's `TextLayout.draw(into:x:y:)` `x` and `y`: where the layout's corner goes, in points.
        case position
        /// A generator's pen width, in points: `Seagull.lineWidth`, `Freehand.lineWidth`.
        case lineWidth
        /// `Seagull.lowWing`: the wing tips' height with the wings down, in unit space.
        case lowWing
        /// `Seagull.highWing`: the wing tips' height with the wings up, in unit space.
        case highWing
        /// `Scatter.circleRadius`: the central circle's radius, in points.
        case circleRadius
        /// `Scatter.circleStrokeWidth`: the width of the circle's outline, in points.
        case circleStrokeWidth
        /// `Scatter.spread`: how far from the centre the images land, in points.
        case spread
        /// `Scatter.count`: how many images are drawn.
        case count
        /// `Explosion.sparks`: how many sparks fly out.
        case sparks
        /// One sample of a drawing, `[x, y]` in points: `Freehand.strokes[stroke][sample]`.
        case strokes(stroke: Int, sample: Int)
        /// A resource limit: `ResourceLimits.maxPixels` and the others (``LimitError/Limit/property``).
        case limit(LimitError.Limit)

        /// The property's name as Swift spells it: `repeatCount`, `maxPixels`.
        public var name: String {
            switch self {
            case .repeatCount: "repeatCount"
            case .scale: "scale"
            case .scales: "scales"
            case .threads: "threads"
            case .colors: "colors"
            case .alpha: "alpha"
            case .edgeMatte: "edgeMatte"
            case .dithering: "dithering"
            case .quality: "quality"
            case .fps: "fps"
            case .duration: "duration"
            case .delays(let index): "delays[\(index)]"
            case .frameDurations(let index): "frameDurations[\(index)]"
            case .maxBytes: "maxBytes"
            case .pngLevel: "pngLevel"
            case .padding: "padding"
            case .border: "border"
            case .trimMargin: "trimMargin"
            case .extrude: "extrude"
            case .maxSide: "maxSide"
            case .sigma: "sigma"
            case .saturation: "saturation"
            case .downsample: "downsample"
            case .size: "size"
            case .fontSize: "fontSize"
            case .lineSpacing: "lineSpacing"
            case .maxWidth: "maxWidth"
            case .insets: "insets"
            case .position: "x, y"
            case .lineWidth: "lineWidth"
            case .lowWing: "lowWing"
            case .highWing: "highWing"
            case .circleRadius: "circleRadius"
            case .circleStrokeWidth: "circleStrokeWidth"
            case .spread: "spread"
            case .count: "count"
            case .sparks: "sparks"
            case .strokes(let stroke, let sample): "strokes[\(stroke)][\(sample)]"
            case .limit(let limit): limit.property
            }
        }

        /// ``name``.
        public var description: String { name }
    }

    /// The values a setting may take.
    public enum Allowed: Sendable, Hashable, CustomStringConvertible {
        /// Whole numbers from the range's lower bound to its upper bound.
        case range(ClosedRange<Int>)
        /// Whole numbers from this one up.
        case atLeast(Int)
        /// Numbers, fractions included, within the range.
        case interval(ClosedRange<Double>)
        /// A list of whole numbers of the range, each at most once, smallest first (`SheetJob.scales`).
        case ascending(ClosedRange<Int>)
        /// A number of seconds above 0 and at most this many (a duration: at most a day; `.infinity`
        /// when the bound is not known yet: any positive, finite number).
        case seconds(atMost: Double)
        /// Numbers, fractions included, above the first and at most the second (a text size: above 0, at most 1000).
        case above(Double, atMost: Double)
        /// Any number but NaN and the infinities (a point of a drawing).
        case finite
        /// Cap insets whose left + right is under `width` and top + bottom under `height` (points):
        /// a chrome of that size keeps a centre to grow by (`NoteJob.insets`).
        case capInsets(width: Double, height: Double)

        /// Whether `value` is one of the values allowed (a list for ``ascending(_:)``, one number otherwise).
        public func contains(_ value: Int) -> Bool {
            switch self {
            case .range(let range): range.contains(value)
            case .atLeast(let lowest): value >= lowest
            case .interval(let range): range.contains(Double(value))
            case .ascending(let range): range.contains(value)
            case .seconds(let most): value > 0 && Double(value) <= most
            case .above(let lowest, let most): Double(value) > lowest && Double(value) <= most
            case .finite: true
            case .capInsets(let width, let height): value >= 0 && Double(value) < min(width, height)
            }
        }

        /// `1…3`, `at least 1`, `between 1/86400 and 1000`, `1…4, each once, smallest first`.
        public var description: String {
            switch self {
            case .range(let range): "\(range.lowerBound)…\(range.upperBound)"
            case .atLeast(let lowest): "at least \(lowest)"
            case .interval(let range): "between \(Self.number(range.lowerBound)) and \(Self.number(range.upperBound))"
            case .ascending(let range): "\(range.lowerBound)…\(range.upperBound), each once, smallest first"
            case .seconds(86_400): "positive, at most a day (86400 s)"
            case .seconds(.infinity): "positive and finite"
            case .seconds(let most): "positive, at most \(Self.number(most)) s"
            case .above(let lowest, let most): "above \(Self.number(lowest)), at most \(Self.number(most))"
            case .finite: "finite (not NaN or infinite)"
            case .capInsets(let width, let height):
                "left + right under \(Self.number(width)) and top + bottom under \(Self.number(height)) (points)"
            }
        }

        /// `1000`, `2.5`, and a small bound as the fraction it is (`1/86400`).
        static func number(_ value: Double) -> String {
            if value > 0, value < 1, (1 / value).rounded() == 1 / value, 1 / value < 1e15 { return "1/\(LimitError.format(1 / value))" }
            return LimitError.format(value)
        }
    }

    /// What is wrong with the value.
    public enum Problem: Sendable, Hashable {
        /// The value is not one of the values allowed.
        case outOfRange(Allowed)
        /// The value comes from the source (a GIF's loop count) and is not one the output allows:
        /// setting ``SettingError/setting`` replaces it.
        case sourceOutOfRange(Allowed)
        /// The setting means nothing for the output's format (``SettingError/format``): `maxBytes` for a lossless APNG.
        case notForFormat
        /// The value cannot go with another setting of the same type, set to `value`.
        case conflicts(with: Setting, value: String)
    }

    /// The type that holds the setting, as Swift spells it (`AssembleJob`, `WebP.Encoder`,
    /// `ResourceLimits`); `nil` for an argument of a call (the encoders' `maxBytes`).
    public var owner: String?
    /// Which setting.
    public var setting: Setting
    /// The value given, as Swift prints it (`70000`, `[2, 1]`, `ordered`).
    public var value: String
    /// What is wrong with it.
    public var problem: Problem
    /// The output format the rule is about (`GIF`), when it depends on the format.
    public var format: String?
    /// Why the rule is what it is, when that helps (`its loop block holds 16 bits`).
    public var reason: String?

    /// An error for `setting` of `owner` (`nil` for an argument) given `value`, with `problem`;
    /// `format` and `reason` as the properties say.
    public init(_ setting: Setting, of owner: String?, value: String, problem: Problem, format: String? = nil, reason: String? = nil) {
        self.owner = owner
        self.setting = setting
        self.value = value
        self.problem = problem
        self.format = format
        self.reason = reason
    }

    /// An error for `setting` of `owner` (`nil` for an argument) given `value`, which is not one of `allowed`.
    public init(_ setting: Setting, of owner: String?, value: Int, allowed: Allowed, format: String? = nil, reason: String? = nil) {
        self.init(setting, of: owner, value: String(value), problem: .outOfRange(allowed), format: format, reason: reason)
    }

    /// An error for `setting` of `owner` (`nil` for an argument) given `value` (written as a whole
    /// number when it is one), which is not one of `allowed`.
    public init(_ setting: Setting, of owner: String?, value: Double, allowed: Allowed, format: String? = nil, reason: String? = nil) {
        self.init(setting, of: owner, value: LimitError.format(value), problem: .outOfRange(allowed), format: format, reason: reason)
    }

    /// The values allowed, when the problem is the value's range.
    public var allowed: Allowed? {
        switch problem {
        case .outOfRange(let allowed), .sourceOutOfRange(let allowed): allowed
        case .notForFormat, .conflicts: nil
        }
    }

    /// What is wrong, naming the setting as Swift spells it (`AssembleJob.scale is 1…3 (got 4)`).
    public var description: String { description(naming: { _ in nil }) }

    /// What is wrong, naming each setting as `name` says (a command-line flag: `--scale is 1…3
    /// (got 4)`), or as Swift spells it where `name` returns `nil`.
    public func description(naming name: (Setting) -> String?) -> String {
        func called(_ setting: Setting) -> String { name(setting) ?? (owner.map { "\($0)." } ?? "") + setting.name }
        let because = reason.map { ": \($0)" } ?? ""
        let forFormat = format.map { " for \($0)" } ?? ""
        switch problem {
        case .outOfRange(let allowed):
            let unit = if case .seconds = allowed { " s" } else { "" }
            return "\(called(setting)) \(rule(allowed))\(forFormat) (got \(value)\(unit))\(because)"
        case .sourceOutOfRange(let allowed) where setting == .repeatCount:
            return "the source plays \(value) times, more than \(format ?? "the output") can say (0 forever, or \(plays(allowed))): "
                + "set \(called(setting))\(because)"
        case .sourceOutOfRange(let allowed):
            return "the source's \(setting.name) is \(value), not \(allowed)\(forFormat): set \(called(setting))\(because)"
        case .notForFormat:
            return "\(called(setting)) does not apply to \(format ?? "this format")\(because)"
        case .conflicts(let other, let otherValue):
            return "\(called(setting)) \(value) cannot go with \(called(other)) \(otherValue)\(because)"
        }
    }

    /// `is 1…3`, `must be positive`, `cannot be negative`, `is 0 (forever) or 1…65536 plays`.
    private func rule(_ allowed: Allowed) -> String {
        switch allowed {
        case .range(let range) where setting == .repeatCount && range.lowerBound == 0:
            "is 0 (forever) or \(plays(allowed))"
        case .atLeast(0): "cannot be negative"
        case .atLeast(1): "must be positive"
        case .interval, .seconds, .above, .finite: "must be \(allowed)"
        case .capInsets: "must leave the chrome a centre: \(allowed)"
        case .ascending(let range) where range.lowerBound < range.upperBound:
            "are \(allowed), e.g. [\(range.lowerBound), \(range.lowerBound + 1)]"
        case .ascending: "are \(allowed)"
        default: "is \(allowed)"
        }
    }

    /// `1…65536 plays`.
    private func plays(_ allowed: Allowed) -> String {
        guard case .range(let range) = allowed else { return "\(allowed) plays" }
        return "\(max(1, range.lowerBound))…\(range.upperBound) plays"
    }
}
