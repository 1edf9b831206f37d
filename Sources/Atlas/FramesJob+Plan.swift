import Animated
import APNG
import Basics
import Foundation
import GIF
import Raster
import WebP

/// Planning a ``FramesJob``: everything read and checked, nothing encoded or written.
extension FramesJob {
    /// Reads and checks everything, encodes and writes nothing, as every job's `plan` does
    /// (docs/Design.md): the settings first (``limits``, ``threads``; ``FramesJobError/setting(_:)``),
    /// an input named at a scale no reader takes (``FramesJobError/scaleOutOfRange(path:scale:)``),
    /// then the input (a sheet's data and its pages
    /// decoded, an animation's header), the limits (sprites, pixels, the pixels of all frames), and
    /// every frame's name against the output contract (``FramesJobError/output(_:)``: an input, a
    /// file Flipbook did not write, another set's file). No folder is made and no frame written;
    /// ``run(_:progress:cancellation:)`` writes the plan, as often as wanted. `progress` receives
    /// the input read (phase `reading`, one step, ending at a fraction of 1); a raised
    /// `cancellation` stops before the input is read (``FramesJobError/cancelled``).
    public func plan(progress: (@Sendable (JobProgress) -> Void)? = nil, cancellation: CancellationFlag?) throws(FramesJobError) -> Plan {
        try plan(JobProgress.Reporter(progress, phase: .reading), cancellation: cancellation)
    }

    /// ``plan(progress:cancellation:)`` reporting to `reporter`'s `reading` phase.
    func plan(_ reporter: JobProgress.Reporter, cancellation: CancellationFlag?) throws(FramesJobError) -> Plan {
        if cancellation?.isCancelled == true { throw .cancelled }
        do {
            return try ThreadBudget.withLimit(threads) { try makePlan(reporter) }
        } catch {
            throw FramesJobError.from(error)
        }
    }

    /// The first setting of the job out of range, naming it.
    var settingError: SettingError? {
        // Limits of 0 or less would refuse every input with a false "over the limit".
        if let error = limits.rangeError { return error }
        if let threads, threads < 1 { return SettingError(.threads, of: "FramesJob", value: threads, allowed: .atLeast(1)) }
        return nil
    }

    private func makePlan(_ reporter: JobProgress.Reporter) throws -> Plan {
        if let error = settingError { throw FramesJobError.setting(error) }
        // An upload by the rules every job shares: what is read, what is left out and said.
        let given: GivenFiles?
        if case .memory(let files) = source { given = try GivenFiles(files) } else { given = nil }
        // `G.atlasc/`, as a shell completes a SpriteKit atlas, is `G.atlasc`.
        let input = Discovery.trimmingSlash(self.input)
        if case .file = source, input.isEmpty { throw FramesJobError.source(.notFound(source: "")) }
        if let output { try OutputName.requireFolder(output, what: "frames are written to a folder of PNG frames") }
        // `\ : * ? " < > |` too: a name a Windows or macOS checkout cannot hold (it ended as a refused manifest, exit 4).
        if let prefix, prefix.isEmpty || prefix.contains("/") || prefix.hasPrefix(".") || Self.portablePrefix(prefix) != prefix {
            throw FramesJobError.invalidPrefix(prefix)
        }
        var isDirectory: ObjCBool = false
        if case .file = source, FileManager.default.fileExists(atPath: input, isDirectory: &isDirectory), isDirectory.boolValue,
           !input.lowercased().hasSuffix(".atlasc") {
            throw FramesJobError.folderGiven(path: input)
        }
        // `spin@2x.gif` gives `spin1@2x.png…`, `l@2x.atlas` frames at @2x: the scale stays where UIKit reads it.
        let file = ImageFileName(path: input)
        let scale = file.scale ?? 1
        // `spin@5x.gif` or `l@9x.atlas` would give `spin1@5x.png`, a name no reader takes for a scale (1…3).
        if !ImageFileName.scaleRange.contains(scale) { throw FramesJobError.scaleOutOfRange(path: input, scale: scale) }
        if readsSheet { return try planSheet(input, isFolder: isDirectory.boolValue, given: given, reporter) }
        // A prefix given with the scale in it (`hero@3x`) is the stem: the writer adds the scale.
        // `coin@3x~ipad.gif` (UIKit's order) and `coin~ipad@3x.gif` both give `coin1@3x.png…`.
        // A file's name as every system can hold it (`boom:v2*.webp` gives `boom_v2_1.png…`, warned
        // of by ``prefixWarning(inputScale:)``), as a sheet's sprites are named.
        let name = Self.portablePrefix(Self.prefixParts(prefix ?? Self.nameWithoutExtension(input)).stem)
        return try planAnimation(input, name: name, scale: scale, given: given, reporter)
    }

