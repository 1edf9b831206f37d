import Basics
import Foundation

/// One run of a ``BuildJob``: the targets in order, decided and built by as many workers as there
/// are cores, the state saved after each target built.
final class BuildRun: @unchecked Sendable {
    let job: BuildJob
    private let order: [Target]
    private let tool: String
    private let cache: TargetCache?
    private let progress: (@Sendable (BuildProgress) -> Void)?
    let cancellation: CancellationFlag?
    private let dependencies: [String: [String]]
    /// The targets each target waits for: its ``dependencies`` and the targets whose earlier
    /// builds wrote files it reads (``BuildGraph/earlierWriters(of:in:earlier:)``).
    private let waits: [String: [String]]
    /// The earlier writers each target does not wait for because the wait would close a circle: a
    /// file such a writer removes after the target read it has the target decided again.
    private let leftOut: [String: [String]]
    /// Where those targets read, as the build found it before anything ran (a folder the writer
    /// empties and removes would be read as its parent afterwards).
    private let leftOutRoots: [String: [String]]
    /// The targets whose earlier builds wrote each file, as the build found them before anything ran.
    let earlierWriters: [String: [String]]
    /// Those files that were gone when the build began (deleted by hand): a target writing one replaces nothing.
    let goneAtStart: Set<String>
    /// What the project's targets name as their sources (and pages guessed beside sheet data read): a job's commit never removes one.
    let claims: StaleOutputs.Claims

    // Guarded by `lock`.
    private let lock = NSCondition()
    private var state: BuildState
    private var started = Set<String>()
    private var entries: [String: BuildReport.Entry] = [:]
    private var finishedOrder: [String] = []
    private var saveError: FileIO.Error?
    /// Each built target's outputs, stored in the cache once its decision is reported: the report
    /// comes as soon as its state is saved (an interrupt meanwhile names it built, as the state does).
    private var cacheStores: [String: () -> Void] = [:]
    /// When each target started and finished (a count of those events), the files each built target
    /// removed as no longer its outputs, and the targets decided a second time.
    private var clock = 0
    private var startedAt: [String: Int] = [:], finishedAt: [String: Int] = [:]
    private var removedBy: [String: [String]] = [:]
    private var decidedAgain = Set<String>()
    /// The SHA-256 of every file read by the targets decided (``BuildReport/inputDigests``).
    private var inputDigests: [String: String] = [:]

    /// `writers`: the targets that wrote each file last, as the build found them, targets deleted
    /// from the project included (``BuildState/lastWriters``, before their files were removed).
    init(job: BuildJob, order: [Target], state: BuildState, writers: [String: [String]], tool: String, cache: TargetCache?,
         progress: (@Sendable (BuildProgress) -> Void)?, cancellation: CancellationFlag?) {
        self.job = job
        self.order = order
        self.state = state
        self.state.forgetGoneKept(in: job.project)
        self.tool = tool
        self.cache = cache
        self.progress = progress
        self.cancellation = cancellation
        var dependencies: [String: [String]] = [:]
        // Never a wait for a target outside the build (it would never be decided).
        let names = Set(order.map(\.name))
        let links = BuildGraph.linkedOutputs(in: job.project)
        for target in order { dependencies[target.name] = BuildGraph.dependencies(of: target, in: job.project, links: links).filter(names.contains) }
        self.dependencies = dependencies
        // A file a target wrote before and may no longer write (its output renamed) is removed once
        // that target is built: a target reading it decides after that, or it is called up to date
        // on a file removed in the same build. A wait that would close a circle is left out.
        earlierWriters = writers
        goneAtStart = Set(writers.keys.filter { FileIO.fingerprint(of: job.project.onDisk($0)) == nil })
        claims = StaleOutputs.Claims(job.project)
        (waits, leftOut) = BuildGraph.waits(of: order, dependencies: dependencies, earlier: state.earlierOutputs.filter { names.contains($0.key) },
                                            in: job.project)
        var leftOutRoots: [String: [String]] = [:]
        for target in order where leftOut[target.name] != nil { leftOutRoots[target.name] = BuildGraph.readRoots(of: target, in: job.project) }
        self.leftOutRoots = leftOutRoots
    }

    private var cores: Int { job.threads ?? ProcessInfo.processInfo.activeProcessorCount }

