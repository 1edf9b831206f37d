import Foundation
import Testing
import TestSupport

/// `flipbook build --watch` as a user runs it: the real binary beside real frames, a file saved
/// while it runs, the project file broken and fixed, then Ctrl-C.
@Suite("build --watch command")
struct BuildWatchCommandTests {
    /// A running `flipbook` whose standard output and error are read line by line as they come.
    final class Watching: @unchecked Sendable {
        let process = Process()
        private let condition = NSCondition()
        private var out: [String] = [], err: [String] = []
        private var open = 2

        init(_ arguments: [String], in folder: String) throws {
            process.executableURL = CLI.executable
            process.arguments = arguments
            process.currentDirectoryURL = URL(fileURLWithPath: folder)
            let outPipe = Pipe(), errPipe = Pipe()
            process.standardOutput = outPipe
            process.standardError = errPipe
            try process.run()
            read(outPipe.fileHandleForReading, isError: false)
            read(errPipe.fileHandleForReading, isError: true)
        }

        private func read(_ handle: FileHandle, isError: Bool) {
            Thread.detachNewThread { [self] in
                var pending = Data()
                while true {
                    let chunk = handle.availableData
                    if chunk.isEmpty { break }
                    pending.append(chunk)
                    while let newline = pending.firstIndex(of: 0x0A) {
                        let line = String(decoding: pending[pending.startIndex..<newline], as: UTF8.self)
                        pending.removeSubrange(pending.startIndex...newline)
                        condition.withLock {
                            if isError { err.append(line) } else { out.append(line) }
                            condition.broadcast()
                        }
                    }
                }
                condition.withLock { open -= 1; condition.broadcast() }
            }
        }

        var stdout: [String] { condition.withLock { out } }
        var stderr: [String] { condition.withLock { err } }

        /// Waits up to `timeout` seconds for the `count`th line of standard output (or error).
        @discardableResult
        func waitForLines(_ count: Int, error: Bool = false, timeout: Double = 10) -> Bool {
            let deadline = Date(timeIntervalSinceNow: timeout)
            return condition.withLock {
                while (error ? err : out).count < count {
                    if !condition.wait(until: deadline) { return false }
                }
                return true
            }
        }

        /// Waits up to `timeout` seconds for a line of standard error holding `text`; that line.
        func waitForError(containing text: String, timeout: Double = 10) -> String? {
            let deadline = Date(timeIntervalSinceNow: timeout)
            return condition.withLock {
                while true {
                    if let line = err.first(where: { $0.contains(text) }) { return line }
                    if !condition.wait(until: deadline) { return nil }
                }
            }
        }

        /// Ctrl-C, then the exit status once the process has ended.
        func interrupt() -> Int32 {
            process.interrupt()
            process.waitUntilExit()
            condition.withLock { while open > 0 { condition.wait() } }
            return process.terminationStatus
        }
    }

    static let json = #"""
        { "targets": {
            "coin": { "assemble": "coin", "output": "build/coin.gif", "fps": 8 },
            "dino": { "assemble": "dino", "output": "build/dino.gif", "fps": 8 } } }
        """#

    @Test func aSaveIsBuiltWithinASecondAsOneJSONLineAndCtrlCStops() throws {
        let folder = try BuildCommandTests.project(Self.json)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let watch = try Watching(["build", "--watch", "--json"], in: folder)
        #expect(watch.waitForLines(1))
        let first = try JSONSerialization.jsonObject(with: Data((watch.stdout.first ?? "").utf8)) as? [String: Any]
        #expect(first?["event"] as? String == "build")
        #expect(first?["built"] as? [String] == ["coin", "dino"] || first?["built"] as? [String] == ["dino", "coin"])

        let saved = Date()
        // The dino fixture's frames have gaps (jump-1, 6, 11): said as `build --json` says them.
        #expect((first?["warnings"] as? [String: [String]])?["dino"]?.first?.hasPrefix("missing frames 2–5, 7–10 of dino/") == true, "\(watch.stdout)")
        // A frame in the middle: the rebuilt coin warns of the gap, in the line as `build --json` lists it
        // (fresh eyes 57: `--watch --json` dropped every target's warnings and notes).
        let removed = "coin/" + Fixtures.pngNames(in: "sequences/kenney-gold-coin")[2]
        try FileManager.default.removeItem(atPath: folder + "/" + removed)
        #expect(watch.waitForLines(2))
        let latency = Date().timeIntervalSince(saved)
        #expect(latency < 1.0, "built \(latency) s after the save")
        let second = try JSONSerialization.jsonObject(with: Data((watch.stdout.last ?? "").utf8)) as? [String: Any]
        #expect(second?["built"] as? [String] == ["coin"])
        #expect(second?["upToDate"] as? [String] == ["dino"])
        let warnings = second?["warnings"] as? [String: [String]]
        #expect(warnings?.keys.sorted() == ["coin"] && warnings?["coin"]?.first?.hasPrefix("missing frame 3 of coin/") == true, "\(watch.stdout)")
        // The removed frame, and nothing outside its folder (under a loaded machine's timing the
        // system may report the folder beside its file; the build's own writes are never listed).
        let changes = second?["changes"] as? [String] ?? []
        #expect(changes.contains(removed), "\(changes)")
        #expect(changes.allSatisfy { $0 == "coin" || $0.hasPrefix("coin/") }, "\(changes)")

        #expect(watch.interrupt() == 130)
        #expect(watch.stdout.count == 2)
        let left = FileManager.default.enumerator(atPath: folder)?.compactMap { $0 as? String }.filter { $0.hasSuffix(".tmp") } ?? []
        #expect(left.isEmpty)
    }

    @Test func aBrokenProjectFileIsReportedAndTheWatchGoesOn() throws {
        let folder = try BuildCommandTests.project(Self.json)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let watch = try Watching(["build", "--watch"], in: folder)
        #expect(watch.waitForLines(1))
        #expect(watch.stdout.first?.hasPrefix("first build: built ") == true)
        #expect(watch.stdout.first?.hasSuffix("; 0 up to date") == true)

        let file = folder + "/flipbook.json"
        try Data(Self.json.replacingOccurrences(of: #""dino", "output""#, with: #""dino", "outptu""#).utf8).write(to: URL(fileURLWithPath: file))
        let reported = watch.waitForError(containing: #"did you mean "output"?"#)
        #expect(reported?.hasPrefix(#"error: flipbook.json: unknown key "outptu" in targets.dino"#) == true, "\(watch.stderr)")
        #expect(reported?.hasSuffix("watching it until it reads again") == true)
        // Put back as it was: nothing to build, but the line says it reads again (round 70p: nothing was said).
        try Data(Self.json.utf8).write(to: URL(fileURLWithPath: file))
        #expect(watch.waitForLines(2))
        #expect(watch.stdout.last == "flipbook.json changed: nothing built; 2 up to date", "\(watch.stdout)")

        try Data(Self.json.replacingOccurrences(of: #""fps": 8 } } }"#, with: #""fps": 12 } } }"#).utf8).write(to: URL(fileURLWithPath: file))
        #expect(watch.waitForLines(3))
        #expect(watch.stdout.last == "flipbook.json changed: built dino; 1 up to date")
        #expect(watch.interrupt() == 130)
    }
}
