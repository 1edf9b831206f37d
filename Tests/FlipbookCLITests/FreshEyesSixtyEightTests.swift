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
}

/// The results of concurrent runs, gathered from several threads.
private final class Statuses: @unchecked Sendable {
    private var results: [String] = []
    private let lock = NSLock()
    func add(_ result: String) { lock.withLock { results.append(result) } }
    var all: [String] { lock.withLock { results } }
}
