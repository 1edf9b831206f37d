import Basics
import Foundation

extension SheetImport {
    /// A path in sheet data — a page image (`meta.image`, a multi-atlas's `textures[].image`, a
    /// libGDX page line, a SpriteKit `path`, a Cocos2d `textureFileName`, a Godot `ext_resource`
    /// `path`) or another page's data file (`meta.related_multi_packs`) — that would be read from
    /// outside the data file's folder. Refused before anything there is opened.
    public struct PathRefusal: Swift.Error, Sendable, Equatable, CustomStringConvertible {
        /// How the path leaves the folder.
        public enum Form: String, Sendable, Equatable, CaseIterable {
            /// It has a `..` component (`../../etc/passwd`, and `sub/../s.png` too: see
            /// ``SheetImport/resolve(_:from:)``).
            case parent
            /// It is absolute (`/etc/passwd`).
            case absolute
            /// It is inside the folder by name, but it or a folder on the way is a symbolic link to
            /// a place outside.
            case symlink
            /// It names no file: empty, or holding a NUL byte.
            case invalid
            /// It is a URL (`file:///etc/passwd`, `http://host/s.png`; Godot's `res://` is a path):
            /// a loader would fetch it from wherever it points.
            case url
        }

        /// The data file that names the path.
        public var dataFile: String
        /// The path as the data writes it.
        public var path: String
        /// How it leaves the folder.
        public var form: Form
        /// Where a symbolic link leads (its real path), for ``Form/symlink``.
        public var target: String?
        /// The file beside the data file that would have been read by its name, `path` leading
        /// nowhere (`evil.png` for `nodir/evil.png`): the link refused is that file.
        public var besideFile: String?

        /// A refusal of `path`, named by `dataFile`.
        public init(dataFile: String, path: String, form: Form, target: String? = nil) {
            self.dataFile = dataFile
            self.path = path
            self.form = form
            self.target = target
        }

        /// `sheet.json: the page path "../../etc/passwd" leads outside the data file's folder (..); …`.
        public var description: String {
            let why: String = switch form {
            case .parent: "has a .. component"
            case .absolute: "is absolute"
            case .symlink:
                if let besideFile {
                    "leads nowhere, and \(InputPath.quote(besideFile)) beside the data file, read by its name instead, is a symbolic link "
                        + "(or inside one) to \(target ?? "a place") outside the data file's folder"
                } else {
                    "is a symbolic link (or inside one) to \(target ?? "a place") outside the data file's folder"
                }
            case .invalid: "names no file"
            case .url: "is a URL, not a file named relative to the data file"
            }
            return "\(dataFile): the path \(InputPath.quote(path)) \(why); pages and related data are read only from the data file's "
                + "folder and the folders below it — put the file there and name it relative to the data file"
        }
    }

    /// The file that `name`, read from the data file `dataFile`, stands for: a path relative to the
    /// data file's folder, which must stay inside that folder.
    ///
    /// The rule, the same for every format and for pages and related data files alike:
    /// - An absolute path (`/etc/passwd`, `C:\x`), a URL (`file:///etc/passwd`, `http://…`) and any
    ///   path with a `..` component — even one that comes back inside (`sub/../s.png`, `../in/s.png`
    ///   from `in/`), written with `\` or percent-encoded (`%2e%2e/`) as a URL loader reads it —
    ///   is refused, as scene images are: a data file names its files below itself, and deciding
    ///   "comes back" would need the disk to answer for folders outside, which a hostile file
    ///   could use to probe them.
    /// - Godot's `res://` (the project's root, which a lone resource cannot know) is taken as the
    ///   resource's own folder; a `res://` path not found there is looked up by its file name next
    ///   to the resource.
    /// - A relative path that leads nowhere (Aseprite writes `--sheet out/s.png` as given) is looked
    ///   up by its file name next to the data file.
    /// - The file chosen, with every symbolic link on the way resolved, must lie inside the real
    ///   folder of the data file; a link that leads out is refused.
    ///
    /// A caller that decodes sheet data itself (``TexturePackerJSON/decode(_:file:)`` and the
    /// other readers return page paths as written) resolves them here before opening them.
    ///
    /// Returns the path to open, in the data file's folder as given (the file need not exist: the
    /// reader then reports it missing).
    /// - Throws: ``PathRefusal`` naming `dataFile`, `name` and how it leaves the folder.
    public static func resolve(_ name: String, from dataFile: String) throws(PathRefusal) -> String {
        try located(name, from: dataFile).file
    }

