import Basics
import Foundation
import Raster
import Testing
import TestSupport
@testable import FrameGen

/// A scene's art is read only from beside the scene: a symbolic link in its folder that leads out
/// (`link.png -> ../outside/secret.png`, a linked folder, an `@2x` variant that is such a link)
/// is refused as `outsideFolder` (`draw` read the outside file, found by a new-user round); a link
/// that stays inside the folder still loads.
@Suite("ImageLoader: links")
struct ImageLoaderLinkTests {
    static func setUp() throws -> (scene: String, secret: Bitmap) {
        let root = try Fixtures.temporaryFolder("image-links")
        let scene = root + "/scene", outside = root + "/outside"
        for folder in [scene, outside] { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) }
        let coin = Fixtures.path("sequences/kenney-gold-coin/gold_1.png")
        try FileManager.default.copyItem(atPath: coin, toPath: outside + "/secret.png")
        try FileManager.default.copyItem(atPath: coin, toPath: scene + "/inside.png")
        let links = [("link.png", "../outside/secret.png"), ("lnkdir", "../outside"), ("rock@2x.png", "../outside/secret.png"),
                     ("alias.png", "inside.png")]
        for (name, target) in links { try FileManager.default.createSymbolicLink(atPath: scene + "/" + name, withDestinationPath: target) }
        try PNG.Encoder().write(try Bitmap(width: 2, height: 2), to: scene + "/rock.png")
        return (scene, try PNG.Decoder().decodeBitmap(file: coin))
    }

    /// The refusal names the file that leads out: `rock@2x.png` when `rock.png` is drawn at @2x
    /// (it named `rock.png`, which is inside; fresh eyes).
    @Test(arguments: [("link.png", 1, "link.png"), ("lnkdir/secret.png", 1, "lnkdir/secret.png"), ("rock.png", 2, "rock@2x.png")])
    func linksThatLeadOutAreRefused(name: String, scale: Int, refusedFile: String) throws {
        let (scene, _) = try Self.setUp()
        #expect {
            try ImageLoader.load(name, in: scene, scale: scale)
        } throws: { error in
            guard case .outsideFolder(let refused) = error as? ImageLoader.Error else { return false }
            return refused == refusedFile
        }
    }

    @Test func linksThatStayInsideStillLoad() throws {
        let (scene, coin) = try Self.setUp()
        #expect(try ImageLoader.load("alias.png", in: scene, scale: 1) == coin)
        #expect(try ImageLoader.load("rock.png", in: scene, scale: 1).width == 2)
    }
}

/// The loaders' file-URL forms (issue 44's recheck: they took a folder path only) load what the path forms load.
@Suite("Image and font loaders from file URLs")
struct LoaderURLFormsTests {
    @Test func imagesAndFoldersFromURLs() throws {
        let folder = Fixtures.path("sequences/kenney-gold-coin")
        let name = try #require(Fixtures.pngNames(in: "sequences/kenney-gold-coin").first)
        let url = URL(fileURLWithPath: folder)
        #expect(try ImageLoader.load(name, inFolderAt: url, scale: 1) == ImageLoader.load(name, in: folder, scale: 1))
        let fromURL = try ImageLoader.loadFolder(url: url, scale: 1), fromPath = try ImageLoader.loadFolder(folder, scale: 1)
        #expect(fromURL.bitmaps == fromPath.bitmaps && fromURL.bitmaps.count == 4)
        #expect(throws: ImageLoader.Error.self) { _ = try ImageLoader.load("missing.png", inFolderAt: url, scale: 1) }
        // A drawing's images too (the recheck of issue 44 found `Scene.loadImages` taking a path only).
        let scene = try Scene(json: Array(#"{"size": [8, 8], "ops": [{"image": "\#(name)", "at": [0, 0], "size": [8, 8]}]}"#.utf8))
        let images = try scene.loadImages(inFolderAt: url), byPath = try scene.loadImages(in: folder)
        #expect(images.bitmaps == byPath.bitmaps && images.bitmaps.count == 1 && images.paths == byPath.paths)
    }
}

/// The URL forms take the path forms' hostile values without trapping: a scale of 0, negative or
/// huge, a pixel limit of 0 or negative, an empty name, a missing folder.
@Suite("Loader URL forms: hostile values")
struct LoaderURLFormsHostileTests {
    @Test(arguments: [0, -1, Int.max, Int.min])
    func scalesAndLimitsThrowOrLoadNeverTrap(_ value: Int) throws {
        let url = URL(fileURLWithPath: Fixtures.path("sequences/kenney-gold-coin"))
        let name = try #require(Fixtures.pngNames(in: "sequences/kenney-gold-coin").first)
        _ = try? ImageLoader.load(name, inFolderAt: url, scale: value)
        _ = try? ImageLoader.load(name, inFolderAt: url, scale: 1, maxPixels: value)
        _ = try? ImageLoader.loadFolder(url: url, scale: value)
        #expect(throws: ImageLoader.Error.self) { _ = try ImageLoader.load(name, inFolderAt: url, scale: 1, maxPixels: min(value, 0)) }
        #expect(throws: ImageLoader.Error.self) { _ = try ImageLoader.load("", inFolderAt: url, scale: 1) }
        #expect(throws: ImageLoader.Error.self) { _ = try ImageLoader.loadFolder(url: url.appendingPathComponent("missing"), scale: 1) }
    }
}
