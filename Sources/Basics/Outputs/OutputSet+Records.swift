/// What folders' records say about the files Flipbook wrote there: the queries readers make (a
/// sheet's pages to skip, a file's owner, a command's earlier output), without a set of their own.
extension OutputSet {
    /// Whether the file at `path` is one this set's owner (or a scale variant of it: `walk@2x` for
    /// `walk`) wrote before, as its folder's record says — a file this set may replace or remove.
    public func isOwnEarlierFile(_ path: String) -> Bool {
        let folder = FileIO.parentDirectory(of: path)
        guard let key = ownerKey(in: folder), let (holder, _) = ledger(folder).holder(of: FileIO.lastComponent(of: path)) else { return false }
        return Self.family(holder) == Self.family(key)
    }

    /// An owner without a trailing `@Nx`: the scale variants of one sequence (`walk` and `walk@2x`)
    /// are sets of their own that share their folder's `sequence.json`.
    static func family(_ owner: String) -> Substring {
        let name = Substring(owner)
        guard name.hasSuffix("x"), let at = name.lastIndex(of: "@"),
              name[name.index(after: at)..<name.index(before: name.endIndex)].allSatisfy(\.isNumber) else { return name }
        return name[..<at]
    }

    /// `owner` as the record in `folder` names it: relative to the folder, both with links resolved.
    static func key(of owner: String, in folder: String) -> String {
        guard let base = System.resolvedPath(folder), let ownerFolder = System.resolvedPath(FileIO.parentDirectory(of: owner)) else {
            return owner
        }
        return FileIO.relativePath(of: ownerFolder + "/" + FileIO.lastComponent(of: owner), from: base)
    }

    /// Whether the file at `path` is one the build's target wrote before (its scope's `replaces`):
    /// the build replaces or removes it after the job, so it is no file of another run to keep
    /// step with (a frames target whose source went `g.gif` → `g@2x.gif`: its `g1.png…` go).
    package func isBuildsOwnEarlierFile(_ path: String) -> Bool {
        buildScope?.replaces(path) == true
    }

    /// The names of the files in `folder` that Flipbook wrote as part of a set holding a file with
    /// one of `extensions` other than a folder's settings (a sprite sheet's pages, whose set holds
    /// its `.json`/`.atlas` data; not a sequence's frames beside its `sequence.json`),
    /// unchanged since, as the folder's record says: what reading the folder for frames skips.
    public static func names(inSetsHolding extensions: Swift.Set<String>, in folder: String) -> Swift.Set<String> {
        var names = Swift.Set<String>()
        for set in OutputLedger.read(folder: folder).sets
        where set.files.contains(where: { extensions.contains(OutputName.pathExtension($0.name)) && !OutputName.settingsNames.contains($0.name) }) {
            for entry in set.files where OutputLedger.matches(entry, path: folder == "." ? entry.name : "\(folder)/\(entry.name)") {
                names.insert(entry.name)
            }
        }
        return names
    }

    /// Whether Flipbook wrote the file at `path` as part of any set, as its folder's record says.
    public static func isRecorded(_ path: String) -> Bool {
        OutputLedger.read(folder: FileIO.parentDirectory(of: path)).holder(of: FileIO.lastComponent(of: path)) != nil
    }

    /// The owner of the set that wrote the file at `path`, as a path from where `path` is opened
    /// (`out/walk` for the frame `out/walk3.png`, `out/fx.png` for the sheet's data `out/data/fx.json`), when its
    /// folder's record holds the file unchanged since; `nil` otherwise. A build cache restores the
    /// file into a set of the same owner, so the next run replaces it as its own.
    public static func owner(of path: String) -> String? {
        let folder = FileIO.parentDirectory(of: path)
        guard let (holder, entry) = OutputLedger.read(folder: folder).holder(of: FileIO.lastComponent(of: path)),
              OutputLedger.matches(entry, path: path) else { return nil }
        return OutputLedger.display(owner: holder, in: folder)
    }

    /// The ``origin``s recorded in `folder` for the other scales of the sequence `owner` names
    /// (`out/walk@2x` and `out/walk@3x` for `out/walk`), by scale; `nil` where a set recorded none.
    /// Empty when no other scale's set is recorded there.
    public static func origins(ofOtherScalesOf owner: String, in folder: String) -> [Int: String?] {
        let key = key(of: owner, in: folder), family = family(key)
        var origins: [Int: String?] = [:]
        for set in OutputLedger.read(folder: folder).sets where set.owner != key && Self.family(set.owner) == family {
            let suffix = set.owner.dropFirst(family.count)
            let scale = suffix.isEmpty ? 1 : Int(suffix.dropFirst().dropLast()) ?? 1
            origins[scale] = .some(set.origin)
        }
        return origins
    }

    /// The files the set owned by `owner` last wrote into `folder`, as its record says (empty when
    /// none): what a new run of the same output must not read back as input.
    public static func files(writtenBy owner: String, in folder: String) -> [String] {
        let key = key(of: owner, in: folder)
        return OutputLedger.read(folder: folder).files(of: key).map { folder == "." ? $0.name : "\(folder)/\($0.name)" }
    }

