import Foundation

/// The record, in a folder, of the sets of files Flipbook wrote there (`.flipbook-outputs.json`):
/// for each set, its owner (the path that names the set — a sequence's folder and prefix, a sheet's
/// file — relative to the folder) and each file's name, size and CRC-32. ``OutputSet`` reads it to
/// tell its own earlier files from the user's, and replaces it together with the set.
///
/// A file counts as Flipbook's only while its size and checksum are those recorded, so a file the
/// user has since edited is never replaced or removed. The record holds no times or inodes: it
/// stays true when the folder is copied, moved or checked out from version control.
struct OutputLedger: Codable, Equatable {
    static let fileName = ".flipbook-outputs.json"

    /// One file of a set.
    struct Entry: Codable, Equatable {
        var name: String
        var size: Int
        var crc32: UInt32
    }

    /// One set: its owner and its files in this folder.
    struct Set: Codable, Equatable {
        var owner: String
        var files: [Entry]
        /// Written by an output whose name means one file or several by its frame count
        /// (`generate -o g.png`, ``OutputSet/replacesOtherShape``): only such a set is replaced by
        /// the other shape, and only by such an output. Absent (`nil`) otherwise.
        var eitherShape: Bool?
        /// The set's other folders, relative to this one (`../data` for a sheet whose data is
        /// written apart from its pages), so that the next run of the owner that no longer writes
        /// there still removes its files there, as that folder's own record names them. Absent
        /// (`nil`) for a set in one folder.
        var otherFolders: [String]?
        /// Whether the set held more files than the one named as its owner, the rest taken by
        /// another set (a sheet whose data file another target writes now): still a set, never
        /// taken for one command's single file. Absent (`nil`) otherwise.
        var several: Bool?
        /// What the set was made from, apart from its scale (``OutputSet/origin``): the other
        /// scales of one sequence, written by runs of their own, tell a set made from another
        /// version of the source by it. Absent (`nil`) where the writer records none.
        var origin: String?
    }

    /// Written first, so a reader can tell the format.
    var flipbook = "outputs 1"
    var sets: [Set] = []

    /// The record in `folder`; empty when there is none, or when it cannot be read as one (then
    /// every file in the folder counts as the user's: the safe side).
    static func read(folder: String) -> OutputLedger {
        guard let bytes = try? FileIO.readAll(path(in: folder)),
              var ledger = try? JSONDecoder().decode(OutputLedger.self, from: Data(bytes)),
              ledger.flipbook == OutputLedger().flipbook else { return OutputLedger() }
        // Only plain names of visible files in this folder: an edited record can never point a
        // removal outside the folder or at a hidden file.
        for index in ledger.sets.indices {
            ledger.sets[index].files.removeAll { !isPlainName($0.name) }
            // Relative folders only; a removal there still needs that folder's own record to name the file.
            ledger.sets[index].otherFolders?.removeAll { $0.isEmpty || $0.hasPrefix("/") || $0.contains("\0") }
        }
        return ledger
    }

    /// A file name with no folder in it, not hidden, not `.` or `..`.
    static func isPlainName(_ name: String) -> Bool {
        !name.isEmpty && !name.contains("/") && !name.hasPrefix(".") && !name.contains("\0")
    }

    /// `owner` (relative to `folder`) as a path from where the user stands: `out/../Hero.atlasc`
    /// is shown as `Hero.atlasc`.
    static func display(owner: String, in folder: String) -> String {
        var parts: [Substring] = folder == "." ? [] : folder.split(separator: "/", omittingEmptySubsequences: false)
        for part in owner.split(separator: "/") {
            if part == "..", let last = parts.last, last != "..", !last.isEmpty { parts.removeLast() } else { parts.append(part) }
        }
        let path = parts.joined(separator: "/")
        return path.isEmpty ? owner : path
    }

    static func path(in folder: String) -> String { folder == "." ? fileName : "\(folder)/\(fileName)" }

    /// The set holding the file `name`, and the file's entry.
    func holder(of name: String) -> (owner: String, entry: Entry)? {
        for set in sets {
            if let entry = set.files.first(where: { $0.name == name }) { return (set.owner, entry) }
        }
        return nil
    }

    /// The files of `owner`'s set.
    func files(of owner: String) -> [Entry] {
        sets.first { $0.owner == owner }?.files ?? []
    }

    /// Whether `owner`'s set here is several files, or spans folders: not one file named as the owner.
    func holdsSeveral(_ owner: String) -> Bool {
        isSeveral(owner) || files(of: owner).contains { $0.name != FileIO.lastComponent(of: owner) }
    }

    /// Whether `owner`'s set is more than its one file here: it spans other folders, or other sets
    /// took its other files (``Set/several``).
    func isSeveral(_ owner: String) -> Bool {
        sets.first { $0.owner == owner }.map { $0.otherFolders?.isEmpty == false || $0.several == true } ?? false
    }

    /// The other folders of `owner`'s set (``Set/otherFolders``), as paths from where `folder` (this
    /// record's) is opened: `out/data` for `../data` in `out/pages`.
    func otherFolders(of owner: String, from folder: String) -> [String] {
        (sets.first { $0.owner == owner }?.otherFolders ?? []).map { folder == "." ? $0 : "\(folder)/\($0)" }
    }

    /// This record with `owner`'s set replaced by `files` (removed when empty); other sets lose
    /// the entries of those names (a file named outright changes hands) and of files gone from
    /// `folder`, except the `pending` names (files of the same commit, not renamed into place yet).
    /// `otherFolders`: the set's other folders, relative to this one (``Set/otherFolders``);
    /// `origin`: what the set was made from (``Set/origin``).
    func replacing(_ owner: String, with files: [Entry], folder: String, pending: Swift.Set<String> = [],
                   eitherShape: Bool = false, otherFolders: [String] = [], origin: String? = nil) -> OutputLedger {
        var result = self
        let taken = Swift.Set(files.map(\.name))
        result.sets = sets.filter { $0.owner != owner }.compactMap { set in
            var kept = set
            kept.files = set.files.filter {
                !taken.contains($0.name) && (pending.contains($0.name) || System.kind(of: "\(folder)/\($0.name)", followingLinks: false) != nil)
            }
            if kept.files.count < set.files.count, kept.files.map(\.name) == [set.owner] { kept.several = true }
            return kept.files.isEmpty ? nil : kept
        }
        if !files.isEmpty {
            result.sets.append(Set(owner: owner, files: files.sorted { $0.name < $1.name }, eitherShape: eitherShape ? true : nil,
                                   otherFolders: otherFolders.isEmpty ? nil : otherFolders.sorted(), origin: origin))
        }
        result.sets.sort { $0.owner < $1.owner }
        return result
    }

    /// The bytes to write: keys sorted, one file per line, stable under version control.
    func encoded() -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return Array((try? encoder.encode(self)) ?? Data()) + [0x0A]
    }

    /// Whether the file at `path` is still exactly what `entry` records.
    static func matches(_ entry: Entry, path: String) -> Bool {
        // The size from the file's status first: a file of another size is not read at all.
        guard System.regularFileSize(of: path) == entry.size, let bytes = try? FileIO.readAll(path),
              bytes.count == entry.size else { return false }
        return checksum(bytes) == entry.crc32
    }

    static func checksum(_ bytes: [UInt8]) -> UInt32 {
        bytes.withUnsafeBufferPointer { Zlib.crc32($0) }
    }
}
