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
            #expect(error.description.hasSuffix("larger than a 4096×4096 page; raise SheetBuilder.maxSide or lower SheetBuilder.extrude "
                                                + "(1 or 2 pixels stop bleeding)"), "\(error)")
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
            // Fresh eyes 57 #12: an extrusion of 1 was advised lower; the page is what can grow.
            #expect(error.description == "'s' is 66×66 with SheetBuilder.extrude 1 on each side, and with SheetBuilder.border 1 on each side "
                    + "does not fit a 66×66 page; raise SheetBuilder.maxSide, or lower SheetBuilder.border", "\(error)")
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

/// Fresh eyes 57 #12: `sheet --scales 1,2 --extrude 1` refused an @2x sprite "with --extrude 2 on
/// each side" and `--border 2` (flags nobody gave), and a 64² sprite on a 60² page with
/// `--extrude 1` was "66×66". The settings are said as given, with their pixels at the scale.
@Suite("Sheet refusals say the settings as given")
struct SheetRefusalWordingTests {
    static func twoScales() throws -> [SheetBuilder.Input] {
        let one = try #require(Bitmap(width: 64, height: 64, straight: [UInt8](repeating: 200, count: 64 * 64 * 4)))
        var two = try #require(Bitmap(width: 128, height: 128, straight: [UInt8](repeating: 200, count: 128 * 128 * 4)))
        two.scale = 2
        return [SheetBuilder.Input(name: "c1", bitmaps: [one, two])]
    }

    @Test func anAtTwoXSpriteNamesTheFlagsAsGiven() throws {
        var builder = SheetBuilder(border: 1, trim: false, extrude: 1, maxSide: 132)
        builder.bound(smallestScale: 1, largestScale: 2)
        let inputs = try Self.twoScales()
        do throws(SheetBuilder.Error) {
            _ = try builder.buildScaled(inputs)
            Issue.record("a 136² cell on a 132² page")
        } catch {
            let said = error.forScales([1, 2], maxSide: builder.maxSide, requested: 132)
            #expect(said.description == "'c1@2x' is 132×132 with SheetBuilder.extrude 1 (2 px at @2x) on each side, and with SheetBuilder.border 1 "
                    + "(2 px at @2x) on each side does not fit a 132×132 page; raise SheetBuilder.maxSide, or lower SheetBuilder.border", "\(said)")
        }
    }

    /// Round 58 #5: `--scales 1,3 --max-size 256` refused against "a 255×255 page", a side nobody gave.
    @Test func aPageOfWholePointsSaysTheSideGiven() throws {
        var one = try #require(Bitmap(width: 64, height: 64, straight: [UInt8](repeating: 200, count: 64 * 64 * 4)))
        one.scale = 1
        var three = try #require(Bitmap(width: 192, height: 192, straight: [UInt8](repeating: 200, count: 192 * 192 * 4)))
        three.scale = 3
        var builder = SheetBuilder(border: 40, trim: false, maxSide: 256)
        builder.bound(smallestScale: 1, largestScale: 3)
        do throws(SheetBuilder.Error) {
            _ = try builder.buildScaled([SheetBuilder.Input(name: "c1", bitmaps: [one, three])])
            Issue.record("a 432² cell on a 255² page")
        } catch {
            let said = error.forScales([1, 3], maxSide: builder.maxSide, requested: 256)
            #expect(said == .boundByScales(.spriteTooLarge(name: "c1@3x", width: 192, height: 192, border: 40, maxSide: 255), requestedSide: 256, scale: 3))
            #expect(said.description.hasSuffix("does not fit a 255×255 page; lower SheetBuilder.border or raise SheetBuilder.maxSide "
                                               + "(SheetBuilder.maxSide 256 allows @3x pages of 255 px: pages shared by several scales are whole points)"),
                    "\(said)")
        }
    }

    @Test func aSpriteTooLargeWithoutItsExtrusionIsSaidAtItsOwnSize() throws {
        let sprite = SheetBuilder.Input(name: "c1", bitmap: try #require(Bitmap(width: 64, height: 64, straight: [UInt8](repeating: 9, count: 64 * 64 * 4))))
        #expect(throws: SheetBuilder.Error.spriteTooLarge(name: "c1", width: 64, height: 64, border: 0, maxSide: 60)) {
            _ = try SheetBuilder(trim: false, extrude: 1, maxSide: 60).build([sprite])
        }
    }
}
