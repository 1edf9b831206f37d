import Foundation

/// Where a job reads its input files from: the file system, or files held in memory by name (an
/// upload). The jobs take paths either way; a name in memory is its path.
package enum FileReader: Sendable {
    /// The file system.
    case disk
    /// Files in memory, by name (its exact bytes: `é` and `e` + U+0301 are two names).
    case memory([NameSpelling.Exact: [UInt8]])

    /// Files in memory, each under its ``InMemoryFile/name`` normalised (`./fx//a.png` is
    /// `fx/a.png`, so that either spelling finds it; the last of one name wins).
    package init(_ files: [InMemoryFile]) {
        var contents: [NameSpelling.Exact: [UInt8]] = [:]
        for file in files { contents[NameSpelling.Exact(InMemoryFile.normalizedName(file.name))] = file.bytes }
        self = .memory(contents)
    }

    /// Whether the files are read from the file system.
    package var isDisk: Bool {
        if case .disk = self { true } else { false }
    }

    /// The bytes of the file at `path`; `nil` when there is none.
    package func bytes(_ path: String) throws(FileIO.Error) -> [UInt8]? {
        switch self {
        case .disk: FileManager.default.fileExists(atPath: path) ? try FileIO.readAll(path) : nil
        case .memory(let files): files[NameSpelling.Exact(InMemoryFile.normalizedName(path))]
        }
    }

    /// The bytes of the file at `path`, which must be there.
    package func contents(_ path: String) throws(FileIO.Error) -> [UInt8] {
        switch self {
        case .disk: return try FileIO.readAll(path)
        case .memory(let files):
            guard let bytes = files[NameSpelling.Exact(InMemoryFile.normalizedName(path))] else { throw FileIO.Error(path: path, reason: "no such file among the files given", kind: .missing) }
            return bytes
        }
    }
}
