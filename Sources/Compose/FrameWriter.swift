import Animated
import APNG
import Atlas
import Basics
import GIF
import Raster
import Synchronization
import WebP

/// Frames made one at a time (a generator's, a scene's) written as one output under the output
/// contract: a folder of numbered PNGs with its `sequence.json`, an animated GIF, APNG or WebP, one
/// PNG, or a sprite sheet with its data. The one place that writes made frames: `flipbook
/// generate` and ``RenderJob`` both write through it.
///
/// Frames are made on demand from any thread: a folder's frames are made and encoded on every core
/// and forgotten once written, an animation's frames are handed to the encoder's streaming input
/// (Raster's `FrameInput`), so no output but a sheet (which holds every frame on its pages) keeps
/// every frame in memory. Errors are the stage's own (the encoders', the output contract's,
/// `LimitError`), for the caller to map.
package struct FrameWriter: Sendable {
    /// What is written.
    package enum Format: Sendable, Equatable {
        /// `NAME1.png … NAMEn.png` (`NAME1@2x.png` at scale 2) and `sequence.json` (for one frame
        /// only when ``FrameWriter/manifestForOneFrame``).
        case folder
        /// An animated GIF.
        case gif
        /// An animated PNG.
        case apng
        /// An animated WebP.
        case webp
        /// The one frame as a PNG.
        case png
        /// Every frame on a sheet (rows), with its data in the format given (`OUT.png` + `OUT.json`
        /// for TexturePacker's JSON hash).
        case sheet(SheetExport.Format)

        /// Whether this is a sheet (which holds every frame on its pages).
        package var isSheet: Bool { if case .sheet = self { true } else { false } }
    }

    /// Where to write: a folder, or the file.
    package var output: String
    /// What to write.
    package var format: Format
    /// The frames' file name before their number (a folder), or the sprites' (a sheet).
    package var prefix: String
    /// How many frames.
    package var count: Int
    /// Frames per second: each frame shows `1 / fps` seconds.
    package var fps: Double
    /// Pixels per point of the frames.
    package var scale: Int
    /// UIKit's repeat count (0 forever).
    package var repeatCount: Int
    /// The files read, which no file written may replace.
    package var inputs: InputFiles
    /// Whether a file Flipbook did not write at one of the names may be replaced.
    package var overwrite: Bool
    /// Raised: the writing stops before the next frame and nothing is written.
    package var cancellation: CancellationFlag?
    /// Whether a folder of one frame gets its `sequence.json` too (a render's folder always has
    /// one, as its docs say; a generator's single frame is a still image).
    package var manifestForOneFrame = false
    /// Makes frame `index` (0-based), from any thread; its first error is kept (``rethrowingFrameError(_:)``).
    package let frame: @Sendable (Int) throws -> Bitmap
    /// The first error ``frame`` threw: what a run throws, not an encoder's wrapping of it ("a frame
    /// could not be read or drawn", "frame 20 could not be made").
    private let firstFrameError = FirstFrameError()
    /// Seconds each frame shows, one per frame, instead of `1 / fps` each (a sequence's own timing).
    package var durations: [Double]?
    /// The folder's `sequence.json` instead of one made of `fps` and `repeatCount`.
    package var manifest: SequenceManifest?
    /// Where the files' set goes instead of being committed now (a GIF, APNG or WebP, a PNG, a
    /// folder; a sheet commits itself): the batch of a run that writes several scales, committed
    /// once every scale is written (Basics' `OutputBatch`).
    package var batch: OutputBatch?
    /// The scales of this sequence a folder's batch writes (`SequenceWriter.commit(manifest:into:together:)`).
    package var scalesWrittenTogether: Set<Int> = []
    /// What a folder's frames are made from apart from their scale, recorded with them
    /// (`SequenceWriter.origin`); `nil` records none.
    package var origin: String?

    /// A writer of `count` frames made by `frame` to `output` as `format`.
    package init(output: String, format: Format, prefix: String, count: Int, fps: Double, scale: Int, repeatCount: Int,
                 inputs: InputFiles = InputFiles(), overwrite: Bool = false, cancellation: CancellationFlag? = nil,
                 manifestForOneFrame: Bool = false, frame: @escaping @Sendable (Int) throws -> Bitmap) {
        self.output = output; self.format = format; self.prefix = prefix; self.count = count; self.fps = fps
        self.scale = scale; self.repeatCount = repeatCount; self.inputs = inputs; self.overwrite = overwrite
        self.cancellation = cancellation; self.manifestForOneFrame = manifestForOneFrame
        let first = firstFrameError
        self.frame = { index in
            do { return try frame(index) } catch {
                first.keep(error)
                throw error
            }
        }
    }

    /// `body`, throwing the first error a frame threw instead of what the writing made of it.
    private func rethrowingFrameError<T>(_ body: () throws -> T) throws -> T {
        do { return try body() } catch { throw firstFrameError.error ?? error }
    }

    /// The streaming input of an animation encoder.
    private func input() throws -> FrameInput {
        if let durations, durations.count == count {
            return FrameInput(durations: durations, scale: scale, cancellation: cancellation,
                                  load: frame)
        }
        return try FrameInput(count: count, duration: 1 / fps, scale: scale, cancellation: cancellation, limits: ResourceLimits(maxFrames: .max),
                              load: frame)
    }

    /// What ``written(progress:)`` wrote: the files, and the encoder's report of an animation.
    package struct Written: Sendable {
        /// The files written.
        package var files: [String]
        /// An animation's report (frames written after merges, bytes, …), as `AssembleJob` reports
        /// it; `nil` for a folder, a PNG or a sheet.
        package var report: AssembleJob.Report?
        /// The files of an earlier writing that this one removed, as opened: a sheet's (another
        /// data format, fewer pages) or a folder's (fewer frames, another prefix); empty for an
        /// animation or a PNG, and for a folder committed by a batch.
        package var removed: [String] = []
    }

    /// Makes and writes every frame; returns the files written. `progress(done, total)` counts the
    /// frames made (written, for a folder), from the working threads.
    package func write(progress: (@Sendable (Int, Int) -> Void)? = nil) throws -> [String] {
        try written(progress: progress).files
    }

    /// Makes and writes every frame (see ``write(progress:)``); returns the files and, for an
    /// animation, its encoder's report.
    package func written(progress: (@Sendable (Int, Int) -> Void)? = nil) throws -> Written {
        try rethrowingFrameError { try writtenAsEncoded(progress: progress) }
    }

    private func writtenAsEncoded(progress: (@Sendable (Int, Int) -> Void)?) throws -> Written {
        if let batch, format == .gif || format == .apng || format == .webp {
            // Encoded in memory, then added to the batch as a set of its own (owned by its name, as
            // the encoders' `write` owns it): renamed into place with the run's other files.
            let (bytes, report) = try encoded(progress: progress)
            let set = OutputSet(owner: output, protecting: inputs)
            do { try set.write(bytes, to: output, named: overwrite) } catch { throw RenderError.writing(error) }
            batch.add(set)
            return Written(files: [output], report: report)
        }
        switch format {
        case .gif:
            let report = try GIF.Encoder(repeatCount: repeatCount).write(input(), to: output, protecting: inputs, overwrite: overwrite,
                                                                         progress: JobProgress.counts(progress))
            return Written(files: [output], report: .gif(report))
        case .apng:
            let report = try APNG.Encoder(repeatCount: repeatCount).write(input(), to: output, protecting: inputs, overwrite: overwrite,
                                                                          progress: JobProgress.counts(progress))
            return Written(files: [output], report: .apng(report))
        case .webp:
            let report = try WebP.Encoder(repeatCount: repeatCount).write(input(), to: output, protecting: inputs, overwrite: overwrite,
                                                                          progress: JobProgress.counts(progress))
            return Written(files: [output], report: .webp(report))
        case .sheet:
            let files = try sheetFiles(named: output, progress: progress)
            try checkCancelled()
            // Under overwrite every file of the set may replace one Flipbook did not write (the page
            // beside the data too), as `flipbook sheet` does; inputs and other sets' files never.
            // `-o g.png` is one frame or a sheet by the count: a sheet there replaces the one frame a rerun wrote.
            let removed = try SheetExport.write(files, owner: output, protecting: inputs, named: overwrite ? files.map(\.path) : [],
                                                replacingOtherShape: OutputName.pathExtension(output) == "png")
            return Written(files: files.map(\.path), report: nil, removed: removed)
        case .folder:
            let writer = try folderWriter()
            let files = try writeFolder(with: writer, progress: progress)
            // Committed now (not by a batch): the earlier set's frames this one does not write again are gone.
            return Written(files: files, report: nil, removed: batch == nil ? writer.removed : [])
        default:
            return Written(files: try writeFiles(progress: progress), report: nil)
        }
    }

    /// The frames made and written to ``output`` (`inMemory` false: the files, an animation's
    /// report, and a sheet's earlier files it removed) or encoded in memory (`inMemory` true: an animation's bytes and report, or a
    /// folder's or sheet's files): what `RenderJob` and `FrameOperationJob` do with an output or without one.
    package func produced(inMemory: Bool, progress: (@Sendable (Int, Int) -> Void)? = nil) throws
        -> (files: [String], bytes: [UInt8], encodedFiles: [InMemoryFile], report: AssembleJob.Report?, removed: [String]) {
        if inMemory {
            if format == .folder || format.isSheet { return ([], [], try rethrowingFrameError { try encodedFiles(progress: progress) }, nil, []) }
            let (bytes, report) = try encoded(progress: progress)
            return ([], bytes, [], report, [])
        }
        let written = try written(progress: progress)
        return (written.files, [], [], written.report, written.removed)
    }

    /// A folder's frames (named as they are written into one, `sequence.json` last) or a sheet's
    /// pages and data (named for ``prefix``), made on every core and encoded in memory; nothing written.
    private func encodedFiles(progress: (@Sendable (Int, Int) -> Void)?) throws -> [InMemoryFile] {
        if format.isSheet { return try SheetExport.encode(try sheetFiles(named: prefix + ".png", progress: progress)) }
        let encoder = Self.folderEncoder(count: count), numbered = SequenceWriter.numberingPrefix(prefix), scale = scale
        var files = try makeAll(progress: progress) { try encoder.encode($0) }.enumerated().map { index, bytes in
            InMemoryFile(name: SequenceWriter.fileName(prefix: numbered, number: index + 1, scale: scale), bytes: bytes)
        }
        if let manifest = folderManifest(prefix: numbered) {
            files.append(InMemoryFile(name: SequenceManifest.fileName, bytes: try manifest.encoded(file: SequenceManifest.fileName)))
        }
        return files
    }

    /// A folder's frames' encoder: one colour type for the whole sequence (validate flags mixed ones), RGBA unless single;
    /// zlib's default level, as the other frame folders are written (level 9 took 1.2 s a frame of 800² patterned art on
    /// one core, six times level 6's time for 5 % fewer bytes on the fixtures' frames).
    private static func folderEncoder(count: Int) -> PNG.Encoder {
        PNG.Encoder(colorMode: count == 1 ? .smallest : .rgba, compressionLevel: 6)
    }

    /// The `sequence.json` of a folder of frames named `prefix` (numbering-safe): for several frames, or one when asked.
    private func folderManifest(prefix: String) -> SequenceManifest? {
        guard count > 1 || manifestForOneFrame || manifest != nil else { return nil }
        var made = manifest ?? SequenceManifest(name: prefix, fps: fps, repeatCount: repeatCount)
        made.name = prefix
        return made
    }

    /// A sheet's pages and data (``Format/sheet``'s format) of every frame, saved as `name`: a
    /// sheet needs every frame at once anyway.
    private func sheetFiles(named name: String, progress: (@Sendable (Int, Int) -> Void)?) throws -> [SheetExport.File] {
        guard case .sheet(let data) = format else { return [] }
        let frames = try makeAll(progress: progress) { $0 }
        // The folder's naming rule: `fl2` numbers its sprites `fl2_1`, not `fl21`.
        let numbered = SequenceWriter.numberingPrefix(prefix)
        let sprites = frames.enumerated().map { index, bitmap in
            SheetBuilder.Input(name: "\(numbered)\(index + 1)", bitmap: bitmap, sequence: prefix, duration: 1 / fps)
        }
        // Its plays, as a folder's sequence.json keeps them (formats that store plays write them: Aseprite's `repeat`).
        var sheet = try SheetBuilder(layout: .rows).build(sprites)
        sheet.animations = sheet.animations.map { animation in
            var played = animation
            played.repeatCount = repeatCount
            return played
        }
        return try SheetExport.files(for: [sheet], format: data, output: name)
    }

    /// Writes a PNG, a sheet or a folder.
    private func writeFiles(progress: (@Sendable (Int, Int) -> Void)?) throws -> [String] {
        switch format {
        case .gif, .apng, .webp:
            return try written(progress: progress).files
        case .png:
            // One set owned by the name, so a sheet written there before under the same name
            // (`generate -o g.png` of several frames: g.png + g.json) is replaced as a whole.
            let set = OutputSet(owner: output, protecting: inputs)
            set.replacesOtherShape = true
            try checkCancelled()
            try PNG.Encoder().write(try frame(0), to: output, in: set, named: overwrite)
            progress?(1, 1)
            try checkCancelled()
            if let batch { batch.add(set); return [output] }
            do { try set.commit() } catch { throw RenderError.writing(error) }
            return [output]
        case .sheet:
            return try written(progress: progress).files
        case .folder:
            return try writeFolder(with: try folderWriter(), progress: progress)
        }
    }

    /// The writer of a folder's frames.
    private func folderWriter() throws -> SequenceWriter {
        let writer = try SequenceWriter(folder: output, prefix: prefix, scale: scale, encoder: Self.folderEncoder(count: count),
                                        protecting: inputs, overwrite: overwrite)
        writer.origin = origin
        return writer
    }

    /// Every frame made and written by `writer`, committed (or added to ``batch``); the paths.
    private func writeFolder(with writer: SequenceWriter, progress: (@Sendable (Int, Int) -> Void)?) throws -> [String] {
        let cancellation = cancellation, frame = frame
        try writer.writeFrames(count: count, progress: JobProgress.counts(progress)) { index in
            if cancellation?.isCancelled == true { throw CancellationError() }
            return try frame(index)
        }
        try checkCancelled()
        return try writer.commit(manifest: folderManifest(prefix: writer.prefix), into: batch, together: scalesWrittenTogether)
    }

    /// The animation's bytes, written nowhere: GIF, APNG or WebP only (a folder, a PNG or a sheet
    /// have no single bytes to return).
    package func encode(progress: (@Sendable (Int, Int) -> Void)? = nil) throws -> [UInt8] {
        try encoded(progress: progress).bytes
    }

    /// The animation's bytes and its encoder's report (`nil` for a PNG), as ``encode(progress:)`` makes them.
    package func encoded(progress: (@Sendable (Int, Int) -> Void)? = nil) throws -> (bytes: [UInt8], report: AssembleJob.Report?) {
        try rethrowingFrameError { try encodedBytes(progress: progress) }
    }

    private func encodedBytes(progress: (@Sendable (Int, Int) -> Void)?) throws -> (bytes: [UInt8], report: AssembleJob.Report?) {
        switch format {
        case .gif:
            let (bytes, report) = try GIF.Encoder(repeatCount: repeatCount).encode(input(), progress: JobProgress.counts(progress))
            return (bytes, .gif(report))
        case .apng:
            let (bytes, report) = try APNG.Encoder(repeatCount: repeatCount).encode(input(), progress: JobProgress.counts(progress))
            return (bytes, .apng(report))
        case .webp:
            let (bytes, report) = try WebP.Encoder(repeatCount: repeatCount).encode(input(), progress: JobProgress.counts(progress))
            return (bytes, .webp(report))
        case .png:
            try checkCancelled()
            return (try PNG.Encoder().encode(try frame(0)), nil)
        case .folder, .sheet:
            throw OutputError.unsupportedName(path: output, reason: "a folder's or a sheet's files come from encodedFiles, not as one file's bytes")
        }
    }

    private func checkCancelled() throws {
        if cancellation?.isCancelled == true { throw CancellationError() }
    }

    /// Every frame, made on every core and handed to `transform` there (a PNG encoder), in order.
    private func makeAll<T: Sendable>(progress: (@Sendable (Int, Int) -> Void)?, _ transform: @escaping @Sendable (Bitmap) throws -> T) throws -> [T] {
        let slots = ParallelSlots<Result<T, any Error>>(count: count)
        let count = count, frame = frame, cancellation = cancellation
        ParallelLoop.perform(count) { index in
            let made: Result<T, any Error> = cancellation?.isCancelled == true ? .failure(CancellationError()) : Result { try transform(frame(index)) }
            let done = slots.store(made, at: index)
            progress?(done, count)
        }
        return try slots.values.map { slot in
            guard let slot else { throw CancellationError() }
            return try slot.get()
        }
    }
}

/// The first error a frame threw, kept from the worker threads.
private final class FirstFrameError: Sendable {
    private let first = Mutex<(any Error)?>(nil)

    func keep(_ error: any Error) { first.withLock { if $0 == nil { $0 = error } } }
    var error: (any Error)? { first.withLock { $0 } }
}
