import Atlas
import Basics
import Foundation
import Testing
import TestSupport

/// `SheetImport.read` took only a path: a sheet in memory (an upload) and a file URL are read by
/// the same rules, and give the sheet the path gives.
@Suite("SheetImport: a path, a file URL, or files in memory")
struct SheetImportFormsTests {
    static let coin = Fixtures.path("sequences/kenney-gold-coin")

    /// The coin packed for `engine` in a temporary folder: the data file's path, and every file of
    /// the sheet named relative to that folder, as an upload of the folder holds them.
    static func sheet(for engine: SheetEngine) throws -> (data: String, folder: String, files: [InMemoryFile]) {
        let folder = try Fixtures.temporaryFolder("sheet-import-forms")
        let output = engine == .spritekit ? "\(folder)/up/coin.atlasc" : "\(folder)/up/coin.png"
        let job = SheetJob(sources: [coin], output: output, engine: engine)
        let plan = try job.plan(cancellation: nil)
        try job.write(plan, cancellation: nil)
        // A SpriteKit atlas is read as its folder.
        let data = engine == .spritekit ? output : try #require(plan.files.map(\.path).first { !$0.hasSuffix(".png") })
        let files = try job.encoded(plan, cancellation: nil).map { InMemoryFile(name: String($0.name.dropFirst(folder.count + 1)), bytes: $0.bytes) }
        return (data, folder, files)
    }

    @Test(arguments: [SheetEngine.phaser3, .godot4, .libgdx, .cocos2d, .spritekit])
    func everyFormReadsTheSameSheet(engine: SheetEngine) throws {
        let (data, folder, files) = try Self.sheet(for: engine)
        let onDisk = try SheetImport.read(data)
        let byURL = try SheetImport.read(url: URL(fileURLWithPath: data))
        let relative = String(data.dropFirst(folder.count + 1))
        #expect(relative.hasPrefix("up/coin."))
        let inMemory = try SheetImport.read(files: files, data: relative)
        #expect(onDisk.sprites.count == 4)
        for sheet in [byURL, inMemory] {
            #expect(sheet.sprites == onDisk.sprites && sheet.pages == onDisk.pages && sheet.animations == onDisk.animations)
        }
        #expect(byURL.sourceFiles == onDisk.sourceFiles)
        #expect(inMemory.sourceFiles.allSatisfy { $0.hasPrefix("up/") })
    }

    /// `FramesJob` takes file URLs as `AssembleJob` and `SheetJob` do: the sheet's frames, as from paths.
    @Test func framesJobTakesFileURLs() throws {
        let (data, folder, _) = try Self.sheet(for: .godot4)
        let byURL = try FramesJob(url: URL(fileURLWithPath: data), output: URL(fileURLWithPath: "\(folder)/url")).run(cancellation: nil)
        let byPath = try FramesJob(input: data, output: "\(folder)/path").run(cancellation: nil)
        #expect(byURL.files.map { URL(fileURLWithPath: $0).lastPathComponent } == byPath.files.map { URL(fileURLWithPath: $0).lastPathComponent })
        #expect(byURL.files.count == 4 && byURL.files.allSatisfy { $0.hasPrefix("\(folder)/url/") })
    }

    /// In memory as on disk: a page named with `..` is refused before anything is read, and a page
    /// that is not among the files is an error naming it.
    @Test func refusalsInMemory() throws {
        let (_, _, files) = try Self.sheet(for: .phaser3)
        let json = try #require(files.first { $0.name == "up/coin.json" })
        let text = String(decoding: json.bytes, as: UTF8.self)
        #expect(text.contains(#""image" : "coin.png""#))
        for (image, form) in [("../coin.png", SheetImport.PathRefusal.Form.parent), ("/up/coin.png", .absolute)] {
            let hostile = InMemoryFile(name: "up/coin.json", bytes: Array(text.replacingOccurrences(of: "\"coin.png\"", with: "\"\(image)\"").utf8))
            do {
                _ = try SheetImport.read(files: [hostile] + files.filter { $0.name != "up/coin.json" } + [InMemoryFile(name: "coin.png", bytes: [])],
                                         data: "up/coin.json")
                Issue.record("\(image) was read")
            } catch {
                #expect(error.pathRefusal == SheetImport.PathRefusal(dataFile: "up/coin.json", path: image, form: form))
            }
        }
        do {
            _ = try SheetImport.read(files: [json], data: "up/coin.json")
            Issue.record("a sheet without its page was read")
        } catch {
            #expect(error.path == "up/coin.png" && error.description.contains("no such file among the files given"))
        }
        #expect(throws: SheetImport.Error.self) { _ = try SheetImport.read(files: files, data: "up/missing.json") }
    }

    /// Found by the consumer's import example: the data file given twice (a hostile copy that names
    /// `../coin.png`, then the sheet's own) was read as the second one without a word, so the refusal
    /// never came. A name twice with other bytes is refused naming it, in `SheetImport` and
    /// `FramesJob` alike, as an upload of frames is (`Upload`); the same bytes twice are one file.
    @Test func aNameGivenTwiceWithOtherBytesIsRefused() throws {
        let (_, _, files) = try Self.sheet(for: .libgdx)
        let atlas = try #require(files.first { $0.name == "up/coin.atlas" })
        let hostile = InMemoryFile(name: "./up/coin.atlas", bytes: Array(String(decoding: atlas.bytes, as: UTF8.self)
            .replacingOccurrences(of: "coin.png", with: "../coin.png").utf8))
        #expect {
            _ = try SheetImport.read(files: [hostile] + files, data: "up/coin.atlas")
        } throws: { error in
            "\(error)" == "up/coin.atlas: given twice among the files, with different contents (as ./up/coin.atlas too): which one is meant "
                + "cannot be told — each file needs a name of its own (rename one or leave one out)"
        }
        #expect(throws: FramesJobError.self) {
            _ = try FramesJob(files: [InMemoryFile(name: "up/coin.atlas", bytes: hostile.bytes)] + files).run(cancellation: nil)
        }
        #expect(try SheetImport.read(files: files + files, data: "up/coin.atlas").sprites.count == 4, "the same bytes twice are one file")
    }
}
