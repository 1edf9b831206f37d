import Foundation

extension MergedReport {
    /// Why shard reports could not be merged: each case names the files.
    public enum Error: Swift.Error, Sendable, Equatable, CustomStringConvertible {
        /// No report was given.
        case noReports
        /// A report could not be read: the file and the system's reason.
        case unreadable(file: String, reason: String)
        /// The file is a report without a shard's record: a whole run's report, a text or GitHub
        /// report (which carry none), or no report at all. `format` is what it looks like.
        case noShardRecord(file: String, format: String)
        /// The file's record could not be read: what is wrong with it.
        case damaged(file: String, reason: String)
        /// Two reports are of different formats (`json`, `sarif`, `junit`).
        case mixedFormats(first: String, firstFormat: String, other: String, otherFormat: String)
        /// Two reports were written by different versions of Flipbook.
        case differentTools(first: String, firstTool: String, other: String, otherTool: String)
        /// Two reports ran with different settings: the first that differs (`deep`, `folders`,
        /// `maxPixels`, `config of FOLDER`) and its two values.
        case differentSettings(first: String, other: String, setting: String, firstValue: String, otherValue: String)
        /// Two reports are parts of splits into different numbers of parts.
        case differentShardCounts(first: String, firstCount: Int, other: String, otherCount: Int)
        /// Two reports split different files: the folders changed between the runs (another
        /// commit, files added or edited).
        case differentInputs(first: String, other: String)
        /// One part was given twice.
        case duplicateShard(shard: String, first: String, second: String)
        /// Parts are missing: the count of parts and those missing.
        case missingShards(count: Int, missing: [Int], given: [String])

        /// What is wrong, naming the files, and what to do.
        public var description: String {
            switch self {
            case .noReports:
                "no shard reports to merge: give the report of every part (shard-1.json … shard-N.json)"
            case .unreadable(let file, let reason):
                "\(file): \(reason)"
            case .noShardRecord(let file, let format):
                switch format {
                case "text", "github":
                    "\(file): a \(format) report carries no shard record; write each part's report as json, sarif or junit "
                        + "(Validator.shard with ReportFormat.json, .sarif or .junit), then merge into any format"
                default:
                    "\(file): this \(format) report is no shard's: it was written without Validator.shard, so it is whole already"
                }
            case .damaged(let file, let reason):
                "\(file): the shard record is damaged: \(reason)"
            case .mixedFormats(let first, let firstFormat, let other, let otherFormat):
                "\(other) is a \(otherFormat) report but \(first) is \(firstFormat): write every part in one format"
            case .differentTools(let first, let firstTool, let other, let otherTool):
                "\(other) was written by \(otherTool) but \(first) by \(firstTool): run every part with one build of Flipbook"
            case .differentSettings(let first, let other, let setting, let firstValue, let otherValue):
                "\(other) ran with \(setting) \(Self.quoted(otherValue)) but \(first) with \(Self.quoted(firstValue)): run every part with the same folders and settings"
            case .differentShardCounts(let first, let firstCount, let other, let otherCount):
                "\(other) is a part of \(otherCount) but \(first) a part of \(firstCount): merge the parts of one split"
            case .differentInputs(let first, let other):
                "\(other) and \(first) split different files: the folders changed between the runs (another commit?); run every part on the same checkout"
            case .duplicateShard(let shard, let first, let second):
                "part \(shard) is given twice (\(first) and \(second)): give each part once"
            case .missingShards(let count, let missing, let given):
                "part\(missing.count == 1 ? "" : "s") \(missing.map { "\($0)/\(count)" }.joined(separator: ", ")) "
                    + "missing: \(given.count) of \(count) reports given (\(given.joined(separator: ", "))); a merge needs every part"
            }
        }

        private static func quoted(_ value: String) -> String {
            let line = value.replacingOccurrences(of: "\n", with: ", ")
            return line.count > 120 ? "\"\(line.prefix(117))…\"" : "\"\(line)\""
        }
    }
}
