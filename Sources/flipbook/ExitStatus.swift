import Animated
import ArgumentParser
import Atlas
import Basics
import Compose
import FrameGen
import GIF
import Pipeline
import Preview
import Raster
import Text

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
        // `-` (standard input) as a source: an argument the commands do not take.
        case Discovery.Error.standardInput, Animation.LoadError.discovery(.standardInput), SheetJobError.source(.standardInput),
             AssembleError.source(.discovery(.standardInput)), Validator.Error.source(.standardInput): self = .usage
        // A folder of several animations and no frame: which one is meant must be said on the command line.
        case Discovery.Error.severalAnimations, Animation.LoadError.discovery(.severalAnimations), SheetJobError.source(.severalAnimations),
             AssembleError.source(.discovery(.severalAnimations)), Validator.Error.source(.severalAnimations): self = .usage
        // Two files whose names are one name to macOS or to Swift's String (`é` written two ways,
        // `Fire1.png` and `fire1.png`): the input must be renamed.
        case Discovery.Error.namesDifferInNormalization, Discovery.Error.namesDifferInCase: self = .inputUnreadable
        case let error as AssembleError: self = Self(assembling: error)
        case let error as SheetJobError: self = Self(sheet: error)
        case let error as FramesJobError: self = Self(frames: error)
        case let error as RenderError: self = Self(rendering: error)
        case let error as FrameOperationError: self = Self(operating: error)
        case Validator.Error.source(let error): self = Self(for: error)
        case Validator.Error.animation(let error): self = Self(for: error)
        case Validator.Error.cancelled: self = .outputUnwritable
        case Validator.Error.setting, Validator.Error.config: self = .usage
        case Validator.Error.nothingToCheck, Validator.Error.unvalidatedInShard: self = .inputUnreadable
        case MergedReport.Error.unreadable, MergedReport.Error.damaged: self = .inputUnreadable
        case is MergedReport.Error, is Shard.Error: self = .usage
        case Animation.LoadError.gifAmongOtherSources, Discovery.Error.animationAmongFrames: self = .usage
        case is UnreadableInputs: self = .inputUnreadable
        case is UsageError, is ValidationError, is SettingError: self = .usage
        // An output the contract refuses (over an input, over a file Flipbook did not write, a name
        // promising another format): nothing was written.
        // A file where the output's folder should be: the output cannot be written (as the other
        // commands say it, through the system, exit 4).
        case OutputError.notAFolder: self = .outputUnwritable
        // The output set's error is the contract's refusal or the file system's failure, each as above.
        case OutputSet.Error.refused(let error): self = Self(for: error)
        case OutputSet.Error.write(let error): self = Self(for: error)
        case is OutputError: self = .usage
        // The typed throws of the PNG encoder, sequence.json and sheet files carry the contract's refusal as it is.
        case PNG.EncodeError.output(let error), SequenceManifest.Error.output(let error), SheetExport.Error.output(let error):
            self = Self(for: error)
        case SheetExport.Error.write, SheetExport.Error.encode: self = .outputUnwritable
        case let error as SequenceWriter.Error:
            switch error {
            case .output(let error), .manifest(.output(let error)), .encode(.output(let error)): self = Self(for: error)
            case .setting, .framesAlreadyRead: self = .usage
            case .write, .encode, .manifest, .cancelled: self = .outputUnwritable
            case .limit, .frame, .decode: self = .inputUnreadable
            }
        // Settings the user chose, found wrong only once read.
        case is ValidationConfig.Error, is SheetEngine.Refusal, is SheetExport.Error, is NineSlice.Error, is Animation.PlaybackError:
            self = .usage
        case let error as FileIO.Error: self = error.operation == .write ? .outputUnwritable : .inputUnreadable
        case SequenceManifest.Error.unwritable: self = .outputUnwritable
        case is PNG.EncodeError: self = .outputUnwritable
        case GIF.EncodeError.setting: self = .usage
        case let error as GIF.EncodeError:
            switch error {
            case .invalidInput, .frame, .load: self = .inputUnreadable
            case .setting: self = .usage
            case .giflib, .writeFailed, .cancelled: self = .outputUnwritable
            case .output(let error): self = Self(for: error)
            }
        case let error as SheetBuilder.Error: self = Self(packing: error)
        case let failed as BuildFailed: self = Self(for: failed.failure)
        case let error as TargetFailure: self = Self(target: error)
        case let error as BuildError:
            switch error {
            case .project(let error): self = Self(for: error)
            case .setting: self = .usage
            case .state, .cancelled: self = .outputUnwritable
            }
        // A watch that cannot start: its project as a build's (2 for the schema, 3 unreadable).
        case let error as WatchError:
            switch error {
            case .project(let error): self = Self(for: error)
            case .setting: self = .usage
            case .unavailable: self = .inputUnreadable
            }
        case let error as ProjectError:
            switch error {
            case .read: self = .inputUnreadable  // a missing project file too, as every missing input
            case .schema, .cycle, .sharedOutput, .nestedOutput, .unknownTarget: self = .usage
            }
        case let error as NoteError:
            switch error {
            case .setting: self = .usage
            case .chrome(let error): self = Self(for: error)
            case .text(let error): self = Self(for: error)
            case .output(let error): self = Self(for: error)
            case .write(let error): self = Self(for: error)
            case .cancelled: self = .outputUnwritable
            }
        case let error as PreviewError:
            switch error {
            case .notFound, .unsupportedSource: self = .usage
            case .project(let error): self = Self(for: error)
            case .nothingToShow: self = .inputUnreadable
            case .output(let error): self = Self(for: error)
            case .write, .serve, .cancelled: self = .outputUnwritable
            }
        // A generator's setting out of range is the user's (2); a frame over a limit, as every input's (3).
        case GeneratorError.setting: self = .usage
        case GeneratorError.limit: self = .inputUnreadable
        case let error as TextError:
            switch error {
            case .setting, .tooLong, .characterTooLong, .chrome, .emptyNote: self = .usage
            case .fontUnreadable, .standardFontMissing, .limit, .unicode: self = .inputUnreadable
            }
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
        case .output(.notAFolder): self = .outputUnwritable
        case .playback, .noHighlightedFrames, .output, .setting, .encode(.setting), .encodeAPNG(.setting), .encodeWebP(.setting): self = .usage
        case .frame, .frameSize, .formatSize, .limit, .encode(.invalidInput), .encodeAPNG(.invalidInput), .encodeWebP(.invalidInput): self = .inputUnreadable
        case .encode, .encodeAPNG, .encodeWebP, .write, .cancelled: self = .outputUnwritable
        }
    }
}

