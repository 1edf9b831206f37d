import Basics
import Foundation
import Raster

/// Writes a sequence folder — `NAME1.png … NAMEn.png` (`NAME1@2x.png` at scale 2) and its
/// `sequence.json` — replacing what was there as a whole or not at all (Basics' `OutputSet`): what
/// `flipbook generate` writes for a folder and `flipbook frames` for a GIF.
///
/// Frames may be written from several threads at once, in any order; nothing appears in the
/// folder before ``commit(manifest:)``.
///
/// The folder's files follow Basics' output contract (`OutputSet`): no frame may replace one of
/// the `inputs`; the set replaces the sequence Flipbook wrote earlier under the same prefix as a
/// whole (a rerun with fewer frames leaves exactly the new ones; each scale's frames are their
/// own set, so `@1x` and `@2x` runs live side by side) and never a file it did not write. A prefix that ends in a digit gets a `_` before the frame numbers (`orc1_1.png`, not
/// `orc11.png`), so the files read back as the same sequence.
public final class SequenceWriter: Sendable {
    /// The folder written.
    public let folder: String
    /// The file name before each frame's number: the prefix asked for, with a `_` after it when it
    /// ends in a digit.
    public let prefix: String
    /// Pixels per point of the frames: `@Nx` in their names when more than 1; one of
    /// ``Animation/scaleRange`` (1…3).
    public let scale: Int
    /// What the writer may be asked for: ``writeFrames(count:progress:_:)`` refuses a count over
    /// its `maxFrames` before any file is written.
    public let limits: ResourceLimits
    let encoder: PNG.Encoder
    let set: OutputSet
    /// What the frames are made from apart from their scale (Basics' `OutputSet.origin`),
    /// recorded with them when set before ``commit(manifest:)``; `nil` records none.
    package var origin: String? {
        get { set.origin }
        set { set.origin = newValue }
    }
    /// Whether a file of the user's at one of the set's names may be replaced (`flipbook frames
    /// --overwrite`); never an input, never a file of another set.
    private let overwrite: Bool
    let numbers = Numbers()
    /// Whether the folder did not exist before this writer: removed again when nothing is committed.
    private let createdFolder: Bool
    private let committed = Flag()

    /// A writer into `folder` (created with its parents when missing), none of whose files may be
    /// one of `inputs`. Throws ``Error/output(_:)`` when `folder` is an input or a file, or when
    /// `prefix` is not a plain file name (a `/`, a leading dot), and ``Error/write(_:)`` when the
    /// folder cannot be created. The default `encoder` writes every frame at 8 bits (a palette when
    /// its colours fit one), so the frames share a colour type as far as their colours allow.
    /// `overwrite`: a file Flipbook did not write at a frame's name (or `sequence.json`) may be
    /// replaced, as a user names a file outright; never an input or another set's file. A `scale`
    /// outside ``Animation/scaleRange`` (1…3: `w1@9x.png` is no name UIKit reads) or `limits` out
    /// of range (`ResourceLimits.rangeError`) are ``Error/setting(_:)``, before the folder is made.
    public init(folder: String, prefix: String, scale: Int = 1, encoder: PNG.Encoder = PNG.Encoder(colorMode: .eightBit),
                protecting inputs: InputFiles = InputFiles(), overwrite: Bool = false, limits: ResourceLimits = .default) throws(Error) {
        if let error = ImageFileName.scaleError(scale, of: "SequenceWriter") { throw .setting(error) }
        if let error = limits.rangeError { throw .setting(error) }
        let folder = Discovery.trimmingSlash(folder)
        guard !prefix.contains("/"), !prefix.hasPrefix("."), !prefix.contains("\0") else {
            throw .output(.unsupportedName(path: prefix, reason: "a frame prefix is a plain file name: no folder, not hidden"))
        }
        createdFolder = isMissing(folder)
        do { try inputs.prepare(folder: folder) } catch { throw .writing(error) }
        let prefix = Self.numberingPrefix(prefix)
        self.folder = folder
        self.prefix = prefix
        // Each scale's frames are a set of their own (@1x and @2x variants live side by side).
        self.set = OutputSet(owner: folder + "/" + prefix + (scale == 1 ? "" : "@\(scale)x"), protecting: inputs)
        self.scale = scale
        self.limits = limits
        self.encoder = encoder
        self.overwrite = overwrite
    }

    /// The name before each frame's number for `prefix`: `prefix` with a `_` after it when it ends in
    /// a digit (`orc1` → `orc1_`), so `orc1_1` does not read back as frame 11 of `orc`. Every writer
    /// that numbers frames or sprites after a name uses it (folders here, sheet sprites in Compose).
    package static func numberingPrefix(_ prefix: String) -> String {
        prefix.last?.isNumber == true ? prefix + "_" : prefix
    }

