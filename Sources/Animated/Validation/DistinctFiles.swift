import APNG
import Basics

/// Identifies each file ``Validator`` reads once, however often the input names it.
///
/// On disk, a file is its real folder (symbolic links and `..` resolved) and its own name: a
/// folder given twice, spelled two ways (`val/ok`, `./val/ok/`, a link to it) or given with its
/// parent is read once — under the deepest root given that holds it (`par/dino` rather than
/// `par`, so with that folder's own settings, in whatever order they are given), else under the
/// path it was first reached by. Two names in one folder stay two frames even when one is a link
/// to the other.
///
/// In memory, a name is normalised first (`./a.png`, `a.png` and `x//../a.png` are `a.png`); two
/// files of one name with the same bytes are one file (an upload that repeats a part), with
/// different bytes they are refused, naming both (``Discovery/Error/repeatedName(first:second:)``, as ``Upload`` refuses it).
enum DistinctFiles {
    /// What one validated folder holds, as `onDisk` finds it.
    struct Root {
        /// The numbered PNGs not ignored and not reached before through another folder.
        var frames: [FrameFile] = []
        /// The GIFs, APNGs and WebPs of the tree (and `.png` files without a frame number that hold
        /// an APNG), beside frames or not, each an animation of its own.
        var animations: [String] = []
        /// Folder links under the folder that lead out of it or to nothing, not followed (``Discovery/Walk``).
        var leavingLinks: [(link: String, target: String, dangling: Bool)] = []
        /// Files under the folder that are not read, and why: a frame or animation linking out of
        /// it (`frame.link-outside`), a frame number of more than 18 digits (`frame.number-too-long`),
        /// a name of one text with an earlier file's in another Unicode normalisation (`name.case-clash`).
        var fileProblems: [(path: String, error: Discovery.Error)] = []
        /// The `.flipbook.json` files of folders below it that are not applied (`config.not-applied`):
        /// none of a folder also given, whose files are checked under its own settings.
        var nestedSettings: [String] = []
        /// How many frames and animations the config's ignore globs left out when they are all
        /// there is (`config.ignores-all`); 0 when anything is read (here or under a deeper root).
        var allIgnored = 0
        /// Why the folder could not be validated (missing, no folder, unreadable, nothing to
        /// check); the other folders are validated all the same.
        var error: Validator.Error?
    }

