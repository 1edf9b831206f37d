import APNG
import Animated
import Atlas
import Basics
import Foundation
import Raster

/// What a preview page shows, gathered from folders and files: the sequences (with their timing
/// tables), the animated files, the sprite sheets, and what could not be shown and why. Every
/// rule of what a source is comes from the library: `Discovery` finds the sequences, a folder's
/// `sequence.json` times them through `Animation.load`, `SheetPages` names the sheets' data and
/// `SheetImport` reads it.
struct PreviewContent: Sendable {
    /// A frame sequence, played with `UIImageView`'s semantics.
    struct SequenceItem: Sendable {
        var name: String
        /// The frames' files for each scale the sequence has (`@2x`, `@3x`), index = frame.
        var frames: [(scale: Int, files: [String])]
        var highlighted: [(scale: Int, files: [String])]
        /// The scale of the default frames (the animation's), and their size in points.
        var scale: Int
        var width: Double
        var height: Double
        var normal: PreviewTiming
        var highlightedTiming: PreviewTiming?
        var summary: String
    }

    /// A GIF, APNG or WebP, played by the browser as it plays the file.
    struct AnimatedFile: Sendable {
        var file: String
        var summary: String
    }

    /// A sprite sheet: its pages and every sprite's region on them.
    struct Sheet: Sendable {
        struct Page: Sendable { var file: String; var width: Int; var height: Int; var scale: Int }
        struct Region: Sendable { var name: String; var page: Int; var x: Int; var y: Int; var width: Int; var height: Int }
        var data: String
        var pages: [Page]
        var regions: [Region]
        var summary: String
    }

    var sequences: [SequenceItem] = []
    var animatedFiles: [AnimatedFile] = []
    var sheets: [Sheet] = []
    /// What could not be shown, each naming its file and the reason.
    var problems: [String] = []
    /// Every file and folder whose change changes the page (the files shown, the folders listed).
    var watched: Set<String> = []
    /// The folders the sequences were found in, in order.
    var sequenceFolders: [String] = []
    private var seen: Set<String> = []
    /// The real paths met, each found from its folder's (round 65b #13: `realpath` of every
    /// folder and file made a 1 000-level chain take two minutes).
    private var realPaths = RealPaths()

    /// The most folders one source is searched in (a page of more would not be read by anyone).
    static let maxFolders = 10_000
    static let animatedExtensions: Set<String> = ["gif", "apng", "webp"]

    /// Every file the page references (frames, animated files, sheet pages).
    var files: [String] {
        sequences.flatMap { ($0.frames + $0.highlighted).flatMap(\.files) } + animatedFiles.map(\.file)
            + sheets.flatMap { $0.pages.map(\.file) }
    }

    /// Adds what `path` holds: a folder (searched below, hidden folders left out), an animated
    /// file, or a sheet's data file. A path that does not exist is a problem, said.
    /// `missing` says why it is not there, when something knows (`its last build failed`).
    mutating func add(_ path: String, label: String? = nil, missing: String? = nil) {
        let path = Discovery.trimmingSlash(path)
        if FileIO.isDirectory(path) {
            addTree(path)
        } else if FileIO.isRegularFile(path) {
            addFile(path)
        } else {
            // Watched all the same: `--serve` shows it once a build writes it.
            watched.insert(path)
            problems.append("\(label ?? path): " + (missing.map { "not there: \($0)" } ?? "not there yet (build the project first)"))
        }
    }

    private mutating func addTree(_ root: String) {
        var folders = [root]
        var index = 0
        // A folder link below the root that leads out of it is not followed, as every reader of a
        // folder leaves it (the page would play frames from elsewhere).
        let boundary = realPaths.of(root)
        // Each real folder once, however many links lead to it (`coin2 -> ..` went round until the system's link limit).
        var visited = Set(boundary.map { [$0] } ?? [])
        while index < folders.count, folders.count <= Self.maxFolders {
            let folder = folders[index]
            index += 1
            guard let names = try? FileIO.entries(of: folder) else { continue }
            for name in names.sorted(by: NaturalOrder.areInIncreasingOrder) where !name.hasPrefix(".") {
                let path = Self.join(folder, name)
                guard FileIO.isDirectory(path), !FileIO.isSameFile(path, folder) else { continue }
                if let boundary, let real = realPaths.of(path), real != boundary, !real.hasPrefix(boundary == "/" ? "/" : boundary + "/") {
                    problems.append("\(path): a link to \(real), outside \(root): not followed")
                    continue
                }
                guard visited.insert(realPaths.of(path) ?? path).inserted else { continue }
                folders.append(path)
            }
            addFolder(folder, names: names, inside: boundary.map { (root, $0) })
        }
        if folders.count > Self.maxFolders { problems.append("\(root): more than \(Self.maxFolders) folders; only the first were searched") }
    }

