import APNG
import Basics
import Dispatch
import Foundation
import Raster

/// Runs the validation rules over asset folders.
///
/// Without ``deep`` each PNG's chunk structure and CRCs are checked and its header read, nothing
/// inflated (Raster's `PNG.ChunkWalker`): a file cut short or damaged after it was written is
/// found at a small part of a decode's cost. With it every frame is also decoded — in parallel on
/// all cores, one bitmap per core at a time, keeping only a digest — so broken image data, empty
/// and repeated frames are found too.
///
/// Each file is read once, however often the input names it: folders given twice, spelled two
/// ways or with their parent, and an upload repeating a name (see `validate(files:)`).
public struct Validator: Sendable {
    /// The settings: severities, ignore globs, expected size, required scales, file budget and
    /// whether the `uikit.*` rules run (`.flipbook.json`, ``ValidationConfig``).
    public var config: ValidationConfig
    /// `true` to decode every frame (`flipbook validate --deep`), which also runs the rules whose
    /// ``ValidationRule/needsPixels`` is `true`; `false` (the default) checks each PNG's chunks and CRCs
    /// and reads its header, inflating nothing.
    public var deep: Bool
    /// What the files may ask for, as every job takes it. Its pixel limit (`--max-pixels`) applies
    /// to each PNG once its header is read, deep or not: a larger frame is a `png.too-large` finding
    /// (``PNGTooLargeRule``), never an allocation. A lone GIF, APNG or WebP is read within all of
    /// it (frames, pixels of all frames), as `AssembleJob` reads it.
    public var limits: ResourceLimits
    /// The PNG decoder used for headers and frames: ``limits``'s pixel limit (setting it sets that).
    public var decoder: PNG.Decoder {
        get { PNG.Decoder(maxPixels: limits.maxPixels) }
        set { limits.maxPixels = newValue.maxPixels }
    }
    /// The most threads the files are read on at once (Basics' `ThreadBudget`); `nil` uses every
    /// core. Under 1 is refused before anything is read (``Error/setting(_:)``).
    public var threads: Int?
    /// Validate only this part of the folders (`flipbook validate --shard K/N`): each sequence's
    /// folder, each lone animation and each folder that cannot be validated is one unit, costing the
    /// bytes of its files, and units are split by `Shard.partition` — by cost, never by listing
    /// order or machine — so N runs with `1/N` … `N/N` check every file exactly once. The report
    /// is that part's (``ValidationReport/shard``) and carries what ``MergedReport`` needs to
    /// combine the parts into the report of one run without a shard, byte for byte. `nil` (the
    /// default) validates everything. Files in memory (`validate(files:)`) are never split.
    public var shard: Shard?

    /// The first setting out of range, as a `SettingError`; `nil` when all are usable.
    public var settingError: SettingError? {
        if let threads, threads < 1 { return SettingError(.threads, of: "Validator", value: threads, allowed: .atLeast(1)) }
        return limits.rangeError
    }

    /// A validator with `config` (default: no `.flipbook.json`), checking chunks and headers only unless
    /// `deep`, through `decoder` (default: the standard pixel limit).
    public init(config: ValidationConfig = ValidationConfig(), deep: Bool = false, decoder: PNG.Decoder = PNG.Decoder()) {
        self.init(config: config, deep: deep, limits: ResourceLimits(maxPixels: decoder.maxPixels))
    }

    /// A validator with `config`, checking chunks and headers only unless `deep`, within `limits`
    /// (as `AssembleJob(limits:)` takes them).
    public init(config: ValidationConfig = ValidationConfig(), deep: Bool = false, limits: ResourceLimits) {
        self.config = config
        self.deep = deep
        self.limits = limits
    }

