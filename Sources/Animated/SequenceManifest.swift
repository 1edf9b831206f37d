import Basics
import Foundation

/// The optional `sequence.json` of a sequence folder (specified in the repository's
/// `docs/Formats.md`, "`sequence.json`: a sequence's timing"; the timing words in `docs/Timing.md`):
///
/// ```json
/// { "name": "explosion", "fps": 30, "repeatCount": 0, "direction": "forward",
///   "frameDurations": null, "highlighted": "explosion_hl", "scale": 2 }
/// ```
/// `duration` (seconds) may replace `fps`; `frameDurations` (milliseconds, one per frame) overrides both.
///
/// Every field is optional (`nil`, or `null` in the file, means absent). Reading is strict (Basics'
/// `StrictDecoder`): a key that is not one of these, a value of the wrong type or out of range is an
/// ``Error/schema(_:)`` error naming the key, with the nearest known key or value as a suggestion.
public struct SequenceManifest: Sendable, Equatable, Codable {
    /// `sequence.json`: the name looked for in a sequence's folder (``Animation/load(_:scale:device:)``,
    /// ``Validator``).
    public static let fileName = "sequence.json"

    /// The prefix of the sequence's frames.
    public var name: String?
    /// Steps per second, from 1/86400 to 1000: one play lasts its steps ÷ `fps` seconds (a
    /// ping-pong of n frames has 2n − 2 steps). Not together with ``duration``; without either
    /// (and without ``frameDurations``) a step shows 1/30 s, as in UIKit.
    public var fps: Double?
    /// The length of one play in seconds, more than 0 and at most 86400 (a day), shared evenly by
    /// its steps. Not together with ``fps``.
    public var duration: Double?
    /// UIKit's `repeatCount`: 0 plays forever, N ≥ 1 plays N times in all. `nil` means 0.
    public var repeatCount: Int?
    /// The order of one play: forward (the default when `nil`), reverse or ping-pong.
    public var direction: Animation.Direction?
    /// Milliseconds per frame, one per frame, each more than 0 and at most 86 400 000 (a day);
    /// overrides ``fps`` and ``duration``.
    public var frameDurations: [Double]?
    /// The prefix of the highlighted frames, in the same folder.
    public var highlighted: String?
    /// Which `@Nx` files (1, 2 or 3) `flipbook assemble` and ``Animation/load(_:scale:device:)``
    /// use when the caller names no scale; `nil` means 1.
    public var scale: Int?

    /// A manifest with the given fields; every one defaults to `nil` (absent). Values are not
    /// checked here: ``valueError(file:)`` says whether they are in range, and ``decode(_:file:)``
    /// refuses a file whose values are not.
    public init(name: String? = nil, fps: Double? = nil, duration: Double? = nil, repeatCount: Int? = nil,
                direction: Animation.Direction? = nil, frameDurations: [Double]? = nil, highlighted: String? = nil,
                scale: Int? = nil) {
        self.name = name
        self.fps = fps
        self.duration = duration
        self.repeatCount = repeatCount
        self.direction = direction
        self.frameDurations = frameDurations
        self.highlighted = highlighted
        self.scale = scale
    }

    /// Why a manifest could not be used.
    public enum Error: Swift.Error, Sendable, Equatable, CustomStringConvertible {
        /// The file could not be read, for the system's `reason` (missing, no permission).
        case unreadable(file: String, reason: String)
        /// ``write(to:)`` or ``write(to:in:named:)`` could not write the file (no permission, a full disk,
        /// `ulimit -f`): Basics' write error, with its path and the system's reason. An output
        /// failure, not a bad input (the CLI's exit 4, as for every other file it writes).
        case unwritable(FileIO.Error)
        /// The manifest could not be encoded for writing (`reason` is the encoder's), or read: a
        /// symbolic link that leads out of its folder is refused unread. Values out of range are
        /// ``schema(_:)`` for reading and writing alike.
        case invalid(file: String, reason: String)
        /// A key, type, value or count that does not fit the format (or the frames it describes):
        /// `walk/sequence.json: unknown key "directon"; did you mean "direction"?`. The writers
        /// refuse a value out of range with it too (`walk/sequence.json: fps: must be between
        /// 1/86400 and 1000 (found NaN)`), before writing anything.
        case schema(SchemaError)
        /// ``write(to:in:named:)`` was refused by the output contract (Basics' `OutputError`, naming
        /// the file): a file Flipbook did not write there, another set's file, an input. Nothing
        /// was written.
        case output(OutputError)

        /// The manifest's path, as given (for ``schema(_:)``, the schema error's file).
        public var file: String {
            switch self {
            case .unreadable(let file, _), .invalid(let file, _): file
            case .unwritable(let error): error.path
            case .schema(let error): error.file
            case .output(let error): error.path
            }
        }

