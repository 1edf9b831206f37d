import Foundation
#if canImport(Glibc)
import Glibc
#endif
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
import TestSupport

/// `flipbook preview --serve`, as a user starts it: the page answers on 127.0.0.1, only the files
/// it shows are served, and the page's reload notice fires in headless Chromium after an output is
/// rebuilt (written to a temporary file and renamed over the old one, as every Flipbook output is).
@Suite("flipbook preview --serve")
struct PreviewServeTests {
    /// The built `flipbook`, beside the test bundle.
    static var executable: URL {
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        while folder.path.contains(".xctest") { folder.deleteLastPathComponent() }
        return folder.appendingPathComponent("flipbook")
    }

    /// Standard output's lines, read as they come.
    final class Lines: @unchecked Sendable {
        private let lock = NSLock()
        private var text = ""
        init(_ handle: FileHandle) {
            Thread.detachNewThread { [self] in
                while true {
                    let data = handle.availableData
                    if data.isEmpty { return }
                    lock.withLock { text += String(decoding: data, as: UTF8.self) }
                }
            }
        }
        var all: String { lock.withLock { text } }
    }

    final class Finished: @unchecked Sendable {
        private let lock = NSLock()
        private var value = false
        func set() { lock.withLock { value = true } }
        var done: Bool { lock.withLock { value } }
    }

    /// The status a raw HTTP `request` (a request line URLSession never sends) gets from 127.0.0.1:`port`.
    static func rawStatus(_ request: String, port: Int) throws -> Int {
        let line = try PreviewHTTPTests.rawAnswer(Array(request.utf8), port: port)
        return line.firstMatch(of: /^HTTP\/1\.[01] ([0-9]{3})/).flatMap { Int($0.1) } ?? 0
    }

