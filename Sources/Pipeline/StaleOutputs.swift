import Atlas
import Basics
import Foundation

/// Files a target's earlier build wrote that its build now no longer writes — its `output`
/// renamed (`build/coin.gif` → `build/gold.gif`), a sheet's data format changed — which would
/// otherwise stay beside the new ones and ship with them. Removed after the target is built (or
/// taken from the cache), each only when nothing else claims it: not an output of any target of
/// the project (a file inside the target's own output folder is its own: an earlier scale's
/// frames it no longer writes go too) nor a file a target names as its source (a file inside a folder a target reads is
/// not claimed by it), and unchanged since the build wrote it (its SHA-256 is the one the
/// state recorded: an edited file is the user's now, and stays).
enum StaleOutputs {
    /// What the project's targets claim, read once for every removal of a build: a file a target
    /// names as its source (`"assemble": "build/coin.gif"`) is claimed; one that is only inside a
    /// folder a target reads is not: a renamed output in its own source folder
    /// (`src/coin/sheet.png` → `src/coin/atlas.png`) would otherwise stay there for good, listed
    /// among the folder's inputs, left out or packed by every reader of it. A scene's image read
    /// at another scale (`rock@3x.png` for `rock.png`) is read because it is there: it claims
    /// nothing, or a renamed page would stay for good, read as the image's @3x. Sheet data no
    /// target writes any more is read as its folder: named as a source, it is claimed too, with
    /// its pages (`fx.png`, `fx-1.png` beside `fx.json`), which a reader of it needs.
    struct Claims {
        /// Every target's outputs.
        let outputs: [String]
        /// Where every target reads (``BuildGraph/readRoots(of:in:variants:)`` without scale variants) and its sources.
        let sources: [String]
        /// The sheet data files `frames` targets read that no target writes now: a page is guessed
        /// beside such a file (a sheet target's data has that target's pages, among its outputs).
        let sheetData: [String]
        /// The outputs of sheet targets: only their names have pages (`a-0.png` of `out/a.png`; a
        /// GIF `out/a.gif` has none).
        let sheetOutputs: Set<String>

        /// Whether a target names `path` as its source, or it is the page guessed beside sheet data
        /// a frames target reads (``sheetData``): a commit never removes such a file.
        func namesAsSource(_ path: String) -> Bool {
            sourceSet.contains(path) || sheetData.contains { StaleOutputs.isGuessedPage(path, of: $0) }
        }
        private let sourceSet: Set<String>
        /// The scenes render targets read: files no target makes, so never another target's output
        /// to replace (a hand-written scene where a sheet's data would go), `--overwrite` or not.
        let scenes: Set<String>
        /// The folders targets read that are no target's output (nor inside one): the user's source
        /// folders (`art/coin`), by the reading target's name.
        private let sourceFolders: [(reader: String, folder: String)]

        /// Whether a target other than `name` reads `path` as one file of a source folder
        /// (``sourceFolders``): a hand-made frame among others, never an output to replace (a
        /// target writing `art/coin/gold_1.png` beside an `assemble` of `art/coin`), `--overwrite`
        /// or not. A file a target reads by its own name, or in a folder a target writes, is that
        /// writer's output by the project's word.
        func isInSourceFolder(_ path: String, besides name: String) -> Bool {
            sourceFolders.contains { $0.reader != name && $0.folder != path && ($0.folder == "." ? !path.contains("/") : BuildGraph.path(path, isWithin: $0.folder)) }
        }

        init(_ project: Project) {
            outputs = project.targets.flatMap(\.outputs)
            sheetOutputs = Set(project.targets.filter { $0.kind == .sheet }.flatMap(\.outputs))
            sources = project.targets.flatMap { BuildGraph.readRoots(of: $0, in: project, variants: false) + $0.sources }
            sourceSet = Set(sources)
            scenes = Set(project.targets.filter { $0.kind == .render }.flatMap(\.sources))
            let outputs = outputs
            sourceFolders = project.targets.flatMap { target in
                BuildGraph.readRoots(of: target, in: project, variants: false).map(BuildGraph.normalised)
                    .filter { root in FileIO.isDirectory(project.onDisk(root)) && !outputs.contains { BuildGraph.path(root, isWithin: $0) } }
                    .map { (target.name, $0) }
            }
            sheetData = project.targets.filter { if case .frames(let job) = $0.job { job.readsSheet } else { false } }.flatMap(\.sources)
                .filter { data in !project.targets.contains { BuildGraph.writes($0, data, byName: true) } }
        }
    }

