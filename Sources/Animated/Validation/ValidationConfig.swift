import Basics
import Foundation

/// Settings for `flipbook validate`, from each validated folder's `.flipbook.json` or `--config`:
///
/// ```json
/// { "severities": { "frame.duplicate": "off", "png.colortype-mixed": "error" },
///   "expectedSize": [96, 128], "requiredScales": [1, 2],
///   "ignore": ["backup/*", "*/backup/*", "*_old.png"], "maxFileBytes": 1048576 }
/// ```
/// - `severities`: per rule ID, `error`, `warning`, `notice` or `off`.
/// - `expectedSize`: every frame's size in points (pixels ÷ scale).
/// - `requiredScales`: scales every frame must exist at.
/// - `ignore`: shell globs (`*`, `?`, `[...]`; `*` also crosses `/`) matched against each file's
///   path relative to the validated folder and against its name.
/// - `maxFileBytes`: the `file.too-large` limit (default 8 MiB).
/// - `uikit`: `true` also runs the `uikit.*` rules (``Rules/uikit``), as `flipbook validate --uikit` does.
public struct ValidationConfig: Sendable, Equatable, Codable {
    /// `.flipbook.json`: the name `flipbook validate` looks for in each folder it validates when
    /// no `--config` is given.
    public static let fileName = ".flipbook.json"
    /// The `file.too-large` budget when `maxFileBytes` is not set: 8 MiB (8 388 608 bytes).
    public static let defaultMaxFileBytes = 8 * 1024 * 1024

    /// A severity as `.flipbook.json` sets it for a rule: one of the ``Severity`` levels, or ``off``.
    public enum Level: String, Sendable, Codable {
        /// Report the rule's findings as errors (``Severity/error``): they fail the run.
        case error
        /// Report them as warnings (``Severity/warning``).
        case warning
        /// Report them as notices (``Severity/notice``).
        case notice
        /// Do not run the rule at all.
        case off
    }

    /// Rule → the level its findings are reported at, overriding the rule's
    /// ``ValidationRule/defaultSeverity``; rules not listed keep theirs. Reading refuses a name
    /// that is no ``RuleID``, suggesting the nearest or listing the known ones. Empty by default.
    public var severities: [RuleID: Level]
    /// `[width, height]` in points (pixels ÷ the file's `@Nx` scale), both positive: every frame
    /// of another point size is a `size.mismatch`. `nil` (the default) checks only that a
    /// sequence's frames agree with each other.
    public var expectedSize: [Double]?
    /// Scales (1, 2 or 3) that every frame must have a file for (`scale.missing-variant`). `nil`
    /// (the default) requires only the scales the sequence's other frames have.
    public var requiredScales: [Int]?
    /// Shell globs of files to leave out (`*`, `?`, `[...]`; `*` also crosses `/`), matched
    /// against each file's path relative to the validated folder and against its name
    /// (``isIgnored(_:)``). Empty by default.
    public var ignore: [String]
    /// The largest frame file, in bytes, before `file.too-large` reports it; positive.
    /// ``defaultMaxFileBytes`` (8 MiB) by default.
    public var maxFileBytes: Int
    /// Also check what `UIImage.animatedImageNamed(_:duration:)` would load: runs the `uikit.*`
    /// rules (``Rules/uikit``). Off by default; `flipbook validate --uikit` turns it on.
    public var uikit = false

