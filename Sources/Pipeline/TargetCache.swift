import Animated
import Atlas
import Basics
import Foundation

/// A build's use of its ``BuildCache``: finds a target's entry before the target is built,
/// checks it, and writes its files through the output contract; stores what a target built here
/// made. Shared by the build's workers.
///
/// An entry is an `ActionResult` (``ActionResultMessage``) under `ac/KEY`, listing each output
/// file with its SHA-256 and size, whose contents are under `cas/SHA256`; its `stdout_raw`
/// holds Flipbook's ``Account`` of the run: the sets the files were written as (each with the
/// owner that names it, as `OutputSet` records it), and the job's warnings and notes.
///
/// A cache that cannot be reached, times out or answers with an error is given up for the rest of
/// the build, with one warning (``warnings``); an entry that is damaged (bytes that are no
/// `ActionResult`, a path outside the target's outputs, contents missing or with another digest)
/// is passed over with a warning on its target, which is then built here and stored again.
final class TargetCache: @unchecked Sendable {
    /// What a look-up found.
    enum Lookup {
        /// The outputs were written from the cache: each file's record, and the job's warnings and
        /// notes from the run that made them.
        case restored(outputs: [String: BuildState.FileRecord], warnings: [String], notes: [String])
        /// Nothing was written: the target is built here. `warning` says why an entry was passed over.
        case miss(warning: String?)
    }

    /// Flipbook's account of the run that made an entry, as JSON in the entry's `stdout_raw`.
    struct Account: Codable, Equatable {
        /// One set of files as `OutputSet` wrote it: its owner and its files (relative to the project).
        struct FileSet: Codable, Equatable {
            var owner: String
            var files: [String]
        }

        var flipbook = Self.format
        var sets: [FileSet]
        var warnings: [String]
        var notes: [String]

        static let format = "build result 1"
    }

    /// An entry that may not be used, and why.
    private struct Damage: Error {
        var reason: String
    }

    private let cache: BuildCache
    private let store: any CacheStore
    private let project: Project
    private let lock = NSLock()
    private var reading = true
    private var writing: Bool
    private var problems: [String] = []
    /// Whether this build stored an entry (the cache grew).
    private var stored = false
    /// Whether the store refused a file for its size (said once; smaller entries are still stored).
    private var refusedAsTooLarge = false

    /// `cache` as the build of `project` uses it.
    init(_ cache: BuildCache, project: Project) {
        self.cache = cache
        self.project = project
        writing = cache.upload
        switch cache.location {
        case .folder(let folder): store = FolderCacheStore(folder: folder)
        case .server(let url): store = HTTPCacheStore(url: url, timeout: cache.timeout)
        }
    }

    /// Whether the cache was given up on during the build (a store that failed: unreachable, silent, failing).
    var gaveUp: Bool { lock.withLock { !reading } }

    /// What went wrong with the cache as a whole, one warning per kind of trouble.
    var warnings: [String] { lock.withLock { problems } }

    /// The key of a target's entry: the build's own key for the target (the tool, the kind, the
    /// settings, the path and digest of every input: ``BuildState/TargetRecord/key``), and for a
    /// validation the project's folder as its report names files (relative to the working folder
    /// when the project's is absolute), since the report's text holds those paths.
    static func key(action: String, target: Target, project: Project) -> String {
        var fields = ["flipbook build cache 1", action]
        if target.kind == .validate {
            fields.append(project.folder)
            if project.folder.hasPrefix("/") { fields.append(FileManager.default.currentDirectoryPath) }
        }
        return ContentHash.of(fields: fields)
    }

    // MARK: Finding

