import Basics
import Foundation
import Raster
import Testing
import TestSupport
@testable import Atlas

/// The work a sheet's data asks for is bounded before any page is decoded (issue 43: a 3 KB Godot
/// `.tres` of 40 `AtlasTexture`s with `margin = Rect2(0, 0, 8000, 8000)` made `frames` run two
/// minutes and write 40 frames of 8005², each under `--max-pixels`).
@Suite("Sheet import: total output budget")
struct SheetOutputBudgetTests {
    /// A Godot 4 `SpriteFrames` as Godot writes it: one page, `count` AtlasTextures of a 5×5
    /// region each with `margin`, one looping animation `fire` of them all.
    static func tres(count: Int, margin: Int) -> String {
        var lines = ["[gd_resource type=\"SpriteFrames\" load_steps=\(count + 2) format=3 uid=\"uid://b6x3f0k2bomb\"]", "",
                     "[ext_resource type=\"Texture2D\" uid=\"uid://c1fire\" path=\"fire.png\" id=\"1_fire\"]", ""]
        for index in 1...count {
            lines += ["[sub_resource type=\"AtlasTexture\" id=\"AtlasTexture_\(index)\"]", "atlas = ExtResource(\"1_fire\")",
                      "region = Rect2(\(index % 3 * 5), 0, 5, 5)", "margin = Rect2(0, 0, \(margin), \(margin))", ""]
        }
        let frames = (1...count).map { "{\n\"duration\": 1.0,\n\"texture\": SubResource(\"AtlasTexture_\($0)\")\n}" }
        lines += ["[resource]", "animations = [{", "\"frames\": [\(frames.joined(separator: ", "))],", "\"loop\": true,",
                  "\"name\": &\"fire\",", "\"speed\": 10.0", "}]", ""]
        return lines.joined(separator: "\n")
    }

    /// The folder with `fire.tres` (and its 15×5 page unless `page` is false).
    static func folder(count: Int = 40, margin: Int = 8000, page: Bool = true) throws -> String {
        let folder = try Fixtures.temporaryFolder("sheet-budget")
        try tres(count: count, margin: margin).write(toFile: folder + "/fire.tres", atomically: true, encoding: .utf8)
        if page { try PNG.Encoder().write(Bitmap(width: 15, height: 5), to: folder + "/fire.png") }
        return folder
    }

