import Foundation

/// Headless Chromium, run once per check: a page's DOM after its scripts ran, and what the browser
/// logged. Missing, it is a failure that says how to install it (never a skipped test).
enum Chromium {
    struct Missing: Error, CustomStringConvertible {
        var description: String { "chromium is not installed: run Scripts/bootstrap (it installs Debian's chromium)" }
    }

    struct Result {
        var dom: String
        /// The console lines the browser logged (`CONSOLE` in its log): errors, warnings, anything a page printed.
        var console: [String]
        var status: Int32
    }

    static var executable: String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for folder in path.split(separator: ":") {
            for name in ["chromium", "chromium-browser", "google-chrome"] {
                let candidate = "\(folder)/\(name)"
                if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            }
        }
        return nil
    }

    struct TimedOut: Error, CustomStringConvertible {
        var seconds: Double
        var description: String { "chromium did not finish within \(seconds) s (the page kept a request open?)" }
    }

    /// Loads `url` and dumps its DOM once `budget` ms of virtual time have passed with nothing
    /// loading (a pending fetch holds the clock). A browser still running after `timeout` seconds
    /// is ended and the check fails (a page that never stops asking would hold it forever).
    static func dumpDOM(_ url: String, budget: Int = 2000, timeout: Double = 60) throws -> Result {
        guard let chromium = executable else { throw Missing() }
        let work = NSTemporaryDirectory() + "flipbook-chromium-\(getpid())-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: work) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: chromium)
        process.arguments = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--no-default-browser-check",
                             "--disable-extensions", "--disable-background-networking", "--disable-component-update",
                             "--user-data-dir=\(work)/profile", "--enable-logging=stderr", "--v=0",
                             "--virtual-time-budget=\(budget)", "--dump-dom", url]
        _ = FileManager.default.createFile(atPath: work + "/out", contents: nil)
        _ = FileManager.default.createFile(atPath: work + "/err", contents: nil)
        process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: work + "/out"))
        process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: work + "/err"))
        let finished = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in finished.signal() }
        try process.run()
        if finished.wait(timeout: .now() + timeout) == .timedOut {
            // The browser's helpers end with it.
            process.terminate()
            if finished.wait(timeout: .now() + 5) == .timedOut { kill(process.processIdentifier, SIGKILL) }
            process.waitUntilExit()
            throw TimedOut(seconds: timeout)
        }
        process.waitUntilExit()
        let dom = (try? String(contentsOfFile: work + "/out", encoding: .utf8)) ?? ""
        let log = (try? String(contentsOfFile: work + "/err", encoding: .utf8)) ?? ""
        let console = log.split(separator: "\n").filter { $0.contains(":CONSOLE") }.map(String.init)
        return Result(dom: dom, console: console, status: process.terminationStatus)
    }

    /// The text of the element `<pre id="ID">` in a dumped DOM, unescaped.
    static func text(ofPre id: String, in dom: String) -> String? {
        guard let start = dom.range(of: "<pre id=\"\(id)\">"), let end = dom.range(of: "</pre>", range: start.upperBound..<dom.endIndex) else { return nil }
        return String(dom[start.upperBound..<end.lowerBound]).replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&lt;", with: "<")
            .replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(of: "&amp;", with: "&")
    }
}
