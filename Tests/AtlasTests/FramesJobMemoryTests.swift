import Animated
import Atlas
import Basics
import Foundation
import Testing
import TestSupport

/// `FramesJob` in memory: an upload exploded into PNG files returned, not written — the same names
/// and the same bytes as the folder the job writes from the same file on disk, under the same rules.
@Suite("FramesJob in memory")
struct FramesJobMemoryTests {
    /// Real animations of each format, as `flipbook frames` reads them.
    static let animations = ["gif/giflib/fire.gif", "webp-img2webp/emt-watch-spinner-2x.webp",
                             "webp-img2webp/ansimuz-fire-bomb-pixel.webp", "apng-decoders/pillow-previous-after-over.png"]

    /// The files of `folder`, by name, as bytes (not the output set's hidden bookkeeping).
    static func contents(of folder: String) throws -> [String: [UInt8]] {
        var files: [String: [UInt8]] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder) where !name.hasPrefix(".") {
            files[name] = Array(try Data(contentsOf: URL(fileURLWithPath: folder + "/" + name)))
        }
        return files
    }

    @Test(arguments: animations)
    func anAnimationInMemoryGivesTheFilesTheFolderHolds(_ fixture: String) throws {
        let path = Fixtures.path(fixture)
        let folder = try Fixtures.temporaryFolder("frames-memory") + "/out"
        let onDisk = try FramesJob(input: path, output: folder).run(cancellation: nil)
        let upload = InMemoryFile(name: (fixture as NSString).lastPathComponent, bytes: Array(try Data(contentsOf: URL(fileURLWithPath: path))))
        let inMemory = try FramesJob(files: [upload]).run(cancellation: nil)
        #expect(inMemory.frames.count == onDisk.files.count && inMemory.frames.count > 2)
        #expect(inMemory.frames.last?.name == "sequence.json")
        #expect(inMemory.files == inMemory.frames.map(\.name))
        #expect(inMemory.manifest == onDisk.manifest && inMemory.prefix == onDisk.prefix)
        #expect(inMemory.width == onDisk.width && inMemory.repeatCount == onDisk.repeatCount)
        let written = try Self.contents(of: folder)
        #expect(Set(inMemory.frames.map(\.name)) == Set(written.keys))
        #expect(inMemory.frames.allSatisfy { written[$0.name] == $0.bytes }, "the bytes differ from the folder's")
        // What the frames say back: the animation Animation.load reads from them in memory too.
        #expect(try Animation.load(files: inMemory.frames).frames.count == inMemory.frames.count - 1)
    }

    @Test(arguments: [SheetEngine.phaser3, .godot4, .libgdx, .cocos2d])
    func aSheetUploadGivesTheFramesTheFolderHolds(_ engine: SheetEngine) throws {
        let folder = try Fixtures.temporaryFolder("frames-memory-sheet")
        let job = SheetJob(sources: [Fixtures.path("sequences/kenney-gold-coin")], output: folder + "/up/coin.png", engine: engine)
        let plan = try job.plan(cancellation: nil)
        try job.write(plan, cancellation: nil)
        let data = try #require(plan.files.map(\.path).first { !$0.hasSuffix(".png") })
        let onDisk = try FramesJob(input: data, output: folder + "/frames").run(cancellation: nil)
        let files = try job.encoded(plan).map { InMemoryFile(name: String($0.name.dropFirst(folder.count + 1)), bytes: $0.bytes) }
        let dataFile = try #require(files.first { $0.name == String(data.dropFirst(folder.count + 1)) })
        let inMemory = try FramesJob(files: [dataFile] + files.filter { $0.name != dataFile.name }).run(cancellation: nil)
        #expect(inMemory.frames.count == 4 && inMemory.pages == onDisk.pages)
        // In any order: a multipart body may put the pages first (the first file was taken as the data).
        let pagesFirst = try FramesJob(files: files.filter { $0.name != dataFile.name } + [dataFile]).run(cancellation: nil)
        #expect(pagesFirst.frames.map(\.bytes) == inMemory.frames.map(\.bytes))
        let written = try Self.contents(of: folder + "/frames")
        #expect(Set(inMemory.frames.map(\.name)) == Set(written.keys))
        #expect(inMemory.frames.allSatisfy { written[$0.name] == $0.bytes }, "the bytes differ from the folder's")
    }

    /// The rules hold in memory: a still PNG, a prefix for a sheet, a page the data names that was
    /// not uploaded, a cut file — each its error, naming the upload.
    @Test func theRulesHoldInMemory() throws {
        let still = InMemoryFile(name: "still.png", bytes: Array(try Data(contentsOf: URL(fileURLWithPath: Fixtures.path("sequences/kenney-gold-coin/gold_1.png")))))
        #expect(throws: FramesJobError.stillImage(path: "still.png")) { _ = try FramesJob(files: [still]).run(cancellation: nil) }
        let atlas = InMemoryFile(name: "coin.atlas", bytes: Array("coin.png\nsize: 8,8\nformat: RGBA8888\nfilter: Linear,Linear\nrepeat: none\ngold_1\n  rotate: false\n  xy: 0, 0\n  size: 8, 8\n  orig: 8, 8\n  offset: 0, 0\n  index: -1\n".utf8))
        #expect(throws: FramesJobError.prefixForSheet(path: "coin.atlas")) { _ = try FramesJob(files: [atlas], prefix: "x").run(cancellation: nil) }
        do { _ = try FramesJob(files: [atlas]).run(cancellation: nil); Issue.record("read a page that was not uploaded") } catch {
            guard case .sheet = error else { Issue.record("\(error)"); return }
            #expect(error.description.contains("coin.png"))
        }
        let gif = Array(try Data(contentsOf: URL(fileURLWithPath: Fixtures.path("gif/giflib/fire.gif"))))
        do { _ = try FramesJob(files: [InMemoryFile(name: "cut.gif", bytes: Array(gif.prefix(12)))]).run(cancellation: nil); Issue.record("read a cut GIF") } catch {
            guard case .decode = error else { Issue.record("\(error)"); return }
            #expect(error.description.contains("cut.gif"))
        }
    }

    /// An animation with other files beside it: only the first was read, without a word, and
    /// `[readme.txt, fire.gif]` failed on the readme. Refused, naming the others.
    @Test func anAnimationComesAlone() throws {
        let gif = InMemoryFile(name: "fire.gif", bytes: Array(try Data(contentsOf: URL(fileURLWithPath: Fixtures.path("gif/giflib/fire.gif")))))
        let readme = InMemoryFile(name: "readme.txt", bytes: Array("hello".utf8))
        for files in [[gif, readme], [gif, InMemoryFile(name: "other.gif", bytes: gif.bytes)]] {
            do { _ = try FramesJob(files: files).run(cancellation: nil); Issue.record("\(files.map(\.name)) exploded") } catch {
                #expect(error.description.contains("give the animation alone") && error.description.contains(files[1].name), "\(error)")
            }
        }
        #expect(try FramesJob(files: [gif]).run(cancellation: nil).frames.count > 2)
    }
}