    /// Removes the files of `previous` (the target's recorded outputs, relative to the project's
    /// folder) that `current` no longer holds, as the type says; returns those removed, sorted, and
    /// those `kept` because a target names them as its source (unchanged since built): still the
    /// build's, removed once no target reads them. A file inside the target's own output folder
    /// (`own`: `rr/rr1.png` of `rr` when it now renders `rr1@3x.png`) is its own to remove; one
    /// inside another target's output is that target's to replace (returned among `kept` while
    /// unchanged, so that target's build knows it as the build's: ``EarlierSet``).
    static func removing(previous: [String: BuildState.FileRecord], current: some Collection<String>, own: [String] = [],
                         claims: Claims? = nil, in project: Project) -> (removed: [String], kept: [String: BuildState.FileRecord], edited: [String]) {
        // By exact bytes, as the disk tells files apart: `café.gif` renamed from composed to
        // decomposed is another file on Linux, and the earlier one goes (Strings compare canonically).
        let written = Set(current.map(NameSpelling.Exact.init))
        // On a case-insensitive disk (macOS, Windows) `o/a.gif` is the very file `o/A.gif`, the
        // output renamed only in case now writes: never removed as the earlier one.
        let keptFiles = current.map { project.onDisk($0) }
        let gone = previous.keys.filter { path in
            !written.contains(NameSpelling.Exact(path)) && !keptFiles.contains { FileIO.isSameFile(project.onDisk(path), $0) }
        }.sorted()
        guard !gone.isEmpty else { return ([], [:], []) }
        let claims = claims ?? Claims(project)
        let outputs = claims.outputs, sheetData = claims.sheetData
        var sources = claims.sources + gone.filter { path in sheetData.contains { isGuessedPage(path, of: $0) } }
        // A file kept because it is named keeps its other scales written with it (`a@2x.png` of a
        // kept `a.png`): a scene drawn at @2x reads them for it.
        let keptNames = Set(gone.filter { path in sources.contains { same($0, path) } }.compactMap(SceneReferences.variantKey))
        sources += gone.filter { path in !sources.contains { same($0, path) } && SceneReferences.variantKey(path).map(keptNames.contains) == true }
        let claimed = outputs + sources
        var removed: [String] = [], read: [String: BuildState.FileRecord] = [:], edited: [String] = []
        func isOthers(_ path: String) -> Bool {
            outputs.contains { output in
                if BuildGraph.path(output, isExactlyWithin: path) { return true }
                // Its own output, or a page its own sheet names: its job's set replaces or removes it
                // (`x-0.png` another target wrote since: never the user's edit to forget).
                // Only its own kind of page (`x-0.png` of `x.png`, `x-0.json` of `x.json`): a page left where
                // its data is written now (`sh/fx-0.png` beside `sh/fx.json`) is stale.
                if own.contains(output) {
                    return same(path, output) || claims.sheetOutputs.contains(output) && BuildGraph.isPage(path, of: output)
                }
                // Inside another target's output, or one of the pages its sheet names (`a-0.json` of
                // `out/a.png`, which that target writes now: two targets swapped sheet names).
                return BuildGraph.path(path, isExactlyWithin: output) || claims.sheetOutputs.contains(output) && BuildGraph.isPage(path, of: output)
            }
        }
        for path in gone {
            // Inside another target's output: that target's to replace (it sets such a file aside as
            // the build's, ``EarlierSet``), so it stays known as this target's earlier file.
            if isOthers(path) {
                if let record = previous[path], (try? ContentHash.ofFile(project.onDisk(path))) == record.sha256 { read[path] = record }
                continue
            }
            if sources.contains(where: { BuildGraph.path($0, isExactlyWithin: path) }) {
                // Unchanged, still the build's (removed once none reads it); edited, the user's: kept and named.
                if let record = previous[path], let digest = try? ContentHash.ofFile(project.onDisk(path)) {
                    if digest == record.sha256 { read[path] = record } else { edited.append(path) }
                }
                continue
            }
            let disk = project.onDisk(path)
            // Another spelling of a file a target writes (a case-insensitive disk) is that file.
            guard !claimed.contains(where: { FileIO.isSameFile(disk, project.onDisk($0)) }) else { continue }
            guard let digest = try? ContentHash.ofFile(disk) else { continue }
            guard digest == previous[path]?.sha256 else {
                edited.append(path)   // the user's now: kept, and named
                continue
            }
            if (try? FileManager.default.removeItem(atPath: disk)) != nil { removed.append(path) }
        }
        // Their folders' records forget them, and the edited files kept (the user's now: a record
        // naming one stayed when the user then deleted it); a folder left empty (a removed target's `out/`) goes too.
        var forgotten: [String: Set<String>] = [:]
        for path in edited { forgotten[FileIO.parentDirectory(of: project.onDisk(path)), default: []].insert(FileIO.lastComponent(of: path)) }
        for folder in Set(removed.map { FileIO.parentDirectory(of: project.onDisk($0)) }).union(forgotten.keys).sorted(by: >) {
            guard OutputSet.forgetRemovedFiles(in: folder, forgetting: forgotten[folder] ?? []) else { continue }
            // The folders the build made for it, left empty (`art/` of a moved `art/coinf`), go too —
            // never the project's folder, nor one a target reads or writes.
            let base = project.onDisk("")
            var parent = FileIO.parentDirectory(of: folder)
            while !base.isEmpty ? parent.hasPrefix(base) && parent.count > base.count : parent != "." && !parent.hasPrefix("/") && !parent.hasPrefix("..") {
                let relative = base.isEmpty ? parent : String(parent.dropFirst(base.count))
                guard !claims.outputs.contains(where: { BuildGraph.path($0, isWithin: relative) }), !claims.sources.contains(where: { BuildGraph.path($0, isWithin: relative) }),
                      FileIO.removeEmptyFolder(parent) else { break }
                parent = FileIO.parentDirectory(of: parent)
            }
        }
        return (removed, read, edited.sorted())
    }

