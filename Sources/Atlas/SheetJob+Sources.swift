import Animated
import APNG
import Basics
import Foundation
import Raster

/// Reading the sources of a ``SheetJob``: each folder's `sequence.json` and timing, the frames
/// decoded on every core, and where the sheet's own files may go.
extension SheetJob {
    /// Refuses a page whose name makes it a frame of a sequence read from its folder (a sheet
    /// `walk8.png` beside `walk0…7.png` reads as frame 8 to UIKit, an engine or another tool).
    /// Flipbook itself skips the pages of its own sheets when it reads a folder for frames
    /// (`Discovery`), so a sheet written into a source folder under another name is harmless.
    static func checkPlacement(of files: [SheetExport.File], inputs: [String]) throws {
        let protected = InputFiles(inputs)
        for file in files {
            if let input = protected.input(sameAs: file.path) { throw OutputError.overwritesInput(output: file.path, input: input) }
            guard let frame = FrameFile.sequence(claiming: file.path, among: inputs) else { continue }
            throw OutputError.unsupportedName(path: file.path, reason: "its name makes it a frame of the sequence it packs (\(frame.fileName) …); "
                                              + "name the sheet otherwise or write it outside \(frame.directory)")
        }
    }

    /// Each sequence's `sequence.json` (read once per folder), by sequence name, for the sequences
    /// it describes (``SequenceManifest/describes(_:)``); a manifest naming a sequence its folder
    /// does not hold is refused, as `assemble` and `validate` refuse it
    /// (``SequenceManifest/unmatchedName(prefixes:file:)``).
    static func manifests(of sequences: [FrameSequence], reader: FileReader = .disk) throws -> [String: SequenceManifest] {
        var byFolder: [String: SequenceManifest?] = [:], result: [String: SequenceManifest] = [:]
        for sequence in sequences {
            if byFolder[sequence.directory] == nil {
                byFolder[sequence.directory] = .some(try SequenceManifest.read(at: manifestPath(in: sequence.directory), from: reader))
            }
            guard let folderManifest = byFolder[sequence.directory] ?? nil else { continue }
            // The folder's sequences, packed or not (a sheet of one prefix of a folder of two).
            let prefixes = sequences.filter { $0.directory == sequence.directory }.map(\.prefix)
                + ((try? Discovery.sequences(from: [sequence.directory]))?.map(\.prefix) ?? [])
            if let error = folderManifest.unmatchedName(prefixes: prefixes, file: manifestPath(in: sequence.directory)) {
                throw SequenceManifest.Error.schema(error)
            }
            // `"highlighted"` naming the folder's only sequence: refused, as assemble and validate refuse it.
            if folderManifest.name == nil, folderManifest.highlighted == sequence.prefix, !prefixes.contains(where: { $0 != sequence.prefix }),
               let error = folderManifest.mismatch(sequence: sequence.prefix, frameCount: sequence.frames.count, highlightedFound: true,
                                                   file: manifestPath(in: sequence.directory)) {
                throw SequenceManifest.Error.schema(error)
            }
            guard folderManifest.describes(sequence.prefix) else { continue }
            // Some of the folder's frames (files picked by hand) keep their own durations.
            let manifest = folderManifest.fitted(toFrames: sequence.frames.map(\.number), directory: sequence.directory, prefix: sequence.prefix)
            // A manifest that does not fit its frames is refused, as assemble and validate refuse it.
            if let error = manifest.mismatch(sequence: sequence.prefix, frameCount: sequence.frames.count, highlightedFound: true,
                                             file: manifestPath(in: sequence.directory)) {
                throw SequenceManifest.Error.schema(error)
            }
            result[sequence.name] = manifest
        }
        // Highlighted frames share the normal play's length evenly, in its direction (docs/Timing.md).
        for sequence in sequences where result[sequence.name] == nil {
            guard let folderManifest = byFolder[sequence.directory] ?? nil, folderManifest.highlighted == sequence.prefix,
                  let main = sequences.first(where: { $0.directory == sequence.directory && result[$0.name] != nil }),
                  let normal = result[main.name] else { continue }
            result[sequence.name] = highlightedTiming(normal, normalFrames: main.frames.count, highlightedFrames: sequence.frames.count)
        }
        return result
    }

