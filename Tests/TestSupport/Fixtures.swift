import Foundation

/// Paths into `Tests/Fixtures` and the repository, found from this source file so tests run from
/// any directory. Shared by every test target.
public enum Fixtures {
    /// The repository's root folder (`Sequences/` lives there).
    public static let repository: String = {
        var url = URL(fileURLWithPath: #filePath)
        url.deleteLastPathComponent()  // TestSupport
        url.deleteLastPathComponent()  // Tests
        url.deleteLastPathComponent()  // the repository
        return url.path
    }()

    /// `Tests/Fixtures`.
    public static let root = repository + "/Tests/Fixtures"

    public static func path(_ relative: String) -> String { "\(root)/\(relative)" }

    /// The `.png` file names in a fixture folder, sorted.
    public static func pngNames(in folder: String) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: path(folder))) ?? []
        return names.filter { $0.hasSuffix(".png") }.sorted()
    }

    public static func bytes(_ relative: String) throws -> [UInt8] {
        Array(try Data(contentsOf: URL(fileURLWithPath: path(relative))))
    }
}