    /// A sheet's data read with its pages, each sprite's file name checked.
    private func planSheet(_ input: String, isFolder: Bool, given: GivenFiles?, _ reporter: JobProgress.Reporter) throws -> Plan {
        if prefix != nil { throw FramesJobError.prefixForSheet(path: input) }
        reporter.report(.reading, done: 0, total: 1)
        var sheet: SpriteSheet
        switch source {
        case .file:
            // A sheet a killed run left half-replaced is finished before it is read, never read mixed.
            for folder in isFolder ? [input] : [FileIO.parentDirectory(of: input)] {
                do { try OutputRecovery.recover(reading: folder) } catch { throw SheetImport.Error.unreadable(file: input, reason: error.description) }
            }
            if let pages = Self.pageDataFiles(missing: input) {
                let names = pages.map(FileIO.lastComponent(of:))
                let listed = names.count <= 3 ? names.joined(separator: ", ") : "\(names[0]), \(names[1]) … \(names[names.count - 1])"
                throw SheetImport.Error.unreadable(file: input, reason: "no such file: the sheet there keeps its data per page, "
                    + "\(pages.count) files (\(listed)); read one page's data for that page's frames, or write the sheet on one page "
                    + "(a larger SheetBuilder.maxSide) or with one data file for all pages (SheetEngine.phaser3)")
            }
            sheet = try SheetImport.read(input, limits: limits, animation: animation)
        case .memory:
            sheet = try SheetImport.read(files: given?.files ?? [], data: input, limits: limits, animation: animation)
        }
        // A data file cut after its page header names no frame: nothing to write, and no empty folder.
        guard !sheet.sprites.isEmpty else {
            throw SheetImport.Error.invalid(file: input, reason: "names no frames (a data file cut short, or a sheet of no sprites): nothing was written")
        }
        // Pages at @4x… (`meta.scale` 4, a page named `s@9x.png`) would give frames no reader takes.
        if let page = sheet.pages.first(where: { !ImageFileName.scaleRange.contains($0.scale) }) {
            throw SheetImport.Error.invalid(file: input, reason: "its pages are @\(page.scale)x, so its frames would be named @\(page.scale)x, and frames "
                + "are read at @\(ImageFileName.scaleRange.lowerBound)x…@\(ImageFileName.scaleRange.upperBound)x, the scales UIKit loads: nothing was written")
        }
        if let animation { sheet = try Self.only(animation, of: sheet, in: input) }
        var files = try sheet.checkedFileNames(source: input, limits: limits)
        let (timing, timingWarning) = Self.timing(of: sheet, files: files, picked: animation != nil)
        var writesTiming = timing != nil
        if let output {
            let folder = Discovery.trimmingSlash(output)
            let inputs = InputFiles([input] + sheet.sourceFiles)
            // Owned by the sheet read, as `SpriteSheet.unpack` writes them.
            let set = OutputSet(owner: SheetImport.dataFile(input), protecting: inputs)
            files = files.map { folder + "/" + $0 }
            if let manifest = timing, Self.sharesTiming(manifest, in: folder, set: set) { writesTiming = false }
            if let manifest = timing, writesTiming { try Self.checkOtherScaleTiming(manifest, in: folder, data: SheetImport.dataFile(input)) }
            if writesTiming { files.append(folder + "/" + SequenceManifest.fileName) }
            try check(files, in: folder, set: set, inputs: inputs)
            try Self.checkOtherScales(files, in: folder, owner: SheetImport.dataFile(input))
        } else if writesTiming {
            files.append(SequenceManifest.fileName)
        }
        reporter.report(.reading, done: 1, total: 1)
        let siblings = if let given { given.note(pages: sheet.sourceFiles) } else { Self.otherPagesNote(input) }
        return Plan(files: files, warnings: sheet.warnings.map(\.description) + sheet.fileNameWarnings
                        + [Self.premultipliedNote(sheet, input), siblings, Self.animationsReadAsOne(sheet, files: files), timingWarning].compactMap { $0 }
                        + Self.mixedNormalizations(files),
                    width: sheet.pages.first?.width ?? 0, height: sheet.pages.first?.height ?? 0, frameCount: sheet.sprites.count,
                    repeatCount: timing?.repeatCount ?? 0, pages: sheet.pages.count, prefix: nil, input: input,
                    content: .sheet(sheet, timing: timing, writesTiming: writesTiming))
    }

