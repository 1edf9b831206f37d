import Atlas
import Basics
import Foundation
import Testing
import TestSupport

/// `SheetExport.isPageName`: the names a sheet over several pages writes beside its output
/// (`s-0.png`, `s-1.json`…), which a build refuses another target to write. Checked against what
/// the gold coin's sheet, four pages at a 64-pixel page side, really writes.
@Suite("Sheet page names")
struct SheetPageNameTests {
    @Test(arguments: [SheetEngine.pixi, .libgdx, .cocos2d])
    func everyFileOfAPagedSheetIsItsPageNameButTheOutput(engine: SheetEngine) throws {
        let folder = try Fixtures.temporaryFolder("page-names")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let output = folder + "/s.png"
        let job = SheetJob(sources: [Fixtures.path("sequences/kenney-gold-coin")], output: output, engine: engine,
                           builder: SheetBuilder(padding: 0, maxSide: 64))
        let plan = try job.plan(cancellation: nil)
        try job.write(plan, cancellation: nil)
        let written = plan.files.map(\.path)
        #expect(written.allSatisfy { FileManager.default.fileExists(atPath: $0) })
        #expect(written.count >= 5, "\(written)")
        for file in written where FileIO.lastComponent(of: file).hasPrefix("s-") {
            #expect(SheetExport.isPageName(file, of: output), "\(file)")
        }
        #expect(written.contains { FileIO.lastComponent(of: $0).hasPrefix("s-") })
    }

    @Test(arguments: [("o/s-3.png", "o/s.png", true), ("o/s-3@2x.png", "o/s@2x.png", true), ("o/s-12.json", "o/s.png", true),
                      ("o/s-3.png", "p/s.png", false), ("o/s-a.png", "o/s.png", false), ("o/s-.png", "o/s.png", false),
                      ("o/s-3", "o/s.png", false), ("o/s-3@x.png", "o/s.png", false), ("o/t-3.png", "o/s.png", false),
                      ("o/s.png", "o/s.png", false)])
    func names(path: String, output: String, isPage: Bool) {
        #expect(SheetExport.isPageName(path, of: output) == isPage)
    }
}
