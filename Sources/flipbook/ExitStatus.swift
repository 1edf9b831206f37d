import Animated
import ArgumentParser
import Atlas
import Basics
import FrameGen
import GIF
import Raster

/// The exit codes of the CLI contract, and the one place where errors become them: commands and
/// libraries throw, ``Flipbook/main()`` prints the error and exits with ``init(for:)``.
///
/// 0 success; 1 the work ran and found problems (validation errors, a budget not met); 2 usage
/// error (arguments, config); 3 an input is unreadable, corrupt or over a limit; 4 an output could
/// not be written.
enum ExitStatus: Int32 {
    case success = 0
    case problemsFound = 1
    case usage = 2
    case inputUnreadable = 3
    case outputUnwritable = 4

    /// The status for an error a command threw.
    init(for error: any Error) {
        switch error {
        case let outcome as ProblemsFound: self = outcome.status
        // A file where a folder was asked for (`validate x.png`, `sheet x.png/`): the argument is wrong.
        case Discovery.Error.notAFolder, Animation.LoadError.discovery(.notAFolder), SheetJobError.source(.notAFolder),
             AssembleError.source(.discovery(.notAFolder)), Validator.Error.source(.notAFolder): self = .usage
        case let error as AssembleError: self = Self(assembling: error)
        case let error as SheetJobError: self = Self(sheet: error)
        case let error as FramesJobError: self = Self(frames: error)
        case Validator.Error.source(let error): self = Self(for: error)
        case Validator.Error.cancelled: self = .outputUnwritable
        case Animation.LoadError.gifAmongOtherSources: self = .usage
        case is UnreadableInputs: self = .inputUnreadable
        case is UsageError, is ValidationError: self = .usage
        // An output the contract refuses (over an input, over a file Flipbook did not write, a name
        // promising another format): nothing was written.
        case is OutputError: self = .usage
        // Settings the user chose, found wrong only once read.
        case is ValidationConfig.Error, is SheetEngine.Refusal, is SheetExport.Error, is NineSlice.Error, is Animation.PlaybackError:
            self = .usage
        case let error as FileIO.Error: self = error.operation == .write ? .outputUnwritable : .inputUnreadable
        case SequenceManifest.Error.unwritable: self = .outputUnwritable
        case is PNG.EncodeError: self = .outputUnwritable
        case GIF.EncodeError.setting: self = .usage
        case let error as GIF.EncodeError:
            if case .invalidInput = error { self = .inputUnreadable } else { self = .outputUnwritable }
        case is SheetBuilder.Error: self = .problemsFound
        // Everything else was read from a file: PNG/GIF decoding, sequences and manifests, scenes,
        // path data, sheet data, limits an input asked to exceed.
        default: self = .inputUnreadable
        }
    }
}

extension ExitStatus {
    /// The status for each way an ``AssembleJob`` fails.
    init(assembling error: AssembleError) {
        switch error {
        case .source(let error): self = Self(for: error)
        case .playback, .output, .setting, .encode(.setting), .encodeAPNG(.setting), .encodeWebP(.setting): self = .usage
        case .frame, .limit, .encode(.invalidInput), .encodeAPNG(.invalidInput), .encodeWebP(.invalidInput): self = .inputUnreadable
        case .encode, .encodeAPNG, .encodeWebP, .write, .cancelled: self = .outputUnwritable
        }
    }
}

extension ExitStatus {
    /// The status for each way a ``SheetJob`` fails.
    init(sheet error: SheetJobError) {
        switch error {
        case .source, .manifest, .frame, .limit: self = .inputUnreadable
        case .engine, .format, .output, .setting: self = .usage
        case .packing: self = .problemsFound
        case .write, .encode, .cancelled: self = .outputUnwritable
        }
    }
}

extension ExitStatus {
    /// The status for each way a ``FramesJob`` fails.
    init(frames error: FramesJobError) {
        switch error {
        case .folderGiven, .prefixForSheet, .invalidPrefix, .output: self = .usage
        case .gif, .animation, .stillImage, .sheet: self = .inputUnreadable
        // Data that names a file outside its folder, or asks for more than a limit: the input's fault.
        case .outsideFolder, .limit: self = .inputUnreadable
        case .encode, .manifest, .write: self = .outputUnwritable
        }
    }
}

/// A usage problem found after parsing (an output that is an input, a size over a limit given by
/// a flag): exit 2 with the message.
struct UsageError: Error, CustomStringConvertible {
    var description: String
    init(_ message: String) { description = message }
    init(_ error: any Error) { description = "\(error)" }
}

/// The work ran and found problems (exit 1), already reported; `message`, when there is one, is
/// printed as the error line.
struct ProblemsFound: Error, CustomStringConvertible {
    var description: String = ""
    var status: ExitStatus { .problemsFound }
}

/// Some of several inputs could not be read, each already reported (exit 3).
struct UnreadableInputs: Error, CustomStringConvertible {
    var count: Int
    /// Empty: each input's own error line has been printed.
    var description: String { "" }
}
