#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import Testing
import TestSupport

/// What fresh eyes round 68 (sessions 39–40) found, fixed in session 40.
@Suite("Fresh eyes 68: folders read while written, writers at once")
struct FreshEyesSixtyEightTests {
    static let coin = Fixtures.path("sequences/kenney-gold-coin")

    static func folder(_ name: String) throws -> String { try Fixtures.temporaryFolder(name) }

    /// 68t F1: `resize out/c` while `blur … -o out/c` ran again read frames of both runs, exit 0.
    /// A reader holds the folder until it has read it: a rerun's commit waits, and says for whom.
    @Test func aWriterWaitsForAReaderAloud() throws {
        let folder = try Self.folder("fe68-reader")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(try CLI.run(["blur", Self.coin, "-o", "c", "--sigma", "1"], in: folder).status == 0)
        let before = try FileManager.default.contentsOfDirectory(atPath: folder + "/c").sorted()
        let descriptor = open(folder + "/c", O_RDONLY | O_DIRECTORY)
        #expect(descriptor >= 0 && flock(descriptor, LOCK_SH) == 0)
        let holder = getpid()
        let release = Thread { Thread.sleep(forTimeInterval: 3); close(descriptor) }
        release.start()
        let run = try CLI.run(["blur", Self.coin, "-o", "c", "--sigma", "2"], in: folder)
        #expect(run.status == 0 && run.stderr.contains("note: waiting for process \(holder), which is reading ") && run.stderr.contains("/c (a Flipbook run reading"), "\(run.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder + "/c").sorted() == before)
    }

    /// 68t F2: two writers of one folder at once — one failed exit 2, "…frame43.png was changed
    /// after Flipbook wrote it", over the other's fresh commit. Both finish; the folder is one run's.
    @Test func twoWritersOfOneFolderBothFinish() throws {
        let folder = try Self.folder("fe68-writers")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(try CLI.run(["blur", Self.coin, "-o", "one", "--sigma", "1"], in: folder).status == 0)
        #expect(try CLI.run(["blur", Self.coin, "-o", "two", "--sigma", "3"], in: folder).status == 0)
        for _ in 0..<3 {
            let sigmas = ["1", "3"]
            let statuses = Statuses()
            DispatchQueue.concurrentPerform(iterations: 2) { index in
                let status = (try? CLI.run(["blur", Self.coin, "-o", "c", "--sigma", sigmas[index]], in: folder))
                statuses.add(status.map { "\($0.status) \($0.stderr)" } ?? "did not run")
            }
            #expect(statuses.all.allSatisfy { $0.hasPrefix("0 ") }, "\(statuses.all)")
            let names = try FileManager.default.contentsOfDirectory(atPath: folder + "/c").filter { $0.hasSuffix(".png") }.sorted()
            let kinds = Set(try names.map { name -> String in
                let bytes = try Data(contentsOf: URL(fileURLWithPath: "\(folder)/c/\(name)"))
                if bytes == (try Data(contentsOf: URL(fileURLWithPath: "\(folder)/one/\(name)"))) { return "one" }
                if bytes == (try Data(contentsOf: URL(fileURLWithPath: "\(folder)/two/\(name)"))) { return "two" }
                return "neither"
            })
            #expect(kinds.count == 1 && !kinds.contains("neither"), "\(kinds)")
        }
    }

    /// 68p F1: `build --overwrite` wrote a target's output over a frame another target assembles
    /// (`art/coin/gold_1.png`), and renaming that output later removed the frame. A file of the
    /// user's in a folder a target reads is never an output, `--overwrite` or not.
    @Test func aBuildNeverWritesOverAFrameAnotherTargetReads() throws {
        let folder = try Self.folder("fe68-source")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder + "/art", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Self.coin, toPath: folder + "/art/coin")
        try FileManager.default.copyItem(atPath: Fixtures.path("sequences/gameart2d-dino-jump"), toPath: folder + "/art/dino")
        try Data(#"""
            { "targets": { "a": { "assemble": "art/coin", "output": "build/coin.gif" },
                           "b": { "assemble": "art/dino", "output": "art/coin/gold_1.png", "format": "apng" } } }
            """#.utf8).write(to: URL(fileURLWithPath: folder + "/flipbook.json"))
        let frame = try Data(contentsOf: URL(fileURLWithPath: folder + "/art/coin/gold_1.png"))
        for overwrite in [true, false] {
            let run = try CLI.run(["build"] + (overwrite ? ["--overwrite"] : []), in: folder)
            #expect(run.status == 2 && run.stderr.contains(#"b: failed: art/coin/gold_1.png is a file of yours that the target "a" reads"#)
                    && run.stderr.contains("nor over a file in a folder of sources a target reads, --overwrite or not"), "\(run.stderr)")
            #expect(try Data(contentsOf: URL(fileURLWithPath: folder + "/art/coin/gold_1.png")) == frame)
        }
    }

    /// 68p F3: a 0-byte frame was a broken image on the preview page, its problems empty (with
    /// `--no-validate` nothing said it). The page lists it.
    @Test func aPreviewSaysAFrameThatDoesNotRead() throws {
        let folder = try Self.folder("fe68-preview")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.copyItem(atPath: Self.coin, toPath: folder + "/coin")
        try Data().write(to: URL(fileURLWithPath: folder + "/coin/gold_2.png"))
        let run = try CLI.run(["preview", "coin", "-o", "page.html", "--no-validate", "--json"], in: folder)
        #expect(run.status == 0, "\(run.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let problems = object["warnings"] as? [String] ?? []
        #expect(problems.contains { $0.contains("a frame does not read, shown as broken images") && $0.contains("gold_2.png") }, "\(object)")
    }
}

/// The results of concurrent runs, gathered from several threads.
private final class Statuses: @unchecked Sendable {
    private var results: [String] = []
    private let lock = NSLock()
    func add(_ result: String) { lock.withLock { results.append(result) } }
    var all: [String] { lock.withLock { results } }
}
