import APNG
import Basics
import Foundation
import GIF
import Raster
import WebP

extension Animation {
    /// Why a SOURCE could not become one animation.
    public enum LoadError: Swift.Error, Sendable, Equatable, CustomStringConvertible {
        /// The source names no frames, or a folder could not be listed.
        case discovery(Discovery.Error)
        /// The folder's `sequence.json` could not be read or holds a value out of range.
        case manifest(SequenceManifest.Error)
        /// The source holds several sequences and nothing says which one is meant.
        case ambiguous(source: String, sequences: [String])
        /// A GIF, APNG or WebP source could not be read through its decoder (or asked for more than
        /// the limits allow: see ``limitError``): Raster's `AnimationDecodeError`, naming the file and format.
        case decode(AnimationDecodeError)
        /// A GIF, APNG or WebP named among other sources: such a file is an animation of its own, read alone.
        case gifAmongOtherSources(gif: String)
        /// The source asked for more than the Basics' `ResourceLimits` allow (a GIF's decoded frames held).
        case limit(LimitError)
        /// The caller's `CancellationFlag` was raised while an animated file's frames were decoded.
        case cancelled
        /// An argument out of range: a `scale` outside Basics' `ImageFileName.scaleRange` (one of
        /// `Int.max`, 0 or -1 used to load the `@1x` files without a word).
        case setting(SettingError)

        /// The underlying error's message; for several sequences, their names and how to pick one.
        public var description: String {
            switch self {
            case .discovery(let error): error.description
            case .manifest(let error): error.description
            case .ambiguous(let source, let sequences) where source == Discovery.filesGiven:
                "the files given hold \(sequences.count) sequences (\(sequences.joined(separator: ", "))); "
                    + "give the files of one, or a sequence.json beside them whose \"name\" is the one to play"
            case .ambiguous(let source, let sequences):
                "\(sequences.count) sequences in \(source) (\(sequences.joined(separator: ", "))); "
                    + "name one by its prefix path, e.g. \(sequences[0])"
            case .decode(let error): error.description
            case .gifAmongOtherSources(let gif): Discovery.Error.animationAmongFrames(path: gif).description
            case .limit(let error): error.description
            case .cancelled: "cancelled while the frames were read"
            case .setting(let error): error.description
            }
        }

        /// The resource limit this error reports, if it is one (for a caller that raises it and retries).
        public var limitError: LimitError? {
            switch self {
            case .limit(let error): error
            case .decode(let error): error.limit
            default: nil
            }
        }
    }

