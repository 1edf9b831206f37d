import Basics
import Foundation
import Testing
import TestSupport
@testable import FrameGen

/// `generate scatter --images nonexist` said "no PNG images in nonexist": the folder does not exist.
@Suite("Image folder messages")
struct ImageFolderMessageTests {
    @Test func aMissingFolderIsNamedAsMissingNotEmpty() throws {
        let missing = try Fixtures.temporaryFolder("image-folder") + "/nonexist"
        #expect(throws: ImageLoader.Error.self) { _ = try ImageLoader.loadFolder(missing, scale: 1) }
        do { _ = try ImageLoader.loadFolder(missing, scale: 1) } catch {
            #expect(error.description == "\(missing) does not exist or is not a folder: give a folder of PNG images")
        }
        let file = Fixtures.path("framegen/seagull/seagull1.png")
        do { _ = try ImageLoader.loadFolder(file, scale: 1) } catch {
            #expect(error.description.hasPrefix("\(file) does not exist or is not a folder"))
        }
        let empty = try Fixtures.temporaryFolder("image-folder-empty")
        do { _ = try ImageLoader.loadFolder(empty, scale: 1) } catch { #expect(error.description == "no PNG images in \(empty)") }
        #expect(try ImageLoader.loadFolder(Fixtures.path("framegen/seagull"), scale: 1).bitmaps.count == 12)
    }

    /// A scene's missing image said "image not found: rock.png (nor any @Nx variant)": not where
    /// it was looked for, nor what to do. It names the file in the scene's folder and the fix.
    @Test func aMissingSceneImageNamesItsFileAndTheFix() throws {
        let folder = try Fixtures.temporaryFolder("image-missing")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        do {
            _ = try ImageLoader.load("art/rock.png", in: folder, scale: 2)
            Issue.record("a missing image was loaded")
        } catch {
            #expect(error.description.hasPrefix("\(folder)/art/rock.png: image not found, nor rock@2x.png"), "\(error)")
            #expect(error.description.contains("put the PNG beside the scene or correct the name"))
        }
    }
}
