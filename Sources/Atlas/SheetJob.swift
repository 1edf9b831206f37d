import Animated
import Basics
import Foundation
import Raster

/// Frame sequences on disk packed into sheet files, as `flipbook sheet` does it: discovery,
/// decoding on every core (each scale's variant, or the largest one resampled), packing, each
/// folder's `sequence.json` applied to its animation, the engine's checks, and the files written
/// as one set.
///
/// ``plan(progress:cancellation:)`` does everything but write, so a caller can look at the files
/// first; ``write(_:progress:cancellation:)`` writes them; the `async` ``run(progress:)`` does both off the caller's
/// thread and stops when its task is cancelled, and the `async` `plan(progress:)` and `write(_:progress:)`
/// pack once off the caller's thread and write the packing for several engines
/// (``forEngine(_:output:data:)``, ``plan(reusing:)``). Every error is a ``SheetJobError``.
public struct SheetJob: Sendable {
    /// Folders, prefix paths or PNG files; each sequence found becomes an animation.
    public var sources: [String]
    /// The sheet image (or a `NAME.atlasc` folder for SpriteKit).
    public var output: String
    /// The data file; `nil` puts it beside the image (see ``SheetExport/files(for:format:output:data:)``).
    public var data: String?
    /// The engine the sheet is for, if one was named: its page-count check, warnings and loading call.
    /// Setting it sets ``format`` to the new engine's when that was the previous engine's (or the
    /// default JSON hash): `job.engine = .godot4` on a Phaser job writes Godot's data.
    public var engine: SheetEngine? {
        didSet { if let engine, format == oldValue?.format ?? .jsonHash { format = engine.format } }
    }
    /// The data format written: ``SheetEngine/format`` when an engine is named (another format
    /// with an engine is refused, ``SheetExport/Error/notTheEnginesFormat(_:engine:)``), else JSON
    /// hash unless given.
    public var format: SheetExport.Format
    /// How sprites are packed.
    public var builder: SheetBuilder
    /// The scales to pack with one layout (`[1, 2]` writes `sheet.png` and `sheet@2x.png`), 1…3 (Basics' `ImageFileName.scaleRange`),
    /// each once, smallest first; `nil` packs each frame's single file at its own scale.
    public var scales: [Int]?
    /// Frames per second, for every frame's duration in the data; `nil` (the default) takes each
    /// sequence's timing from its folder's `sequence.json` (`fps`, `duration` or `frameDurations`),
    /// else 30 fps, as UIKit does.
    public var fps: Double?
    /// zlib level of the pages, 0…9.
    public var pngLevel: Int
    /// Whether pages are written as 8-bit palette PNGs (Raster's `PaletteQuantizer`).
    public var png8: Bool
    /// Limits on what the frames may ask for (every frame is held until the pages are drawn); the
    /// sprites, counted before any is decoded, against `maxFrames` (packing grows faster than their count).
    public var limits: ResourceLimits
    /// The most threads the frames are decoded and the pages compressed on at once (Basics'
    /// `ThreadBudget`); `nil` uses every core. The files are the same whatever the limit.
    public var threads: Int?
    /// Whether the sheet's files (its pages and its data) may replace files Flipbook did not write
    /// (never an input, never a file of another Flipbook set); `false` refuses them (Basics' `OutputError`).
    public var overwrite: Bool
    /// Two files for one frame number at one scale (`fire2.png` and `fire02.png`): refused,
    /// naming both (`FrameSequence.DuplicateNumberPolicy.error`, the default), or the first or
    /// the last in name order packed on purpose.
    public var onDuplicateNumber: FrameSequence.DuplicateNumberPolicy = .error
    /// Where the sources are read from: the file system, or the files given to
    /// ``init(files:output:engine:format:builder:scales:fps:limits:)``.
    private(set) var reader: FileReader
    /// The files given to ``init(files:output:engine:format:builder:scales:fps:limits:)``, as
    /// given (read as an `Upload`, which refuses one name with two contents).
    private(set) var uploaded: [InMemoryFile] = []

