/// The order targets are built in: each after the targets it names under `after` and after every
/// target whose output it reads (a source at or inside that output).
enum BuildGraph {
    /// `path` is `other` or lies inside it (both relative to the project's folder, normalised).
    static func path(_ path: String, isWithin other: String) -> Bool {
        path == other || path.hasPrefix(other + "/")
    }

    /// The names of the targets `target` must wait for.
    static func dependencies(of target: Target, in project: Project) -> [String] {
        var names = Set(target.after)
        for other in project.targets where other.name != target.name {
            if target.sources.contains(where: { source in other.outputs.contains { path(source, isWithin: $0) } }) { names.insert(other.name) }
        }
        return names.sorted()
    }

    /// Refuses two targets writing one path (or one inside the other's output) and dependencies in
    /// a circle.
    static func check(_ project: Project) throws(ProjectError) {
        let targets = project.targets
        for (index, target) in targets.enumerated() {
            for other in targets[(index + 1)...] {
                for mine in target.outputs {
                    for theirs in other.outputs where path(mine, isWithin: theirs) || path(theirs, isWithin: mine) {
                        throw .sharedOutput(file: project.file, path: mine.count <= theirs.count ? mine : theirs, targets: [target.name, other.name])
                    }
                }
            }
        }
        _ = try order(project, selecting: targets.map(\.name))
    }

    /// The targets named in `names` and everything they depend on, each after its dependencies;
    /// among targets free to go, by name (so the order is the same on every machine).
    static func order(_ project: Project, selecting names: [String]) throws(ProjectError) -> [Target] {
        var byName: [String: Target] = [:]
        for target in project.targets { byName[target.name] = target }
        var result: [Target] = []
        var state: [String: Bool] = [:]   // false: being visited, true: done
        var stack: [String] = []
        func visit(_ name: String) throws(ProjectError) {
            if state[name] == true { return }
            if state[name] == false {
                let start = stack.firstIndex(of: name) ?? 0
                throw .cycle(file: project.file, targets: Array(stack[start...]) + [name])
            }
            guard let target = byName[name] else {
                throw .unknownTarget(file: project.file, name: name, suggestion: nil)
            }
            state[name] = false
            stack.append(name)
            for dependency in dependencies(of: target, in: project) { try visit(dependency) }
            stack.removeLast()
            state[name] = true
            result.append(target)
        }
        for name in names.sorted() { try visit(name) }
        return result
    }
}