    /// The note for files left out because they are at another scale than the one packed (a
    /// folder of `coinN.png` and `coinN@2x.png` packs the @1x files when no ``scales`` are
    /// given): the scales found, the ones packed, and how to pack each; `nil` when nothing is left out.
    static func scalesNote(_ sequences: [FrameSequence]) -> String? {
        let files = sequences.flatMap(\.frames).flatMap(\.files).filter { $0.device == nil }
        let picked = Set(sequences.flatMap(\.frames).compactMap { $0.file(scale: 1)?.path })
        let found = Set(files.map(\.scale)).sorted(), packed = Set(files.filter { picked.contains($0.path) }.map(\.scale)).sorted()
        let left = files.filter { !picked.contains($0.path) }
        guard !left.isEmpty, found.count > 1 else { return nil }
        func list(_ scales: [Int]) -> String { scales.map { "@\($0)x" }.joined(separator: ", ") }
        // Only the scales UIKit loads can be packed: `@9x` is said to be none of them.
        let usable = found.filter(ImageFileName.scaleRange.contains), unusable = found.filter { !ImageFileName.scaleRange.contains($0) }
        let advice = usable.count > 1 ? "SheetJob.scales \(usable.map(String.init).joined(separator: ",")) packs each scale with one layout" : nil
        let unread = unusable.isEmpty ? nil : "\(list(unusable)) \(unusable.count == 1 ? "is no scale" : "are no scales") UIKit loads"
        return "found \(list(found)) files, packed \(list(packed)): \(left.count) file\(left.count == 1 ? "" : "s") at another scale left out "
            + "(\(left[0].path)\(left.count > 1 ? "…" : "")); " + [advice, unread].compactMap { $0 }.joined(separator: "; ")
    }

    /// The note for `~device` files left out (`walk2~ipad.png`): a sheet packs the files every
    /// device reads, as UIKit reads a `~ipad` file on an iPad only; `nil` when there are none.
    static func devicesNote(_ sequences: [FrameSequence]) -> String? {
        let left = sequences.flatMap(\.frames).flatMap(\.files).filter { $0.device != nil }
        guard let first = left.first else { return nil }
        let devices = Set(left.compactMap(\.device)).sorted().map { "~" + $0 }.joined(separator: ", ")
        return "\(left.count) \(devices) file\(left.count == 1 ? "" : "s") left out (\(first.path)\(left.count > 1 ? "…" : "")): a sheet packs "
            + "the files every device reads; UIKit reads \(devices) files on that device only"
    }

    /// The timing of `highlightedFrames` highlighted frames beside `normalFrames` frames timed by
    /// `normal`: the normal play's length shared evenly by the highlighted steps, in the same
    /// direction and repeat count, as `Animation.stepDurations(highlighted:)` times them for assemble.
    static func highlightedTiming(_ normal: SequenceManifest, normalFrames: Int, highlightedFrames: Int) -> SequenceManifest {
        func frames(_ count: Int) -> [FrameSource] { Array(repeating: .file(""), count: count) }
        let animation = normal.animation(frames: frames(normalFrames), highlightedFrames: frames(highlightedFrames))
        let each = (try? animation.stepDurations(highlighted: true))?.first ?? 1.0 / 30
        return SequenceManifest(repeatCount: normal.repeatCount, direction: normal.direction,
                                frameDurations: Array(repeating: each * 1000, count: highlightedFrames))
    }