        /// One line naming the file: `walk/sequence.json: cannot read: …`, `cannot write
        /// walk/sequence.json: …` (as Basics' write errors say it), `…: invalid sequence manifest:
        /// …`, or the schema error's message (`walk/sequence.json: fps: must be between 1/86400 and
        /// 1000 (found 0)`).
        public var description: String {
            switch self {
            case .unreadable(let file, let reason): "\(file): cannot read: \(reason)"
            case .unwritable(let error): error.description
            case .output(let error): error.description
            case .invalid(let file, let reason): "\(file): invalid sequence manifest: \(reason)"
            case .schema(let error): error.description
            }
        }
    }

    /// The largest manifest ``decode(_:file:)`` parses, in bytes (2 MiB).
    public static let maximumFileBytes = 2 << 20

    /// Reads and checks a manifest file.
    public static func read(file path: String) throws(Error) -> SequenceManifest {
        let bytes: [UInt8]
        do { bytes = try FileIO.readPrefix(path, limit: maximumFileBytes + 1).bytes } catch { throw .unreadable(file: path, reason: error.reason) }
        return try decode(bytes, file: path)
    }

    /// Reads and checks the manifest file at the file URL `url`, as ``read(file:)`` reads a path.
    public static func read(url: URL) throws(Error) -> SequenceManifest {
        try read(file: url.filePathForFlipbook)
    }

    /// The manifest at `path` as `reader` holds it (on disk or among files in memory), `nil` when
    /// there is none: what every reader of a folder's timing calls.
    package static func read(at path: String, from reader: FileReader) throws(Error) -> SequenceManifest? {
        // A link that leads out of the frames' folder is refused unread, as a frame that does
        // (`sequence.json -> ../../secret.json`: its keys were named in errors, its fps used).
        if reader.isDisk, FileIO.isSymbolicLink(path), let real = FileIO.resolvedPath(path),
           let folder = FileIO.resolvedPath(FileIO.parentDirectory(of: path)), !real.hasPrefix(folder == "/" ? "/" : folder + "/") {
            throw .invalid(file: path, reason: "a symbolic link to \(real), outside the folder: a sequence's settings are read only from "
                               + "its folder; copy the file into the folder in place of the link")
        }
        let bytes: [UInt8]?
        do { bytes = try reader.bytes(path) } catch { throw .unreadable(file: path, reason: error.reason) }
        guard let bytes else { return nil }
        return try decode(bytes, file: path)
    }

    /// Parses and checks manifest JSON; `file` names the data in errors. Unknown keys, values of
    /// the wrong type and values out of range are ``Error/schema(_:)`` errors naming the key.
    public static func decode(_ bytes: [UInt8], file path: String) throws(Error) -> SequenceManifest {
        // Refused unparsed: a 90 MB `frameDurations` of 30 million entries took 47 s and 2 GB to be
        // told it needed 4 (round 64b #5).
        guard bytes.count <= maximumFileBytes else {
            throw .invalid(file: path, reason: "\(bytes.count) bytes, more than the \(maximumFileBytes >> 20) MiB a sequence.json may have "
                               + "(the timing of \(ResourceLimits.default.maxFrames) frames takes well under 1 MiB)")
        }
        let manifest: SequenceManifest
        do { manifest = try StrictDecoder(file: path).decode(SequenceManifest.self, fromJSON: bytes) } catch { throw .schema(error) }
        if let error = manifest.valueError(file: path) { throw .schema(error) }
        return manifest
    }

    /// Writes the manifest atomically, keys sorted, so the file is stable under version control.
    /// A value out of range (what ``read(file:)`` refuses, ``valueError(file:)``) is
    /// ``Error/schema(_:)`` naming its key, and nothing is written; a file that cannot be written
    /// is ``Error/unwritable(_:)``.
    public func write(to path: String) throws(Error) {
        let bytes = try encoded(file: path)
        do { try FileIO.writeAtomically(bytes, to: path) } catch { throw .unwritable(error) }
    }

    /// Writes the manifest as the file `path` of `set` (in place when the set is committed). A
    /// value out of range is ``Error/schema(_:)``, as ``write(to:)`` says. A temporary file that cannot be written is ``Error/unwritable(_:)``; ``Error/output(_:)``
    /// when the output contract refuses `path` (`named`: a file of the user's there may be
    /// replaced, as `OutputSet.write(_:to:named:settings:)` says).
    public func write(to path: String, in set: OutputSet, named: Bool = false) throws(Error) {
        let bytes = try encoded(file: path)
        do {
            try set.write(bytes, to: path, named: named, settings: true)
        } catch {
            switch error {
            case .refused(let error): throw .output(error)
            case .write(let error): throw .unwritable(error)
            }
        }
    }

