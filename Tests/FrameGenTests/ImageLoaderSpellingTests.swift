import Basics
import Foundation
import Raster
import Testing
import TestSupport
@testable import FrameGen

/// Fresh eyes 57 #10: a scale-2 scene naming `café.png` (composed) beside `café@2x.png` spelt
/// decomposed drew the @1x upscaled on Linux, where macOS (whose file names are compared
/// normalisation-blind) finds the @2x: pixels depended on the platform, without a word. A variant
/// is found in either normalisation; one spelt as the scene spells it comes first.
@Suite("ImageLoader: one name in two Unicode spellings")
struct ImageLoaderSpellingTests {
    static let composed = "caf\u{E9}", decomposed = "cafe\u{301}"

    static func folder(_ files: [(name: String, side: Int)]) throws -> String {
        let folder = try Fixtures.temporaryFolder("image-spelling")
        for (name, side) in files { try PNG.Encoder().write(try Bitmap(width: side, height: side), to: folder + "/" + name) }
        return folder
    }

    @Test(arguments: [(composed, decomposed), (decomposed, composed)])
    func aVariantSpeltTheOtherWayIsFound(scene: String, disk: String) throws {
        let folder = try Self.folder([(scene + ".png", 2), (disk + "@2x.png", 4)])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let bitmap = try ImageLoader.load(scene + ".png", in: folder, scale: 2)
        #expect(bitmap.width == 4 && bitmap.scale == 2)
        let path = try #require(ImageLoader.path(for: scene + ".png", in: folder, scale: 2))
        #expect(Array(path.utf8).suffix(Array((disk + "@2x.png").utf8).count) == Array((disk + "@2x.png").utf8[...]))
    }

    @Test func theSpellingTheSceneGivesComesFirst() throws {
        let folder = try Self.folder([(Self.composed + "@2x.png", 4), (Self.decomposed + "@2x.png", 6)])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(try ImageLoader.load(Self.composed + ".png", in: folder, scale: 2).width == 4)
        #expect(try ImageLoader.load(Self.decomposed + ".png", in: folder, scale: 2).width == 6)
        // A name that says its scale is looked up the same way.
        #expect(try ImageLoader.load(Self.decomposed + "@2x.png", in: folder, scale: 1).width == 6)
    }

    @Test func aNameNoSpellingHasIsStillNotFound() throws {
        let folder = try Self.folder([(Self.composed + ".png", 2)])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(ImageLoader.path(for: "cafe.png", in: folder, scale: 1) == nil)
    }
}
