/// An input asked for more than a ``ResourceLimits`` value allows. Thrown before the work or the
/// allocation, so nothing is spent on it; the message names the limit and the ``ResourceLimits``
/// property that raises it (the CLI says which flag does).
public struct LimitError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Which limit.
    public enum Limit: String, Sendable, Hashable, CaseIterable {
        /// The limits of ``ResourceLimits``, one case each: `pixels` (``ResourceLimits/maxPixels``, pixels of
        /// one image), `frames` (``ResourceLimits/maxFrames``), `pathSegments`
        /// (``ResourceLimits/maxPathSegments``), `flattenedEdges` (``ResourceLimits/maxFlattenedEdges``) and
        /// `decodedBytes` (``ResourceLimits/maxDecodedBytes``, bytes of decoded pixels held at once)
        /// and `outputPixels` (``ResourceLimits/maxOutputPixels``, pixels of all the frames one
        /// run writes) and `drawingWork` (``ResourceLimits/maxDrawingWork``, the drawing all the
        /// frames of one run do, in pixels' worth).
        case pixels, frames, pathSegments, flattenedEdges, decodedBytes, outputPixels, drawingWork

        /// The ``ResourceLimits`` property that holds this limit (`maxPixels`, …).
        public var property: String {
            switch self {
            case .pixels: "maxPixels"
            case .frames: "maxFrames"
            case .pathSegments: "maxPathSegments"
            case .flattenedEdges: "maxFlattenedEdges"
            case .decodedBytes: "maxDecodedBytes"
            case .outputPixels: "maxOutputPixels"
            case .drawingWork: "maxDrawingWork"
            }
        }

        /// What the limit counts, in the plural.
        public var unit: String {
            switch self {
            case .pixels: "pixels"
            case .frames: "frames"
            case .pathSegments: "path segments"
            case .flattenedEdges: "flattened edges"
            case .decodedBytes: "bytes of decoded pixels"
            case .outputPixels: "pixels of frames in all"
            case .drawingWork: "pixels' worth of drawing over all the frames"
            }
        }
    }

    /// The limit exceeded.
    public var limit: Limit
    /// What asked for it: a file, "the scene", "--size".
    public var subject: String
    /// How much was asked for; `nil` when the work stopped at the limit without counting the rest
    /// (or the amount does not fit in an `Int`); negative for a size with a negative side, which
    /// no limit allows (the description then says so, not that it is over the limit).
    public var amount: Int?
    /// The limit's value.
    public var maximum: Int
    /// A more natural statement of the amount (`16000×16000`), when there is one.
    public var detail: String?

    /// An error for `amount` of `limit` asked for by `subject`.
    public init(limit: Limit, subject: String, amount: Int?, maximum: Int, detail: String? = nil) {
        self.limit = limit
        self.subject = subject
        self.amount = amount
        self.maximum = maximum
        self.detail = detail
    }

    /// `subject: needs 256 000 000 pixels (16000×16000), over the limit of 67 108 864; raise
    /// ResourceLimits.maxPixels to allow it`, or `subject: needs more than 20 000 frames, the limit; …`.
    /// A limit that is not positive is the caller's setting, not the input's fault, and says so:
    /// `subject: ResourceLimits.maxPixels must be positive (got -1)`.
    public var description: String {
        let detail = detail.map { " (\($0))" } ?? ""
        let raise = "raise ResourceLimits.\(limit.property) to allow it"
        if maximum < 1 {
            return "\(subject): " + SettingError(.limit(limit), of: "ResourceLimits", value: maximum, allowed: .atLeast(1)).description
        }
        if let amount, amount < 0 { return "\(subject): a size of \(self.detail ?? String(amount)) has a negative side; sizes are 0 or more" }
        guard let amount else {
            return "\(subject): needs more than \(Self.group(maximum)) \(limit.unit)\(detail), the limit; \(raise)"
        }
        return "\(subject): needs \(Self.group(amount)) \(limit.unit)\(detail), over the limit of "
            + "\(Self.group(maximum)); \(raise)"
    }

    /// `1 234 567`: digits in groups of three.
    package static func group(_ value: Int) -> String {
        let digits = Array(String(value.magnitude))
        var out = ""
        for (i, digit) in digits.enumerated() {
            if i > 0, (digits.count - i) % 3 == 0 { out.append(" ") }
            out.append(digit)
        }
        return value < 0 ? "-" + out : out
    }

    /// A double as written: whole numbers without `.0`, non-finite values by name.
    package static func format(_ value: Double) -> String {
        guard value.isFinite else { return value.isNaN ? "NaN" : (value > 0 ? "∞" : "-∞") }
        return value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}
