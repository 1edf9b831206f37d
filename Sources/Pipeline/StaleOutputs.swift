import Basics
import Foundation

/// Files a target's earlier build wrote that its build now no longer writes — its `output`
/// renamed (`build/coin.gif` → `build/gold.gif`), a sheet's data format changed — which would
/// otherwise stay beside the new ones and ship with them. Removed after the target is built (or
/// taken from the cache), each only when nothing else claims it: not an output or a read root of
/// any target of the project, and unchanged since the build wrote it (its SHA-256 is the one the
/// state recorded: an edited file is the user's now, and stays).
enum StaleOutputs {
    /// Removes the files of `previous` (the target's recorded outputs, relative to the project's
    /// folder) that `current` no longer holds, as the type says; returns those removed, sorted.
    static func remove(previous: [String: BuildState.FileRecord], current: some Collection<String>, of target: Target,
                       in project: Project) -> [String] {
        let kept = Set(current)
        let gone = previous.keys.filter { !kept.contains($0) }.sorted()
        guard !gone.isEmpty else { return [] }
        let claimed = project.targets.flatMap { $0.outputs + BuildGraph.readRoots(of: $0, in: project) }
        var removed: [String] = []
        for path in gone where !claimed.contains(where: { BuildGraph.path(path, isWithin: $0) || BuildGraph.path($0, isWithin: path) }) {
            let disk = project.onDisk(path)
            guard let digest = try? ContentHash.ofFile(disk), digest == previous[path]?.sha256 else { continue }
            if (try? FileManager.default.removeItem(atPath: disk)) != nil { removed.append(path) }
        }
        return removed
    }

    /// The note a target's report carries for the files removed; `nil` when none was.
    static func note(_ removed: [String]) -> String? {
        guard !removed.isEmpty else { return nil }
        let names = removed.count <= 3 ? removed.joined(separator: ", ") : "\(removed.prefix(2).joined(separator: ", ")) and \(removed.count - 2) more"
        return "removed \(names): written by its earlier build, no longer among its outputs"
    }
}
