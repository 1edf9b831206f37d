/// Why an output was refused before it replaced anything: the output contract of the repository's
/// `docs/Design.md` ("Outputs"). An output never replaces one of the inputs, never a folder or a
/// special file, and a set of files (frames and `sequence.json`, sheet pages and data) replaces
/// only files Flipbook wrote there itself, unchanged since; a file the caller names outright may
/// be replaced. The CLI exits 2 for each of these, with nothing written.
public enum OutputError: Error, Sendable, Equatable, CustomStringConvertible {
    /// `output` is the same file as the input `input` (by name, symbolic or hard link).
    case overwritesInput(output: String, input: String)
    /// Something that is not a regular file is at `path` (a folder, a FIFO, a device).
    case notRegularFile(path: String)
    /// `path` should be a folder to write into, and a file is there.
    case notAFolder(path: String)
    /// A file is at `path` that Flipbook did not write as part of a set there (the user's own, or
    /// one written before Flipbook kept its record).
    case notWrittenByFlipbook(path: String)
    /// The file named outright at `path` exists and Flipbook did not write it (or it was changed
    /// since): replaced only when the caller asks (the CLI's `--overwrite`).
    case replacesUsersFile(path: String)
    /// Nothing is at `path`, but the user's file `existing` is beside it under a name that differs
    /// only in case or Unicode normalisation (`NOTES.png`, `notes.png`): one file on macOS and
    /// Windows, so writing `path` there would replace it. Written only when the caller asks (the
    /// CLI's `--overwrite`).
    case twinOfUsersFile(path: String, existing: String)
    /// Flipbook wrote the file at `path`, but it has been changed since (its size or checksum
    /// differ), and the set writes that name again: replaced only when the caller names it outright
    /// (the CLI's `--overwrite`).
    case changedSinceWritten(path: String)
    /// Flipbook wrote the file at `path` as part of the owner's earlier set, which the new set does
    /// not write again (fewer frames, pages or scales, another engine's shape), and it has been
    /// changed since: removing it would lose the changes, whatever `overwrite` says.
    case changedAndLeft(path: String)
    /// The file at `path` belongs to another set Flipbook wrote into that folder, named `owner`
    /// (a sequence's prefix path or a sheet's file, relative to the folder).
    case heldByAnotherSet(path: String, owner: String)
    /// `path` is a frame of the sequence `prefix` being written (another number or scale) that
    /// Flipbook did not write: the folder would hold one animation made of two.
    case mixesWithFrame(path: String, prefix: String)
    /// `folder` holds the frames of another sequence, `prefix`, that Flipbook did not write: a
    /// `sequence.json` written there for a new sequence would make the folder read as that one.
    case holdsAnotherSequence(folder: String, prefix: String)
    /// The sequence's frames at another scale (`walk1.png…` beside a run of `walk1@2x.png…`) share
    /// the folder's `sequence.json` at `path`, and this run's frames differ from them (`detail`:
    /// another frame count or another timing): writing it would change the other scale's
    /// animation too.
    case otherScaleDiffers(path: String, otherScale: Int, detail: String)
    /// `folder` holds `count` frames of the sequence `prefix` at another scale, `otherScale`, that
    /// an earlier run wrote (`coin1.png…` beside the `coin1@2x.png…` of a sheet's @2x data), where
    /// this run writes `frames` at `scale`: the folder would read back with frames missing at one
    /// scale.
    case otherScaleCount(folder: String, prefix: String, otherScale: Int, count: Int, scale: Int, frames: Int)
    /// The name `path` promises something this output cannot be; `reason` says what it can be.
    case unsupportedName(path: String, reason: String)
    /// A Flipbook write into `folder` was killed while it replaced a set of files there, and its
    /// journal (`journal`, a name in `folder`) cannot be finished now (`reason`: the system's, such
    /// as a read-only folder): the folder holds files of two runs and is not read
    /// (``OutputRecovery``).
    case interruptedWrite(folder: String, journal: String, reason: String)

    /// The file or folder refused: the output for ``overwritesInput(output:input:)``, the folder
    /// for ``holdsAnotherSequence(folder:prefix:)`` and ``interruptedWrite(folder:journal:reason:)``.
    public var path: String {
        switch self {
        case .overwritesInput(let output, _): output
        case .notRegularFile(let path), .notAFolder(let path), .notWrittenByFlipbook(let path), .replacesUsersFile(let path), .twinOfUsersFile(let path, _),
             .changedSinceWritten(let path), .changedAndLeft(let path), .heldByAnotherSet(let path, _), .mixesWithFrame(let path, _),
             .otherScaleDiffers(let path, _, _), .unsupportedName(let path, _): path
        case .holdsAnotherSequence(let folder, _), .interruptedWrite(let folder, _, _), .otherScaleCount(let folder, _, _, _, _, _): folder
        }
    }

