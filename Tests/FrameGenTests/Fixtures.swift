import Foundation

/// Paths into `Tests/Fixtures`, found from this source file so tests run from any directory.
enum Fixtures {
    static let root: String = {
        var url = URL(fileURLWithPath: #filePath)
        url.deleteLastPathComponent()  // FrameGenTests
        url.deleteLastPathComponent()  // Tests
        return url.appendingPathComponent("Fixtures").path
    }()

    static func path(_ relative: String) -> String { "\(root)/\(relative)" }

    /// The `.png` file names in a fixture folder, sorted.
    static func pngNames(in folder: String) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: path(folder))) ?? []
        return names.filter { $0.hasSuffix(".png") }.sorted()
    }

    static func bytes(_ relative: String) throws -> [UInt8] {
        Array(try Data(contentsOf: URL(fileURLWithPath: path(relative))))
    }
}
