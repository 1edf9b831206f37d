import Basics
import Foundation

/// The reports of the parts of a sharded validation (`Validator.shard`, `flipbook validate --shard
/// K/N`) combined into the report one run without a shard writes: rendered in the same format
/// (``ReportFormat/render(_:base:)`` with an empty `base`, the paths being relative already), it is
/// the same bytes.
///
/// Each part's report, in JSON, SARIF or JUnit, carries a record of its part (which part, the split,
/// the settings and tool it ran with, and its sequences and findings in their places in the whole
/// run). Every part of one split must be given once: a report of another format, tool version,
/// settings or split, a part given twice and a part missing are refused (``Error``), naming the files.
///
/// ```swift
/// let merged = try MergedReport(files: ["shard-1.sarif", "shard-2.sarif", "shard-3.sarif"])
/// let sarif = merged.format.render(merged.report, base: "")
/// ```
public struct MergedReport: Sendable {
    /// The whole run's report: every part's sequences and findings in the order one run lists them.
    public var report: ValidationReport
    /// The format the parts were written in.
    public var format: ReportFormat
    /// How many parts were merged.
    public var shardCount: Int

    /// Reads and merges the shard reports at `files` (paths).
    public init(files: [String]) throws(MergedReport.Error) {
        var reports: [InMemoryFile] = []
        for file in files {
            do { reports.append(InMemoryFile(name: file, bytes: try FileIO.readAll(file))) } catch {
                throw .unreadable(file: file, reason: error.reason)
            }
        }
        try self.init(reports: reports)
    }

    /// Merges shard reports held in memory, each `name` naming it in messages.
    public init(reports: [InMemoryFile]) throws(MergedReport.Error) {
        guard let firstFile = reports.first else { throw .noReports }
        var records: [(file: String, record: ShardRecord, shard: Shard)] = []
        for report in reports {
            let record = try Self.record(in: report)
            let shard: Shard
            do { shard = try Shard(parsing: record.shard) } catch { throw .damaged(file: report.name, reason: error.description) }
            if let first = records.first {
                if record.format != first.record.format {
                    throw .mixedFormats(first: first.file, firstFormat: first.record.format, other: report.name, otherFormat: record.format)
                }
                if record.tool != first.record.tool {
                    throw .differentTools(first: first.file, firstTool: first.record.tool, other: report.name, otherTool: record.tool)
                }
                // The flags first (`uikit` is also in every folder's config), then each folder's config.
                let keys = Set(record.settings.keys).union(first.record.settings.keys)
                    .sorted { (Self.settingOrder($0), $0) < (Self.settingOrder($1), $1) }
                for key in keys where record.settings[key] != first.record.settings[key] {
                    throw .differentSettings(first: first.file, other: report.name, setting: key,
                                             firstValue: first.record.settings[key] ?? "(none)", otherValue: record.settings[key] ?? "(none)")
                }
                if shard.count != first.shard.count {
                    throw .differentShardCounts(first: first.file, firstCount: first.shard.count, other: report.name, otherCount: shard.count)
                }
                if record.plan != first.record.plan { throw .differentInputs(first: first.file, other: report.name) }
            }
            if let twice = records.first(where: { $0.shard == shard }) {
                throw .duplicateShard(shard: shard.description, first: twice.file, second: report.name)
            }
            records.append((report.name, record, shard))
        }
        let count = records[0].shard.count
        let missing = (1...count).filter { index in !records.contains { $0.shard.index == index } }
        if !missing.isEmpty { throw .missingShards(count: count, missing: missing, given: reports.map(\.name)) }
        guard let format = ReportFormat(rawValue: records[0].record.format) else {
            throw .damaged(file: firstFile.name, reason: "no report format \"\(records[0].record.format)\"")
        }

        var slots: [(slot: ShardRecord.Slot, file: String)] = records.flatMap { entry in entry.record.slots.map { ($0, entry.file) } }
        slots.sort { $0.slot.slot < $1.slot.slot }
        for (earlier, later) in zip(slots, slots.dropFirst()) where earlier.slot.slot == later.slot.slot {
            throw .damaged(file: later.file, reason: "it holds slot \(later.slot.slot) of the run, which \(earlier.file) holds too")
        }
        var fileCount = 0
        for entry in records {
            let (sum, overflow) = fileCount.addingReportingOverflow(entry.record.fileCount)
            guard !overflow, entry.record.fileCount >= 0 else { throw .damaged(file: entry.file, reason: "it counts \(entry.record.fileCount) files") }
            fileCount = sum
        }
        var report = ValidationReport(sequences: [], findings: [], fileCount: fileCount, deep: records[0].record.deep)
        for (slot, _) in slots {
            if let sequence = slot.sequence { report.sequences.append(sequence) }
            report.findings += slot.findings
            if let message = slot.folderError { report.folderErrors.append(.unvalidatedInShard(message: message)) }
        }
        self.report = report
        self.format = format
        shardCount = count
    }

