import Basics
import Foundation

/// Builds a project, then watches every file and folder its targets read (and the project file) and
/// builds again after each save: `flipbook build --watch` as a library value an app can drive.
///
/// ```swift
/// let watch = BuildWatch(projectFile: "flipbook.json")
/// let task = Task {
///     try await watch.run { event in
///         if case .built(let report, let changes) = event { print(changes, report.built) }
///     }
/// }
/// // … later: task.cancel() stops the watch.
/// ```
///
/// A burst of saves (an editor saving twenty files, a tool exporting a sequence) makes one build:
/// the build starts once no change has arrived for ``debounce`` seconds (or at most 2 s after the
/// burst began). Each build is a ``BuildJob`` run, so only the targets whose inputs' contents changed
/// are built; changes arriving during a build make the next one. A save that leaves a file's bytes
/// as the last build read them (`touch`) is no change: it starts no build. Editors that save by writing a
/// temporary file and renaming it over the original are seen (the folder is watched, not the file);
/// so are new files and folders in a watched folder and deleted folders (watched again when they
/// come back). The build's own outputs, `.flipbook-build/` and the output contract's `.flipbook-*`
/// files never start a build — but the outputs of a target whose build failed do (it wrote
/// nothing there: a file of the user's in its way, deleted, builds it), unless it failed after
/// writing them (a validation report with errors, a budget not met: its outputs stand). A change to the project file reads it again: when it no longer reads,
/// ``Event/projectUnreadable(_:)`` says why and the watch goes on until it is fixed.
///
/// Linux watches with inotify, macOS with FSEvents (one wrapper file, `FileEvents.swift`).
public struct BuildWatch: Sendable {
    /// What a watch reports: on the thread running the watch, except ``progress(_:)``, which comes
    /// from the build's workers as ``BuildJob``'s progress does.
    public enum Event: Sendable {
        /// A build ran: `changes` are the paths (relative to the project's folder) whose change
        /// started it, empty for the first build; `report` says what each target did.
        case built(BuildReport, changes: [String])
        /// The project file changed and no longer reads (or names a target asked for that it no
        /// longer has); the watch goes on with what it watched and builds once the file reads again.
        case projectUnreadable(ProjectError)
        /// A build could not run (its state could not be saved); the watch goes on.
        case buildFailed(BuildError)
        /// A build's progress, as ``BuildJob/run(progress:cancellation:)`` reports it.
        case progress(BuildProgress)
        /// Something the watch could not do but went on without: a folder that could not be watched
        /// (an inotify limit), events the system dropped (everything is looked at again).
        case warning(String)
    }

    /// The project file.
    public var projectFile: String
    /// The targets to build and watch (with what they depend on); empty for all.
    public var targets: [String]
    /// As ``BuildJob/overwrite``.
    public var overwrite: Bool
    /// The first build builds every target even when it is up to date (``BuildJob/force``).
    public var force = false
    /// As ``BuildJob/threads``.
    public var threads: Int?
    /// As ``BuildJob/tool``.
    public var tool: String?
    /// As ``BuildJob/reportWording``.
    public var reportWording: (@Sendable (String) -> String)?
    /// The cache each build uses (``BuildJob/cache``): `nil`, the default, for the project's own
    /// folder (`BuildCache.inProject`), as `flipbook build` uses it.
    public var cache: BuildCache?
    /// Builds use no cache at all (``cache`` is then not used).
    public var withoutCache = false
    /// The project's own cache folder keeps at most this many bytes (``BuildCache/maxBytes``);
    /// `nil` for its default. A ``cache`` given carries its own.
    public var projectCacheMaxBytes: Int?
    /// Files (absolute paths) whose changes never start a build, though a target reads their
    /// folder: where the watch's own report is written. `flipbook build --watch > watch.log` sets
    /// the files its standard output and error go to (a failing target's report, written there,
    /// started the next build, four times a second).
    public var ignoredFiles: [String] = []
    /// Seconds without a change before a build starts, so that a burst of saves makes one build;
    /// from 0.01 to 10. The default, 0.15 s, leaves a save built well within a second.
    public var debounce: Double = 0.15

