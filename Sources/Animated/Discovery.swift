import Basics
import Foundation
import Raster

/// Finds frame sequences from a SOURCE: a folder, a prefix path (`Sequences/explosion/explosion`
/// stands for `explosion1.png … explosionN.png` in that folder), or a list of files.
public enum Discovery {
    /// Why a source yielded nothing. Each case names the path asked for.
    public enum Error: Swift.Error, Sendable, Equatable, CustomStringConvertible {
        /// A folder at `path` exists but could not be listed, for a reason other than the cases
        /// below (an I/O error); `reason` is the system's.
        case unreadableFolder(path: String, reason: String)
        /// A folder was asked for (a folder to validate) and `path` is a file.
        case notAFolder(path: String)
        /// The folder at `path` (or one on its way) may not be read.
        case permissionDenied(path: String)
        /// A folder (or file list) that exists and holds no frame (no PNG, or none numbered).
        case noFrames(source: String)
        /// Nothing is at `source`: no file or folder, and no frames named after it as a prefix
        /// (`fx/boom` for `boom1.png…`) — a mistyped path.
        case notFound(source: String)
        /// A file listed among frames that is not a PNG (`notes.txt`).
        case notPNG(path: String)
        /// A file listed among frames whose name is not a PNG's but whose bytes are an image format
        /// (`format`, as the first bytes say it: `PNG`, `APNG`, `GIF`, `WebP`, `JPEG`, `BMP`,
        /// `TIFF`, `PDF`, or `empty`): `pic.jpg` holding a PNG is told to be renamed, `shot.jpg`
        /// holding a JPEG to be converted.
        case otherFormat(path: String, format: String)
        /// Two files name frame `number` of one sequence at one scale (`fire2.png` and
        /// `fire02.png`), `first` before `second` in name order; a reader given
        /// ``FrameSequence/DuplicateNumberPolicy/first`` or ``FrameSequence/DuplicateNumberPolicy/last``
        /// keeps one of them instead. `others` are the sequence's other clashes, in frame order, so
        /// that all of them can be fixed in one go.
        case duplicateNumber(number: Int, first: String, second: String, others: [NumberClash] = [])
        /// A folder that holds no frame itself while its subfolders do (`par/a`, `par/b`: a
        /// folder of sequences, given where one sequence is read): `folders` are the first few.
        case framesInSubfolders(source: String, folders: [String])
        /// A folder (or the files given) that holds no frame but the pages of a sprite sheet:
        /// `pages` (`fire-0.png`, …) are the images the sheet's data file `data` names.
        case onlySheetPages(source: String, data: String, pages: [String])
        /// A GIF, APNG or WebP at `path` named among other images: such a file is an animation
        /// of its own, read alone. (Discovery no longer throws it: a folder or an upload of several
        /// animations is ``severalAnimations(source:animations:)``; `Animation.load` refuses one
        /// named among other sources as `Animation.LoadError.gifAmongOtherSources(gif:)`.)
        case animationAmongFrames(path: String)
        /// A source (a folder, or ``Discovery/filesGiven``) that holds no PNG frame but several
        /// animations (GIF, APNG, WebP), each of which is read alone: which one is meant cannot be told.
        case severalAnimations(source: String, animations: [String])
        /// A PNG whose name ends in a number of more than `FrameFile.maximumDigits` digits (zero
        /// padding aside): no frame number, so it would be left out without a word.
        case frameNumberTooLong(path: String)
        /// A source (a folder, or ``Discovery/filesGiven``) whose only image is the animation
        /// `animation` (a GIF, APNG or WebP), or that animation named itself (`source` is
        /// `animation`), given where PNG images are packed (`SheetJob`): a sheet
        /// packs frames; `FramesJob` writes an animation's frames to a folder, which a sheet packs.
        case animationNotFrames(source: String, animation: String)
        /// The files given (an upload, ``Discovery/filesGiven``) hold no PNG image where PNG images
        /// are packed (`SheetJob`): none at all, or only files that are no image. (Where an animation
        /// is read, the same upload is ``noFrames(source:)``, whose advice names GIF, APNG and WebP.)
        case noImagesToPack(source: String)
        /// The frame file or animation file (GIF, APNG, WebP) at `path` is named at `scale`
        /// (`coin1@9x.png`, `coin@4x.gif`), outside the `@1x`…`@3x` UIKit loads (Basics'
        /// `ImageFileName.scaleRange`): no reader takes such a file, so it is refused where it would
        /// be read, never read as another scale.
        case scaleOutOfRange(path: String, scale: Int)
        /// `-` given as a source: frames are not read from standard input.
        case standardInput
        /// The frame file `link`, found in a folder given, is a symbolic link (or lies in a linked
        /// folder) whose real path `target` is outside that folder: it is neither read nor left
        /// out without a word — a frame of the sequence would be lost or read from elsewhere.
        case linkOutside(link: String, target: String)
        /// One name given twice among files in memory (an upload whose body repeats a file name)
        /// for two different files: `first` and `second` are the two spellings as given (the same,
        /// or `walk1.png` and `./walk1.png`). `Validator`, `Animation.load(files:)`, `AssembleJob`
        /// and `SheetJob` all refuse it with this one case.
        case repeatedName(first: String, second: String)
        /// Two files whose names are one text in two Unicode normalisations (`é` as U+00E9, or as
        /// `e` and U+0301): two files on Linux, equal as Swift Strings, perhaps one file on macOS.
        case namesDifferInNormalization(first: String, second: String)
        /// Two files whose names differ only in case (`Fire1.png`, `fire1.png`): two files on
        /// Linux, one on macOS and Windows, where a checkout keeps one of them.
        case namesDifferInCase(first: String, second: String)