    /// Validates every numbered PNG under `roots` (searched recursively). `progress` receives the
    /// files read as `JobProgress` (phase `reading`, `done`/`total` files, a `fraction` that ends at
    /// 1), the shape every job reports in, from Dispatch's workers: hop to your own actor before
    /// touching state. A raised `cancellation` stops the reading before the next file
    /// (``Error/cancelled``). The same call without `cancellation` is the `async` form, wherever
    /// it is written, which the task's cancellation stops.
    ///
    /// Each root must be a folder holding at least one PNG, GIF, APNG or WebP. Every GIF, APNG or
    /// WebP of the tree (and every `.png` without a frame number that holds an APNG) is read as
    /// `AssembleJob` reads it given alone — beside frames, where it is no frame of their sequence,
    /// and beside other animations alike: one sequence each, with what its decoder read past as
    /// `animation.lenient-read` findings (``AnimationLenientReadRule``), or, when it does not read at
    /// all, an `animation.unreadable` finding (``AnimationUnreadableRule``). A missing root is ``Discovery/Error/notFound(source:)``, a file
    /// ``Discovery/Error/notAFolder(path:)``, one that may not be read
    /// ``Discovery/Error/permissionDenied(path:)`` and one without any image
    /// ``Discovery/Error/noFrames(source:)``, each as ``Error/source(_:)``.
    ///
    /// Roots may overlap: a file reached through two of them (one folder twice, spelled two ways,
    /// through a link, or a folder and its parent) is validated once, under the deepest root that
    /// holds it (with that root's settings, in ``validate(folders:progress:cancellation:)``), else
    /// under the path of the root that reached it first; ignore globs apply relative to that root. Two names in one folder
    /// are two frames even when one is a link to the other.
    public func validate(_ roots: [String], progress: (@Sendable (JobProgress) -> Void)? = nil,
                         cancellation: CancellationFlag?) throws(Validator.Error) -> ValidationReport {
        let report = try validate(folders: roots.map { ($0, config) }, progress: progress, cancellation: cancellation)
        if let error = report.folderErrors.first { throw error }
        return report
    }

    /// Validates folders as `validate(_:progress:cancellation:)` does, each with its own settings:
    /// its severities, ignore globs (relative to that folder), sizes, scales and file budget
    /// (`flipbook validate A B` checks each folder with its own `.flipbook.json`, as
    /// `ValidationConfig.find(for: [folder])` finds it). ``config`` applies only its `uikit`
    /// switch (`--uikit`) on top of each. Each folder's settings are checked first
    /// (``Error/config(_:)``). The report lists the folders' sequences and findings folder by folder.
    /// A folder that is missing, no folder, unreadable or holds nothing to check does not stop the
    /// others: it is in ``ValidationReport/folderErrors`` and a `folder.unreadable` finding.
    public func validate(folders: [(folder: String, config: ValidationConfig)], progress: (@Sendable (JobProgress) -> Void)? = nil,
                         cancellation: CancellationFlag?) throws(Validator.Error) -> ValidationReport {
        // The folders are held until they are read (``FolderReads``): never validated as a mix of two runs.
        try FolderReads.reading { () throws(Validator.Error) -> ValidationReport in
            try validateHeld(folders: folders, progress: progress, cancellation: cancellation)
        }
    }

