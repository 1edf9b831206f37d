import Basics
import Foundation
import Raster

/// Listing a folder's files: the one walk every reader of folders shares (links that leave the
/// folder, a sheet's pages, an interrupted set finished first).
extension Discovery {
    /// The PNG files of a folder (hidden files skipped), with their folder prefixed. Searched
    /// `recursive`ly, each folder is visited once, however many symbolic links lead to it (a link
    /// back to a parent is not followed round), and a link to a folder outside `folder` is not
    /// followed at all.
    public static func pngFiles(inFolder folder: String, recursive: Bool) throws(Error) -> [String] {
        var walk = Walk()
        return try files(inFolder: folder, recursive: recursive, walk: &walk) { $0.hasSuffix(".png") }
    }

    /// ``sequences(from:recursive:)`` of one folder, not searched below, with the real paths of a
    /// caller's walk (`realPaths`, kept up to date): a caller listing each folder of a deep tree in
    /// turn (`preview`) finds each real path from its parent's instead of resolving the whole path
    /// again, which made a 1 000-level chain take minutes (round 65b #13).
    package static func sequences(inFolder folder: String, realPaths: inout RealPaths) throws(Error) -> [FrameSequence] {
        var walk = Walk()
        walk.realPaths = realPaths
        defer { realPaths = walk.realPaths }
        // One folder's listing: each file once, spelled as that folder (no second spelling to unite).
        let files = try files(inFolder: folder, recursive: false, walk: &walk) { $0.hasSuffix(".png") }.compactMap { FrameFile(path: $0) }
        try checkSpellings(files.map(\.path))
        return FrameSequence.group(files)
    }

    /// The files of a folder whose lowercased name `accept`s (hidden files and a sheet's pages
    /// skipped), with their folder prefixed, in natural order.
    static func files(inFolder folder: String, recursive: Bool, walk: inout Walk,
                      accept: (String) -> Bool) throws(Error) -> [String] {
        let folder = trimmingSlash(folder)
        if recursive, let resolved = walk.realPaths.of(folder) {
            guard walk.mayEnter(folder, resolved: resolved), walk.visited.insert(NameSpelling.Exact(resolved)).inserted else { return [] }
        }
        var result: [String] = []
        walk.depth += 1
        defer { walk.depth -= 1 }
        // The first folder's listing ends with the folders reached only through links.
        if walk.depth == 1 {
            defer { walk.folderLinks.removeAll() }
            result = try listing(of: folder, recursive: recursive, walk: &walk, accept: accept)
            var next = 0
            while next < walk.folderLinks.count {
                next += 1
                result += try files(inFolder: walk.folderLinks[next - 1], recursive: true, walk: &walk, accept: accept)
            }
            return result
        }
        return try listing(of: folder, recursive: recursive, walk: &walk, accept: accept)
    }

