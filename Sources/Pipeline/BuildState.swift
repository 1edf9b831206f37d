import Basics
import Foundation

/// What the last build of each target read and wrote, kept in `.flipbook-build/state.json` under the
/// project's folder: the digest of every input and output (SHA-256, with the file's fingerprint so
/// an unchanged file is not read again), the settings and the tool. A target whose record still
/// holds is up to date.
struct BuildState: Codable, Sendable {
    /// One file as it was: its fingerprint (device, inode, size, modification and status-change times) and content digest.
    struct FileRecord: Codable, Sendable, Equatable {
        var fingerprint: String
        var sha256: String
        /// The target whose build wrote the file, when another keeps it: a deleted or renamed
        /// target's file handed to the target that writes its folder now (``StaleOutputs``), said
        /// as that writer's whether or not the heir has built since; `nil` for a target's own.
        var writer: String? = nil
    }

    /// One target's last successful build.
    struct TargetRecord: Codable, Sendable {
        /// The tool that built it (``BuildJob/tool``).
        var tool: String
        /// The target's settings text.
        var settings: String
        /// The files read, by path relative to the project's folder.
        var inputs: [String: FileRecord]
        /// The files written, by path relative to the project's folder.
        var outputs: [String: FileRecord]
        /// The digest of the tool, settings and inputs: the target's action key.
        var key: String
        /// When the record was written (seconds since 1970): a file modified in the same second may
        /// have changed without its fingerprint changing, so its content is read again.
        var recorded: Double
    }

    /// The state file's format.
    var format = 1
    /// The records, by target name.
    var targets: [String: TargetRecord] = [:]
    /// The executable that last built, with its digest (read again only when its fingerprint changes).
    var executable: [String: FileRecord] = [:]
    /// What targets without a record (their last build failed, or a file changed while they were
    /// built) wrote in earlier builds, by target name: still the build's files, which the target's
    /// next build replaces and removes as its own (``StaleOutputs``, ``EarlierSet``). Absent from
    /// a state written before it was kept.
    var formerOutputs: [String: [String: FileRecord]]?
    /// Why targets without a record have none (`its last build failed`, `fx/a.png changed during
    /// its last build`), by target name: the reason the next build gives, not `never built`.
    var unfinished: [String: String]?
    /// Files a build kept as the user's — written by a target's build, edited since, no longer
    /// written by it — by path, with the target whose build wrote them: no target replaces one
    /// without `overwrite` (``keep(_:asUsersFrom:)``). Absent from a state written before it was kept.
    var keptAsUsers: [String: String]?

    /// The files each target's earlier builds wrote, recorded or kept (``formerOutputs``), by target
    /// name; targets that wrote none are left out.
    var earlierOutputs: [String: [String]] {
        var files: [String: [String]] = [:]
        for (name, record) in targets { files[name, default: []] += record.outputs.keys }
        for (name, kept) in formerOutputs ?? [:] { files[name, default: []] += kept.keys }
        return files.filter { !$0.value.isEmpty }
    }

    /// The targets that wrote each file last, by path: those whose record names it, else those
    /// that keep it from an earlier build (``formerOutputs``: `a` wrote `o/1.gif`, then `c` did).
    var lastWriters: [String: [String]] {
        var writers: [String: [String]] = [:]
        for (name, record) in targets { for path in record.outputs.keys { writers[path, default: []].append(name) } }
        let recorded = Set(writers.keys)
        for (name, kept) in formerOutputs ?? [:] { for path in kept.keys where !recorded.contains(path) { writers[path, default: []].append(name) } }
        return writers
    }

