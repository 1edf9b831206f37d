import Animated
import Basics

/// What a watch of a project looks at: the folders to watch, and which changed paths call for a
/// build. Made again from the project before every build, so a folder created since (a new
/// sequence in a watched folder) is watched and a deleted one is dropped.
///
/// A path matters when it is the project file, or lies at or inside a place a watched target reads
/// (its sources, as ``BuildGraph/readRoots(of:in:)`` gives them, except those another target
/// writes; a validation's config; a source
/// file's `sequence.json`), or is a folder on the way to one (a source folder deleted, created or
/// moved). Never a path at or inside any target's output, under `.flipbook-build/`, or a file whose
/// name starts with `.flipbook-` (the output contract's records, journals and temporary files):
/// the build's own writes start no build.
struct WatchScope {
    /// The project's folder, absolute, links resolved: events arrive under it.
    let base: String
    /// The project file, relative to ``base``.
    let projectFile: String
    /// Where the watched targets read, relative to the project's folder.
    let roots: [String]
    /// What every target of the project writes.
    let outputs: [String]
    /// The outputs of targets whose last build failed, relative to the project's folder: nothing
    /// of theirs was written, so a change there is the user's (a file of theirs in the way deleted
    /// or moved) and calls for a build.
    let failedOutputs: [String]
    /// The folders to watch, absolute.
    let folders: Set<String>
    /// Where a root or the project file reached through a link really lies (absolute, links
    /// resolved) → the path the project names it by: an edit saved at the link's target, which
    /// events name by the target's path, is a change of what the project reads.
    let linked: [String: String]
    /// The roots that name an image file, as ``SceneReferences/variantKey(_:)`` spells them: a file saved beside
    /// one of them at another scale or device (`rock@2x.png` for `rock.png`, which a scene reads
    /// for it) matters although no root names it.
    let imageKeys: Set<String>

    /// The scope of `targets` (empty: all) of `project`, whose file is `projectFile` (absolute);
    /// `failed` names the targets whose last build failed (their outputs are watched).
    init(project: Project, targets: [String], base: String, projectFile: String, failed: Set<String> = []) {
        self.base = base
        self.projectFile = projectFile
        let outputs = project.targets.flatMap(\.outputs)
        self.outputs = outputs
        let failedOutputs = project.targets.filter { failed.contains($0.name) }.flatMap(\.outputs).map(BuildGraph.normalised)
        self.failedOutputs = failedOutputs
        let selected = (try? BuildGraph.order(project, selecting: targets.isEmpty ? project.targets.map(\.name) : targets)) ?? project.targets
        var roots = Set<String>()
        for target in selected {
            for root in BuildGraph.readRoots(of: target, in: project) { roots.insert(BuildGraph.normalised(root)) }
            // What a scene names that is not there yet: made, it builds the render that failed for want of it.
            if target.kind == .render, let scene = target.sources.first {
                for missing in SceneReferences.missingPaths(scene: scene, in: project, written: outputs) { roots.insert(missing) }
            }
            if case .validate(let work) = target.job, let config = work.config {
                let folder = project.onDisk("")
                roots.insert(config.hasPrefix(folder) ? String(config.dropFirst(folder.count)) : config)
            }
            if target.kind != .render {
                for source in target.sources where !outputs.contains(where: { BuildGraph.path(source, isWithin: $0) }) {
                    let parent = Self.parent(of: source)
                    roots.insert(parent == "." ? "sequence.json" : parent + "/sequence.json")
                }
            }
        }
        // A source another target writes changes with that target's build: its writes start none
        // (nor does the output folder they make).
        self.roots = roots.filter { root in !outputs.contains { BuildGraph.path(root, isWithin: $0) } }.sorted()
        imageKeys = Set(self.roots.compactMap(SceneReferences.variantKey))
        var folders = Set<String>([base])
        func isWritten(_ path: String) -> Bool {
            outputs.contains { BuildGraph.path(path, isWithin: $0) } || BuildGraph.path(path, isWithin: Project.stateFolder)
        }
        func addTree(_ path: String) {
            guard !isWritten(path), folders.insert(Self.absolute(path, base: base)).inserted else { return }
            guard let names = try? FileIO.entries(of: Self.absolute(path, base: base)) else { return }
            for name in names where !name.hasPrefix(FileIO.bookkeepingPrefix) {
                let child = path == "." ? name : path + "/" + name
                if FileIO.isDirectory(Self.absolute(child, base: base)) { addTree(child) }
            }
        }
        for root in self.roots {
            // Every folder on the way, so the root is seen being created, deleted or moved.
            var folder = Self.parent(of: root)
            while folder != "." {
                if FileIO.isDirectory(Self.absolute(folder, base: base)), !isWritten(folder) { folders.insert(Self.absolute(folder, base: base)) }
                folder = Self.parent(of: folder)
            }
            if FileIO.isDirectory(Self.absolute(root, base: base)) { addTree(root) }
        }
        for output in failedOutputs {
            // The nearest folder above it that is there: a file of the user's standing where one of
            // its folders should be (`deep/x` for `deep/x/fr/`) is removed there.
            var folder = Self.parent(of: output)
            while folder != ".", !FileIO.isDirectory(Self.absolute(folder, base: base)) { folder = Self.parent(of: folder) }
            folders.insert(Self.absolute(folder, base: base))
            if FileIO.isDirectory(Self.absolute(output, base: base)) { folders.insert(Self.absolute(output, base: base)) }
        }
        // Roots and the project file reached through a link: the folder they really lie in.
        var linked: [String: String] = [:]
        for path in self.roots + [projectFile] {
            let written = Self.absolute(path, base: base)
            guard let real = FileIO.resolvedPath(written), real != written, !isWritten(path) else { continue }
            linked[real] = path
            folders.insert(FileIO.isDirectory(real) ? real : FileIO.parentDirectory(of: real))
        }
        self.linked = linked
        self.folders = folders
    }

