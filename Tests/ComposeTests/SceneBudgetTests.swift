import Testing
import Foundation
import Basics
@testable import Compose

/// What a scene may ask for, counted over everything it draws: spawned copies spend the path
/// budget again, and one spawn's copies are refused at the key that asks for them.
@Suite struct SceneBudgetTests {
    /// A scene whose one layer draws a path of `segments` segments (a zigzag) and spawns `copies` copies of itself.
    static func spawnScene(segments: Int, copies: Int) -> String {
        let path = "M0 0" + String(repeating: "l1 1l1 -1", count: segments / 2)
        let events = (0..<copies).map { #"{"time": \#($0), "at": [8, 8]}"# }.joined(separator: ", ")
        return ##"{"size": [16, 16], "frames": 1, "layers": [{"shape": {"path": "\##(path)", "strokeColor": "#000000"}, "bounds": [16, 16], "##
            + ##""spawn": {"events": [\##(events)]}}]}"##
    }

    @Test func spawnedCopiesSpendThePathBudgetEach() throws {
        var limits = ResourceLimits.default
        limits.maxPathSegments = 1_000
        // 300 segments: one copy fits, three copies fit (900), four do not (1 200).
        #expect(throws: Never.self) { try SceneFile(json: Array(Self.spawnScene(segments: 300, copies: 3).utf8), files: [], limits: limits) }
        do throws(SceneFileError) {
            _ = try SceneFile(json: Array(Self.spawnScene(segments: 300, copies: 4).utf8), files: [], limits: limits)
            Issue.record("four copies of 301 segments passed a budget of 1000")
        } catch {
            #expect(error.limitError?.limit == .pathSegments, "\(error)")
            #expect(error.description.contains("layers[0].spawn") && error.description.contains("4 spawned copies"), "\(error)")
        }
    }

    @Test func tooManyCopiesNameTheKeyThatAsksForThem() throws {
        let events = (0...Spawn.maximumInstances).map { _ in #"{"time": 0, "at": [1, 1]}"# }.joined(separator: ",")
        let cases = [
            ("layers[0].spawn.events", #"{"size": [8, 8], "frames": 1, "layers": [{"spawn": {"events": [\#(events)]}}]}"#),
            ("layers[0].spawn.random.count",
             #"{"size": [8, 8], "frames": 1, "layers": [{"spawn": {"random": {"count": 10001, "seed": 1, "area": [8, 8]}}}]}"#),
            ("layers[0].spawn", #"{"size": [8, 8], "frames": 1, "layers": [{"spawn": {"events": [{"time": 0, "at": [1, 1]}], "#
                + #""random": {"count": 10000, "seed": 1, "area": [8, 8]}}}]}"#),
        ]
        for (path, json) in cases {
            do throws(SceneFileError) {
                _ = try SceneFile(json: Array(json.utf8), files: [])
                Issue.record("\(path): over 10000 copies accepted")
            } catch {
                #expect(error.description.contains("scene.json: \(path):") && error.description.contains("at most 10000 copies"), "\(error)")
            }
        }
    }
}