    /// `inside`: the folder searched and its real path, which no file shown may lead out of.
    private mutating func addFolder(_ folder: String, names: [String], inside: (root: String, real: String)? = nil) {
        guard let real = realPaths.of(folder), seen.insert("dir:" + real).inserted else { return }
        // The real folder too: reached through a link (`t/inlink` → `inner`), a change inside it
        // leaves the link's own status as it was.
        watched.formUnion([folder, real])
        // Sequences: the folder's own (not its subfolders', which are folders of their own).
        // A folder without frames is no problem (its sheets and animations are shown below); frames
        // that cannot be read as sequences (a 19-digit number, two names of one text) are said.
        var found: [FrameSequence] = []
        do { found = try Discovery.sequences(inFolder: folder, realPaths: &realPaths) } catch {
            switch error {
            case .noFrames, .framesInSubfolders, .onlySheetPages, .animationNotFrames, .severalAnimations, .noImagesToPack, .notFound, .prefixNotFound, .onlyDeviceFrames: break
            default: problems.append("\(folder): frames not shown: \(Self.described(error))")
            }
        }
        // A lone APNG, named as a frame or not (`walk1.png`), is the animation `assemble` reads, not a
        // sequence of one frame: shown as the animated files below.
        var loneAPNG: String?
        if found.count == 1, found[0].files.count == 1, case .animation(let path, .apng)? = try? Discovery.folderImages(folder) {
            loneAPNG = path
            found = []
        }
        if !found.isEmpty {
            let manifest = try? SequenceManifest.read(file: Self.join(folder, SequenceManifest.fileName))
            if FileIO.isRegularFile(Self.join(folder, SequenceManifest.fileName)) { watched.insert(Self.join(folder, SequenceManifest.fileName)) }
            // The highlighted frames play with the normal ones, not as a sequence of their own;
            // a manifest that names a folder's only sequence highlighted is read (and refused,
            // said) as that sequence, not passed over as nothing to preview.
            let normal = found.filter { manifest?.highlighted == nil || $0.prefix != manifest?.highlighted }
            var added = false
            for sequence in normal.isEmpty ? found : normal {
                added = addSequence(sequence) || added
            }
            if added { sequenceFolders.append(folder) }
        }
        // A file that is a link out of the folder searched is not shown (nor served), as
        // validation reads nothing outside it (`frame.link-outside`).
        func leadsOut(_ path: String) -> Bool {
            guard let inside, let real = realPaths.of(path), !real.hasPrefix(inside.real == "/" ? "/" : inside.real + "/") else { return false }
            problems.append("\(path): a link to \(real), outside \(inside.root): not shown")
            return true
        }
        // Sheets: the data files that name pages in this folder; one whose pages are not here is said.
        // A data file that links out is not read at all (not even to say what it names).
        let dataExtensions: Set<String> = ["json", "plist", "atlas", "tres"]
        let names = names.filter { name in !(dataExtensions.contains(OutputName.pathExtension(name)) && leadsOut(Self.join(folder, name))) }
        let pages = SheetPages.pages(inFolder: folder, names: names)
        for data in Set(pages.values).sorted(by: NaturalOrder.areInIncreasingOrder) {
            addSheet(Self.join(folder, data))
        }
        for (data, named) in SheetPages.dataNamingPages(inFolder: folder, names: names) where !pages.values.contains(data) {
            // Pages missing, or named elsewhere (`../atlas.png`, an absolute path): pages are read from the data's folder or below it.
            let missing = Set(named).sorted().filter { page in
                page.hasPrefix("/") || page.split(separator: "/").contains("..")
                    || !(names.contains(FileIO.lastComponent(of: page)) || FileIO.isRegularFile(Self.join(folder, page)))
            }
            // Every page there, below the data's folder (`sub/page.png`, which `frames` reads too): shown.
            guard !missing.isEmpty else {
                addSheet(Self.join(folder, data))
                continue
            }
            problems.append("\(Self.join(folder, data)): sheet not shown: it names \(missing.count == 1 ? "a page" : "pages") "
                            + "\(missing.prefix(3).joined(separator: ", ")) that \(folder) does not hold (pages are read from the data's folder or a folder below it)")
        }
        // Animated files: GIF, WebP, .apng, and a `.png` without a frame number that holds an
        // APNG (`assemble -o boom.png` writes one), as validation judges them.
        for name in names.sorted(by: NaturalOrder.areInIncreasingOrder) where !name.hasPrefix(".") {
            let path = Self.join(folder, name), ext = OutputName.pathExtension(name)
            if Self.animatedExtensions.contains(ext) || path == loneAPNG || (ext == "png" && FrameFile(path: path) == nil && Self.isAPNG(path)) {
                if !leadsOut(path) { addAnimatedFile(path) }
            }
        }
    }

