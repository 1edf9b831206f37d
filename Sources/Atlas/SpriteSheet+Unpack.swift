import Animated
import Basics
import Raster

/// A sheet's frames written out: every sprite's original frame as a PNG in a folder (one set of
/// the output contract) or in memory, one colour type for each numbered sequence.
extension SpriteSheet {
    /// Writes every sprite's original frame (``frame(_:limits:)``) into `folder` (created if needed) under
    /// ``fileName(for:)``; two sprites whose names map to the same file are refused before anything
    /// is written. `source` names the data file in errors. The frames are one set of Basics'
    /// `OutputSet`, owned by the data file `source` (a SpriteKit atlas by its plist, however it is
    /// spelled): they replace the frames an earlier
    /// unpacking of that sheet wrote there as a whole, never a file Flipbook did not write, and
    /// never one of ``sourceFiles`` or `source` (Basics' `OutputError`); with `overwrite`, a file
    /// of the user's at a frame's name is replaced (never an input or another set's file).
    /// `progress`, when given, receives (frames written, frames in all) after each frame; a raised
    /// `cancellation` stops before the next one with ``FramesJobError/cancelled``, nothing committed. Returns
    /// the paths written, in sprite order. Throws only ``FramesJobError``, as ``FramesJob`` does:
    /// ``FramesJobError/sheet(_:)`` for a sprite that cannot be cut or named as a file,
    /// ``FramesJobError/output(_:)`` for an output the contract refuses, ``FramesJobError/encode(_:)``
    /// and ``FramesJobError/write(_:)`` when a frame cannot be written.
    public func unpack(into folder: String, source: String, overwrite: Bool = false, limits: ResourceLimits = .default,
                       cancellation: CancellationFlag? = nil, progress: ((Int, Int) -> Void)? = nil) throws(FramesJobError) -> [String] {
        try unpack(into: folder, source: source, timing: nil, overwrite: overwrite, limits: limits, cancellation: cancellation, progress: progress)
    }

    /// ``unpack(into:source:overwrite:limits:cancellation:progress:)`` with `timing`, when given, written
    /// as the folder's `sequence.json` in the same set (its path last in the paths returned):
    /// `FramesJob`'s frames of one animation.
    func unpack(into folder: String, source: String, timing: SequenceManifest?, overwrite: Bool, limits: ResourceLimits,
                cancellation: CancellationFlag?, progress: ((Int, Int) -> Void)?) throws(FramesJobError) -> [String] {
        let files = try checkedFileNames(source: source, limits: limits)
        let folder = Discovery.trimmingSlash(folder)
        let inputs = InputFiles([source] + sourceFiles)
        do { try inputs.prepare(folder: folder) } catch { throw .writing(error) }
        // Owned by the sheet read: another sheet of the same name elsewhere is another set.
        let set = OutputSet(owner: SheetImport.dataFile(source), protecting: inputs)
        do {
            let paths = files.map { folder + "/" + $0 }
            // Each frame in the smallest 8-bit form its colours allow; then one colour type for
            // each numbered sequence (validate reports a mix as png.colortype-mixed).
            var types: [UInt8] = []
            for (index, (sprite, path)) in zip(sprites, paths).enumerated() {
                if cancellation?.isCancelled == true { throw FramesJobError.cancelled }
                let bytes = try PNG.Encoder(colorMode: .eightBit).encode(try frame(sprite, limits: limits))
                do { try set.write(bytes, to: path, named: overwrite) } catch { throw FramesJobError.writing(error) }
                types.append(Self.colorType(of: bytes))
                progress?(index + 1, paths.count)
            }
            for index in Self.widened(files: files, types: types) {
                do { try set.rewrite(try PNG.Encoder(colorMode: .rgba).encode(try frame(sprites[index], limits: limits)), at: paths[index]) }
                catch { throw FramesJobError.from(error) }
            }
            var written = paths
            if let timing {
                let path = folder + "/" + SequenceManifest.fileName
                try timing.write(to: path, in: set, named: overwrite)
                written.append(path)
            }
            do { try set.commit() } catch { throw FramesJobError.writing(error) }
            return written
        } catch {
            throw FramesJobError.from(error)
        }
    }

    /// Every sprite's original frame (``frame(_:limits:)``) as an in-memory PNG named as
    /// ``unpack(into:source:overwrite:limits:cancellation:progress:)`` names it on disk, in sprite order,
    /// under the same checks (`source` names the data in messages); nothing is written.
    public func unpackedFrames(source: String, limits: ResourceLimits = .default, cancellation: CancellationFlag? = nil,
                               progress: ((Int, Int) -> Void)? = nil) throws(FramesJobError) -> [InMemoryFile] {
        try unpackedFrames(source: source, timing: nil, limits: limits, cancellation: cancellation, progress: progress)
    }

    /// ``unpackedFrames(source:limits:cancellation:progress:)`` with `timing`, when given, as a
    /// `sequence.json` last.
    func unpackedFrames(source: String, timing: SequenceManifest?, limits: ResourceLimits, cancellation: CancellationFlag?,
                        progress: ((Int, Int) -> Void)?) throws(FramesJobError) -> [InMemoryFile] {
        let files = try checkedFileNames(source: source, limits: limits)
        var frames: [InMemoryFile] = []
        for (index, (sprite, name)) in zip(sprites, files).enumerated() {
            if cancellation?.isCancelled == true { throw .cancelled }
            do { frames.append(InMemoryFile(name: name, bytes: try PNG.Encoder(colorMode: .eightBit).encode(try frame(sprite, limits: limits)))) }
            catch { throw FramesJobError.from(error) }
            progress?(index + 1, files.count)
        }
        // One colour type for each numbered sequence, as on disk.
        for index in Self.widened(files: files, types: frames.map { Self.colorType(of: $0.bytes) }) {
            do { frames[index].bytes = try PNG.Encoder(colorMode: .rgba).encode(try frame(sprites[index], limits: limits)) }
            catch { throw FramesJobError.from(error) }
        }
        if let timing {
            do { frames.append(InMemoryFile(name: SequenceManifest.fileName, bytes: try timing.encoded(file: SequenceManifest.fileName))) }
            catch { throw .manifest(error) }
        }
        return frames
    }

    /// The PNG colour type of `bytes` (IHDR's byte 25).
    static func colorType(of bytes: [UInt8]) -> UInt8 { bytes.count > 25 ? bytes[25] : 0 }

    /// The frames (indices into `files`, file names in sprite order, of PNG colour `types`) to
    /// write again as RGBA: those not RGBA in a numbered sequence whose frames do not share one
    /// colour type (a palette-sized last frame of a fire), so that the folder reads back as one
    /// sequence of one colour type, as `SequenceWriter` writes one (the same pixels, losslessly).
    static func widened(files: [String], types: [UInt8]) -> [Int] {
        var sequences: [String: [Int]] = [:]
        for (index, file) in files.enumerated() {
            guard let frame = FrameFile(path: FileIO.lastComponent(of: file)), !frame.numberText.isEmpty else { continue }
            sequences[frame.sequenceKey, default: []].append(index)
        }
        let rgba: UInt8 = 6
        return sequences.values.filter { indices in Set(indices.map { types[$0] }).count > 1 }
            .flatMap { $0.filter { types[$0] != rgba } }.sorted()
    }
}
