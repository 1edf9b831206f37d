@testable import Compose
import Testing

/// Round 68: a scene rendered in memory named its frames after the scene's name with its control
/// characters kept (`U+202E` turns a name around on screen), where `FramesJob` drops them.
@Suite struct RenderNamesTests {
    @Test(arguments: [("fx\u{202E}gnp.json", "fxgnp"), ("a\u{0007}b.json", "ab"), ("walk.json", "walk"), ("\u{202E}.json", "frame")])
    func aSceneNameGivesFramesNamesWithoutControlCharacters(scene: String, prefix: String) {
        #expect(RenderJob.prefix(output: nil, format: .folder, scene: scene) == prefix)
    }
}
