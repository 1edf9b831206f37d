import Foundation

/// One call of a public API with hostile values (NaN, ±∞, 0, negative, `Int.max`, empty,
/// repeated): it must return or throw, never trap. `covers` names the public types (qualified as
/// `GIF.Encoder`, `NineSlice.Insets`) the call exercises, for the check that every public type has
/// a case.
public struct HostileCase: Sendable {
    /// Unique, stable: the test's argument and the harness's command-line argument.
    public var name: String
    /// The public types the call exercises.
    public var covers: [String]
    /// The call. Returning or throwing is a pass; the harness says which.
    public var body: @Sendable () throws -> Void

    /// A case `name` over `covers`.
    public init(_ name: String, _ covers: [String], _ body: @escaping @Sendable () throws -> Void) {
        self.name = name
        self.covers = covers
        self.body = body
    }
}

/// How the harness (`flipbook-hostile`) reports each case on standard output, one line each,
/// flushed before the next case starts: `start<TAB>name`, then `done<TAB>name<TAB>outcome`. A case
/// that traps leaves its `start` line without a `done`.
public enum HostileProtocol {
    /// Runs `cases` in this process, in order, reporting each.
    public static func run(_ cases: [HostileCase]) {
        for hostile in cases {
            emit("start\t\(hostile.name)")
            let outcome: String
            do {
                try hostile.body()
                outcome = "returned"
            } catch let failure as HostileFailure {
                outcome = "failed: \(failure.description)"
            } catch {
                outcome = "threw \(type(of: error)): \(String(describing: error))"
            }
            emit("done\t\(hostile.name)\t\(outcome.replacingOccurrences(of: "\n", with: " "))")
        }
    }

    /// Writes `line` and a newline to standard output unbuffered.
    static func emit(_ line: String) {
        let bytes = Array((line + "\n").utf8)
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = write(1, buffer.baseAddress! + offset, buffer.count - offset)
                if written <= 0 { return }
                offset += written
            }
        }
    }
}