    /// `singles` without the APNGs among them (a `preview.png` written beside the frames): an
    /// APNG without a frame number is an animation of its own, no image to pack, left out with a
    /// note as `AssembleJob` and `Validator` leave it out (docs/Design.md, "Sources: one
    /// definition"). Alone (nothing else to pack) it stays, and reading it says what it is.
    static func withoutAnimations(_ singles: [FrameSequence], besides sequences: [FrameSequence], reader: FileReader,
                                  notes: inout [String]) -> [FrameSequence] {
        func isAPNG(_ path: String) -> Bool {
            let prefix: [UInt8]? = if case .memory = reader { (try? reader.contents(path)).map { Array($0.prefix(4096)) } }
                else { (try? FileIO.readPrefix(path, limit: 4096))?.bytes }
            return prefix.map(APNG.Decoder.isAnimated) ?? false
        }
        var kept: [FrameSequence] = [], left: [String] = []
        for single in singles {
            let files = single.files.filter { !isAPNG($0.path) }
            left += single.files.map(\.path).filter { path in !files.contains { $0.path == path } }
            if !files.isEmpty { kept.append(contentsOf: FrameSequence.group(files)) }
        }
        guard !left.isEmpty, !(kept.isEmpty && sequences.isEmpty) else { return singles }
        let shown = left.prefix(3).joined(separator: ", ") + (left.count > 3 ? " and \(left.count - 3) more" : "")
        notes.append("left out, no frames: \(shown) (\(left.count == 1 ? "an animated PNG" : "animated PNGs"): an APNG beside "
                     + "the frames is an animation of its own, not a sprite; name it alone to read it)")
        return kept
    }

    /// Milliseconds each frame of `sequence` shows: `fps` when given, else the manifest's timing
    /// (`frameDurations`, or its `duration` or `fps` shared evenly by the steps of a play), else 30 fps.
    static func durations(of sequence: FrameSequence, fps: Double?, manifest: SequenceManifest?) -> [Int] {
        let count = sequence.frames.count
        if let fps { return Array(repeating: Int((1000 / fps).rounded()), count: count) }
        guard let manifest else { return Array(repeating: Int((1000.0 / 30).rounded()), count: count) }
        let animation = manifest.animation(frames: Array(repeating: .file(""), count: count))
        if let frameDurations = animation.frameDurations, frameDurations.count == count {
            return frameDurations.map { max(1, Int(($0 * 1000).rounded())) }
        }
        let each = animation.checkedStepDurations().first ?? 1.0 / 30
        return Array(repeating: max(1, Int((each * 1000).rounded())), count: count)
    }


    /// Each frame's files, as scales share one layout: every file a whole number of pixels at the
    /// smallest of `scales` (``SheetBuilder/Error/notWholePoints(name:scale:width:height:unit:)``) and all
    /// of a frame's files one size in points (``SheetBuilder/Error/scalesDiffer(name:scale:width:height:otherScale:otherWidth:otherHeight:)``).
    /// Checked on the files there are, before the layout: a hidden base or a missing variant is
    /// resampled from the largest file, and a wrong @3x then made the true @2x the one blamed.
    static func checkVariantSizes(_ frames: [FrameSequence.Frame], names: [String], images: [[Bitmap]], scales: [Int]) throws(SheetBuilder.Error) {
        guard let unit = scales.first, scales.count > 1 else { return }
        for (index, frame) in frames.enumerated() {
            var first: (scale: Int, width: Int, height: Int)?
            for (k, scale) in scales.enumerated() where frame.files.contains(where: { $0.scale == scale && $0.device == nil }) {
                let (width, height) = (images[index][k].width, images[index][k].height)
                guard width * unit % scale == 0, height * unit % scale == 0 else {
                    throw .notWholePoints(name: names[index], scale: scale, width: width, height: height, unit: unit)
                }
                guard let other = first else { first = (scale, width, height); continue }
                guard width * other.scale == other.width * scale, height * other.scale == other.height * scale else {
                    throw .scalesDiffer(name: names[index], scale: other.scale, width: other.width, height: other.height,
                                        otherScale: scale, otherWidth: width, otherHeight: height)
                }
            }
        }
    }