    /// The file's bytes: pretty-printed JSON, keys sorted, a newline at the end. A value
    /// ``read(file:)`` would refuse (``valueError(file:)``: an `fps` of 0 or NaN, a negative
    /// `repeatCount`) is refused here as the same ``Error/schema(_:)``, naming the key: nothing is
    /// written that its own reader refuses.
    package func encoded(file path: String) throws(Error) -> [UInt8] {
        if let error = valueError(file: path) { throw .schema(error) }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        do { return Array(try encoder.encode(self)) + [0x0A] } catch { throw .invalid(file: path, reason: "\(error)") }
    }

    /// The first value out of range, described; `nil` when all are usable.
    public var problem: String? {
        valueError(file: Self.fileName).map { error in
            let text = error.description
            return String(text.dropFirst(error.file.count + 2))
        }
    }

    /// The first value out of range as an error at its key in `file`; `nil` when all are usable.
    public func valueError(file: String) -> SchemaError? {
        func error(_ path: InputPath, _ value: Double, _ requirement: String) -> SchemaError {
            SchemaError(file: file, path: path, problem: .outOfRange(requirement: requirement), found: InputValue.format(value))
        }
        // A day bounds every duration: far beyond any animation, and timelines stay exact in centiseconds.
        if let fps, !(fps >= 1.0 / 86_400 && fps <= 1000) { return error("fps", fps, "must be between 1/86400 and 1000") }
        if let duration, !(duration > 0 && duration <= 86_400) {
            return error("duration", duration, "must be a positive number of seconds, at most a day (86400)")
        }
        if fps != nil && duration != nil {
            return SchemaError(file: file, path: "duration", problem: .invalid(reason: "give fps or duration, not both"))
        }
        if let repeatCount, repeatCount < 0 {
            return error("repeatCount", Double(repeatCount), "must be 0 (forever) or a number of plays")
        }
        if let frameDurations, let bad = frameDurations.firstIndex(where: { !($0 > 0 && $0 <= 86_400_000) }) {
            return error(InputPath("frameDurations").appending(index: bad), frameDurations[bad],
                         "must be a positive number of milliseconds, at most a day (86400000)")
        }
        if let scale, !ImageFileName.scaleRange.contains(scale) { return error("scale", Double(scale), "must be \(ImageFileName.scaleRange.lowerBound)…\(ImageFileName.scaleRange.upperBound)") }
        // Prefixes of frames in the manifest's own folder: `../other/hl_` would read frames from
        // outside the folder given (and outside a project, untracked by its build).
        for (key, value) in [("name", name), ("highlighted", highlighted)] {
            guard let value, value.contains("/") || value.contains("\\") || value == "." || value == ".." else { continue }
            return SchemaError(file: file, path: InputPath(stringLiteral: key),
                               problem: .invalid(reason: "a prefix of frames in the manifest's own folder (gold_hl_ for gold_hl_1.png…), "
                                                 + "without a folder: frames are never read from elsewhere"),
                               found: value)
        }
        return nil
    }

    /// A warning when ``frameDurations`` holds a duration under one millisecond: kept as written
    /// (an APNG may time a frame that short, and `frames` writes its timing back as it is), but
    /// far more often seconds written where milliseconds are meant (`0.1` for a tenth of a
    /// second). `nil` when every duration is 1 ms or more. `file` names the manifest.
    public func shortDurationsWarning(file: String) -> String? {
        guard let frameDurations, let first = frameDurations.firstIndex(where: { $0 < 1 }) else { return nil }
        let count = frameDurations.count(where: { $0 < 1 })
        let value = frameDurations[first]
        return "\(file): frameDurations[\(first)] is \(InputValue.format(value)) ms"
            + (count > 1 ? " (and \(count - 1) more under 1 ms)" : "")
            + ": frameDurations are milliseconds, so that frame shows for \(InputValue.format(value / 1000)) s; "
            + "write \(InputValue.format(value * 1000)) if \(InputValue.format(value)) s was meant"
    }