    /// Whether `a` and `b` are one path byte for byte (what the disk compares: a path respelt in
    /// another normalisation is another file on Linux, and its earlier spelling is stale).
    private static func same(_ a: String, _ b: String) -> Bool { a.utf8.elementsEqual(b.utf8) }

    /// Whether `path` is taken for a page of sheet data `data` that no target writes (its pages are
    /// known only by reading it): a PNG beside it of its stem or page names. A page is a PNG:
    /// `out/r.gif` beside the data `out/r.json` is no page of it.
    static func isGuessedPage(_ path: String, of data: String) -> Bool {
        OutputName.pathExtension(path) == "png" && FileIO.parentDirectory(of: path) == FileIO.parentDirectory(of: data)
            && (ImageFileName(path: path).stem == ImageFileName(path: data).stem || SheetExport.isPageName(path, of: data))
    }

    /// Removes the files that built targets' earlier builds wrote and kept because another target
    /// read them (``BuildState/formerOutputs`` of a target recorded as built), once none does;
    /// returns the note, `nil` when none was removed.
    static func removeFormer(from state: inout BuildState, in project: Project) -> String? {
        var removed: [String] = [], edited: [String] = []
        var claims: Claims?
        for target in project.targets where state.targets[target.name] != nil {
            guard let former = state.formerOutputs?[target.name] else { continue }
            // Files a killed build set aside are put back first: missing, they were forgotten for good.
            recover(former.keys, in: project)
            claims = claims ?? Claims(project)
            let current = target.outputs + (state.targets[target.name]?.outputs.keys.map { $0 } ?? [])
            let result = removing(previous: former, current: current, own: target.outputs, claims: claims, in: project)
            removed += result.removed
            edited += result.edited
            state.keep(result.edited, asUsersFrom: target.name)
            // Those at its outputs' names stay its earlier files until its job takes them over (handed
            // to it from a deleted target: `removeOrphans`).
            let pending = former.filter { current.contains($0.key) }.merging(result.kept) { _, kept in kept }
            state.formerOutputs?[target.name] = pending.isEmpty ? nil : pending
        }
        if state.formerOutputs?.isEmpty == true { state.formerOutputs = nil }
        let parts = [removed.isEmpty ? nil : "removed \(listed(removed))",
                     edited.isEmpty ? nil : "kept \(listed(edited)), changed since built (delete by hand if unwanted)"].compactMap { $0 }
        return parts.isEmpty ? nil : parts.joined(separator: "; ") + ": written by an earlier build, no longer among any target's outputs, and no target reads it now"
    }

