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

    /// ``path(_:isWithin:)`` byte for byte, as Linux's disk tells names apart (`café/` composed and
    /// decomposed are two folders there, one text to `String ==`): what decides a removal.
    static func path(_ path: String, isExactlyWithin other: String) -> Bool {
        let (inner, outer) = (path.utf8, other.utf8)
        guard inner.starts(with: outer) else { return false }
        let rest = inner.dropFirst(outer.count)
        return rest.isEmpty || rest.first == UInt8(ascii: "/")
    }

    /// Whether `path` is one of the pages a sheet output `output` (its page or its data file)
    /// names: `s-1.png` of `s.png`, `s-1@2x.json` of `s.json` — its own kind of file only (a GIF
    /// `s-1.gif`, or `fx-1.png` beside data `fx.json` whose pages are elsewhere, is none).
    static func isPage(_ path: String, of output: String) -> Bool {
        SheetExport.isPageName(path, of: output) && OutputName.pathExtension(path) == OutputName.pathExtension(output)
    }

    /// Whether `target` writes `path`: inside one of its outputs (with `byName`, one of its outputs
    /// itself, or a file of its SpriteKit sheet's `.atlasc` folder, all of which the sheet names),
    /// or one of the pages its sheet's names take (`out/d/s-0.json` of data `out/d/s.json`).
    static func writes(_ target: Target, _ path: String, byName: Bool = false) -> Bool {
        if target.outputs.contains(where: { output in
            (byName ? path == output : self.path(path, isWithin: output)) || target.kind == .sheet && isPage(path, of: output)
        }) { return true }
        // A file inside a SpriteKit sheet's `.atlasc` is the sheet's by name too (looked up only then).
        guard byName, target.kind == .sheet else { return false }
        let folder = FileIO.parentDirectory(of: path)
        return target.writtenOutputs.contains { $0 == folder && OutputName.pathExtension($0) == "atlasc" }
    }

    /// The targets besides `name` that read `path` (relative to the project's folder), by
    /// ``readRoots(of:in:variants:)`` (a root of `.`, a prefix in the project's folder, reads the
    /// files there, not every file under it): their names, in the project's order.
    static func readers(of path: String, besides name: String, in project: Project) -> [String] {
        project.targets.filter { target in
            target.name != name && readRoots(of: target, in: project).map(normalised).contains { root in
                root == "." ? !path.contains("/") : self.path(path, isWithin: root)
            }
        }.map(\.name)
    }

    /// `a/./b/` as `a/b` (a project's paths are already normalised; a source may end in a glob).
    static func normalised(_ path: String) -> String {
        let parts = path.split(separator: "/").filter { $0 != "." }
        return parts.isEmpty ? "." : parts.joined(separator: "/")
    }

    /// Where `target` reads, relative to the project's folder: its sources, except that a scene is
    /// read with the files and folders it names (``SceneReferences``), a sheet's data with its
    /// pages (``sheetRoots(_:folder:of:in:)``), and a prefix path or glob from its folder. With
    /// `variants` false, a scene's roots leave out files read only as another scale of a named image.
    static func readRoots(of target: Target, in project: Project, variants: Bool = true) -> [String] {
        if target.kind == .render, let scene = target.sources.first {
            let written = project.targets.filter { $0.name != target.name }.flatMap(\.outputs)
            return [scene] + SceneReferences.paths(scene: scene, in: project, written: written, variants: variants)
        }
        return target.sources.flatMap { source -> [String] in
            let folder = source.contains("/") ? String(source[..<source.lastIndex(of: "/")!]) : "."
            switch target.job {
            case .frames(let job) where job.readsSheet: return sheetRoots(source, folder: folder, of: target, in: project)
            default:
                let disk = project.onDisk(source)
                // A folder another target writes into (`mid` for its `mid/a.gif`) is read as the folder, there or not yet.
                let written = project.targets.contains { other in
                    other.name != target.name && other.outputs.contains { path(source, isWithin: $0) || path($0, isWithin: source) }
                }
                return [written || FileIO.isDirectory(disk) || FileIO.isRegularFile(disk) || target.kind == .frames ? source : folder]
            }
        }
    }

    /// Where a `frames` target reads the sheet whose data is `source` (in `folder`): the data file
    /// and the pages it names. When another target writes the data, that target writes its pages
    /// with it (a sheet is one set): the data and that target's outputs — a report or frames
    /// another target writes beside them are not read. Data no target writes names its pages only
    /// when read: its whole folder then (``isSheetFolder(_:of:in:)``).
    static func sheetRoots(_ source: String, folder: String, of target: Target, in project: Project) -> [String] {
        let writers = project.targets.filter { other in other.name != target.name && other.outputs.contains { path(source, isWithin: $0) } }
        return writers.isEmpty ? [folder] : [source] + writers.flatMap(\.writtenOutputs)
    }

    /// Whether `target` reads `root` only as the folder of sheet data that no target writes (its
    /// pages are known only by reading it): the reason a circle through it is named.
    static func isSheetFolder(_ root: String, of target: Target, in project: Project) -> Bool {
        guard case .frames(let job) = target.job, job.readsSheet else { return false }
        return target.sources.contains { source in
            let folder = source.contains("/") ? String(source[..<source.lastIndex(of: "/")!]) : "."
            return folder == root && sheetRoots(source, folder: folder, of: target, in: project) == [folder]
        }
    }

    /// Whether one of `roots` reads `written`: the root is the file or folder written, or a folder
    /// holding it, or lies inside a folder written.
    static func reads(_ roots: [String], _ written: String) -> Bool {
        roots.contains { root in root == "." ? !written.contains("/") : path(written, isWithin: root) || path(root, isWithin: written) }
    }

    /// The names of the targets `target` must wait for: those named under `after` and those that
    /// write where it reads. `links`: the outputs written through a symbolic link, as it leads
    /// (``linkedOutputs(in:)``, taken once for a whole graph; without it, outputs are taken as named).
    static func dependencies(of target: Target, in project: Project, links: [String: String] = [:]) -> [String] {
        var names = Set(target.after)
        var roots = readRoots(of: target, in: project)
        // A source through a link (`frlink` → `fr`, another target's output folder) reads where the
        // link leads, also while it leads nowhere yet (a fresh checkout: its root is then its folder).
        roots += (roots + target.sources).map { following($0, in: project) }.filter { !roots.contains($0) }
        for other in project.targets where other.name != target.name {
            if other.outputs.contains(where: { reads(roots, $0) || links[$0].map { reads(roots, $0) } == true }) { names.insert(other.name) }
        }
        return names.sorted()
    }

    /// Every output of `project` that is written through a symbolic link inside the project
    /// (`coinlink/s.png` with `coinlink` → `coin`), as the link leads: a target reading `coin` waits
    /// for its writer as for one writing `coin/s.png`. One look at each output's path, for a whole graph.
    static func linkedOutputs(in project: Project) -> [String: String] {
        var links: [String: String] = [:]
        for output in project.targets.flatMap(\.outputs) {
            let followed = following(output, in: project)
            if followed != output { links[output] = followed }
        }
        return links
    }

    /// `path` with the symbolic links on its way followed while they stay inside the project
    /// (`frlink/a.png` → `fr/a.png`, also when `fr` is not written yet), relative to the project's
    /// folder; `path` itself when a link leads out of it or links go round in a circle.
    static func following(_ path: String, in project: Project) -> String {
        var pending = path.split(separator: "/").map(String.init), done: [String] = [], hops = 0
        while !pending.isEmpty {
            let part = pending.removeFirst()
            if part == "." { continue }
            if part == ".." {
                guard !done.isEmpty else { return path }
                done.removeLast()
                continue
            }
            guard let link = FileIO.linkTarget(of: project.onDisk((done + [part]).joined(separator: "/"))) else {
                done.append(part)
                continue
            }
            hops += 1
            guard hops <= 32 else { return path }
            if link.hasPrefix("/") {
                // An absolute link counts only when it leads into the project's folder.
                guard let folder = FileIO.resolvedPath(project.onDisk(".")), link.hasPrefix(folder + "/") else { return path }
                done = []
                pending = link.dropFirst(folder.count + 1).split(separator: "/").map(String.init) + pending
            } else {
                pending = link.split(separator: "/").map(String.init) + pending
            }
        }
        return done.isEmpty ? "." : done.joined(separator: "/")
    }

    /// The names of the targets, among `earlier` (each target's files its earlier builds wrote),
    /// that wrote a file where `target` reads or writes: one its writer no longer writes (an output
    /// renamed) is removed once the writer is built (``StaleOutputs``), so `target` decides after
    /// that (and writes a folder such a writer left after it moved on). A page of a name `target`
    /// writes counts too (`out/x-0.png` of a sheet that wrote `out/x.png`, which `target` writes
    /// now): that set is its writer's to replace or remove, so `target` writes the name after it.
    static func earlierWriters(of target: Target, in project: Project, earlier: [String: [String]]) -> [String] {
        let roots = readRoots(of: target, in: project) + target.outputs
        return earlier.keys.sorted().filter { name in
            name != target.name && earlier[name, default: []].contains { file in
                reads(roots, file) || target.outputs.contains { isPage(file, of: $0) }
            }
        }
    }

    /// The targets each of `order` waits for: its `dependencies` and the writers of files where it
    /// reads or writes (``earlierWriters(of:in:earlier:)``, `earlier` each target's earlier files);
    /// a writer whose wait would close a circle is `leftOut` instead.
    static func waits(of order: [Target], dependencies: [String: [String]], earlier: [String: [String]],
                      in project: Project) -> (waits: [String: [String]], leftOut: [String: [String]]) {
        var waits = dependencies, leftOut: [String: [String]] = [:]
        for target in order {
            for writer in earlierWriters(of: target, in: project, earlier: earlier) where !waits[target.name, default: []].contains(writer) {
                if Self.waits(writer, on: target.name, in: waits) { leftOut[target.name, default: []].append(writer) }
                else { waits[target.name, default: []].append(writer) }
            }
        }
        return (waits, leftOut)
    }

    /// `names` with the targets that wrote, in earlier builds, where the targets built with them read
    /// (`earlier`: each target's files its earlier builds wrote) — and theirs in turn. A file such a
    /// writer no longer writes (its output moved) goes only when the writer is built: a reader
    /// built without it was called up to date on a file the build of the whole project removes.
    static func selecting(_ names: [String], withEarlierWritersIn project: Project, earlier: [String: [String]]) throws(ProjectError) -> [String] {
        var selected = names
        while true {
            let more = Set(try order(project, selecting: selected).flatMap { earlierWriters(of: $0, in: project, earlier: earlier) })
                .subtracting(selected)
            if more.isEmpty { return selected }
            selected += more.sorted()
        }
    }

    /// Whether `name` waits for `other` in `waits` (each target's waits), directly or through the targets it waits for.
    static func waits(_ name: String, on other: String, in waits: [String: [String]]) -> Bool {
        var seen: Set<String> = [], pending = [name]
        while let next = pending.popLast() {
            if next == other { return true }
            if seen.insert(next).inserted { pending += waits[next, default: []] }
        }
        return false
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
                        if mineID == theirsID { throw .sharedOutput(file: project.file, path: mine, targets: [target.name, other.name]) }
                        throw path(mineID, isWithin: theirsID)
                            ? .nestedOutput(file: project.file, inner: mine, outer: theirs, targets: [target.name, other.name])
                            : .nestedOutput(file: project.file, inner: theirs, outer: mine, targets: [other.name, target.name])
                    }
                    // A sheet over several pages writes `s-0.png`, `s-1.json`… beside its `s.png`: another
                    // target's `s-1.png` is one of them (the two ran at once and both said "built").
                    for (theirs, theirsID) in zip(other.outputs, identities[otherIndex]) {
                        if target.kind == .sheet, isPage(theirsID, of: mineID) {
                            throw .sharedOutput(file: project.file, path: theirs, targets: [other.name, target.name])
                        }
                        if other.kind == .sheet, isPage(mineID, of: theirsID) {
                            throw .sharedOutput(file: project.file, path: mine, targets: [target.name, other.name])
                        }
                    }
                }
            }
            // A target that reads what it writes would read its own last output.
            // Compared as the outputs are among themselves (links resolved, case folded): `"output": "ART"` reading
            // `art/boom.gif` built on Linux and wrote into its sources on macOS and Windows (round 70).
            let roots = target.sources
            for (written, writtenID) in zip(target.outputs, identities[index]) {
                guard let source = roots.first(where: { path($0, isWithin: written) || path(identity(of: $0, in: project), isWithin: writtenID) }) else { continue }
                // A target's output folder is all its own (its files are no inputs of it): a source inside it is refused.
                let reason = source == written ? "\"\(target.name)\" reads its own output \(written)"
                    : "\"\(target.name)\" reads \(source), inside its own output \(written), which is all the target's"
                throw .cycle(file: project.file, targets: [target.name, target.name], reason: reason)
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
        let links = linkedOutputs(in: project)
        var stack: [String] = []
        func visit(_ name: String) throws(ProjectError) {
            if state[name] == true { return }
            if state[name] == false {
                let start = stack.firstIndex(of: name) ?? 0
                let circle = Array(stack[start...]) + [name]
                throw .cycle(file: project.file, targets: circle,
                             reason: sheetFolderReason(circle, byName, in: project) ?? folderReason(circle, byName, in: project))
            }
            guard let target = byName[name] else {
                throw .unknownTarget(file: project.file, name: name, suggestion: nil)
            }
            state[name] = false
            stack.append(name)
            for dependency in dependencies(of: target, in: project, links: links) { try visit(dependency) }
            stack.removeLast()
            state[name] = true
            result.append(target)
        }
        for name in names.sorted() { try visit(name) }
        return result
    }

    /// Why a link of `circle` holds when a target reads a whole folder another target writes
    /// into (`"coin" reads all of art/, where "sheet" writes art/sheet.png`): no source names
    /// the other's output, so the error says it. `nil` when every link names an output.
    private static func folderReason(_ circle: [String], _ byName: [String: Target], in project: Project) -> String? {
        for (name, next) in zip(circle, circle.dropFirst()) {
            guard let target = byName[name], let other = byName[next], !target.after.contains(next) else { continue }
            let roots = readRoots(of: target, in: project)
            for root in roots {
                guard let written = other.outputs.first(where: { root == "." ? !$0.contains("/") : path($0, isWithin: root) && $0 != root }) else { continue }
                let place = root == "." ? "the project's folder" : root + "/"
                // A source that is not there is read as a prefix of names in its folder: say so.
                let missing = target.sources.first { source in
                    (source.contains("/") ? String(source[..<source.lastIndex(of: "/")!]) : ".") == root
                        && !FileIO.isDirectory(project.onDisk(source)) && !FileIO.isRegularFile(project.onDisk(source))
                }
                let why = missing.map { " (its source \($0) is not there, so it is read as a prefix of the names in its folder)" } ?? ""
                return "\"\(name)\" reads all of \(place)\(why), where \"\(next)\" writes \(written)"
            }
        }
        return nil
    }

    /// Why a link of `circle` holds when it is only the folder of sheet data no target writes
    /// (``isSheetFolder(_:of:in:)``): said in the error, since no source of the one names the
    /// other's output. `nil` when no link is of that kind.
    private static func sheetFolderReason(_ circle: [String], _ byName: [String: Target], in project: Project) -> String? {
        for (name, next) in zip(circle, circle.dropFirst()) {
            guard let target = byName[name], let other = byName[next], !target.after.contains(next) else { continue }
            let roots = readRoots(of: target, in: project)
            guard !other.outputs.contains(where: { written in roots.contains { !isSheetFolder($0, of: target, in: project) && reads([$0], written) } }),
                  let root = roots.first(where: { root in isSheetFolder(root, of: target, in: project) && other.outputs.contains { reads([root], $0) } }),
                  let written = other.outputs.first(where: { reads([root], $0) }) else { continue }
            let place = root == "." ? "the project's folder" : root + "/"
            return "\"\(name)\" reads all of \(place) — the folder of its sheet data, which names its pages — and \"\(next)\" writes \(written) there"
        }
        return nil
    }
}