    /// Where a setting comes when the first that differs is named: the flags, then the folders' configs.
    private static func settingOrder(_ key: String) -> Int {
        ["deep", "uikit", "maxPixels", "folders"].firstIndex(of: key) ?? 4
    }

    /// The record a shard's JSON, SARIF or JUnit report carries.
    static func record(in report: InMemoryFile) throws(MergedReport.Error) -> ShardRecord {
        let text = String(decoding: report.bytes, as: UTF8.self)
        let start = text.unicodeScalars.first { !CharacterSet.whitespacesAndNewlines.contains($0) }
        let decoder = JSONDecoder()
        switch start {
        case "<":
            // JUnit: <property name="flipbook.shard" value="…"/>, the value escaped as XML.
            let opening = #"<property name="\#(ShardRecord.propertyName)" value=""#
            guard let begin = text.range(of: opening), let end = text[begin.upperBound...].range(of: "\"") else {
                throw .noShardRecord(file: report.name, format: "junit")
            }
            let json = unescapeXML(String(text[begin.upperBound..<end.lowerBound]))
            do { return try decoder.decode(ShardRecord.self, from: Data(json.utf8)) } catch {
                throw .damaged(file: report.name, reason: "its \(ShardRecord.propertyName) property does not hold a shard record")
            }
        case "{":
            struct Document: Decodable {
                struct Run: Decodable { var properties: SARIFReport.Properties? }
                var runs: [Run]?
                var shard: ShardRecord?
            }
            let document: Document
            do { document = try decoder.decode(Document.self, from: Data(report.bytes)) } catch {
                throw .damaged(file: report.name, reason: "it is not a report flipbook validate writes (\(Self.reason(error)))")
            }
            if let runs = document.runs {
                guard let record = runs.first?.properties?.shard else { throw .noShardRecord(file: report.name, format: "sarif") }
                return record
            }
            guard let record = document.shard else { throw .noShardRecord(file: report.name, format: "json") }
            return record
        default:
            throw .noShardRecord(file: report.name, format: text.hasPrefix("::") ? "github" : "text")
        }
    }

    /// A decoding error's gist: the key at fault.
    private static func reason(_ error: any Swift.Error) -> String {
        guard let error = error as? DecodingError else { return "\(error)" }
        switch error {
        case .dataCorrupted(let context): return context.codingPath.isEmpty ? "not JSON" : "bad value at \(path(context.codingPath))"
        case .keyNotFound(let key, let context): return "no \(path(context.codingPath + [key]))"
        case .typeMismatch(_, let context), .valueNotFound(_, let context): return "bad value at \(path(context.codingPath))"
        @unknown default: return "\(error)"
        }
    }

    private static func path(_ keys: [any CodingKey]) -> String {
        keys.map { $0.intValue.map { "[\($0)]" } ?? "." + $0.stringValue }.joined().trimmingCharacters(in: CharacterSet(charactersIn: "."))
    }

    /// XML's five entities and numeric character references, as ``JUnitReport`` escapes.
    static func unescapeXML(_ text: String) -> String {
        guard text.contains("&") else { return text }
        var out = ""
        var rest = Substring(text)
        while let amp = rest.firstIndex(of: "&") {
            out += rest[..<amp]
            guard let semicolon = rest[amp...].firstIndex(of: ";") else { break }
            let entity = rest[rest.index(after: amp)..<semicolon]
            switch entity {
            case "amp": out += "&"
            case "lt": out += "<"
            case "gt": out += ">"
            case "quot": out += "\""
            case "apos": out += "'"
            default:
                let number = entity.hasPrefix("#x") ? UInt32(entity.dropFirst(2), radix: 16) : entity.hasPrefix("#") ? UInt32(entity.dropFirst()) : nil
                if let number, let scalar = Unicode.Scalar(number) { out.unicodeScalars.append(scalar) } else { out += "&" + entity + ";" }
            }
            rest = rest[rest.index(after: semicolon)...]
        }
        return out + rest
    }
}
