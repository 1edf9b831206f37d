import Animated
import Atlas
import Basics
import Foundation
import Testing
import TestSupport

/// Issue 44: the pages of a sprite sheet (`fire-0.png … fire-13.png`) read as a sequence `fire-`
/// once the hidden record of the set was gone (a tar without dotfiles): `validate` found a
/// sequence of pages, `assemble` played them and `sheet` packed them again. Every reader now knows
/// the pages that sheet data beside them names, with or without the record. The sheets are packed
/// from the real fire frames by `SheetJob` for each engine whose data names its pages, then the
/// record is deleted.
@Suite("Sources: a sheet's pages are no frames, without the record too")
struct SheetPagesAsSourceTests {
    static let fire = Fixtures.path("sequences/ansimuz-fire-bomb-pixel")

    /// The engines whose data names its pages, with the data file written.
    static let engines: [(SheetEngine, String)] = [
        (.phaser3, "fire.json"), (.pixi, "fire.json"), (.libgdx, "fire.atlas"), (.godot3, "fire.tres"),
        (.godot4, "fire.tres"), (.cocos2d, "fire.plist"),
    ]

    /// The fire packed in `folder` at 128 px pages (14 pages), the record deleted; the pages.
    static func sheetWithoutRecord(_ engine: SheetEngine, data: String, in folder: String) throws -> [String] {
        let job = SheetJob(sources: [fire], output: "\(folder)/\(data)", engine: engine, builder: SheetBuilder(maxSide: 128))
        try job.write(try job.plan(cancellation: nil), cancellation: nil)
        try FileManager.default.removeItem(atPath: "\(folder)/.flipbook-outputs.json")
        return try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".png") }.sorted()
    }

    /// The data file and pages an `onlySheetPages` error names, if it is one.
    static func sheetOnly(_ error: Discovery.Error?) -> (data: String, pages: [String])? {
        guard case .onlySheetPages(_, let data, let pages)? = error else { return nil }
        return (data, pages)
    }

    @Test(arguments: engines)
    func aFolderOfPagesIsRefusedByEveryReaderNamingTheData(engine: SheetEngine, data: String) throws {
        let folder = try Fixtures.temporaryFolder("sheet-pages-\(engine.rawValue)")
        let pages = try Self.sheetWithoutRecord(engine, data: data, in: folder)
        #expect(pages.count == 14)
        #expect(!FileManager.default.fileExists(atPath: "\(folder)/.flipbook-outputs.json"))

        var errors: [Discovery.Error?] = []
        do { _ = try Validator().validate([folder], cancellation: nil); errors.append(nil) } catch { errors.append(error.sourceError) }
        do { _ = try AssembleJob(sources: [folder], output: nil).plan(cancellation: nil); errors.append(nil) } catch {
            if case .source(.discovery(let source)) = error { errors.append(source) } else { errors.append(nil) }
        }
        do { _ = try SheetJob(sources: [folder], output: "\(folder)-again/s.png").plan(cancellation: nil); errors.append(nil) } catch {
            if case .source(let source) = error { errors.append(source) } else { errors.append(nil) }
        }
        #expect(errors.count == 3)
        for error in errors {
            let named = try #require(Self.sheetOnly(error), "\(String(describing: error))")
            // cocos2d writes a plist per page; the others one data file naming every page.
            #expect(named.data.hasSuffix(engine == .cocos2d ? "fire-0.plist" : engine == .pixi ? "fire-0.json" : data))
            #expect(named.pages == (engine == .cocos2d || engine == .pixi ? ["fire-0.png"] : pages.sorted(by: NaturalOrder.areInIncreasingOrder)))
            #expect(error?.description.contains("no frames but the pages of a sprite sheet") == true)
        }
    }

    /// The sheet written into the frames' own folder: the frames are the one sequence there.
    @Test(arguments: engines)
    func pagesBesideTheirFramesAreLeftOut(engine: SheetEngine, data: String) throws {
        let folder = try Fixtures.temporaryFolder("sheet-pages-beside-\(engine.rawValue)") + "/fire"
        try FileManager.default.copyItem(atPath: Self.fire, toPath: folder)
        let frames = Fixtures.pngNames(in: "sequences/ansimuz-fire-bomb-pixel")
        #expect(frames.count == 14)
        let pages = try Self.sheetWithoutRecord(engine, data: data, in: folder).filter { !frames.contains($0) }
        #expect(pages.count == 14)

        let report = try Validator().validate([folder], cancellation: nil)
        #expect(report.sequences.map(\.prefix) == ["frame-"])
        #expect(report.fileCount == 14)
        #expect(!report.hasErrors)
        let animation = try Animation.load([folder])
        #expect(animation.frames.count == 14)
        let plan = try SheetJob(sources: [folder], output: "\(folder)-again/s.png").plan(cancellation: nil)
        #expect(plan.sheets.flatMap(\.sprites).count == 14)
    }

    /// The same sheet uploaded (its data and pages, no record in memory): left out, said in a note.
    @Test func anUploadedSheetIsNoFrames() throws {
        let folder = try Fixtures.temporaryFolder("sheet-pages-upload")
        let pages = try Self.sheetWithoutRecord(.phaser3, data: "fire.json", in: folder)
        let names = pages + ["fire.json"]
        let files = try names.map { InMemoryFile(name: "fx/\($0)", bytes: try FileIO.readAll("\(folder)/\($0)")) }
        #expect(files.count == 15)
        let refusal = Discovery.Error.onlySheetPages(source: Discovery.filesGiven, data: "fx/fire.json",
                                                     pages: pages.map { "fx/\($0)" })
        #expect(throws: Validator.Error.source(refusal)) { _ = try Validator().validate(files: files, cancellation: nil) }
        #expect(throws: Animation.LoadError.discovery(refusal)) { _ = try Animation.load(files: files) }
        #expect(throws: SheetJobError.source(refusal)) { _ = try SheetJob(files: files, output: "s.png").plan(cancellation: nil) }
        #expect(refusal.description.hasPrefix("the files given hold no frames but the pages of a sprite sheet"))

        // With the frames beside them, the pages are left out and the note names them.
        let frames = try Fixtures.pngNames(in: "sequences/ansimuz-fire-bomb-pixel").map {
            InMemoryFile(name: "fx/\($0)", bytes: try FileIO.readAll("\(Self.fire)/\($0)"))
        }
        let plan = try SheetJob(files: frames + files, output: "s.png").plan(cancellation: nil)
        #expect(plan.sheets.flatMap(\.sprites).count == 14)
        #expect(plan.notes.contains { $0.hasSuffix("no frames: fx/fire-0.png, fx/fire-1.png, fx/fire-10.png and 11 more (the pages of the sprite sheet fx/fire.json)") },
                "\(plan.notes)")
        #expect(try Validator().validate(files: frames + files, cancellation: nil).fileCount == 14)
    }
}

