import Basics
import Foundation

/// Tells the encoders which neighbouring frames are the same file bytes
/// (``FrameSource/isIdentical(to:)``), reading each file once when asked in order — (0, 1),
/// (1, 2), … — as they ask: the later file's bytes are kept for the next question.
final class RepeatFinder: @unchecked Sendable {
    private let frames: [FrameSource]
    private let lock = NSLock()
    /// The file read last, by frame index.
    private var last: (index: Int, bytes: [UInt8]?)?

    init(_ frames: [FrameSource]) {
        self.frames = frames
    }

    /// Whether frames `a` and `b` are known to be identical without decoding them.
    func identical(_ a: Int, _ b: Int) -> Bool {
        guard case .file(let pathA) = frames[a], case .file(let pathB) = frames[b], pathA != pathB else {
            return frames[a].isIdentical(to: frames[b])
        }
        return lock.withLock {
            let bytesA = last?.index == a ? last?.bytes : try? FileIO.readAll(pathA)
            let bytesB = try? FileIO.readAll(pathB)
            last = (b, bytesB)
            guard let bytesA, let bytesB else { return false }
            return bytesA == bytesB
        }
    }
}
