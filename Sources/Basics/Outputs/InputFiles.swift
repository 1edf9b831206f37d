/// The files an operation reads, which none of its outputs may replace: compared as the file
/// they resolve to (device and inode), so a symbolic link, a hard link or `..` in a path does not
/// hide an input.
public struct InputFiles: Sendable {
    private var identities: [FileIdentity: String] = [:]
    /// Each input's location folded as macOS and Windows compare names (``folded(_:)``).
    private var spellings: [String: String] = [:]
    /// The last name of each of ``spellings``' keys: a path that does not exist folds to a
    /// location ending in its own last name, lowercased, so one whose name is none of these is
    /// spelled like no input (asked without folding it, which lists folders on the way).
    private var spelledNames: Set<String> = []

    /// The files at `paths` (those that exist; a folder stands for itself, not for its files).
    public init(_ paths: some Sequence<String> = [String]()) {
        for path in paths { insert(path) }
    }

    /// Adds the file at `path`, when it exists.
    public mutating func insert(_ path: String) {
        guard let identity = FileIdentity(path: path), identities[identity] == nil else { return }
        identities[identity] = path
        let folded = Self.folded(path)
        if spellings[folded] == nil { spellings[folded] = path }
        spelledNames.insert(FileIO.lastComponent(of: folded))
    }

    /// Adds every file of `other`.
    public mutating func formUnion(_ other: InputFiles) {
        identities.merge(other.identities) { first, _ in first }
        spellings.merge(other.spellings) { first, _ in first }
        spelledNames.formUnion(other.spelledNames)
    }

    /// How many distinct files.
    public var count: Int { identities.count }

    /// The input that `path` resolves to, as the input was named; `nil` when none does.
    public func input(sameAs path: String) -> String? {
        FileIdentity(path: path).flatMap { identities[$0] }
    }

    /// The checks every output gets (``OutputError``): not one of the inputs (through links too),
    /// not a folder or special file, a name neither empty nor over 255 bytes, no control character
    /// in it or its folders, not an animation
    /// named at a scale no reader takes (`coin@4x.gif`, ``ImageFileName/animationScaleRefusal(_:animated:drawnAt:)``), not Flipbook's own
    /// bookkeeping (`.flipbook-…`), and not a folder's settings (``OutputName/settingsNames``)
    /// unless `settings` (the manifest writer's `sequence.json`). Whether a file there may be
    /// replaced is ``OutputSet``'s question (``OutputSet/check(file:protecting:overwrite:)``).
    public func check(output: String, settings: Bool = false) throws(OutputError) {
        let name = FileIO.lastComponent(of: output)
        if name.isEmpty { throw .unsupportedName(path: output, reason: "an output needs a file name") }
        if name.utf8.count > 255 { throw .unsupportedName(path: output, reason: "the file name is \(name.utf8.count) bytes, over the 255 a file system allows") }
        try Self.checkNoControlCharacters(output)
        if name.hasPrefix(OutputJournal.prefix) {
            throw .unsupportedName(path: output, reason: "names starting with \(OutputJournal.prefix) are Flipbook's own bookkeeping")
        }
        if !settings, OutputName.settingsNames.contains(name) {
            throw .unsupportedName(path: output, reason: "\(name) holds a folder's settings, which Flipbook reads; name the output otherwise")
        }
        if let reason = ImageFileName.animationScaleRefusal(output) { throw .unsupportedName(path: output, reason: reason) }
        try Self.checkNoClimbOutOfMissingFolder(output)
        if let input = input(sameAs: output) { throw .overwritesInput(output: output, input: input) }
        if let input = input(spelledLike: output) {
            throw .unsupportedName(path: output, reason: "it differs from the input \(input) only in case or Unicode normalisation: "
                                   + "macOS and Windows take the two for one file; name the output otherwise")
        }
        if let kind = System.kind(of: output), kind != .regular { throw .notRegularFile(path: output) }
    }

    /// Refuses an output path holding a control character in its name or any folder on the way
    /// (`out/a\tb.gif`, `m\nn/`): terminals, shells and engines' data files mishandle such names.
    /// The refusal shows the path escaped (`m\nn`), so it stays one line.
    static func checkNoControlCharacters(_ path: String) throws(OutputError) {
        guard TerminalText.hasControl(path) else { return }
        // The folder on the way that holds one is named, not the first file the command would write in it.
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        let at = parts.firstIndex { TerminalText.hasControl(String($0)) } ?? parts.count - 1
        let what = at < parts.count - 1 ? "the folder \(TerminalText.escaped(parts[...at].joined(separator: "/")))" : "its name"
        throw .unsupportedName(path: TerminalText.escaped(path), reason: "\(what) holds a control character (a tab, a line break, an escape, "
                               + "a bidirectional override such as U+202E), which terminals, shells and engines' data files mishandle or "
                               + "show reordered; name it without")
    }