    /// Finishes what a build killed meanwhile left in the folders of `paths` (files set aside, a
    /// commit half done: ``OutputRecovery``), before they are looked at.
    private static func recover(_ paths: some Collection<String>, in project: Project) {
        for folder in Set(paths.map { FileIO.parentDirectory(of: project.onDisk($0)) }) where FileIO.isDirectory(folder) {
            try? OutputRecovery.recover(folder: folder)
        }
    }

    /// Removes the files of `files` (other targets' earlier outputs left inside a target's output,
    /// which its job did not write) that are unchanged since built; their folders' records forget
    /// them. Returns those removed, sorted.
    static func removeLeftBehind(_ files: [String: BuildState.FileRecord], in project: Project) -> [String] {
        var removed: [String] = []
        for (path, record) in files.sorted(by: { $0.key < $1.key }) {
            let disk = project.onDisk(path)
            guard (try? ContentHash.ofFile(disk)) == record.sha256, (try? FileManager.default.removeItem(atPath: disk)) != nil else { continue }
            removed.append(path)
        }
        for folder in Set(removed.map { FileIO.parentDirectory(of: project.onDisk($0)) }) { _ = OutputSet.forgetRemovedFiles(in: folder) }
        return removed
    }

    /// The note target `name`'s report carries for files `kept` although it no longer writes them.
    static func keptNote(_ kept: [String: BuildState.FileRecord], of name: String, in project: Project) -> String? {
        // A file kept inside another target's output is that target's to replace: not said. (Its
        // own output's name is said: a SpriteKit sheet's `S.png`, where it writes no file.)
        let kept = kept.filter { path, _ in !isAnotherTargets(path, besides: name, in: project) }
        guard !kept.isEmpty else { return nil }
        let readers = project.targets.filter { target in BuildGraph.readRoots(of: target, in: project).contains { kept[$0] != nil } }.map(\.name).sorted()
        return "kept \(listed(Array(kept.keys))): written by its earlier build, no longer among its outputs, but "
            + "\(readers.isEmpty ? "a target" : readers.joined(separator: ", ")) \(readers.count > 1 ? "read" : "reads") it "
            + "(it no longer changes with this target); removed once no target reads it"
    }

    private static func listed(_ files: [String]) -> String {
        files.count <= 3 ? files.sorted().joined(separator: ", ") : "\(files.sorted().prefix(2).joined(separator: ", ")) and \(files.count - 2) more"
    }

    /// Removes the outputs of the targets `state` records that `project` no longer has (a target
    /// deleted from `flipbook.json`), as ``removing(previous:current:own:claims:in:)`` removes a target's stale
    /// files — only those unchanged since built and claimed by no target — and drops their
    /// records; returns the build's note, `nil` when there were none.
    static func removeOrphans(from state: inout BuildState, in project: Project) -> String? {
        let names = Set(project.targets.map(\.name))
        let gone = Set(state.targets.keys).union(state.formerOutputs.map { Array($0.keys) } ?? []).subtracting(names).sorted()
        guard !gone.isEmpty else { return nil }
        var removed: [String] = [], kept: [String] = [], read: [String] = [], said = Set<String>()
        var claims: Claims?
        // The files the project's targets wrote: theirs, whatever a deleted target's record says.
        let others = Set(state.earlierOutputs.filter { names.contains($0.key) }.values.flatMap { $0 })
        for name in gone {
            let outputs = (state.formerOutputs?[name] ?? [:]).merging(state.targets[name]?.outputs ?? [:]) { _, recorded in recorded }
            recover(outputs.keys, in: project)
            claims = claims ?? Claims(project)
            let result = removing(previous: outputs, current: [], claims: claims, in: project)
            let done = result.removed
            let before = (removed: removed.count, kept: kept.count, read: read.count)
            removed += done
            // Files now inside another target's output are that target's (a target renamed, its output kept): not said.
            read += result.kept.keys.filter { path in !isAnotherTargets(path, in: project) }
            // One another target writes by name (`out/fx@2x.png`, a deleted sheet's page) or inside its
            // folder (a renamed frames target's frames, a deleted sheet's pages where frames go now) is
            // handed to it as its earlier file: its job takes over those it writes again and removes the
            // others, said in its report — never refused for good, and never removed before that job
            // runs (a heir skipped in this build finds its folder whole; one up to date drops them in
            // ``removeFormer(from:in:)``).
            // It keeps the name of the target that wrote it (this one, or the one that handed it here).
            for (path, record) in result.kept.sorted(by: { $0.key < $1.key }) where !others.contains(path) {
                guard let heir = writer(of: path, in: project) else { continue }
                var handed = record
                handed.writer = record.writer ?? name
                state.setFormer((state.formerOutputs?[heir.name] ?? [:]).merging([path: handed]) { _, handed in handed }, of: heir.name)
            }
            // Edited since built: the user's now, kept and named (another target's output, or a file
            // another target's earlier build wrote since, stays without a word).
            let edited = outputs.keys.filter { path in
                !done.contains(path) && !others.contains(path) && !isAnotherTargets(path, in: project)
                    && (try? ContentHash.ofFile(project.onDisk(path))).map { $0 != outputs[path]?.sha256 } == true
            }
            kept += edited
            state.keep(edited, asUsersFrom: name)
            // Only the targets whose files are said are named: the one that wrote each (a file handed
            // to a target deleted in turn is still its first writer's).
            for path in removed[before.removed...] + kept[before.kept...] + read[before.read...] { said.insert(outputs[path]?.writer ?? name) }
            state.targets[name] = nil
            state.formerOutputs?[name] = nil
            state.unfinished?[name] = nil
        }
        guard !removed.isEmpty || !kept.isEmpty || !read.isEmpty else { return nil }
        let targets = "\(said.count == 1 ? "target" : "targets") \(said.sorted().joined(separator: ", ")), no longer in the project"
        var parts: [String] = []
        if !removed.isEmpty { parts.append("removed \(listed(removed))") }
        if !kept.isEmpty { parts.append("kept \(listed(kept)), changed since built (delete by hand if unwanted)") }
        if !read.isEmpty { parts.append("kept \(listed(read)), which a target names as its source (delete by hand once none does)") }
        return parts.joined(separator: "; ") + ": written by \(targets)"
    }