    /// The numbered PNGs under each root (recursively) that the root's config does not ignore,
    /// each once, in the order the roots and their folders list them; folder links that leave a
    /// root are not followed but listed. A root that is missing, no folder or unreadable, or holds
    /// nothing to check (no numbered PNG, no animation), carries its error. Each GIF, APNG or WebP
    /// (or `.png` without a frame number holding an APNG) of the tree is listed in `animations`:
    /// validated on its own, as that file given alone would be.
    static func onDisk(_ roots: [(folder: String, config: ValidationConfig)]) throws(Validator.Error) -> [Root] {
        var result: [Root] = []
        var seen = Set<NameSpelling.Exact>()
        var realPaths = RealPaths()   // by bytes: `café/` composed and decomposed are two folders
        do { try Discovery.checkNoStandardInput(roots.map(\.folder)) } catch { throw .source(error) }
        // A file under several roots (`par` and `par/dino`) belongs to the deepest, whose settings
        // are its folder's own, whatever the order the roots are given in.
        let realRoots = roots.map { FileIO.resolvedPath(Discovery.trimmingSlash($0.folder)) }
        func claimedDeeper(_ realFolder: String, than index: Int) -> Bool {
            guard let mine = realRoots[index] else { return false }
            return realRoots.contains { other in
                guard let other, other != mine, other.hasPrefix(mine == "/" ? "/" : mine + "/") else { return false }
                return realFolder == other || realFolder.hasPrefix(other + "/")
            }
        }
        for (index, (root, config)) in roots.enumerated() {
            var found = Root()
            let trimmed = Discovery.trimmingSlash(root)
            // Before the folder is listed: the place to finish or roll back an interrupted output
            // set in `trimmed`, so that validation never reads a half-replaced set.
            var paths: [String] = []
            // One walk lists the PNGs and the GIFs, APNGs and WebPs (read below where no frame is beside them).
            var animated: [String] = []
            do {
                var walk = Discovery.Walk()
                // A frame linking out (or numbered past 18 digits) is a finding on that file; the rest
                // of the tree is still checked.
                walk.keepsFileProblems = true
                let listed = try Discovery.files(inFolder: trimmed, recursive: true, walk: &walk) { name in
                    ["png", "gif", "webp", "apng"].contains(OutputName.pathExtension(name))
                }
                paths = listed.filter { OutputName.pathExtension($0) == "png" }
                animated = listed.filter { OutputName.pathExtension($0) != "png" }
                // A link out and a file not read are each said once, under the deepest root, as a
                // frame is read once (a folder given with its parent, or twice, or through a link to
                // itself); one the config ignores (`"ignore": ["outdir"]`) is not reported.
                func reported(_ path: String) -> Bool {
                    guard !config.isIgnored(relativePath(path, below: trimmed)) else { return false }
                    let folder = FrameFile.directory(of: path)
                    let real = realPaths.of(folder) ?? folder
                    return !claimedDeeper(real, than: index) && seen.insert(NameSpelling.Exact(real + "/" + FileIO.lastComponent(of: path))).inserted
                }
                found.leavingLinks = walk.leavingLinks.filter { reported($0.link) }
                found.fileProblems = walk.fileProblems.filter { reported($0.path) }
                found.nestedSettings = walk.nestedSettings.filter { reported($0) }
            } catch {
                found.error = .source(error)
                result.append(found)
                continue
            }
            // A lone `.png` that is an APNG is the animation, numbered name or not, as
            // `Animation.load` (so `assemble`) reads the folder (``SourceImages``).
            let loneAPNG = paths.count == 1 && { () -> Bool in
                guard case .animation(let path, .apng)? = try? Discovery.folderImages(trimmed) else { return false }
                return FileIO.lastComponent(of: path) == FileIO.lastComponent(of: paths[0])
            }()
            func claim(animation path: String) {
                let relative = Self.relativePath(path, below: trimmed)
                let real = (realPaths.of(FrameFile.directory(of: path)) ?? FrameFile.directory(of: path)) + "/" + FileIO.lastComponent(of: path)
                guard !config.isIgnored(relative), !claimedDeeper(FileIO.parentDirectory(of: real), than: index),
                      seen.insert(NameSpelling.Exact(real)).inserted else { return }
                found.animations.append(path)
            }
            if loneAPNG {
                claim(animation: paths[0])
                result.append(found)
                continue
            }
            for path in paths {
                let relative = Self.relativePath(path, below: trimmed)
                guard !config.isIgnored(relative), let file = FrameFile(path: path) else { continue }
                let folder = file.directory
                let real = realPaths.of(folder) ?? folder
                guard !claimedDeeper(real, than: index), seen.insert(NameSpelling.Exact(real + "/" + file.fileName)).inserted else { continue }
                found.frames.append(file)
            }
            // Every GIF, APNG or WebP of the tree is read, not passed over (a cut one left CI
            // green): alone in its folder, beside other animations (`fx/boom.gif`, `fx/fire.webp`:
            // each judged, as in a tree) and beside frames, where it is no frame but still a file
            // of the assets; so is a `.png` without a frame number that holds an APNG (`assemble -o
            // fx/boom.png` writes one). A numbered one is a frame (`png.animated`).
            for path in paths + animated where FrameFile(path: path) == nil {
                if OutputName.pathExtension(path) == "png" {
                    guard APNG.Decoder.isAnimated(file: path) else { continue }
                }
                claim(animation: path)
            }
            // Nothing to check at all: said, naming a sheet's pages when that is all there is.
            if found.frames.isEmpty && found.animations.isEmpty && found.fileProblems.isEmpty && !paths.contains(where: { FrameFile(path: $0) != nil }) {
                let noFrames = Discovery.noFrames(in: root)
                found.error = if case .onlySheetPages = noFrames { .source(noFrames) } else { .nothingToCheck(folder: root) }
            } else if found.frames.isEmpty && found.animations.isEmpty && found.fileProblems.isEmpty {
                // Everything there is, ignored (`"ignore": ["*"]`): said, not an empty pass (round
                // 66b F5). Files read under a deeper root given (`par` with `par/dino`) are no such.
                let ignored = (paths + animated).filter { config.isIgnored(Self.relativePath($0, below: trimmed)) }.count
                if ignored > 0 && ignored == paths.count + animated.count { found.allIgnored = ignored }
            }
            result.append(found)
        }
        // Two files of one text in two normalisations are one file on macOS: said on the later.
        // In one folder (`fiammé1.png` twice) the later is not read (one frame to every reader);
        // in two folders of one text (`café/` twice) it is read too, as the sequence of its own
        // folder it is on Linux: a corrupt frame there was never checked (fresh eyes 57 #2).
        var spelled: [String: String] = [:]   // keyed by canonical equivalence: the first spelling of each text
        for index in result.indices {
            func firstSpelling(_ path: String) -> String? {
                if let earlier = spelled[path] { return earlier.utf8.elementsEqual(path.utf8) ? nil : earlier }
                spelled[path] = path
                return nil
            }
            func inOneFolder(_ first: String, _ second: String) -> Bool {
                FileIO.parentDirectory(of: first).utf8.elementsEqual(FileIO.parentDirectory(of: second).utf8)
            }
            result[index].frames = result[index].frames.filter { file in
                guard let earlier = firstSpelling(file.path) else { return true }
                result[index].fileProblems.append((file.path, .namesDifferInNormalization(first: earlier, second: file.path)))
                return !inOneFolder(earlier, file.path)
            }
            result[index].animations = result[index].animations.filter { path in
                guard let earlier = firstSpelling(path) else { return true }
                result[index].fileProblems.append((path, .namesDifferInNormalization(first: earlier, second: path)))
                return !inOneFolder(earlier, path)
            }
        }
        return result
    }

