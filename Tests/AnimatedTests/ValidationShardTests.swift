import Animated
import Basics
import Foundation
import Testing
import TestSupport

/// `Validator.shard` and `MergedReport`: N parts check every file exactly once, and their reports,
/// merged, are the report of one run without a shard — the same bytes, in JSON, SARIF and JUnit.
@Suite("Validation in shards, and their reports merged")
struct ValidationShardTests {
    /// The real sequences (8 folders, 67 PNGs), a folder of damaged copies (a frame cut short, a
    /// gap, two names differing only in case in two sequences of one folder: 3 folders), a folder
    /// given twice (as part of the first), and a folder that is missing.
    static func roots() throws -> [String] {
        let broken = try Fixtures.temporaryFolder("shard-broken")
        let coin = Fixtures.path("sequences/kenney-gold-coin"), fire = Fixtures.path("sequences/ansimuz-fire-bomb-pixel")
        let spinner = Fixtures.path("sequences/emt-watch-spinner-2x")
        for folder in ["coin", "fire", "spin"] { try FileManager.default.createDirectory(atPath: "\(broken)/\(folder)", withIntermediateDirectories: true) }
        for name in ["gold_1.png", "gold_2.png", "gold_4.png"] { try FileManager.default.copyItem(atPath: "\(coin)/\(name)", toPath: "\(broken)/coin/\(name)") }
        try FileManager.default.copyItem(atPath: "\(coin)/gold_4.png", toPath: "\(broken)/coin/Gold_4.png")
        let cut = try Data(contentsOf: URL(fileURLWithPath: "\(coin)/gold_2.png"))
        try cut.prefix(cut.count / 2).write(to: URL(fileURLWithPath: "\(broken)/coin/gold_2.png"))
        for index in 0..<6 { try FileManager.default.copyItem(atPath: "\(fire)/frame-00\(index).png", toPath: "\(broken)/fire/frame-00\(index).png") }
        for index in 0..<3 {
            try FileManager.default.copyItem(atPath: "\(spinner)/waitIndicatorGraphic-\(index)@2x.png", toPath: "\(broken)/spin/waitIndicatorGraphic-\(index)@2x.png")
        }
        return [Fixtures.path("sequences"), broken, coin, broken + "/missing"]
    }

    static func run(_ roots: [String], shard: Shard?, deep: Bool = false, uikit: Bool = false) throws -> ValidationReport {
        var validator = Validator(deep: deep)
        validator.shard = shard
        validator.config.uikit = uikit
        return try validator.validate(folders: roots.map { ($0, ValidationConfig()) }, cancellation: nil)
    }

    static let base = FileManager.default.currentDirectoryPath