    /// The longest a burst of changes delays a build, in seconds.
    static let longestDelay = 2.0
    /// How often a waiting watch looks at its cancellation flag, in seconds.
    static let pollInterval = 0.05
    /// How long after a build the events of the files it removed are taken for its own (they are
    /// queued by then; a file made again later is a change).
    static let ownRemovalsWindow = 1.0

    /// A watch of `projectFile`'s `targets` (empty: all).
    public init(projectFile: String, targets: [String] = [], overwrite: Bool = false) {
        self.projectFile = projectFile
        self.targets = targets
        self.overwrite = overwrite
    }

    /// Builds, then watches and builds again after each change, until `cancellation` is raised
    /// (then it returns once the build under way has stopped). `onEvent` hears every build and
    /// problem, on the calling thread. Throws only when the watch cannot start: the project file
    /// does not read at first, a target asked for is not in it, or the system refuses to watch.
    public func run(onEvent: @escaping @Sendable (Event) -> Void, cancellation: CancellationFlag) throws(WatchError) {
        // Each build holds what it reads while it runs (``FolderReads``), the watch nothing.
        try FolderReads.outsideScope { () throws(WatchError) in try watchAndBuild(onEvent: onEvent, cancellation: cancellation) }
    }

    private func watchAndBuild(onEvent: @escaping @Sendable (Event) -> Void, cancellation: CancellationFlag) throws(WatchError) {
        guard debounce.isFinite, debounce >= 0.01, debounce <= 10 else {
            throw .setting(setting: "debounce", found: "\(debounce)", requirement: "from 0.01 to 10 seconds")
        }
        if let threads, threads < 1 { throw .setting(setting: "threads", found: "\(threads)", requirement: "1 or more") }
        var project = try start()
        let events = try FileEvents()
        let base = FileIO.resolvedPath(project.onDisk(".")) ?? project.folder
        let fileName = FileIO.lastComponent(of: projectFile)
        var scope = WatchScope(project: project, targets: targets, base: base, projectFile: fileName)
        var refused = Set<String>()
        let ignored = Set(ignoredFiles.map { FileIO.resolvedPath($0) ?? $0 })
        func watch(_ scope: WatchScope) {
            for (folder, reason) in events.watch(scope.folders) where refused.insert(folder).inserted {
                onEvent(.warning("cannot watch \(folder): \(reason); changes there start no build"))
            }
        }
        watch(scope)
        // The files a build removed (earlier outputs no longer written): the events of their
        // removal, read just after it, start no build.
        // A cache given up on in one build (unreachable, silent past its timeout) is not asked again at
        // every save (each waited its timeout: round 70p); the next `build --watch` tries it again.
        var cacheOff = false
        var (ownRemovals, failed, outcome, known) = build(project, changes: [], force: force, onEvent: onEvent, cancellation: cancellation, base: base,
                                                          cacheOff: &cacheOff)
        known[fileName] = Self.digest(of: project.file)
        func sayCacheOff(_ wasOff: Bool) {
            guard cacheOff, !wasOff else { return }
            onEvent(.warning("the watch goes on without the cache from now on (this build gave up on it: see the warning above); "
                             + "start the watch again to use it"))
        }
        // A target that failed wrote nothing: its outputs are watched until it builds (a file of the
        // user's in its way, deleted, starts the build it blocked) — from before the build is
        // reported, so a deletion right after the report is seen.
        scope = WatchScope(project: project, targets: targets, base: base, projectFile: fileName, failed: failed)
        known.merge(Self.filesInTheWay(of: scope, in: project)) { read, _ in read }
        watch(scope)
        outcome.map(onEvent)
        sayCacheOff(false)
        var ownRemovalsUntil = Date().addingTimeInterval(Self.ownRemovalsWindow)

        var pending = Set<String>()
        var broken = false
        var first = Date(), last = Date()
        while !cancellation.isCancelled {
            let batch = events.next(timeout: Self.pollInterval)
            if Date() > ownRemovalsUntil { ownRemovals = [] }
            var changed = batch.paths.filter { !ignored.contains($0) && !ownRemovals.contains($0) }.compactMap(scope.relevant)
            if batch.overflowed {
                onEvent(.warning("the system dropped file events; looking at every input again"))
                changed.append(".")
            }
            if !changed.isEmpty {
                if pending.isEmpty { first = Date() }
                last = Date()
                pending.formUnion(changed)
            }
            guard !pending.isEmpty,
                  Date().timeIntervalSince(last) >= debounce || Date().timeIntervalSince(first) >= Self.longestDelay else { continue }
            // While the project file does not read, saves wait for it: the last project that read is
            // not built as if it were the file's (round 72p built with it, without a word).
            // The wait is no burst: the save that fixes the file waits for quiet like any other (a
            // burst timed from the first wait read the file half written, and said its old error again).
            if broken && !pending.contains(fileName) && !pending.contains(".") {
                first = Date()
                continue
            }
            // A save that left a file as the last build read it (`touch`, an editor saving what did
            // not change) is no change: it neither builds nor prints (round 72p: failing targets ran
            // again); nor is a file that came and went (an editor's `.gold_1.png.swp` renamed over the frame).
            let changes = pending.sorted().filter { path in
                path == "." || (broken && path == fileName) || Self.isChange(path, known: known, scope: scope, in: project)
            }
            pending = []
            if changes.isEmpty { continue }
            if changes.contains(fileName) || changes.contains(".") {
                switch read() {
                case .success(let read):
                    project = read
                    broken = false
                    known[fileName] = Self.digest(of: project.file)
                case .failure(let error):
                    scope = WatchScope(unreadable: fileName, base: base, keeping: scope)
                    watch(scope)
                    onEvent(.projectUnreadable(error))
                    // The other files saved meanwhile are built once it reads again.
                    pending = Set(changes.filter { $0 != fileName })
                    broken = true
                    continue
                }
            }
            scope = WatchScope(project: project, targets: targets, base: base, projectFile: fileName, failed: failed)
            watch(scope)
            if cancellation.isCancelled { break }
            let wasOff = cacheOff
            let read: [String: String]
            (ownRemovals, failed, outcome, read) = build(project, changes: changes.filter { $0 != "." }, force: false, onEvent: onEvent,
                                                         cancellation: cancellation, base: base, cacheOff: &cacheOff)
            // What this build read, only: a file it no longer read (deleted, then put back as it was) is a change.
            known = read.merging([fileName: known[fileName]].compactMapValues { $0 }) { _, project in project }
            scope = WatchScope(project: project, targets: targets, base: base, projectFile: fileName, failed: failed)
            known.merge(Self.filesInTheWay(of: scope, in: project)) { read, _ in read }
            watch(scope)
            outcome.map(onEvent)
            sayCacheOff(wasOff)
            ownRemovalsUntil = Date().addingTimeInterval(Self.ownRemovalsWindow)
        }
    }

