import Foundation
import Testing
import TestSupport

/// `flipbook build --cache` as a team runs it: two checkouts sharing a real nginx, the second
/// saying "from cache" per target and in `--json`; a failing server is one warning and a local build.
@Suite("build command: the cache")
struct BuildCacheCommandTests {
    static let json = #"""
        { "targets": {
            "coin": { "assemble": "coin", "output": "build/coin.gif", "fps": 8 },
            "coin-frames": { "frames": "build/coin.gif", "output": "build/coin" },
            "check": { "validate": "coin", "output": "build/check.sarif" } } }
        """#

    @Test func aSecondCheckoutTakesEveryTargetFromTheCache() throws {
        let server = try NginxServer()
        let first = try BuildCommandTests.project(Self.json), second = try BuildCommandTests.project(Self.json)
        defer { for folder in [first, second] { try? FileManager.default.removeItem(atPath: folder) } }
        let built = try CLI.run(["build", "--cache", server.url.absoluteString], in: first)
        #expect(built.status == 0, "\(built.stderr)")
        #expect(built.stdout.hasSuffix("3 built, 0 up to date\n"), "\(built.stdout)")

        let taken = try CLI.run(["build", "--cache", server.url.absoluteString], in: second)
        #expect(taken.status == 0, "\(taken.stderr)")
        #expect(taken.stdout.contains("coin: from cache (never built): build/coin.gif\n"), "\(taken.stdout)")
        #expect(taken.stdout.contains("check: from cache (never built): build/check.sarif\n"), "\(taken.stdout)")
        #expect(taken.stdout.contains("coin-frames: from cache (never built): 5 files in build/coin\n"), "\(taken.stdout)")
        #expect(taken.stdout.hasSuffix("0 built, 3 from cache, 0 up to date\n"), "\(taken.stdout)")
        #expect(!taken.stderr.contains("warning"), "\(taken.stderr)")
        let files = try Self.files(under: first + "/build")
        #expect(files.count == 9)   // coin.gif, check.sarif, 4 frames and sequence.json, 2 folder records
        #expect(try Self.files(under: second + "/build") == files)

        // --json, from a third checkout.
        let third = try BuildCommandTests.project(Self.json)
        defer { try? FileManager.default.removeItem(atPath: third) }
        let result = try CLI.run(["build", "--json", "--cache", server.url.absoluteString], in: third)
        let summary = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        #expect(summary?["fromCache"] as? Int == 3)
        #expect(summary?["built"] as? Int == 0)
        #expect((summary?["warnings"] as? [String])?.isEmpty == true)
        let statuses = (summary?["targets"] as? [[String: Any]])?.compactMap { $0["status"] as? String }
        #expect(statuses == ["from-cache", "from-cache", "from-cache"])
        // --no-cache: the project's own cache is not read either.
        try FileManager.default.removeItem(atPath: third + "/build/coin.gif")
        let local = try CLI.run(["build", "--no-cache"], in: third)
        #expect(local.stdout.contains("coin: built (build/coin.gif is missing)"), "\(local.stdout)")
    }

    /// Every file under `folder`, by path, with its bytes.
    static func files(under folder: String) throws -> [String: Data] {
        var files: [String: Data] = [:]
        guard let walker = FileManager.default.enumerator(atPath: folder) else { return [:] }
        for case let path as String in walker {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: folder + "/" + path, isDirectory: &isFolder), !isFolder.boolValue else { continue }
            files[path] = try Data(contentsOf: URL(fileURLWithPath: folder + "/" + path))
        }
        return files
    }

    @Test func aServerAnsweringFiveHundredIsOneWarning() throws {
        let server = try NginxServer(failing: true)
        let folder = try BuildCommandTests.project(Self.json)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let result = try CLI.run(["build", "--cache", server.url.absoluteString], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasSuffix("3 built, 0 up to date\n"))
        let warnings = result.stderr.split(separator: "\n").filter { $0.hasPrefix("warning:") }
        #expect(warnings == ["warning: the cache \(server.url.absoluteString) answered HTTP 500 to GET /ac/…: this build goes on without it"])
    }

    /// A cache server that takes the connection and never answers is waited for asleep: the build
    /// waits out its 5 s of silence, and the CPU it spends meanwhile is its own work's (URLSession
    /// on Linux spun in libcurl's loop for the whole wait: 4.3 s of CPU over 5 s).
    @Test func aSilentServerIsWaitedForWithoutSpendingCPU() throws {
        let server = try SilentServer()
        let folder = try BuildCommandTests.project(Self.json)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // `times`, after the command, prints the CPU its children used (user, then system).
        let result = try CLI.run(["build", "--cache", server.url.absoluteString], in: folder,
                                 through: ["/bin/sh", "-c", "\"$0\" \"$@\"; status=$?; times >&2; exit $status", CLI.executable.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("timed out after 5 s without an answer: this build goes on without it"), "\(result.stderr)")
        let children = result.stderr.split(separator: "\n").last.map(String.init) ?? ""
        let seconds = children.matches(of: /(\d+)m([\d.]+)s/).map { Double($0.output.1)! * 60 + Double($0.output.2)! }
        try #require(seconds.count == 2, "\(children)")
        #expect(seconds[0] + seconds[1] < 2, "the build spent \(seconds[0]) s user and \(seconds[1]) s system CPU")
    }

    @Test(arguments: [(["--cache", "ftp://cache.example.com"], "--cache does not take 'ftp://cache.example.com'"),
                      (["--cache", "c", "--no-cache"], "contradict each other"),
                      (["--cache", ""], "--cache does not take ''"),
                      // A cache where a target writes (fresh eyes: it raced the GIF for its name) or
                      // inside what a target reads (its files changed the inputs on every build).
                      // Said as the flag's value, not in the library's words ("BuildJob: cache: …").
                      (["--cache", "build/coin.gif"], "error: --cache does not take 'build/coin.gif'; it takes: a folder outside every target's "
                        + "outputs and sources (the cache's own files would be outputs overwritten, or inputs that change on every build): "
                        + "target coin writes build/coin.gif"),
                      (["--cache", "build"], " writes build/"),
                      (["--cache", "coin/cache"], " reads coin"),
                      // A file where the folder would go: refused, not a warning on every build (round 59).
                      (["--cache", "flipbook.json"], "error: --cache does not take 'flipbook.json'; it takes: a folder (made if missing), "
                        + "or the http:// URL of a Bazel remote cache: it is a file"),
                      (["--watch", "--shard", "1/2"], "give one"),
                      (["--cache-size", "0"], "--cache-size does not take '0'"),
                      (["--cache-size", "-5"], "--cache-size does not take '-5'"),
                      (["--cache-size", "10", "--no-cache"], "contradict each other"),
                      (["--cache-size", "10", "--cache", "http://127.0.0.1:9/"], "keeps its own limits")])
    func aWrongCacheIsAUsageError(arguments: [String], message: String) throws {
        let folder = try BuildCommandTests.project(Self.json)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let result = try CLI.run(["build"] + arguments, in: folder)
        #expect(result.status == 2)
        #expect(result.stderr.contains(message) && !result.stderr.contains("BuildJob"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/build"))
    }
}