    @Test func theBombIsRefusedBeforeAnyPageIsRead() throws {
        // No page at all: only a check made before decoding can give the limit error.
        for page in [false, true] {
            let folder = try Self.folder(page: page)
            defer { try? FileManager.default.removeItem(atPath: folder) }
            #expect(try String(contentsOfFile: folder + "/fire.tres", encoding: .utf8).utf8.count < 10_000, "a few KB")
            let start = Date()
            do {
                let sheet = try SheetImport.read(folder + "/fire.tres")
                Issue.record("read \(sheet.sprites.count) frames")
            } catch {
                let limit = try #require(error.limitError, "\(error)")
                #expect(limit == LimitError(limit: .outputPixels, subject: folder + "/fire.tres: 40 frames", amount: 40 * 8005 * 8005,
                                            maximum: ResourceLimits.default.maxOutputPixels, detail: "the largest 'fire0', 8005×8005"))
                #expect(error.description.contains("raise ResourceLimits.maxOutputPixels to allow it"), "\(error)")
            }
            #expect(Date().timeIntervalSince(start) < 1)
        }
    }

    /// `FramesJob` refuses with its own case, writes nothing; raising the setting lets a smaller
    /// one through.
    @Test func framesJobRefusesWithTheLimitAndWritesNothing() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        do {
            _ = try FramesJob(input: folder + "/fire.tres", output: folder + "/out").run(cancellation: nil)
            Issue.record("exploded")
        } catch {
            guard case .limit(let limit) = error else { Issue.record("\(error)"); return }
            #expect(limit.limit == .outputPixels && limit.amount == 40 * 8005 * 8005)
        }
        #expect(!FileManager.default.fileExists(atPath: folder + "/out"))

        let small = try Self.folder(count: 4, margin: 95)   // 4 frames of 100² = 40 000 pixels
        defer { try? FileManager.default.removeItem(atPath: small) }
        #expect(throws: FramesJobError.limit(LimitError(limit: .outputPixels, subject: small + "/fire.tres: 4 frames", amount: 40_000,
                                                        maximum: 39_999, detail: "the largest 'fire0', 100×100"))) {
            _ = try FramesJob(input: small + "/fire.tres", output: small + "/out", limits: ResourceLimits(maxOutputPixels: 39_999)).run(cancellation: nil)
        }
        let outcome = try FramesJob(input: small + "/fire.tres", output: small + "/out", limits: ResourceLimits(maxOutputPixels: 40_000)).run(cancellation: nil)
        // Four frames and the animation's timing (its speed, 10 frames a second).
        #expect(outcome.files.count == 5 && outcome.manifest?.frameDurations == [100, 100, 100, 100])
    }

    /// One frame over `maxPixels` is refused on its own, before the pages, naming the frame.
    @Test func oneFrameOverMaxPixels() throws {
        let folder = try Self.folder(count: 2, margin: 95, page: false)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        do {
            _ = try SheetImport.read(folder + "/fire.tres", limits: ResourceLimits(maxPixels: 9_999))
            Issue.record("read")
        } catch {
            #expect(error.limitError == LimitError(limit: .pixels, subject: folder + "/fire.tres: frame 'fire0'", amount: 10_000, maximum: 9_999,
                                              detail: "100×100"), "\(error)")
        }
    }

    /// Every format's source sizes count (`sourceSize`, `offsets`, `spriteSourceSize`, `margin`):
    /// the exporter's sheet is read at exactly its frames' pixels, refused one pixel below.
    @Test(arguments: SheetExport.Format.allCases)
    func everyFormatCountsItsSourceSizes(format: SheetExport.Format) throws {
        let setup = try SheetPathRuleTests.Setup(format)
        defer { try? FileManager.default.removeItem(atPath: setup.root) }
        let total = try SheetImport.read(setup.input).sprites.reduce(0) { $0 + $1.sourceWidth * $1.sourceHeight }
        // Formats that keep one data file per page (JSON, Aseprite, Cocos2d) hold one frame each here.
        #expect(total == 64 * (setup.dataFile.hasSuffix("-0.plist") ? 1 : 2), "\(format)")
        #expect(try SheetImport.read(setup.input, limits: ResourceLimits(maxOutputPixels: total)).sprites.count == total / 64)
        #expect(throws: SheetImport.Error.self) { try SheetImport.read(setup.input, limits: ResourceLimits(maxOutputPixels: total - 1)) }
        do { _ = try SheetImport.read(setup.input, limits: ResourceLimits(maxOutputPixels: total - 1)) } catch {
            #expect(error.limitError?.limit == .outputPixels && error.limitError?.amount == total, "\(error)")
        }
    }

    /// `frames --animation walk` writes only walk's frames: another animation's 9000² frame (over
    /// the default 8192² a frame) does not refuse it (fresh eyes 48 #11), and the output budget
    /// counts walk's frames alone. Without a pick, or picking the big one, the limit holds.
    @Test func onePickedAnimationIsCheckedAgainstTheLimitsAlone() throws {
        let folder = try Fixtures.temporaryFolder("sheet-budget-pick")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        func sprite(_ name: String, x: Int, source: Int) -> String {
            #""\#(name).png": {"frame": {"x": \#(x), "y": 0, "w": 4, "h": 4}, "rotated": false, "trimmed": \#(source > 4),"#
                + #" "spriteSourceSize": {"x": 0, "y": 0, "w": 4, "h": 4}, "sourceSize": {"w": \#(source), "h": \#(source)}}"#
        }
        let json = #"{"frames": {\#(sprite("walk1", x: 0, source: 4)), \#(sprite("walk2", x: 4, source: 4)), \#(sprite("big1", x: 8, source: 9000))},"#
            + #" "animations": {"walk": ["walk1.png", "walk2.png"], "big": ["big1.png"]}, "meta": {"image": "s.png", "size": {"w": 12, "h": 4}}}"#
        try json.write(toFile: folder + "/s.json", atomically: true, encoding: .utf8)
        try PNG.Encoder().write(Bitmap(width: 12, height: 4), to: folder + "/s.png")

        var job = FramesJob(input: folder + "/s.json", output: folder + "/walk", limits: ResourceLimits(maxOutputPixels: 32))
        job.animation = "walk"
        let walk = try job.run(cancellation: nil)
        #expect(walk.files.filter { $0.hasSuffix(".png") }.map(FileIO.lastComponent(of:)) == ["walk1.png", "walk2.png"])
        for animation in [nil, "big"] as [String?] {
            var job = FramesJob(input: folder + "/s.json", output: folder + "/out")
            job.animation = animation
            do {
                _ = try job.run(cancellation: nil)
                Issue.record("wrote a 9000² frame")
            } catch {
                guard case .limit(let limit) = error else { Issue.record("\(error)"); continue }
                #expect(limit.limit == .pixels && limit.subject.hasSuffix("frame 'big1.png'"), "\(limit)")
            }
        }
        #expect(!FileManager.default.fileExists(atPath: folder + "/out"))
        // A name the data does not have is said as such, not as the big frame of another animation (fresh eyes 50 #4).
        var typo = FramesJob(input: folder + "/s.json", output: folder + "/out")
        typo.animation = "wlak"
        #expect { try typo.run(cancellation: nil) } throws: { error in
            guard case FramesJobError.animationNotFound(_, let animation, _) = error else { return false }
            return animation == "wlak"
        }
    }
}