    /// A job with the options of `flipbook sheet`.
    public init(sources: [String], output: String, data: String? = nil, engine: SheetEngine? = nil,
                format: SheetExport.Format? = nil, builder: SheetBuilder = SheetBuilder(), scales: [Int]? = nil,
                fps: Double? = nil, pngLevel: Int = 5, png8: Bool = false, limits: ResourceLimits = .default,
                overwrite: Bool = false) {
        self.sources = sources
        self.output = output
        self.data = data
        self.engine = engine
        self.format = format ?? engine?.format ?? .jsonHash
        self.builder = builder
        self.scales = scales
        self.fps = fps
        self.pngLevel = pngLevel
        self.png8 = png8
        self.limits = limits
        self.overwrite = overwrite
        self.reader = .disk
    }

    /// A job packing files held in memory (an upload): PNG frames named as on disk
    /// (`walk/walk3@2x.png`, `coin.png`) with their folders' `sequence.json`, read by the rules of
    /// files on disk. ``plan(progress:cancellation:)`` reads nothing else; ``encoded(_:progress:cancellation:)`` gives
    /// the sheet's files as bytes, ``write(_:progress:cancellation:)`` writes them at `output`.
    public init(files: [InMemoryFile], output: String, engine: SheetEngine? = nil, format: SheetExport.Format? = nil,
                builder: SheetBuilder = SheetBuilder(), scales: [Int]? = nil, fps: Double? = nil, limits: ResourceLimits = .default) {
        self.init(sources: files.map(\.name), output: output, engine: engine, format: format, builder: builder, scales: scales,
                  fps: fps, limits: limits)
        self.reader = FileReader(files)
        self.uploaded = files
    }

    /// A job with `flipbook sheet`'s options, its files named by file URLs.
    public init(urls: [URL], output: URL, data: URL? = nil, engine: SheetEngine? = nil, format: SheetExport.Format? = nil,
                builder: SheetBuilder = SheetBuilder(), scales: [Int]? = nil, fps: Double? = nil, limits: ResourceLimits = .default,
                overwrite: Bool = false) {
        self.init(sources: urls.map(\.filePathForFlipbook), output: output.filePathForFlipbook, data: data?.filePathForFlipbook,
                  engine: engine, format: format, builder: builder, scales: scales, fps: fps, limits: limits, overwrite: overwrite)
    }

    /// What ``plan(progress:cancellation:)`` made: the sheets and the files to write.
    public struct Plan: Sendable {
        /// One sheet per scale, smallest first, sharing a layout.
        public var sheets: [SpriteSheet]
        /// The pages and data files, with their paths.
        public var files: [SheetExport.File]
        /// The frame files read and their folders' `sequence.json` paths (no output may be one of them).
        public var inputs: [String]
        /// What the engine will not show as packed (rotated sprites on a renderer that tints them,
        /// animations split across pages).
        public var warnings: [String]
        /// What the user should know: missing variants resampled.
        public var notes: [String]
        /// The engine's loading call for these files, when an engine was named.
        public var howToLoad: String?
    }

    /// The same job for `engine`, writing its format to `output` (and `data`, or beside it): for
    /// ``plan(reusing:)``, one packing exported to several engines. Give each engine its own
    /// `output`: a sheet's files are one set owned by that name, so writing another engine's sheet
    /// under the same name replaces the earlier set as a whole (its data file included).
    public func forEngine(_ engine: SheetEngine, output: String, data: String? = nil) -> SheetJob {
        var job = self
        (job.engine, job.format, job.output, job.data) = (engine, engine.format, output, data)
        return job
    }

    /// Refuses, before anything is read, what the engine or the data format cannot hold, as
    /// `flipbook sheet` refuses it: a format that is not the engine's, rotation for an engine that
    /// draws rotated sprites unturned (Phaser, Godot) or a format that cannot store it, premultiplied
    /// pages for an engine or format that cannot be told so. ``plan(progress:cancellation:)`` calls it first.
    public func check() throws(SheetJobError) {
        do { try checkSettings() } catch { throw SheetJobError.from(error, output: output) }
    }

    /// The files of an earlier plan's packing, written in this job's format for this job's engine,
    /// without reading or packing again: the sheets, their pages and animations are `packed`'s; the
    /// engine's checks (``check()``, its page count and warnings) are this job's. A packing whose
    /// rotated sprites are turned the other way from this format's (libGDX's against the others')
    /// is refused (``SheetExport/Error/rotatedTheOtherWay(_:)``).
    public func plan(reusing packed: Plan) throws(SheetJobError) -> Plan {
        do { return try replan(packed) } catch { throw SheetJobError.from(error, output: output) }
    }

