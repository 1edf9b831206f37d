import Foundation
import Testing
import TestSupport

/// `flipbook sheet` given an animation where it packs PNG frames (issue 44, fresh eyes): a folder
/// holding only `boom.gif` said `onlygif/boom.gif: not a PNG file (… name their folder to take the
/// PNGs in it)` although the folder was the argument. Now the folder (or the file given) is
/// named, with what `sheet` packs and the two commands that pack the animation. The GIF is read
/// only by `frames` (and `assemble`, which writes an animation): a sheet packs the frames a user
/// sees and names, and an animation's frames get their names from `frames` (boom1.png…), which
/// `sheet` then packs with their timing from `sequence.json`.
@Suite("sheet: an animation is not frames")
struct SheetOfAnimationCommandTests {
    static let gif = Fixtures.path("gif/giflib/fire.gif")

    @Test func aFolderOfOneGIFSaysHowToMakeFrames() throws {
        let dir = try Fixtures.temporaryFolder("sheet-gif")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.createDirectory(atPath: dir + "/onlygif", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Self.gif, toPath: dir + "/onlygif/boom.gif")
        let folder = try CLI.run(["sheet", "onlygif", "-o", "s.png"], in: dir)
        #expect(folder.status == 3, "\(folder.stderr)")
        #expect(folder.stderr == "error: onlygif holds no PNG frames but the animation onlygif/boom.gif: a sprite sheet packs PNG frames; "
                + "flipbook frames onlygif/boom.gif -o boom-frames writes its frames to a folder, and flipbook sheet boom-frames packs them\n",
                "\(folder.stderr)")
        let file = try CLI.run(["sheet", "onlygif/boom.gif", "-o", "s.png"], in: dir)
        #expect(file.status == 3, "\(file.stderr)")
        #expect(file.stderr == "error: onlygif/boom.gif is an animation, not PNG frames: a sprite sheet packs PNG frames; "
                + "flipbook frames onlygif/boom.gif -o boom-frames writes its frames to a folder, and flipbook sheet boom-frames packs them\n",
                "\(file.stderr)")
        // The advice works as given.
        #expect(try CLI.run(["frames", "onlygif/boom.gif", "-o", "boom-frames"], in: dir).status == 0)
        let packed = try CLI.run(["sheet", "boom-frames", "-o", "s.png"], in: dir)
        #expect(packed.status == 0, "\(packed.stderr)")
        #expect(FileManager.default.fileExists(atPath: dir + "/s.png"))
    }
}
