import Foundation

/// What a shard's report carries for ``MergedReport``: the part, the split and settings it belongs
/// to, and its slots of the whole run — each sequence and its findings (paths as the report writes
/// them), and each folder that could not be validated — so that the parts, put back in slot order,
/// are the whole run's report. A JSON report holds it under `shard`, SARIF in the run's
/// `properties` as `flipbook.shard`, JUnit as the test suite's property `flipbook.shard`.
struct ShardRecord: Codable, Equatable {
    /// One slot of the whole run: a sequence with its findings, or a folder that could not be validated.
    struct Slot: Codable, Equatable {
        var slot: Int
        var sequence: SequenceSummary?
        var findings: [Finding]
        var folderError: String?
    }

    /// The name under which SARIF and JUnit reports hold the record.
    static let propertyName = "flipbook.shard"
    /// The tool that writes records: a record of another version may slot differently.
    static let currentTool = "flipbook \(SARIFReport.version)"

    var tool: String
    var format: String
    var shard: String
    var plan: String
    var settings: [String: String]
    var deep: Bool
    var fileCount: Int
    var slots: [Slot]

    /// `report`'s record when it is a shard's, with file paths relative to `base` as `format` writes them.
    init?(_ report: ValidationReport, format: ReportFormat, base: String) {
        guard let context = report.shardContext else { return nil }
        tool = Self.currentTool
        self.format = format.rawValue
        shard = context.shard.description
        plan = context.plan
        settings = context.settings
        deep = report.deep
        fileCount = report.fileCount
        var bySlot: [Int: Slot] = [:]
        for (sequence, slot) in zip(report.sequences, report.sequenceSlots) {
            bySlot[slot, default: Slot(slot: slot, findings: [])].sequence = ReportPaths.relative(sequence, to: base)
        }
        for (finding, slot) in zip(report.findings, report.findingSlots) {
            bySlot[slot, default: Slot(slot: slot, findings: [])].findings.append(ReportPaths.relative(finding, to: base))
        }
        for (error, slot) in zip(report.folderErrors, report.folderErrorSlots) {
            bySlot[slot, default: Slot(slot: slot, findings: [])].folderError = error.description
        }
        slots = bySlot.keys.sorted().compactMap { bySlot[$0] }
    }

    /// The record as one line of JSON, keys sorted.
    var compactJSON: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Plain structs of strings and numbers always encode.
        return (try? encoder.encode(self)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }
}
