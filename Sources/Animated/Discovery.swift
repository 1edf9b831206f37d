import Basics
import Foundation
import Raster

/// Finds frame sequences from a SOURCE: a folder, a prefix path (`Sequences/explosion/explosion`
/// stands for `explosion1.png … explosionN.png` in that folder), or a list of files.
public enum Discovery {
    /// How the files in memory are named where a source is named: errors about an upload say
    /// "the files given", never a folder.
    public static let filesGiven = "the files given"

    /// `a.png, b.png, c.png and 5 more`.
    package static func shortList(_ names: [String], first: Int = 3) -> String {
        names.prefix(first).joined(separator: ", ") + (names.count > first ? " and \(names.count - first) more" : "")
    }

    /// Several sources as a message names them: `A`, `A and B`, `A, B and C`.
    static func spelled(_ sources: [String]) -> String {
        sources.count < 2 ? sources.joined() : sources.dropLast().joined(separator: ", ") + " and " + sources[sources.count - 1]
    }

    /// Refuses `-` among `sources` (``Error/standardInput``): standard input holds no folder; and
    /// an empty name (``Error/notFound(source:)`` of `""`), which names nothing to read.
    public static func checkNoStandardInput(_ sources: [String]) throws(Error) {
        if sources.contains("-") { throw .standardInput }
        if sources.contains("") { throw .notFound(source: "") }
    }

    /// Why `source` gave no frame: ``Error/onlySheetPages(source:data:pages:)`` for a folder that
    /// holds nothing but a sprite sheet's pages, ``Error/framesInSubfolders(source:folders:)``,
    /// ``Error/onlyDeviceFrames(source:files:)`` for one of a device's frames only, else ``Error/noFrames(source:)``.
    public static func noFrames(in source: String) -> Error {
        let folder = trimmingSlash(source)
        if let names = try? FileIO.entries(of: folder) {
            let pages = SheetPages.pages(inFolder: folder, names: names)
            if let data = pages.values.min(by: NaturalOrder.areInIncreasingOrder) {
                return .onlySheetPages(source: source, data: folder == "." ? data : folder + "/" + data,
                                       pages: pages.filter { $0.value == data }.keys.sorted(by: NaturalOrder.areInIncreasingOrder))
            }
            // Subfolders holding numbered frames (the first 200 looked at): a folder of sequences.
            let holding = names.filter { !$0.hasPrefix(".") }.sorted(by: NaturalOrder.areInIncreasingOrder).prefix(200).compactMap { name -> String? in
                let sub = folder == "." ? name : folder + "/" + name
                guard FileIO.isDirectory(sub), let inside = try? FileIO.entries(of: sub),
                      inside.contains(where: { !$0.hasPrefix(".") && OutputName.pathExtension($0) == "png" && FrameFile(path: $0) != nil }) else { return nil }
                return sub
            }
            if !holding.isEmpty { return .framesInSubfolders(source: source, folders: holding) }
            // Frames for one device only (`g1~ipad.png…`): no frame for every device to play.
            let deviceFrames = names.filter { OutputName.pathExtension($0) == "png" && FrameFile(path: $0)?.device != nil }
                .sorted(by: NaturalOrder.areInIncreasingOrder)
            if !deviceFrames.isEmpty, !names.contains(where: { OutputName.pathExtension($0) == "png" && FrameFile(path: $0).map { $0.device == nil } == true }) {
                return .onlyDeviceFrames(source: source, files: deviceFrames.map { folder == "." ? $0 : folder + "/" + $0 })
            }
        }
        return .noFrames(source: source)
    }

    /// The sequences at file URLs, as ``sequences(from:recursive:)`` finds them at paths.
    public static func sequences(urls: [URL], recursive: Bool = false) throws(Error) -> [FrameSequence] {
        try sequences(from: urls.map(\.filePathForFlipbook), recursive: recursive)
    }

    /// The sequences in `sources`, each source read as a folder, a file or a prefix path.
    /// Folders are searched `recursive`ly when asked; each subfolder holds its own sequences.
    public static func sequences(from sources: [String], recursive: Bool = false) throws(Error) -> [FrameSequence] {
        try checkNoStandardInput(sources)
        var files: [FrameFile] = []
        for source in sources { files += try frameFiles(in: source, recursive: recursive) }
        // The same file named twice (a folder and a file in it, one folder spelled two ways:
        // `walk ./walk`) counts once, under the spelling first given.
        // Files are told apart by their names' bytes: `é` and `e` + U+0301 are two files, refused.
        let respelled = oneSpellingPerFolder(files)
        try checkSpellings(respelled.map(\.path))
        var seen = Set<NameSpelling.Exact>()
        return FrameSequence.group(respelled.filter { seen.insert(NameSpelling.Exact($0.path)).inserted })
    }