    private func replan(_ packed: Plan) throws -> Plan {
        try checkSettings()
        var warnings = engine?.warnings(allowRotation: packed.sheets.contains { $0.sprites.contains(where: \.rotated) }) ?? []
        if let engine {
            try engine.check(pages: packed.sheets[0].pages.count)
            warnings += engine.warnings(for: packed.sheets[0])
        }
        let (output, data) = scaledNames(packed.sheets)
        let files = try SheetExport.files(for: packed.sheets, format: format, output: output, data: data)
        try Self.checkPlacement(of: files, inputs: packed.inputs)
        return Plan(sheets: packed.sheets, files: files, inputs: packed.inputs, warnings: warnings, notes: withPaletteNote(packed.notes, packed.sheets),
                    howToLoad: howToLoad(files, pages: packed.sheets[0].pages.count))
    }

    /// Checks the settings (``check()``), then reads, packs and lays out the files without writing
    /// anything. `progress` receives the frames decoded as `JobProgress` of phase `reading`, from
    /// the decoding threads; a raised `cancellation` stops the decoding before its next frame
    /// (``SheetJobError/cancelled``).
    public func plan(progress: (@Sendable (JobProgress) -> Void)? = nil, cancellation: CancellationFlag?) throws(SheetJobError) -> Plan {
        try plan(counting: JobProgress.Reporter(progress, phase: .reading).counter(.reading), cancellation: cancellation)
    }

    /// ``plan(progress:cancellation:)`` with the frames decoded counted as (done, in all).
    func plan(counting progress: (@Sendable (Int, Int) -> Void)?, cancellation: CancellationFlag?) throws(SheetJobError) -> Plan {
        do {
            return try ThreadBudget.withLimit(threads) { try makePlan(progress: progress, cancellation: cancellation) }
        } catch {
            throw SheetJobError.from(error, output: output)
        }
    }

