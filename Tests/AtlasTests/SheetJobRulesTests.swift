import Animated
import Atlas
import Basics
import Foundation
import Raster
import Testing
import TestSupport

/// Every refusal `flipbook sheet` makes is made by `SheetJob` itself (issue 35), before anything
/// is read, whether or not the packer would have turned a sprite; one packing exports to several
/// engines without packing again.
@Suite("SheetJob: the sheet command's rules as a library call")
struct SheetJobRulesTests {
    static let coin = Fixtures.path("sequences/kenney-gold-coin")
    static let robot = Fixtures.repository + "/Sequences/kenney-robot-walk"

    static func output(_ name: String) throws -> String { try Fixtures.temporaryFolder("sheet-rules") + "/" + name }

    @Test(arguments: [
        ("phaser3 with rotation", SheetEngine.phaser3, nil, SheetBuilder(allowRotation: true)),
        ("godot4 with rotation", SheetEngine.godot4, nil, SheetBuilder(allowRotation: true)),
        ("aseprite with rotation", SheetEngine.aseprite, nil, SheetBuilder(allowRotation: true)),
        ("pixi with premultiplied pages", SheetEngine.pixi, nil, SheetBuilder(alphaHandling: .premultiply)),
        ("godot3 with premultiplied pages", SheetEngine.godot3, nil, SheetBuilder(alphaHandling: .premultiply)),
        ("cocos2d with premultiplied pages", SheetEngine.cocos2d, nil, SheetBuilder(alphaHandling: .premultiply)),
        ("phaser3 told to write libGDX data", SheetEngine.phaser3, SheetExport.Format.libgdx, SheetBuilder()),
        ("Aseprite data with premultiplied pages", nil, SheetExport.Format.aseprite, SheetBuilder(alphaHandling: .premultiply)),
        ("Godot data with rotation", nil, SheetExport.Format.godot4, SheetBuilder(allowRotation: true)),
    ] as [(String, SheetEngine?, SheetExport.Format?, SheetBuilder)])
    func refusesBeforeReading(_ what: String, engine: SheetEngine?, format: SheetExport.Format?, builder: SheetBuilder) throws {
        let output = try Self.output("s.png")
        // A source that does not exist: the refusal comes first, not "no such file".
        let job = SheetJob(sources: [Self.coin + "-missing"], output: output, engine: engine, format: format, builder: builder)
        do {
            _ = try job.plan(cancellation: nil)
            Issue.record("\(what): not refused")
        } catch {
            switch (error, format) {
            case (.engine(let refusal), _): #expect(refusal.engine == engine, "\(what)")
            case (.format(.notTheEnginesFormat(let refused, _)), let asked?): #expect(refused == asked)
            case (.format(.premultipliedAlphaNotSupported(let refused)), let asked?), (.format(.rotationNotSupported(let refused)), let asked?):
                #expect(refused == asked)
            default: Issue.record("\(what): \(error)")
            }
        }
        #expect(!FileManager.default.fileExists(atPath: output))
    }