extension ExitStatus {
    /// The status for each way a ``SheetJob`` fails.
    init(sheet error: SheetJobError) {
        switch error {
        case .source, .manifest, .frame, .limit: self = .inputUnreadable
        case .output(.notAFolder): self = .outputUnwritable
        case .engine, .format, .output, .setting: self = .usage
        case .packing(let error): self = Self(packing: error)
        case .write, .encode, .cancelled: self = .outputUnwritable
        }
    }

    /// The status for each way frames cannot make a sheet: 1 when the work ran and the sprites do
    /// not fit or clash (the table's "problems found"); 3 when an image cannot take part as it is
    /// (an odd-sized `@2x` in `--scales 1,2`, frames of mixed scales); 2 for settings, and for a
    /// page over `--max-pixels` (only a `--max-size` above 8192, with `--border`, `--padding` or
    /// `--extrude`, makes one: a flag over a resource limit).
    init(packing error: SheetBuilder.Error) {
        switch error {
        case .doesNotFit, .spriteTooLarge, .extrudedSpriteTooLarge, .duplicateName, .sameName, .namesDifferInNormalization: self = .problemsFound
        case .notWholePoints, .variantSize, .scalesDiffer, .mixedScales, .noInput, .noBitmaps, .invalidDuration: self = .inputUnreadable
        case .scaleNotMultiple, .invalidSetting, .pageTooLarge: self = .usage
        case .boundByScales(let error, _, _, _): self.init(packing: error)
        }
    }
}

extension ExitStatus {
    /// The status for each way a ``FramesJob`` fails.
    init(frames error: FramesJobError) {
        switch error {
        case .output(.notAFolder): self = .outputUnwritable
        case .setting, .folderGiven, .prefixForSheet, .invalidPrefix, .animationForFile, .animationNotFound, .output: self = .usage
        case .decode, .stillImage, .sheet, .scaleOutOfRange: self = .inputUnreadable
        // Files given in memory (the CLI reads a path, so never met there): as every upload's.
        case .source(let error): self = Self(for: error)
        case .severalSheets: self = .usage
        // Data that names a file outside its folder, or asks for more than a limit: the input's fault.
        case .outsideFolder, .limit: self = .inputUnreadable
        case .encode, .manifest, .write, .cancelled: self = .outputUnwritable
        }
    }
}

extension ExitStatus {
    /// The status for a project target that failed: its command's status.
    init(target failure: TargetFailure) {
        switch failure {
        case .assemble(let error): self = Self(assembling: error)
        case .sheet(let error): self = Self(sheet: error)
        case .frames(let error): self = Self(frames: error)
        case .render(let error): self = Self(rendering: error)
        case .validation(let error): self = Self(for: error)
        case .validationConfig, .keptForUser, .readByAnotherTarget, .replacesWhatAnotherReads: self = .usage
        case .reportRefused(let error): self = Self(for: error)
        case .report, .cancelled: self = .outputUnwritable
        case .problemsFound, .budgetNotMet: self = .problemsFound
        }
    }
}

extension ExitStatus {
    /// The status for each way a ``RenderJob`` fails: the scene's own problems (a typo, a missing
    /// image, a limit it asks past) are the input's (3), settings and refused outputs are usage (2).
    init(rendering error: RenderError) {
        switch error {
        case .scene, .limit, .render: self = .inputUnreadable
        case .output(.notAFolder): self = .outputUnwritable
        case .setting, .output, .format, .encode(.setting), .encodeAPNG(.setting), .encodeWebP(.setting): self = .usage
        case .packing(let error): self = Self(packing: error)
        case .encode, .encodeAPNG, .encodeWebP, .encodePNG, .write, .cancelled: self = .outputUnwritable
        }
    }
}

extension ExitStatus {
    /// The status for each way a ``FrameOperationJob`` (blur, slice, resize of a sequence) fails.
    init(operating error: FrameOperationError) {
        switch error {
        case .source(let error): self = Self(for: error)
        case .output(.notAFolder): self = .outputUnwritable
        case .setting, .output, .slice, .size, .noPixels: self = .usage
        case .playback, .limit, .frame, .frameSize: self = .inputUnreadable
        case .writing(let error): self = Self(rendering: error)
        case .cancelled: self = .outputUnwritable
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