    /// `files` with every folder spelled as it was first (`./walk/walk1.png` → `walk/walk1.png`
    /// after `walk/walk0.png`): one folder reached by two paths (`walk`, `./walk`, `$PWD/walk`, a
    /// symbolic link to it) is one folder. Files themselves are not resolved: a link to another
    /// frame is a frame of its own (a held pose).
    static func oneSpellingPerFolder(_ files: [FrameFile]) -> [FrameFile] {
        // Keyed by bytes, as the disk tells folders apart: `café/` composed and decomposed are two
        // (one text to `String ==`: the second folder's files were read as the first's).
        var spelling: [NameSpelling.Exact: String] = [:]   // resolved folder → its first spelling
        var resolved: [NameSpelling.Exact: String?] = [:]  // folder as given → resolved
        return files.map { file in
            let given = NameSpelling.Exact(file.directory)
            if resolved[given] == nil { resolved[given] = .some(FileIO.resolvedPath(file.directory)) }
            guard let real = resolved[given] ?? nil else { return file }
            let first = spelling[NameSpelling.Exact(real)] ?? file.directory
            spelling[NameSpelling.Exact(real)] = first
            guard !first.utf8.elementsEqual(file.directory.utf8) else { return file }
            let path = first == "." ? file.fileName : first == "/" ? "/" + file.fileName : first + "/" + file.fileName
            return (file.numberText.isEmpty ? FrameFile(unnumbered: path) : FrameFile(path: path)) ?? file
        }
    }

    /// Every PNG image in `sources` (folders are not searched below): numbered frames grouped into
    /// sequences, and the PNGs whose names have no number (`eggHead.png`, `skully@2x.png`) as single
    /// images, each a sequence of one frame (number 0) holding its scale variants — what a sprite
    /// sheet packs. A prefix path stands for its numbered frames only. Throws
    /// ``Error/noFrames(source:)`` when a source holds no PNG at all, ``Error/notPNG(path:)`` for
    /// a file named that is not a PNG (a GIF, `notes.txt`; a folder's `sequence.json` is left out),
    /// ``Error/animationNotFrames(source:animation:)`` for a folder whose only image is a GIF, APNG
    /// or WebP (as for an upload of it).
    public static func images(from sources: [String]) throws(Error) -> (sequences: [FrameSequence], singles: [FrameSequence]) {
        var numbered: [FrameFile] = [], unnumbered: [FrameFile] = []
        var seen = Set<NameSpelling.Exact>()
        guard !sources.isEmpty else { throw .noFrames(source: "(no source given)") }
        try checkNoStandardInput(sources)
        // A folder's settings caught by a glob (`dir/*`) are its settings, not images.
        for source in withoutSettings(sources) {
            var isDirectory: ObjCBool = false
            let paths: [String]
            if FileManager.default.fileExists(atPath: source, isDirectory: &isDirectory) {
                if !isDirectory.boolValue, ["gif", "apng", "webp"].contains(OutputName.pathExtension(source)) {
                    throw .animationNotFrames(source: source, animation: source)
                }
                guard isDirectory.boolValue || OutputName.pathExtension(source) == "png" else { throw notPNG(source) }
                paths = isDirectory.boolValue ? try pngFiles(inFolder: source, recursive: false) : [source]
            } else {
                paths = try frameFiles(in: source).map(\.path)
            }
            var found = false
            for path in paths where seen.insert(NameSpelling.Exact(path)).inserted {
                if let file = FrameFile(path: path) {
                    numbered.append(file)
                    found = true
                } else if let file = FrameFile(unnumbered: path) {
                    unnumbered.append(file)
                    found = true
                }
            }
            // A folder whose only image is a GIF, APNG or WebP holds no image to pack, as an upload of it
            // (a lone APNG too, named as a frame or not: `walk1.png` alone is the animation `assemble` reads).
            if !found || (isDirectory.boolValue && paths.count == 1), case .animation(let path, _)? = try? folderImages(source) {
                throw .animationNotFrames(source: source, animation: path)
            }
            if !found && !paths.contains(where: { seen.contains(NameSpelling.Exact($0)) }) { throw noFrames(in: source) }
        }
        // One folder spelled two ways (`fire ./fire`) is one folder: its files count once.
        // Told apart by their names' bytes; names of one text in two normalisations, or differing
        // only in case, are refused naming both files.
        let (numberedFiles, unnumberedFiles) = (oneSpellingPerFolder(numbered), oneSpellingPerFolder(unnumbered))
        try checkSpellings((numberedFiles + unnumberedFiles).map(\.path))
        var respelled = Set<NameSpelling.Exact>()
        return (FrameSequence.group(numberedFiles.filter { respelled.insert(NameSpelling.Exact($0.path)).inserted }),
                FrameSequence.group(unnumberedFiles.filter { respelled.insert(NameSpelling.Exact($0.path)).inserted }))
    }

