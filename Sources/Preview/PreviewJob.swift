import Animated
import Basics
import Foundation
import Pipeline

/// `flipbook preview`'s job: one HTML page that plays every sequence and output of a folder or a
/// project file with `UIImageView`'s semantics, shows sprite sheets with their regions and lists
/// the validator's findings.
///
/// The shape of every job (docs/Design.md): settings as `var`s, ``plan(progress:cancellation:)``
/// reads everything and writes nothing, ``write(_:)`` writes the page through the output contract
/// (a temporary file renamed into place; never over a file the page shows or the project file; a
/// file Flipbook did not write is replaced only with ``overwrite``), ``run(progress:cancellation:)``
/// is both, each also `async` (on a thread of its own; the task's cancellation stops it). Errors
/// are ``PreviewError``. Progress is one `JobProgress` callback, as every job's: nothing is decoded
/// but headers, so the validator's reading is the longest part of a plan (3 000 frames in 12
/// folders: 0.4 s of CPU in a debug build, a 135 KB page) and is what the `reading` phase counts.
///
/// ```swift
/// let job = PreviewJob(source: "Sequences", output: "Sequences/preview.html")
/// let page = try await job.run()           // blocking: try job.run(cancellation: nil)
/// print(page.sequences.count, page.findings.count)
/// ```
public struct PreviewJob: Sendable {
    /// A folder of frames (searched below) or a project file (`flipbook.json`).
    public var source: String
    /// The page to write (``defaultOutput(for:)`` when the CLI is given none).
    public var output: String
    /// Replace a file at ``output`` that Flipbook did not write (never one the page shows).
    public var overwrite: Bool = false
    /// Run the validator over the previewed folders and list its findings (on by default).
    public var validate: Bool = true

    /// A preview of `source` (a folder or a project file) written to `output`.
    public init(source: String, output: String) {
        self.source = source
        self.output = output
    }

    /// The page written when none is named: `preview.html` in the previewed folder, or beside the
    /// project file.
    public static func defaultOutput(for source: String) -> String {
        let source = Discovery.trimmingSlash(source)
        let folder = FileIO.isDirectory(source) ? source : FileIO.parentDirectory(of: source)
        return PreviewContent.join(folder, "preview.html")
    }

    /// Reads the source and finds what the page shows; writes nothing.
    ///
    /// A folder: its sequences (`Discovery`, each timed by its folder's `sequence.json` through
    /// `Animation.load`), GIF, APNG and WebP files and sprite sheets (the data files that name
    /// pages beside them), in it and every folder below but hidden ones, and the validator's
    /// findings over it. A project file (`Project`): the same for every target's sources and
    /// outputs (an output not built yet is listed under ``PreviewPage/problems``), and the
    /// findings of its `validate` targets (or, without one, of the folders its sequences are in).
    /// A sequence that cannot be played (a `sequence.json` that does not fit) is a problem on the
    /// page, not an error: the page shows the rest.
    ///
    /// `progress` receives `JobProgress` reports of phase `reading`: the validator's files read
    /// (`done` of `total`, from its threads), then all of them (0 of 0 when nothing is validated)
    /// at a fraction of 1. A raised `cancellation` stops before the validator runs, or during it
    /// (``PreviewError/cancelled``).
    public func plan(progress: (@Sendable (JobProgress) -> Void)? = nil, cancellation: CancellationFlag?) throws(PreviewError) -> PreviewPage {
        try plan(JobProgress.Reporter(progress, phase: .reading), cancellation: cancellation)
    }

    /// ``plan(progress:cancellation:)`` reporting to `reporter`'s `reading` phase. The folders read
    /// are held until the page is planned (``FolderReads``), never longer: a preview server plans
    /// again and again and must not keep other runs from writing there.
    func plan(_ reporter: JobProgress.Reporter, cancellation: CancellationFlag?) throws(PreviewError) -> PreviewPage {
        try FolderReads.reading { () throws(PreviewError) -> PreviewPage in try planHeld(reporter, cancellation: cancellation) }
    }

