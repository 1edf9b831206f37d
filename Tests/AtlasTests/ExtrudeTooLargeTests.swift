import Basics
import Testing
import TestSupport
@testable import Atlas
import Raster

/// A sprite that fits a page until it is extruded: the error named `maxSide` ("raise
/// SheetBuilder.maxSide") where the cause is `extrude`.
@Suite("Extrude named as the cause")
struct ExtrudeTooLargeTests {
    @Test func aHugeExtrudeIsNamedNotThePageSize() throws {
        let seagull = try #require(SheetLayoutTests.seagulls.first)
        let width = seagull.bitmaps[0].width, height = seagull.bitmaps[0].height
        #expect(throws: SheetBuilder.Error.extrudedSpriteTooLarge(name: seagull.name, width: width + 10_000, height: height + 10_000,
                                                                   extrude: 5000, border: 0, maxSide: 4096)) {
            _ = try SheetBuilder(trim: false, extrude: 5000).build([seagull])
        }
        do { _ = try SheetBuilder(trim: false, extrude: 5000).build([seagull]) } catch {
            #expect(error.description.hasSuffix("larger than a 4096×4096 page; lower SheetBuilder.extrude (1 or 2 pixels stop bleeding)"))
            #expect(!error.description.contains("maxSide"))
        }
    }

    /// Fresh eyes 55 #11: a 64² sprite with `--extrude 1 --border 1` on a 66² page was "66×66 with
    /// --extrude 1 on each side, larger than a 66×66 page": the border, the missing term, is named.
    @Test func theBorderIsNamedBesideTheExtrusion() throws {
        let sprite = SheetBuilder.Input(name: "s", bitmap: try #require(Bitmap(width: 64, height: 64, straight: [UInt8](repeating: 255, count: 64 * 64 * 4))))
        do {
            _ = try SheetBuilder(border: 1, trim: false, extrude: 1, maxSide: 66).build([sprite])
            Issue.record("a 68² cell on a 66² page")
        } catch {
            #expect(error == .extrudedSpriteTooLarge(name: "s", width: 66, height: 66, extrude: 1, border: 1, maxSide: 66))
            #expect(error.description == "'s' is 66×66 with SheetBuilder.extrude 1 on each side, and with SheetBuilder.border 1 on each side "
                    + "does not fit a 66×66 page; lower SheetBuilder.extrude (1 or 2 pixels stop bleeding) or SheetBuilder.border", "\(error)")
        }
    }
}

/// `sheet -o x.atlas` said only "name it .png or .json": the extension asks for a libGDX sheet.
@Suite("A data extension names its format")
struct DataExtensionAdviceTests {
    @Test(arguments: [("x.atlas", "libgdx"), ("x.tres", "godot3 or godot4"), ("x.plist", "spritekit or cocos2d")])
    func anotherFormatsExtensionSaysWhichFormatWritesIt(name: String, formats: String) throws {
        let output = try Fixtures.temporaryFolder("sheet-ext") + "/" + name
        do {
            _ = try SheetJob(sources: [SheetJobRulesTests.robot], output: output).plan(cancellation: nil)
            Issue.record("\(name) was accepted for a json-hash sheet")
        } catch {
            guard case .output(.unsupportedName(let path, let reason)) = error else { Issue.record("\(error)"); return }
            #expect(path == output)
            #expect(reason.hasSuffix("name it .png or .json; for .\(name.split(separator: ".").last!) data, set SheetJob.format to \(formats)"),
                    "\(reason)")
        }
    }
}