    /// The files other targets' earlier builds wrote inside `target`'s outputs that are outside
    /// their own outputs now (their output moved: no build of theirs writes them again), with their
    /// records: the build's own files, which `target`'s job may set aside and replace (``EarlierSet``).
    /// A sheet's pages count as inside it (`out/dd/d-0.json` of a sheet writing `out/dd/d.json`,
    /// left there by another sheet whose data moved away).
    func abandonedFiles(in target: Target, of project: Project) -> [String: FileRecord] {
        var files: [String: FileRecord] = [:]
        for other in project.targets where other.name != target.name {
            let earlier = (formerOutputs?[other.name] ?? [:]).merging(targets[other.name]?.outputs ?? [:]) { _, recorded in recorded }
            for (path, record) in earlier where BuildGraph.writes(target, path) && !BuildGraph.writes(other, path) {
                files[path] = record
            }
        }
        return files
    }

    /// Forgets `paths` as any target's earlier outputs (files the build removed for another target).
    mutating func forget(_ paths: [String]) {
        for name in Array(targets.keys) where paths.contains(where: { targets[name]?.outputs[$0] != nil }) {
            for path in paths { targets[name]?.outputs[path] = nil }
        }
        for name in Array((formerOutputs ?? [:]).keys) { for path in paths { formerOutputs?[name]?[path] = nil } }
        formerOutputs = formerOutputs?.filter { !$0.value.isEmpty }
        if formerOutputs?.isEmpty == true { formerOutputs = nil }
    }

    /// The state file of `project`: `state.json` for `flipbook.json`, `state-ios.json` for a
    /// project file `ios.json` beside it (`state-ios` for `ios`) — each project file in a folder has a state of its own
    /// (one shared state made each project's build remove the other's outputs as targets "no longer
    /// in the project").
    static func file(of project: Project) -> String {
        let name = FileIO.lastComponent(of: project.file)
        // The whole name: `ios` and `ios.json` are two project files, with two states.
        let state = name.isEmpty || name == Project.fileName ? "state.json" : "state-" + name
        return project.onDisk(Project.stateFolder + "/" + state)
    }

    /// The state saved for `project`; an empty state when there is none, or when it cannot be read
    /// (a damaged state file means a full build, never a wrong one).
    static func load(for project: Project) -> BuildState {
        guard let bytes = try? FileIO.readAll(file(of: project)),
              let state = try? JSONDecoder().decode(BuildState.self, from: Data(bytes)), state.format == 1 else { return BuildState() }
        return state
    }

    /// Writes the state atomically.
    func save(for project: Project) throws(FileIO.Error) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        let bytes = (try? encoder.encode(self)).map { Array($0) } ?? []
        try FileIO.createDirectory(project.onDisk(Project.stateFolder))
        try FileIO.writeAtomically(bytes, to: Self.file(of: project))
    }
}

/// Digests of files, reusing a record's digest while the file's fingerprint is unchanged.
struct FileDigests {
    /// The records to trust, and when they were made.
    var known: [String: BuildState.FileRecord]
    var recorded: Double

    /// The record of the file at `disk` (named `path` in `known`); `nil` when it cannot be read.
    func record(_ path: String, disk: String) -> BuildState.FileRecord? {
        guard let fingerprint = FileIO.changeFingerprint(of: disk) else { return nil }
        if let old = known[path], old.fingerprint == fingerprint, let modified = Self.modified(fingerprint), modified < recorded - 1 {
            return old
        }
        guard let digest = try? ContentHash.ofFile(disk) else { return nil }
        return BuildState.FileRecord(fingerprint: fingerprint, sha256: digest)
    }

    /// The modification time (whole seconds) in a fingerprint `device.inode.size.seconds.nanoseconds`
    /// (and the status-change time after it: `FileIO.changeFingerprint(of:)`); for a link's
    /// (`link~target`), the later of the two.
    static func modified(_ fingerprint: String) -> Double? {
        var latest: Double?
        for part in fingerprint.split(separator: "~", omittingEmptySubsequences: false) {
            let fields = part.split(separator: ".")
            guard fields.count == 5 || fields.count == 7, let seconds = Double(fields[3]) else { return nil }
            latest = max(latest ?? seconds, seconds)
        }
        return latest
    }
}