    private mutating func addFile(_ path: String) {
        let ext = OutputName.pathExtension(path)
        if Self.animatedExtensions.contains(ext) || (ext == "png" && Self.isAPNG(path)) {
            addAnimatedFile(path)
        } else if ["json", "plist", "atlas", "tres"].contains(ext) {
            addSheet(path)
        } else if ext == "png" {
            // A sheet's page named as an output (`build/fx.png`): its data beside it names it.
            let folder = FileIO.parentDirectory(of: path)
            let names = (try? FileIO.entries(of: folder)) ?? []
            if let data = SheetPages.pages(inFolder: folder, names: names)[FileIO.lastComponent(of: path)] {
                addSheet(Self.join(folder, data))
            } else {
                add(folder)
            }
        } else {
            problems.append("\(path): not a folder, GIF, APNG, WebP or sheet data; not shown")
        }
    }

    /// `error` as the page says it: the preview has no setting to keep one of two files for a
    /// frame number, so a duplicate's refusal does not offer one.
    private static func described(_ error: any Error) -> String {
        "\(error)".replacingOccurrences(of: " " + Discovery.keepOneHint, with: "")
    }

    private static func isAPNG(_ path: String) -> Bool {
        APNG.Decoder.isAnimated(file: path)
    }

    @discardableResult
    private mutating func addSequence(_ sequence: FrameSequence) -> Bool {
        let prefixPath = Self.join(sequence.directory, sequence.prefix)
        guard seen.insert("seq:" + (realPaths.of(sequence.directory) ?? sequence.directory) + "/" + sequence.prefix).inserted else { return false }
        let animation: Animation
        do { animation = try Animation.load([prefixPath]) } catch {
            problems.append("\(sequence.name): not played: \(Self.described(error))")
            return false
        }
        do {
            let normal = try PreviewTiming(animation, highlighted: false)
            let highlightedTiming = animation.highlightedFrames == nil ? nil : try PreviewTiming(animation, highlighted: true)
            // The frames UIKit loads on a device of each scale the sequence has.
            let scales = Set(sequence.frames.flatMap(\.scales)).sorted()
            var frames: [(Int, [String])] = [], highlighted: [(Int, [String])] = []
            for scale in scales {
                let scaled = scale == animation.scale ? animation : try Animation.load([prefixPath], scale: scale)
                frames.append((scale, scaled.frames.compactMap(\.path)))
                if let more = scaled.highlightedFrames { highlighted.append((scale, more.compactMap(\.path))) }
            }
            if frames.isEmpty { frames = [(animation.scale, animation.frames.compactMap(\.path))] }
            // A frame that is no PNG (0 bytes, cut, another format) would be a broken image without a word.
            let unreadable = Array(Set((frames + highlighted).flatMap(\.1))).sorted().compactMap { path -> String? in
                do { _ = try PNG.Decoder().readHeader(file: path); return nil } catch { return "\(error)" }
            }
            if let first = unreadable.first {
                problems.append("\(sequence.name): \(unreadable.count == 1 ? "a frame does" : "\(unreadable.count) frames do") not read, "
                                + "shown as broken images (\(first)\(unreadable.count > 1 ? "; …" : ""))")
            }
            var width = 0.0, height = 0.0
            if let first = animation.frames.first?.path, let header = try? PNG.Decoder().readHeader(file: first) {
                let fileScale = Double(animation.frames.first?.fileScale ?? animation.scale)
                width = Double(header.width) / fileScale
                height = Double(header.height) / fileScale
            }
            var summary = normal.summary(frames: animation.frames.count, direction: animation.direction)
            if let hl = animation.highlightedFrames { summary += "; \(hl.count) highlighted" }
            if !animation.warnings.isEmpty { summary += "; " + animation.warnings.joined(separator: "; ") }
            sequences.append(SequenceItem(name: sequence.name, frames: frames, highlighted: highlighted, scale: animation.scale,
                                      width: width, height: height, normal: normal, highlightedTiming: highlightedTiming, summary: summary))
            return true
        } catch {
            problems.append("\(sequence.name): not played: \(Self.described(error))")
            return false
        }
    }