        /// How many clashes after the first a ``duplicateNumber(number:first:second:others:)``
        /// message names; it counts the rest.
        static let clashesNamed = 5

        /// `PATH: what is wrong`, with the accepted forms of a source when nothing was found.
        public var description: String {
            switch self {
            case .unreadableFolder(let path, let reason): "\(path): cannot list folder: \(reason)"
            case .notAFolder(let path): "\(path) is a file, not a folder of frames"
            case .permissionDenied(let path): "\(path): permission denied"
            case .notFound(let source):
                // A name without an extension may have been meant as a prefix: say that was looked for too.
                if let name = source.split(separator: "/").last, !name.contains(".") {
                    "\(source): no such file or folder, nor frames named \(name)1.png…"
                } else {
                    "\(source): no such file or folder"
                }
            case .notPNG(let path):
                "\(path): not a PNG file (frames are PNG files, named by number or listed in order; "
                    + "name their folder to take the PNGs in it)"
            case .otherFormat(let path, let format):
                "\(path): \(FileSignature.advice(format))"
            case .duplicateNumber(let number, let first, let second, let others) where others.isEmpty:
                "\(first) and \(second) are both frame \(number): delete or renumber one " + Discovery.keepOneHint
            case .duplicateNumber(let number, let first, let second, let others):
                "\(others.count + 1) pairs of files share a frame number — frame \(number): \(first) and \(second); "
                    + others.prefix(Self.clashesNamed).map { "frame \($0.number): \($0.first) and \($0.second)" }.joined(separator: "; ")
                    + (others.count > Self.clashesNamed ? "; and \(others.count - Self.clashesNamed) more" : "")
                    + " — delete or renumber one file of each pair " + Discovery.keepOneHint
            case .repeatedName(let first, let second):
                first == second ? "\(first) is given twice among the files given: each file needs a name of its own (rename one or leave one out)"
                    : "\(first) and \(second) name one file among the files given: each file needs a name of its own (rename one or leave one out)"
            case .namesDifferInNormalization(let first, let second):
                "\(first) and \(second) are two files whose names differ only in Unicode normalisation "
                    + "(\(NameSpelling.spelled(first)) and \(NameSpelling.spelled(second))): macOS may take them for one file and "
                    + "engines look names up as text, so one of them would be lost; rename or delete one"
            case .namesDifferInCase(let first, let second):
                "\(first) and \(second) are two files whose names differ only in case: macOS and Windows keep one of them, "
                    + "so the other would be lost on a checkout there; rename or delete one"
            case .noFrames(let source) where source == Discovery.filesGiven:
                "no frames among the files given (expected PNG frames named by number, such as walk1.png, "
                    + "walk2.png…, PNG images to play in the order given, or one GIF, APNG or WebP)"
            case .noFrames(let source):
                "\(source): no frames found (expected a folder, PNG files, or a prefix such as "
                    + "Sequences/explosion/explosion for explosion1.png…)"
            case .framesInSubfolders(let source, let folders):
                "\(source) holds no frames itself, but its \(folders.count == 1 ? "subfolder" : "subfolders") \(Discovery.shortList(folders)) "
                    + "\(folders.count == 1 ? "does" : "do"): each folder is a sequence of its own; name the one to read (validate and preview look into subfolders)"
            case .onlySheetPages(let source, let data, let pages):
                "\(source == Discovery.filesGiven ? "the files given hold" : "\(source) holds") no frames but the pages of a sprite sheet: "
                    + "\(Discovery.shortList(pages)) \(pages.count == 1 ? "is the page" : "are the pages") \(data) names; "
                    + "FramesJob reads a sheet's frames from its data file"
            case .animationNotFrames(let source, let animation) where source == animation:
                "\(animation) is an animation, not PNG frames: a sprite sheet packs PNG frames; FramesJob writes an animation's frames "
                    + "to a folder, which a sheet packs"
            case .animationNotFrames(let source, let animation) where source == Discovery.filesGiven:
                "the files given hold no PNG frames but the animation \(animation): a sprite sheet packs PNG frames; "
                    + "FramesJob(files:) explodes an animation into PNG frames in memory, which a sheet packs"
            case .animationNotFrames(let source, let animation) where OutputName.pathExtension(animation) == "png":
                "\(source) holds no still PNG frames but the animated PNG (APNG) "
                    + "\(animation): a sprite sheet packs PNG frames; FramesJob writes an animation's frames to a folder, which a sheet packs"
            case .animationNotFrames(let source, let animation):
                "\(source) holds no PNG frames but the animation "
                    + "\(animation): a sprite sheet packs PNG frames; FramesJob writes an animation's frames to a folder, which a sheet packs"
            case .noImagesToPack(let source):
                "\(source == Discovery.filesGiven ? "the files given hold" : "\(source) holds") no PNG image: a sprite sheet packs PNG "
                    + "frames named by number (walk1.png, walk2.png…) and PNG images without numbers"
            case .scaleOutOfRange(let path, _) where ImageFileName.animationScaleRefusal(path) != nil:
                "\(path) is not read: \(ImageFileName.animationScaleRefusal(path) ?? "")"
            case .scaleOutOfRange(let path, let scale):
                "\(path) is named @\(scale)x: frames are read at @\(ImageFileName.scaleRange.lowerBound)x…@\(ImageFileName.scaleRange.upperBound)x, "
                    + "the scales UIKit loads; rename it (@\(ImageFileName.scaleRange.upperBound)x at most) or move it out of the frames"
            case .animationAmongFrames(let path):
                "\(path) is an animation: a GIF, APNG or WebP is read on its own, not with other sources"
            case .frameNumberTooLong(let path):
                "\(path): its frame number has more than \(FrameFile.maximumDigits) digits, more than a frame number may have "
                    + "(a nanosecond timestamp?): number the frames 1, 2, 3… (or with fewer digits), so that none is left out"
            case .severalAnimations(let source, let animations):
                "\(source == Discovery.filesGiven ? "the files given hold" : "\(source) holds") no PNG frames but \(animations.count) animations "
                    + "(\(shortList(animations))): each GIF, APNG or WebP is read on its own; give the one to read"
            case .linkOutside(let link, let target):
                "\(link) is a symbolic link to \(target), outside the folder given: frames are read only from the folder; "
                    + "copy the file into the folder in place of the link, or give the folder it leads to"
            case .standardInput:
                "-: frames are not read from standard input; save them to a folder (or the GIF, APNG or WebP "
                    + "to a file) and name it (a file named - is ./-)"
            }
        }
    }

