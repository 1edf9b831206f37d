import Animated
import Atlas
import Basics
import Foundation
import Raster
import Testing
import TestSupport

/// Issue 44, one shape for the library, in the sheet APIs: `SheetImport.Error` is an enum whose
/// cases carry the facts (it was a struct with a message), `SpriteSheet.unpack` and
/// `SheetExport.files` throw one named type (they threw untyped), and an fps of 0 is the same
/// `.setting` error naming `fps` in both jobs (`AssembleJob` said `.playback`).
@Suite("One shape: sheets and jobs")
struct OneShapeAtlasTests {
    static let coin = Fixtures.path("sequences/kenney-gold-coin")

    /// fps 0 (and the other values out of range) is `.setting` naming `fps` in `SheetJob` and in
    /// `AssembleJob`, with the values allowed.
    @Test(arguments: [0, -1, Double.nan, Double.infinity, 1001])
    func anFpsOutOfRangeIsOneSettingErrorInBothJobs(fps: Double) throws {
        var sheet = SheetJob(sources: [Self.coin], output: try Fixtures.temporaryFolder("one-shape-fps") + "/s.png")
        sheet.fps = fps
        do throws(SheetJobError) { _ = try sheet.plan(cancellation: nil); Issue.record("SheetJob took fps \(fps)") } catch {
            guard case .setting(let setting) = error else { Issue.record("\(error)"); return }
            #expect(setting.setting == .fps && setting.problem == .outOfRange(.interval(Animation.Timing.fpsRange)))
        }
        var assemble = AssembleJob(sources: [Self.coin], output: nil)
        assemble.timing = Animation.Timing(fps: fps)
        do throws(AssembleError) { _ = try assemble.plan(cancellation: nil); Issue.record("AssembleJob took fps \(fps)") } catch {
            guard case .setting(let setting) = error else { Issue.record("\(error)"); return }
            #expect(setting.setting == .fps && setting.problem == .outOfRange(.interval(Animation.Timing.fpsRange)))
            #expect(error.settingError == setting)
        }
    }

    /// A page that is not there is `.unreadable` naming the page, on disk and in memory alike; a
    /// frame outside its page is `.invalid`; a key that does not fit is `.schema`.
    @Test func sheetImportErrorsAreCasesWithTheirFacts() throws {
        let (data, folder, files) = try SheetImportFormsTests.sheet(for: .phaser3)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.removeItem(atPath: folder + "/up/coin.png")
        do throws(SheetImport.Error) { _ = try SheetImport.read(data); Issue.record("read without its page") } catch {
            guard case .unreadable(let file, _) = error else { Issue.record("\(error)"); return }
            #expect(file == folder + "/up/coin.png" && error.path == file)
        }
        let json = try #require(files.first { $0.name == "up/coin.json" })
        do throws(SheetImport.Error) { _ = try SheetImport.read(files: [json], data: "up/coin.json"); Issue.record("read") } catch {
            guard case .unreadable(let file, let reason) = error else { Issue.record("\(error)"); return }
            #expect(file == "up/coin.png" && reason.contains("no such file among the files given"))
        }
        let text = String(decoding: json.bytes, as: UTF8.self)
        let misspelt = InMemoryFile(name: "up/coin.json", bytes: Array(text.replacingOccurrences(of: "\"frames\"", with: "\"frams\"").utf8))
        do throws(SheetImport.Error) {
            _ = try SheetImport.read(files: [misspelt] + files.filter { $0.name != "up/coin.json" }, data: "up/coin.json")
            Issue.record("read a sheet without frames")
        } catch {
            guard case .schema(let schema) = error else { Issue.record("\(error)"); return }
            #expect(schema.found == "frams" && schema.suggestion == "frames" && error.path == "up/coin.json")
        }
    }

    /// `unpack` throws `FramesJobError` as `FramesJob` does: a raised cancellation is `.cancelled`
    /// (it was Swift's `CancellationError`), and nothing is written.
    @Test func unpackThrowsFramesJobError() throws {
        let (data, folder, _) = try SheetImportFormsTests.sheet(for: .libgdx)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let sheet = try SheetImport.read(data)
        let flag = CancellationFlag()
        flag.cancel()
        do throws(FramesJobError) {
            _ = try sheet.unpack(into: folder + "/frames", source: data, cancellation: flag)
            Issue.record("unpacked though cancelled")
        } catch {
            #expect(error == .cancelled)
        }
        #expect((try? FileManager.default.contentsOfDirectory(atPath: folder + "/frames"))?.filter { $0.hasSuffix(".png") } ?? [] == [])
        let written = try sheet.unpack(into: folder + "/frames", source: data)
        #expect(written.count == 4)
    }

    /// `SheetExport.files` throws only `SheetExport.Error`: a name refused by the output contract
    /// is its `.output` (it was Basics' `OutputError`, untyped).
    @Test func sheetExportFilesThrowsItsOwnError() throws {
        let (data, folder, _) = try SheetImportFormsTests.sheet(for: .godot4)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let sheet = try SheetImport.read(data)
        do throws(SheetExport.Error) {
            _ = try SheetExport.files(for: [sheet], format: .jsonHash, output: OutputName.standardOutput)
            Issue.record("a sheet written to standard output")
        } catch {
            guard case .output(.unsupportedName(let path, _)) = error else { Issue.record("\(error)"); return }
            #expect(path == OutputName.standardOutput)
        }
        #expect(try SheetExport.files(for: [sheet], format: .jsonHash, output: folder + "/again.png").count == 2)
    }
}