    private func validateHeld(folders: [(folder: String, config: ValidationConfig)], progress: (@Sendable (JobProgress) -> Void)?,
                              cancellation: CancellationFlag?) throws(Validator.Error) -> ValidationReport {
        if let error = settingError { throw .setting(error) }
        let folders = folders.map { folder in
            var config = folder.config
            if self.config.uikit { config.uikit = true }
            return (folder: folder.folder, config: config)
        }
        do { for folder in folders { try folder.config.check() } } catch { throw .config(error) }
        guard !folders.isEmpty else { throw .source(.noFrames(source: "(no folder given)")) }
        let found = try DistinctFiles.onDisk(folders)
        // Without a shard every slot is kept; with one, the units this part takes.
        let plan = shard.map { ShardPlan(found, shard: $0) }
        let reporter = JobProgress.Reporter(progress, phase: .reading)
        let total = plan?.fileCount ?? found.reduce(0) { $0 + $1.frames.count + $1.animations.count }
        var report = ValidationReport(sequences: [], findings: [], fileCount: 0, deep: deep)
        if let plan { report.shardContext = ShardContext(shard: plan.shard, plan: plan.digest, settings: shardSettings(folders)) }
        var done = 0, slot = 0
        for (root, folder) in zip(found, folders) {
            var one = self
            one.config = folder.config
            if let error = root.error {
                defer { slot += 1 }
                guard plan?.keeps(slot) != false else { continue }
                report.folderErrors.append(error)
                report.folderErrorSlots.append(slot)
                if let severity = folder.config.severity(of: FolderUnreadableRule.self) {
                    report.append(Finding(rule: .folderUnreadable, severity: severity, message: error.description,
                                          file: folder.folder, sequence: folder.folder), slot: slot)
                }
                // A folder whose only content is a link out of it: the link is why nothing was checked.
                if let severity = folder.config.severity(of: FolderLinkOutsideRule.self) {
                    for link in root.leavingLinks {
                        report.append(Finding(rule: .folderLinkOutside, severity: severity,
                                              message: FolderLinkOutsideRule.message(link),
                                              file: link.link, sequence: folder.folder), slot: slot)
                    }
                }
                continue
            }
            let part = try one.validate(root.frames, reading: .disk, reporter: reporter, done: done, total: total,
                                        slots: (slot, plan), cancellation: cancellation)
            done += part.fileCount
            slot += part.slotCount
            report.append(part)
            for path in root.animations {
                defer { slot += 1 }
                guard plan?.keeps(slot) != false else { continue }
                var animation: ValidationReport
                do {
                    animation = try one.validate(animation: path, reporter: reporter, done: done, total: total, cancellation: cancellation) {
                        () throws(Animation.LoadError) in try Animation.load([path], limits: limits, streaming: true, cancellation: cancellation)
                    }
                } catch .cancelled {
                    throw .cancelled
                } catch {
                    // An animation that does not read (cut before its first frame, over a limit) is
                    // a finding on that file, as a corrupt frame is; the other files are still checked.
                    done += 1
                    report.fileCount += 1
                    if let severity = folder.config.severity(of: AnimationUnreadableRule.self) {
                        report.append(Finding(rule: .animationUnreadable, severity: severity, message: error.description,
                                              file: path, sequence: path), slot: slot)
                    }
                    continue
                }
                done += 1
                animation.sequenceSlots = animation.sequences.map { _ in slot }
                animation.findingSlots = animation.findings.map { _ in slot }
                report.append(animation)
            }
            appendWalkFindings(of: root, in: folder, to: &report, slot: &slot, plan: plan)
        }
        reporter.finish(.reading)
        return report
    }

    /// Validates files held in memory, as `validate(_:progress:cancellation:)` validates a folder
    /// holding them: each file's `name` is its path below that folder (`walk1.png`,
    /// `fx/boom3@2x.png`), and a `sequence.json` among them (`fx/sequence.json`) is its folder's
    /// manifest. The files are read as an ``Upload``, as `Animation.load(files:)` and the jobs
    /// read them: files that are no image (`readme.txt`), hidden files, the pages of a sprite
    /// sheet whose data is among them and a GIF, APNG or WebP among PNGs are left out; PNGs without
    /// frame numbers, which an animation plays as listed, are checked by decoding them; a lone GIF,
    /// APNG or WebP is read as assembly reads it (a report of one sequence, with what its decoder
    /// read past as `animation.lenient-read` findings, or ``Error/animation(_:)``).
    /// `.flipbook.json` is not read from the list (pass a ``ValidationConfig``). An upload without
    /// any image is ``Discovery/Error/noFrames(source:)``.
    ///
    /// Names are normalised before anything else (`./a.png`, `a.png` and `fx/../a.png` are all
    /// `a.png`; findings name the normalised form). Two PNGs or manifests of one name with the same
    /// bytes are one file (an upload that repeats a part); with different bytes they are refused as
    /// ``Discovery/Error/repeatedName(first:second:)`` (as ``Error/source(_:)``), naming both as given.
    public func validate(files: [InMemoryFile], progress: (@Sendable (JobProgress) -> Void)? = nil,
                         cancellation: CancellationFlag?) throws(Validator.Error) -> ValidationReport {
        if let error = settingError { throw .setting(error) }
        do { try config.check() } catch { throw .config(error) }
        let files = try DistinctFiles.inMemory(files, config: config)
        // The upload as every reader of it reads it (`Upload`): what validates here assembles.
        let upload: Upload
        do { upload = try Upload(files.filter { !config.isIgnored($0.name) }) } catch { throw .source(error) }
        let reporter = JobProgress.Reporter(progress, phase: .reading)
        let report: ValidationReport
        switch upload.content {
        case .animation(let file, _):
            report = try validate(animation: file.name, reporter: reporter, done: 0, total: 1, cancellation: cancellation) { () throws(Animation.LoadError) in
                try Animation.load(files: [file], limits: limits, streaming: true, cancellation: cancellation)
            }
        case .images(let frames):
            // PNGs without numbers form sequences of their own, so that each is decoded and checked.
            report = try validate(frames, reading: FileReader(files), reporter: reporter, done: 0, total: frames.count, cancellation: cancellation)
        }
        reporter.finish(.reading)
        return report
    }