    /// Each size out of range is a setting error naming the setting as a value to switch over, on
    /// both sides of its range: `padding = 2^21` or `Int.max` was `.packing(SheetBuilder.Error)`
    /// where `-1` was `.setting(.padding)`, so a server switching on `.setting` missed the upper bound.
    @Test(arguments: [
        (SheetBuilder(padding: -5), SettingError.Setting.padding, -5, "SheetBuilder.padding is 0…1048576 (got -5)"),
        (SheetBuilder(border: -3), .border, -3, "SheetBuilder.border is 0…1048576 (got -3)"),
        (SheetBuilder(trimMargin: -4), .trimMargin, -4, "SheetBuilder.trimMargin is 0…1048576 (got -4)"),
        (SheetBuilder(extrude: -2), .extrude, -2, "SheetBuilder.extrude is 0…1048576 (got -2)"),
        (SheetBuilder(maxSide: 0), .maxSide, 0, "SheetBuilder.maxSide is 1…1048576 (got 0)"),
        (SheetBuilder(padding: 1 << 21), .padding, 1 << 21, "SheetBuilder.padding is 0…1048576 (got 2097152)"),
        (SheetBuilder(padding: .max), .padding, .max, "SheetBuilder.padding is 0…1048576 (got 9223372036854775807)"),
        (SheetBuilder(border: .max), .border, .max, "SheetBuilder.border is 0…1048576 (got 9223372036854775807)"),
        (SheetBuilder(trimMargin: 1 << 21), .trimMargin, 1 << 21, "SheetBuilder.trimMargin is 0…1048576 (got 2097152)"),
        (SheetBuilder(extrude: .max), .extrude, .max, "SheetBuilder.extrude is 0…1048576 (got 9223372036854775807)"),
        (SheetBuilder(maxSide: 1 << 21), .maxSide, 1 << 21, "SheetBuilder.maxSide is 1…1048576 (got 2097152)"),
        (SheetBuilder(maxSide: .max), .maxSide, .max, "SheetBuilder.maxSide is 1…1048576 (got 9223372036854775807)"),
    ] as [(SheetBuilder, SettingError.Setting, Int, String)])
    func sizesOutOfRangeAreRefused(builder: SheetBuilder, setting: SettingError.Setting, value: Int, message: String) throws {
        let job = SheetJob(sources: [Self.robot], output: try Self.output("s.png"), builder: builder)
        let expected = SettingError(setting, of: "SheetBuilder", value: value,
                                    allowed: .range((setting == .maxSide ? 1 : 0)...MaxRectsPacker.largestSide))
        #expect(throws: SheetJobError.setting(expected)) { _ = try job.plan(cancellation: nil) }
        #expect(expected.description == message)
    }

