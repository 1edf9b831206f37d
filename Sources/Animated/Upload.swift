import APNG
import Basics
import Raster

/// Files held in memory read as one source (an upload): the one definition that ``Validator``,
/// ``Animation/load(files:scale:device:limits:onDuplicateNumber:)`` (so ``AssembleJob``) and
/// Atlas's `SheetJob` share, so that what one accepts the others accept, and what one refuses the
/// others refuse with the same ``Discovery/Error``.
///
/// An upload is read as a folder holding the files (each name its path below that folder), and
/// the rules are a folder's: a file that is no image Flipbook reads (`readme.txt`, `shot.jpg`), a
/// hidden file (`.DS_Store`) and the pages a sprite sheet's data among the files names
/// (`fire-0.png` beside a `fire.json` whose `meta.image` it is) are no frames and are left out,
/// listed in ``leftOut`` (the jobs say so in a note); a folder's settings (`sequence.json`) are its
/// timing. What remains is read by the rule a folder follows too: PNG images — frames named by
/// number and images without numbers, in the order given — with any GIF, APNG or WebP beside them
/// left out (an animation of its own, read only alone); or, without a PNG, one GIF, APNG or WebP
/// (or one `.png` holding `acTL`), read as an animation. Names are
/// normalised (`./fx//a1.png` is `fx/a1.png`), so one folder spelled two ways is one folder; the
/// frames, settings and files left out are named in that form.
public struct Upload: Sendable, Equatable {
    /// What the files stand for.
    public enum Content: Sendable, Equatable {
        /// One GIF, APNG or WebP (a `.png` with an `acTL` chunk is an APNG), read as an animation of its own.
        case animation(InMemoryFile, AssembleJob.Format)
        /// PNG images, in the order given: numbered frames (`walk1.png`, `fx/boom3@2x.png`) and
        /// images without numbers (`title.png`), each as its name reads.
        case images([FrameFile])
    }

    /// A file of the upload that is no frame, and why.
    public struct LeftOut: Sendable, Equatable, CustomStringConvertible {
        /// Why a file is no frame.
        public enum Reason: Sendable, Equatable {
            /// Not a PNG, GIF, APNG or WebP by its name (`readme.txt`, `shot.jpg`).
            case notAnImage
            /// A hidden file (its name starts with a dot: `.DS_Store`, `._walk1.png`), left out as
            /// a folder's hidden files are.
            case hidden
            /// A page of the sprite sheet whose data file `data` (among the files) names it.
            case sheetPage(data: String)
            /// A GIF, APNG or WebP beside PNG frames: an animation of its own, read only alone (as
            /// in a folder).
            case animation
        }

        /// The file's name as given.
        public var name: String
        /// Why it is left out.
        public var reason: Reason

        /// A file named `name`, left out for `reason`.
        public init(name: String, reason: Reason) {
            self.name = name
            self.reason = reason
        }

        /// `readme.txt: not a PNG, GIF, APNG or WebP`.
        public var description: String {
            switch reason {
            case .notAnImage: "\(name): not a PNG, GIF, APNG or WebP"
            case .hidden: "\(name): a hidden file"
            case .sheetPage(let data): "\(name): a page of the sprite sheet \(data)"
            case .animation: "\(name): a GIF, APNG or WebP beside PNG frames, read only alone"
            }
        }
    }

    /// The frames, or the one animation.
    public var content: Content
    /// The folders' settings among the files (`sequence.json`, `fx/sequence.json`), by name.
    public var settings: [String]
    /// The files that are no frames, in the order given.
    public var leftOut: [LeftOut]