    private mutating func addAnimatedFile(_ path: String) {
        guard seen.insert("file:" + (realPaths.of(path) ?? path)).inserted else { return }
        watched.insert(path)
        let bytes: [UInt8]
        do { bytes = try FileIO.readAll(path) } catch {
            problems.append("\(path): not shown: \(error)")
            return
        }
        let info: AnimationInfo
        do {
            let decoder = try Animation.decoder(bytes: bytes, file: path)
            info = decoder.info
            // A WebP named `.gif` plays in a browser, which looks at the bytes; every other reader
            // (validate, assemble, info) goes by the name and refuses it: said.
            let format = type(of: decoder).format, named = OutputName.pathExtension(path)
            if (named == "gif" && format != .gif) || (named == "webp" && format != .webp) {
                problems.append("\(path): a \(format.rawValue) named .\(named): shown as a browser plays it, but validate, assemble and info "
                                + "refuse it; rename it .\(format == .gif ? "gif" : format == .webp ? "webp" : "png")")
            }
        } catch {
            problems.append("\(path): not shown: \(error)")
            return
        }
        let plays = info.repeatCount == 0 ? "loops forever" : info.repeatCount == 1 ? "plays once" : "plays \(info.repeatCount) times"
        animatedFiles.append(AnimatedFile(file: path, summary: "\(Self.count(info.frameCount, "frame")), \(info.width)×\(info.height), \(plays); played by the browser"))
    }

    private mutating func addSheet(_ data: String) {
        guard seen.insert("sheet:" + (realPaths.of(data) ?? data)).inserted else { return }
        watched.insert(data)
        // A Cocos2d sheet over several pages keeps each page in a plist of its own (`d-0.plist`,
        // `d-1.plist`, …): those plists are one sheet, shown as one, when each reads as one page.
        let sheet: SpriteSheet
        do { sheet = try SheetImport.read(data) } catch {
            problems.append("\(data): sheet not shown: \(error)")
            return
        }
        var read = [sheet]
        let plists = Cocos2dPlist.pagePlists(besides: data)
        if plists.count > 1, sheet.pages.count == 1 {
            let group = plists.map { $0 == data ? sheet : try? SheetImport.read($0) }
            if group.allSatisfy({ $0?.pages.count == 1 }) { read = group.compactMap { $0 } }
        }
        var pages: [Sheet.Page] = [], regions: [Sheet.Region] = [], animations = 0
        for sheet in read {
            let pageFiles = Array(sheet.sourceFiles.suffix(sheet.pages.count))
            guard pageFiles.count == sheet.pages.count else {
                problems.append("\(data): sheet not shown: its pages were not found")
                return
            }
            for file in pageFiles { watched.insert(file) }
            // A sheet over several data files (PixiJS's `related_multi_packs`, Phaser's pages) is read
            // whole from any one of them: the others are that sheet, not sheets of their own.
            for file in sheet.sourceFiles {
                watched.insert(file)
                seen.insert("sheet:" + (realPaths.of(file) ?? file))
            }
            regions += sheet.sprites.map { Sheet.Region(name: $0.name, page: pages.count + $0.page, x: $0.frame.x, y: $0.frame.y,
                                                        width: $0.frame.width, height: $0.frame.height) }
            pages += zip(pageFiles, sheet.pages).map { Sheet.Page(file: $0, width: $1.width, height: $1.height, scale: $1.scale) }
            animations += sheet.animations.count
        }
        // A sheet at several scales (SpriteKit's `.atlasc`, `--scales 2,3`) holds each sprite once per scale.
        let scales = Set(pages.map(\.scale)).sorted()
        let sprites = scales.count > 1 ? regions.filter { pages[$0.page].scale == scales[0] }.count : regions.count
        let summary = Self.count(sprites, "sprite") + " on " + Self.count(pages.count, "page")
            + (read.count > 1 ? " (one plist each)" : "") + (scales.count > 1 ? " (at " + scales.map { "@\($0)x" }.joined(separator: ", ") + ")" : "")
            + (animations == 0 ? "" : ", " + Self.count(animations, "animation"))
        sheets.append(Sheet(data: data, pages: pages, regions: regions, summary: summary))
    }

    /// `1 sprite`, `4 sprites`.
    static func count(_ number: Int, _ noun: String) -> String { "\(number) \(noun)\(number == 1 ? "" : "s")" }

    static func join(_ folder: String, _ name: String) -> String {
        folder == "." ? name : folder.hasSuffix("/") ? folder + name : folder + "/" + name
    }
}
