import Foundation
import HostileCases

// The hostile-value harness: `flipbook-hostile NAME…` runs the named cases in this process, in
// order, and reports each on standard output (HostileProtocol); with no names it runs them all;
// `--list` prints the names. `--trap` traps on purpose, so the test can show it notices a trap.
// Address space is capped (a call that tries to allocate gigabytes fails fast, as a trap) and an
// alarm ends a case that hangs.

var limit = rlimit(rlim_cur: 4 << 30, rlim_max: 4 << 30)
_ = setrlimit(Int32(RLIMIT_AS.rawValue), &limit)
alarm(60)

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments == ["--list"] {
    for hostile in HostileCases.all { print(hostile.name) }
} else if arguments == ["--trap"] {
    HostileProtocol.run([HostileCase("trap on purpose", []) {
        let values: [Int] = []
        _ = values[Int(CommandLine.arguments.count)]
    }])
} else {
    let byName = Dictionary(HostileCases.all.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    let unknown = arguments.filter { byName[$0] == nil }
    if !unknown.isEmpty {
        FileHandle.standardError.write(Data("unknown case: \(unknown.joined(separator: ", "))\n".utf8))
        exit(2)
    }
    HostileProtocol.run(arguments.isEmpty ? HostileCases.all : arguments.map { byName[$0]! })
}