/// Issue 44: an upload is one source to `SheetJob` as to `Validator` and `AssembleJob`: a
/// `License.txt` among the frames is left out with a note (it was refused), and one folder spelled
/// two ways (`coin/gold_1.png`, `./coin/gold_2.png`) is one folder (it was two animations).
@Suite("Sources: SheetJob reads an upload as the validator does")
struct SheetUploadSourceTests {
    /// Every file of a real folder, as an upload of it holds them (its licence and notes too).
    static func upload(_ sequence: String, folder: String, spelling: (Int) -> String = { _ in "" }) throws -> [InMemoryFile] {
        let path = Fixtures.path("sequences/\(sequence)")
        let names = try FileManager.default.contentsOfDirectory(atPath: path).sorted()
        return try names.enumerated().map { index, name in
            InMemoryFile(name: "\(spelling(index))\(folder)/\(name)", bytes: try FileIO.readAll("\(path)/\(name)"))
        }
    }

    @Test(arguments: ["kenney-gold-coin", "ansimuz-fire-bomb-pixel", "gameart2d-dino-jump"])
    func aWholeFolderUploadedPacksAsTheFolderDoes(_ sequence: String) throws {
        let files = try Self.upload(sequence, folder: "fx")
        let pngs = files.filter { $0.name.hasSuffix(".png") }
        #expect(files.count > pngs.count, "the folder holds its licence and notes too")
        let plan = try SheetJob(files: files, output: "s.png").plan(cancellation: nil)
        #expect(plan.sheets.flatMap(\.sprites).count == pngs.count)
        let leftOut = files.filter { !$0.name.hasSuffix(".png") && !$0.name.hasSuffix("sequence.json") }.map(\.name)
        #expect(plan.notes.contains { note in note.hasPrefix("left out, no frames: ") && leftOut.prefix(3).allSatisfy(note.contains) }, "\(plan.notes)")
        let report = try Validator().validate(files: files, cancellation: nil)
        #expect(report.fileCount == pngs.count)
    }

    @Test func oneFolderSpelledTwoWaysIsOneFolder() throws {
        let files = try Self.upload("kenney-gold-coin", folder: "coin") { $0.isMultiple(of: 2) ? "./" : "" }
        #expect(files.filter { $0.name.hasPrefix("./coin/gold_") }.count == 2)
        let plan = try SheetJob(files: files, output: "s.png").plan(cancellation: nil)
        #expect(plan.sheets[0].sprites.count == 4)
        #expect(plan.sheets[0].animations.map(\.name) == ["gold"])
        #expect(plan.sheets[0].animations.first?.frames.count == 4)
    }
}

extension Validator.Error {
    /// The source error this is, if it is one.
    var sourceError: Discovery.Error? {
        if case .source(let error) = self { return error }
        return nil
    }
}