    /// Each frame's image at every scale (one image when `scales` is nil), decoded on every core;
    /// resampled variants are counted except for the first `counting` scales (a hidden base).
    static func decode(_ frames: [FrameSequence.Frame], files: [String], scales: [Int]?, counting skipped: Int = 0,
                               reader: FileReader, maxPixels: Int, progress: (@Sendable (Int, Int) -> Void)?,
                               cancellation: CancellationFlag?) throws -> [(images: [Bitmap], resampled: Int)] {
        let results = ParallelSlots<Result<([Bitmap], Int), PNG.DecodeError>>(count: frames.count)
        ParallelLoop.run(frames.count) { index in
            guard cancellation?.isCancelled != true else { return }
            let done = results.store(Result { () throws(PNG.DecodeError) in
                guard let scales else { return ([try bitmap(files[index], reader: reader, maxPixels: maxPixels)], 0) }
                var resampled = 0, uncounted = 0
                let images = try scales.enumerated().map { k, scale throws(PNG.DecodeError) in
                    k < skipped ? try load(frames[index], scale: scale, reader: reader, maxPixels: maxPixels, resampled: &uncounted)
                        : try load(frames[index], scale: scale, reader: reader, maxPixels: maxPixels, resampled: &resampled)
                }
                return (images, resampled)
            }, at: index)
            progress?(done, frames.count)
        }
        if cancellation?.isCancelled == true { throw SheetJobError.cancelled }
        return try results.values.map { result in
            let (images, resampled) = try result!.get()
            return (images, resampled)
        }
    }

    /// The frame at `scale`: its own file, or the largest variant there is at a scale UIKit loads
    /// (@1x…@3x: a stray `coin1@4x.png` is left out here as everywhere) resampled to the size the
    /// scale implies (counted in `resampled`).
    private static func load(_ frame: FrameSequence.Frame, scale: Int, reader: FileReader, maxPixels: Int,
                             resampled: inout Int) throws(PNG.DecodeError) -> Bitmap {
        if let exact = frame.files.first(where: { $0.scale == scale && $0.device == nil }) {
            return try bitmap(exact.path, reader: reader, maxPixels: maxPixels)
        }
        let loadable = frame.files.filter { ImageFileName.scaleRange.contains($0.scale) }
        guard let largest = loadable.filter({ $0.device == nil }).max(by: { $0.scale < $1.scale }) ?? loadable.first else {
            return Bitmap(clearWidth: 1, height: 1, scale: scale)
        }
        let source = try bitmap(largest.path, reader: reader, maxPixels: maxPixels)
        resampled += 1
        let width = source.width * scale / largest.scale, height = source.height * scale / largest.scale
        var out: Bitmap
        do { out = try Resampler().resize(source, width: max(1, width), height: max(1, height), limits: ResourceLimits(maxPixels: maxPixels)) }
        catch { throw .tooLarge(file: largest.path, width: width, height: height, maxPixels: maxPixels) }
        out.scale = scale
        return out
    }

    /// The frame file at `path`, decoded (its scale from its name), from disk or from memory, as
    /// `FrameSource` decodes every frame (an APNG is no still frame).
    static func bitmap(_ path: String, reader: FileReader, maxPixels: Int) throws(PNG.DecodeError) -> Bitmap {
        let decoder = PNG.Decoder(maxPixels: maxPixels)
        guard case .memory = reader else { return try FrameSource.file(path).load(decoder: decoder) }
        let bytes: [UInt8]
        do { bytes = try reader.contents(path) } catch { throw .unreadable(file: path, reason: error.reason) }
        return try FrameSource.memory(InMemoryFile(name: path, bytes: bytes)).load(decoder: decoder)
    }

    /// The header of the frame file at `path`, from disk or from memory.
    static func header(_ path: String, reader: FileReader, maxPixels: Int) throws(PNG.DecodeError) -> PNG.Header {
        let decoder = PNG.Decoder(maxPixels: maxPixels)
        guard case .memory = reader else { return try decoder.readHeader(file: path) }
        let bytes: [UInt8]
        do { bytes = try reader.contents(path) } catch { throw .unreadable(file: path, reason: error.reason) }
        return try decoder.readHeader(bytes, file: path)
    }