    /// The animation a SOURCE (folder, prefix path, or files) stands for.
    ///
    /// The folder's `sequence.json`, when present, gives the timing, the scale and the highlighted
    /// frames, and names the sequence to use when the folder holds several. A manifest that does not
    /// fit the frames — `frameDurations` not one per frame, `highlighted` naming a prefix with no
    /// frames — is refused with ``SequenceManifest/Error/schema(_:)``. Each frame is the file
    /// ``FrameSequence/Frame/file(scale:device:)`` picks for `scale` (default: the manifest's, else 1);
    /// the animation's ``Animation/scale`` is those files' scale when they share one (only `@2x`
    /// files: 2), else the scale asked for. Nothing is decoded. More PNG frames than
    /// `limits.maxFrames` are refused (``LoadError/limit(_:)``), as an animated file's are.
    ///
    /// A list of some of a folder's frames takes each one's own duration from the manifest's
    /// `frameDurations` (one per frame of the folder's sequence).
    ///
    /// A single `.gif` source is read as a GIF (see ``load(gif:file:limits:)``), a `.webp` as a
    /// WebP, an `.apng` — or a `.png` with `acTL`, given alone — as an APNG
    /// (``load(apng:file:limits:)``); such a file among other sources is refused
    /// (``LoadError/gifAmongOtherSources(gif:)``). A folder given alone is read by the rule an
    /// upload of its files follows (docs/Design.md, "Sources: one definition"): without a PNG, its
    /// one GIF, APNG or WebP is the animation (several are refused as
    /// ``Discovery/Error/severalAnimations(source:animations:)``); beside PNG frames, a GIF, APNG or WebP is no
    /// frame (``Discovery/leftOutNote(in:outputs:)`` says so).
    ///
    /// PNG files listed in an order of their own (``Discovery/listedFrames(_:)``) play as listed; when
    /// they are numbered frames of one sequence, its folder's `sequence.json` times them as above.
    /// Their scale is theirs when they share one, else `scale` (or 1). One folder named in two
    /// ways (`./walk1.png walk2.png`) is one folder (``Discovery/sameFolderSpelling(_:)``).
    ///
    /// A `scale` outside Basics' `ImageFileName.scaleRange` is refused (``LoadError/setting(_:)``).
    ///
    /// Two files for one frame number at one scale (`fire2.png` and `fire02.png`) are refused
    /// with both named (``Discovery/Error/duplicateNumber(number:first:second:others:)``), unless
    /// `onDuplicateNumber` keeps the first or the last in name order
    /// (``FrameSequence/resolvingDuplicateNumbers(_:)``). Numbers missing between the first and
    /// the last frame (`gold_1`, `gold_3`, `gold_4`) are played past and said in ``warnings``
    /// (``FrameSequence/gapWarning``).
    ///
    /// An animated file's frames are decoded one by one: a raised `cancellation` stops before the
    /// next one (``LoadError/cancelled``), and `progress` receives (frames decoded, frames the file
    /// holds) after each (PNG frames are not decoded here, and not reported). With `streaming`,
    /// they are not held: each frame is a ``FrameSource/streamed(_:index:)`` decoded again when it
    /// is loaded, so a file of thousands of frames takes the memory of a few (see
    /// ``load(decoding:bytes:file:limits:streaming:cancellation:progress:)``).
    public static func load(_ sources: [String], scale: Int? = nil, device: String? = nil,
                            limits: ResourceLimits = .default,
                            onDuplicateNumber: FrameSequence.DuplicateNumberPolicy = .error, streaming: Bool = false,
                            cancellation: CancellationFlag? = nil,
                            progress: (@Sendable (Int, Int) -> Void)? = nil) throws(LoadError) -> Animation {
        if let scale, let error = ImageFileName.scaleError(scale, of: nil) { throw .setting(error) }
        guard !sources.isEmpty else { throw .discovery(.noFrames(source: "(no source given)")) }
        do { try Discovery.checkNoStandardInput(sources) } catch { throw .discovery(error) }
        // A folder whose only image is a GIF, APNG or WebP is that animation, as an upload of its
        // files is; one beside PNG frames is no frame (`SourceImages`, the rule both follow).
        if sources.count == 1 {
            let images: SourceImages?
            do { images = try Discovery.folderImages(sources[0]) } catch { throw .discovery(error) }
            if case .animation(let file, let kind)? = images {
                let bytes: [UInt8]
                do { bytes = try FileIO.readAll(file) } catch { throw unreadable(file, error) }
                return try load(animatedFile: bytes, kind: kind, file: file, limits: limits, streaming: streaming, cancellation: cancellation,
                                progress: progress)
            }
        }
        if let file = sources.first(where: { animatedFileKind($0) != nil }), let kind = animatedFileKind(file) {
            guard sources.count == 1 else { throw .gifAmongOtherSources(gif: file) }
            let bytes: [UInt8]
            do { bytes = try FileIO.readAll(file) } catch { throw unreadable(file, error) }
            return try load(animatedFile: bytes, kind: kind, file: file, limits: limits, streaming: streaming, cancellation: cancellation,
                                progress: progress)
        }
        if sources.count == 1, OutputName.pathExtension(sources[0]) == "png",
           isAPNGFile(sources[0]) {
            let bytes: [UInt8]
            do { bytes = try FileIO.readAll(sources[0]) } catch { throw unreadable(sources[0], error) }
            return try load(decoding: APNG.Decoder.self, bytes: bytes, file: sources[0], limits: limits, streaming: streaming,
                            cancellation: cancellation, progress: progress)
        }
        // An APNG named among frames is an animation of its own, not a frame (a `.png` holds either).
        if sources.count > 1, let apng = sources.first(where: { OutputName.pathExtension($0) == "png" && isAPNGFile($0) }) {
            throw .gifAmongOtherSources(gif: apng)
        }
        let sources = Discovery.sameFolderSpelling(Discovery.withoutSettings(sources))
        let listed: [FrameFile]?
        do { listed = try Discovery.listedFrames(sources) } catch { throw .discovery(error) }
        if let listed { return try counted(try load(listed: listed, scale: scale, reading: .disk), limits: limits, source: named(sources)) }
        let sequences: [FrameSequence]
        do { sequences = try Discovery.sequences(from: sources) } catch { throw .discovery(error) }
        return try counted(try load(sequences, source: Discovery.spelled(sources), scale: scale, device: device, reading: .disk,
                                    onDuplicateNumber: onDuplicateNumber), limits: limits, source: named(sources))
    }

    /// The source as a message names it: the one folder, prefix or file given, else ``Discovery/filesGiven``.
    private static func named(_ sources: [String]) -> String {
        sources.count == 1 ? sources[0] : Discovery.filesGiven
    }

