import Foundation

/// A tally of the pixels a blur's passes read, for tests that bound the work by the image's size
/// (never by time). A pass reads ``current`` once, on the calling thread, and hands it to its
/// rows' loops, which add their reads row by row; with none bound (always, outside tests) nothing
/// is counted and a pass pays one `nil` check a row.
final class BlurWork: @unchecked Sendable {
    /// The tally a blur started under `BlurWork.$current.withValue(…)` adds to.
    @TaskLocal static var current: BlurWork?

    private let lock = NSLock()
    private var total = 0

    /// Pixels read so far (a pixel is its four channels; one term of a series over a pixel counts one).
    var count: Int { lock.withLock { total } }

    func add(_ pixels: Int) { lock.withLock { total += pixels } }
}
