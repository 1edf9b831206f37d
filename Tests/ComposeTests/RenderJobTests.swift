import Testing
import Foundation
import Animated
import Atlas
import Basics
import FrameGen
import Raster
import TestSupport
@testable import Compose

/// `RenderJob`: every output the name picks, the output contract, scenes in memory, settings,
/// cancellation and progress.
@Suite struct RenderJobTests {
    /// A small moving scene: a square sliding across 16 × 8 over 6 frames.
    static let scene = #"""
        {"size": [16, 8], "background": "#FFFFFF", "frames": 6, "fps": 6,
         "layers": [{"shape": {"path": "M0 0h4v4h-4z", "fillColor": "#FF0000"}, "bounds": [4, 4], "position": [2, 4],
                     "animations": [{"property": "position", "from": [2, 4], "to": [14, 4], "duration": 1}]}]}
        """#

    /// A fresh folder holding `scene.json`, removed by `body`'s end.
    static func withFolder(_ body: (String) throws -> Void) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("render-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Data(scene.utf8).write(to: URL(fileURLWithPath: folder + "/scene.json"))
        try body(folder)
    }

    @Test func theOutputsNameDecidesWhatIsWritten() throws {
        try Self.withFolder { folder in
            let expected: [(String, RenderJob.Format, [String])] = [
                ("out.gif", .gif, ["out.gif"]), ("out.png", .apng, ["out.png"]), ("out.apng", .apng, ["out.apng"]),
                ("out.webp", .webp, ["out.webp"]), ("sheet.json", .sheet, ["sheet.json", "sheet.png"]),
                ("gdx.atlas", .sheet, ["gdx.atlas", "gdx.png"]), ("godot.tres", .sheet, ["godot.tres", "godot.png"]),
                ("cocos.plist", .sheet, ["cocos.plist", "cocos.png"]),
                ("frames", .folder, ["frames/frames1.png", "frames/frames6.png", "frames/sequence.json"]),
            ]
            for (name, format, files) in expected {
                let outcome = try RenderJob(scene: folder + "/scene.json", output: folder + "/" + name).run(cancellation: nil)
                #expect(outcome.format == format && outcome.frames == 6 && outcome.width == 16, "\(name)")
                for file in files { #expect(FileManager.default.fileExists(atPath: folder + "/" + file), "\(file)") }
            }
            // Each sheet's data is its engine's: read back, six sprites.
            for data in ["sheet.json", "gdx.atlas", "godot.tres", "cocos.plist"] {
                #expect(try SheetImport.read(folder + "/" + data).sprites.count == 6, "\(data)")
            }
            // A sheet format asked for must match the name.
            var job = RenderJob(scene: folder + "/scene.json", output: folder + "/x.json")
            job.sheetFormat = .libgdx
            do throws(RenderError) { _ = try job.plan(cancellation: nil); Issue.record("libgdx as .json") } catch {
                guard case .output = error else { Issue.record("\(error)"); return }
            }
            // And a sheet format for an output that is no sheet is refused, not ignored (fresh eyes 47 #7).
            job.output = folder + "/x.gif"
            do throws(RenderError) { _ = try job.plan(cancellation: nil); Issue.record("libgdx for a GIF") } catch {
                guard case .output = error else { Issue.record("\(error)"); return }
            }
            job.sheetFormat = nil
            #expect(try job.plan(cancellation: nil).format == .gif)
            // The folder reads back as the 6-frame animation at 6 fps.
            let animation = try Animation.load([folder + "/frames"])
            #expect(animation.frames.count == 6 && animation.duration == 1)
            // The GIF holds the frames drawn: the square moves.
            let gif = try Animation.load([folder + "/out.gif"])
            let first = try gif.frames[0].load(), last = try gif.frames[5].load()
            #expect(first[1, 4] == Color(r: 255, g: 0, b: 0) && last[1, 4] == Color(r: 255, g: 255, b: 255))
        }
    }

    @Test func theOutputContractHolds() throws {
        try Self.withFolder { folder in
            // Never over the scene itself (a sheet's data named as the scene).
            #expect(throws: RenderError.self) { try RenderJob(scene: folder + "/scene.json", output: folder + "/scene.json").run(cancellation: nil) }
            #expect(try String(contentsOfFile: folder + "/scene.json", encoding: .utf8) == Self.scene)
            // A rerun with fewer frames replaces its own set whole.
            _ = try RenderJob(scene: folder + "/scene.json", output: folder + "/frames").run(cancellation: nil)
            var job = RenderJob(scene: folder + "/scene.json", output: folder + "/frames")
            job.fps = 3
            #expect(try job.run(cancellation: nil).frames == 6)
            let fewer = ##"{"size": [16, 8], "frames": 2, "layers": []}"##
            try Data(fewer.utf8).write(to: URL(fileURLWithPath: folder + "/scene.json"))
            _ = try RenderJob(scene: folder + "/scene.json", output: folder + "/frames").run(cancellation: nil)
            let left = try FileManager.default.contentsOfDirectory(atPath: folder + "/frames").filter { !$0.hasPrefix(".") }.sorted()
            #expect(left == ["frames1.png", "frames2.png", "sequence.json"])
            // A file the user wrote is not replaced without overwrite.
            try Data([1, 2, 3]).write(to: URL(fileURLWithPath: folder + "/mine.gif"))
            do throws(RenderError) { _ = try RenderJob(scene: folder + "/scene.json", output: folder + "/mine.gif").run(cancellation: nil); Issue.record("replaced mine.gif") } catch {
                guard case .output = error else { Issue.record("\(error)"); return }
            }
            _ = try RenderJob(scene: folder + "/scene.json", output: folder + "/mine.gif", overwrite: true).run(cancellation: nil)
            // A name that promises no format render writes.
            do throws(RenderError) { _ = try RenderJob(scene: folder + "/scene.json", output: folder + "/out.txt").plan(cancellation: nil); Issue.record("out.txt") } catch {
                guard case .output(.unsupportedName) = error else { Issue.record("\(error)"); return }
            }
        }
    }

    /// `RenderJob.plan` took no progress while the other jobs' plans report their reading.
    @Test func thePlanReportsItsReading() async throws {
        let log = ProgressLog()
        let job = RenderJob(scene: InMemoryFile(name: "scene.json", bytes: Array(Self.scene.utf8)), files: [], format: .webp)
        let plan = try await job.plan(progress: JobProgress.within(0...0.1, log.callback))
        #expect(log.values.map(\.phase) == [.reading, .reading] && log.values.last?.fraction == 0.1)
        _ = try await job.run(plan, progress: JobProgress.within(0.1...1, log.callback))
        #expect(log.neverGoesBackwards && log.values.last?.fraction == 1)
    }

    /// A folder or a sheet rendered with no output: its files in memory, named and encoded as the
    /// render into `out/scene`, `out/scene.json` or `out/scene.atlas` writes them (a folder or a sheet used to be
    /// refused without an output: only an animation's bytes came back).
    @Test(arguments: [(RenderJob.Format.folder, "scene", nil), (.sheet, "scene.json", nil), (.sheet, "scene.atlas", SheetExport.Format.libgdx)])
    func aFolderOrASheetInMemoryHoldsTheFilesWritten(format: RenderJob.Format, output: String, sheetFormat: SheetExport.Format?) throws {
        try Self.withFolder { folder in
            let written = try RenderJob(scene: folder + "/scene.json", output: folder + "/out/" + output).run(cancellation: nil)
            var job = RenderJob(scene: InMemoryFile(name: "scene.json", bytes: Array(Self.scene.utf8)), files: [], format: format)
            job.sheetFormat = sheetFormat
            let inMemory = try job.run(cancellation: nil)
            #expect(inMemory.files.isEmpty && inMemory.bytes.isEmpty && inMemory.format == format)
            let base = format == .folder ? folder + "/out/scene/" : folder + "/out/"
            #expect(inMemory.encodedFiles.map { base + $0.name } == written.files)
            #expect(inMemory.encodedFiles.count == (format == .folder ? 7 : 2))
            for file in inMemory.encodedFiles {
                #expect(file.bytes == [UInt8](try Data(contentsOf: URL(fileURLWithPath: base + file.name))), "\(file.name)")
            }
        }
    }

    @Test func aSceneInMemoryRendersTheBytesTheFileDoes() throws {
        try Self.withFolder { folder in
            let fromDisk = try RenderJob(scene: folder + "/scene.json", output: folder + "/a.webp").run(cancellation: nil)
            #expect(fromDisk.files == [folder + "/a.webp"])
            let inMemory = try RenderJob(scene: InMemoryFile(name: "scene.json", bytes: Array(Self.scene.utf8)), files: [], format: .webp).run(cancellation: nil)
            #expect(inMemory.files.isEmpty)
            #expect(inMemory.bytes == [UInt8](try Data(contentsOf: URL(fileURLWithPath: folder + "/a.webp"))))
        }
        // Images and sequences come from the files given, by their names relative to the scene.
        let explosion = try FileManager.default.contentsOfDirectory(atPath: RealSequences.path("ansimuz-fire-bomb-pixel"))
            .filter { $0.hasSuffix(".png") }.sorted()
        #expect(explosion.count == 14)
        let files = try explosion.map { InMemoryFile(name: "fx/boom/" + $0, data: try Data(contentsOf: URL(fileURLWithPath: RealSequences.path("ansimuz-fire-bomb-pixel") + "/" + $0))) }
        let scene = ##"{"size": [64, 64], "frames": 2, "fps": 1, "layers": [{"sequence": {"source": "fx/boom"}, "position": [32, 32]}]}"##
        let outcome = try RenderJob(scene: InMemoryFile(name: "s.json", bytes: Array(scene.utf8)), files: files, format: .apng).run(cancellation: nil)
        #expect(outcome.width == 64 && outcome.frames == 2)
        do throws(RenderError) { _ = try RenderJob(scene: InMemoryFile(name: "s.json", bytes: Array(scene.utf8)), files: []).run(cancellation: nil); Issue.record("no files") } catch {
            guard case .scene(.missingFile(_, _, "fx/boom")) = error else { Issue.record("\(error)"); return }
            // In memory there is no scene file's folder to look in: the words say where names are looked for either way.
            #expect(error.description.contains("was not found beside the scene") && error.description.contains("files given with a scene in memory"),
                    "\(error)")
        }
    }

    /// Frames wider than a sheet's page are the packer's own error, as `flipbook sheet` reports
    /// it for the same frames (exit 1), not a message in a string.
    @Test func framesTooWideForASheetAreThePackersError() throws {
        let scene = ##"{"size": [5000, 2], "background": "#FF0000", "frames": 1, "fps": 1, "layers": []}"##
        try Self.withFolder { folder in
            do throws(RenderError) {
                _ = try RenderJob(scene: InMemoryFile(name: "wide.json", bytes: Array(scene.utf8)), files: [], output: folder + "/wide.json").run(cancellation: nil)
                Issue.record("packed a 5000-pixel frame")
            } catch {
                guard case .packing(.spriteTooLarge(_, let width, _, _, let maxSide)) = error else { Issue.record("\(error)"); return }
                #expect(width == 5000 && maxSide == 4096)
                #expect(error.description.contains("5000"))
            }
            #expect(!FileManager.default.fileExists(atPath: folder + "/wide.json"))
        }
    }

    @Test func settingsOutOfRangeAreNamed() {
        let memory = RenderJob(scene: InMemoryFile(name: "s.json", bytes: Array(Self.scene.utf8)), files: [])
        var job = memory
        job.scale = 9
        #expect(job.settingProblem?.setting == .scale)
        job = memory; job.fps = 0
        #expect(job.settingProblem?.setting == .fps)
        job = memory; job.repeatCount = -1
        #expect(job.settingProblem?.setting == .repeatCount)
        job = memory; job.threads = 0
        #expect(job.settingProblem?.setting == .threads)
        // A folder in memory (its files in `Outcome.encodedFiles`) names its frames @1x…@3x as on disk.
        job = memory; job.format = .folder; job.scale = 4
        do throws(RenderError) { _ = try job.plan(cancellation: nil); Issue.record("a folder at @4x") } catch { guard case .setting = error else { Issue.record("\(error)"); return } }
    }

    @Test func cancellingWritesNothingAndProgressEndsAtOne() async throws {
        try Self.withFolder { folder in
            let flag = CancellationFlag()
            flag.cancel()
            do throws(RenderError) { _ = try RenderJob(scene: folder + "/scene.json", output: folder + "/c.gif").run(cancellation: flag); Issue.record("ran") } catch {
                #expect(error == .cancelled)
            }
            #expect(!FileManager.default.fileExists(atPath: folder + "/c.gif"))
            let log = ProgressLog()
            _ = try RenderJob(scene: folder + "/scene.json", output: folder + "/p").run(progress: log.callback, cancellation: nil)
            #expect(log.values.last?.fraction == 1)
            #expect(log.neverGoesBackwards)
        }
        let task = Task { try await RenderJob(scene: InMemoryFile(name: "s.json", bytes: Array(Self.scene.utf8)), files: []).run() }
        #expect(try await task.value.frames == 6)
    }

    @Test func aDrawingFailureIsTheFramesOwnError() throws {
        // A sequence whose second frame cannot be decoded: found when it is due, named by its layer.
        let good = try PNG.Encoder().encode(Bitmap(width: 2, height: 2, straight: [UInt8](repeating: 255, count: 16))!)
        let files = [InMemoryFile(name: "s/f1.png", bytes: good), InMemoryFile(name: "s/f2.png", bytes: Array(good.prefix(20)))]
        let scene = ##"{"size": [2, 2], "frames": 2, "fps": 1, "layers": [{"name": "s", "sequence": {"source": "s", "duration": 2}, "position": [1, 1]}]}"##
        do throws(RenderError) { _ = try RenderJob(scene: InMemoryFile(name: "s.json", bytes: Array(scene.utf8)), files: files).run(cancellation: nil); Issue.record("drew") } catch {
            guard case .render(.frameUnreadable) = error else { Issue.record("\(error)"); return }
        }
    }

    /// A scene drawn at 4…8 (RenderJob.scale's range) with a sequence layer was refused as the
    /// scene's fault ("sequence.source: scale is 1…3 (got 4)"): the frames are picked as for 3 and
    /// scaled up, as Core Animation does with a contentsScale above the image's.
    @Test(arguments: [3, 4, 8])
    func aSequenceLayerIsScaledUpAboveThree(_ scale: Int) throws {
        let red = try PNG.Encoder().encode(Bitmap(width: 2, height: 2, straight: [UInt8](repeating: 255, count: 16).enumerated().map { $0.offset % 4 == 1 || $0.offset % 4 == 2 ? 0 : 255 })!)
        let files = [InMemoryFile(name: "s/f1.png", bytes: red), InMemoryFile(name: "s/f2.png", bytes: red)]
        let scene = ##"{"size": [2, 2], "background": "#FFFFFF", "frames": 1, "fps": 1, "layers": [{"sequence": {"source": "s"}, "position": [1, 1]}]}"##
        var job = RenderJob(scene: InMemoryFile(name: "s.json", bytes: Array(scene.utf8)), files: files, format: .apng)
        job.scale = scale
        let outcome = try job.run(cancellation: nil)
        #expect(outcome.width == 2 * scale && outcome.frames == 1)
        let frame = try Animation.load(files: [InMemoryFile(name: "o.png", bytes: outcome.bytes)]).frames[0].load()
        #expect(frame.width == 2 * scale && frame[scale, scale] == Color(r: 255, g: 0, b: 0) && frame[scale - 1, scale - 1] == Color(r: 255, g: 0, b: 0))
    }

    @Test func aOneFrameFolderHasItsSequenceJSONToo() throws {
        try Self.withFolder { folder in
            try Data(##"{"size": [4, 4], "frames": 1, "fps": 1, "layers": []}"##.utf8).write(to: URL(fileURLWithPath: folder + "/one.json"))
            let outcome = try RenderJob(scene: folder + "/one.json", output: folder + "/still").run(cancellation: nil)
            #expect(outcome.frames == 1 && outcome.files.contains(folder + "/still/sequence.json"), "\(outcome.files)")
            #expect(try SequenceManifest.read(file: folder + "/still/sequence.json").fps == 1)
        }
    }

    /// A sheet named with a final digit (`fl2.json`) numbers its sprites as the folder `fl2` numbers
    /// its frames: `fl2_1 … fl2_6`, not `fl21 … fl26` (which read back as frames 21 … 26 of `fl`).
    /// (Godot's `SpriteFrames` carries no sprite names, only the animation's: not checked here.)
    @Test(arguments: ["fl2.json", "fl2.atlas", "fl2.plist"])
    func aSheetNamedWithADigitSeparatesItsSpriteNumbers(_ data: String) throws {
        try Self.withFolder { folder in
            _ = try RenderJob(scene: folder + "/scene.json", output: folder + "/" + data).run(cancellation: nil)
            _ = try RenderJob(scene: folder + "/scene.json", output: folder + "/fl2").run(cancellation: nil)
            let sprites = try SheetImport.read(folder + "/" + data).sprites.map(\.name).sorted()
            let frames = try FileManager.default.contentsOfDirectory(atPath: folder + "/fl2")
                .filter { $0.hasSuffix(".png") }.map { String($0.dropLast(4)) }.sorted()
            #expect(frames.count == 6 && frames.first == "fl2_1")
            #expect(sprites == frames, "\(data)")
        }
    }

    @Test func aSheetUnderOverwriteReplacesAPageFlipbookDidNotWrite() throws {
        try Self.withFolder { folder in
            // The user's own x.png beside the sheet's data: refused without overwrite, replaced with it, as `sheet` does.
            try Data([1, 2, 3]).write(to: URL(fileURLWithPath: folder + "/x.png"))
            do throws(RenderError) { _ = try RenderJob(scene: folder + "/scene.json", output: folder + "/x.json").run(cancellation: nil); Issue.record("replaced") } catch {
                guard case .output = error else { Issue.record("\(error)"); return }
            }
            #expect(try Data(contentsOf: URL(fileURLWithPath: folder + "/x.png")) == Data([1, 2, 3]))
            let outcome = try RenderJob(scene: folder + "/scene.json", output: folder + "/x.json", overwrite: true).run(cancellation: nil)
            #expect(outcome.files.sorted() == [folder + "/x.json", folder + "/x.png"])
            #expect(try SheetImport.read(folder + "/x.json").sprites.count == 6)
            // The scene itself stays protected under overwrite.
            #expect(throws: RenderError.self) { try RenderJob(scene: folder + "/scene.json", output: folder + "/scene.json", overwrite: true).run(cancellation: nil) }
        }
    }

    @Test(arguments: [("panel.png", 2, "panel@2x.png"), ("panel@2x.gif", 1, "panel.gif"), ("panel.webp", 3, "panel@3x.webp")])
    func anAnimationNamedForAnotherScaleIsWarnedOf(_ name: String, _ scale: Int, _ suggested: String) throws {
        try Self.withFolder { folder in
            var job = RenderJob(scene: folder + "/scene.json", output: folder + "/" + name)
            job.scale = scale
            let warnings = try job.run(cancellation: nil).warnings
            #expect(warnings.count == 1 && warnings[0].contains("name it \(folder)/\(suggested) to keep @\(scale)x"), "\(warnings)")
            // Named for its scale: nothing to say.
            job.output = folder + "/" + suggested
            #expect(try job.run(cancellation: nil).warnings.isEmpty)
        }
    }

    @Test func anAnimationReportsTheFramesItHolds() throws {
        try Self.withFolder { folder in
            // Six frames of which the last two repeat (the square stays at the end): the files hold fewer.
            let still = ##"{"size": [16, 8], "frames": 6, "fps": 6, "layers": [{"shape": {"path": "M0 0h4v4h-4z", "fillColor": "#FF0000"}, "##
                + ##""bounds": [4, 4], "position": [2, 4], "animations": [{"property": "position", "from": [2, 4], "to": [14, 4], "duration": 0.5, "##
                + ##""fillMode": "forwards"}]}]}"##
            try Data(still.utf8).write(to: URL(fileURLWithPath: folder + "/still.json"))
            for name in ["s.gif", "s.png", "s.webp"] {
                let outcome = try RenderJob(scene: folder + "/still.json", output: folder + "/" + name).run(cancellation: nil)
                #expect(outcome.frames == 6 && outcome.report?.framesWritten == 4 && outcome.report?.framesMergedIdentical == 2, "\(name)")
            }
            #expect(try RenderJob(scene: folder + "/still.json", output: folder + "/frames").run(cancellation: nil).report == nil)
        }
    }
}

extension RenderJob {
    /// The setting ``plan()`` refuses first, if any.
    var settingProblem: SettingError? {
        do throws(RenderError) { _ = try plan(cancellation: nil); return nil } catch { if case .setting(let error) = error { return error }; return nil }
    }
}

/// Review item 7 of #44: `render --json`'s notes were parsed back out of the summary text the CLI
/// printed; the library's outcome says them itself, in the words `assemble` uses.
@Suite("RenderJob's notes")
struct RenderJobNotesTests {
    /// Six frames, the last three the same: the GIF holds four, and the outcome says why; a folder merges nothing.
    @Test func anAnimationsOutcomeSaysWhatTheEncoderMerged() throws {
        let scene = ##"{"size": [16, 8], "frames": 6, "fps": 6, "layers": [{"shape": {"path": "M0 0h4v4h-4z", "fillColor": "#FF0000"}, "##
            + ##""bounds": [4, 4], "position": [2, 4], "animations": [{"property": "position", "from": [2, 4], "to": [14, 4], "duration": 0.5, "##
            + ##""fillMode": "forwards"}]}]}"##
        let file = InMemoryFile(name: "still.json", bytes: Array(scene.utf8))
        let gif = try RenderJob(scene: file, files: [], format: .gif).run(cancellation: nil)
        #expect(gif.report?.framesWritten == 4)
        #expect(gif.notes == ["2 identical frames merged into the frame before"])
        let apng = try RenderJob(scene: file, files: [], format: .apng).run(cancellation: nil)
        #expect(apng.notes == ["2 identical frames merged into the frame before"])
        let folder = try Fixtures.temporaryFolder("render-notes")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(try RenderJob(scene: file, files: [], output: folder + "/frames", format: .folder).run(cancellation: nil).notes.isEmpty)
    }

    /// An upload naming one image twice with different bytes (or `a.png` and `./a.png`) drew one of
    /// them without a word, where every other reader of an upload refuses it (a Swift developer's
    /// check of issue 43): refused, naming both; the same bytes twice are one file.
    @Test(arguments: [("a.png", "a.png"), ("a.png", "./a.png"), ("caf\u{E9}.png", "cafe\u{301}.png")])
    func anUploadNamingOneFileTwiceIsRefused(first: String, second: String) throws {
        let red = try Fixtures.bytes("sequences/kenney-gold-coin/gold_1.png"), other = try Fixtures.bytes("sequences/kenney-gold-coin/gold_2.png")
        let name = first.replacingOccurrences(of: ".png", with: "")
        let scene = InMemoryFile(name: "s.json", bytes: Array(#"{"size": [8, 8], "frames": 1, "layers": [{"image": "\#(first)", "bounds": [8, 8], "position": [4, 4]}]}"#.utf8))
        do {
            _ = try RenderJob(scene: scene, files: [InMemoryFile(name: first, bytes: red), InMemoryFile(name: second, bytes: other)]).run(cancellation: nil)
            Issue.record("\(name): one of two files drawn")
        } catch {
            guard case .scene(.files(let refusal)) = error else { Issue.record("\(error)"); return }
            #expect("\(refusal)".contains(first) && "\(refusal)".contains(second), "\(refusal)")
        }
        // Two normalisations are refused with the same bytes too (engines look names up as text).
        guard second.unicodeScalars.elementsEqual(first.unicodeScalars) || second.hasPrefix("./") else { return }
        #expect(throws: Never.self) { _ = try RenderJob(scene: scene, files: [InMemoryFile(name: first, bytes: red), InMemoryFile(name: second, bytes: red)]).run(cancellation: nil) }
    }
}