    /// The images in memory, as ``Discovery/images(from:)`` groups files on disk: the files
    /// read as an `Upload`, as `Validator` and `AssembleJob` read them (files that are no image and
    /// sheet pages named by data among them left out, said in `notes`); numbered frames into
    /// sequences, PNGs without numbers as single images; a folder's `sequence.json` is its timing;
    /// a GIF, APNG or WebP is no image to pack.
    static func images(_ files: [InMemoryFile],
                       notes: inout [String]) throws(Discovery.Error) -> (sequences: [FrameSequence], singles: [FrameSequence]) {
        let upload: Upload
        do { upload = try Upload(files) } catch {
            // The upload's own advice ("…or one GIF, APNG or WebP") is for reading an animation.
            if case .noFrames(let source) = error { throw .noImagesToPack(source: source) }
            throw error
        }
        if let note = upload.leftOutNote { notes.append(note) }
        let frames: [FrameFile]
        switch upload.content {
        case .animation(let file, _): throw .animationNotFrames(source: Discovery.filesGiven, animation: file.name)
        case .images(let images): frames = images
        }
        // Names that differ only in case are one file on macOS and Windows: refused, as on disk.
        try Discovery.checkSpellings(frames.map(\.path))
        let numbered = frames.filter { !$0.numberText.isEmpty }, unnumbered = frames.filter { $0.numberText.isEmpty }
        // Folders in the order the files name them, as sources on disk keep the order given.
        var folders: [String] = []
        for file in numbered + unnumbered where !folders.contains(file.directory) { folders.append(file.directory) }
        func grouped(_ files: [FrameFile]) -> [FrameSequence] {
            folders.flatMap { folder in FrameSequence.group(files.filter { $0.directory == folder }) }
        }
        return (grouped(numbered), grouped(unnumbered))
    }

    /// A folder's `sequence.json`.
    static func manifestPath(in directory: String) -> String {
        directory == "." ? SequenceManifest.fileName : directory + "/" + SequenceManifest.fileName
    }

    /// The name of the folder at `directory`, for the animation of frames named by number alone:
    /// the last part of the path as given (`fx/fire` → `fire`); for `.` or `..` on disk, the real
    /// folder's name; `frames` for files in memory at no folder.
    static func folderName(_ directory: String, reader: FileReader) -> String {
        func usable(_ name: String) -> Bool { !name.isEmpty && name != "." && name != ".." && name != "/" }
        let given = FileIO.lastComponent(of: Discovery.trimmingSlash(directory))
        if usable(given) { return given }
        if case .disk = reader, let resolved = FileIO.resolvedPath(directory), usable(FileIO.lastComponent(of: resolved)) {
            return FileIO.lastComponent(of: resolved)
        }
        return "frames"
    }

    /// The names of the folders `directory` lies in, outermost first (resolved on disk, so that
    /// `.` and `..` are named): `Art/fx` → `["Art", "fx"]`.
    static func folderNames(_ directory: String, reader: FileReader) -> [String] {
        var path = Discovery.trimmingSlash(directory)
        if case .disk = reader, let resolved = FileIO.resolvedPath(directory) { path = resolved }
        return path.split(separator: "/").map(String.init).filter { $0 != "." && $0 != ".." && !$0.isEmpty }
    }

    /// The name sprites of `directory` are told apart by: its folder's name (``folderName(_:reader:)``)
    /// at `depth` 1, else the last `depth` folder names joined by `-` (`a/fx` at 2: `a-fx`).
    static func folderLabel(_ directory: String, depth: Int, reader: FileReader) -> String {
        guard depth > 1 else { return folderName(directory, reader: reader) }
        let names = folderNames(directory, reader: reader).suffix(depth)
        return names.isEmpty ? folderName(directory, reader: reader) : names.joined(separator: "-")
    }

    /// `walk_` → `walk`: the animation name without a trailing separator.
    static func animationName(_ prefix: String) -> String {
        var name = Substring(prefix)
        while let last = name.last, last == "_" || last == "-" || last == "." || last == " " { name = name.dropLast() }
        return name.isEmpty ? prefix : String(name)
    }
}

