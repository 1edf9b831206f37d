import Animated
import APNG
import Atlas
import Basics
import Compose
import Foundation
import GIF
import Raster
import WebP

/// Reads a project file's JSON into ``Target``s with Basics' strict input (the reader every
/// Flipbook file shares): unknown keys suggest the nearest, values are named by key path, paths
/// stay inside the project's folder.
struct ProjectReader {
    let file: String
    let folder: String

    /// The project file's name in its folder (no output may replace it).
    var projectFileName: String { FileIO.lastComponent(of: file) }

    static let rootKeys: KnownKeys = ["targets", "defaults"]
    /// The keys every target has beside its kind's.
    static let commonKeys = ["output", "after"]
    /// Each kind's own keys (the commands' flags in camelCase).
    static let kindKeys: [Target.Kind: [String]] = [
        .assemble: ["format", "fps", "duration", "delays", "repeat", "scale", "highlighted", "quality", "colors", "dither", "alpha",
                    "edgeMatte", "effort", "compatibility", "lossy", "maxBytes", "onDuplicateNumber"],
        .sheet: ["data", "engine", "format", "layout", "padding", "border", "trim", "trimMargin", "extrude", "rotate", "labels", "scales",
                 "powerOfTwo", "square", "maxSize", "alphaHandling", "fps", "pngLevel", "png8", "onDuplicateNumber"],
        .frames: ["prefix", "animation"],
        .render: ["scale", "fps", "repeat", "format", "sheetFormat"],
        .validate: ["format", "config", "deep", "uikit", "failOnErrors"],
    ]
    static let kinds = Target.Kind.allCases.map(\.rawValue)
    /// Keys that choose one thing between them: a target that sets one of a group takes none of
    /// the group from the defaults.
    static let oneChoice: [[String]] = [timingKeys, ["engine", "format"]]
    /// A timing's keys: one of them, as `assemble` takes one of `--fps`, `--duration`, `--delays`.
    static let timingKeys = ["fps", "duration", "delays"]

    func schema<T>(_ body: () throws(SchemaError) -> T) throws(ProjectError) -> T {
        do { return try body() } catch { throw .schema(error) }
    }

    mutating func read(_ bytes: [UInt8]) throws(ProjectError) -> [Target] {
        let file = self.file
        let root = try schema { () throws(SchemaError) in
            let root = try InputValue.json(bytes, file: file).object()
            try root.check(Self.rootKeys)
            return root
        }
        let defaults = try schema { () throws(SchemaError) -> [Target.Kind: InputObject] in
            guard let value = root["defaults"] else { return [:] }
            let object = try value.object()
            try object.check(KnownKeys(Self.kinds))
            var defaults: [Target.Kind: InputObject] = [:]
            for kind in Target.Kind.allCases {
                guard let entry = object[kind.rawValue] else { continue }
                let options = try entry.object()
                try options.check(KnownKeys(Self.kindKeys[kind]!))
                defaults[kind] = options
            }
            return defaults
        }
        let targets = try schema { () throws(SchemaError) in try root.required("targets").object() }
        guard !targets.fields.isEmpty else {
            throw .schema(SchemaError(file: file, path: targets.path, problem: .invalid(reason: "a project needs at least one target")))
        }
        var result: [Target] = []
        for name in targets.keys {
            result.append(try schema { () throws(SchemaError) in try target(name, targets.required(name).object(), defaults: defaults) })
        }
        let names = Set(result.map(\.name))
        for target in result {
            // A SpriteKit sheet's given name (`k.plist`, `S.png`) is written as its `.atlasc` folder: a target
            // reading the name itself would find nothing there (a bare "No such file"); said with what to read.
            // Compared without case: `K.plist` is that name on macOS, and a file of its own on Linux only.
            for (index, source) in target.sources.enumerated() {
                let same = { (output: String) in output.lowercased() == source.lowercased() }
                guard let writer = result.first(where: { $0.name != target.name && $0.outputs.contains(where: same) && !$0.writtenOutputs.contains(where: same) }),
                      let folder = writer.writtenOutputs.first else { continue }
                let inside = folder + "/" + FileIO.lastComponent(of: folder).dropLast(".atlasc".count) + ".plist"
                let key = target.kind.rawValue
                let path = InputPath(["targets", target.name, key].map { .key($0) } + (target.sources.count > 1 ? [.index(index)] : []))
                throw .schema(SchemaError(file: file, path: path, problem: .invalid(
                    reason: "\(source) names the SpriteKit sheet of target \"\(writer.name)\", which is written as \(folder) (its plist and pages "
                        + "inside); read \(inside)"), found: source))
            }
            // A target that names itself under `after` would wait for ever: said as such, not as a circle of one.
            if let index = target.after.firstIndex(of: target.name) {
                throw .schema(SchemaError(file: file, path: InputPath(["targets", target.name, "after"].map { .key($0) } + [.index(index)]),
                                          problem: .outOfRange(requirement: "another target's name (a target never waits for itself)"), found: target.name))
            }
            for (index, other) in target.after.enumerated() where !names.contains(other) {
                throw .schema(SchemaError(file: file, path: InputPath(["targets", target.name, "after"].map { .key($0) } + [.index(index)]),
                                          problem: .unknownValue(known: names.subtracting([target.name]).sorted()), found: other,
                                          // A target never waits for itself: not suggested.
                                          suggestion: Suggestion.nearest(to: other, among: names.subtracting([target.name]).sorted())))
            }
        }
        return result
    }