    func run() throws(BuildError) -> BuildReport {
        let workers = max(1, min(cores, order.count))
        if workers == 1 {
            work()
        } else {
            let group = DispatchGroup()
            for _ in 0..<workers {
                group.enter()
                let thread = Thread { [self] in work(); group.leave() }
                thread.stackSize = 8 << 20
                thread.start()
            }
            group.wait()
        }
        if let saveError { throw .state(saveError) }
        if cancellation?.isCancelled == true { throw .cancelled }
        var report = BuildReport(entries: finishedOrder.compactMap { entries[$0] }, warnings: cache?.warnings ?? [])
        report.cacheGaveUp = cache?.gaveUp ?? false
        report.inputDigests = lock.withLock { inputDigests }
        return report
    }

    /// Takes ready targets until none is left.
    private func work() {
        while let target = next() {
            finish(target, decide(target))
            // A target that read files an earlier writer it could not wait for removed since.
            while let (reader, note) = decideAgain() {
                var entry = decide(reader)
                entry.notes.insert(note, at: 0)
                finish(reader, entry)
            }
        }
    }

    /// Records `target`'s decision, reports it, and stores its outputs in the cache.
    private func finish(_ target: Target, _ entry: BuildReport.Entry) {
        lock.lock()
        if entries[target.name] == nil { finishedOrder.append(target.name) }
        entries[target.name] = entry
        clock += 1
        finishedAt[target.name] = clock
        let done = finishedOrder.count
        lock.broadcast()
        lock.unlock()
        let event: BuildProgress.Event = switch entry.status {
        case .upToDate: .upToDate
        case .built: .built
        case .restored: .restored
        case .failed, .skipped: .failed
        }
        var report = BuildProgress(target: target.name, event: event, done: done, total: order.count)
        report.entry = entry
        progress?(report)
        lock.lock()
        let store = cacheStores.removeValue(forKey: target.name)
        lock.unlock()
        store?()
    }

    /// A decided target (not decided twice yet) that read where a writer it could not wait for
    /// (``leftOut``) removed files after it started, with the note saying so; `nil` when none.
    private func decideAgain() -> (Target, String)? {
        guard !leftOut.isEmpty else { return nil }
        lock.lock()
        defer { lock.unlock() }
        for target in order where entries[target.name] != nil && !decidedAgain.contains(target.name) {
            guard let start = startedAt[target.name] else { continue }
            for writer in leftOut[target.name, default: []] where finishedAt[writer].map({ $0 > start }) == true {
                let roots = leftOutRoots[target.name, default: []]
                guard let file = removedBy[writer, default: []].first(where: { BuildGraph.reads(roots, $0) }) else { continue }
                decidedAgain.insert(target.name)
                return (target, "decided again: \(writer)'s build removed \(file) after this target read it (\(writer) waits for it, so it could not wait for \(writer))")
            }
        }
        return nil
    }

    /// The first target not started whose dependencies are all decided; waits while targets are
    /// running that others wait for; `nil` when every target has started (or the build is cancelled).
    private func next() -> Target? {
        lock.lock()
        defer { lock.unlock() }
        while true {
            if cancellation?.isCancelled == true || saveError != nil { return nil }
            let waiting = order.filter { !started.contains($0.name) }
            if waiting.isEmpty { return nil }
            if let ready = waiting.first(where: { target in waits[target.name, default: []].allSatisfy { entries[$0] != nil } }) {
                started.insert(ready.name)
                clock += 1
                startedAt[ready.name] = clock
                return ready
            }
            lock.wait()
        }
    }

