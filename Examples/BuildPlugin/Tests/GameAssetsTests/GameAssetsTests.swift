import Foundation
import GameAssets
import Testing

/// The bundle holds what `flipbook build` makes of flipbook.json, and nothing else.
@Suite struct GameAssetsTests {
    @Test func theBundleHoldsTheProjectsOutputs() throws {
        #expect(GameAssets.names == ["explosion.gif", "seagull-sheet.json", "seagull-sheet.png", "seagull.png", "validation.json"])
        let gif = try Data(contentsOf: #require(GameAssets.url("explosion.gif")))
        #expect(gif.starts(with: Array("GIF89a".utf8)))
        // The seagull's APNG: a PNG with an animation control chunk (12 frames).
        let apng = try Data(contentsOf: #require(GameAssets.url("seagull.png")))
        #expect(apng.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        #expect(apng.range(of: Data("acTL".utf8)) != nil)
        // The sheet's data names its page.
        let sheet = try String(contentsOf: #require(GameAssets.url("seagull-sheet.json")), encoding: .utf8)
        #expect(sheet.contains("seagull-sheet.png"))
        let report = try String(contentsOf: #require(GameAssets.url("validation.json")), encoding: .utf8)
        #expect(report.contains("explosion"))
    }
}
