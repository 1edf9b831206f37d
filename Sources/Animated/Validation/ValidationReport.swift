/// What `flipbook validate` found: the sequences it saw and every finding, in a stable order.
public struct ValidationReport: Sendable {
    public var sequences: [SequenceSummary]
    public var findings: [Finding]
    /// Frame files examined.
    public var fileCount: Int
    /// `true` when every frame was decoded.
    public var deep: Bool

    /// `true` when any finding is an error: the run should fail.
    public var hasErrors: Bool { findings.contains { $0.severity == .error } }

    public func count(_ severity: Severity) -> Int { findings.filter { $0.severity == severity }.count }

    /// The findings of one sequence.
    public func findings(in sequence: SequenceSummary) -> [Finding] {
        findings.filter { $0.sequence == sequence.name }
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
    public var directory: String
    public var prefix: String
    public var frameCount: Int
    public var fileCount: Int
    public var firstNumber: Int?
    public var lastNumber: Int?
    public var scales: [Int]
    /// Pixel size of the lowest-scale frames, when readable and uniform.
    public var width: Int?
    public var height: Int?

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
