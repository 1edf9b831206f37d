import Basics
import Foundation
import Raster

extension APNG.Encoder {
    /// Encodes `input` into the file at the file URL `url`, as `write(_:to:protecting:overwrite:progress:)` with a path
    /// writes a path.
    public func write(_ input: FrameInput, to url: URL, protecting inputs: InputFiles = InputFiles(), overwrite: Bool = false,
                      progress: (@Sendable (JobProgress) -> Void)? = nil) throws(APNG.EncodeError) -> Report {
        try write(input, to: url.filePathForFlipbook, protecting: inputs, overwrite: overwrite, progress: progress)
    }
}
