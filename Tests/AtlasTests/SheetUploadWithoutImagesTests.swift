import Animated
import Atlas
import Basics
import Testing

/// A sheet packs PNG images; an upload holding none was refused with the advice written for
/// reading an animation ("…or one GIF, APNG or WebP"), and a server showed it to a user who then
/// sent a GIF, which a sheet refuses too. It is now its own refusal, naming what a sheet packs.
@Suite("SheetJob: an upload without a PNG image")
struct SheetUploadWithoutImagesTests {
    @Test(arguments: [
        [],
        [InMemoryFile(name: "readme.txt", bytes: Array("walk cycle".utf8))],
        [InMemoryFile(name: "art/notes.md", bytes: [0x23]), InMemoryFile(name: "art/shot.jpg", bytes: [0xFF, 0xD8, 0xFF])],
    ] as [[InMemoryFile]])
    func isRefusedWithASheetsAdvice(files: [InMemoryFile]) throws {
        do {
            _ = try SheetJob(files: files, output: "sheet.png").plan(cancellation: nil)
            Issue.record("an upload of \(files.map(\.name)) was packed")
        } catch {
            #expect(error == .source(.noImagesToPack(source: Discovery.filesGiven)))
            #expect(!error.description.contains("GIF"))
            #expect(error.description.contains("a sprite sheet packs PNG frames named by number"))
        }
    }
}
