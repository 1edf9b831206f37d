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
        public var description: String { "\(file): \(reason)" }
    }

    /// Reads a config file and checks it against the known rules.
    public static func read(file path: String) throws(Error) -> ValidationConfig {
        let bytes: [UInt8]
        do { bytes = try FileIO.readAll(path) } catch { throw Error(file: path, reason: error.reason) }
        return try decode(bytes, file: path)
    }

    /// Parses config JSON and checks it against the known rules; `file` names the data in errors.
    public static func decode(_ bytes: [UInt8], file path: String) throws(Error) -> ValidationConfig {
        let config: ValidationConfig
        do {
            config = try JSONDecoder().decode(ValidationConfig.self, from: Data(bytes))
        } catch {
            throw Error(file: path, reason: "not a valid config: \(error)")
        }
        let known = Set(Rules.all.map { $0.id })
        if let unknown = config.severities.keys.sorted().first(where: { !known.contains($0) }) {
            throw Error(file: path, reason: "unknown rule '\(unknown)'; rules are \(known.sorted().joined(separator: ", "))")
        }
        if let size = config.expectedSize, size.count != 2 || size.contains(where: { !($0 > 0) }) {
            throw Error(file: path, reason: "expectedSize must be [width, height] in points")
        }
        if let scales = config.requiredScales, scales.contains(where: { !(1...3).contains($0) }) {
            throw Error(file: path, reason: "requiredScales may hold 1, 2 and 3")
        }
        if config.maxFileBytes <= 0 { throw Error(file: path, reason: "maxFileBytes must be positive") }
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