    /// The job's own settings out of range are setting errors naming the setting, the value and
    /// the values allowed.
    @Test func jobSettingsOutOfRangeAreRefused() throws {
        var job = SheetJob(sources: [Self.robot], output: try Self.output("s.png"))
        job.fps = 0
        #expect(throws: SheetJobError.setting(SettingError(.fps, of: "SheetJob", value: 0, allowed: .interval(1.0 / 86_400...1000)))) {
            _ = try job.plan(cancellation: nil)
        }
        do { _ = try job.plan(cancellation: nil) } catch {
            #expect(error.settingError?.description == "SheetJob.fps must be between 1/86400 and 1000 (got 0)")
        }
        job.fps = nil
        job.threads = 0
        #expect(throws: SheetJobError.setting(SettingError(.threads, of: "SheetJob", value: 0, allowed: .atLeast(1)))) { _ = try job.plan(cancellation: nil) }
        job.threads = nil
        job.pngLevel = 10
        #expect(throws: SheetJobError.setting(SettingError(.pngLevel, of: "SheetJob", value: 10, allowed: .range(0...9)))) { _ = try job.plan(cancellation: nil) }
        job.pngLevel = 5
        job.limits.maxDecodedBytes = 0
        do { _ = try job.plan(cancellation: nil) } catch {
            #expect(error.settingError?.setting == .limit(.decodedBytes))
            #expect(error.description == "ResourceLimits.maxDecodedBytes must be positive (got 0)")
        }
    }

    /// Scales that the packing cannot use are a setting error before anything is read (0 divided
    /// by zero, `Int.max` overflowed, an empty list had no first sheet).
    @Test(arguments: [[0], [-2, 1], [1, Int.max], [Int](), [2, 1], [1, 1, 2]])
    func scalesOutOfRangeAreRefused(scales: [Int]) throws {
        let job = SheetJob(sources: [Self.robot], output: try Self.output("s.png"), scales: scales)
        let expected = SettingError(.scales, of: "SheetJob", value: "\(scales)", problem: .outOfRange(.ascending(1...3)))
        #expect(throws: SheetJobError.setting(expected)) { _ = try job.plan(cancellation: nil) }
        #expect(expected.description == "SheetJob.scales are 1…3, each once, smallest first, e.g. [1, 2] (got \(scales))")
    }

    /// A sheet named as a frame of the folder it packs is refused; one written into that folder is
    /// not read back as a sprite by another packing, nor as a sequence by assemble; a GIF or
    /// nothing at all is no source of sprites.
    @Test func whereTheSheetGoesAndWhatItReads() throws {
        let folder = try Fixtures.temporaryFolder("sheet-inside") + "/walk"
        try FileManager.default.copyItem(atPath: Self.robot, toPath: folder)
        do {
            _ = try SheetJob(sources: [folder], output: folder + "/robot_walk8.png").plan(cancellation: nil)
            Issue.record("a page named as frame 8 was accepted")
        } catch {
            guard case .output(.unsupportedName(let path, _)) = error else { Issue.record("\(error)"); return }
            #expect(path == folder + "/robot_walk8.png")
        }
        let inside = SheetJob(sources: [folder], output: folder + "/sheet.png")
        try inside.write(try inside.plan(cancellation: nil), cancellation: nil)
        #expect(try SheetJob(sources: [folder], output: folder + "/../other.png").plan(cancellation: nil).sheets[0].sprites.count == 8)
        #expect(try Animation.load([folder]).frames.count == 8)
        #expect(try Validator().validate([folder], cancellation: nil).fileCount == 8)
        let fire = Fixtures.path("gif/giflib/fire.gif")
        #expect(throws: SheetJobError.source(.animationNotFrames(source: fire, animation: fire))) { _ = try SheetJob(sources: [fire], output: folder + "/s.png").plan(cancellation: nil) }
        #expect(throws: SheetJobError.source(.noFrames(source: "(no source given)"))) { _ = try SheetJob(sources: [String](), output: folder + "/s.png").plan(cancellation: nil) }
    }

    /// libGDX stores rotated regions counter-clockwise: the job turns them that way itself (a
    /// builder left at its default used to stop the process in the libGDX writer).
    @Test func libGDXSpritesAreTurnedTheWayLibGDXReadsThem() throws {
        let folder = try Fixtures.temporaryFolder("sheet-bars")
        for index in 1...6 {
            var bar = Bitmap(clearWidth: index.isMultiple(of: 2) ? 6 : 60, height: index.isMultiple(of: 2) ? 60 : 6)
            for y in 0..<bar.height { for x in 0..<bar.width { bar[x, y] = Color(r: UInt8(x * 4), g: UInt8(y * 4), b: 200, a: 255) } }
            try PNG.Encoder().write(bar, to: "\(folder)/bar\(index).png")
        }
        let job = SheetJob(sources: [folder], output: try Self.output("bars.png"), engine: .libgdx,
                           builder: SheetBuilder(padding: 0, maxSide: 64, allowRotation: true))
        let plan = try job.plan(cancellation: nil)
        #expect(plan.sheets[0].sprites.contains { $0.rotated }, "the packer turned a bar")
        #expect(plan.sheets[0].rotation == .counterClockwise)
        try job.write(plan, cancellation: nil)
        // Cut back out through the libGDX data, every bar is its source, pixel for pixel.
        let cut = try SheetImport.read(job.output.replacingOccurrences(of: ".png", with: ".atlas"))
        #expect(cut.sprites.count == 6)
        for sprite in cut.sprites {
            #expect(try cut.frame(sprite) == (try PNG.Decoder().decodeBitmap(file: "\(folder)/\(sprite.name).png")), "\(sprite.name)")
        }
    }

    /// A job's engine changed on a copy (`job.engine = .godot4` on a Phaser job) was refused as
    /// "format.notTheEnginesFormat … leave SheetJob.format out", a format the caller never set: the
    /// format follows the engine unless it was set to another.
    @Test func theFormatFollowsAnEngineChangedOnAJob() throws {
        var job = SheetJob(sources: [Self.coin], output: try Self.output("g.tres"), engine: .phaser3)
        job.engine = .godot4
        #expect(job.format == .godot4)
        #expect(try job.plan(cancellation: nil).files.map { FileIO.lastComponent(of: $0.path) } == ["g.png", "g.tres"])
        // A format set to another than the engine's stays, and is refused with the engine named.
        var chosen = SheetJob(sources: [Self.coin], output: try Self.output("l.atlas"), format: .libgdx)
        chosen.engine = .godot4
        #expect(chosen.format == .libgdx)
        #expect(throws: SheetJobError.self) { _ = try chosen.plan(cancellation: nil) }
    }

    /// One packing, three engines: each engine's files from the reused plan are the files a fresh
    /// job for that engine writes.
    @Test(arguments: [SheetEngine.godot4, .pixi, .libgdx, .cocos2d])
    func onePackingServesSeveralEngines(engine: SheetEngine) throws {
        let first = SheetJob(sources: [Self.robot, Self.coin], output: try Self.output("phaser.png"), engine: .phaser3,
                             builder: SheetBuilder(trim: true))
        let packed = try first.plan(cancellation: nil)
        let again = first.forEngine(engine, output: try Self.output("other.png"))
        let reused = try again.plan(reusing: packed)
        let fresh = try again.plan(cancellation: nil)
        #expect(reused.files.map(\.path) == fresh.files.map(\.path))
        for (a, b) in zip(reused.files, fresh.files) {
            switch (a.content, b.content) {
            case (.image(let x), .image(let y)): #expect(x == y, "\(a.path)")
            case (.data(let x), .data(let y)): #expect(x == y, "\(a.path)")
            default: Issue.record("\(a.path): a page against data")
            }
        }
        #expect(reused.howToLoad == fresh.howToLoad)
        try again.write(reused, cancellation: nil)
        #expect(FileManager.default.fileExists(atPath: reused.files[0].path))
    }

    /// Progress counts every frame decoded; a raised flag stops the decoding and nothing is written.
    @Test func progressAndCancellation() async throws {
        let output = try Self.output("walk.png")
        let job = SheetJob(sources: [Self.robot], output: output)
        let seen = Seen()
        _ = try await job.plan(progress: { seen.add($0.done, $0.total) })
        #expect(seen.values.map(\.0).sorted() == Array(1...8))
        #expect(Set(seen.values.map(\.1)) == [8])

        let flag = CancellationFlag()
        flag.cancel()
        #expect(throws: SheetJobError.cancelled) { _ = try job.plan(cancellation: flag) }

        let written = try await job.run()
        #expect(written.files.allSatisfy { FileManager.default.fileExists(atPath: $0.path) })

        // The decoding waits at its first frame until the task that awaits it has been cancelled.
        let other = try Self.output("walk.png")
        let gate = ProgressGate(at: 1)
        let task = Task { try await SheetJob(sources: [Self.robot], output: other).run(progress: gate.jobProgress) }
        await gate.held()
        task.cancel()
        gate.release()
        let result = await task.result
        guard case .failure(let error) = result else { Issue.record("the job finished"); return }
        #expect(error as? SheetJobError == .cancelled)
        #expect(!FileManager.default.fileExists(atPath: other))
    }
}

