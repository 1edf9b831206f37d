import Atlas
import Basics
import Compose
import Foundation

/// Files a target's last build wrote that its job now refuses as another set's, set aside so that
/// the job can replace them.
///
/// A folder's record (Basics' `OutputSet`) names each set after what wrote it: a sequence's frames
/// after their folder and prefix (`build/coinf/coin`), a sheet's frames after its data file. When
/// a target's source is renamed (`build/coin.gif` → `build/gold.gif`) its job writes a set of
/// another name into the same folder, and refuses the files of the earlier one (`sequence.json`:
/// "belongs to another set … write into another folder") — though they are the build's own: the
/// files its last build of this target wrote, as the build state records them. For such a refusal
/// the build sets those files aside (renamed to hidden temporary names beside them: unchanged
/// since they were written, held by the set the job refused, inside the target's output) and runs
/// the job again; then it removes them (the job wrote its set) or puts them back (it failed, or an
/// interrupt ends the build: ``FileIO/setAside(_:)``). A build killed with SIGKILL meanwhile
/// leaves them as temporary files of a dead process, which the next Flipbook command writing into
/// the folder removes: the earlier set is gone, as a failed build of the target would leave its output.
struct EarlierSet {
    /// The files set aside: where each was (relative to the project's folder) and its temporary
    /// name (as opened from the working directory).
    private(set) var moved: [(path: String, aside: String)] = []

    /// The set named in `failure`'s refusal, when it holds the file refused and that file is one
    /// of `previous` (the target's recorded outputs) unchanged: its files among `previous`, set
    /// aside; `nil` when the refusal is not of such a file (or nothing could be set aside).
    mutating func setAside(for failure: TargetFailure, previous: [String: BuildState.FileRecord], of target: Target,
                           in project: Project) -> Bool {
        guard case .heldByAnotherSet(let refused, let owner)? = Self.refusal(failure),
              let refusedPath = Self.relative(refused, in: project), Self.isUnchanged(refusedPath, previous, project) else { return false }
        let mine = previous.keys.sorted().filter { path in
            BuildGraph.writes(target, path) && Self.isUnchanged(path, previous, project)
                && OutputSet.owner(of: project.onDisk(path)) == owner
        }
        // All or none: a file whose name is too long to be set aside recoverably leaves the refusal standing.
        guard mine.contains(refusedPath), mine.allSatisfy({ FileIO.canSetAside(project.onDisk($0)) }) else { return false }
        var count = 0
        for path in mine {
            guard let aside = FileIO.setAside(project.onDisk(path)) else { continue }
            moved.append((path, aside))
            count += 1
        }
        return count > 0
    }

    /// Removes the files set aside (the job wrote its set); returns those no longer among
    /// `written` (relative to the project's folder), sorted: the earlier build's files now gone.
    func remove(keeping written: some Collection<String>) -> [String] {
        for (_, aside) in moved { FileIO.removeAside(aside) }
        let kept = Set(written)
        return moved.map(\.path).filter { !kept.contains($0) }.sorted()
    }

    /// Puts the files set aside back where they were (the job failed again).
    func restore(in project: Project) {
        for (path, aside) in moved.reversed() { FileIO.putBack(aside, at: project.onDisk(path)) }
    }

    /// The output contract's refusal in `failure`, if it is one.
    static func refusal(_ failure: TargetFailure) -> OutputError? {
        switch failure {
        case .frames(.output(let error)), .render(.output(let error)), .sheet(.output(let error)), .assemble(.output(let error)): error
        default: nil
        }
    }

    /// `disk` (as opened from the working directory) relative to the project's folder; `nil` outside it.
    private static func relative(_ disk: String, in project: Project) -> String? {
        let folder = project.onDisk("")
        if folder.isEmpty { return disk.hasPrefix("/") ? nil : disk }
        return disk.hasPrefix(folder) ? String(disk.dropFirst(folder.count)) : nil
    }

    /// Whether the file at `path` is what the target's last build wrote there (its recorded SHA-256).
    private static func isUnchanged(_ path: String, _ previous: [String: BuildState.FileRecord], _ project: Project) -> Bool {
        guard let record = previous[path], let digest = try? ContentHash.ofFile(project.onDisk(path)) else { return false }
        return digest == record.sha256
    }
}
