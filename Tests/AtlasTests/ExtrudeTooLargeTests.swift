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
                                                                   extrude: 5000, maxSide: 4096)) {
            _ = try SheetBuilder(trim: false, extrude: 5000).build([seagull])
        }
        do { _ = try SheetBuilder(trim: false, extrude: 5000).build([seagull]) } catch {
            #expect(error.description.hasSuffix("larger than a 4096×4096 page; lower SheetBuilder.extrude (1 or 2 pixels stop bleeding)"))
            #expect(!error.description.contains("maxSide"))
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