    /// Validates `files`, the files after the `done` first of `total` (for progress); folder links
    /// that left the folder are reported on the sequence of their folder (else the first).
    ///
    /// With `slots`, sequence `i` is slot `first + i` of the whole run, and only the sequences whose
    /// slot `plan` keeps are read and reported; names (case clashes) and links are still weighed
    /// against every sequence, so each finding is the one a run without a shard makes.
    private func validate(_ files: [FrameFile], reading: FileReader, reporter: JobProgress.Reporter, done before: Int, total: Int,
                          slots: (first: Int, plan: ShardPlan?) = (0, nil),
                          cancellation: CancellationFlag?) throws(Validator.Error) -> ValidationReport {
        let sequences = FrameSequence.group(files)
        let allFiles = sequences.flatMap(\.files)
        let kept = sequences.indices.filter { slots.plan?.keeps(slots.first + $0) != false }
        let keptFiles = kept.count == sequences.count ? allFiles : kept.flatMap { sequences[$0].files }
        var counter: (@Sendable (Int, Int) -> Void)?
        if let count = reporter.counter(.reading) { counter = { done, _ in count(before + done, total) } }
        let facts = gather(keptFiles, reading: reading, progress: counter, cancellation: cancellation)
        if cancellation?.isCancelled == true { throw .cancelled }
        // Paths are distinct (DistinctFiles); should two ever meet, the first one's facts stand.
        let factsByPath = Dictionary(facts.map { (NameSpelling.Exact($0.file.path), $0) }, uniquingKeysWith: { first, _ in first })

        var subjects = Self.subjects(sequences, facts: factsByPath, reading: reading)
        // Names that differ only in case (`name.case-clash`): each pair on the sequence of its later file.
        for (first, second) in NameSpelling.caseClashes(in: allFiles.map(\.path)) {
            guard let index = subjects.firstIndex(where: { $0.sequence.files.contains { $0.path.utf8.elementsEqual(second.utf8) } }) else { continue }
            subjects[index].caseClashes.append(SequenceFacts.CaseClash(first: first, second: second))
        }
        var report = ValidationReport(sequences: [], findings: [], fileCount: keptFiles.count, deep: deep)
        report.slotCount = sequences.count
        for index in kept {
            report.sequences.append(SequenceSummary(subject: subjects[index]))
            report.sequenceSlots.append(slots.first + index)
            for finding in findings([subjects[index]]) { report.append(finding, slot: slots.first + index) }
        }
        return report
    }

    /// Every rule that runs (deep, UIKit, not turned off) over each subject, in report order.
    func findings(_ subjects: [SequenceFacts]) -> [Finding] {
        var findings: [Finding] = []
        for subject in subjects {
            for rule in Rules.all where (deep || !rule.needsPixels) && (config.uikit || !rule.needsUIKit) {
                guard let severity = config.severity(of: rule) else { continue }
                for problem in rule.check(subject, config: config) {
                    findings.append(Finding(rule: rule.id, severity: severity, message: problem.message,
                                            file: problem.file, sequence: subject.sequence.name))
                }
            }
        }
        return findings
    }

    /// Checks chunks and reads headers (and decodes, when deep) of every file, in parallel, in input order.
    func gather(_ files: [FrameFile], reading: FileReader = .disk, progress: (@Sendable (Int, Int) -> Void)?,
                cancellation: CancellationFlag? = nil) -> [FileFacts] {
        let results = ParallelSlots<FileFacts>(count: files.count)
        let decoder = self.decoder, deep = self.deep
        ThreadBudget.withLimit(threads) {
            ParallelLoop.perform(files.count) { index in
                // Once cancelled, the files not yet read are recorded unread (the report is dropped).
                guard cancellation?.isCancelled != true else {
                    results.store(FileFacts(file: files[index], byteCount: 0), at: index)
                    return
                }
                let done = results.store(Self.facts(for: files[index], decoder: decoder, deep: deep, reading: reading), at: index)
                progress?(done, files.count)
            }
        }
        // Every index was stored above; a slot left empty would be a file unread.
        return results.values.enumerated().map { index, facts in facts ?? FileFacts(file: files[index], byteCount: 0) }
    }