    /// Where frame `number` (1-based, unpadded as UIKit names frames) is written.
    public func path(forFrame number: Int) -> String {
        "\(folder)/\(Self.fileName(prefix: prefix, number: number, scale: scale))"
    }

    /// The file name of frame `number` of `prefix` (already numbering-safe: ``numberingPrefix(_:)``)
    /// at `scale`: `walk3.png`, `walk3@2x.png`.
    package static func fileName(prefix: String, number: Int, scale: Int) -> String {
        "\(prefix)\(number)\(scale == 1 ? "" : "@\(scale)x").png"
    }

    /// Encodes frame `number` (1 or more: a lower one is refused as ``Error/output(_:)``, Basics'
    /// `OutputError.unsupportedName`) to its temporary file. Throws ``Error/encode(_:)`` when the
    /// frame cannot be encoded or written, ``Error/output(_:)`` when the output contract refuses the file.
    public func write(_ bitmap: Bitmap, number: Int) throws(Error) {
        // `walk-1.png` would read back as frame 1 of the sequence `walk-`.
        guard number >= 1 else {
            throw .output(.unsupportedName(path: path(forFrame: number), reason: "frame numbers start at 1 (\(number) was given)"))
        }
        let path = path(forFrame: number), bytes: [UInt8]
        do { bytes = try encoder.encode(bitmap) } catch { throw .encode(error) }
        do { try set.write(bytes, to: path, named: overwrite) } catch {
            switch error {
            case .refused(let error): throw .output(error)
            case .write(let error): throw .encode(.writeFailed(file: path, reason: error.reason))
            }
        }
        numbers.add(number, colorType: bytes.count > 25 ? bytes[25] : 0, size: (bitmap.width, bitmap.height))
    }

    /// Frames `1...count`, made by `frame(index)` for index `0..<count` and encoded on every core;
    /// `progress` hears of each frame written as a `JobProgress` (Basics) of phase `writing`. The indices are handed out in order, each to the next
    /// free thread, so frames decoded one after another (an animated file's, Animated's
    /// `FrameStream`) are asked for in order and read once. The first error stops the writes still
    /// to start: the writer's own, or `frame`'s as ``Error/limit(_:)`` (a `LimitError`) or
    /// ``Error/frame(number:reason:)``. A `count` over ``limits``' `maxFrames` is
    /// ``Error/limit(_:)`` before any frame is made or file written; a count under 1 writes nothing.
    public func writeFrames(count: Int, progress: (@Sendable (JobProgress) -> Void)? = nil,
                            _ frame: @Sendable (Int) throws -> Bitmap) throws(Error) {
        do { try limits.check(.frames, count, of: "SequenceWriter.writeFrames(count:)") } catch { throw .limit(error) }
        let state = WriteState()
        let progress = JobProgress.counter(for: progress, phase: .writing)
        // Not in contiguous chunks per thread: chunk 2 would start half-way through the file while
        // chunk 1 reads its start, and a stream would decode from the start again for each frame.
        ParallelLoop.perform(max(0, count)) { index in
            guard !state.failed else { return }
            do {
                let bitmap: Bitmap
                do { bitmap = try frame(index) } catch { throw Error.from(error, frame: index + 1) }
                try self.write(bitmap, number: index + 1)
                progress?(state.finishOne(), count)
            } catch {
                state.fail(error)
            }
        }
        if let error = state.error { throw .from(error) }
    }

    /// The files of the folder's earlier set (the one this writer replaces) that the commit
    /// removed, as opened: frames this run does not write again, a `sequence.json` it no longer
    /// writes. Empty before the commit.
    package var removed: [String] { self.set.removed }

    /// Adds `manifest` as `sequence.json` (when given) and renames every file into place. Returns
    /// the paths written: frames by number, then the manifest. Refuses (``Error/output(_:)``)
    /// when the folder holds a frame of this prefix that Flipbook did not write (the set would
    /// read back mixed with it), and, with a manifest, frames of another sequence that Flipbook
    /// did not write (the folder would read as the new one).
    @discardableResult
    public func commit(manifest: SequenceManifest? = nil) throws(Error) -> [String] {
        try commit(manifest: manifest, into: nil)
    }