    /// Whether `folder`'s `sequence.json` says `manifest` already and is not `set`'s own earlier
    /// file: the frames of the same sheet's data at another scale wrote it (`ss.json`'s frames
    /// beside `ss@2x.json`'s), or the user did. It is left as it is, shared, where writing it
    /// would be refused as another set's file or the user's.
    static func sharesTiming(_ manifest: SequenceManifest, in folder: String, set: OutputSet) -> Bool {
        let path = folder + "/" + SequenceManifest.fileName
        guard let existing = try? SequenceManifest.read(file: path) else { return false }
        return existing == manifest && !set.isOwnEarlierFile(path)
    }

    /// Refuses a timing other than the one in `folder`'s `sequence.json` when the same sheet's data
    /// at another scale wrote it (`s@2x.json` beside this `s.json`): that set's file, which this run
    /// may not take, times both scales' frames. Said as the other-scale refusal it is, with the
    /// way that works — that data's frames written first (fresh eyes 44 #3: only "write into
    /// another folder", which splits the scales, while @1x first worked).
    static func checkOtherScaleTiming(_ manifest: SequenceManifest, in folder: String, data: String) throws(OutputError) {
        let path = folder + "/" + SequenceManifest.fileName
        guard let owner = OutputSet.owner(of: path), let existing = try? SequenceManifest.read(file: path), existing != manifest else { return }
        let mine = ImageFileName(path: data), theirs = ImageFileName(path: owner)
        guard FileIO.parentDirectory(of: owner) == FileIO.parentDirectory(of: data), theirs.stem == mine.stem, theirs.device == mine.device,
              theirs.pathExtension == mine.pathExtension, let scale = theirs.scale ?? 1 as Int?, scale != (mine.scale ?? 1) else { return }
        throw .otherScaleDiffers(path: path, otherScale: scale, detail: "the frames of \(owner) wrote it, timed otherwise than \(data) "
            + "now: write \(owner)'s frames again first (its sequence.json times both scales), then these")
    }

    /// The frames written spelling one prefix in two Unicode normalisations (sprites `café_1` NFC
    /// and `café_2` NFD), as `validate` and `assemble` would say of the folder afterwards.
    static func mixedNormalizations(_ files: [String]) -> [String] {
        FrameSequence.group(files.compactMap { FrameFile(path: $0) }).compactMap { $0.mixedNormalizationMessage }
            .map { $0 + " (name.mixed-normalization)" }
    }

