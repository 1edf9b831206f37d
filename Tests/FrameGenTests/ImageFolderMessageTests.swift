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
}