    /// `animation` when its PNG frames are within `limits.maxFrames` (an animated file's are
    /// counted by its decoder from its header); else ``LoadError/limit(_:)``, as every job
    /// refuses them — 81 frames were loaded with `maxFrames = 3`. The error names `source`, the
    /// folder, prefix or files as the caller gave them, as a GIF's names its file (it named
    /// `Animation.load`, which no user of the command line knows).
    private static func counted(_ animation: Animation, limits: ResourceLimits, source: String) throws(LoadError) -> Animation {
        do { try limits.check(.frames, animation.frames.count, of: source) } catch { throw .limit(error) }
        return animation
    }

    /// Whether the file at `path` is an APNG (`acTL` before its image data).
    private static func isAPNGFile(_ path: String) -> Bool {
        APNG.Decoder.isAnimated(file: path)
    }

    /// A one-file animation that could not be read: missing, or the system's reason.
    private static func unreadable(_ file: String, _ error: FileIO.Error) -> LoadError {
        if error.kind == .missing { return .discovery(.notFound(source: file)) }
        return .decode(.unreadable(file: file, reason: error.reason))
    }

    /// The animation at file URLs (a folder, PNG files, one GIF), read as
    /// `load(_:scale:device:limits:onDuplicateNumber:streaming:cancellation:progress:)` reads
    /// paths, `streaming`, `cancellation` and `progress` too.
    public static func load(urls: [URL], scale: Int? = nil, device: String? = nil, limits: ResourceLimits = .default,
                            onDuplicateNumber: FrameSequence.DuplicateNumberPolicy = .error, streaming: Bool = false,
                            cancellation: CancellationFlag? = nil,
                            progress: (@Sendable (Int, Int) -> Void)? = nil) throws(LoadError) -> Animation {
        try load(urls.map(\.filePathForFlipbook), scale: scale, device: device, limits: limits, onDuplicateNumber: onDuplicateNumber,
                 streaming: streaming, cancellation: cancellation, progress: progress)
    }

    /// The animation that files held in memory stand for, read by the rules of
    /// `load(_:scale:device:limits:onDuplicateNumber:)` for files on disk: one GIF file is a GIF
    /// (``load(gif:file:limits:)``); PNG files named as numbered frames (`walk1.png`,
    /// `walk1@2x.png`, `fx/boom3.png`) form sequences, timed by a `sequence.json` among the files
    /// in their folder (`fx/sequence.json`), their `@Nx` files picked for `scale`; PNG files
    /// without numbers play in the order given. Nothing is decoded but a GIF.
    ///
    /// The files are read as an ``Upload``, the definition ``Validator`` shares: files that are no
    /// image (`readme.txt`), hidden files, the pages of a sprite sheet whose data is among the
    /// files and a GIF, APNG or WebP beside PNG frames are left out (``Upload/leftOut``), as in a
    /// folder; several GIFs, APNGs or WebPs and no PNG are refused
    /// (``Discovery/Error/severalAnimations(source:animations:)``, with ``Discovery/filesGiven``).
    ///
    /// Each file must have a name of its own: a name given twice (`walk1.png` twice, or
    /// `walk1.png` and `./walk1.png`) with different bytes is refused with both spellings
    /// (``Discovery/Error/repeatedName(first:second:)``), since which bytes it stands for cannot
    /// be told; with the same bytes it is one file, as ``Validator`` takes it. Two names for one frame number are refused as on disk, unless `onDuplicateNumber` says which to keep.
    /// `streaming`, `cancellation` and `progress` act on an animated file's frames as for files on disk.
    /// Two names of one text in two Unicode normalisations, or that differ only in case, are
    /// refused naming both (``Discovery/Error/namesDifferInNormalization(first:second:)``,
    /// ``Discovery/Error/namesDifferInCase(first:second:)``), as on disk.
    public static func load(files: [InMemoryFile], scale: Int? = nil, device: String? = nil, limits: ResourceLimits = .default,
                            onDuplicateNumber: FrameSequence.DuplicateNumberPolicy = .error, streaming: Bool = false,
                            cancellation: CancellationFlag? = nil,
                            progress: (@Sendable (Int, Int) -> Void)? = nil) throws(LoadError) -> Animation {
        if let scale, let error = ImageFileName.scaleError(scale, of: nil) { throw .setting(error) }
        let upload: Upload
        do { upload = try Upload(files) } catch { throw .discovery(error) }
        switch upload.content {
        case .animation(let file, let kind):
            return try load(animatedFile: file.bytes, kind: kind, file: file.name, limits: limits, streaming: streaming,
                            cancellation: cancellation, progress: progress)
        case .images(let frames):
            // Names that differ only in case are one file on macOS and Windows: refused, as on disk.
            do { try Discovery.checkSpellings(frames.map(\.path)) } catch { throw .discovery(error) }
            let reading = Reading.memory(FileReader(files))
            if frames.contains(where: { $0.numberText.isEmpty }) {
                return try counted(try load(listed: frames, scale: scale, reading: reading), limits: limits, source: Discovery.filesGiven)
            }
            return try counted(try load(FrameSequence.group(frames), source: Discovery.filesGiven, scale: scale, device: device,
                                        reading: reading, onDuplicateNumber: onDuplicateNumber), limits: limits, source: Discovery.filesGiven)
        }
    }

