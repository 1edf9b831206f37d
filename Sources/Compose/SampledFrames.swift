import Foundation
import Raster

/// The frames made at a few indices (a GIF's first and middle), kept from the worker threads.
final class SampledFrames: @unchecked Sendable {
    private let lock = NSLock()
    private var kept: [Int: Bitmap] = [:]

    func keep(_ bitmap: Bitmap, at index: Int) {
        lock.lock()
        kept[index] = bitmap
        lock.unlock()
    }

    /// The frames kept, in index order.
    var frames: [Bitmap] {
        lock.lock()
        defer { lock.unlock() }
        return kept.keys.sorted().compactMap { kept[$0] }
    }
}