    /// `sources` without the files that the output `output` (a single file, its own set) was in
    /// an earlier run, as its folder's record says: a glob such as `dir/*` catches the
    /// `dir/anim.gif` the first run wrote, and a command's earlier output is never its input.
    public static func leavingOut(earlierOutputOf output: String, from sources: [String]) -> [String] {
        let earlier = InputFiles(files(writtenBy: output, in: FileIO.parentDirectory(of: output)))
        guard earlier.count > 0 else { return sources }
        return sources.filter { earlier.input(sameAs: $0) == nil }
    }
}

extension OutputSet {
    /// Drops from `folder`'s record the files that are no longer there (a build's stale outputs,
    /// removed as files) and those named in `forgetting` (files kept as the user's: edited since
    /// written), under the folder's lock, and removes the record when no set is left; then
    /// removes `folder` itself if that left it empty. Returns whether the folder is gone.
    /// A record that cannot be read is left as it is (every file then counts as the user's).
    package static func forgetRemovedFiles(in folder: String, forgetting: Swift.Set<String> = []) -> Bool {
        let record = OutputLedger.path(in: folder)
        guard System.kind(of: record, followingLinks: false) == .regular,
              let lock = System.lock(directory: System.resolvedPath(folder) ?? folder) else { return false }
        let emptied = { () -> Bool in
            defer { System.unlock(lock) }
            let ledger = OutputLedger.read(folder: folder)
            guard ledger != OutputLedger() else { return false }
            var kept = ledger
            kept.sets = ledger.sets.compactMap { set in
                var present = set
                present.files = set.files.filter {
                    !forgetting.contains($0.name) && System.kind(of: folder == "." ? $0.name : "\(folder)/\($0.name)", followingLinks: false) != nil
                }
                return present.files.isEmpty ? nil : present
            }
            if kept.sets.isEmpty {
                System.remove(record)
                return System.kind(of: record, followingLinks: false) == nil
            }
            if kept != ledger { try? FileIO.writeAtomically(kept.encoded(), to: record) }
            return false
        }()
        // Only an empty folder is removed (rmdir): a file put there meanwhile keeps it.
        return emptied && folder != "." && System.removeDirectory(folder)
    }

    /// A single file and a set of several files may carry one owner's name (`blur -o m.png`,
    /// `sheet -o m.png`'s `m-0.png`, `m-0.json`…; an APNG `flight.png` and the sheet `flight.json`
    /// whose page is `flight.png`): neither is the other's rerun, and replacing one by the other
    /// would remove or overwrite files of a set this one is not. The refusal when the set writing
    /// `names` under `key` is one shape and the `earlier` set of that key the other; `nil` otherwise.
    /// A set with files in other folders too (`spans`, `spanned` for the earlier one: a sheet whose
    /// data is written apart from its page; for the earlier one also a set whose other files another
    /// set took, ``OutputLedger/Set/several``) is never the single file.
    static func otherKind(key: String, writing names: Swift.Set<String>, spans: Bool = false, earlier: [String], spanned: Bool = false,
                          in folder: String) -> OutputError? {
        let path = folder == "." ? key : folder + "/" + key
        // In a build, the set of a name the target wrote before (or was handed) is its own rerun's.
        if scope?.ownEarlier(path) == true { return nil }
        // A set none of whose files is still there but another writer's now (a set whose name
        // changes hands in a build) holds nothing to keep apart.
        let standing = earlier.contains { name in
            let file = folder == "." ? name : folder + "/" + name
            return System.kind(of: file, followingLinks: false) != nil && scope?.writtenByOthers(file) != true
        }
        guard standing, !key.contains("/") else { return nil }
        let single = names == [key] && !spans, wasSingle = earlier == [key] && !spanned
        guard single != wasSingle else { return nil }
        let listed = earlier.count <= 3 ? earlier.joined(separator: ", ") : earlier.prefix(2).joined(separator: ", ") + " and \(earlier.count - 2) more"
        return .heldByAnotherSet(path: path, owner: wasSingle ? "\(key) alone, written by another command" : listed)
    }

    /// The folders this set's earlier writing used where it writes nothing now (`mine`: the folders
    /// it writes): the other folders their records name (``OutputLedger/Set/otherFolders``: a
    /// sheet's data moved to another folder), and its ``formerFolders`` (a sheet that changed
    /// engine) with theirs — each only when its own record names files of this owner.
    func foldersLeft(writingInto mine: [String]) -> [String] {
        let resolved = Swift.Set(mine.map { System.resolvedPath($0) ?? $0 })
        var left: [String] = []
        for folder in mine + formerFolders {
            let ledger = OutputLedger.read(folder: folder), key = ownerKey(in: folder) ?? ""
            // In a former folder only a set of several files is this owner's other shape: one file
            // named as the owner (`assemble -o s.png` beside a SpriteKit `s.atlasc`) is another command's.
            if !mine.contains(folder) && !ledger.holdsSeveral(key) { continue }
            let former = mine.contains(folder) ? [] : [folder]
            for other in former + ledger.otherFolders(of: key, from: folder)
            where FileIO.isDirectory(other) && !resolved.contains(System.resolvedPath(other) ?? other) && !left.contains(other)
                && !OutputLedger.read(folder: other).files(of: ownerKey(in: other) ?? "").isEmpty {
                left.append(other)
            }
        }
        return left
    }
}
