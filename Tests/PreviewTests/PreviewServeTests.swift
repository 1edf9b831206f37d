import Foundation
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

    static func get(_ url: String) async throws -> (Int, String) {
        let (data, response) = try await URLSession.shared.data(from: try #require(URL(string: url)))
        return ((response as? HTTPURLResponse)?.statusCode ?? 0, String(decoding: data, as: UTF8.self))
    }

    @Test func servesThePageAndItsReloadNoticeFiresAfterARebuild() async throws {
        let made = try PreviewFixture.make("serve")
        defer { try? FileManager.default.removeItem(atPath: made.folder) }
        let process = Process()
        process.executableURL = Self.executable
        process.arguments = ["preview", "--serve", "--no-validate"]
        process.currentDirectoryURL = URL(fileURLWithPath: made.folder)
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        defer { process.terminate(); process.waitUntilExit() }
        let lines = Lines(out.fileHandleForReading)
        var url: String?
        for _ in 0..<200 where url == nil {
            url = lines.all.firstMatch(of: /http:\/\/127\.0\.0\.1:[0-9]+\//).map { String($0.output) }
            if url == nil { try await Task.sleep(nanoseconds: 50_000_000) }
        }
        let page = try #require(url, "no URL printed: \(lines.all)")

        let (status, html) = try await Self.get(page)
        #expect(status == 200)
        #expect(html.contains("id=\"flipbook-data\""))
        let (frameStatus, _) = try await Self.get(page + "coin/gold_1.png")
        #expect(frameStatus == 200)
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
}