    /// The scope of a project that could not be read: its file's folder only.
    init(unreadable projectFile: String, base: String, keeping previous: WatchScope?) {
        self.base = base
        self.projectFile = projectFile
        roots = previous?.roots ?? []
        imageKeys = previous?.imageKeys ?? []
        outputs = previous?.outputs ?? []
        failedOutputs = previous?.failedOutputs ?? []
        folders = (previous?.folders ?? []).union([base])
        linked = previous?.linked ?? [:]
    }

    /// `absolute` relative to the project's folder when a change there matters, else `nil`.
    func relevant(_ absolute: String) -> String? {
        // Saved at a link's target (a folder's file, or the file itself): the path the project names.
        if !FileIO.lastComponent(of: absolute).hasPrefix(FileIO.bookkeepingPrefix), let (real, named) = linked.first(where: { absolute == $0.key || absolute.hasPrefix($0.key + "/") }) {
            return absolute == real ? named : named + absolute.dropFirst(real.count)
        }
        let path: String
        if absolute == base { path = "." } else if absolute.hasPrefix(base + "/") { path = String(absolute.dropFirst(base.count + 1)) } else { return nil }
        if path == projectFile { return path }
        if FileIO.lastComponent(of: path).hasPrefix(FileIO.bookkeepingPrefix) { return nil }
        // In a failed target's output, or in the way of one (a file where its folder should be).
        if failedOutputs.contains(where: { BuildGraph.path(path, isWithin: $0) || BuildGraph.path($0, isWithin: path) }) { return path }
        if BuildGraph.path(path, isWithin: Project.stateFolder) || outputs.contains(where: { BuildGraph.path(path, isWithin: $0) }) {
            return nil
        }
        // A hidden file no target names is no input: `.DS_Store`, an editor's `.swp`.
        if TargetInputs.isUnread(FileIO.lastComponent(of: path)), !roots.contains(path) { return nil }
        let matters = roots.contains { root in
            root == "." || path == "." || BuildGraph.path(path, isWithin: root) || BuildGraph.path(root, isWithin: path)
        }
        return matters || SceneReferences.variantKey(path).map(imageKeys.contains) == true ? path : nil
    }

    static func parent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return String(path[..<slash])
    }

    static func absolute(_ path: String, base: String) -> String {
        path == "." ? base : base + "/" + path
    }
}