    /// Where frames and manifests are read from: files on disk, or in memory (Basics' `FileReader`).
    enum Reading: Sendable {
        /// Files on disk.
        case disk
        /// Files in memory.
        case memory(FileReader)

        /// The files' reader.
        var files: FileReader {
            switch self {
            case .disk: .disk
            case .memory(let reader): reader
            }
        }

        /// The frame a file stands for.
        func frame(_ file: FrameFile) -> FrameSource {
            switch self {
            case .disk: .file(file.path)
            case .memory(let reader): .memory(InMemoryFile(name: file.path, bytes: (try? reader.bytes(file.path)) ?? []))
            }
        }

        /// The manifest at `path`, `nil` when there is none.
        func manifest(at path: String) throws(LoadError) -> SequenceManifest? {
            do { return try SequenceManifest.read(at: path, from: files) } catch { throw .manifest(error) }
        }

        /// The sequences of `directory` (every one, for naming them), or those of `prefix` in it.
        func sequences(in directory: String, prefix: String? = nil, known: [FrameSequence]) -> [FrameSequence] {
            switch self {
            case .disk:
                let source = prefix.map { "\(directory)/\($0)" } ?? directory
                return (try? Discovery.sequences(from: [source])) ?? (prefix == nil ? known : [])
            case .memory:
                return known.filter { $0.directory == directory && (prefix == nil || $0.prefix == prefix) }
            }
        }
    }

