import Basics
/// What `flipbook validate` found: the sequences it saw and every finding, in a stable order.
public struct ValidationReport: Sendable {
    /// Every sequence found, in natural order of their names (`folder/prefix`), including those
    /// without findings.
    public var sequences: [SequenceSummary]
    /// Every finding, sequence by sequence in the order of ``sequences``, and within a sequence in
    /// the order of ``Rules/all``.
    public var findings: [Finding]
    /// Frame files examined.
    public var fileCount: Int
    /// `true` when every frame was decoded.
    public var deep: Bool
    /// The folders given that could not be validated (missing, no folder, unreadable, holding
    /// nothing to check), each as the error alone it would be; each is also a `folder.unreadable`
    /// finding (``FolderUnreadableRule``). `Validator.validate(folders:)` validates the other
    /// folders and lists these here; `validate(_:)` throws the first.
    public var folderErrors: [Validator.Error] = []
    /// The part of a run this report is (`Validator.shard`, `flipbook validate --shard K/N`);
    /// `nil` for a whole run or a merged one. A shard's report, written in JSON, SARIF or JUnit,
    /// carries what ``MergedReport`` needs to rebuild the whole run's report from the parts.
    public var shard: Shard? { shardContext?.shard }

    /// With a shard: which part, the split it belongs to, and the settings it ran with.
    var shardContext: ShardContext?
    /// The slot in the whole run (without a shard) of each of ``sequences``, ``findings`` and
    /// ``folderErrors``: a run's report is its slots in order, so parts merge by slot.
    var sequenceSlots: [Int] = []
    var findingSlots: [Int] = []
    var folderErrorSlots: [Int] = []
    /// The slots the validated files took, kept or not (a root's sequences).
    var slotCount = 0

    /// Adds `finding` in `slot`.
    mutating func append(_ finding: Finding, slot: Int) {
        findings.append(finding)
        findingSlots.append(slot)
    }

    /// Adds `part`'s sequences, findings, files and folder errors after this report's.
    mutating func append(_ part: ValidationReport) {
        sequences += part.sequences
        findings += part.findings
        fileCount += part.fileCount
        folderErrors += part.folderErrors
        sequenceSlots += part.sequenceSlots
        findingSlots += part.findingSlots
        folderErrorSlots += part.folderErrorSlots
    }

    /// `true` when any finding is an error, or a folder could not be validated: the run should fail.
    public var hasErrors: Bool { !folderErrors.isEmpty || findings.contains { $0.severity == .error } }

    /// How many findings have `severity`.
    public func count(_ severity: Severity) -> Int { findings.filter { $0.severity == severity }.count }

    /// The findings of one sequence, matched by its name's bytes (`café/gold_` composed and
    /// decomposed are two folders' sequences).
    public func findings(in sequence: SequenceSummary) -> [Finding] {
        findings.filter { $0.sequence.utf8.elementsEqual(sequence.name.utf8) }
    }

    /// `3 sequences, 20 files: 1 error, 2 warnings, 0 notices`.
    public var summaryLine: String {
        func plural(_ count: Int, _ word: String) -> String { "\(count) \(word)\(count == 1 ? "" : "s")" }
        return "\(plural(sequences.count, "sequence")), \(plural(fileCount, "file")): "
            + "\(plural(count(.error), "error")), \(plural(count(.warning), "warning")), \(plural(count(.notice), "notice"))"
    }
}

/// A sequence as reports list it.
public struct SequenceSummary: Sendable, Equatable, Codable {
    /// `folder/prefix`.
    public var name: String
    /// The folder the frames are in, as discovered (`.` for the current folder).
    public var directory: String
    /// What comes before the number in the file names (`walk` for `walk7.png`).
    public var prefix: String
    /// Frame numbers present (a frame counts once whatever its scale and device variants).
    public var frameCount: Int
    /// Files of the sequence: every scale and device variant of every frame.
    public var fileCount: Int
    /// The lowest frame number; `nil` for a sequence with no frames.
    public var firstNumber: Int?
    /// The highest frame number; `nil` for a sequence with no frames.
    public var lastNumber: Int?
    /// The `@Nx` scales any of its files has, ascending (`[1, 2]`).
    public var scales: [Int]
    /// Width in pixels of the lowest-scale files, when those whose header could be read share one
    /// size; `nil` otherwise.
    public var width: Int?
    /// Height in pixels of the lowest-scale files, under the same condition as ``width``.
    public var height: Int?

    /// A GIF, APNG or WebP of `frameCount` frames at `scale` (its name's) named `file`, as one
    /// sequence of one file.
    init(animation file: String, frameCount: Int, scale: Int, size: (width: Int, height: Int)?) {
        name = file
        directory = FrameFile.directory(of: file)
        prefix = FileIO.lastComponent(of: file)
        self.frameCount = frameCount
        fileCount = 1
        scales = [scale]
        width = size?.width
        height = size?.height
    }

    init(subject: SequenceFacts) {
        let sequence = subject.sequence
        name = sequence.name
        directory = sequence.directory
        prefix = sequence.prefix
        frameCount = sequence.frames.count
        fileCount = sequence.files.count
        firstNumber = sequence.frames.first?.number
        lastNumber = sequence.frames.last?.number
        scales = Set(sequence.files.map(\.scale)).sorted()
        let lowest = scales.first
        let sizes = Set(subject.files.filter { $0.file.scale == lowest }.compactMap(\.size))
        if sizes.count == 1, let size = sizes.first {
            width = size.width
            height = size.height
        }
    }
}