    /// Refuses a path that climbs (`..`) out of a folder that does not exist yet
    /// (`new/../walk1.png`): nothing can say what it names before the folder is made, so no check
    /// of the output (an input, a user's file, another set's) would see the file it ends at —
    /// `blur x.png -o new/../x.png` replaced its input. Named without the detour, it is checked.
    static func checkNoClimbOutOfMissingFolder(_ path: String) throws(OutputError) {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        var prefix = path.hasPrefix("/") ? "/" : ""
        var missing: String?
        for (index, part) in parts.enumerated() where !part.isEmpty && part != "." {
            if part == "..", let missing {
                throw .unsupportedName(path: path, reason: "it climbs (..) out of \(missing), a folder that does not exist yet, so what it "
                                       + "names cannot be checked before it is made; name the output without the detour")
            }
            prefix += (prefix.isEmpty || prefix.hasSuffix("/") ? "" : "/") + part
            if missing == nil, index < parts.count - 1, System.kind(of: prefix) == nil { missing = prefix }
        }
    }

    /// The input whose location is `path`'s in another case or Unicode normalisation, in its
    /// name or in any folder on the way (`Gold_1.png` beside the input `gold_1.png`, `Walk/` for
    /// the input folder `walk/`): other files on Linux, the same ones on macOS and Windows. `nil`
    /// when none is (the same file is ``input(sameAs:)``'s).
    func input(spelledLike path: String) -> String? {
        if spellings.isEmpty { return nil }
        // A path that does not exist ends, folded, in its own last name: none of the inputs' names, no input
        // (checked before folding, which lists each missing folder on the way: once per frame of a new folder).
        if let last = path.split(separator: "/").last(where: { $0 != "." }), last != "..", FileIO.resolvedPath(path) == nil,
           !spelledNames.contains(last.lowercased()) {
            return nil
        }
        guard let spelled = spellings[Self.folded(path)], input(sameAs: path) == nil else { return nil }
        return spelled
    }

    /// `path` as macOS and Windows find it, for comparing: walked from the root (or the working
    /// folder) one name at a time, each name that exists followed through its links, one that
    /// does not exist looked up as those systems do, in another case or Unicode normalisation
    /// among the folder's entries (`LC/` for the link `lc` to `Coin/`); the rest as written; all
    /// in lower case (String's equality and hashing already take the normalisations for one).
    /// A last name that does not exist is not looked up among its folder's entries: only a link
    /// there in another case would fold it otherwise, and the lookup listed the folder for every
    /// file written into it (a folder of 20 000 frames took minutes: fresh eyes 47).
    package static func folded(_ path: String) -> String {
        if let resolved = FileIO.resolvedPath(path) { return resolved.lowercased() }
        var current = path.hasPrefix("/") ? "" : FileIO.resolvedPath(".") ?? "."
        var rest: [Substring] = []
        let parts = path.split(separator: "/").filter { $0 != "." && !$0.isEmpty }
        for (index, part) in parts.enumerated() {
            guard rest.isEmpty else { rest.append(part); continue }
            if part == ".." {
                current = current.lastIndex(of: "/").map { String(current[..<$0]) } ?? current
                continue
            }
            if let resolved = FileIO.resolvedPath(current + "/" + part) {
                current = resolved == "/" ? "" : resolved
            } else if index < parts.count - 1, let entries = try? FileIO.entries(of: current.isEmpty ? "/" : current),
                      let match = entries.first(where: { $0.lowercased() == part.lowercased() }),
                      let resolved = FileIO.resolvedPath(current + "/" + match) {
                current = resolved == "/" ? "" : resolved
            } else {
                rest.append(part)
            }
        }
        return ([current] + rest.map(String.init)).joined(separator: "/").lowercased()
    }

    /// Refuses `folder` as a folder to write into when it is one of the inputs, a file is there or its path holds a control character
    /// (`OutputSet.Error.refused`); otherwise creates it (and its parents) when missing
    /// (`OutputSet.Error.write` when that fails).
    public func prepare(folder: String) throws(OutputSet.Error) {
        if folder.isEmpty { throw .refused(.unsupportedName(path: folder, reason: "an output folder needs a name")) }
        do { try Self.checkNoControlCharacters(folder) } catch { throw .refused(error) }
        if let input = input(sameAs: folder) { throw .refused(.overwritesInput(output: folder, input: input)) }
        if let input = input(spelledLike: folder) {
            throw .refused(.unsupportedName(path: folder, reason: "it differs from the input \(input) only in case or Unicode normalisation: "
                                            + "macOS and Windows take the two for one folder; name the output otherwise"))
        }
        if let kind = System.kind(of: folder), kind != .directory { throw .refused(.notAFolder(path: folder)) }
        do { try FileIO.createDirectory(folder) } catch { throw .write(error) }
    }
}

/// The device and inode a path resolves to.
struct FileIdentity: Hashable, Sendable {
    var device: UInt64
    var inode: UInt64

    init?(path: String) {
        guard let identity = System.identity(of: path) else { return nil }
        device = identity.device
        inode = identity.inode
    }
}