    /// ``commit(manifest:)``, with the set added to `batch` (Basics' `OutputBatch`) instead of
    /// renamed now, when given: the batch commits it with the run's other sets (its other scales).
    /// The paths are those the batch will put in place. `together`: the other scales of this
    /// sequence the batch writes (a run over every scale of its source) — their files there now
    /// are the previous run's, replaced with this scale's, so their count and timing are no reason
    /// to refuse this one.
    @discardableResult
    package func commit(manifest: SequenceManifest?, into batch: OutputBatch?, together: Set<Int> = []) throws(Error) -> [String] {
        try uniformColorType()
        var paths = numbers.sorted.map(path(forFrame:))
        // A frame of this prefix that the set neither writes nor wrote (the user's `fire40.png`
        // beside `fire1…33`) would read back as part of this sequence.
        let written = Set(paths)
        // The folder listed once, for the three checks below.
        let entries = (try? FileIO.entries(of: folder)) ?? []
        for name in entries {
            let path = folder + "/" + name
            guard let file = FrameFile(path: path), file.prefix == prefix, !written.contains(path), !set.isOwnEarlierFile(path) else { continue }
            throw .output(.mixesWithFrame(path: path, prefix: prefix))
        }
        // A sequence.json beside another sequence's frames (the user's `gold_1…4`) would make the
        // folder read as this one: assembling the folder would silently show the new frames.
        if manifest != nil {
            for name in entries {
                let path = folder + "/" + name
                guard let file = FrameFile(path: path), file.prefix != prefix, !OutputSet.isRecorded(path) else { continue }
                throw .output(.holdsAnotherSequence(folder: folder, prefix: file.prefix))
            }
        }
        if let manifest {
            do { try checkOtherScales(against: manifest, frames: paths.count, entries: entries, skipping: batch == nil ? [] : together) } catch { throw .output(error) }
        }
        if let manifest {
            let path = folder + "/" + SequenceManifest.fileName
            do { try manifest.write(to: path, in: set, named: overwrite) } catch { throw .from(error) }
            paths.append(path)
        }
        if let batch {
            // Kept alive by the batch until it commits; dropped uncommitted, `deinit` discards.
            batch.add(set) { self.committed.set() }
            return paths
        }
        do { try set.commit() } catch { throw .writing(error) }
        committed.set()
        return paths
    }

    /// Refuses a manifest that would retime this sequence's frames at another scale (they share
    /// `sequence.json`), or a run of another frame count than theirs: `generate --scale 2 --fps 10`
    /// into a folder of a 30 fps @1x run changed its timing, and left a sequence UIKit loads with
    /// frames missing, without a word.
    private func checkOtherScales(against manifest: SequenceManifest, frames: Int, entries: [String], skipping together: Set<Int>) throws(OutputError) {
        var counts: [Int: Int] = [:], first: [Int: FrameFile] = [:]
        for name in entries {
            guard let file = FrameFile(path: folder + "/" + name), file.prefix == prefix, file.scale != scale,
                  !together.contains(file.scale), !set.isBuildsOwnEarlierFile(file.path) else { continue }
            counts[file.scale, default: 0] += 1
            if first[file.scale].map({ file.number < $0.number }) ?? true { first[file.scale] = file }
        }
        guard let (otherScale, count) = counts.min(by: { $0.key < $1.key }) else { return }
        let path = folder + "/" + SequenceManifest.fileName
        // Without a sequence.json there (one frame written alone), the count is the whole reason.
        if count != frames, isMissing(path) {
            throw .otherScaleCount(folder: folder, prefix: prefix, otherScale: otherScale, count: count, scale: scale, frames: frames)
        }
        if count != frames {
            throw .otherScaleDiffers(path: path, otherScale: otherScale,
                                     detail: "there \(count == 1 ? "is 1 frame" : "are \(count) frames") at @\(otherScale)x where this @\(scale)x run writes \(frames)")
        }
        // The same points at every scale: a scene resized, or a source that lost its @2x frames,
        // left the other scale's frames at the old size beside these (a folder no reader takes).
        if let own = numbers.firstSize, let other = first[otherScale], let header = try? PNG.Decoder().readHeader(file: other.path),
           header.width * scale != own.width * otherScale || header.height * scale != own.height * otherScale {
            throw .otherScaleDiffers(path: path, otherScale: otherScale, detail: "its @\(otherScale)x frames are \(header.width)×\(header.height) px "
                + "(\(FileIO.lastComponent(of: other.path))) where this run's \(own.width)×\(own.height) px at @\(scale)x would be "
                + "\(own.width * otherScale / scale)×\(own.height * otherScale / scale) there")
        }
        if let existing = try? SequenceManifest.read(file: path), existing != manifest, !Self.timesAlike(manifest, existing, frames: frames) {
            throw .otherScaleDiffers(path: path, otherScale: otherScale, detail: "this run times them otherwise (\(Self.difference(manifest, from: existing)))")
        }
    }