    /// ``run(onEvent:cancellation:)`` on a thread of its own (never one of Swift's cooperative
    /// threads), until the task is cancelled; a task cancelled before it starts returns at once.
    public func run(onEvent: @escaping @Sendable (Event) -> Void) async throws(WatchError) {
        if Task.isCancelled { return }
        let flag = CancellationFlag()
        let result: Result<Void, WatchError> = await withTaskCancellationHandler {
            await BackgroundThread.run { Result { () throws(WatchError) in try run(onEvent: onEvent, cancellation: flag) } }
        } onCancel: {
            flag.cancel()
        }
        try result.get()
    }

    /// The watch's events as an asynchronous sequence: the watch starts when the sequence is
    /// iterated and stops when the iterating task is cancelled or stops iterating. A watch that
    /// cannot start ends the sequence with its ``WatchError``.
    public func events() -> AsyncThrowingStream<Event, any Error> {
        AsyncThrowingStream { continuation in
            let task = Task {
                do {
                    try await run { event in continuation.yield(event) }
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    /// The project as first read, its named targets checked.
    private func start() throws(WatchError) -> Project {
        switch read() {
        case .success(let project): return project
        case .failure(let error): throw .project(error)
        }
    }

    /// The project file read, and the targets asked for found in it.
    private func read() -> Result<Project, ProjectError> {
        let project: Project
        do { project = try Project.read(file: projectFile) } catch { return .failure(error) }
        for name in targets where project.target(named: name) == nil {
            return .failure(.unknownTarget(file: project.file, name: name,
                                           suggestion: Suggestion.nearest(to: name, among: project.targets.map(\.name))))
        }
        return .success(project)
    }

    /// One build of `project` (its progress reported); returns the files (absolute, with the
    /// folders that went with them) that the build removed of those earlier builds wrote — their
    /// events are its own —, the targets that failed and the event that reports the build (`nil`
    /// when it was cancelled), for the caller to send once it watches what the build calls for, and
    /// the digests of the files the build read (``BuildReport/inputDigests``).
    private func build(_ project: Project, changes: [String], force: Bool, onEvent: @escaping @Sendable (Event) -> Void, cancellation: CancellationFlag,
                       base: String, cacheOff: inout Bool) -> (removed: Set<String>, failed: Set<String>, outcome: Event?, read: [String: String]) {
        let before = Set(BuildState.load(for: project).earlierOutputs.values.flatMap { $0 })
        var job = BuildJob(project: project, targets: targets, force: force, overwrite: overwrite)
        job.threads = threads
        job.tool = tool
        job.reportWording = reportWording
        if withoutCache || cacheOff { job.cache = nil } else if let cache { job.cache = cache } else if let projectCacheMaxBytes {
            job.cache?.maxBytes = projectCacheMaxBytes
        }
        var failed = Set<String>()
        var read: [String: String] = [:]
        let outcome: Event
        do {
            let report = try job.run(progress: { onEvent(.progress($0)) }, cancellation: cancellation)
            for entry in report.entries {
                guard case .failed(let failure, _) = entry.status else { continue }
                switch failure {
                // Found after its outputs were written, which stand: its own writes are no change to build
                // (a report with errors rewrote itself 5 times a second after a save: round 70p).
                case .problemsFound, .budgetNotMet: continue
                default: failed.insert(entry.target)
                }
            }
            outcome = .built(report, changes: changes)
            read = report.inputDigests
            if report.cacheGaveUp { cacheOff = true }
        } catch .cancelled {
            return ([], [], nil, [:])
        } catch {
            outcome = .buildFailed(error)
        }
        var removed = Set<String>()
        for path in before where FileIO.fingerprint(of: project.onDisk(path)) == nil {
            var gone = path
            while true {
                removed.insert(WatchScope.absolute(gone, base: base))
                let parent = WatchScope.parent(of: gone)
                guard parent != ".", FileIO.fingerprint(of: project.onDisk(parent)) == nil else { break }
                gone = parent
            }
        }
        return (removed, failed, outcome, read)
    }

    /// Whether `path` (relative to the project) differs from what the last build read (`known`, its
    /// digests): a file it read, now other bytes or gone; anything else there now; a path gone that
    /// held a file it read, or in a failed target's outputs (a file of the user's in its way, deleted).
    private static func isChange(_ path: String, known: [String: String], scope: WatchScope, in project: Project) -> Bool {
        if let digest = known[path] { return Self.digest(of: project.onDisk(path)) != digest }
        guard FileIO.fingerprint(of: project.onDisk(path)) == nil else { return true }
        return known.keys.contains { BuildGraph.path($0, isWithin: path) }
            || scope.failedOutputs.contains { BuildGraph.path(path, isWithin: $0) || BuildGraph.path($0, isWithin: path) }
    }

    /// The files at failed targets' outputs (a file of the user's in the way), by path, with their
    /// digests: a `touch` of one is no change either; deleting it is.
    private static func filesInTheWay(of scope: WatchScope, in project: Project) -> [String: String] {
        var files: [String: String] = [:]
        for output in scope.failedOutputs { files[output] = digest(of: project.onDisk(output)) }
        return files
    }

    /// The SHA-256 of the file at `path`; `nil` when it is not a file that reads.
    private static func digest(of path: String) -> String? {
        FileIO.isRegularFile(path) ? try? ContentHash.ofFile(path) : nil
    }
}
