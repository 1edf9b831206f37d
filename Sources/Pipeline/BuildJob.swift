import Basics
import Foundation

/// Builds a ``Project``'s targets: each after the targets it depends on, on all cores, and only
/// when something it reads, its settings or the tool changed since its last build (content
/// digests in `.flipbook-build/state.json`, not timestamps alone).
///
/// A target runs the library job its command runs, under the same output contract: a build and
/// the equivalent commands write byte-identical files. A target that fails does not stop the
/// others; the targets that depend on it are skipped. The ``BuildReport`` says per target whether
/// it was up to date, why it was built, or why it failed.
public struct BuildJob: Sendable {
    /// The project.
    public var project: Project
    /// The targets to build (with what they depend on, and the targets whose earlier builds wrote
    /// where they read: such a file, no longer an output, goes only when its writer is built);
    /// empty builds every target.
    public var targets: [String]
    /// Builds the targets even when they are up to date.
    public var force: Bool
    /// Whether a target may replace an output file that this project's builds did not write
    /// (an output it wrote before is always replaced). Never an input.
    public var overwrite: Bool
    /// Threads to use, from 1; `nil` uses every core.
    public var threads: Int?
    /// The tool that builds: a target built by another tool is built again. By default the version
    /// and the digest of the running executable.
    public var tool: String?
    /// How a validation target's report is worded before it is written; `nil` writes the
    /// library's words. `flipbook build` passes the words `flipbook validate --output` writes
    /// (`flipbook frames reads …` for `FramesJob reads …`), so a report is the command's bytes.
    public var reportWording: (@Sendable (String) -> String)?
    /// Build only this part of the targets (`flipbook build --shard K/N`, one job of a CI matrix):
    /// the targets asked for and what they depend on are split into groups connected by their
    /// dependencies (a group is never split: no part needs another part's output), and the groups
    /// by cost (the bytes of the checked-in files they read) with `Shard.partition`, the same way on
    /// every machine, so N jobs with `1/N` … `N/N` build every target exactly once. The report
    /// lists the others in ``BuildReport/otherShards``. `nil` (the default) builds them all.
    public var shard: Shard?
    /// Where outputs of earlier builds — here or on other machines — are found before a target is
    /// built, and where the outputs of targets built here are kept (``BuildCache``); by default the
    /// project's own (``BuildCache/inProject(_:)``), `nil` for none. A target found there is
    /// written from it (``BuildReport/Entry/Status/restored(reasons:files:)``) instead of built;
    /// with ``force`` every target is built, and stored.
    public var cache: BuildCache?

    /// Flipbook's version, part of every target's key.
    public static let version = "0.1.0"

    /// A build of `targets` (empty: all) of `project`.
    public init(project: Project, targets: [String] = [], force: Bool = false, overwrite: Bool = false) {
        self.project = project
        self.targets = targets
        self.force = force
        self.overwrite = overwrite
        self.cache = BuildCache.inProject(project)
    }

