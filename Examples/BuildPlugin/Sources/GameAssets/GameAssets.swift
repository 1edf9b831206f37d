import Foundation

/// The files Flipbook's build plugin made from `flipbook.json` for this module: its output folder
/// `build/`, bundled as a resource folder of the same name.
public enum GameAssets {
    /// The bundled `build/` folder.
    public static var folder: URL? {
        Bundle.module.url(forResource: "build", withExtension: nil)
    }

    /// A built file by its name in `build/` (`explosion.gif`, `seagull-sheet.json`).
    public static func url(_ name: String) -> URL? {
        guard let folder else { return nil }
        let url = folder.appendingPathComponent(name)
        return FileManager.default.fileExists(atPath: url.path) ? url : nil
    }

    /// The names of the built files, sorted.
    public static var names: [String] {
        guard let folder else { return [] }
        return ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
    }
}
