import Foundation
import TestSupport

/// Runs the built `flipbook` executable and captures what it prints.
enum CLI {
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
        /// Standard output as bytes (a GIF or PNG written to `-o -`).
        var stdoutBytes = Data()
    }

    static let fixtures = Fixtures.root
    static let repository = Fixtures.repository

    /// The executable sits beside the test bundle in SwiftPM's products folder.
    static var executable: URL {
        let runner = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        var folder = runner.deletingLastPathComponent()
        // On Apple platforms the runner is inside Foo.xctest/Contents/MacOS.
        while folder.path.contains(".xctest") { folder.deleteLastPathComponent() }
        return folder.appendingPathComponent("flipbook")
    }

    /// Runs `flipbook arguments` under a shell that first applies `shellLimits`
    /// (e.g. `ulimit -f 100; ulimit -v 1048576`).
    static func run(_ arguments: [String], shellLimits: String, in directory: String? = nil) throws -> Result {
        try run(arguments, in: directory, through: ["/bin/sh", "-c", "\(shellLimits); exec \"$0\" \"$@\"", executable.path])
    }

    static func run(_ arguments: [String], in directory: String? = nil, through launcher: [String] = []) throws -> Result {
        let process = Process()
        process.executableURL = launcher.isEmpty ? executable : URL(fileURLWithPath: launcher[0])
        process.arguments = Array(launcher.dropFirst()) + arguments
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        // Read both pipes before waiting, so a large output cannot fill a pipe and deadlock.
        let errData = ReadInBackground(err.fileHandleForReading)
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(status: process.terminationStatus,
                      stdout: String(decoding: outData, as: UTF8.self),
                      stderr: String(decoding: errData.wait(), as: UTF8.self), stdoutBytes: outData)
    }
}

/// Drains a file handle on another thread.
private final class ReadInBackground: @unchecked Sendable {
    private var data = Data()
    private let done = DispatchSemaphore(value: 0)

    init(_ handle: FileHandle) {
        Thread.detachNewThread { [self] in
            data = handle.readDataToEndOfFile()
            done.signal()
        }
    }

    func wait() -> Data {
        done.wait()
        return data
    }
}