/// Progress calls seen from the decoding threads.
final class Seen: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [(Int, Int)] = []
    func add(_ done: Int, _ total: Int) { lock.withLock { stored.append((done, total)) } }
    var values: [(Int, Int)] { lock.withLock { stored } }
}

/// A sheet packed from files held in memory, given back as bytes: the same files as from disk.
@Suite("SheetJob in memory")
struct SheetJobInMemoryTests {
    @Test(arguments: [SheetEngine.phaser3, .godot4, .libgdx])
    func anUploadPacksAsTheFolderDoes(engine: SheetEngine) throws {
        let robot = Fixtures.repository + "/Sequences/kenney-robot-walk"
        let coin = Fixtures.path("sequences/kenney-gold-coin")
        var files: [InMemoryFile] = []
        for (folder, name) in [(robot, "walk"), (coin, "coin")] {
            for file in try FileManager.default.contentsOfDirectory(atPath: folder).sorted() where file.hasSuffix(".png") {
                files.append(InMemoryFile(name: "\(name)/\(file)", data: try Data(contentsOf: URL(fileURLWithPath: "\(folder)/\(file)"))))
            }
        }
        #expect(files.count == 12)
        let out = try Fixtures.temporaryFolder("sheet-memory")
        let onDisk = SheetJob(sources: [robot, coin], output: out + "/disk.png", engine: engine, builder: SheetBuilder(trim: true))
        let inMemory = SheetJob(files: files, output: "memory.png", engine: engine, builder: SheetBuilder(trim: true))
        let diskPlan = try onDisk.plan(cancellation: nil), memoryPlan = try inMemory.plan(cancellation: nil)
        #expect(memoryPlan.sheets[0].sprites.map(\.name) == diskPlan.sheets[0].sprites.map(\.name))
        #expect(memoryPlan.sheets[0].pages == diskPlan.sheets[0].pages)
        let bytes = try inMemory.encoded(memoryPlan, cancellation: nil)
        let page = try #require(bytes.first { $0.name == "memory.png" })
        #expect(try PNG.Decoder().decodeBitmap(page.bytes, file: page.name) == diskPlan.sheets[0].pages[0])
        #expect(!FileManager.default.fileExists(atPath: "memory.png"), "nothing written")
        // A file that is no image is left out, as a folder's is (and as Validator leaves it out), and said.
        let withNotes = try SheetJob(files: files + [InMemoryFile(name: "notes.txt", bytes: [1])], output: "memory.png", engine: engine,
                                     builder: SheetBuilder(trim: true)).plan(cancellation: nil)
        let samePages = withNotes.sheets[0].pages == memoryPlan.sheets[0].pages
        #expect(samePages)
        #expect(withNotes.notes.contains("left out, no frames: notes.txt (not a PNG, GIF, APNG or WebP)"))
    }
}