    /// Whether `path` lies in a target's output (not `name`'s) or is one of the pages its sheet
    /// names: that target's file, never said as kept, edited or removed for another.
    /// With `byName`, only a target's output itself or its sheet's pages count, not any file inside its folder.
    static func isAnotherTargets(_ path: String, besides name: String? = nil, in project: Project, byName: Bool = false) -> Bool {
        writer(of: path, besides: name, in: project, byName: byName) != nil
    }

    /// The first target other than `name` that writes `path`, as ``isAnotherTargets(_:besides:in:byName:)`` says.
    static func writer(of path: String, besides name: String? = nil, in project: Project, byName: Bool = false) -> Target? {
        project.targets.first { target in target.name != name && BuildGraph.writes(target, path, byName: byName) }
    }

    /// The note a target's report carries for files it no longer writes that were edited since
    /// its earlier build wrote them: kept; `nil` when there are none.
    static func editedNote(_ edited: [String]) -> String? {
        guard !edited.isEmpty else { return nil }
        return "kept \(listed(edited)): written by its earlier build, no longer among its outputs, but changed since (delete by hand if unwanted)"
    }

    /// The note a target's report carries for the files removed; `nil` when none was.
    static func note(_ removed: [String]) -> String? {
        guard !removed.isEmpty else { return nil }
        return "removed \(listed(removed)): written by its earlier build, no longer among its outputs"
    }

    /// The note a target's report carries for files that other targets' earlier builds (`writers`)
    /// wrote where this one writes now: those its job replaced and those it removed; `nil` when none.
    static func othersNote(replaced: [String], removed: [String], writers: [String], gone: [String] = []) -> String? {
        guard !replaced.isEmpty || !removed.isEmpty else { return nil }
        let parts = [replaced.isEmpty ? nil : "replaced \(listed(replaced))", removed.isEmpty ? nil : "removed \(listed(removed))"].compactMap { $0 }
        // Targets still in the project wrote there before; those deleted or renamed are named as gone.
        let present = writers.filter { !gone.contains($0) }.sorted(), absent = Set(gone).sorted()
        var by: [String] = []
        if !present.isEmpty {
            by.append((present.count == 1 ? "\(present[0])'s earlier build" : "the earlier builds of \(present.joined(separator: ", "))") + ", where this target writes now")
        }
        if !absent.isEmpty { by.append("\(absent.count == 1 ? "target" : "targets") \(absent.joined(separator: ", ")), no longer in the project") }
        return parts.joined(separator: "; ") + ": written by " + (by.isEmpty ? ["an earlier build, where this target writes now"] : by).joined(separator: " and ")
    }
}