    /// Writes `target`'s outputs from its entry under `key`, if the cache has a sound one. The
    /// files are written as the job writes them: in sets of the same owners, never over one of
    /// `inputs` (relative to the project's folder), replacing the files a set wrote before and,
    /// only when `overwrite`, a file Flipbook did not write. Nothing is written unless every
    /// file's contents arrived with their digest.
    func restore(_ target: Target, key: String, inputs: [String], overwrite: Bool) -> Lookup {
        guard lock.withLock({ reading }) else { return .miss(warning: nil) }
        let message: ActionResultMessage, account: Account
        do {
            guard let bytes = try store.get(.actions, key) else { return .miss(warning: nil) }
            message = try ActionResultMessage(decoding: bytes)
            account = try Self.account(message, target: target)
        } catch let failure as CacheStoreFailure {
            giveUp(failure)
            return .miss(warning: nil)
        } catch let damage as Damage {
            return .miss(warning: Self.passedOver(damage.reason))
        } catch {
            return .miss(warning: Self.passedOver("its entry is not an ActionResult (\(error))"))
        }

        let protected = InputFiles(inputs.map(project.onDisk))
        let digests = Dictionary(message.outputFiles.map { ($0.path, $0) }) { first, _ in first }
        var sets: [OutputSet] = []
        do {
            for path in digests.keys.sorted() { try protected.prepare(folder: FileIO.parentDirectory(of: project.onDisk(path))) }
            var outputs: [String: BuildState.FileRecord] = [:]
            for part in account.sets {
                let set = OutputSet(owner: project.onDisk(part.owner), protecting: protected)
                // A sheet restored in another engine's shape replaces the pages of its former one.
                if case .sheet = target.job { set.formerFolders = SheetExport.formerFolders(ofOwner: project.onDisk(part.owner)) }
                sets.append(set)
                for path in part.files {
                    guard let file = digests[path] else { throw Damage(reason: "\(path) has no digest") }
                    guard let bytes = try store.get(.contents, file.hash) else { throw Damage(reason: "the contents of \(path) are missing") }
                    guard bytes.count == file.size, ContentHash.of(bytes) == file.hash else {
                        throw Damage(reason: "the contents of \(path) do not have the digest its entry gives")
                    }
                    try set.write(bytes, to: project.onDisk(path), named: overwrite,
                                  settings: OutputName.settingsNames.contains(FileIO.lastComponent(of: path)))
                    outputs[path] = BuildState.FileRecord(fingerprint: "", sha256: file.hash)
                }
                try checkFrames(of: part, in: set)
            }
            for set in sets { try set.commit() }
            for path in outputs.keys {
                guard let fingerprint = FileIO.fingerprint(of: project.onDisk(path)) else { return .miss(warning: nil) }
                outputs[path]?.fingerprint = fingerprint
            }
            return .restored(outputs: outputs, warnings: account.warnings.map(local), notes: account.notes.map(local))
        } catch let failure as CacheStoreFailure {
            for set in sets { set.discard() }
            giveUp(failure)
            return .miss(warning: nil)
        } catch let damage as Damage {
            for set in sets { set.discard() }
            return .miss(warning: Self.passedOver(damage.reason))
        } catch {
            // The output contract refused a file (a user's file there, an input): the job meets
            // the same refusal and says so in its own words.
            for set in sets { set.discard() }
            return .miss(warning: nil)
        }
    }