    /// A GIF, an APNG (`.apng`, or a `.png` with `acTL`) or a WebP opened, its header checked
    /// against the limits, its frames' names (`name1.png…` at `scale`) against the output contract.
    private func planAnimation(_ input: String, name: String, scale: Int, given: GivenFiles?, _ reporter: JobProgress.Reporter) throws -> Plan {
        reporter.report(.reading, done: 0, total: 1)
        let bytes: [UInt8]
        switch source {
        case .file:
            do { bytes = try FileIO.readAll(input) } catch { throw AnimationDecodeError.unreadable(file: input, reason: error.reason) }
        case .memory:
            bytes = given?.main.bytes ?? []
        }
        let format = try Self.animationFormat(input, bytes: bytes)
        if animation != nil { throw FramesJobError.animationForFile(path: input) }
        let reader = try Self.open(format, bytes: bytes, file: input, limits: limits)
        // Work in proportion to the input: a GIF of a kilobyte may declare fifty 8000² frames.
        let info = reader.info
        try limits.checkOutput(info.frameCount, "frames", width: info.width, height: info.height, of: input)
        let numbering = SequenceWriter.numberingPrefix(name), suffix = scale == 1 ? "" : "@\(scale)x"
        var files = (1...max(1, info.frameCount)).map { SequenceWriter.fileName(prefix: numbering, number: $0, scale: scale) } + [SequenceManifest.fileName]
        if let output {
            let folder = Discovery.trimmingSlash(output)
            let inputs = InputFiles([input])
            files = files.map { folder + "/" + $0 }
            // Each scale's frames are a set of their own, as `SequenceWriter` writes them.
            try check(files, in: folder, set: OutputSet(owner: folder + "/" + numbering + suffix, protecting: inputs), inputs: inputs)
        }
        reporter.report(.reading, done: 1, total: 1)
        return Plan(files: files, warnings: reader.warnings + [prefixWarning(inputScale: scale), given?.note()].compactMap { $0 },
                    width: info.width, height: info.height, frameCount: info.frameCount, repeatCount: info.repeatCount,
                    pages: 0, prefix: numbering, input: input, content: .animation(format, bytes: bytes, name: name, scale: scale),
                    uploadNote: given?.note())
    }

    /// The format `bytes`, named `file`, are read as. What the bytes are decides, whatever the name:
    /// a still PNG is ``FramesJobError/stillImage(path:)`` named `.png`, `.jpg` or nothing; a `.gif`,
    /// `.webp`, `.png` or `.apng` is read by its decoder, which refuses other contents naming them
    /// (`x.gif: not a GIF file: it is a PNG: rename it to .png`); any other name is refused, saying
    /// what the file is and what `frames` reads (a `.fnt` font, a `.jpg` that is a GIF).
    static func animationFormat(_ file: String, bytes: [UInt8]) throws(FramesJobError) -> AnimationDecodeError.Format {
        if bytes.starts(with: PNG.signature), !APNG.Decoder.isAnimated(bytes) { throw .stillImage(path: file) }
        switch OutputName.pathExtension(file) {
        case "gif": return .gif
        case "webp": return .webp
        case "png", "apng": return .apng
        case let named:
            let what = FileSignature.format(of: Array(bytes.prefix(4096)))
            let name = named.isEmpty ? "no file without an extension" : "no .\(named) file"
            let font = named == "fnt" ? " (a BMFont .fnt describes a font's glyphs, not a sprite sheet's frames)" : ""
            throw .sheet(.invalid(file: file, reason: what.map { "frames reads \(name): \(FileSignature.advice($0))" }
                ?? "not an animation or sheet data Flipbook reads\(font): frames reads \(Self.formatsRead)"))
        }
    }