    private func makePlan(progress: (@Sendable (Int, Int) -> Void)?, cancellation: CancellationFlag?) throws -> Plan {
        try checkSettings()
        var warnings = engine?.warnings(allowRotation: builder.allowRotation) ?? [], notes: [String] = []
        // A setting left unused is said (round 65b #9: `--trim-margin 5` without `--trim` was taken without a word).
        if builder.trimMargin > 0 && !builder.trim {
            warnings.append("SheetBuilder.trimMargin \(builder.trimMargin) is unused: it keeps pixels around trimmed content, and SheetBuilder.trim is off")
        }
        var (sequences, singles) = if case .memory = reader { try Self.images(uploaded, notes: &notes) } else { try Discovery.images(from: sources) }
        if case .disk = reader, let note = Discovery.leftOutNote(in: sources) { notes.append(note) }   // a GIF beside the frames, as in an upload
        singles = Self.withoutAnimations(singles, besides: sequences, reader: reader, notes: &notes)   // `preview.png`, an APNG
        // This sheet's own earlier pages (written into a source folder) are not frames to pack.
        let folders = Set((sequences + singles).map(\.directory))
        let earlier = if case .disk = reader { Set(folders.flatMap { OutputSet.files(writtenBy: output, in: $0) }) } else { Set<String>() }
        if !earlier.isEmpty {
            sequences = FrameSequence.group(sequences.flatMap(\.files).filter { !earlier.contains($0.path) })
            singles = FrameSequence.group(singles.flatMap(\.files).filter { !earlier.contains($0.path) })
        }
        // Two files for one frame (`fire2.png`, `fire02.png`): refused, or one kept as asked.
        sequences = try sequences.map { try $0.resolvingDuplicateNumbers(onDuplicateNumber) }
        // Packed without them, said; a frame named `gold_4.png.png` is packed, as a sprite of no animation, and said so.
        let packedSingles = Set(singles.flatMap(\.files).map(\.path))
        warnings += sequences.flatMap {
            [$0.gapWarning, $0.misnamedWarning(packed: packedSingles, reading: reader),
             $0.mixedNormalizationMessage.map { $0 + " (name.mixed-normalization)" }].compactMap { $0 }
        }
        warnings += sequences.flatMap { sequence in
            sequence.misnamedFrames(reading: reader).filter { packedSingles.contains($0.path) }.map { file in
                "\(file.path) is packed as a sprite of its own, outside the animation \(sequence.name): its name holds a frame's "
                    + "and one extension too many (\(file.advice))"
            }
        }
        if scales == nil, let note = Self.scalesNote(sequences + singles) { notes.append(note) }   // `coin1@2x.png` beside `coin1.png`
        if let note = Self.devicesNote(sequences + singles) { notes.append(note) }   // `coin2~ipad.png` beside `coin2.png`
        // `coin1@9x.png` is no scale UIKit loads: refused where it would be packed (beside a `coin1.png`
        // it is left out, as the note says).
        try Discovery.checkScales((sequences + singles).flatMap(\.frames).flatMap { frame in (scales ?? [1]).compactMap { frame.file(scale: $0) } })
        // (frame, file, sprite name, animation name) in play order; single images (named sprites,
        // `eggHead.png`) are sprites of no animation, after the sequences.
        var jobs: [(frame: FrameSequence.Frame, file: String, name: String, sequence: String?, duration: Int)] = []
        let manifests = try Self.manifests(of: sequences, reader: reader)
        // Durations under a millisecond (seconds written as milliseconds, most often), as assemble says them.
        warnings += Set(sequences.compactMap { sequence in
            manifests[sequence.name]?.shortDurationsWarning(file: Self.manifestPath(in: sequence.directory))
        }).sorted()
        // Each sequence's animation name (`walk_` → `walk`); frames named by number alone (`1.png`
        // … `101.png`, as ffmpeg writes them) are one animation named after their folder. Two
        // folders with one prefix (`frame-` in both) are told apart by their folder's name, never
        // merged into one animation.
        var animationNames: [String: String] = [:]
        let base = Dictionary(sequences.map { sequence in
            (sequence.name, sequence.prefix.isEmpty ? Self.folderName(sequence.directory, reader: reader) : Self.animationName(sequence.prefix))
        }, uniquingKeysWith: { first, _ in first })
        let plain = Dictionary(grouping: sequences) { base[$0.name] ?? "" }
        for (name, group) in plain {
            let shared = group.filter { !$0.prefix.isEmpty }
            guard group.count > 1, !shared.isEmpty else {
                for sequence in group { animationNames[sequence.name] = name }
                continue
            }
            // As many of the folders' names as tell them apart (`a/fx`, `b/fx`: `a-fx-walk`, `b-fx-walk`).
            let deepest = shared.map { Self.folderNames($0.directory, reader: reader).count }.max() ?? 1
            var depth = 1
            while depth < deepest, Set(shared.map { Self.folderLabel($0.directory, depth: depth, reader: reader) }).count < shared.count {
                depth += 1
            }
            for sequence in group {
                animationNames[sequence.name] = sequence.prefix.isEmpty ? name
                    : "\(Self.folderLabel(sequence.directory, depth: depth, reader: reader))-\(name)"
            }
        }
        for sequence in sequences + singles {
            let durations = Self.durations(of: sequence, fps: fps, manifest: manifests[sequence.name])
            for (index, frame) in sequence.frames.enumerated() {
                guard let file = frame.file(scale: scales?.first ?? 1) else { continue }
                let name = ImageFileName(path: file.path).stem
                // A single image (`eggHead.png`) belongs to no animation.
                let animation: String? = frame.number == 0 && file.numberText.isEmpty ? nil
                    : (animationNames[sequence.name].flatMap { $0.isEmpty ? nil : $0 } ?? name)
                jobs.append((frame, file.path, name, animation, durations[index]))
            }
        }
        // Packing grows faster than the sprites (each placement looks at every free rectangle of
        // its page: 30 000 small ones took 80 s): they are bounded as an animation's frames are.
        try limits.check(.frames, jobs.count, of: "the sprites of \(sources.isEmpty ? Discovery.filesGiven : sources.joined(separator: " "))")
        // Frames of two folders with one name (`walk/1.png`, `run/1.png`: ffmpeg's folders) are
        // told apart by their folder's name (`walk-1`, `run-1`), as their animations are, and said
        // so: every frame of a sequence with such a name, so that one animation's names stay alike.
        let sequenceOfFile = Dictionary((sequences + singles).flatMap { sequence in sequence.files.map { ($0.path, sequence) } },
                                        uniquingKeysWith: { first, _ in first })
        let clashing = Dictionary(grouping: jobs.indices) { jobs[$0].name }.filter { _, indices in
            Set(indices.compactMap { sequenceOfFile[jobs[$0].file]?.directory }).count > 1
        }
        let renamedSequences = Set(clashing.values.joined().compactMap { sequenceOfFile[jobs[$0].file]?.name })
        // Named after the folder, or after as many of the folders it is in as tell the names apart
        // (`a/fx/1.png`, `b/fx/1.png`: `a-fx-1`, `b-fx-1`).
        let plainNames = jobs.map(\.name)
        let deepest = renamedSequences.isEmpty ? 1 : (sequences + singles).filter { renamedSequences.contains($0.name) }
            .map { Self.folderNames($0.directory, reader: reader).count }.max() ?? 1
        var depth = 1
        while true {
            for index in jobs.indices {
                guard let sequence = sequenceOfFile[jobs[index].file], renamedSequences.contains(sequence.name) else { continue }
                jobs[index].name = "\(Self.folderLabel(sequence.directory, depth: depth, reader: reader))-\(plainNames[index])"
            }
            if depth >= deepest || Set(jobs.map(\.name)).count == jobs.count { break }
            depth += 1
        }
        if let example = clashing.keys.sorted(by: NaturalOrder.areInIncreasingOrder).first, let indices = clashing[example] {
            let renamed = indices.map { jobs[$0].name }
            let names = clashing.count == 1 ? "the sprite name \(example) is" : "\(clashing.count) sprite names (\(example)…) are"
            let after = { (whose: String) in depth == 1 ? "\(whose) folder" : "the last \(depth) folders of \(whose) path" }
            // Every sprite of those sequences is renamed, not only the clashing ones (round 43 #8).
            let all = jobs.filter { job in sequenceOfFile[job.file].map { renamedSequences.contains($0.name) } ?? false }.count
            let which = all == renamed.count ? "each such sprite is named after \(after("its"))"
                : "all \(all) sprites of their sequences are named after \(after("their")), so that one animation's names stay alike"
            notes.append("\(names) used by frames of several folders: \(which) (\(renamed.prefix(2).joined(separator: ", ")))")
        }
        // Names still shared (a file named like a folder's renamed frame) are refused now, naming
        // both files, before any frame is decoded.
        var fileOfName: [String: String] = [:]
        for job in jobs {
            if let other = fileOfName.updateValue(job.file, forKey: job.name) {
                throw SheetBuilder.Error.sameName(name: job.name, first: other, second: job.file)
            }
        }
        // Sprites of files in two folders whose names differ only in case: engines tell them apart,
        // but frames unpacked from the sheet would be one file on macOS and Windows.
        if let (first, second) = NameSpelling.caseClashes(in: jobs.map(\.name)).first {
            warnings.append("the sprites \(first) and \(second) differ only in case: engines tell them apart, but as files "
                            + "(flipbook frames) they are one on macOS and Windows")
        }
        // A contact sheet's labels are set in a 6×13 pixel font of printable ASCII: said rather than a silent `caf?_1`.
        let unlabelled = builder.labels ? jobs.map(\.name).filter { !SheetBuilder.labelFont.hasGlyphs(for: $0) } : []
        if !unlabelled.isEmpty {
            let named = unlabelled.count <= 2 ? unlabelled.joined(separator: ", ") : "\(unlabelled.prefix(2).joined(separator: ", ")) and \(unlabelled.count - 2) more"
            warnings.append("the labels of \(named) have characters the label font lacks (it has printable ASCII only): each is drawn as ?")
        }
        // Scales that are not multiples of the smallest (2,3: iOS's pair) share a layout in whole
        // points: a hidden sheet at their common divisor is the base, then dropped.
        var packed = scales
        if let scales, let first = scales.first {
            let base = scales.reduce(first) { SheetBuilder.gcd($0, $1) }
            if base < first { packed = [base] + scales }
        }
        let hidden = packed?.count != scales?.count
        // Every frame is held until the pages are drawn: their decoded size counts against the
        // memory limit, read from the headers before anything is decoded.
        var held = 0
        for job in jobs {
            let header = try Self.header(job.file, reader: reader, maxPixels: limits.maxPixels)
            try limits.checkPixels(width: header.width, height: header.height, of: job.file)
            held += header.width * header.height * 4 * max(1, packed?.count ?? 1)
        }
        // The whole sum, so that the message gives what raising the limit must cover.
        try limits.check(.decodedBytes, held, of: "the \(jobs.count) frames")
        let decoded = try Self.decode(jobs.map(\.frame), files: jobs.map(\.file), scales: packed, counting: hidden ? 1 : 0,
                                      reader: reader, maxPixels: limits.maxPixels, progress: progress, cancellation: cancellation)
        if cancellation?.isCancelled == true { throw SheetJobError.cancelled }
        if let packed { try Self.checkVariantSizes(jobs.map(\.frame), names: jobs.map(\.name), images: decoded.map(\.images), scales: packed) }
        var builder = self.builder
        builder.maxPagePixels = limits.maxPixels
        // Rotated sprites are turned the way the format stores them (libGDX: counter-clockwise).
        builder.rotation = format.rotation
        // --max-size bounds the largest scale's pages: the layout is made at the smallest.
        if let packed, let first = packed.first, let last = packed.last, last > first { builder.bound(smallestScale: first, largestScale: last) }
        let inputs = zip(jobs, decoded).map { job, bitmaps in
            SheetBuilder.Input(name: job.name, bitmaps: bitmaps.images, sequence: job.sequence, duration: Double(job.duration) / 1000)
        }
        // 16-bit PNG frames are packed with 8 bits a sample: said, as assemble says it.
        if let note = FrameSource.depthNote(jobs.map { .file($0.file) }) { notes.append(note) }
        let resampled = decoded.reduce(0) { $0 + $1.resampled }
        if resampled > 0 {
            notes.append(resampled == 1 ? "1 frame variant was missing and was resampled from the largest one there is"
                         : "\(resampled) frame variants were missing and were resampled from the largest one there is")
        }
        var sheets: [SpriteSheet]
        do {
            sheets = try builder.buildScaled(inputs)
        } catch {
            throw error.forScales(packed, maxSide: builder.maxSide, requested: self.builder.maxSide, powerOfTwo: builder.powerOfTwo)
        }
        if hidden { sheets.removeFirst() }
        // `sh@2x.png` of @1x frames: engines that read the name's scale (Pixi's resolution) would
        // show the sprites at half size; said as `assemble` says it of an animation.
        // A name without @Nx loses nothing where the data states the scale (`meta.scale`).
        let named = scaledNames(sheets)
        if sheets.count == 1, let warning = SheetExport.scaleNameWarning(output: named.output, scale: sheets[0].scale, format: format) { warnings.append(warning) }
        // Pages past 4096 px (a raised --max-size) do not load on many phones nor in WebGL 1.
        if let large = sheets.flatMap(\.pages).first(where: { max($0.width, $0.height) > Self.portablePageSide }) {
            warnings.append("a page is \(large.width)×\(large.height): many phones and WebGL 1 cannot load textures over \(Self.portablePageSide) px; "
                            + "SheetBuilder.maxSide = \(Self.portablePageSide) spreads the sprites over more pages")
        }
        // A folder's sequence.json gives its animation's direction and repeat count.
        for sequence in sequences {
            guard let manifest = manifests[sequence.name] else { continue }
            for k in sheets.indices {
                guard let index = sheets[k].animations.firstIndex(where: { $0.name == animationNames[sequence.name] }) else { continue }
                sheets[k].animations[index].direction = manifest.direction ?? .forward
                sheets[k].animations[index].repeatCount = manifest.repeatCount ?? 0
            }
        }
        if let engine {
            try engine.check(pages: sheets[0].pages.count)
            warnings += engine.warnings(for: sheets[0])
        }
        let files = try SheetExport.files(for: sheets, format: format, output: named.output, data: named.data)
        // The frames, and each folder's sequence.json (read above): no output may replace one.
        let manifestPaths = Set((sequences + singles).map { $0.directory + "/" + SequenceManifest.fileName }).sorted()
        // (Files in memory are no files on disk to protect.)
        let readFiles = if case .disk = reader { (sequences + singles).flatMap { $0.files.map(\.path) } + manifestPaths } else { [String]() }
        try Self.checkPlacement(of: files, inputs: readFiles)
        return Plan(sheets: sheets, files: files, inputs: readFiles,
                    warnings: warnings, notes: withPaletteNote(notes, sheets),
                    howToLoad: howToLoad(files, pages: sheets[0].pages.count))
    }

    /// The largest texture side every phone and WebGL 1 loads.
    public static let portablePageSide = 4096
}