    static func get(_ url: String) async throws -> (Int, String) {
        let (data, response) = try await URLSession.shared.data(from: try #require(URL(string: url)))
        return ((response as? HTTPURLResponse)?.statusCode ?? 0, String(decoding: data, as: UTF8.self))
    }

    /// `flipbook preview --serve` with `arguments`, started in `folder`, and the first line it
    /// printed (its URL, or `--json`'s object), waited for up to 10 s. The caller ends the process.
    static func serve(_ arguments: [String], in folder: String) async throws -> (Process, String) {
        let process = Process()
        process.executableURL = executable
        process.arguments = ["preview", "--serve"] + arguments
        process.currentDirectoryURL = URL(fileURLWithPath: folder)
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        let lines = Lines(out.fileHandleForReading)
        var line: String?
        for _ in 0..<200 where line == nil {
            line = lines.all.contains("\n") ? lines.all.split(separator: "\n").first.map(String.init) : nil
            if line == nil { try await Task.sleep(nanoseconds: 50_000_000) }
        }
        return (process, line ?? "")
    }

    @Test func servesThePageAndItsReloadNoticeFiresAfterARebuild() async throws {
        let made = try PreviewFixture.make("serve")
        defer { try? FileManager.default.removeItem(atPath: made.folder) }
        let (process, first) = try await Self.serve(["--no-validate"], in: made.folder)
        defer { process.terminate(); process.waitUntilExit() }
        let page = try #require(first.firstMatch(of: /http:\/\/127\.0\.0\.1:[0-9]+\//).map { String($0.output) }, "no URL printed: \(first)")

        let (status, html) = try await Self.get(page)
        #expect(status == 200)
        #expect(html.contains("id=\"flipbook-data\""))
        let (frameStatus, _) = try await Self.get(page + "coin/gold_1.png")
        #expect(frameStatus == 200)
        // A request for another host (a name rebound to 127.0.0.1 by a page elsewhere) is refused;
        // localhost is this machine too (fresh eyes 42: any Host was answered).
        let port = try #require(page.firstMatch(of: /:([0-9]+)\//).flatMap { Int($0.1) })
        for (host, expected) in [("evil.example", 403), ("evil.example:80", 403), ("localhost", 200), ("localhost:\(port)", 200),
                                 ("127.0.0.1:\(port + 1)", 403), ("localhost:\(port)x", 403), ("[::1]:\(port)", 200),
                                 ("localhost:+\(port)", 403), ("localhost:0\(port)", 403)] {
            var request = URLRequest(url: try #require(URL(string: page)))
            request.setValue(host, forHTTPHeaderField: "Host")
            let (_, response) = try await URLSession.shared.data(for: request)
            #expect((response as? HTTPURLResponse)?.statusCode == expected, "Host: \(host)")
        }
        // An absolute-form request line names its host before `Host` does (fresh eyes 43: served).
        for (target, expected) in [("http://evil.example/", 403), ("http://127.0.0.1:\(port)/", 200), ("http://localhost:\(port + 1)/", 403),
                                   ("*", 400), ("etc/passwd", 400), ("http://127.0.0.1:\(port)", 200)] {
            let status = try Self.rawStatus("GET \(target) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n\r\n", port: port)
            #expect(status == expected, "GET \(target)")
        }
        // HTTP/1.1 without a Host is malformed (fresh eyes 44 #9); HTTP/1.0 without one is answered.
        #expect(try Self.rawStatus("GET / HTTP/1.1\r\nConnection: close\r\n\r\n", port: port) == 400)
        #expect(try Self.rawStatus("GET / HTTP/1.0\r\n\r\n", port: port) == 200)
        // Files the page does not show are not served, whatever the path says.
        for path in ["coin/sequence.json", "../../etc/passwd", "%2e%2e/%2e%2e/etc/passwd", "flipbook.json"] {
            let (refused, _) = try await Self.get(page + path)
            #expect(refused == 404, "\(path): \(refused)")
        }

        // Chromium loads the page (it waits on the page's change request); meanwhile the GIF is
        // rebuilt every 1.5 s (longer than the server's quiet quarter-second) until the browser is done.
        let gif = made.folder + "/anim/boom.gif"
        let bytes = try Data(contentsOf: URL(fileURLWithPath: gif))
        let finished = Finished()
        let browser = Task.detached {
            defer { finished.set() }
            return try Chromium.dumpDOM(page + "?reloadtest", budget: 3000, timeout: 40)
        }
        var rebuilt = 0
        while rebuilt < 25, !finished.done {
            try await Task.sleep(nanoseconds: 1_500_000_000)
            try bytes.write(to: URL(fileURLWithPath: gif + ".new"))
            _ = rename(gif + ".new", gif)
            rebuilt += 1
        }
        let result = try await browser.value
        #expect(result.dom.contains("data-reload-notice=\"shown\""), "no reload notice after \(rebuilt) rebuilds")
        #expect(result.console.isEmpty, "the browser logged: \(result.console)")
    }

    /// Fresh eyes 19: a GIF linked from outside the folder was shown and served (its bytes, from
    /// elsewhere); `--serve` never said what it could not show (`--json`'s warnings were always
    /// empty); and a second `--serve` on a port another server held hung, where the docs promise
    /// exit 4. Now the link is not shown, the serve line lists why, and the second server ends at once.
    @Test func aLinkOutIsNotServedItsNoteIsSaidAndABusyPortEndsTheRun() async throws {
        let made = try PreviewFixture.make("serve-out")
        let outside = try Fixtures.temporaryFolder("serve-outside")
        defer { for folder in [made.folder, outside] { try? FileManager.default.removeItem(atPath: folder) } }
        try FileManager.default.copyItem(atPath: made.folder + "/anim/boom.gif", toPath: outside + "/far.gif")
        try FileManager.default.createSymbolicLink(atPath: made.folder + "/anim/far.gif", withDestinationPath: outside + "/far.gif")
        let (process, first) = try await Self.serve(["--json", "--no-validate"], in: made.folder)
        defer { process.terminate(); process.waitUntilExit() }
        let serving = try #require(try JSONSerialization.jsonObject(with: Data(first.utf8)) as? [String: Any])
        let url = try #require(serving["url"] as? String)
        let warnings = serving["warnings"] as? [String] ?? []
        #expect(warnings.contains { $0.hasPrefix("anim/far.gif: a link to ") && $0.hasSuffix("outside .: not shown") }, "\(warnings)")
        let (status, _) = try await Self.get(url + "anim/far.gif")
        #expect(status == 404)
        let (shown, _) = try await Self.get(url + "anim/boom.gif")
        #expect(shown == 200)
        // A second server on the same port ends with exit 4 (it hung), naming the port.
        let port = try #require(url.split(separator: ":").last?.split(separator: "/").first.map(String.init))
        let second = Process()
        second.executableURL = Self.executable
        second.arguments = ["preview", "--serve", "--port", port, "--no-validate"]
        second.currentDirectoryURL = URL(fileURLWithPath: made.folder)
        let said = Pipe()
        second.standardOutput = FileHandle.nullDevice
        second.standardError = said
        try second.run()
        var waited = 0
        while second.isRunning, waited < 300 {
            try await Task.sleep(nanoseconds: 50_000_000)
            waited += 1
        }
        if second.isRunning { second.terminate() }
        second.waitUntilExit()
        let message = String(decoding: said.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(second.terminationStatus == 4 && message.contains(port), "\(second.terminationStatus): \(message)")
    }

    /// Fresh eyes 53: a file the page shows, swapped for a link that leads out, was served (the
    /// outside file's bytes) until the next plan dropped it, 300 ms. A file is served only while
    /// it lies where the plan found it.
    @Test func aFileSwappedForALinkOutIsNotServed() async throws {
        let made = try PreviewFixture.make("serve-swap")
        let outside = try Fixtures.temporaryFolder("serve-swap-outside")
        defer { for folder in [made.folder, outside] { try? FileManager.default.removeItem(atPath: folder) } }
        try Data("SECRET".utf8).write(to: URL(fileURLWithPath: outside + "/secret.txt"))
        let (process, first) = try await Self.serve(["--json", "--no-validate"], in: made.folder)
        defer { process.terminate(); process.waitUntilExit() }
        let serving = try #require(try JSONSerialization.jsonObject(with: Data(first.utf8)) as? [String: Any])
        let url = try #require(serving["url"] as? String)
        #expect(try await Self.get(url + "anim/boom.gif").0 == 200)
        try FileManager.default.removeItem(atPath: made.folder + "/anim/boom.gif")
        try FileManager.default.createSymbolicLink(atPath: made.folder + "/anim/boom.gif", withDestinationPath: outside + "/secret.txt")
        let (status, body) = try await Self.get(url + "anim/boom.gif")
        #expect(status == 404 && !body.contains("SECRET"), "\(status) \(body)")
    }

    /// Fresh eyes 21: a sequence folder reached first through a link inside the tree (`t/inlink` →
    /// `inner`) was watched by the link's own status, so a frame added to it never reached the page.
    @Test func aFolderReachedThroughALinkIsWatchedForNewFrames() async throws {
        let folder = try Fixtures.temporaryFolder("serve-link-inside")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder + "/t/inner", withIntermediateDirectories: true)
        for name in Fixtures.pngNames(in: "sequences/kenney-gold-coin") {
            try FileManager.default.copyItem(atPath: Fixtures.path("sequences/kenney-gold-coin/\(name)"), toPath: folder + "/t/inner/" + name)
        }
        try FileManager.default.createSymbolicLink(atPath: folder + "/t/inlink", withDestinationPath: "inner")
        let (process, first) = try await Self.serve(["t", "--no-validate"], in: folder)
        defer { process.terminate(); process.waitUntilExit() }
        let page = try #require(first.firstMatch(of: /http:\/\/127\.0\.0\.1:[0-9]+\//).map { String($0.output) }, "no URL printed: \(first)")
        #expect(try await !Self.get(page).1.contains("gold_5"))
        try FileManager.default.copyItem(atPath: folder + "/t/inner/gold_1.png", toPath: folder + "/t/inner/gold_5.png")
        var shown = false
        for _ in 0..<40 where !shown {
            try await Task.sleep(nanoseconds: 250_000_000)
            shown = try await Self.get(page).1.contains("gold_5")
        }
        #expect(shown, "the page never showed the new frame")
    }
}
