import Basics

/// What the GIF, APNG and WebP encoders' errors share: the cases for a cancelled encode, a frame
/// that could not be read, a caller's loader failing, the output contract refusing, and the file
/// system failing, and one mapping of whatever was thrown onto them.
package protocol EncoderError: Error {
    /// The input's cancellation flag was raised.
    static var cancelled: Self { get }
    /// A frame the input's `load` gave could not be read.
    static func frame(_ error: PNG.DecodeError) -> Self
    /// The input's `load` failed with an error of the caller's own.
    static func load(reason: String) -> Self
    /// The output contract refused the output.
    static func output(_ error: OutputError) -> Self
    /// The output file could not be written.
    static func writeFailed(_ error: FileIO.Error) -> Self
}

extension EncoderError {
    /// `error`, thrown while encoding (by the encoder or the input's `load`), as one of the cases.
    package static func encoding(_ error: any Error) -> Self {
        switch error {
        case let error as Self: error
        case let error as PNG.DecodeError: .frame(error)
        case let error as OutputError: .output(error)
        case is CancellationError: .cancelled
        default: .load(reason: "\(error)")
        }
    }

    /// `error`, thrown by the output set while opening, writing or committing the output: the
    /// output contract's refusal, or the file system's failure.
    package static func writing(_ error: OutputSet.Error) -> Self {
        switch error {
        case .refused(let error): .output(error)
        case .write(let error): .writeFailed(error)
        }
    }
}
