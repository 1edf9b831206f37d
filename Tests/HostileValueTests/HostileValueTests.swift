import Foundation
import HostileCases
import Testing
import TestSupport

/// Every public initializer and function of every module, called with hostile values (NaN, ±∞, 0,
/// negative, `Int.max`, empty, repeated), must return or throw a typed error — never trap. A trap
/// kills its process, so the cases run in `flipbook-hostile`, a child process: all of them in one
/// child, and after a crash the rest in a new one, so each case is run once.
@Suite struct HostileValueTests {
    /// What became of one case.
    enum Outcome: Equatable {
        case finished(String)
        case died(String)
    }

    /// The harness beside the test bundle in SwiftPM's products folder.
    static var harness: URL {
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        while folder.path.contains(".xctest") { folder.deleteLastPathComponent() }
        return folder.appendingPathComponent("flipbook-hostile")
    }

    /// Runs `arguments` in the harness; its standard output and how it ended.
    static func spawn(_ arguments: [String]) throws -> (lines: [Substring], status: Int32, signalled: Bool) {
        let process = Process()
        process.executableURL = harness
        process.arguments = arguments
        // A trap is noticed by its signal; Swift's backtracer would spend half a second on each.
        process.environment = ProcessInfo.processInfo.environment.merging(["SWIFT_BACKTRACE": "enable=no"]) { $1 }
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n")
        return (lines, process.terminationStatus, process.terminationReason == .uncaughtSignal)
    }

    /// Runs `names` through the harness until each has an outcome: a case that started and did not
    /// finish died with the child (its signal says how); the rest go to a fresh child.
    static func outcomes(of names: [String]) throws -> [String: Outcome] {
        var outcomes: [String: Outcome] = [:]
        var remaining = names
        while !remaining.isEmpty {
            let run = try spawn(remaining)
            var started: String?
            for line in run.lines {
                let fields = line.split(separator: "\t", maxSplits: 2).map(String.init)
                if fields.count == 2, fields[0] == "start" { started = fields[1] }
                if fields.count == 3, fields[0] == "done" { outcomes[fields[1]] = .finished(fields[2]); started = nil }
            }
            guard let started else { break }
            outcomes[started] = .died(run.signalled ? "signal \(run.status)" : "exit \(run.status)")
            remaining = remaining.filter { outcomes[$0] == nil }
        }
        return outcomes
    }

    /// All cases, run once for the parameterised test below.
    static let results: Result<[String: Outcome], any Error> = Result { try outcomes(of: HostileCases.all.map(\.name)) }

    @Test(arguments: HostileCases.all.map(\.name))
    func noTrap(name: String) throws {
        let outcome = try Self.results.get()[name]
        switch outcome {
        case .finished(let how)?:
            #expect(!how.hasPrefix("failed"), "\(name): \(how)")
        case .died(let how)?:
            Issue.record("\(name) trapped (\(how)); run `flipbook-hostile '\(name)'` to see it")
        case nil:
            Issue.record("\(name) was not run")
        }
    }

    /// The runner notices a trap: the harness's deliberate one is reported as a death by a signal,
    /// not as a finished case.
    @Test func aTrapIsNoticed() throws {
        let run = try Self.spawn(["--trap"])
        #expect(run.signalled)
        #expect(run.lines == ["start\ttrap on purpose"])
    }

    @Test func caseNamesAreUnique() {
        let names = HostileCases.all.map(\.name)
        #expect(Set(names).count == names.count)
    }

    /// Every public type of every library module has a case: the public `struct`, `class`,
    /// `enum`, `actor` and `protocol` declarations under `Sources/` (the CLI aside), each named with
    /// the types and extensions it sits in (`GIF.Encoder.Quality`), must each appear in some case's
    /// `covers`; and every name a case covers must be a public type.
    @Test func everyPublicTypeHasACase() throws {
        let declared = try Self.publicTypes()
        #expect(declared.count >= 200, "found \(declared.count) public types under Sources/")
        let covered = Set(HostileCases.all.flatMap(\.covers))
        let missing = declared.subtracting(covered).sorted()
        #expect(missing.isEmpty, "public types without a hostile-value case: \(missing.joined(separator: ", "))")
        let unknown = covered.subtracting(declared).sorted()
        #expect(unknown.isEmpty, "cases cover names that are not public types: \(unknown.joined(separator: ", "))")
    }

    /// The public types declared in the library modules' sources, qualified by the declarations
    /// they are nested in (found by indentation: the code is formatted with four spaces a level).
    static func publicTypes() throws -> Set<String> {
        let sources = Fixtures.repository + "/Sources"
        let declaration = #/^( *)(?:@\w+(?:\([^)]*\))? )*(?:(public|package|internal|private|fileprivate)\s+)?(?:final\s+|indirect\s+)*(struct|class|enum|actor|protocol|extension)\s+([A-Za-z_][\w.]*)/#
        var found = Set<String>()
        let files = FileManager.default.enumerator(atPath: sources)?.compactMap { $0 as? String } ?? []
        for file in files where file.hasSuffix(".swift") && !file.hasPrefix("flipbook/") {
            var scope: [(indent: Int, name: String)] = []
            for line in try String(contentsOfFile: sources + "/" + file, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false) {
                guard let match = line.prefixMatch(of: declaration) else { continue }
                let indent = match.1.count, name = String(match.4)
                scope.removeAll { $0.indent >= indent }
                let qualified = (scope.map(\.name) + [name]).joined(separator: ".")
                scope.append((indent, name))
                if match.2 == "public" && match.3 != "extension" { found.insert(qualified) }
            }
        }
        return found
    }
}