    /// The upload `files` stands for. Throws ``Discovery/Error/repeatedName(first:second:)`` for a
    /// name given twice with different bytes (with the same bytes it is one file),
    /// ``Discovery/Error/namesDifferInNormalization(first:second:)`` for two names of one text in
    /// two Unicode normalisations, ``Discovery/Error/severalAnimations(source:animations:)`` for several GIFs,
    /// APNGs or WebPs and no PNG, ``Discovery/Error/onlySheetPages(source:data:pages:)`` when the images
    /// are all a sprite sheet's pages, and ``Discovery/Error/noFrames(source:)`` (with
    /// ``Discovery/filesGiven`` as the source) when there is no image at all.
    public init(_ files: [InMemoryFile]) throws(Discovery.Error) {
        // One folder spelled two ways (`fx/a1.png`, `./fx/a2.png`) is one folder. A name given
        // twice with the same bytes is one file (an upload that repeats a part), as `Validator`
        // takes it; with other bytes, which file it stands for cannot be told.
        // Names are told apart by their bytes: one text in two Unicode normalisations is refused.
        let files = try Self.normalized(files)
        var settings: [String] = [], leftOut: [LeftOut] = [], candidates: [InMemoryFile] = []
        for file in files {
            let last = FileIO.lastComponent(of: file.name)
            if OutputName.settingsNames.contains(last) {
                settings.append(file.name)
            } else if last.hasPrefix(".") {
                leftOut.append(LeftOut(name: file.name, reason: .hidden))
            } else if OutputName.pathExtension(last) != "png" && Animation.animatedFileKind(last) == nil {
                // A sheet's data is no image either; it may name pages among the images.
                leftOut.append(LeftOut(name: file.name, reason: .notAnImage))
            } else {
                candidates.append(file)
            }
        }
        // Pages that a sheet's data in their folder names are no frames.
        let pages = Self.sheetPages(files)
        let sheetPages = candidates.filter { pages[$0.name] != nil }
        leftOut += sheetPages.map { LeftOut(name: $0.name, reason: .sheetPage(data: pages[$0.name]!)) }
        let images = candidates.filter { pages[$0.name] == nil }
        self.settings = settings
        self.leftOut = leftOut

        let byName = Dictionary(images.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        let reading = try SourceImages.reading(images.map(\.name), of: Discovery.filesGiven) { byName[$0].map { APNG.Decoder.isAnimated($0.bytes) } ?? false }
        switch reading {
        case .animation(let name, let kind)?:
            guard let file = byName[name] else { throw .noFrames(source: Discovery.filesGiven) }
            content = .animation(file, kind)
        case .stills(let stills, let animations)?:
            // A GIF, APNG or WebP beside PNG frames is no frame, as in a folder.
            self.leftOut += animations.map { LeftOut(name: $0, reason: .animation) }
            var frames: [FrameFile] = []
            for name in stills {
                if FrameFile.hasNumberTooLong(name) { throw .frameNumberTooLong(path: name) }
                guard let frame = FrameFile(path: name) ?? FrameFile(unnumbered: name) else { throw .notPNG(path: name) }
                frames.append(frame)
            }
            content = .images(frames)
        case nil:
            if let first = sheetPages.first, case .sheetPage(let data) = leftOut.first(where: { $0.name == first.name })?.reason {
                throw .onlySheetPages(source: Discovery.filesGiven, data: data,
                                      pages: sheetPages.filter { pages[$0.name] == data }.map(\.name))
            }
            throw .noFrames(source: Discovery.filesGiven)
        }
    }

    /// `files` with their names normalised (`./fx//a1.png` is `fx/a1.png`) and a name given twice
    /// with the same bytes kept once, in the order given: the reading every job of an upload starts
    /// with. Throws ``Discovery/Error/repeatedName(first:second:)`` for a name given twice with
    /// different bytes and ``Discovery/Error/namesDifferInNormalization(first:second:)`` for one
    /// text in two Unicode normalisations.
    package static func normalized(_ files: [InMemoryFile]) throws(Discovery.Error) -> [InMemoryFile] {
        try Discovery.checkSpellings(files.map { InMemoryFile.normalizedName($0.name) }, caseBlind: false)
        if let repeated = InMemoryFile.repeatedName(in: files) { throw .repeatedName(first: repeated.first, second: repeated.second) }
        var seen = Set<NameSpelling.Exact>()
        return files.map { InMemoryFile(name: InMemoryFile.normalizedName($0.name), bytes: $0.bytes) }
            .filter { seen.insert(NameSpelling.Exact($0.name)).inserted }
    }

    /// One line for a job's notes naming the files left out (hidden files are left out without a
    /// word, as in a folder); `nil` when there are none to name.
    public var leftOutNote: String? {
        let named = leftOut.filter { $0.reason != .hidden }
        guard !named.isEmpty else { return nil }
        var dataFiles: [String] = []
        for file in named { if case .sheetPage(let data) = file.reason, !dataFiles.contains(data) { dataFiles.append(data) } }
        // A sheet's data is said with its pages.
        let notImages = named.filter { $0.reason == .notAnImage && !dataFiles.contains($0.name) }.map(\.name)
        var parts: [String] = []
        if !notImages.isEmpty { parts.append("\(Discovery.shortList(notImages)) (not a PNG, GIF, APNG or WebP)") }
        if let animations = Discovery.animationsPart(named.filter { $0.reason == .animation }.map(\.name)) { parts.append(animations) }
        for data in dataFiles {
            let pages = named.filter { $0.reason == .sheetPage(data: data) }.map(\.name)
            parts.append("\(Discovery.shortList(pages)) (\(pages.count == 1 ? "the page" : "the pages") of the sprite sheet \(data))")
        }
        return "left out, no frames: " + parts.joined(separator: "; ")
    }

    /// The page → data file of every sheet page that a data file among `files` names in its folder.
    static func sheetPages(_ files: [InMemoryFile]) -> [String: String] {
        let byFolder = Dictionary(grouping: files, by: { FrameFile.directory(of: $0.name) })
        var result: [String: String] = [:]
        for inFolder in byFolder.values {
            let byName = Dictionary(inFolder.map { (FileIO.lastComponent(of: $0.name), $0) }, uniquingKeysWith: { first, _ in first })
            let pages = SheetPages.pages(among: Array(byName.keys)) { byName[$0]?.bytes }
            for (page, data) in pages {
                guard let pageFile = byName[page], let dataFile = byName[data] else { continue }
                result[pageFile.name] = dataFile.name
            }
        }
        return result
    }
}
