import Basics
import Foundation

extension AnimationDecoder {
    /// Opens the file at the file URL `url`, as ``init(file:limits:)`` opens a path: errors and
    /// warnings name its path.
    public init(url: URL, limits: ResourceLimits = .default) throws(AnimationDecodeError) {
        try self.init(file: url.filePathForFlipbook, limits: limits)
    }
}
