import Basics

/// How a build is split into shards (`BuildJob.shard`): a target goes with everything it is
/// connected to in the dependency graph — what it waits for and what waits for it — so that no
/// part needs another part's output. Each connected group is one unit, costing the bytes of the
/// files its targets read that no target writes (the checked-in sources: the same on every machine
/// of a matrix, whatever outputs a machine has lying around) plus ``perTargetCost`` per target,
/// and the units are split by `Shard.partition`, keyed by their first target's name.
enum BuildShards {
    /// What building a target costs beside reading its sources: a target of generated sources
    /// (`frames` of another target's GIF) still weighs something.
    static let perTargetCost = 64 * 1024

    /// The targets of `order` (in order) this part builds, and the names of the others.
    static func select(_ order: [Target], in project: Project, shard: Shard) -> (kept: [Target], others: [String]) {
        var index: [String: Int] = [:]
        for (position, target) in order.enumerated() { index[target.name] = position }
        var parent = Array(order.indices)
        func root(_ node: Int) -> Int {
            var node = node
            while parent[node] != node {
                parent[node] = parent[parent[node]]
                node = parent[node]
            }
            return node
        }
        let links = BuildGraph.linkedOutputs(in: project)
        for (position, target) in order.enumerated() {
            for dependency in BuildGraph.dependencies(of: target, in: project, links: links) {
                guard let other = index[dependency] else { continue }
                let (a, b) = (root(position), root(other))
                if a != b { parent[max(a, b)] = min(a, b) }
            }
        }
        let written = project.targets.flatMap(\.outputs)
        var groups: [Int: [Int]] = [:]
        for position in order.indices { groups[root(position), default: []].append(position) }
        let roots = groups.keys.sorted()
        let units = roots.map { group -> Shard.Unit in
            let members = groups[group] ?? []
            let names = members.map { order[$0].name }.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
            let cost = members.reduce(0) { sum, position in
                let read = TargetInputs.paths(of: order[position], in: project)
                    .filter { path in !written.contains { BuildGraph.path(path, isWithin: $0) } }
                    .reduce(0) { $0 + (FileIO.regularFileSize(project.onDisk($1)) ?? 0) }
                return sum + read + perTargetCost
            }
            return Shard.Unit(key: names.first ?? "", cost: cost)
        }
        var keep = Set<Int>()
        for (unit, part) in Shard.partition(units, into: shard.count).enumerated() where part == shard.index {
            keep.formUnion(groups[roots[unit]] ?? [])
        }
        let kept = order.indices.filter { keep.contains($0) }.map { order[$0] }
        let others = order.indices.filter { !keep.contains($0) }.map { order[$0].name }
        return (kept, others)
    }
}