    /// Whether `target` is up to date, and if not, builds it.
    private func decide(_ target: Target) -> BuildReport.Entry {
        lock.lock()
        // The target that failed: a skipped dependency's entry names it (`sh2: skipped: gold failed`, not `fr2 failed`).
        let failedDependency = dependencies[target.name, default: []].lazy.compactMap { name in
            switch self.entries[name]?.status { case .failed?: name; case .skipped(let cause)?: cause; default: nil } }.first
        let record = state.targets[target.name]
        // Why it has no record, when an earlier build said (`its last build failed`).
        let unrecorded = state.unfinished?[target.name]
        // The files its earlier builds wrote, recorded or not (a failed build keeps them known).
        let previous = (state.formerOutputs?[target.name] ?? [:]).merging(record?.outputs ?? [:]) { _, recorded in recorded }
        lock.unlock()
        if let failedDependency { return BuildReport.Entry(target: target.name, status: .skipped(dependency: failedDependency), warnings: [], notes: []) }
        progress?(BuildProgress(target: target.name, event: .checking, done: decidedCount, total: order.count))

        let project = job.project
        // What a build killed meanwhile (`kill -9`) left in its output folders — a commit half
        // done, earlier files set aside — is finished or put back before anything is compared.
        var recovered = Set<String>()
        for output in target.outputs {
            for folder in [FileIO.parentDirectory(of: project.onDisk(output)), project.onDisk(output)] where FileIO.isDirectory(folder) {
                if OutputRecovery.hasUnfinishedCommit(in: folder) { recovered.insert(folder) }
                try? OutputRecovery.recover(folder: folder)
            }
        }
        let digests = FileDigests(known: (record?.inputs ?? [:]).merging(record?.outputs ?? [:]) { a, _ in a },
                                  recorded: record?.recorded ?? 0)
        // A file this target's last build wrote, unchanged since, is its own output, not an input: one it
        // no longer writes (its output renamed inside its source folder) is removed once it is built.
        let ownEarlier = { (path: String, file: BuildState.FileRecord) in previous[path]?.sha256 == file.sha256 }
        var inputs: [String: BuildState.FileRecord] = [:]
        for path in TargetInputs.paths(of: target, in: project) {
            if let file = digests.record(path, disk: project.onDisk(path)), !ownEarlier(path, file) { inputs[path] = file }
        }
        lock.withLock { for (path, file) in inputs { inputDigests[path] = file.sha256 } }
        let leading = TargetInputs.leavingSceneFolder(inputs.keys.sorted(), of: target, in: project).map { "outside\t\($0)" }
        let key = ContentHash.of(fields: [tool, target.kind.rawValue, target.settings] + inputs.keys.sorted().map { "\($0)\t\(inputs[$0]!.sha256)" }
                                 + leading)
        let reasons = job.force ? ["forced"]
            : record == nil ? [unrecorded ?? "never built"]
            : BuildReasons.of(record: record, key: key, tool: tool, settings: target.settings, inputs: inputs, outputs: { path in
                // An output another target writes now (a swap) is not this target's reason: looked up only when it differs.
                let now = digests.record(path, disk: project.onDisk(path)), recorded = record?.outputs[path]
                return now?.sha256 != recorded?.sha256 && StaleOutputs.isAnotherTargets(path, besides: target.name, in: project) ? recorded : now
            }, exists: { FileIO.fingerprint(of: project.onDisk($0)) != nil },
            interrupted: { folders in folders.contains { recovered.contains(project.onDisk($0)) } })
        if reasons.isEmpty { return BuildReport.Entry(target: target.name, status: .upToDate, warnings: [], notes: []) }

        // Looked at only for a target built or restored: files other targets wrote before inside its outputs,
        // where they no longer write (`b` moved from `fb` to `fc`, `a` now writes `fb`: the job may
        // set them aside as the build's; those it does not write go after it).
        let (others, abandoned) = lock.withLock { (order.count - started.count, state.abandonedFiles(in: target, of: job.project)) }
        let handed = abandoned.merging(previous) { _, own in own }
        let scope = outputScope(for: target, in: project, previous: previous, handed: handed)
        // Its own earlier files: those its last build wrote, not those handed to it (a deleted or renamed target's).
        let own = { (path: String) in
            previous[path].map { $0.writer == nil } == true && self.earlierWriters[path].map { $0.contains(target.name) } != false
        }
        // The same tool, settings and inputs built before, here or elsewhere: its outputs, checked.
        let cacheKey = TargetCache.key(action: key, target: target, project: project)
        var cacheWarnings: [String] = []
        if let cache, !job.force, cancellation?.isCancelled != true {
            switch OutputSet.$scope.withValue(scope, operation: { cache.restore(target, key: cacheKey, inputs: Array(inputs.keys), overwrite: job.overwrite) }) {
            case .restored(let outputs, let warnings, let notes):
                // Earlier files its restored sets removed (a sheet restored in another engine's shape): said as a build's are.
                let restored = Set(outputs.keys.map(NameSpelling.Exact.init))
                let removed = Self.distinct(scope.removed.compactMap(project.resolvedRelative(opened:))).filter {
                    !restored.contains(NameSpelling.Exact($0)) && FileIO.fingerprint(of: project.onDisk($0)) == nil
                }
                lock.lock()
                state.record(target.name, as: BuildState.TargetRecord(tool: tool, settings: target.settings, inputs: inputs, outputs: outputs, key: key,
                                                                       recorded: Date().timeIntervalSince1970), previous: previous)
                save()
                lock.unlock()
                let stale = forgetStale(of: target, previous: previous, current: outputs.keys)
                return BuildReport.Entry(target: target.name, status: .restored(reasons: reasons, files: outputs.keys.sorted()), warnings: warnings,
                                         notes: notes + removalNotes(stale.removed + removed, own: own, written: Array(outputs.keys), by: target, recorded: record, handed: handed)
                                             + [StaleOutputs.keptNote(stale.kept, of: target.name, in: project), StaleOutputs.editedNote(stale.edited)].compactMap { $0 })
            case .miss(let warning):
                if let warning { cacheWarnings.append(warning) }
            }
        }

        progress?(BuildProgress(target: target.name, event: .building, done: decidedCount, total: order.count))
        let result: TargetRunner.Result
        var earlier = EarlierSet()
        do {
            // Alone, a job spreads over every core; beside other targets, each takes one.
            let threads = others > 0 && cores > 1 ? 1 : job.threads
            result = try runJob(target, overwrite: job.overwrite, threads: threads, previous: handed, earlier: &earlier, scope: scope)
        } catch {
            // A failed build is recorded as not built (a forced rebuild that failed left the last
            // record, and the next build called the target up to date).
            lock.lock()
            let (failure, earlier) = state.failure(error, of: target.name, previous: previous, in: project)
            state.unrecord(target.name, keeping: earlier, because: "its last build failed")
            save()
            lock.unlock()
            return BuildReport.Entry(target: target.name, status: .failed(failure, reasons: reasons), warnings: cacheWarnings, notes: [])
        }
        let files = result.files.map { project.relative(opened: $0) }
        let replaced = earlier.remove(keeping: files)   // sets below: thousands of frames; by bytes (`café.png` respelt)
        let written = Set(files.map(NameSpelling.Exact.init)), setAside = Set(replaced.map(NameSpelling.Exact.init))
        let removedByJob = Self.distinct(scope.removed.compactMap(project.resolvedRelative(opened:))).filter {
            !written.contains(NameSpelling.Exact($0)) && !setAside.contains(NameSpelling.Exact($0)) && FileIO.fingerprint(of: project.onDisk($0)) == nil
        }
        // Other targets' earlier files in its outputs its job did not write (a sheet's pages where a frames target writes now).
        let leftBehind = StaleOutputs.removeLeftBehind(abandoned.filter { !written.contains(NameSpelling.Exact($0.key)) && !setAside.contains(NameSpelling.Exact($0.key)) }, in: project)
        // Other targets' files it replaced or removed are no longer theirs to keep or remove (a
        // folder handed back later found them still named: taken for another set's). Only files
        // another target wrote are looked for in the state (a first build's are none).
        let takenOver = ((replaced + files).filter { previous[$0] == nil } + leftBehind)
            .filter { earlierWriters[$0]?.contains { $0 != target.name } == true }
        if !takenOver.isEmpty {
            lock.lock()
            state.forget(takenOver)
            lock.unlock()
        }
        let replacedOthers = (replaced + removedByJob + leftBehind).filter { !own($0) }.sorted()
        // Other targets' earlier files it wrote over (two targets swapped outputs), said with those it removed.
        let othersNote = othersNote(written: files, removed: replacedOthers, by: target, recorded: record, handed: handed)
        // Its earlier files that are another target's now (pages of a sheet name that changed hands): said there.
        let removedOwn = (replaced + removedByJob).filter { own($0) && !StaleOutputs.isAnotherTargets($0, besides: target.name, in: project) }
        var outputs: [String: BuildState.FileRecord] = [:]
        let fresh = FileDigests(known: [:], recorded: 0)
        for path in files { if let file = fresh.record(path, disk: project.onDisk(path)) { outputs[path] = file } }
        // A file changed while the job ran (the job may have read either version): not recorded,
        // so the next build builds the target again.
        let after = FileDigests(known: [:], recorded: 0)
        let inputsAfter = TargetInputs.paths(of: target, in: project).filter { path in
            guard inputs[path] == nil, let now = after.record(path, disk: project.onDisk(path)) else { return true }
            return !ownEarlier(path, now)
        }
        var changedDuring = Set(inputsAfter).symmetricDifference(inputs.keys).sorted()
        for (path, before) in inputs where !changedDuring.contains(path) {
            if after.record(path, disk: project.onDisk(path))?.sha256 != before.sha256 { changedDuring.append(path) }
        }
        if result.problem == nil, let first = changedDuring.sorted().first {
            lock.lock()
            state.unrecord(target.name, keeping: previous.merging(outputs) { _, now in now }, because: "\(first) changed during its last build")
            save()
            lock.unlock()
            return BuildReport.Entry(target: target.name, status: .built(reasons: reasons, files: files.sorted()),
                                     warnings: cacheWarnings + result.warnings + ["\(first) changed while the target was built: it is built again next time"],
                                     notes: result.notes + [StaleOutputs.note(removedOwn.sorted()), othersNote].compactMap { $0 })
        }
        if let problem = result.problem {
            // The outputs stand, but the target failed: it is built again next time.
            lock.lock()
            state.unrecord(target.name, keeping: previous.merging(outputs) { _, now in now }, because: "its last build failed")
            save()
            lock.unlock()
            return BuildReport.Entry(target: target.name, status: .failed(problem, reasons: reasons), warnings: cacheWarnings + result.warnings,
                                     notes: result.notes + [StaleOutputs.note(removedOwn.sorted()), othersNote].compactMap { $0 })
        }
        lock.lock()
        state.record(target.name, as: BuildState.TargetRecord(tool: tool, settings: target.settings, inputs: inputs, outputs: outputs, key: key,
                                                               recorded: Date().timeIntervalSince1970), previous: previous)
        save()
        if let cache {
            let warnings = result.warnings, notes = result.notes
            cacheStores[target.name] = { cache.store(target, key: cacheKey, outputs: outputs, warnings: warnings, notes: notes) }
        }
        lock.unlock()
        // Files handed to it (a deleted target's in its folder) that it did not write again are said as their writers'.
        let stale = forgetStale(of: target, previous: previous, current: outputs.keys)
        return BuildReport.Entry(target: target.name, status: .built(reasons: reasons, files: files.sorted()), warnings: cacheWarnings + result.warnings,
                                 notes: result.notes + removalNotes(stale.removed + removedOwn + replacedOthers, own: own, written: files, by: target, recorded: record, handed: handed)
                                     + [StaleOutputs.keptNote(stale.kept, of: target.name, in: project), StaleOutputs.editedNote(stale.edited)].compactMap { $0 })
    }

    /// Targets decided so far.
    private var decidedCount: Int { lock.withLock { entries.count } }

    /// Removes the files of `previous` that `target` no longer writes (``StaleOutputs``); those kept
    /// because another target reads them stay known as the build's (``BuildState/formerOutputs``),
    /// so a later build removes them once none does.
    private func forgetStale(of target: Target, previous: [String: BuildState.FileRecord],
                             current: some Collection<String>) -> (removed: [String], kept: [String: BuildState.FileRecord], edited: [String]) {
        let stale = StaleOutputs.removing(previous: previous, current: current, own: target.outputs, in: job.project)
        lock.lock()
        removedBy[target.name] = stale.removed
        if state.formerOutputs?[target.name] != nil || !stale.kept.isEmpty || !stale.edited.isEmpty {
            state.setFormer(stale.kept, of: target.name)
            state.keep(stale.edited, asUsersFrom: target.name)
            save()
        }
        lock.unlock()
        return stale
    }

    /// Saves the state; called with `lock` held. Records of targets the project no longer has are dropped.
    private func save() {
        state.keepOnly(Set(job.project.targets.map(\.name)))
        do { try state.save(for: job.project) } catch { saveError = error }
    }
}