    /// Settings with the given values and ``uikit`` off; the defaults are those of a missing
    /// `.flipbook.json`. Values are not checked here: ``check(file:)`` checks them, as ``decode(_:file:)``
    /// and ``Validator`` do.
    public init(severities: [RuleID: Level] = [:], expectedSize: [Double]? = nil, requiredScales: [Int]? = nil,
                ignore: [String] = [], maxFileBytes: Int = ValidationConfig.defaultMaxFileBytes) {
        self.severities = severities
        self.expectedSize = expectedSize
        self.requiredScales = requiredScales
        self.ignore = ignore
        self.maxFileBytes = maxFileBytes
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        // JSON keys are rule IDs; ``decode(_:file:)`` refuses unknown ones with a suggestion first.
        let named = try container.decodeIfPresent([String: Level].self, forKey: .severities) ?? [:]
        var severities: [RuleID: Level] = [:]
        for (name, level) in named {
            guard let rule = RuleID(rawValue: name) else {
                throw DecodingError.dataCorruptedError(forKey: .severities, in: container,
                                                       debugDescription: Self.unknownRule(name).description)
            }
            severities[rule] = level
        }
        self.severities = severities
        expectedSize = try container.decodeIfPresent([Double].self, forKey: .expectedSize)
        requiredScales = try container.decodeIfPresent([Int].self, forKey: .requiredScales)
        ignore = try container.decodeIfPresent([String].self, forKey: .ignore) ?? []
        maxFileBytes = try container.decodeIfPresent(Int.self, forKey: .maxFileBytes) ?? Self.defaultMaxFileBytes
        uikit = try container.decodeIfPresent(Bool.self, forKey: .uikit) ?? false
    }

    /// Why a config file could not be used.
    public enum Error: Swift.Error, Sendable, Equatable, CustomStringConvertible {
        /// The config file could not be read (missing, no permission, not a file): the file as
        /// given to ``read(file:)`` and the system's reason.
        case unreadable(file: String, reason: String)
        /// The file is JSON that does not fit the format: the key, type, value or rule ID at fault
        /// (`.flipbook.json: unknown rule "seq.gpa" in severities; did you mean "seq.gap"?`).
        case schema(SchemaError)

        /// The config file the error is about.
        public var file: String {
            switch self {
            case .unreadable(let file, _): file
            case .schema(let error): error.file
            }
        }

        /// The key, type, value or rule ID at fault, when the file does not fit the format (``schema(_:)``).
        public var schemaError: SchemaError? {
            if case .schema(let error) = self { error } else { nil }
        }

        /// One line naming the file: `file: reason`, or the schema error's description
        /// (`.flipbook.json: maxFileBytes: must be positive (found 0)`).
        public var description: String {
            switch self {
            case .unreadable(let file, let reason): "\(file): \(reason)"
            case .schema(let error): error.description
            }
        }
    }

    /// The settings for validating `roots`, as `flipbook validate` finds them: the file at `file`
    /// when one is given (it must exist), else the first root's `.flipbook.json` when there is one,
    /// else the defaults.
    public static func find(for roots: [String], file: String? = nil) throws(Error) -> ValidationConfig {
        if let file { return try read(file: file) }
        guard let first = roots.first else { return ValidationConfig() }
        let path = Discovery.trimmingSlash(first) + "/" + fileName
        // A link that leads out of the folder is refused unread, as a `sequence.json` that does
        // (round 66b: `.flipbook.json -> ../secret.json` was applied, and its keys named in errors).
        if FileIO.isSymbolicLink(path), let real = FileIO.resolvedPath(path),
           let folder = FileIO.resolvedPath(FileIO.parentDirectory(of: path)), !real.hasPrefix(folder == "/" ? "/" : folder + "/") {
            throw .unreadable(file: path, reason: "a symbolic link to \(real), outside the folder: a folder's settings are read only from "
                              + "the folder; copy the file into the folder in place of the link, or give it as the config file (ValidationConfig.find's file)")
        }
        return FileManager.default.fileExists(atPath: path) ? try read(file: path) : ValidationConfig()
    }

    /// Reads the config file at the file URL `url`, as ``read(file:)`` reads a path.
    public static func read(url: URL) throws(Error) -> ValidationConfig {
        try read(file: url.filePathForFlipbook)
    }

    /// Reads a config file and checks it against the known rules.
    public static func read(file path: String) throws(Error) -> ValidationConfig {
        let bytes: [UInt8]
        do { bytes = try FileIO.readAll(path) } catch { throw .unreadable(file: path, reason: error.reason) }
        return try decode(bytes, file: path)
    }