    private func planHeld(_ reporter: JobProgress.Reporter, cancellation: CancellationFlag?) throws(PreviewError) -> PreviewPage {
        let source = Discovery.trimmingSlash(self.source)
        var content = PreviewContent()
        var validation: [(folder: String, config: ValidationConfig)] = []
        var validationProblems: [String] = []
        var validator = Validator()
        let root: String
        if FileIO.isDirectory(source) {
            root = source
            content.add(source)
            if validate {
                do { validation = [(source, try ValidationConfig.find(for: [source]))] } catch {
                    validationProblems.append("\(source): not validated: \(error)")
                }
            }
        } else if FileIO.isRegularFile(source) {
            guard OutputName.pathExtension(source) == "json" else { throw .unsupportedSource(source: source) }
            let project: Project
            do { project = try Project.read(file: source) } catch { throw .project(error) }
            root = project.folder
            content.watched.insert(source)
            var validationTargets: [ValidationTarget] = []
            let undone = project.lastBuildProblems
            for target in project.targets {
                if case .validate(let work) = target.job {
                    validationTargets.append(work)
                    // The folders it checks are shown; its report is not a sequence.
                    for folder in target.sources { content.add(project.onDisk(folder), label: "\(folder) (target \(target.name))") }
                    continue
                }
                // A render target's source is a scene, not sheet data: the sequences and images it
                // names are shown, with its output.
                let sources = target.kind == .render
                    ? target.sources.flatMap { SceneReferences.paths(scene: $0, in: project, written: []) } : target.sources
                // A SpriteKit sheet is its `.atlasc` folder, whatever name the target gives it.
                for path in sources + target.writtenOutputs {
                    // A sheet over several pages writes `S-0.png`, `S-1.png`… for `S.png`: those are shown.
                    let pages = target.kind == .sheet ? Self.pagedFiles(of: project.onDisk(path)) : []
                    // An output whose last build failed says so (`build first` sent the user to build it
                    // again), there or not; a source no target writes is the user's to make.
                    let output = target.writtenOutputs.contains(path)
                    var missing = output ? undone[target.name] : "no such file or folder (a source of the target)"
                    if !output, let writer = project.targets.first(where: { $0.writtenOutputs.contains(path) }) {
                        missing = undone[writer.name] == nil ? nil : "target \(writer.name), which writes it, failed its last build"
                    }
                    for file in pages.isEmpty ? [project.onDisk(path)] : pages {
                        content.add(file, label: "\(path) (target \(target.name))", missing: missing)
                    }
                    if output, let problem = undone[target.name], !pages.isEmpty || FileIO.fingerprint(of: project.onDisk(path)) != nil {
                        content.problems.append("\(path) (target \(target.name)): \(problem); shown as it is on disk")
                    }
                }
            }
            if validate {
                if let first = validationTargets.first { validator = first.validator }
                validator.threads = nil
                let folders = validationTargets.isEmpty ? content.sequenceFolders : validationTargets.flatMap(\.folders)
                var seen = Set<String>()
                for (index, folder) in folders.enumerated() where seen.insert(FileIO.resolvedPath(folder) ?? folder).inserted {
                    let file = validationTargets.isEmpty ? nil : validationTargets.first { $0.folders.contains(folder) }?.config
                    do { validation.append((folder, try ValidationConfig.find(for: [folder], file: file))) } catch {
                        validationProblems.append("\(folders[index]): not validated: \(error)")
                    }
                }
            }
        } else {
            throw .notFound(source: self.source)
        }
        if cancellation?.isCancelled == true { throw .cancelled }
        var findings: [Finding] = []
        var filesRead = 0
        if !validation.isEmpty {
            // The validator's files read are the plan's reading.
            var forward: (@Sendable (JobProgress) -> Void)? = nil
            if reporter.isListening {
                forward = { (report: JobProgress) in reporter.report(.reading, done: report.done, total: report.total) }
            }
            do {
                let report = try validator.validate(folders: validation, progress: forward, cancellation: cancellation)
                // A folder holding a sprite sheet's pages and nothing else is shown as that sheet:
                // its "no frames but a sheet's pages" is no finding on this page.
                let sheetFolders = Set(report.folderErrors.compactMap { error -> String? in
                    if case .source(.onlySheetPages(let folder, _, _)) = error { Discovery.trimmingSlash(folder) } else { nil }
                })
                findings = report.findings.filter { finding in
                    !(finding.rule == .folderUnreadable && finding.file.map { sheetFolders.contains(Discovery.trimmingSlash($0)) } == true)
                }
                filesRead = report.fileCount
            } catch .cancelled {
                throw .cancelled
            } catch {
                validationProblems.append("not validated: \(error)")
            }
        }
        // Findings alone (an empty folder's "nothing to check") make no page: it is for playing things.
        if content.sequences.isEmpty, content.animatedFiles.isEmpty, content.sheets.isEmpty, content.problems.isEmpty {
            throw .nothingToShow(source: self.source)
        }
        reporter.report(.reading, done: filesRead, total: filesRead)
        return PreviewPage(source: self.source, root: root, content: content, findings: findings, validationProblems: validationProblems)
    }