    /// One folder's files for ``files(inFolder:recursive:walk:accept:)``, its subfolders listed
    /// in turn (links to folders kept in `walk` for later).
    private static func listing(of folder: String, recursive: Bool, walk: inout Walk,
                                accept: (String) -> Bool) throws(Error) -> [String] {
        var result: [String] = []
        // The folder no file may lead out of: the walk's first folder, or this one listed alone.
        let boundary = walk.root ?? walk.realPaths.of(folder)
        // A set a killed Flipbook run left half-replaced here is finished first, never read as one.
        do { try OutputRecovery.recover(reading: folder) } catch { throw .unreadableFolder(path: folder, reason: error.description) }
        // Pages of a sprite sheet Flipbook wrote here (its set holds the sheet's data), or that a
        // sheet's data here names (a copy without the record), are no frames.
        let names = try names(in: folder)
        let sheetPages = OutputSet.names(inSetsHolding: sheetDataExtensions, in: folder)
            .union(SheetPages.pages(inFolder: folder, names: names).keys)
        // Links out of the folder to files without a frame number (`logo.png -> ../art/logo.png`).
        var unnumberedLinksOut: [(link: String, target: String)] = []
        if walk.keepsFileProblems, walk.depth > 1, names.contains(ValidationConfig.fileName) {
            walk.nestedSettings.append(folder == "." ? ValidationConfig.fileName : "\(folder)/\(ValidationConfig.fileName)")
        }
        for name in names where !name.hasPrefix(".") && !sheetPages.contains(name) {
            let path = folder == "." ? name : "\(folder)/\(name)"
            // A name deeper than the longest path the system opens cannot be read, nor told a
            // file from a folder: it was passed over, and CI went green on corrupt frames below it.
            if path.utf8.count >= RealPaths.longestPath {
                let error = Error.unreadableFolder(path: folder, reason: "\(NameSpelling.spelled(name)) in it lies past the longest path the system "
                                                   + "opens (\(RealPaths.longestPath) bytes, \(path.utf8.count + 1) here): give a folder deeper down, or move the files up")
                // Validation says it of that folder and checks the rest of the tree (one branch too deep
                // left a report of nothing else, its real errors unsaid: round 70).
                guard walk.keepsFileProblems else { throw error }
                if !walk.fileProblems.contains(where: { $0.path == folder }) { walk.fileProblems.append((folder, error)) }
                continue
            }
            var isDirectory: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
            // A link to nothing (`chars -> ../gone`): a folder moved or not checked out. Named
            // like a frame it is read, and its reader says it is missing; otherwise validation
            // says so (every other reader has nothing to read there).
            if walk.keepsFileProblems, !isDirectory.boolValue, !accept(name.lowercased()), FileIO.isSymbolicLink(path),
               FileIO.resolvedPath(path) == nil {
                walk.leavingLinks.append((path, FileIO.linkTarget(of: path) ?? "?", true))
                continue
            }
            if isDirectory.boolValue {
                if recursive && FileIO.isSymbolicLink(path) {
                    walk.folderLinks.append(path)
                } else if recursive {
                    result += try files(inFolder: path, recursive: true, walk: &walk, accept: accept)
                }
            } else if accept(name.lowercased()) {
                // `cap_1732867200000000000.png`: a frame number too long to read, refused by name.
                if FrameFile.hasNumberTooLong(path) {
                    guard walk.keepsFileProblems else { throw .frameNumberTooLong(path: path) }
                    walk.fileProblems.append((path, .frameNumberTooLong(path: path)))
                    continue
                }
                // A file link that leads out (`walk3.png -> /etc/…`) is refused, as a sheet's page is.
                if let boundary, let real = walk.realPaths.of(path), !real.hasPrefix(boundary == "/" ? "/" : boundary + "/") {
                    // A frame, or for validation an animation (every one of the tree is judged).
                    if FrameFile(path: path) != nil || (walk.keepsFileProblems && Animation.animatedFileKind(path) != nil) {
                        guard walk.keepsFileProblems else { throw .linkOutside(link: path, target: real) }
                        walk.fileProblems.append((path, .linkOutside(link: path, target: real)))
                        continue
                    }
                    unnumberedLinksOut.append((path, real))
                    continue
                }
                result.append(path)
            }
        }
        // Beside numbered frames an image without a number is no frame and is left out, a link
        // out of the folder as any other; with none, such images are what the folder holds, and
        // one that leads out is refused.
        if let first = unnumberedLinksOut.first, !result.contains(where: { FrameFile(path: $0) != nil }) {
            guard walk.keepsFileProblems else { throw .linkOutside(link: first.link, target: first.target) }
            walk.fileProblems += unnumberedLinksOut.map { ($0.link, .linkOutside(link: $0.link, target: $0.target)) }
        }
        return result
    }

    /// The data files of the sheet formats: a set of Flipbook's holding one is a sprite sheet.
    static let sheetDataExtensions: Set<String> = ["json", "atlas", "tres", "plist"]

    private static func names(in folder: String) throws(Error) -> [String] {
        let names: [String]
        do {
            names = try FileIO.entries(of: folder)
        } catch {
            if let broken = brokenLink(folder, error) { throw broken }
            switch error.kind {
            case .missing: throw .notFound(source: folder)
            case .notAFolder: throw .notAFolder(path: folder)
            case .permissionDenied: throw .permissionDenied(path: folder)
            case .notRegularFile, .other: throw .unreadableFolder(path: folder, reason: error.reason)
            }
        }
        // A name that is not UTF-8 (`caf\xE9`, Latin-1) comes back with U+FFFD in it and names
        // nothing: its file or folder was passed over without a word (fresh eyes 55).
        if let unnamed = names.first(where: { $0.unicodeScalars.contains("\u{FFFD}") && FileIO.fingerprint(of: folder + "/" + $0) == nil }) {
            throw .unreadableFolder(path: folder, reason: "the name of \(NameSpelling.spelled(unnamed)) (as shown) is not UTF-8 text, "
                                    + "which Flipbook reads names as: rename it")
        }
        return names.sorted(by: NaturalOrder.areInIncreasingOrder)
    }

    /// ``Error/brokenLink(path:target:reason:)`` when `path` is a symbolic link that `error` (from
    /// reading through it) could not follow: it loops, or leads to nothing; `nil` otherwise.
    static func brokenLink(_ path: String, _ error: FileIO.Error) -> Error? {
        let name = trimmingSlash(path)
        guard FileIO.isSymbolicLink(name) else { return nil }
        return .brokenLink(path: path, target: FileIO.linkTarget(of: name) ?? "?", reason: error.kind == .missing ? "it leads to nothing" : error.reason)
    }
}
