import Foundation
import Testing
import TestSupport

/// `assemble` of an 89-byte GIF whose three 1×1 frames fill an 8000² screen took 2.8 GB to write
/// as WebP (issue 43): its frames and the encoder's working canvases are now checked against
/// `--max-memory` from the file's header, and the refusal names the flag that raises the budget.
@Suite("assemble: the frames and the encoder's canvases within --max-memory")
struct AssembleMemoryCommandTests {
    @Test func theHostileGIFIsRefusedForWebPNamingMaxMemory() throws {
        let folder = try Fixtures.temporaryFolder("memory")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let gif = folder + "/x.gif"
        try Data(HostileGIF.bomb(width: 8000, height: 8000, frames: 3, loops: false)).write(to: URL(fileURLWithPath: gif))
        let result = try CLI.run(["assemble", gif, "-o", folder + "/y.webp"])
        #expect(result.status == 3)
        #expect(result.stderr.contains("--max-memory"), "\(result.stderr)")
        #expect(result.stderr.contains("3 frames of 8000×8000, and the WebP encoder's 9 working canvases"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/y.webp"))
    }
}