    static func facts(for file: FrameFile, decoder: PNG.Decoder, deep: Bool, reading: FileReader = .disk) -> FileFacts {
        var facts = FileFacts(file: file, byteCount: 0)
        do {
            let bytes: [UInt8]
            do { bytes = try reading.contents(file.path) } catch { throw PNG.DecodeError.unreadable(file: file.path, reason: error.reason) }
            facts.byteCount = bytes.count
            // Every chunk's length and CRC, then the header: a file cut short or damaged is found
            // without inflating anything.
            let chunks = try PNG.ChunkWalker.walk(bytes, file: file.path)
            if let end = chunks.last { facts.trailingByteCount = bytes.count - (end.offset + 12 + end.length) }
            let header = try decoder.readHeader(bytes, file: file.path)
            let (pixelCount, overflow) = header.width.multipliedReportingOverflow(by: header.height)
            guard !overflow, pixelCount <= decoder.maxPixels else {
                throw PNG.DecodeError.tooLarge(file: file.path, width: header.width, height: header.height, maxPixels: decoder.maxPixels)
            }
            // An APNG is no still frame, whatever libpng would make of it.
            if APNG.Decoder.isAnimated(bytes) {
                facts.header = header
                throw PNG.DecodeError.animated(file: file.path)
            }
            if deep {
                // Every check a strict reader makes: Pillow and ffmpeg refuse a wrong Adler-32.
                var strict = decoder
                strict.verifiesAdler32 = true
                let image = try strict.decode(bytes, file: file.path)
                facts.header = image.header
                facts.pixels = PixelFacts(bitmap: image.bitmap(scale: file.scale))
            } else {
                facts.header = header
            }
        } catch let error as PNG.DecodeError {
            facts.error = error
            if facts.byteCount == 0, case .disk = reading { facts.byteCount = (try? FileIO.readPrefix(file.path, limit: 0).fileSize) ?? 0 }
        } catch {
            facts.error = .unreadable(file: file.path, reason: (error as? FileIO.Error)?.reason ?? "\(error)")
        }
        return facts
    }

    /// Pairs each sequence with its files' facts, its folder's manifest and its highlighted frames.
    static func subjects(_ sequences: [FrameSequence], facts: [NameSpelling.Exact: FileFacts], reading: FileReader = .disk) -> [SequenceFacts] {
        let byDirectory = Dictionary(grouping: sequences, by: { NameSpelling.Exact($0.directory) })
        var subjects: [SequenceFacts] = []
        for sequence in sequences {
            var subject = SequenceFacts(sequence: sequence, files: sequence.files.compactMap { facts[NameSpelling.Exact($0.path)] })
            subject.reading = reading
            let manifestPath = sequence.directory == "." ? SequenceManifest.fileName : "\(sequence.directory)/\(SequenceManifest.fileName)"
            let siblings = byDirectory[NameSpelling.Exact(sequence.directory)] ?? []
            do throws(SequenceManifest.Error) {
                if let manifest = try SequenceManifest.read(at: manifestPath, from: reading) {
                    // A name no sequence of the folder has times nothing: refused once, on the folder's first sequence.
                    if siblings.first?.prefix == sequence.prefix,
                       let error = manifest.unmatchedName(prefixes: siblings.map(\.prefix), file: manifestPath) {
                        throw SequenceManifest.Error.schema(error)
                    }
                    let highlightedPrefix = manifest.highlighted
                    // The manifest describes the sequence it names, or every sequence but the highlighted one.
                    if manifest.describes(sequence.prefix) {
                        subject.manifest = manifest
                        subject.manifestPath = manifestPath
                        if let highlighted = siblings.first(where: { $0.prefix == highlightedPrefix }) {
                            subject.highlighted = SequenceFacts.Highlighted(
                                sequence: highlighted, files: highlighted.files.compactMap { facts[NameSpelling.Exact($0.path)] })
                        }
                    } else if siblings.count == 1 {
                        // `"highlighted"` naming the folder's only sequence: judged all the same, so
                        // that `manifest.invalid` says it leaves nothing to play (assemble refuses it).
                        subject.manifest = manifest
                        subject.manifestPath = manifestPath
                    }
                }
            } catch {
                // Report a broken manifest once per folder, on its first sequence.
                if siblings.first?.prefix == sequence.prefix {
                    subject.manifestError = error
                    subject.manifestPath = manifestPath
                }
            }
            subjects.append(subject)
        }
        return subjects
    }
}
