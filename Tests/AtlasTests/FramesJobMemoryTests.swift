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
        let files = try job.encoded(plan, cancellation: nil).map { InMemoryFile(name: String($0.name.dropFirst(folder.count + 1)), bytes: $0.bytes) }
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

    /// An upload read by the rules every job shares (Animated's `Upload`), whatever the order of
    /// its files: `[readme.txt, fire.gif]` failed on the readme while `[fire.gif, readme.txt]` was
    /// refused for the readme; an empty upload was blamed on a made-up file; a name given twice was
    /// `.decode`. Now a file that is no input is left out and named, and the refusals are the
    /// other jobs' `Discovery.Error`s.
    @Test func anUploadFollowsTheRulesEveryJobShares() throws {
        let fire = try FileIO.readAll(Fixtures.path("gif/giflib/fire.gif"))
        let gif = InMemoryFile(name: "fire.gif", bytes: fire)
        let readme = InMemoryFile(name: "readme.txt", bytes: Array("hello".utf8))
        let alone = try FramesJob(files: [gif]).run(cancellation: nil)
        #expect(alone.frames.count > 2 && !alone.warnings.contains { $0.contains("left out") })
        for files in [[gif, readme], [readme, gif], [InMemoryFile(name: ".DS_Store", bytes: [0]), gif, readme, gif]] {
            let outcome = try FramesJob(files: files).run(cancellation: nil)
            #expect(outcome.frames == alone.frames, "\(files.map(\.name))")
            #expect(outcome.warnings.filter { $0.contains("left out") } == ["left out, not read: readme.txt (not a GIF, APNG, WebP or sheet data)"],
                    "\(outcome.warnings)")
        }
        let still = InMemoryFile(name: "gold_1.png", bytes: try FileIO.readAll(Fixtures.path("sequences/kenney-gold-coin/gold_1.png")))
        let besideStill = try FramesJob(files: [still, InMemoryFile(name: "./fx//fire.gif", bytes: fire)]).run(cancellation: nil)
        #expect(besideStill.frames == alone.frames && besideStill.prefix == alone.prefix)
        #expect(besideStill.warnings.contains("left out, not read: gold_1.png (a still PNG beside the animation fx/fire.gif)"), "\(besideStill.warnings)")

        #expect(throws: FramesJobError.source(.noFrames(source: Discovery.filesGiven))) { _ = try FramesJob(files: []).plan(cancellation: nil) }
        #expect(throws: FramesJobError.source(.noFrames(source: Discovery.filesGiven))) { _ = try FramesJob(files: [readme]).plan(cancellation: nil) }
        #expect(FramesJobError.source(.noFrames(source: Discovery.filesGiven)).description.hasPrefix("no animation or sheet data among the files given"))
        #expect(throws: FramesJobError.source(.severalAnimations(source: Discovery.filesGiven, animations: ["fire.gif", "other.gif"]))) {
            _ = try FramesJob(files: [gif, readme, InMemoryFile(name: "other.gif", bytes: fire)]).plan(cancellation: nil)
        }
        #expect(throws: FramesJobError.source(.repeatedName(first: "fire.gif", second: "./fire.gif"))) {
            _ = try FramesJob(files: [gif, InMemoryFile(name: "./fire.gif", bytes: Array(fire.dropLast()))]).plan(cancellation: nil)
        }
        // Fresh eyes (a Swift developer): a still PNG with a readme beside it is still `.stillImage`;
        // a `.json` that holds no sheet beside a GIF is left out, not read as the sheet.
        #expect(throws: FramesJobError.stillImage(path: "gold_1.png")) { _ = try FramesJob(files: [still, readme]).plan(cancellation: nil) }
        // Bytes that are no PNG at all under a `.png` name were called a still PNG; they are said as a file on disk is.
        do throws(FramesJobError) {
            _ = try FramesJob(files: [InMemoryFile(name: "gold_1.png", bytes: [1, 2, 3])]).plan(cancellation: nil)
            Issue.record("3 bytes planned")
        } catch {
            #expect(!error.description.contains("still PNG") && error.description.contains("gold_1.png"), "\(error)")
        }
        for json in ["meta.json", "Contents.json"] {
            let outcome = try FramesJob(files: [gif, InMemoryFile(name: json, bytes: Array(#"{"author": "me"}"#.utf8))]).run(cancellation: nil)
            #expect(outcome.frames == alone.frames && outcome.warnings.contains("left out, not read: \(json) (not a GIF, APNG, WebP or sheet data)"),
                    "\(outcome.warnings)")
        }
        #expect(throws: FramesJobError.self) { _ = try FramesJob(files: [InMemoryFile(name: "meta.json", bytes: Array("{}".utf8))]).plan(cancellation: nil) }
        let atlas = { (name: String) in InMemoryFile(name: name, bytes: Array("coin.png\nsize: 8,8\nformat: RGBA8888\n".utf8)) }
        #expect(throws: FramesJobError.severalSheets(data: ["a.atlas", "b.atlas"])) {
            _ = try FramesJob(files: [atlas("a.atlas"), gif, atlas("b.atlas")]).plan(cancellation: nil)
        }
    }

    /// A sheet's upload with files its data does not name: read as before, those named in a note.
    @Test func aSheetUploadNamesWhatItLeftOut() throws {
        let folder = try Fixtures.temporaryFolder("frames-memory-sheet-extra")
        let job = SheetJob(sources: [Fixtures.path("sequences/kenney-gold-coin")], output: folder + "/coin.png", engine: .libgdx)
        let plan = try job.plan(cancellation: nil)
        let files = try job.encoded(plan, cancellation: nil).map { InMemoryFile(name: FileIO.lastComponent(of: $0.name), bytes: $0.bytes) }
        #expect(files.map(\.name).sorted() == ["coin.atlas", "coin.png"])
        let page = try #require(files.first { $0.name == "coin.png" })
        let plain = try FramesJob(files: files).run(cancellation: nil)
        #expect(!plain.warnings.contains { $0.contains("left out") }, "\(plain.warnings)")
        let extra = [InMemoryFile(name: "notes.txt", bytes: [1]), InMemoryFile(name: "title.png", bytes: page.bytes)]
        let outcome = try FramesJob(files: extra + files).run(cancellation: nil)
        #expect(outcome.frames == plain.frames)
        #expect(outcome.warnings.contains("left out, not read: notes.txt (not a GIF, APNG, WebP or sheet data), title.png (a page coin.atlas does not name)"),
                "\(outcome.warnings)")
    }

    /// `frames` of sheet data with `--max-pixels` raised past the default read the data under the
    /// raised limit, then cut each frame under the default one, refusing what it had just allowed
    /// (fresh eyes 47 #2): a sheet's frames are cut under the limits given, on disk and in memory.
    @Test func aSheetsFramesAreCutUnderTheLimitsGiven() throws {
        let folder = try Fixtures.temporaryFolder("frames-limits")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let job = SheetJob(sources: [Fixtures.path("sequences/kenney-gold-coin")], output: folder + "/coin.png", engine: .phaser3)
        let plan = try job.plan(cancellation: nil)
        let sheet = plan.sheets[0]
        let tight = ResourceLimits(maxPixels: 64 * 64 - 1)
        for limits in [tight, .default] {
            let refused = limits.maxPixels < 64 * 64
            do {
                let frames = try sheet.unpackedFrames(source: "coin.json", limits: limits)
                #expect(!refused && frames.count == 4)
                let written = try sheet.unpack(into: folder + "/out", source: folder + "/coin.json", limits: limits)
                #expect(!refused && written.count == 4)
            } catch {
                guard case .limit(let error) = error else { Issue.record("\(error)"); return }
                #expect(refused && error.limit == .pixels && error.maximum == limits.maxPixels, "\(error)")
            }
        }
    }
}