    /// Whether two manifests play `frames` frames alike though written otherwise (`fps 25` and
    /// `frameDurations [40, 40]`): every other key equal, and each step shown as long (to a
    /// microsecond), as a reader plays them.
    static func timesAlike(_ mine: SequenceManifest, _ theirs: SequenceManifest, frames: Int) -> Bool {
        var mineOthers = mine, theirOthers = theirs
        mineOthers.fps = nil; mineOthers.duration = nil; mineOthers.frameDurations = nil
        theirOthers.fps = nil; theirOthers.duration = nil; theirOthers.frameDurations = nil
        guard mineOthers == theirOthers, frames > 0, frames <= 100_000 else { return false }
        let stand = [FrameSource](repeating: .file(""), count: frames)
        guard let a = try? mine.animation(frames: stand).stepDurations(), let b = try? theirs.animation(frames: stand).stepDurations(),
              a.count == b.count else { return false }
        return zip(a, b).allSatisfy { abs($0 - $1) <= 1e-6 }
    }

    /// How `mine` times a sequence otherwise than `theirs`, key by key (`repeatCount 0 (forever) here, 3
    /// there`), so the run that would retime the other scale says what to give to match it.
    static func difference(_ mine: SequenceManifest, from theirs: SequenceManifest) -> String {
        func plays(_ count: Int?) -> String { (count ?? 0) == 0 ? "0 (forever)" : "\(count ?? 0)" }
        func value(_ number: Double?) -> String { number.map(InputValue.format) ?? "none" }
        var parts: [String] = []
        if (mine.repeatCount ?? 0) != (theirs.repeatCount ?? 0) { parts.append("repeatCount \(plays(mine.repeatCount)) here, \(plays(theirs.repeatCount)) there") }
        if (mine.direction ?? .forward) != (theirs.direction ?? .forward) {
            parts.append("direction \((mine.direction ?? .forward).rawValue) here, \((theirs.direction ?? .forward).rawValue) there")
        }
        if mine.fps != theirs.fps { parts.append("fps \(value(mine.fps)) here, \(value(theirs.fps)) there") }
        if mine.duration != theirs.duration { parts.append("duration \(value(mine.duration)) here, \(value(theirs.duration)) there") }
        if mine.frameDurations != theirs.frameDurations { parts.append("frameDurations differ") }
        return parts.isEmpty ? "another manifest" : parts.joined(separator: "; ")
    }

    deinit {
        // A write given up (a corrupt GIF, an error): no temporary file stays, nor a folder this
        // writer created and nothing filled.
        guard !committed.value else { return }
        set.discard()
        if createdFolder { FileIO.removeEmptyFolder(folder) }
    }
}

/// The first error of a parallel write and the count of frames done.
private final class WriteState: @unchecked Sendable {
    private let lock = NSLock()
    private var done = 0
    private(set) var error: (any Swift.Error)?
    var failed: Bool { lock.withLock { error != nil } }
    func finishOne() -> Int { lock.withLock { done += 1; return done } }
    func fail(_ error: any Swift.Error) { lock.withLock { if self.error == nil { self.error = error } } }
}

/// A flag set once, from any thread.
private final class Flag: @unchecked Sendable {
    private let lock = NSLock()
    private var isSet = false
    var value: Bool { lock.withLock { isSet } }
    func set() { lock.withLock { isSet = true } }
}

/// Whether nothing is at `path` yet.
private func isMissing(_ path: String) -> Bool { FileIO.fingerprint(of: path) == nil }

/// The frame numbers written so far.
/// The frame numbers written, and each one's PNG colour type (``SequenceWriter/uniformColorType()``).
final class Numbers: @unchecked Sendable {
    private let lock = NSLock()
    private var numbers: [Int] = []
    private var colorTypes: [Int: UInt8] = [:]
    private var sizes: [Int: (width: Int, height: Int)] = [:]
    func add(_ number: Int, colorType: UInt8, size: (width: Int, height: Int)) {
        lock.withLock { numbers.append(number); colorTypes[number] = colorType; sizes[number] = size }
    }
    var sorted: [Int] { lock.withLock { numbers.sorted() } }
    /// The pixel size of the lowest frame number written.
    var firstSize: (width: Int, height: Int)? { lock.withLock { numbers.min().flatMap { sizes[$0] } } }
    var types: [Int: UInt8] { lock.withLock { colorTypes } }
}