    /// Builds. `progress` hears of each target as it is checked, built or found up to date, on the
    /// thread doing it. A raised `cancellation` stops the build before the next target and the
    /// running job before its next frame (``BuildError/cancelled``).
    public func run(progress: (@Sendable (BuildProgress) -> Void)? = nil, cancellation: CancellationFlag?) throws(BuildError) -> BuildReport {
        if let threads, threads < 1 {
            throw .setting(SettingError(.threads, of: "BuildJob", value: threads, allowed: .atLeast(1)))
        }
        for name in targets where project.target(named: name) == nil {
            throw .project(.unknownTarget(file: project.file, name: name, suggestion: Suggestion.nearest(to: name, among: project.targets.map(\.name))))
        }
        if let cache, !(cache.timeout >= 0.01 && cache.timeout <= 3600) {
            throw .project(.schema(SchemaError(file: "BuildJob", path: "cache.timeout", problem: .outOfRange(requirement: "0.01 to 3600 seconds"),
                                               found: "\(cache.timeout)")))
        }
        if let cache, cache.maxBytes < 1 {
            throw .project(.schema(SchemaError(file: "BuildJob", path: "cache.maxBytes", problem: .outOfRange(requirement: "at least 1 byte"),
                                               found: "\(cache.maxBytes)")))
        }
        // A file where the folder would be (`--cache notes.txt`) is a mistake, not a cache that is down: refused before any build.
        if let cache, case .folder(let folder) = cache.location, FileIO.fingerprint(of: folder) != nil, !FileIO.isDirectory(folder) {
            throw .project(.schema(SchemaError(file: "BuildJob", path: "cache", problem: .outOfRange(requirement: "a folder (made if missing), "
                + "or the http:// URL of a Bazel remote cache"), found: "\(folder) (it is a file)")))
        }
        if let cache, case .folder(let folder) = cache.location, let clash = BuildGraph.clash(ofFolder: folder, in: project) {
            throw .project(.schema(SchemaError(file: "BuildJob", path: "cache", problem: .outOfRange(requirement: "a folder outside every target's "
                + "outputs and sources (the cache's own files would be outputs overwritten, or inputs that change on every build)"),
                                               found: "\(folder) (\(clash))")))
        }
        let names = targets.isEmpty ? project.targets.map(\.name) : targets
        var order: [Target]
        do { order = try BuildGraph.order(project, selecting: names) } catch { throw .project(error) }
        // One build of a project at a time: two at once (a second terminal, a `--watch` and a build
        // by hand) would write the same outputs and state. The second waits, and says so.
        if cancellation?.isCancelled == true { throw .cancelled }
        let stateFolder = project.onDisk(Project.stateFolder)
        do { try FileIO.createDirectory(stateFolder) } catch { throw .state(error) }
        let lock = FolderLock.acquire(stateFolder) {
            progress?(BuildProgress(target: project.file, event: .waiting, done: 0, total: order.count))
        }
        defer { lock?.release() }
        var state = BuildState.load(for: project)
        let tool = self.tool ?? Self.currentTool(state: &state)
        // A state that cannot be saved is found before anything is written or removed (a read-only
        // `.flipbook-build/` let every output be written, then failed with no target reported, and
        // every rerun rebuilt everything): the state as read is written back first.
        do { try state.save(for: project) } catch { throw .state(error) }
        // Who wrote each file before any was removed: a target deleted from the project too.
        var writers = state.lastWriters
        // A target deleted from the project leaves no outputs behind to ship with the others.
        let orphans = StaleOutputs.removeOrphans(from: &state, in: project)
        // A deleted target's file removed just now is no file a target replaces when it writes that
        // name: it is said once, as removed.
        let inProject = Set(project.targets.map(\.name))
        writers = writers.filter { path, wrote in wrote.contains(where: inProject.contains) || FileIO.fingerprint(of: project.onDisk(path)) != nil }
        // Files kept for a target that read them, which none reads now.
        let former = StaleOutputs.removeFormer(from: &state, in: project)
        if orphans != nil || former != nil { do { try state.save(for: project) } catch { throw .state(error) } }
        // The order again, now that those files are gone (a source they filled is read as its folder
        // now, which may depend on other targets), with the targets whose earlier outputs the targets
        // asked for read (an output that moved is removed only by its writer's build).
        do {
            let earlier = state.earlierOutputs.filter { project.target(named: $0.key) != nil }
            order = try BuildGraph.order(project, selecting: targets.isEmpty ? names
                                         : BuildGraph.selecting(names, withEarlierWritersIn: project, earlier: earlier))
        } catch { throw .project(error) }
        var others: [String] = []
        if let shard { (order, others) = BuildShards.select(order, in: project, shard: shard) }
        let targetCache = cache.map { TargetCache($0, project: project) }
        let build = BuildRun(job: self, order: order, state: state, writers: writers, tool: tool, cache: targetCache, progress: progress,
                             cancellation: cancellation)
        var report = try build.run()
        targetCache?.trimIfStored()
        report.otherShards = others
        report.notes = [orphans, former].compactMap { $0 }
        return report
    }

    /// ``run(progress:cancellation:)`` on a thread of its own; the task's cancellation stops it.
    public func run(progress: (@Sendable (BuildProgress) -> Void)? = nil) async throws(BuildError) -> BuildReport {
        try await BackgroundThread.run(cancelled: BuildError.cancelled) { flag throws(BuildError) in
            try run(progress: progress, cancellation: flag)
        }
    }

    /// The running executable. On Linux `/proc/self/exe`: Foundation's `Bundle.main` lists the
    /// executable's whole folder first, 50 ms for an executable in a folder of 75,000 files.
    static var executablePath: String? {
        #if os(Linux)
        FileIO.resolvedPath("/proc/self/exe")
        #else
        Bundle.main.executablePath
        #endif
    }

    /// The build of Flipbook that runs: its version and the SHA-256 of the running executable, the
    /// tool a build records by default (`flipbook 0.1.0 9f86d0…`; the version alone when the
    /// executable cannot be read). `flipbook --version` prints it.
    public static var runningTool: String {
        var state = BuildState()
        return currentTool(state: &state)
    }

    /// The version and the digest of the running executable (read again only when the file changes).
    static func currentTool(state: inout BuildState) -> String {
        guard let path = executablePath else { return "flipbook \(version)" }
        let digests = FileDigests(known: state.executable, recorded: Date().timeIntervalSince1970)
        guard let record = digests.record(path, disk: path) else { return "flipbook \(version)" }
        state.executable = [path: record]
        return "flipbook \(version) \(record.sha256)"
    }
}