    /// The animation of the one main sequence among `sequences` (the one the folder's manifest
    /// names, else the one that is not its highlighted sequence).
    private static func load(_ sequences: [FrameSequence], source: String, scale: Int?, device: String?,
                             reading: Reading, onDuplicateNumber: FrameSequence.DuplicateNumberPolicy) throws(LoadError) -> Animation {
        guard let directory = sequences.first?.directory else {
            throw .discovery(source == Discovery.filesGiven ? .noFrames(source: source) : Discovery.noFrames(in: source))
        }

        let manifestPath = Self.manifestPath(in: directory)
        var manifest = try reading.manifest(at: manifestPath)
        // A manifest naming no sequence of its folder (a typo) would time nothing: refused, as a `highlighted` typo is.
        if let error = manifest?.unmatchedName(prefixes: reading.sequences(in: directory, known: sequences).map(\.prefix), file: manifestPath) {
            throw .manifest(.schema(error))
        }
        let highlightedPrefix = manifest?.highlighted
        var candidates = sequences.filter { sequence in
            if let name = manifest?.name, sequences.contains(where: { $0.prefix == name }) { return sequence.prefix == name }
            return sequence.prefix != highlightedPrefix
        }
        // `walk/walk_hl`: the highlighted frames asked for by their prefix, beside the sequence the
        // manifest times — played on their own, untimed by it (it times only its sequence).
        if candidates.isEmpty, sequences.count == 1, sequences[0].prefix == highlightedPrefix,
           reading.sequences(in: directory, known: sequences).contains(where: { $0.prefix != highlightedPrefix }) {
            candidates = sequences
        }
        guard candidates.count == 1, var main = candidates.first else {
            // `"highlighted"` naming the folder's only sequence leaves nothing to play: the manifest's error, said as `validate` says it.
            if candidates.isEmpty, sequences.count == 1, let manifest,
               let error = manifest.mismatch(sequence: sequences[0].prefix, frameCount: sequences[0].frames.count, highlightedFound: true,
                                             file: manifestPath) {
                throw .manifest(.schema(error))
            }
            throw .ambiguous(source: source, sequences: (candidates.isEmpty ? sequences : candidates).map(\.name))
        }
        // Two files for one frame: refused, or one kept as asked.
        do { main = try main.resolvingDuplicateNumbers(onDuplicateNumber) } catch { throw .discovery(error) }
        // A manifest naming another sequence of the folder does not time this one.
        if let described = manifest, !described.describes(main.prefix) { manifest = nil }
        let highlighted: FrameSequence?
        do {
            highlighted = try manifest?.highlighted.flatMap { prefix in
                (sequences.first { $0.prefix == prefix && $0.directory == main.directory }
                    ?? reading.sequences(in: main.directory, prefix: prefix, known: sequences).first)
            }?.resolvingDuplicateNumbers(onDuplicateNumber)
        } catch {
            throw .discovery(error)
        }
        // Some of the folder's frames (files listed in name order): each its own frame's duration.
        manifest = manifest?.fitted(toFrames: main.frames.map(\.number), directory: main.directory, prefix: main.prefix)
        // The manifest must fit the frames it times: one duration per frame, highlighted frames that exist.
        if let manifest {
            let prefixes = reading.sequences(in: main.directory, known: sequences).map(\.prefix)
            if let error = manifest.mismatch(sequence: main.prefix, frameCount: main.frames.count, highlightedFound: highlighted != nil,
                                             prefixes: prefixes, file: manifestPath) {
                throw .manifest(.schema(error))
            }
        }

        let wanted = scale ?? manifest?.scale ?? 1
        func files(_ sequence: FrameSequence) -> [FrameFile] {
            sequence.frames.compactMap { $0.file(scale: wanted, device: device) }
        }
        func pick(_ sequence: FrameSequence) -> [FrameSource] { files(sequence).map(reading.frame) }
        // `coin1@9x.png` is no scale UIKit loads: refused, never played as @9x or as another scale.
        do { try Discovery.checkScales(files(main) + (highlighted.map(files) ?? [])) } catch { throw .discovery(error) }
        var animation = (manifest ?? SequenceManifest()).animation(frames: pick(main), highlightedFrames: highlighted.map(pick))
        // The scale of the files picked, when they share one: with only `@2x` files, UIKit loads them
        // at scale 2 whatever scale was asked for.
        let scales = Set(files(main).map(\.scale))
        animation.scale = scales.count == 1 ? scales.first! : wanted
        // Missing numbers are played past: said, as validation reports them (`seq.gap`).
        // Files picked from a folder (`gold_1.png gold_3.png`) skip its frame 2 on purpose, in any order.
        let skipped = main.missingRanges.isEmpty ? []
            : reading.sequences(in: main.directory, prefix: main.prefix, known: sequences).first?.frames.map(\.number) ?? []
        animation.warnings += [main.gapWarning(skipping: skipped), main.misnamedWarning(packed: [], reading: reading.files), highlighted?.gapWarning,
                               highlighted?.misnamedWarning(packed: [], reading: reading.files),
                               manifest?.shortDurationsWarning(file: manifestPath),
                               main.mixedNormalizationMessage.map { $0 + " (name.mixed-normalization)" }].compactMap { $0 }
        return animation
    }

    /// Files played as listed; numbered frames of one sequence are timed by their folder's manifest.
    private static func load(listed: [FrameFile], scale: Int?, reading: Reading) throws(LoadError) -> Animation {
        do { try Discovery.checkScales(listed) } catch { throw .discovery(error) }
        var manifest = SequenceManifest()
        if let first = listed.first, !first.numberText.isEmpty,
           listed.allSatisfy({ $0.directory == first.directory && $0.prefix == first.prefix && !$0.numberText.isEmpty }) {
            let path = manifestPath(in: first.directory)
            let read = try reading.manifest(at: path)
            if case .disk = reading,
               let error = read?.unmatchedName(prefixes: [first.prefix] + reading.sequences(in: first.directory, known: []).map(\.prefix), file: path) {
                throw .manifest(.schema(error))
            }
            if let read, read.describes(first.prefix) {
                manifest = read.fitted(toFrames: listed.map(\.number), directory: first.directory, prefix: first.prefix)
                manifest.highlighted = nil
                if let error = manifest.mismatch(sequence: first.prefix, frameCount: listed.count, highlightedFound: true, file: path) {
                    throw .manifest(.schema(error))
                }
            }
        }
        var animation = manifest.animation(frames: listed.map(reading.frame))
        if let first = listed.first, let warning = manifest.shortDurationsWarning(file: manifestPath(in: first.directory)) {
            animation.warnings.append(warning)
        }
        let scales = Set(listed.map(\.scale))
        animation.scale = scales.count == 1 ? scales.first! : scale ?? manifest.scale ?? 1
        return animation
    }

    private static func manifestPath(in directory: String) -> String {
        directory == "." ? SequenceManifest.fileName : "\(directory)/\(SequenceManifest.fileName)"
    }
}