    /// `path` relative to the folder `root` it was found under, as ignore globs see it.
    static func relativePath(_ path: String, below root: String) -> String {
        path.hasPrefix(root + "/") ? String(path.dropFirst(root.count + 1)) : path
    }

    /// `files` with normalised names, each name once: the ones the validator reads (PNGs and
    /// `sequence.json`, not ignored by `config`) are checked for clashes, a repeat with the same
    /// bytes dropped; every other file is passed on as it is.
    static func inMemory(_ files: [InMemoryFile], config: ValidationConfig) throws(Validator.Error) -> [InMemoryFile] {
        var result: [InMemoryFile] = []
        do { try Discovery.checkSpellings(files.map { normalized($0.name) }, caseBlind: false) } catch { throw .source(error) }
        var firstByName: [NameSpelling.Exact: Int] = [:]
        var givenNames: [String] = []
        for file in files {
            let name = normalized(file.name)
            let read = OutputName.pathExtension(name) == "png" || FileIO.lastComponent(of: name) == SequenceManifest.fileName
            guard read, !config.isIgnored(name) else {
                result.append(file)
                givenNames.append(file.name)
                continue
            }
            if let index = firstByName[NameSpelling.Exact(name)] {
                guard result[index].bytes == file.bytes else {
                    throw .source(.repeatedName(first: givenNames[index], second: file.name))
                }
                continue
            }
            firstByName[NameSpelling.Exact(name)] = result.count
            result.append(InMemoryFile(name: name, bytes: file.bytes))
            givenNames.append(file.name)
        }
        return result
    }

    /// `name` without empty and `.` components, each `..` taking the component before it away
    /// (Basics' `InMemoryFile.normalizedName(_:)`).
    static func normalized(_ name: String) -> String { InMemoryFile.normalizedName(name) }
}
