import Foundation
import PackagePlugin

/// A SwiftPM build-tool plugin that builds a Flipbook project file's targets for a package target's
/// resources, as SwiftGen and swift-protobuf plug into builds: the GIFs, sheets and frames it makes
/// are in the target's bundle (`Bundle.module`), under the name of the project's output folder.
///
/// The project file is `flipbook.json` in the target's folder, or else in the package's folder.
/// Every output of the project must lie in one folder (`build/…`) that holds no source; that
/// folder, built, is the resource. SwiftPM lets a build command write only into the plugin's work
/// folder (on macOS a sandbox enforces it), so the command copies the project file and the
/// top-level folders its targets read there, runs `flipbook build` in the copy (incremental: its
/// state stays in the work folder), and copies the output folder, without Flipbook's
/// `.flipbook-*` bookkeeping files, to the folder SwiftPM takes resources from. The command runs
/// again when the project file, a file it reads or the `flipbook` tool changed. `docs/Pipelines.md`
/// describes it; `Examples/BuildPlugin` uses it.
@main
struct FlipbookBuildPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        let directory: URL
        switch target {
        case let target as SwiftSourceModuleTarget: directory = target.directoryURL
        case let target as ClangSourceModuleTarget: directory = target.directoryURL
        default: return []
        }
        let candidates = [directory, context.package.directoryURL].map { $0.appending(path: "flipbook.json") }
        guard let projectFile = candidates.first(where: { FileManager.default.fileExists(atPath: $0.path) }) else {
            throw PluginProblem("no flipbook.json in \(directory.path) or \(context.package.directoryURL.path); "
                                + "the Flipbook build plugin builds the targets of that project file")
        }
        let layout = try ProjectLayout(file: projectFile)
        let folder = projectFile.deletingLastPathComponent()
        var inputs: [URL] = [projectFile]
        for entry in layout.copied {
            inputs += Self.files(under: folder.appending(path: entry))
        }
        let tool = try context.tool(named: "flipbook").url
        inputs.append(tool)
        let work = context.pluginWorkDirectoryURL.appending(path: "project")
        let resource = context.pluginWorkDirectoryURL.appending(path: "resources").appending(path: layout.outputFolder)
        let script = """
            set -e
            source="$1"; work="$2"; out="$3"; flipbook="$4"; project="$5"; built="$6"; shift 6
            mkdir -p "$work"
            for entry in "$project" "$@"; do
                rm -rf "$work/$entry"
                cp -R "$source/$entry" "$work/$entry"
            done
            "$flipbook" build --project "$work/$project" --overwrite
            rm -rf "$out"
            mkdir -p "$(dirname "$out")"
            cp -R "$work/$built" "$out"
            find "$out" -name '.flipbook-*' -prune -exec rm -rf {} +
            """
        return [.buildCommand(
            displayName: "Flipbook: building \(projectFile.lastPathComponent)'s targets for \(target.name)",
            executable: URL(fileURLWithPath: "/bin/sh"),
            arguments: ["-c", script, "flipbook-build-plugin", folder.path, work.path, resource.path, tool.path,
                        projectFile.lastPathComponent, layout.outputFolder] + layout.copied,
            inputFiles: inputs,
            outputFiles: [resource]
        )]
    }

    /// Every file under `url` (or `url` itself when it is a file).
    static func files(under url: URL) -> [URL] {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) else { return [] }
        guard isFolder.boolValue else { return [url] }
        let found = FileManager.default.enumerator(at: url, includingPropertiesForKeys: [.isRegularFileKey])?.compactMap { $0 as? URL } ?? []
        return found.filter { (try? $0.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true }
            .sorted { $0.path < $1.path }
    }
}

/// What the plugin needs of a project file: the one folder its outputs are in and the top-level
/// entries its targets read. `flipbook build` checks the rest of the schema when it runs.
struct ProjectLayout {
    /// The folder (relative to the project file's folder, one name) that holds every output.
    var outputFolder: String
    /// The top-level files and folders the targets read, outside the output folder.
    var copied: [String]

    static let kinds = ["assemble", "sheet", "frames", "render", "validate"]

    init(file: URL) throws {
        let name = file.lastPathComponent
        guard let root = try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any],
              let targets = root["targets"] as? [String: Any], !targets.isEmpty else {
            throw PluginProblem("\(name): no \"targets\" object (docs/Pipelines.md has the schema)")
        }
        var outputs: [String] = [], reads: [String] = []
        for (targetName, value) in targets.sorted(by: { $0.key < $1.key }) {
            guard let target = value as? [String: Any] else { throw PluginProblem("\(name): target \"\(targetName)\" is not an object") }
            guard let output = target["output"] as? String else { throw PluginProblem("\(name): target \"\(targetName)\" has no \"output\"") }
            outputs.append(output)
            if let data = target["data"] as? String { outputs.append(data) }
            for kind in Self.kinds {
                if let source = target[kind] as? String { reads.append(source) }
                if let sources = target[kind] as? [Any] { reads += sources.compactMap { $0 as? String } }
            }
            if let config = target["config"] as? String { reads.append(config) }
        }
        let top = { (path: String) -> String in
            String(path.split(separator: "/").first { $0 != "." } ?? "")
        }
        let folders = Set(outputs.map(top))
        guard folders.count == 1, let folder = folders.first, !folder.isEmpty,
              outputs.allSatisfy({ $0.split(separator: "/").filter { $0 != "." }.count > 1 }) else {
            throw PluginProblem("\(name): the build plugin takes one folder of outputs as the resource; put every target's output "
                                + "in one folder (\"build/boom.gif\", \"build/fx.png\"), found \(outputs.sorted().joined(separator: ", "))")
        }
        outputFolder = folder
        // Sources in the output folder are other targets' outputs, built in the copy.
        copied = Set(reads.map(top)).subtracting([folder, ""]).sorted()
    }
}

/// A project file the plugin cannot build, in words for the package's author.
struct PluginProblem: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = "Flipbook build plugin: " + description }
}
