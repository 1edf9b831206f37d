import Basics

extension Discovery {
    /// The state of one recursive folder walk: the real folders visited (a link back to a folder
    /// already seen is not followed round) and the folder the walk may not leave.
    ///
    /// A folder reached through a symbolic link that resolves outside the walk's first folder is
    /// not entered: the link and where it leads are kept in `leavingLinks`, so that `validate
    /// Assets` never reads `/usr` through `Assets/usr -> /usr`.
    struct Walk {
        /// Real paths of the folders entered, byte for byte (`café/` composed and decomposed are
        /// two folders on Linux, one text to `String ==`: the second was taken as visited).
        var visited = Set<NameSpelling.Exact>()
        /// The real path of the first folder; set when the walk enters it.
        var root: String?
        /// Links to folders outside `root`, as found (`Assets/usr`), with where they lead (`/usr`),
        /// and links to nothing (`Assets/chars -> ../gone`, `dangling`), with what they name.
        var leavingLinks: [(link: String, target: String, dangling: Bool)] = []
        /// Whether a file the walk would refuse the folder for — a frame or animation that links
        /// out of `root` (``Discovery/Error/linkOutside(link:target:)``), a frame number of more
        /// than 18 digits (``Discovery/Error/frameNumberTooLong(path:)``) — is kept in
        /// `fileProblems` instead: validation reports each on its file and checks the rest of the
        /// tree; every other reader refuses the folder.
        var keepsFileProblems = false
        /// With `keepsFileProblems`, each such file and why it is not read.
        var fileProblems: [(path: String, error: Discovery.Error)] = []
        /// With `keepsFileProblems`, the `.flipbook.json` files of the folders below the first:
        /// validation reads settings only from the folders it is given, and says so of these.
        var nestedSettings: [String] = []
        /// Symbolic links to folders met on the way, entered once every real folder has been:
        /// a folder reached both as itself and through a link (`art/real`, `art/b/out -> ../real`)
        /// is listed under its own path, whichever name comes first.
        var folderLinks: [String] = []
        /// How many folders of the walk are being listed, one inside the other.
        var depth = 0
        /// The real paths met, each found from its folder's (a deep tree is walked in time
        /// proportional to its paths, not to the cube of its depth).
        var realPaths = RealPaths()

        /// `false` (and `path` recorded) when the folder at `path`, real path `resolved`, lies
        /// outside the walk's first folder; `true` otherwise, the first folder included.
        mutating func mayEnter(_ path: String, resolved: String) -> Bool {
            guard let root else {
                root = resolved
                return true
            }
            if resolved.utf8.elementsEqual(root.utf8) || resolved.utf8.starts(with: (root == "/" ? "/" : root + "/").utf8) { return true }
            leavingLinks.append((path, resolved, false))
            return false
        }
    }
}