    /// Parses config JSON and checks it against the known rules; `file` names the data in errors.
    /// Reading is strict (Basics' `StrictDecoder`): the known keys are the ones ``init(from:)``
    /// reads, so any other key, a value of the wrong type, a rule ID that does not exist, a value
    /// out of range or an `expectedSize` that is not two numbers is an ``Error`` naming the key,
    /// with the nearest known name as a suggestion.
    public static func decode(_ bytes: [UInt8], file path: String) throws(Error) -> ValidationConfig {
        let config: ValidationConfig
        do throws(SchemaError) {
            // Rule names first, so an unknown one is said with the nearest known name or the list.
            let tree = try InputValue.json(bytes, file: path).value
            if let named = (tree as? [String: Any])?["severities"] as? [String: Any],
               let unknown = named.keys.sorted().first(where: { RuleID(rawValue: $0) == nil }) {
                throw unknownRule(unknown, file: path)
            }
            var warnings: [SchemaError] = []
            config = try StrictDecoder(file: path).decode(ValidationConfig.self, from: tree, warnings: &warnings)
        } catch {
            throw .schema(error)
        }
        try config.check(file: path)
        return config
    }

    /// Checks the values as ``decode(_:file:)`` checks what it reads: `expectedSize` is two
    /// positive numbers, each of `requiredScales` is 1, 2 or 3, `maxFileBytes` is positive and each
    /// `ignore` glob matches as written (no `[` left open, no backwards range). A
    /// config built in Swift is checked by ``Validator`` before anything is read; `file` names the
    /// config in the error (empty for one built in code).
    public func check(file: String = "") throws(Error) {
        if let size = expectedSize, size.count != 2 {
            throw .schema(SchemaError(file: file, path: "expectedSize",
                                            problem: .countMismatch(expected: 2, found: size.count, reason: "[width, height] in points")))
        }
        // No PNG side is longer than 2³¹ − 1 pixels: a size past it can match no frame (9.3e18 trapped).
        if let size = expectedSize, let bad = size.firstIndex(where: { !($0 > 0 && $0 <= Double(Int32.max)) }) {
            throw .schema(SchemaError(file: file, path: InputPath("expectedSize").appending(index: bad),
                                            problem: .outOfRange(requirement: "must be a positive number of points, at most 2147483647 (a PNG's longest side)"),
                                            found: InputValue.format(size[bad])))
        }
        if let scales = requiredScales, let bad = scales.firstIndex(where: { !ImageFileName.scaleRange.contains($0) }) {
            throw .schema(SchemaError(file: file, path: InputPath("requiredScales").appending(index: bad),
                                            problem: .outOfRange(requirement: "must be \(ImageFileName.scaleRange.lowerBound)…\(ImageFileName.scaleRange.upperBound)"), found: String(scales[bad])))
        }
        if maxFileBytes <= 0 {
            throw .schema(SchemaError(file: file, path: "maxFileBytes", problem: .outOfRange(requirement: "must be positive"),
                                            found: String(maxFileBytes)))
        }
        // A glob that matches nothing as written was taken without a word (round 70).
        for (index, pattern) in ignore.enumerated() {
            if let problem = Glob.problem(in: pattern) {
                throw .schema(SchemaError(file: file, path: InputPath("ignore").appending(index: index),
                                          problem: .outOfRange(requirement: "must be a glob that matches as written: \(problem)"), found: pattern))
            }
        }
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

extension ValidationConfig {
    /// The refusal of `name` in `severities`: the nearest rule ID when one is near, else the list
    /// of rule IDs.
    static func unknownRule(_ name: String, file: String = "") -> SchemaError {
        let known = RuleID.allCases.map(\.rawValue)
        if Suggestion.nearest(to: name, among: known) != nil {
            return SchemaError.unknownKey(name, in: "severities", file: file, known: known, noun: "rule")
        }
        return SchemaError(file: file, path: InputPath("severities").appending(name),
                           problem: .invalid(reason: "unknown rule \(InputPath.quote(name)); the rules are \(known.joined(separator: ", "))"))
    }
}

extension ValidationConfig.Level: CaseIterable, KnownValues {}