/// Issue 43: two files for one frame number are refused by `SheetJob` naming both (one was packed
/// without a word), or one is packed on purpose; a folder of bare numbers (`1.png … 14.png`, as
/// ffmpeg names frames) is one animation named after its folder in every engine's data (it was 14
/// one-frame animations "1", "2", …); an upload naming a file twice is refused. Real frames,
/// copied into temporary folders.
@Suite("SheetJob: frame numbers")
struct SheetJobFrameNumberTests {
    static let robot = FrameNumberFolders.robot

    static func pngs(in folder: String) throws -> [String] { try FrameNumberFolders.pngs(in: folder) }

    /// The fire's 14 frames as `fire/1.png … fire/14.png`.
    static func bareFolder() throws -> String { try FrameNumberFolders.bare(in: Fixtures.temporaryFolder("sheet-numbers")) }

    @Test func twoFilesForOneNumberAreRefusedNamingBoth() throws {
        let folder = try FrameNumberFolders.colliding(in: Fixtures.temporaryFolder("sheet-numbers"), extra: "robot_walk005.png", copying: 5)
        let output = folder + "/../walk-sheet.png"
        #expect(throws: SheetJobError.source(.duplicateNumber(number: 5, first: "\(folder)/robot_walk5.png", second: "\(folder)/robot_walk005.png"))) {
            _ = try SheetJob(sources: [folder], output: output).plan(cancellation: nil)
        }
        var job = SheetJob(sources: [folder], output: output)
        job.onDuplicateNumber = .first
        let sprites = try job.plan(cancellation: nil).sheets[0].sprites.map(\.name)
        #expect(sprites.count == 8 && sprites.contains("robot_walk5") && !sprites.contains("robot_walk005"))
        job.onDuplicateNumber = .last
        #expect(try job.plan(cancellation: nil).sheets[0].animations.first?.frames[5] == "robot_walk005")
    }

    /// Two folders of bare numbers (`fire/1.png…`, `walk/1.png…`) pack as two animations whose
    /// sprites are told apart by their folders (they were refused: "two frames are both named '1'").
    @Test func twoFoldersOfBareNumbersStayApart() throws {
        let fire = try Self.bareFolder()
        let walk = fire + "/../walk"
        try FileManager.default.createDirectory(atPath: walk, withIntermediateDirectories: true)
        let names = try Self.pngs(in: Self.robot)
        #expect(names.count == 8)
        for (index, name) in names.enumerated() { try FileManager.default.copyItem(atPath: "\(Self.robot)/\(name)", toPath: "\(walk)/\(index + 1).png") }
        let plan = try SheetJob(sources: [fire, walk], output: fire + "/../both.png").plan(cancellation: nil)
        let animations = plan.sheets[0].animations
        #expect(animations.map(\.name).sorted() == ["fire", "walk"])
        #expect(animations.first { $0.name == "walk" }?.frames == (1...8).map { "walk-\($0)" })
        #expect(animations.first { $0.name == "fire" }?.frames == (1...14).map { "fire-\($0)" })
        #expect(plan.notes.contains { $0.contains("8 sprite names (1…) are used by frames of several folders") }, "\(plan.notes)")
    }

    /// An upload of bare numbers is one animation too: named after its folder, or `frames` at none.
    @Test func anUploadOfBareNumbersIsOneAnimation() throws {
        let folder = try Self.bareFolder()
        let names = try Self.pngs(in: folder)
        #expect(names.count == 14)
        for (prefix, expected) in [("fire/", "fire"), ("", "frames")] {
            let files = try names.map { InMemoryFile(name: prefix + $0, bytes: try FileIO.readAll("\(folder)/\($0)")) }
            let animations = try SheetJob(files: files, output: "m.png").plan(cancellation: nil).sheets[0].animations
            #expect(animations.map(\.name) == [expected] && animations.first?.frames.count == 14, "\(prefix): \(animations.map(\.name))")
        }
    }

    @Test func anUploadNamingAFileTwiceIsRefused() throws {
        let files = try Self.pngs(in: Self.robot).map { InMemoryFile(name: "walk/\($0)", bytes: try FileIO.readAll("\(Self.robot)/\($0)")) }
        #expect(files.count == 8)
        #expect(throws: SheetJobError.source(.repeatedName(first: "walk/robot_walk3.png", second: "walk/robot_walk3.png"))) {
            _ = try SheetJob(files: files + [InMemoryFile(name: files[3].name, bytes: files[0].bytes)], output: "m.png").plan(cancellation: nil)
        }
        // The same bytes twice are one file, as the validator takes them (issue 44).
        #expect(try SheetJob(files: files + [files[3]], output: "m.png").plan(cancellation: nil).sheets[0].animations.first?.frames.count == 8)
    }

    /// Engines whose data carries animations that `SheetImport` reads back (libGDX's `index`
    /// groups and Aseprite's `frameTags` too; Cocos2d-x and SpriteKit keep the frames' names only).
    static let animated: Set<SheetEngine> = [.phaser3, .pixi, .godot3, .godot4, .libgdx, .aseprite]

    @Test(arguments: SheetEngine.allCases)
    func aFolderOfBareNumbersIsOneAnimationNamedAfterIt(engine: SheetEngine) throws {
        let folder = try Self.bareFolder()
        let output = folder + "/../sheet" + (engine == .spritekit ? ".atlasc" : ".png")
        let job = SheetJob(sources: [folder], output: output, engine: engine)
        let plan = try job.plan(cancellation: nil)
        #expect(plan.sheets[0].animations.map(\.name) == ["fire"])
        #expect(plan.sheets[0].animations.first?.frames == (1...14).map(String.init))
        try job.write(plan, cancellation: nil)
        // What the engine reads back from the data written.
        let data = try #require(plan.files.map(\.path).first { !$0.hasSuffix(".png") })
        let read = try SheetImport.read(data)
        #expect(read.sprites.count == 14)
        if Self.animated.contains(engine) {
            #expect(read.animations.map(\.name) == ["fire"], "\(engine): \(read.animations.map(\.name))")
            #expect(read.animations.first?.frames.count == 14)
        } else {
            #expect(read.animations.isEmpty, "\(engine): \(read.animations.map(\.name))")
        }
        let text = String(decoding: try FileIO.readAll(data), as: UTF8.self)
        switch engine {
        case .libgdx:
            // Every region is a frame of `fire`, in order by index (they were regions "1", "2", …),
            // and the index is the frame's number as in the file's name (it was its position, 0…13).
            let lines = text.split(separator: "\n").map(String.init)
            #expect(lines.filter { $0 == "fire" }.count == 14)
            #expect(lines.filter { $0.hasPrefix("index:") } == (1...14).map { "index:\($0)" })
        case .aseprite:
            let json = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
            let tags = (json?["meta"] as? [String: Any])?["frameTags"] as? [[String: Any]]
            #expect(tags?.count == 1 && tags?[0]["name"] as? String == "fire" && tags?[0]["from"] as? Int == 0 && tags?[0]["to"] as? Int == 13)
        default: break
        }
    }
}