    /// ``resolve(_:from:)``, and whether the file chosen is the path's file name beside the data
    /// file because the path, relative to the data's folder, leads nowhere (`byName`; never for
    /// Godot's `res://`, whose root is the project's).
    static func located(_ name: String, from dataFile: String) throws(PathRefusal) -> (file: String, byName: Bool) {
        let components = try Self.components(of: name, dataFile: dataFile)
        let last = components[components.count - 1]
        let folder = FileIO.parentDirectory(of: dataFile)
        // Beside `sheet.tres` given bare, a page is `sheet.png`, as messages name it (not `./sheet.png`).
        let prefix = !dataFile.contains("/") ? "" : folder == "/" ? "/" : folder + "/"
        let named = prefix + components.joined(separator: "/")
        let beside = prefix + last
        // Read by its name beside the data only when that file is there: when neither is, the
        // error names the path the data wrote (it named only the fallback, round 68).
        let byName = components.count > 1 && !FileManager.default.fileExists(atPath: named)
            && (FileManager.default.fileExists(atPath: beside) || FileIO.isSymbolicLink(beside))
        let chosen = byName ? beside : named
        let found = (file: chosen, byName: byName && !name.hasPrefix("res://"))
        func refuse(_ form: PathRefusal.Form, target: String? = nil) -> PathRefusal {
            var refusal = PathRefusal(dataFile: dataFile, path: name, form: form, target: target)
            if byName { refusal.besideFile = String(last) }
            return refusal
        }
        // The real folder and the real file: a link anywhere on the way is followed by `realpath`.
        guard let realFolder = FileIO.resolvedPath(folder) else { return found }
        guard let real = FileIO.resolvedPath(chosen) else {
            // Missing, or a link that leads nowhere: a folder on the way may still be a link out.
            let parent = FileIO.parentDirectory(of: chosen)
            if let realParent = FileIO.resolvedPath(parent), !Self.isInside(realParent, realFolder, orSame: true) {
                throw refuse(.symlink, target: realParent)
            }
            if let destination = try? FileManager.default.destinationOfSymbolicLink(atPath: chosen) {
                let target = destination.hasPrefix("/") ? destination : FileIO.parentDirectory(of: chosen) + "/" + destination
                let standard = URL(fileURLWithPath: target).standardizedFileURL.path
                if !Self.isInside(standard, realFolder, orSame: false) { throw refuse(.symlink, target: standard) }
            }
            return found
        }
        guard Self.isInside(real, realFolder, orSame: false) else { throw refuse(.symlink, target: real) }
        return found
    }

    /// The components of `name` below the data file's folder (`res://` taken as that folder, `.`
    /// and empty ones left out; at least one), or the refusal of its form: empty or NUL (`invalid`),
    /// or leaving the folder as Basics' `WrittenPath` rules — absolute (`/x`, `\\x`, `C:\x`,
    /// `c:s.png`), a URL, a `..` however written (`%2e%2e/`, `..\`).
    private static func components(of name: String, dataFile: String) throws(PathRefusal) -> [Substring] {
        func refuse(_ form: PathRefusal.Form) -> PathRefusal { PathRefusal(dataFile: dataFile, path: name, form: form) }
        let relative = name.hasPrefix("res://") ? String(name.dropFirst(6)) : name
        guard !relative.isEmpty, !relative.utf8.contains(0), !relative.hasSuffix("/") else { throw refuse(.invalid) }
        switch WrittenPath.leaving(relative) {
        case .absolute?: throw refuse(.absolute)
        case .url?: throw refuse(.url)
        case .parent?: throw refuse(.parent)
        case nil: break
        }
        let components = relative.split(separator: "/", omittingEmptySubsequences: true).filter { $0 != "." }
        guard !components.isEmpty else { throw refuse(.invalid) }
        return components
    }

    /// ``located(_:from:)`` for files on disk; for files in memory the same rules by name alone (no
    /// links there to follow): `name` relative to the data file's folder when `reader` holds it,
    /// else by its file name beside the data file.
    static func located(_ name: String, from dataFile: String, reader: FileReader) throws(PathRefusal) -> (file: String, byName: Bool) {
        guard !reader.isDisk else { return try located(name, from: dataFile) }
        let components = try Self.components(of: name, dataFile: dataFile)
        let last = components[components.count - 1]
        let parent = FileIO.parentDirectory(of: dataFile)
        let folder = !dataFile.contains("/") ? "" : parent == "/" ? "/" : parent + "/"
        let named = folder + components.joined(separator: "/")
        let byName = components.count > 1 && (try? reader.bytes(named)) == nil && (try? reader.bytes(folder + last)) != nil
        return (byName ? folder + last : named, byName && !name.hasPrefix("res://"))
    }

    /// Whether the absolute path `path` lies inside the folder `folder` (or is it, when `orSame`).
    private static func isInside(_ path: String, _ folder: String, orSame: Bool) -> Bool {
        if path == folder { return orSame }
        return path.hasPrefix(folder == "/" ? "/" : folder + "/")
    }
}
