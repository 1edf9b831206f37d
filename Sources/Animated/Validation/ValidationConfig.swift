import Foundation
import Raster

/// Settings for `flipbook validate`, from `.flipbook.json` at the validated root or `--config`:
///
/// ```json
/// { "severities": { "frame.duplicate": "off", "png.colortype-mixed": "error" },
///   "expectedSize": [96, 128], "requiredScales": [1, 2],
///   "ignore": ["*/backup/*", "*_old.png"], "maxFileBytes": 1048576 }
/// ```
/// - `severities`: per rule ID, `error`, `warning`, `notice` or `off`.
/// - `expectedSize`: every frame's size in points (pixels ÷ scale).
/// - `requiredScales`: scales every frame must exist at.
/// - `ignore`: shell globs (`*`, `?`, `[...]`; `*` also crosses `/`) matched against each file's
///   path relative to the validated folder and against its name.
/// - `maxFileBytes`: the `file.too-large` limit (default 8 MiB).
/// - `uikit`: `true` also runs the `uikit.*` rules (``Rules/uikit``), as `flipbook validate --uikit` does.
public struct ValidationConfig: Sendable, Equatable, Codable {
    public static let fileName = ".flipbook.json"
    public static let defaultMaxFileBytes = 8 * 1024 * 1024

    public enum Level: String, Sendable, Codable {
        case error, warning, notice, off
    }

    public var severities: [String: Level]
    public var expectedSize: [Double]?
    public var requiredScales: [Int]?
    public var ignore: [String]
    public var maxFileBytes: Int
    /// Also check what `UIImage.animatedImageNamed(_:duration:)` would load: runs the `uikit.*`
    /// rules (``Rules/uikit``). Off by default; `flipbook validate --uikit` turns it on.
    public var uikit = false

    public init(severities: [String: Level] = [:], expectedSize: [Double]? = nil, requiredScales: [Int]? = nil,
                ignore: [String] = [], maxFileBytes: Int = ValidationConfig.defaultMaxFileBytes) {
        self.severities = severities
        self.expectedSize = expectedSize
        self.requiredScales = requiredScales
        self.ignore = ignore
        self.maxFileBytes = maxFileBytes
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        severities = try container.decodeIfPresent([String: Level].self, forKey: .severities) ?? [:]
        expectedSize = try container.decodeIfPresent([Double].self, forKey: .expectedSize)
        requiredScales = try container.decodeIfPresent([Int].self, forKey: .requiredScales)
        ignore = try container.decodeIfPresent([String].self, forKey: .ignore) ?? []
        maxFileBytes = try container.decodeIfPresent(Int.self, forKey: .maxFileBytes) ?? Self.defaultMaxFileBytes
        uikit = try container.decodeIfPresent(Bool.self, forKey: .uikit) ?? false
    }

    /// Why a config file could not be used.
    public struct Error: Swift.Error, Sendable, Equatable, CustomStringConvertible {
        public var file: String
        public var reason: String
        /// The key, type, value or rule ID at fault, when the file is JSON that does not fit the
        /// format: `.flipbook.json: unknown rule "seq.gpa" in severities; did you mean "seq.gap"?`.
        public var schema: SchemaError?
        public var description: String { schema?.description ?? "\(file): \(reason)" }
    }

    /// Reads a config file and checks it against the known rules.
    public static func read(file path: String) throws(Error) -> ValidationConfig {
        let bytes: [UInt8]
        do { bytes = try FileIO.readAll(path) } catch { throw Error(file: path, reason: error.reason) }
        return try decode(bytes, file: path)
    }

    /// Parses config JSON and checks it against the known rules; `file` names the data in errors.
    /// Reading is strict (``StrictDecoder``): the known keys are the ones ``init(from:)`` reads, so
    /// any other key, a value of the wrong type, a rule ID that does not exist or a value out of
    /// range is an error naming the key, with the nearest known name as a suggestion.
    public static func decode(_ bytes: [UInt8], file path: String) throws(Error) -> ValidationConfig {
        let config: ValidationConfig
        do {
            config = try StrictDecoder(file: path).decode(ValidationConfig.self, fromJSON: bytes)
            try KnownKeys(Rules.all.map { $0.id }).check(config.severities.keys, at: "severities", file: path, noun: "rule")
        } catch {
            throw Error(schema: error)
        }
        if let size = config.expectedSize, size.count != 2 {
            throw Error(schema: SchemaError(file: path, path: "expectedSize",
                                            problem: .countMismatch(expected: 2, found: size.count, reason: "[width, height] in points")))
        }
        if let size = config.expectedSize, let bad = size.firstIndex(where: { !($0 > 0) }) {
            throw Error(schema: SchemaError(file: path, path: InputPath("expectedSize").appending(index: bad),
                                            problem: .outOfRange(requirement: "must be a positive number of points"),
                                            found: InputValue.format(size[bad])))
        }
        if let scales = config.requiredScales, let bad = scales.firstIndex(where: { !(1...3).contains($0) }) {
            throw Error(schema: SchemaError(file: path, path: InputPath("requiredScales").appending(index: bad),
                                            problem: .outOfRange(requirement: "must be 1, 2 or 3"), found: String(scales[bad])))
        }
        if config.maxFileBytes <= 0 {
            throw Error(schema: SchemaError(file: path, path: "maxFileBytes", problem: .outOfRange(requirement: "must be positive"),
                                            found: String(config.maxFileBytes)))
        }
        return config
    }

    /// The severity `rule` reports at, or `nil` when it is turned off.
    public func severity(of rule: any ValidationRule.Type) -> Severity? {
        switch severities[rule.id] {
        case nil: rule.defaultSeverity
        case .off: nil
        case .error: .error
        case .warning: .warning
        case .notice: .notice
        }
    }

    /// `true` when `relativePath` (or its file name) matches an ignore glob.
    public func isIgnored(_ relativePath: String) -> Bool {
        let name = String(relativePath.split(separator: "/").last ?? "")
        return ignore.contains { pattern in
            Glob.matches(pattern, relativePath) || Glob.matches(pattern, name)
        }
    }
}

extension ValidationConfig.Error {
    /// The error for `schema`, in `schema.file`.
    public init(schema: SchemaError) {
        let text = schema.description
        self.init(file: schema.file, reason: String(text.dropFirst(min(text.count, schema.file.count + 2))), schema: schema)
    }
}

extension ValidationConfig.Level: CaseIterable, KnownValues {}