    /// How the files in memory are named where a source is named: errors about an upload say
    /// "the files given", never a folder.
    public static let filesGiven = "the files given"

    /// `a.png, b.png, c.png and 5 more`.
    static func shortList(_ names: [String], first: Int = 3) -> String {
        names.prefix(first).joined(separator: ", ") + (names.count > first ? " and \(names.count - first) more" : "")
    }

    /// Refuses `-` among `sources` (``Error/standardInput``): standard input holds no folder.
    public static func checkNoStandardInput(_ sources: [String]) throws(Error) {
        if sources.contains("-") { throw .standardInput }
    }

    /// Why `source` gave no frame: ``Error/onlySheetPages(source:data:pages:)`` for a folder that
    /// holds nothing but a sprite sheet's pages, else ``Error/noFrames(source:)``.
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
        }
        return .noFrames(source: source)
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
        var spelling: [String: String] = [:]   // resolved folder → its first spelling
        var resolved: [String: String?] = [:]  // folder as given → resolved
        return files.map { file in
            if resolved[file.directory] == nil { resolved[file.directory] = .some(FileIO.resolvedPath(file.directory)) }
            guard let real = resolved[file.directory] ?? nil else { return file }
            let first = spelling[real] ?? file.directory
            spelling[real] = first
            guard first != file.directory else { return file }
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
        var spelling: [String: String] = [:]   // resolved folder → its first spelling
        return sources.map { source in
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: source, isDirectory: &isDirectory), !isDirectory.boolValue else { return source }
            let folder = FrameFile.directory(of: source)
            guard let resolved = FileIO.resolvedPath(folder) else { return source }
            let first = spelling[resolved] ?? folder
            spelling[resolved] = first
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
            do { try OutputRecovery.recover(folder: folder) } catch { throw .unreadableFolder(path: folder, reason: error.description) }
            guard let file = FrameFile(path: source) else { throw .noFrames(source: source) }
            return [file]
        }
        let folder = FrameFile.directory(of: source)
        guard FileIO.resolvedPath(folder) != nil else { throw .notFound(source: source) }
        let prefix = String(source.split(separator: "/", omittingEmptySubsequences: false).last ?? "")
        // `walk1.png` or `notes.txt` is a file name, not a prefix: say it is missing.
        if let dot = prefix.lastIndex(of: "."), prefix.index(after: dot) < prefix.endIndex,
           prefix[prefix.index(after: dot)...].allSatisfy({ $0.isASCII && $0.isLetter }) {
            throw .notFound(source: source)
        }
        let matches = try pngFiles(inFolder: folder, recursive: false).compactMap { FrameFile(path: $0) }.filter { $0.prefix == prefix }
        // Nothing by that name, nor frames named after it: a mistyped folder or prefix.
        guard !matches.isEmpty else { throw .notFound(source: source) }
        return matches
    }

    /// `path` without a trailing slash (except for `/` itself).
    public static func trimmingSlash(_ path: String) -> String {
        path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
    }
}