    /// Writes `page` to ``output`` (its URLs relative to the output's folder) through the output
    /// contract: refused before anything is written when ``output`` is not named `.html` or `.htm`,
    /// is a file the page shows, the project file, a folder, or a file Flipbook did not write
    /// (unless ``overwrite``).
    public func write(_ page: PreviewPage) throws(PreviewError) {
        try checkOutputName()
        // The files shown and read; the folders watched are no files a page could replace (an
        // output that is a folder is refused as one), and resolving each folder of a deep chain
        // again made a 1 000-level tree take minutes (round 65b #13).
        var inputs = InputFiles(page.files + page.watched.filter { !FileIO.isDirectory($0) })
        inputs.insert(source)
        do throws(OutputSet.Error) {
            try OutputSet.check(file: output, protecting: inputs, overwrite: overwrite)
            let folder = FileIO.parentDirectory(of: output)
            do { try FileIO.createDirectory(folder) } catch { throw .write(error) }
            let html = page.html(pageFolder: folder)
            try OutputSet.write(Array(html.utf8), toFile: output, protecting: inputs, overwrite: overwrite)
        } catch {
            switch error {
            case .refused(let error): throw .output(error)
            case .write(let error): throw .write(path: output, reason: error.reason)
            }
        }
    }

    /// The page is HTML: an ``output`` named otherwise (`gold_5.png`, which a folder's readers
    /// would take for a frame) is refused before anything is read.
    func checkOutputName() throws(PreviewError) {
        guard !["html", "htm"].contains(OutputName.pathExtension(output)) else { return }
        throw .output(.unsupportedName(path: output, reason: "a preview is an HTML page: name it .html (or .htm)"))
    }

    /// ``plan(progress:cancellation:)`` then ``write(_:)``: the page written, and what it shows.
    /// `progress` receives the plan's reports (phase `reading`, most of the call), then the page
    /// written (phase `writing`, one step), the last at a fraction of 1. A raised `cancellation`
    /// stops before the page is written.
    @discardableResult
    public func run(progress: (@Sendable (JobProgress) -> Void)? = nil, cancellation: CancellationFlag?) throws(PreviewError) -> PreviewPage {
        let reporter = JobProgress.Reporter(progress, phases: [(.reading, 9), (.writing, 1)])
        try checkOutputName()
        let page = try plan(reporter, cancellation: cancellation)
        if cancellation?.isCancelled == true { throw .cancelled }
        reporter.report(.writing, done: 0, total: 1)
        try write(page)
        reporter.finish(.writing)
        return page
    }

    /// ``plan(progress:cancellation:)`` without blocking the caller's thread: the work runs on a
    /// thread of its own (never on Swift's cooperative pool); cancelling the task throws
    /// ``PreviewError/cancelled``. `progress` receives its reports on that thread and the validator's.
    public func plan(progress: (@Sendable (JobProgress) -> Void)? = nil) async throws(PreviewError) -> PreviewPage {
        let job = self
        return try await BackgroundThread.run(cancelled: PreviewError.cancelled) { flag throws(PreviewError) in
            let page = try job.plan(progress: progress, cancellation: flag)
            if flag.isCancelled { throw .cancelled }
            return page
        }
    }

    /// ``run(progress:cancellation:)`` without blocking the caller's thread; cancelling the task
    /// before the page is written throws ``PreviewError/cancelled`` and writes nothing. `progress`
    /// as for the sync form, from the working threads.
    @discardableResult
    public func run(progress: (@Sendable (JobProgress) -> Void)? = nil) async throws(PreviewError) -> PreviewPage {
        let job = self
        return try await BackgroundThread.run(cancelled: PreviewError.cancelled) { flag throws(PreviewError) in
            try job.run(progress: progress, cancellation: flag)
        }
    }
}

extension PreviewJob {
    /// The files a sheet written over several pages has for `path` (`out/S.png` → `out/S-0.png`,
    /// `out/S-1.png`…, the data `out/S-0.json`…, as they are on disk); empty when `path` itself is
    /// there or no such page is.
    static func pagedFiles(of path: String) -> [String] {
        guard !FileManager.default.fileExists(atPath: path) else { return [] }
        let ext = OutputName.pathExtension(path)
        guard !ext.isEmpty else { return [] }
        let stem = String(path.dropLast(ext.count + 1)), typed = String(path.suffix(ext.count))
        var files: [String] = []
        for index in 0..<4096 {
            let page = "\(stem)-\(index).\(typed)"
            guard FileManager.default.fileExists(atPath: page) else { break }
            files.append(page)
        }
        return files
    }
}
