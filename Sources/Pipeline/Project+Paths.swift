import Basics

/// Paths as opened from the working directory, and as the project names them.
extension Project {
    /// `path` as opened from the working directory, relative to the project's folder (unchanged
    /// when it is not under it).
    func relative(opened path: String) -> String {
        let folder = onDisk("")
        return !folder.isEmpty && path.hasPrefix(folder) ? String(path.dropFirst(folder.count)) : path
    }

    /// The file at `path` (as opened from the working directory, `out/../data2/a.json` too)
    /// relative to the project's folder, links resolved as far as its folders stand (a commit may
    /// just have emptied and removed `data2`); `nil` outside it.
    func resolvedRelative(opened path: String) -> String? {
        let folder = onDisk("")
        guard let root = FileIO.resolvedPath(folder.isEmpty ? "." : folder),
              let parent = Self.resolvedStanding(FileIO.parentDirectory(of: path)) else { return nil }
        let inProject = FileIO.relativePath(of: parent + "/" + FileIO.lastComponent(of: path), from: root)
        return inProject.hasPrefix("../") ? nil : inProject
    }

    /// The folder `path` with links resolved in the part of it that stands, the rest (folders gone)
    /// taken as written; `nil` when no part of it stands.
    private static func resolvedStanding(_ path: String) -> String? {
        if let resolved = FileIO.resolvedPath(path) { return resolved }
        let parent = FileIO.parentDirectory(of: path), last = FileIO.lastComponent(of: path)
        guard parent != path, let base = resolvedStanding(parent) else { return nil }
        switch last {
        case "..": return FileIO.parentDirectory(of: base)
        case ".", "": return base
        default: return base == "/" ? "/" + last : base + "/" + last
        }
    }
}