    /// Where the manifest disagrees with the frames it describes, as an error in `file`: a
    /// `frameDurations` list that is not one per frame of `sequence` (`frameCount` frames), or a
    /// `highlighted` prefix with no frames (`highlightedFound` is `false`), with the nearest of the
    /// folder's `prefixes` as the suggestion. `nil` when they agree.
    public func mismatch(sequence: String, frameCount: Int, highlightedFound: Bool, prefixes: [String] = [],
                         file: String) -> SchemaError? {
        if let frameDurations, frameDurations.count != frameCount {
            return SchemaError(file: file, path: "frameDurations",
                               problem: .countMismatch(expected: frameCount, found: frameDurations.count,
                                                       reason: "one per frame of \(InputPath.quote(sequence))"))
        }
        // The highlighted frames are another sequence's: naming this one leaves nothing to play normally.
        if let highlighted, highlighted == sequence {
            return SchemaError(file: file, path: "highlighted",
                               problem: .invalid(reason: "\(InputPath.quote(highlighted)) is the sequence this manifest times; the highlighted "
                                                 + "frames are another prefix's in the folder (\(highlighted)hl_1.png…)"),
                               found: highlighted)
        }
        if let highlighted, !highlightedFound {
            return SchemaError(file: file, path: "highlighted",
                               problem: .invalid(reason: "no frames have the prefix \(InputPath.quote(highlighted))"), found: highlighted,
                               suggestion: Suggestion.nearest(to: highlighted, among: prefixes.filter { $0 != sequence }))
        }
        return nil
    }

    /// A ``name`` that matches none of the folder's sequences (`prefixes`): the file would time
    /// nothing, so it is refused as a `highlighted` prefix with no frames is, with the nearest of
    /// `prefixes` as the suggestion. `nil` without a name or when a sequence has it.
    public func unmatchedName(prefixes: [String], file: String) -> SchemaError? {
        guard let name, !prefixes.contains(name) else { return nil }
        return SchemaError(file: file, path: "name",
                           problem: .invalid(reason: "no sequence in its folder has the prefix \(InputPath.quote(name)): the file would time nothing"),
                           found: name, suggestion: Suggestion.nearest(to: name, among: prefixes))
    }

    /// This manifest for some of its folder's frames of the sequence `prefix` (those numbered
    /// `numbers`, as files listed by hand or a glob pick them): each frame keeps the duration it has
    /// in the whole sequence — `frameDurations` (one per frame of the folder's sequence) become the
    /// picked frames' own, and `duration` (one play of the whole) shrinks to their steps' share. Unchanged
    /// for the whole sequence, and for a `frameDurations` that does not fit the folder's sequence
    /// (``mismatch(sequence:frameCount:highlightedFound:prefixes:file:)`` then says so).
    public func fitted(toFrames numbers: [Int], directory: String, prefix: String) -> SequenceManifest {
        guard frameDurations != nil || duration != nil,
              let whole = (try? Discovery.sequences(from: [directory]))?.first(where: { $0.prefix == prefix }),
              whole.frames.map(\.number) != numbers, !whole.frames.isEmpty else { return self }
        var fitted = self
        if let all = frameDurations, all.count == whole.frames.count {
            let position = Dictionary(whole.frames.enumerated().map { ($1.number, $0) }, uniquingKeysWith: { a, _ in a })
            let mine = numbers.compactMap { position[$0].map { all[$0] } }
            if mine.count == numbers.count { fitted.frameDurations = mine }
        }
        // `duration` is shared by the steps, not the frames: a ping-pong of n frames has 2n − 2 (three
        // frames picked of a four-frame ping-pong played 375 ms steps where the whole played 333; round 64b #3).
        let direction = self.direction ?? .forward
        func steps(_ count: Int) -> Int { direction.order(count: count).count }
        if let duration { fitted.duration = duration * Double(steps(numbers.count)) / Double(max(1, steps(whole.frames.count))) }
        return fitted
    }

    /// Whether the manifest describes the sequence with this prefix: the one it names, or, without
    /// a ``name``, every sequence of its folder but the highlighted one. A folder's manifest never
    /// times another sequence that shares the folder.
    public func describes(_ prefix: String) -> Bool {
        name.map { $0 == prefix } ?? (prefix != highlighted)
    }

    /// An animation over `frames` with this manifest's timing. Its values are as the manifest's
    /// range check and ``mismatch(sequence:frameCount:highlightedFound:prefixes:file:)`` left them
    /// (a manifest read from a file has passed both); ``Animation/playback(highlighted:timing:)``
    /// checks them again (``Animation/check()``).
    public func animation(frames: [FrameSource], highlightedFrames: [FrameSource]? = nil) -> Animation {
        var animation = Animation(unchecked: frames, highlightedFrames: highlightedFrames, duration: duration,
                                  frameDurations: frameDurations?.map { $0 / 1000 }, repeatCount: repeatCount ?? 0,
                                  direction: direction ?? .forward, scale: scale ?? 1)
        // fps counts steps per second, so a pingpong play at 30 fps lasts (2n − 2) / 30 s.
        if let fps { animation.duration = Double(animation.steps().count) / fps }
        return animation
    }
}

extension Animation.Direction: KnownValues {}
