import Basics
import Foundation

/// The files and folders a scene file names (images, sequences), relative to the project's folder:
/// every string in the scene that, taken relative to the scene's folder, names something that
/// exists or that another target writes, with the files beside it a scale or device reads for it
/// (`rock@2x.png`, `chrome~ipad.png` for `rock.png`, `chrome.png`); for a prefix path
/// (`seagull/seagull`) its folder. A render target reads these and its scene, not its scene's
/// whole folder.
package enum SceneReferences {
    /// With `variants` false, without the files read only as another scale or device of a named
    /// one (the files a build may remove as stale: kept for being read, they would stay for good).
    package static func paths(scene: String, in project: Project, written: [String], variants: Bool = true) -> [String] {
        let folder = scene.contains("/") ? String(scene[..<scene.lastIndex(of: "/")!]) : ""
        var found = Set<String>()
        var listings: [String: [String]] = [:]
        /// The files beside `path` that a scene drawn at some scale or on some device reads for it:
        /// `rock@2x.png`, `rock~ipad.png` for `rock.png` (an image, a chrome, a frame named outright).
        func variantsOf(_ path: String) -> [String] {
            guard let key = variantKey(FileIO.lastComponent(of: path)) else { return [] }
            let parent = path.contains("/") ? String(path[..<path.lastIndex(of: "/")!]) : ""
            let names = listings[parent] ?? ((try? FileIO.entries(of: project.onDisk(parent.isEmpty ? "." : parent))) ?? [])
            listings[parent] = names
            func isVariant(_ name: String) -> Bool { variantKey(name) == key }
            let onDisk = names.filter(isVariant).map { parent.isEmpty ? $0 : parent + "/" + $0 }
                .filter { $0 != path && FileIO.isRegularFile(project.onDisk($0)) }
            // One another target writes (a sheet's page `rock@2x.png`), there or not yet: the render waits for it.
            let byTargets = written.filter { output in
                let outputParent = output.contains("/") ? String(output[..<output.lastIndex(of: "/")!]) : ""
                return outputParent == parent && output != path && isVariant(FileIO.lastComponent(of: output))
            }
            return onDisk + byTargets
        }
        for path in candidates(scene: scene, in: project) {
            let disk = project.onDisk(path)
            let isWritten = written.contains { BuildGraph.path(path, isWithin: $0) || BuildGraph.path($0, isWithin: path) }
            let others = FileIO.isDirectory(disk) || !variants ? [] : variantsOf(path)
            found.formUnion(others)
            if isWritten || FileIO.isRegularFile(disk) || FileIO.isDirectory(disk) {
                found.insert(path)
            } else if !others.isEmpty {
                continue   // `rock.png` absent, `rock@2x.png` read for it
            } else if path.contains("/") {
                // A prefix path: the frames are in its folder.
                let parent = String(path[..<path.lastIndex(of: "/")!])
                if parent != folder, FileIO.isDirectory(project.onDisk(parent)) || written.contains(where: { BuildGraph.path(parent, isWithin: $0) }) {
                    found.insert(parent)
                }
            }
        }
        return found.sorted()
    }

    /// What the scene's strings would name, relative to the project's folder, were they paths
    /// from the scene's folder (inside the project; not colours, not absolute).
    private static func candidates(scene: String, in project: Project) -> [String] {
        guard let bytes = try? FileIO.readAll(project.onDisk(scene)),
              let root = try? JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed]) else { return [] }
        let folder = scene.contains("/") ? String(scene[..<scene.lastIndex(of: "/")!]) : ""
        var strings: [String] = []
        func collect(_ value: Any) {
            switch value {
            case let text as String: strings.append(text)
            case let array as [Any]: array.forEach(collect)
            case let object as [String: Any]: object.keys.sorted().forEach { collect(object[$0]!) }
            default: break
            }
        }
        collect(root)
        return strings.filter { !$0.isEmpty && !$0.hasPrefix("/") && !$0.hasPrefix("#") && $0.count < 1024 }
            .compactMap { normalised(folder.isEmpty ? $0 : folder + "/" + $0) }
    }

    /// The names the scene gives that name nothing yet (an image not made, a sequence folder not
    /// there): a watch looks at them too, so that making one builds the scene that failed for
    /// want of it. Some are no file names at all (`opacity`): making such a file starts a build
    /// that finds the target up to date.
    package static func missingPaths(scene: String, in project: Project, written: [String]) -> [String] {
        Set(candidates(scene: scene, in: project).filter { path in
            FileIO.fingerprint(of: project.onDisk(path)) == nil
                && !written.contains { BuildGraph.path(path, isWithin: $0) || BuildGraph.path($0, isWithin: path) }
        }).sorted()
    }

    /// `path` without its `@Nx` scale and `~device` (`art/rock@2x~ipad.png` → `art/rock.png`): the
    /// name a scale or device reads it for; `nil` for a name without an extension.
    static func variantKey(_ path: String) -> String? {
        let name = ImageFileName(path: path)
        guard !name.pathExtension.isEmpty else { return nil }
        let parent = FileIO.parentDirectory(of: path)
        return (parent == "." ? "" : parent + "/") + name.stem + "." + name.pathExtension
    }

    /// `path` without `.` and with `..` resolved; `nil` when it leaves the project's folder.
    private static func normalised(_ path: String) -> String? {
        var parts: [Substring] = []
        for part in path.split(separator: "/") {
            switch part {
            case ".": continue
            case "..": if parts.isEmpty { return nil } else { parts.removeLast() }
            default: parts.append(part)
            }
        }
        return parts.isEmpty ? nil : parts.joined(separator: "/")
    }
}