    @Test(arguments: [1, 3, 7])
    func everyFileIsCheckedByExactlyOnePart(count: Int) throws {
        let roots = try Self.roots()
        defer { try? FileManager.default.removeItem(atPath: roots[1]) }
        let whole = try Self.run(roots, shard: nil)
        #expect(whole.fileCount == 67 + 3 + 6 + 3 + 1, "67 real frames and 13 damaged copies")
        #expect(whole.sequences.count == 8 + 4)
        #expect(whole.findings.contains { $0.rule == .nameCaseClash }, "Gold_4.png and gold_4.png: a clash across two sequences")
        #expect(whole.findings.contains { $0.rule == .pngCorrupt } && whole.findings.contains { $0.rule == .seqGap })
        #expect(whole.folderErrors.count == 1)

        var seen: [String: Int] = [:]
        var files = 0, folderErrors = 0
        var folderParts: [String: Set<Int>] = [:]
        for index in 1...count {
            let part = try Self.run(roots, shard: try Shard(index, of: count))
            #expect(part.shard == (try Shard(index, of: count)))
            for sequence in part.sequences {
                seen[sequence.name, default: 0] += 1
                folderParts[sequence.directory, default: []].insert(index)
            }
            files += part.fileCount
            folderErrors += part.folderErrors.count
            if count == 7 { #expect(!part.sequences.isEmpty || !part.folderErrors.isEmpty, "part \(index) of 7 has work: 12 units") }
        }
        // A folder's sequences stay together (broken/coin holds two: gold_ and Gold_).
        #expect(folderParts.values.allSatisfy { $0.count == 1 })
        #expect(folderParts.count == 11)
        #expect(seen.count == whole.sequences.count && seen.values.allSatisfy { $0 == 1 })
        #expect(files == whole.fileCount)
        #expect(folderErrors == 1)
    }

    @Test(arguments: [1, 3, 7], [ReportFormat.json, .sarif, .junit])
    func mergedPartsAreTheWholeRunsReport(count: Int, format: ReportFormat) throws {
        let roots = try Self.roots()
        defer { try? FileManager.default.removeItem(atPath: roots[1]) }
        let whole = format.render(try Self.run(roots, shard: nil), base: Self.base)
        // Parts given in any order.
        let parts = try (1...count).reversed().map { index in
            let report = try Self.run(roots, shard: try Shard(index, of: count))
            return InMemoryFile(name: "part-\(index).\(format.rawValue)", bytes: Array(format.render(report, base: Self.base).utf8))
        }
        #expect(count == 1 || !parts.contains { String(decoding: $0.bytes, as: UTF8.self) == whole })
        let merged = try MergedReport(reports: parts)
        #expect(merged.format == format && merged.shardCount == count)
        let text = merged.format.render(merged.report, base: "")
        #expect(text == whole)
        #expect(merged.report.hasErrors && merged.report.folderErrors.count == 1)
        #expect(text.contains("png.corrupt") && !text.contains(ShardRecordName.property))
    }

    /// Deep: the pixel rules run in the parts as in one run.
    @Test func deepPartsMergeToTheDeepRun() throws {
        let roots = try Self.roots()
        defer { try? FileManager.default.removeItem(atPath: roots[1]) }
        let whole = ReportFormat.json.render(try Self.run(roots, shard: nil, deep: true), base: Self.base)
        let parts = try (1...3).map { index in
            InMemoryFile(name: "\(index).json", bytes: Array(ReportFormat.json.render(try Self.run(roots, shard: try Shard(index, of: 3), deep: true), base: Self.base).utf8))
        }
        #expect(ReportFormat.json.render(try MergedReport(reports: parts).report, base: "") == whole)
    }

    static func parts(_ roots: [String], count: Int, format: ReportFormat, deep: Bool = false) throws -> [InMemoryFile] {
        try (1...count).map { index in
            let report = try run(roots, shard: try Shard(index, of: count), deep: deep)
            return InMemoryFile(name: "part-\(index).\(format.rawValue)", bytes: Array(format.render(report, base: base).utf8))
        }
    }

    static func mergeError(_ reports: [InMemoryFile]) -> MergedReport.Error? {
        do { _ = try MergedReport(reports: reports); return nil } catch { return error }
    }

    @Test func refusesMixesDuplicatesAndMissingParts() throws {
        let roots = try Self.roots()
        defer { try? FileManager.default.removeItem(atPath: roots[1]) }
        let json = try Self.parts(roots, count: 3, format: .json)
        let sarif = try Self.parts(roots, count: 3, format: .sarif)
        #expect(Self.mergeError([json[0], sarif[1], json[2]]) == .mixedFormats(first: "part-1.json", firstFormat: "json", other: "part-2.sarif", otherFormat: "sarif"))
        #expect(Self.mergeError([json[0], json[1], json[1]]) == .duplicateShard(shard: "2/3", first: "part-2.json", second: "part-2.json"))
        #expect(Self.mergeError([json[0], json[2]]) == .missingShards(count: 3, missing: [2], given: ["part-1.json", "part-3.json"]))
        let deep = try Self.parts(roots, count: 3, format: .json, deep: true)
        if case .differentSettings(_, _, let setting, let first, let other)? = Self.mergeError([json[0], deep[1], json[2]]) {
            #expect(setting == "deep" && first == "false" && other == "true")
        } else {
            Issue.record("a deep part among shallow ones is refused")
        }
        let uikit = InMemoryFile(name: "uikit.json", bytes: Array(ReportFormat.json.render(try Self.run(roots, shard: try Shard(2, of: 3), uikit: true), base: Self.base).utf8))
        if case .differentSettings(_, let other, let setting, _, _)? = Self.mergeError([json[0], uikit, json[2]]) {
            #expect(setting == "uikit" && other == "uikit.json", "the flag is named, not the folders' configs it is in")
        } else {
            Issue.record("a part with the uikit rules among parts without is refused")
        }
        let ofTwo = try Self.parts(roots, count: 2, format: .json)
        #expect(Self.mergeError([json[0], ofTwo[1]]) == .differentShardCounts(first: "part-1.json", firstCount: 3, other: "part-2.json", otherCount: 2))
        // The files changed between the parts' runs.
        try FileManager.default.removeItem(atPath: roots[1] + "/fire/frame-005.png")
        let changed = try Self.parts(roots, count: 3, format: .json)
        #expect(Self.mergeError([json[0], changed[1], json[2]]) == .differentInputs(first: "part-1.json", other: "part-2.json"))
        // A whole run's report, a text report and no report.
        let whole = InMemoryFile(name: "whole.sarif", bytes: Array(ReportFormat.sarif.render(try Self.run(roots, shard: nil), base: Self.base).utf8))
        #expect(Self.mergeError([whole]) == .noShardRecord(file: "whole.sarif", format: "sarif"))
        let text = InMemoryFile(name: "part.txt", bytes: Array(ReportFormat.text.render(try Self.run(roots, shard: try Shard(1, of: 1)), base: Self.base).utf8))
        #expect(Self.mergeError([text]) == .noShardRecord(file: "part.txt", format: "text"))
        #expect(Self.mergeError([InMemoryFile(name: "x.json", bytes: Array("{\"shard\": 5}".utf8))])?.description.contains("x.json: the shard record is damaged") == true)
        #expect(Self.mergeError([]) == .noReports)
        #expect(Self.mergeError([json[0], json[1], json[2]]) == nil)
    }
}

/// The name under which SARIF and JUnit reports hold a shard's record.
enum ShardRecordName {
    static let property = "flipbook.shard"
}