    // MARK: A target

    private func target(_ name: String, _ object: InputObject, defaults: [Target.Kind: InputObject]) throws(SchemaError) -> Target {
        guard !name.isEmpty, name.utf8.count <= 128, name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "._-".contains($0)) }),
              !name.hasPrefix("-") else {
            throw SchemaError(file: file, path: object.path, problem: .invalid(
                reason: "a target's name is letters, digits, '.', '_' and '-' (at most 128, not starting with '-'), as it is typed after `flipbook build`"))
        }
        let present = Self.kinds.filter(object.has)
        guard present.count == 1, let kind = Target.Kind(rawValue: present[0]) else {
            let problem = present.isEmpty
                ? "says what it makes with one of \(Self.kinds.map { "\"\($0)\"" }.joined(separator: ", ")), whose value is its source"
                : "has \(present.map { "\"\($0)\"" }.joined(separator: " and ")); a target makes one thing: split it into targets"
            try object.check(KnownKeys(Self.kinds + Self.commonKeys + Self.kindKeys.values.flatMap { $0 }))
            throw SchemaError(file: file, path: object.path, problem: .invalid(reason: "a target " + problem))
        }
        try object.check(KnownKeys([kind.rawValue] + Self.commonKeys + Self.kindKeys[kind]!))
        // The target's own settings over the kind's defaults. Keys that are one choice between
        // them (a timing: `fps`, `duration` or `delays`; a sheet's `engine` or `format`) go
        // together: a target that sets one drops the defaults' others, which would otherwise
        // beat it (`delays` wins over `fps`) or be refused beside it.
        var fields = defaults[kind]?.fields ?? [:]
        for group in Self.oneChoice where group.contains(where: object.has) {
            for key in group { fields[key] = nil }
        }
        fields.merge(object.fields) { _, own in own }
        // Two timings are refused, as `assemble --fps 10 --duration 2` is: neither is taken
        // silently over the other. (An engine and a format go together, as `sheet` takes them.)
        for group in [Self.timingKeys] {
            let set = group.filter { fields[$0] != nil }
            guard set.count > 1 else { continue }
            let whose = set.allSatisfy(object.has) ? "" : " (with the defaults' \(set.filter { !object.has($0) }.map { "\"\($0)\"" }.joined(separator: " and ")))"
            throw SchemaError(file: file, path: object.path, problem: .invalid(
                reason: "sets \(set.map { "\"\($0)\"" }.joined(separator: " and "))\(whose): each sets the whole timing, give one"))
        }
        // A value the defaults gave is wrong where the defaults say it (`defaults.assemble.fps`).
        var keyPaths: [String: InputPath] = [:]
        if let kindDefaults = defaults[kind] {
            for key in fields.keys where !object.has(key) { keyPaths[key] = kindDefaults.path.appending(key) }
        }
        let options = InputObject(fields, path: object.path, file: file, keyPaths: keyPaths)
        let sourceValue = try object.required(kind.rawValue)
        let sources: [String]
        if sourceValue.kind == .array {
            sources = try sourceValue.array().map { item throws(SchemaError) in try path(item) }
            guard !sources.isEmpty else { throw sourceValue.invalid("lists no source") }
        } else {
            sources = [try path(sourceValue)]
        }
        let output = try path(object.required("output"))
        let after = try object["after"].map { value throws(SchemaError) in try value.array().map { v throws(SchemaError) in try v.string() } } ?? []
        let ownOptions = kind == .assemble ? try formatOwn(options, output: output) : options
        let settings = Self.canonical(ownOptions.fields.filter { !["after"].contains($0.key) })
        var extraOutputs: [String] = []
        let job: Target.Job
        switch kind {
        case .assemble: job = .assemble(try assemble(sources, output: output, ownOptions))
        case .sheet:
            let data = try options["data"].map { value throws(SchemaError) in try path(value) }
            if let data { extraOutputs.append(data) }
            job = .sheet(try sheet(sources, output: output, data: data, options))
        case .frames:
            guard sources.count == 1 else { throw sourceValue.invalid("frames reads one animation or sheet data file") }
            // `"output": "y.png/"`: a folder with a dot in its name, as `frames -o y.png/` takes it.
            let folder = try object.required("output").string().hasSuffix("/") ? "/" : ""
            var frames = FramesJob(input: disk(sources[0]), output: disk(output) + folder, prefix: try options["prefix"]?.string())
            frames.animation = try options["animation"]?.string()
            job = .frames(frames)
        case .render:
            guard sources.count == 1 else { throw sourceValue.invalid("render reads one scene file") }
            job = .render(try render(sources[0], output: output, options))
        case .validate: job = .validate(try validate(sources, output: output, options))
        }
        // The files a sheet writes beside the name given: its page and its data file.
        let stem = { (path: String) -> String in
            let ext = OutputName.pathExtension(path)
            return ext.isEmpty ? path : String(path.dropLast(ext.count + 1))
        }
        switch job {
        case .sheet(let sheet) where sheet.format == .spritekit:
            // SpriteKit's sheet is one folder, `S.atlasc` for `S.png` (its plist and pages inside).
            if let data = options["data"] { throw data.invalid("a spritekit sheet keeps its plist inside its .atlasc folder, beside its pages: leave out \"data\"") }
            let ext = OutputName.pathExtension(output)
            if ext != "atlasc" { extraOutputs = [stem(output) + ".atlasc"] }
        case .sheet(let sheet):
            // The page and data files the sheet writes, the output's own spelt as given (`S.PNG`).
            let ext = OutputName.pathExtension(output)
            let page = ext == "png" ? output : stem(output) + ".png"
            let data = ext == sheet.format.dataExtension ? output : stem(output) + "." + sheet.format.dataExtension
            for implied in [page, data] where implied != output && !extraOutputs.contains(implied) {
                if extraOutputs.isEmpty || !implied.hasSuffix("." + sheet.format.dataExtension) { extraOutputs.append(implied) }
            }
            // Several scales, or one above 1: each one's page and data (`S@2x.png`, `S@2x.json`), named as SheetJob names them.
            if let scales = sheet.scales, scales.count > 1 || scales.first.map({ $0 > 1 }) == true {
                for written in [output] + extraOutputs {
                    let ext = OutputName.pathExtension(written)
                    var base = stem(written)
                    if let scale = ImageFileName(path: base + ".png").scale { base = String(base.dropLast("@\(scale)x".count)) }
                    for scale in scales {
                        let name = base + (scale > 1 ? "@\(scale)x" : "") + "." + ext
                        if name != output && !extraOutputs.contains(name) { extraOutputs.append(name) }
                    }
                }
            }
        case .render(let render) where render.sheetFormat == .spritekit && OutputName.pathExtension(output) == "plist":
            // A rendered SpriteKit sheet is its `.atlasc` folder too (`k.atlasc/k.plist` for `k.plist`).
            extraOutputs = [stem(output) + ".atlasc"]
        case .render where ["json", "atlas", "tres", "plist"].contains(OutputName.pathExtension(output)):
            extraOutputs.append(stem(output) + ".png")
        default: break
        }
        for written in [output] + extraOutputs {
            let name = written.split(separator: "/").first.map(String.init) ?? written
            if written == projectFileName || name == Project.stateFolder {
                throw try object.required("output").invalid(written == projectFileName
                    ? "the output would replace the project file itself"
                    : "\(Project.stateFolder) holds the build's own state; name an output outside it")
            }
        }
        return Target(name: name, kind: kind, sources: sources, output: output, extraOutputs: extraOutputs, after: after, job: job,
                      settings: settings)
    }

    /// A path of the project file: relative, inside the project's folder, normalised (`a/./b` is
    /// `a/b`); `..` that stays inside is resolved, one that leaves is refused.
    func path(_ value: InputValue) throws(SchemaError) -> String {
        let text = try value.string()
        guard !text.isEmpty else { throw value.invalid("a path may not be empty") }
        guard !text.hasPrefix("/"), !text.hasPrefix("~") else {
            throw value.invalid("paths in a project file are relative to its folder (an absolute path would build only on this machine)")
        }
        var parts: [Substring] = []
        for part in text.split(separator: "/", omittingEmptySubsequences: true) {
            switch part {
            case ".": continue
            case "..":
                guard !parts.isEmpty else { throw value.invalid("the path leaves the project's folder; a project reads and writes only inside it") }
                // Through a link, `..` is the link target's parent to the system (and to `flipbook validate`),
                // not the folder the link is in: folded here, the path would name another folder than it does.
                let through = parts.joined(separator: "/")
                if FileIO.isSymbolicLink(disk(through)) {
                    throw value.invalid("\(through) is a link, so \(through)/.. is its target's parent, not this folder: "
                                        + "name the folder without .. after the link")
                }
                parts.removeLast()
            default: parts.append(part)
            }
        }
        guard !parts.isEmpty else { throw value.invalid("the path names the project's folder itself; name a folder or file inside it") }
        let relative = parts.joined(separator: "/")
        // A symbolic link on the way may lead out of the folder: what exists of the path must resolve inside it.
        if let root = FileIO.resolvedPath(folder.isEmpty ? "." : folder) {
            var existing = relative
            while !existing.isEmpty, FileIO.resolvedPath(disk(existing)) == nil {
                existing = existing.contains("/") ? String(existing[..<existing.lastIndex(of: "/")!]) : ""
            }
            if !existing.isEmpty, let resolved = FileIO.resolvedPath(disk(existing)), resolved != root, !resolved.hasPrefix(root == "/" ? "/" : root + "/") {
                throw value.invalid("\(existing) is a link that leads out of the project's folder (to \(resolved)); a project reads and writes only inside it")
            }
        }
        return relative
    }

    /// `path` (relative to the project's folder) as opened from the working directory.
    func disk(_ path: String) -> String {
        folder == "." || folder.isEmpty ? path : (folder.hasSuffix("/") ? folder + path : folder + "/" + path)
    }

    /// The options as one text: sorted keys, JSON's own number spelling.
    static func canonical(_ fields: [String: Any]) -> String {
        guard let data = try? JSONSerialization.data(withJSONObject: fields, options: [.sortedKeys, .fragmentsAllowed]) else { return "" }
        return String(decoding: data, as: UTF8.self)
    }
}