    /// The note that `sheet`'s pages are premultiplied, so its frames' partly transparent pixels
    /// come back rounded (a colour kept at alpha `a` is within 128/`a` levels: 8 at 15, 1 from 128
    /// up; alpha and opaque pixels exactly); `nil` for straight pages, which come back bit for bit.
    static func premultipliedNote(_ sheet: SpriteSheet, _ input: String) -> String? {
        guard sheet.premultipliedAlpha else { return nil }
        return "\(input): the pages are premultiplied, so the colours of partly transparent pixels come back rounded — within "
            + "128/alpha levels of the frames packed (8 at alpha 15, 1 from alpha 128 up); alpha and opaque pixels come back exactly"
    }

    /// The warning for one page's plist of a Cocos2d sheet written over several pages (`d-0.plist`
    /// beside `d-1.plist`, `d-2.plist`): each holds its own page's sprites only, and nothing in it
    /// names the others, so reading one gives part of the sheet. `nil` when no such file is beside it.
    static func otherPagesNote(_ input: String) -> String? {
        let name = FileIO.lastComponent(of: input)
        let pages = Cocos2dPlist.pagePlists(besides: input).map { FileIO.lastComponent(of: $0) }
        guard pages.count > 1 else { return nil }
        return "\(name) is one page's data of \(pages.count) beside it (\(pages.prefix(4).joined(separator: ", "))\(pages.count > 4 ? ", …" : "")): "
            + "a Cocos2d sheet keeps each page's sprites in its own plist, so only this page's frames were read; read each plist to get them all"
    }

    /// The per-page data files (`boom-0.json`, `boom-1.json`…) beside the missing data file `path`
    /// (`boom.json`), as a sheet of several pages writes them; `nil` when `path` exists or has none.
    static func pageDataFiles(missing path: String) -> [String]? {
        guard FileIO.fingerprint(of: path) == nil else { return nil }
        let ext = OutputName.pathExtension(path), stem = nameWithoutExtension(path)
        guard !ext.isEmpty, !stem.isEmpty else { return nil }
        let folder = FileIO.parentDirectory(of: path)
        let first = (path.contains("/") ? folder + "/" : "") + "\(stem)-0.\(ext)"
        let pages = Cocos2dPlist.pagePlists(besides: first, extension: ext)
        return pages.count > 1 ? pages : nil
    }

    /// What `frames` reads, for messages.
    static let formatsRead = "a GIF (.gif), an APNG (.png, .apng), an animated WebP (.webp), or a sheet's data: " + SheetImport.dataFormats

    /// `path`'s last component without its extension (`coin@3x~ipad` of `a/coin@3x~ipad.gif`).
    static func nameWithoutExtension(_ path: String) -> String {
        let last = FileIO.lastComponent(of: path)
        guard let dot = last.lastIndex(of: "."), dot != last.startIndex else { return last }
        return String(last[..<dot])
    }

    /// The decoder of `format` over `bytes`, named `file` in messages.
    static func open(_ format: AnimationDecodeError.Format, bytes: [UInt8], file: String,
                     limits: ResourceLimits) throws(AnimationDecodeError) -> any AnimationDecoder {
        switch format {
        case .gif: try GIF.Decoder(bytes: bytes, file: file, limits: limits)
        case .apng: try APNG.Decoder(bytes: bytes, file: file, limits: limits)
        case .webp: try WebP.Decoder(bytes: bytes, file: file, limits: limits)
        }
    }

    /// Refuses, before anything is written, what the output contract would refuse while writing
    /// `files` into `folder` as `set`: the folder an input or a file, a frame's name an input, a
    /// file Flipbook did not write (without ``overwrite``) or another set's file. `sequence.json`
    /// is checked as the settings file it is.
    private func check(_ files: [String], in folder: String, set: OutputSet, inputs: InputFiles) throws(OutputError) {
        if let input = inputs.input(sameAs: folder) { throw .overwritesInput(output: folder, input: input) }
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), !isDirectory.boolValue {
            throw .notAFolder(path: folder)
        }
        for file in files {
            try set.check(file, named: overwrite, settings: FileIO.lastComponent(of: file) == SequenceManifest.fileName)
        }
    }
}
