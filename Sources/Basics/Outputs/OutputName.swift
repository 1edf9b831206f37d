/// What the name given for an output promises: a format by its extension, a folder, or standard
/// output (`-`). Commands refuse a name that promises what they cannot write, before any work.
public enum OutputName {
    /// `-`: standard output, where one file makes sense.
    public static let standardOutput = "-"

    /// The names of a folder's settings, which Flipbook reads from beside the frames
    /// (`sequence.json`, `.flipbook.json`): no output takes them, except the manifest writer's.
    public static let settingsNames: Set<String> = ["sequence.json", ".flipbook.json"]

    /// The extension of the last component of `path`, lowercased, without its dot; `""` when none.
    public static func pathExtension(_ path: String) -> String {
        let name = FileIO.lastComponent(of: path)
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return "" }
        return name[name.index(after: dot)...].lowercased()
    }

    /// Refuses `path` (``OutputError/unsupportedName(path:reason:)``) unless its extension is one of
    /// `extensions` (lowercase, without dots); `what` says what the command writes, e.g. "assemble
    /// writes GIF".
    public static func require(_ path: String, extensions: [String], what: String) throws(OutputError) {
        if path.isEmpty { throw .unsupportedName(path: path, reason: "\(what): an output needs a name") }
        guard !extensions.contains(pathExtension(path)) else { return }
        // An existing folder given as the file: say so, not that its name lacks an extension.
        if System.kind(of: path) == .directory { throw .notRegularFile(path: path) }
        throw .unsupportedName(path: path, reason: "\(what): name it \(list(extensions))")
    }

    /// Refuses `-` when standard output is a terminal, which binary data would garble.
    public static func requireRedirectedStandardOutput() throws(OutputError) {
        guard System.standardOutputIsTerminal else { return }
        throw .unsupportedName(path: standardOutput, reason: "standard output is a terminal; redirect it (> FILE) or name a file")
    }

    /// Refuses `path` as a folder to write into when its name ends in an extension and no folder
    /// is there yet (`gull.jpg` is not a folder a user means to make): a folder whose name has a
    /// dot is written when it exists or when the name ends in `/`. `what` says what the command
    /// writes.
    public static func requireFolder(_ path: String, what: String) throws(OutputError) {
        if path.isEmpty { throw .unsupportedName(path: path, reason: "\(what): an output folder needs a name") }
        if path == standardOutput { throw .unsupportedName(path: path, reason: "\(what), which standard output cannot take") }
        guard !path.hasSuffix("/"), System.kind(of: path) != .directory, !pathExtension(path).isEmpty else { return }
        throw .unsupportedName(path: path, reason: "\(what); end the name with / to make a folder with a dot in its name")
    }

    /// Refuses the PNG `output` when it is a scale variant of one of `images`, images a job looks up
    /// by name as `UIImage(named:)` does (`gold@2x.png` beside a scene's `gold.png`, a note's
    /// `chrome@3x.png` beside its chrome): the next run at that scale would read the output in place
    /// of the image, without a word. Same folder (as it resolves), same name without its scale
    /// (compared as macOS does, ignoring case), another file.
    public static func checkNotAVariant(_ output: String, of images: [String]) throws(OutputError) {
        guard output != standardOutput, pathExtension(output) == "png" else { return }
        let named = ImageFileName(path: output), folder = FileIO.parentDirectory(of: output)
        for image in images where pathExtension(image) == "png" && image != output {
            let other = ImageFileName(path: image)
            guard other.stem.lowercased() == named.stem.lowercased(), other.device == named.device else { continue }
            let otherFolder = FileIO.parentDirectory(of: image)
            guard otherFolder == folder || FileIO.isSameFile(otherFolder, folder) else { continue }
            throw .unsupportedName(path: output, reason: "it is named as the @\(named.scale ?? 1)x variant of \(image), an image this run "
                                   + "reads by name: the next run at @\(named.scale ?? 1)x would read it in place of \(FileIO.lastComponent(of: image)); "
                                   + "name it otherwise or write it to another folder")
        }
    }

    /// `[gif, png, apng]` as `.gif, .png or .apng`.
    public static func list(_ extensions: [String]) -> String {
        let names = extensions.map { ".\($0)" }
        return names.count <= 1 ? names.joined() : names.dropLast().joined(separator: ", ") + " or " + names.last!
    }
}
