import Foundation
import Raster

/// Writes a sequence folder — `NAME1.png … NAMEn.png` (`NAME1@2x.png` at scale 2) and its
/// `sequence.json` — replacing what was there as a whole or not at all (Raster's `OutputSet`): what
/// `flipbook generate` writes for a folder and `flipbook frames` for a GIF.
///
/// Frames may be written from several threads at once, in any order; nothing appears in the
/// folder before ``commit(manifest:)``.
public final class SequenceWriter: Sendable {
    /// The folder written.
    public let folder: String
    /// The file name before each frame's number.
    public let prefix: String
    /// Pixels per point of the frames: `@Nx` in their names when more than 1.
    public let scale: Int
    private let encoder: PNG.Encoder
    private let set = OutputSet()
    private let numbers = Numbers()

    /// A writer into `folder` (created with its parents when missing).
    public init(folder: String, prefix: String, scale: Int = 1, encoder: PNG.Encoder = PNG.Encoder()) throws(FileIO.Error) {
        try FileIO.createDirectory(folder)
        self.folder = folder
        self.prefix = prefix
        self.scale = scale
        self.encoder = encoder
    }

    /// Where frame `number` (1-based, unpadded as UIKit names frames) is written.
    public func path(forFrame number: Int) -> String {
        "\(folder)/\(prefix)\(number)\(scale == 1 ? "" : "@\(scale)x").png"
    }

    /// Encodes frame `number` to its temporary file.
    public func write(_ bitmap: Bitmap, number: Int) throws(PNG.EncodeError) {
        try encoder.write(bitmap, to: path(forFrame: number), in: set)
        numbers.add(number)
    }

    /// Frames `1...count`, made by `frame(index)` for index `0..<count` and encoded on every core;
    /// `progress(done, count)` after each. The first error stops the writes still to start.
    public func writeFrames(count: Int, progress: (@Sendable (Int, Int) -> Void)? = nil,
                            _ frame: @Sendable (Int) throws -> Bitmap) throws {
        let state = WriteState()
        ParallelLoop.run(count) { index in
            guard !state.failed else { return }
            do {
                try self.write(try frame(index), number: index + 1)
                progress?(state.finishOne(), count)
            } catch {
                state.fail(error)
            }
        }
        if let error = state.error { throw error }
    }

    /// Adds `manifest` as `sequence.json` (when given) and renames every file into place. Returns
    /// the paths written: frames by number, then the manifest.
    @discardableResult
    public func commit(manifest: SequenceManifest? = nil) throws -> [String] {
        var paths = numbers.sorted.map(path(forFrame:))
        if let manifest {
            let path = folder + "/" + SequenceManifest.fileName
            try manifest.write(to: path, in: set)
            paths.append(path)
        }
        try set.commit()
        return paths
    }
}

/// The first error of a parallel write and the count of frames done.
private final class WriteState: @unchecked Sendable {
    private let lock = NSLock()
    private var done = 0
    private(set) var error: (any Error)?
    var failed: Bool { lock.withLock { error != nil } }
    func finishOne() -> Int { lock.withLock { done += 1; return done } }
    func fail(_ error: any Error) { lock.withLock { if self.error == nil { self.error = error } } }
}

/// The frame numbers written so far.
private final class Numbers: @unchecked Sendable {
    private let lock = NSLock()
    private var numbers: [Int] = []
    func add(_ number: Int) { lock.withLock { numbers.append(number) } }
    var sorted: [Int] { lock.withLock { numbers.sorted() } }
}
