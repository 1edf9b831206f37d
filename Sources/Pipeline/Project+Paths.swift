import Basics

/// Paths as opened from the working directory, and as the project names them.
extension Project {
    /// `path` as opened from the working directory, relative to the project's folder (unchanged
    /// when it is not under it).
    func relative(opened path: String) -> String {
        let folder = onDisk("")
        return !folder.isEmpty && path.hasPrefix(folder) ? String(path.dropFirst(folder.count)) : path
    }

    /// The file at `path` (as opened from the working directory, `out/../data2/a.json` too; its
    /// folder must exist) relative to the project's folder, links resolved; `nil` outside it.
    func resolvedRelative(opened path: String) -> String? {
        let folder = onDisk("")
        guard let root = FileIO.resolvedPath(folder.isEmpty ? "." : folder),
              let parent = FileIO.resolvedPath(FileIO.parentDirectory(of: path)) else { return nil }
        let inProject = FileIO.relativePath(of: parent + "/" + FileIO.lastComponent(of: path), from: root)
        return inProject.hasPrefix("../") ? nil : inProject
    }
}