    /// Flipbook's account in `message`, checked against `target`: every path a plain relative
    /// path at or beside the target's outputs, each file in exactly one set, with a SHA-256.
    private static func account(_ message: ActionResultMessage, target: Target) throws -> Account {
        guard message.exitCode == 0 else { throw Damage(reason: "its entry records a failed run (exit code \(message.exitCode))") }
        guard let account = try? JSONDecoder().decode(Account.self, from: Data(message.stdout)), account.flipbook == Account.format else {
            throw Damage(reason: "its entry was not written by this version of Flipbook's build")
        }
        let listed = message.outputFiles.map(\.path)
        let inSets = account.sets.flatMap(\.files)
        guard !listed.isEmpty, Set(listed).count == listed.count, inSets.count == listed.count, Set(inSets) == Set(listed) else {
            throw Damage(reason: "its entry's files and sets do not agree")
        }
        for file in message.outputFiles {
            guard isOutput(file.path, of: target), !FileIO.lastComponent(of: file.path).hasPrefix(".") else {
                throw Damage(reason: "its entry names \(file.path), which is not an output of the target")
            }
            guard file.hash.utf8.count == 64, file.hash.utf8.allSatisfy({ (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }),
                  file.size >= 0 else {
                throw Damage(reason: "its entry gives \(file.path) a digest that is no SHA-256")
            }
        }
        for part in account.sets where !isOutput(part.owner, of: target) {
            throw Damage(reason: "its entry names the set \(part.owner), which is not an output of the target")
        }
        // Every output the target declares is among them (an entry of other files, restored, would leave it unwritten).
        for output in target.writtenOutputs where !listed.contains(where: { BuildGraph.path($0, isWithin: output) || BuildGraph.isPage($0, of: output) }) {
            throw Damage(reason: "its entry does not hold \(output), an output of the target")
        }
        return account
    }

    /// Whether `path` is a plain relative path (no `.`, `..` or empty part, not in
    /// `.flipbook-build`) at or inside one of `target`'s outputs, or beside one under its name
    /// (``family(_:)``: a sheet's `@2x` page, its data file, a page `s-1.png`; another file in
    /// that folder, another target's, is none).
    static func isOutput(_ path: String, of target: Target) -> Bool {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        guard !path.isEmpty, !path.contains("\0"), parts.allSatisfy({ !$0.isEmpty && $0 != "." && $0 != ".." }),
              parts.first.map(String.init) != Project.stateFolder else { return false }
        return target.outputs.contains { output in
            BuildGraph.path(path, isWithin: output)
                || FileIO.parentDirectory(of: path) == FileIO.parentDirectory(of: output) && family(path) == family(output)
        }
    }

    /// The name a file of an output's family shares with it: its last component without the
    /// extension, a device (`~ipad`), a scale (`@2x`) or a page number (`-1`): `s` for `s.png`,
    /// `s-1@2x.json` and `s.plist`.
    static func family(_ path: String) -> Substring {
        var name = Substring(FileIO.lastComponent(of: path))
        if let dot = name.lastIndex(of: "."), dot != name.startIndex { name = name[..<dot] }
        if let tilde = name.lastIndex(of: "~"), tilde != name.startIndex { name = name[..<tilde] }
        let dropSuffix = { (mark: Character, trailer: String) in
            guard name.hasSuffix(trailer), let at = name.lastIndex(of: mark), at != name.startIndex else { return }
            let digits = name[name.index(after: at)..<name.index(name.endIndex, offsetBy: -trailer.count)]
            if !digits.isEmpty, digits.allSatisfy(\.isASCII), digits.allSatisfy(\.isNumber) { name = name[..<at] }
        }
        dropSuffix("@", "x")
        dropSuffix("-", "")
        return name
    }

    /// A folder of frames (a set holding `sequence.json`) is restored only where no frame is
    /// there that the set neither writes nor wrote before: the folder would read back mixed with
    /// it (`SequenceWriter` refuses the same).
    private func checkFrames(of part: Account.FileSet, in set: OutputSet) throws {
        let written = Set(part.files.map(project.onDisk))
        for folder in Set(written.filter { OutputName.settingsNames.contains(FileIO.lastComponent(of: $0)) }.map(FileIO.parentDirectory(of:))) {
            for name in (try? FileIO.entries(of: folder)) ?? [] {
                let path = folder + "/" + name
                guard FrameFile(path: path) != nil, !written.contains(path), !set.isOwnEarlierFile(path) else { continue }
                throw OutputError.mixesWithFrame(path: path, prefix: FrameFile(path: path)?.prefix ?? "")
            }
        }
    }

    // MARK: Storing

    /// Stores what `target` built here: its `outputs` (relative to the project, with the digests
    /// the build took), the sets they were written as, and its job's `warnings` and `notes`.
    /// A file changed since it was written, or not written through a set, is not stored (nor the
    /// target).
    func store(_ target: Target, key: String, outputs: [String: BuildState.FileRecord], warnings: [String], notes: [String]) {
        guard lock.withLock({ writing }), !outputs.isEmpty else { return }
        var owners: [String: [String]] = [:]
        for path in outputs.keys.sorted() {
            guard let owner = OutputSet.owner(of: project.onDisk(path)).map(project.relative(opened:)), Self.isOutput(owner, of: target) else { return }
            owners[owner, default: []].append(path)
        }
        var files: [ActionResultMessage.OutputFile] = []
        do throws(CacheStoreFailure) {
            for path in outputs.keys.sorted() {
                guard let bytes = try? FileIO.readAll(project.onDisk(path)), let digest = outputs[path]?.sha256,
                      ContentHash.of(bytes) == digest else { return }
                try store.put(.contents, digest, bytes)
                files.append(ActionResultMessage.OutputFile(path: path, hash: digest, size: bytes.count))
            }
            let account = Account(sets: owners.keys.sorted().map { Account.FileSet(owner: $0, files: owners[$0] ?? []) },
                                  warnings: warnings.map(portable), notes: notes.map(portable))
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            let text = (try? encoder.encode(account)).map { Array($0) } ?? []
            try store.put(.actions, key, ActionResultMessage(outputFiles: files, stdout: text).encoded())
            lock.withLock { stored = true }
        } catch {
            lock.withLock {
                guard writing else { return }
                // A file over the server's size limit: this target is not stored, the others still are (said once).
                if error.tooLarge {
                    guard !refusedAsTooLarge else { return }
                    refusedAsTooLarge = true
                    problems.append("the cache \(cache.displayName) \(error.reason): targets with files that large are not stored in it")
                    return
                }
                writing = false
                problems.append("the cache \(cache.displayName) \(error.reason): targets built here are not stored in it")
            }
        }
    }

    // MARK: Helpers

    /// Stops using the cache for the rest of the build, saying why once.
    private func giveUp(_ failure: CacheStoreFailure) {
        lock.withLock {
            guard reading else { return }
            reading = false
            writing = false
            problems.append("the cache \(cache.displayName) \(failure.reason): this build goes on without it")
        }
    }

    private static func passedOver(_ reason: String) -> String {
        "the cache's entry for this target was passed over (\(reason)); it was built here"
    }

    /// The project's folder as opened from the working directory (`""` for the working folder).
    private var prefix: String { project.onDisk("") }


    /// A message with the project's folder marked where it is absolute (`/home/ci/a/`), so that
    /// another checkout shows its own: messages name files as opened from the working directory.
    private func portable(_ message: String) -> String {
        prefix.hasPrefix("/") ? message.replacingOccurrences(of: prefix, with: Self.projectMark) : message
    }

    private func local(_ message: String) -> String {
        message.replacingOccurrences(of: Self.projectMark, with: prefix)
    }

    private static let projectMark = "\u{1}project\u{1}/"

    /// Keeps a folder cache within ``BuildCache/maxBytes`` after a build that stored entries
    /// (``FolderCacheStore/trim(to:)``); a server's cache is the server's to keep.
    func trimIfStored() {
        guard lock.withLock({ stored }), let folder = store as? FolderCacheStore else { return }
        _ = folder.trim(to: cache.maxBytes)
    }
}
