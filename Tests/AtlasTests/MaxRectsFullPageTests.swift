import Atlas
import Foundation
import Testing
import TestSupport

/// Fresh eyes 32: `sheet dino --scales 1,2,3` (three 680×472 frames, pages bounded at 4096 / 3 =
/// 1365 at @1x) trapped on a division by zero: the smallest-page search stepped past the bound,
/// a full page then took every sprite, and the search ran again on nothing.
@Suite("MaxRects: a full page that takes every sprite")
struct MaxRectsFullPageTests {
    @Test(arguments: [1365, 1364, 1366, 1400])
    func aFullPageTakingEverySpriteEndsThePacking(maxSide: Int) throws {
        let sizes = Array(repeating: MaxRectsPacker.Size(width: 680, height: 472), count: 3)
        for padding in [0, 2] {
            let result = try #require(try MaxRectsPacker(padding: padding, maxSide: maxSide, multipack: true).pack(sizes))
            #expect(result.placements.count == 3)
            #expect(result.pages.allSatisfy { $0.width <= maxSide && $0.height <= maxSide })
        }
    }

    /// Fresh eyes 57 #8: `sheet --max-size 100 --power-of-two` wrote 128×128 pages: each page was
    /// packed within 100 and then rounded up. Pages are packed within the largest power of two
    /// under the bound (64), one page or many.
    @Test(arguments: [(40, 4), (40, 1), (66, 1)])
    func powerOfTwoPagesStayWithinTheBound(side: Int, count: Int) throws {
        let sizes = Array(repeating: MaxRectsPacker.Size(width: side, height: side), count: count)
        let packer = MaxRectsPacker(padding: 0, powerOfTwo: true, maxSide: 100, multipack: true)
        let result = try packer.pack(sizes)
        if side > 64 {
            #expect(result == nil, "a \(side)² sprite has no 64² page")
        } else {
            let pages = try #require(result).pages
            #expect(!pages.isEmpty && pages.allSatisfy { $0.width <= 64 && $0.height <= 64 }, "\(pages)")
        }
    }

    @Test func theDinoSheetAtThreeScales() throws {
        let dir = try Fixtures.temporaryFolder("dino-scales")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let names = Fixtures.pngNames(in: "sequences/gameart2d-dino-jump")
        #expect(names.count == 3)
        var job = SheetJob(sources: [Fixtures.path("sequences/gameart2d-dino-jump")], output: dir + "/d.png")
        job.scales = [1, 2, 3]
        let plan = try job.plan(cancellation: nil)
        #expect(plan.sheets.count == 3)
    }
}