    /// The refusal of a file given as a frame whose name is not a PNG's: what its first bytes say
    /// it is (``Error/otherFormat(path:format:)``: `pic.jpg` holding a PNG is to be renamed), else
    /// ``Error/notPNG(path:)``.
    static func notPNG(_ path: String) -> Error {
        // FileIO's reader: a FIFO or device is refused, never waited on.
        guard let head = try? FileIO.readPrefix(path, limit: 4096) else { return .notPNG(path: path) }
        return FileSignature.format(of: head.bytes).map { .otherFormat(path: path, format: $0) } ?? .notPNG(path: path)
    }

    /// The PNG files of a list that is meant as one: every source a file (no folder, no prefix), and
    /// the list not one numbered sequence in name order. Such a list plays in the order given, each
    /// file a frame and a file named twice shown twice, as ImageMagick and gifsicle read one:
    /// `title.png walk3.png walk1.png` or `a.png b.png a.png`. A list in name order — what a shell
    /// glob gives in any locale: byte-wise, case-blind, by number, or ignoring punctuation as
    /// `en_US.UTF-8` does (`walk10.png` before `walk1.png`) — is read by number: `nil` when it is one
    /// numbered sequence (read as a sequence, with UIKit's `@Nx` rules); names without numbers keep
    /// their places and the numbered files fill theirs by number (`walk*.png` catching
    /// `walk_end.png`). Call ``sameFolderSpelling(_:)`` first, so that `./walk1.png` and `walk1.png`
    /// are one file. Throws ``Error/notPNG(path:)`` (or ``Error/otherFormat(path:format:)``) for a listed file that is not a PNG, and
    /// ``Error/frameNumberTooLong(path:)`` for one whose number has more than 18 digits.
    public static func listedFrames(_ sources: [String]) throws(Error) -> [FrameFile]? {
        var files: [FrameFile] = []
        for source in withoutSettings(sources) {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: source, isDirectory: &isDirectory), !isDirectory.boolValue else { return nil }
            // Listed, as in a folder: a number too long is refused by name, never taken for no number.
            if FrameFile.hasNumberTooLong(source) { throw .frameNumberTooLong(path: source) }
            guard let file = FrameFile(path: source) ?? FrameFile(unnumbered: source) else { throw notPNG(source) }
            files.append(file)
        }
        try checkSpellings(files.map(\.path))
        let repeated = Set(files.map { NameSpelling.Exact($0.path) }).count < files.count
        guard !repeated && isInNameOrder(files.map(\.path)) else { return files }
        let numbered = files.filter { !$0.numberText.isEmpty }
        if numbered.count == files.count, Set(files.map { $0.directory + "/" + $0.prefix }).count == 1 { return nil }
        // Numbered files by number in the places numbered files hold; the others where they are.
        var byNumber = numbered.sorted { ($0.directory, $0.prefix, $0.number, $0.path) < ($1.directory, $1.prefix, $1.number, $1.path) }
            .makeIterator()
        return files.map { $0.numberText.isEmpty ? $0 : byNumber.next()! }
    }

    /// Refuses a name given twice among files in memory, spelled the same or with `./`, `..` and
    /// doubled slashes (``Error/repeatedName(first:second:)``), and two names of one text in two
    /// Unicode normalisations (``Error/namesDifferInNormalization(first:second:)``).
    public static func checkNamesAreDistinct(_ names: [String]) throws(Error) {
        try checkSpellings(names.map(InMemoryFile.normalizedName), caseBlind: false)
        var seen: [NameSpelling.Exact: String] = [:]
        for name in names {
            let key = NameSpelling.Exact(InMemoryFile.normalizedName(name))
            if let first = seen[key] { throw .repeatedName(first: first, second: name) }
            seen[key] = name
        }
    }

    /// The end of a duplicate-number refusal that names the setting keeping one file (a job
    /// without that setting, such as the preview, leaves it off).
    package static let keepOneHint = "(or set onDuplicateNumber to .first or .last to keep one on purpose)"

    /// `sources` without a folder's settings (`sequence.json`, which `flipbook frames` writes beside
    /// the frames): a glob such as `dir/*` catches them, and they time a list rather than play in it.
    static func withoutSettings(_ sources: [String]) -> [String] {
        sources.filter { !OutputName.settingsNames.contains(String($0.split(separator: "/").last ?? "")) }
    }

    /// `sources` with every file in a folder named earlier in another way (`./walk1.png`,
    /// `$PWD/walk2.png`, `walk3.png`) spelled as it was first named, so one folder is one folder
    /// and one file one file. Folders, prefixes and missing paths are left as they are.
    public static func sameFolderSpelling(_ sources: [String]) -> [String] {
        var spelling: [NameSpelling.Exact: String] = [:]   // resolved folder (by bytes) → its first spelling
        return sources.map { source in
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: source, isDirectory: &isDirectory), !isDirectory.boolValue else { return source }
            let folder = FrameFile.directory(of: source)
            guard let resolved = FileIO.resolvedPath(folder) else { return source }
            let first = spelling[NameSpelling.Exact(resolved)] ?? folder
            spelling[NameSpelling.Exact(resolved)] = first
            let name = String(source.split(separator: "/", omittingEmptySubsequences: false).last ?? "")
            return first == "." ? name : first == "/" ? "/" + name : first + "/" + name
        }
    }

    /// `true` when `paths` are sorted as a shell glob or a file manager sorts names.
    static func isInNameOrder(_ paths: [String]) -> Bool {
        // en_US.UTF-8 and most locales compare letters and digits first, case-blind, ignoring punctuation.
        func collationKey(_ path: String) -> String { String(path.lowercased().unicodeScalars.filter { CharacterSet.alphanumerics.contains($0) }.map(Character.init)) }
        let orders: [(String, String) -> Bool] = [
            { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) },
            { $0.lowercased() < $1.lowercased() },
            { collationKey($0) < collationKey($1) },
            NaturalOrder.areInIncreasingOrder,
        ]
        return orders.contains { increasing in zip(paths, paths.dropFirst()).allSatisfy { !increasing($1, $0) } }
    }

    /// The numbered PNG files one source stands for.
    public static func frameFiles(in source: String, recursive: Bool = false) throws(Error) -> [FrameFile] {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: source, isDirectory: &isDirectory) {
            if isDirectory.boolValue { return try pngFiles(inFolder: source, recursive: recursive).compactMap { FrameFile(path: $0) } }
            let folder = FrameFile.directory(of: source)   // a listed frame's set is finished first too (pngFiles)
            do { try OutputRecovery.recover(reading: folder) } catch { throw .unreadableFolder(path: folder, reason: error.description) }
            guard let file = FrameFile(path: source) else { throw .noFrames(source: source) }
            return [file]
        }
        // A link that loops or leads nowhere is said as such, not as a mistyped name.
        do { _ = try FileIO.entries(of: source) } catch { if let broken = brokenLink(source, error) { throw broken } }
        let folder = FrameFile.directory(of: source)
        guard FileIO.resolvedPath(folder) != nil else { throw .notFound(source: source) }
        let prefix = String(source.split(separator: "/", omittingEmptySubsequences: false).last ?? "")
        // `walk1.png` or `notes.txt` is a file name, not a prefix: say it is missing.
        if let dot = prefix.lastIndex(of: "."), prefix.index(after: dot) < prefix.endIndex,
           prefix[prefix.index(after: dot)...].allSatisfy({ $0.isASCII && $0.isLetter }) {
            throw .notFound(source: source)
        }
        let frames = try pngFiles(inFolder: folder, recursive: false).compactMap { FrameFile(path: $0) }
        let matches = frames.filter { $0.prefix == prefix }
        guard matches.isEmpty else { return matches }
        // `fire/frame` for `frame-000.png…`: the prefix given stops short of the separator.
        let near = Set(frames.map(\.prefix).filter { $0.count == prefix.count + 1 && $0.hasPrefix(prefix) && !prefix.isEmpty })
        if near.count == 1, let only = near.first, let last = only.last, !(last.isLetter || last.isNumber) {
            throw .prefixNotFound(source: source, near: only)
        }
        // Nothing by that name, nor frames named after it: a mistyped folder or prefix.
        throw .notFound(source: source)
    }

    /// `path` without a trailing slash (except for `/` itself).
    public static func trimmingSlash(_ path: String) -> String {
        path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
    }
}
