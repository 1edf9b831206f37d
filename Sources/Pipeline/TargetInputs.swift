import Animated
import Atlas
import Basics

/// The files a target reads, relative to the project's folder: every file under a source folder
/// (but those ``isUnread(_:)``),
/// a source file (with its folder's `sequence.json`), the folder of a prefix path (`fx/boom` reads
/// from `fx/`), a scene's whole folder (its images and sequences are found there), a sheet data
/// file's folder (its pages; not the outputs of targets it does not wait for, which the build
/// graph knows are no pages of it: a report written beside the data). Over-counting costs a
/// rebuild; missing a file would leave a stale output, so the rules err on the side of more.
enum TargetInputs {
    /// Of `paths` (a render target's inputs), those reached through a link out of its scene's
    /// folder. A scene names its files itself, unchecked by the project: such a file with the
    /// same bytes is part of the target's key, so the target is built — and refused, as `render`
    /// refuses it — rather than called up to date or restored from a cache. Empty for other targets.
    static func leavingSceneFolder(_ paths: [String], of target: Target, in project: Project) -> [String] {
        guard target.kind == .render, let scene = target.sources.first,
              let root = FileIO.resolvedPath(project.onDisk(scene.contains("/") ? String(scene[..<scene.lastIndex(of: "/")!]) : "."))
        else { return [] }
        return paths.filter { path in
            guard let real = FileIO.resolvedPath(project.onDisk(path)) else { return false }
            return !real.hasPrefix(root == "/" ? "/" : root + "/")
        }
    }

    /// Whether a file or folder of this name under a source folder is read by no job of `kind`
    /// (`nil`: of any kind): hidden (Finder's `.DS_Store` rebuilt every target of its folder: round
    /// 74p; Flipbook's own `.flipbook-` files), but a folder's validation config, which validations read.
    static func isUnread(_ name: String, by kind: Target.Kind? = nil) -> Bool {
        name.hasPrefix(".") && !(name == ValidationConfig.fileName && (kind ?? .validate) == .validate)
    }

    /// The files `target` reads (see the type's comment), relative to the project's folder.
    static func paths(of target: Target, in project: Project) -> [String] {
        var found = Set<String>()
        let own = target.outputs
        func add(_ path: String) {
            // A sheet over several pages writes `s-0.png`, `s-1@2x.json`… beside its `s.png`: its own too.
            guard !own.contains(where: { BuildGraph.path(path, isWithin: $0) || (target.kind == .sheet && SheetExport.isPageName(path, of: $0)) }),
                  !BuildGraph.path(path, isWithin: Project.stateFolder) else { return }
            found.insert(path)
        }
        func addFolder(_ folder: String, recursive: Bool, leavingOut unread: (String) -> Bool = { _ in false }) {
            guard let names = try? FileIO.entries(of: project.onDisk(folder)) else { return }
            for name in names where !Self.isUnread(name, by: target.kind) {
                let path = folder == "." ? name : folder + "/" + name
                let disk = project.onDisk(path)
                if unread(path) { continue }
                if FileIO.isRegularFile(disk) {
                    add(path)
                } else if recursive, FileIO.isDirectory(disk), !own.contains(where: { BuildGraph.path(path, isWithin: $0) }) {
                    addFolder(path, recursive: true)
                }
            }
        }
        let parent = { (path: String) -> String in
            guard let slash = path.lastIndex(of: "/") else { return "." }
            return String(path[..<slash])
        }
        var sources = target.sources
        if case .validate(let work) = target.job, let config = work.config {
            add(String(config.dropFirst(project.onDisk("").count)))
        }
        if target.kind == .render {
            // The scene and what it names: its images and sequences (a folder or a prefix's folder).
            sources = BuildGraph.readRoots(of: target, in: project)
        }
        for source in sources {
            let disk = project.onDisk(source)
            if FileIO.isDirectory(disk) {
                addFolder(source, recursive: true)
            } else if FileIO.isRegularFile(disk) {
                add(source)
                let folder = parent(source)
                // A sheet's pages are named by its data, beside it.
                if case .frames(let job) = target.job, job.readsSheet {
                    let waited = BuildGraph.dependencies(of: target, in: project)
                    // Their outputs, a sheet's numbered pages too (`coin-0.json`, `coin-1.png` of `coin.png`).
                    let unread = project.targets.filter { $0.name != target.name && !waited.contains($0.name) }
                    addFolder(folder, recursive: false, leavingOut: { path in unread.contains { BuildGraph.writes($0, path) } })
                }
                let manifest = folder == "." ? "sequence.json" : folder + "/sequence.json"
                if FileIO.isRegularFile(project.onDisk(manifest)) { add(manifest) }
            } else {
                // A prefix path or a glob: the files are in its folder.
                addFolder(parent(source), recursive: false)
            }
        }
        return found.sorted()
    }
}
