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

    /// `FLIPBOOK_RECORD=1`: golden tests write what they produce over their golden, then fail (so a
    /// recording run can never pass as a check); run again without it to compare.
    public static let recording = ProcessInfo.processInfo.environment["FLIPBOOK_RECORD"] == "1"

    /// The message a golden test fails with after recording `path`.
    public static func recorded(_ path: String) -> String { "recorded \(path); run again without FLIPBOOK_RECORD to check it" }

    /// A new empty folder under the system's temporary directory, named after `label`.
    public static func temporaryFolder(_ label: String) throws -> String {
        let path = NSTemporaryDirectory() + "flipbook-\(label)-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    public static func bytes(_ relative: String) throws -> [UInt8] {
        Array(try Data(contentsOf: URL(fileURLWithPath: path(relative))))
    }
}
