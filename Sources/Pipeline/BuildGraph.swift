import Animated
import Atlas
import Basics

/// The order targets are built in: each after the targets it names under `after` and after every
/// target whose output it reads (a source at or inside that output).
enum BuildGraph {
    /// `path` is `other` or lies inside it (both relative to the project's folder, normalised).
    static func path(_ path: String, isWithin other: String) -> Bool {
        path == other || path.hasPrefix(other + "/")
    }

    /// Where `target` reads, relative to the project's folder: its sources, except that a scene is
    /// read with the files and folders it names (``SceneReferences``), a sheet's data with its
    /// folder (its pages), and a prefix path or glob from its folder.
    static func readRoots(of target: Target, in project: Project) -> [String] {
        if target.kind == .render, let scene = target.sources.first {
            let written = project.targets.filter { $0.name != target.name }.flatMap(\.outputs)
            return [scene] + SceneReferences.paths(scene: scene, in: project, written: written)
        }
        return target.sources.map { source in
            let folder = source.contains("/") ? String(source[..<source.lastIndex(of: "/")!]) : "."
            switch target.job {
            case .frames(let job) where job.readsSheet: return folder
            default:
                let disk = project.onDisk(source)
                let written = project.targets.contains { other in other.name != target.name && other.outputs.contains { path(source, isWithin: $0) } }
                return written || FileIO.isDirectory(disk) || FileIO.isRegularFile(disk) || target.kind == .frames ? source : folder
            }
        }
    }

    /// Whether one of `roots` reads `written`: the root is the file or folder written, or a folder
    /// holding it, or lies inside a folder written.
    static func reads(_ roots: [String], _ written: String) -> Bool {
        roots.contains { root in root == "." ? !written.contains("/") : path(written, isWithin: root) || path(root, isWithin: written) }
    }

    /// The names of the targets `target` must wait for: those named under `after` and those that
    /// write where it reads.
    static func dependencies(of target: Target, in project: Project) -> [String] {
        var names = Set(target.after)
        let roots = readRoots(of: target, in: project)
        for other in project.targets where other.name != target.name {
            if other.outputs.contains(where: { reads(roots, $0) }) { names.insert(other.name) }
        }
        return names.sorted()
    }

    /// `path` as the file system will find it, for comparing outputs: the part that exists with
    /// its links resolved, the rest as written, in lower case (macOS and Windows take `A.gif` and
    /// `a.gif` for one file).
    static func identity(of path: String, in project: Project) -> String {
        var existing = path, rest = ""
        while !existing.isEmpty {
            if let resolved = FileIO.resolvedPath(project.onDisk(existing)) { return (resolved + rest).lowercased() }
            guard let slash = existing.lastIndex(of: "/") else { break }
            rest = String(existing[slash...]) + rest
            existing = String(existing[..<slash])
        }
        return ((FileIO.resolvedPath(project.onDisk(".")) ?? project.folder) + "/" + existing + rest).lowercased()
    }

    /// What the folder `folder` (a path as the user gave it: absolute, or relative to the working
    /// folder) would clash with, said for a message: a target's output it is, holds or lies in, or a
    /// place a target reads it lies in or holds (the project's `.flipbook-build` is never read).
    /// `nil` when it clashes with none.
    static func clash(ofFolder folder: String, in project: Project) -> String? {
        func absolute(_ path: String) -> String {
            var existing = path, rest = ""
            while !existing.isEmpty {
                if let resolved = FileIO.resolvedPath(existing) { return (resolved + rest).lowercased() }
                guard let slash = existing.lastIndex(of: "/"), slash != existing.startIndex else { break }
                rest = String(existing[slash...]) + rest
                existing = String(existing[..<slash])
            }
            let base = path.hasPrefix("/") ? "" : (FileIO.resolvedPath(".") ?? ".") + "/"
            return (base + path).lowercased()
        }
        let cache = absolute(Discovery.trimmingSlash(folder))
        let state = identity(of: Project.stateFolder, in: project)
        if self.path(cache, isWithin: state) { return nil }
        for target in project.targets {
            for output in target.outputs {
                let written = identity(of: output, in: project)
                if self.path(cache, isWithin: written) || self.path(written, isWithin: cache) { return "target \(target.name) writes \(output)" }
            }
            for root in readRoots(of: target, in: project) {
                let read = identity(of: root, in: project)
                if self.path(cache, isWithin: read) { return "target \(target.name) reads \(root)" }
            }
        }
        return nil
    }

    /// Refuses two targets writing one path (or one inside the other's output) and dependencies in
    /// a circle.
    static func check(_ project: Project) throws(ProjectError) {
        let targets = project.targets
        let identities = targets.map { $0.outputs.map { identity(of: $0, in: project) } }
        for (index, target) in targets.enumerated() {
            for otherIndex in (index + 1)..<targets.count {
                let other = targets[otherIndex]
                for (mine, mineID) in zip(target.outputs, identities[index]) {
                    for (theirs, theirsID) in zip(other.outputs, identities[otherIndex])
                    where path(mineID, isWithin: theirsID) || path(theirsID, isWithin: mineID) {
                        throw .sharedOutput(file: project.file, path: mine.count <= theirs.count ? mine : theirs, targets: [target.name, other.name])
                    }
                }
            }
            // A target that reads what it writes would read its own last output.
            let roots = target.sources
            if target.outputs.contains(where: { written in roots.contains { path($0, isWithin: written) || $0 == written } }) {
                throw .cycle(file: project.file, targets: [target.name, target.name])
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
