extension Project {
    /// What the last build left undone, by target name, for a preview to say beside its outputs:
    /// the reason a target has no record (`its last build failed`, `fx/a.png changed during its
    /// last build`), or for a target that reads one of those, however far (skipped, or built from
    /// what it left), `target bad, which it reads, failed its last build` — from the build's state.
    package var lastBuildProblems: [String: String] {
        let unfinished = BuildState.load(for: self).unfinished ?? [:]
        guard !unfinished.isEmpty else { return [:] }
        let links = BuildGraph.linkedOutputs(in: self)
        // The unfinished target each target reads from, through the targets between.
        var roots = Dictionary(uniqueKeysWithValues: unfinished.keys.map { ($0, $0) })
        var changed = true
        while changed {
            changed = false
            for target in targets where roots[target.name] == nil {
                guard let root = BuildGraph.dependencies(of: target, in: self, links: links).lazy.compactMap({ roots[$0] }).first else { continue }
                roots[target.name] = root
                changed = true
            }
        }
        return roots.reduce(into: unfinished) { problems, entry in
            if problems[entry.key] == nil { problems[entry.key] = "target \(entry.value), which it reads, failed its last build" }
        }
    }
}