    /// One line that names the file and says what to do.
    public var description: String {
        switch self {
        case .overwritesInput(let output, let input):
            "the output \(output) is the input \(input); write the result elsewhere"
        case .notRegularFile(let path):
            "cannot write over \(path): not a regular file"
        case .notAFolder(let path):
            "cannot write into \(path): a file is there, not a folder"
        case .notWrittenByFlipbook(let path):
            "\(path) exists and Flipbook did not write it; move it away, allow overwriting it (overwrite: true), "
                + "or write into another folder (a set of files replaces only the files Flipbook wrote)"
        case .replacesUsersFile(let path):
            "\(path) exists and Flipbook did not write it (or it changed since); allow overwriting it (overwrite: true), or write elsewhere"
        case .twinOfUsersFile(let path, let existing):
            "\(path) and \(existing), a file Flipbook did not write, differ only in case or Unicode normalisation: one file on macOS "
                + "and Windows, which writing \(FileIO.lastComponent(of: path)) would replace there; allow overwriting it (overwrite: true), or write elsewhere"
        case .changedSinceWritten(let path):
            "\(path) was changed after Flipbook wrote it; move it away, allow overwriting it (overwrite: true), or write into another folder"
        case .changedAndLeft(let path):
            "\(path) was changed after Flipbook wrote it, and this run no longer writes it; move it away (or delete it), so your changes are kept"
        case .heldByAnotherSet(let path, let owner):
            "\(path) belongs to another set of files Flipbook wrote into this folder (\(Self.naming(owner))); write into another folder"
                + (path.hasSuffix("/sequence.json") || path == "sequence.json" ? " (a folder holds one sequence.json)" : "")
        case .mixesWithFrame(let path, let prefix):
            "\(path) is a frame of the same sequence (\(prefix)) that Flipbook did not write: the folder would mix two animations; "
                + "move it away or write into another folder"
        case .holdsAnotherSequence(let folder, let prefix):
            "\(folder) holds the frames \(prefix)… that Flipbook did not write: frames and a sequence.json written there would "
                + "make the folder read as another animation; write into another folder"
        case .otherScaleDiffers(let path, let otherScale, let detail):
            "\(path) also times the @\(otherScale)x frames of this sequence, and \(detail): a folder holds one sequence.json for "
                + "every scale, so this run would change the @\(otherScale)x animation too; write the same frames, size in points and "
                + "timing at every scale, remove the @\(otherScale)x frames an earlier run left there, or write into another folder"
        case .otherScaleCount(let folder, let prefix, let otherScale, let count, let scale, let frames):
            "\(folder) holds \(count == 1 ? "1 frame" : "\(count) frames") of \(prefix)… at @\(otherScale)x, written by an earlier run, where this run writes \(frames) at "
                + "@\(scale)x: the folder would read back with frames missing at one scale; write as many frames at every scale, "
                + "remove the @\(otherScale)x frames, or write into another folder"
        case .unsupportedName(let path, let reason):
            path.isEmpty ? reason : "\(path): \(reason)"
        case .interruptedWrite(let folder, let journal, let reason):
            "\(folder) was left half-replaced by an interrupted Flipbook write (\(journal)), which cannot be finished here (\(reason)); "
                + "a folder copied or changed since cannot be finished: restore it from where it came, or remove \(journal) and the "
                + ".flipbook-*.tmp files beside it to keep the folder as it is (its files then are a mix of two runs); a folder that "
                + "could not be written: make it writable and run Flipbook on it again (any command finishes the write first)"
        }
    }

    /// The set `owner` names, in words a reader can find (fresh eyes 39 #9: `(out/s.atlasc/s.plist)`
    /// after that file was gone, `(g/a)` for a sequence's frames): the file as it is when it is
    /// there; a sequence's frames by their prefix (`the frames a… in g`); else the name, said to
    /// be gone, with what to do.
    /// A listing of the set's files (`m-0.json, m-0.png and 6 more`, `a.png alone, written by
    /// another command`: ``OutputSet``'s refusals of the other shape) is kept as it is.
    static func naming(_ owner: String) -> String {
        if owner.contains(", ") || System.kind(of: owner, followingLinks: false) != nil { return owner }
        let folder = FileIO.parentDirectory(of: owner), prefix = FileIO.lastComponent(of: owner)
        let frames = ((try? FileIO.entries(of: folder)) ?? []).filter { name in
            name.hasPrefix(prefix) && name.dropFirst(prefix.count).first?.isNumber == true && name.hasSuffix(".png")
        }
        if !frames.isEmpty { return "the frames \(prefix)… in \(folder)" }
        return "written from \(owner), which is no longer there: remove its files if that set is not wanted"
    }
}
