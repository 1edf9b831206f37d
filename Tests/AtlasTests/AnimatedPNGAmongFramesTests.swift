import APNG
import Animated
import Atlas
import Basics
import Foundation
import Raster
import Testing
import TestSupport

/// An APNG lying among a sequence's still frames (`gold_5.png` beside `gold_1…4.png`, or the
/// output of `assemble gold -o gold/anim.png`) was packed and assembled as one still frame (its
/// first), and `validate` called the folder ok. Real frames, copied into a temporary folder.
@Suite("An animated PNG among still frames")
struct AnimatedPNGAmongFramesTests {
    static let coin = Fixtures.path("sequences/kenney-gold-coin")

    /// `gold/`: the coin's 4 frames and `gold_5.png`, an APNG of those frames.
    static func folder() throws -> String {
        let folder = try Fixtures.temporaryFolder("apng-among-frames") + "/gold"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let names = Fixtures.pngNames(in: "sequences/kenney-gold-coin")
        #expect(names.count == 4)
        var bitmaps: [Bitmap] = []
        for name in names {
            try FileManager.default.copyItem(atPath: "\(coin)/\(name)", toPath: "\(folder)/\(name)")
            bitmaps.append(try PNG.Decoder().decodeBitmap(file: "\(coin)/\(name)"))
        }
        let frames = bitmaps
        let apng = try APNG.Encoder(effort: .fast).encode(FrameInput(count: frames.count, duration: 0.1) { frames[$0] })
        try FileIO.writeAtomically(apng.bytes, to: "\(folder)/gold_5.png")
        return folder
    }

    @Test func assembleAndSheetRefuseItNamingTheFile() throws {
        let folder = try Self.folder()
        let expected = PNG.DecodeError.animated(file: "\(folder)/gold_5.png")
        #expect(expected.description.contains("gold_5.png: an animated PNG (APNG) where a still image is read"))
        do {
            _ = try AssembleJob(sources: [folder], output: nil).run(cancellation: nil)
            Issue.record("assemble took the APNG as a frame")
        } catch {
            #expect(error.description.contains("gold_5.png: an animated PNG"), "\(error)")
        }
        do {
            _ = try SheetJob(sources: [folder], output: folder + "/../gold-sheet.png").plan(cancellation: nil)
            Issue.record("sheet packed the APNG as a sprite")
        } catch {
            #expect(error.description.contains("gold_5.png: an animated PNG"), "\(error)")
        }
    }

    @Test(arguments: [false, true])
    func validateReportsIt(deep: Bool) throws {
        let folder = try Self.folder()
        let report = try Validator(deep: deep).validate([folder], cancellation: nil)
        let found = report.findings.filter { $0.rule == PNGAnimatedRule.id }
        #expect(found.map(\.file) == ["\(folder)/gold_5.png"], "\(report.findings.map { "\($0.rule): \($0.message)" })")
        #expect(!report.findings.contains { $0.rule == .pngCorrupt })
    }

    /// A folder whose only file is that APNG, by a numbered name (`gold_5.png`), whole, cut or
    /// with a byte of its last frame's data damaged: `validate` reads it as the animation
    /// `assemble` reads (it called the lone file "an animated PNG among still frames", a
    /// `png.animated` error, where assemble made 4 frames of it); a cut or damaged one lost frames,
    /// `animation.frames-lost` (damage was only an `animation.lenient-read` warning).
    @Test(arguments: ["whole", "cut", "damaged"])
    func aFolderOfOnlyTheAPNGIsValidatedAsTheAnimation(state: String) throws {
        let source = try Self.folder()
        let folder = try Fixtures.temporaryFolder("lone-apng-\(state)") + "/gold"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        var bytes = try FileIO.readAll("\(source)/gold_5.png")
        if state == "cut" { bytes = Array(bytes.prefix(bytes.count * 3 / 4)) }
        if state == "damaged" {
            let fdAT = try #require(try PNG.ChunkWalker.walk(bytes, file: "gold_5.png").last { $0.type == "fdAT" })
            bytes[fdAT.offset + 8 + fdAT.length / 2] ^= 0xFF
        }
        try FileIO.writeAtomically(bytes, to: "\(folder)/gold_5.png")
        #expect(try Animation.load([folder]).frames.count == (state == "whole" ? 4 : state == "cut" ? 2 : 3))
        let report = try Validator().validate([folder], cancellation: nil)
        #expect(report.sequences.count == 1)
        #expect(report.findings.map(\.rule) == (state == "whole" ? [] : [.animationFramesLost]), "\(report.findings.map(\.message))")
    }

    /// `sheet` on a folder whose only file is an APNG says what the file is, not "among still
    /// frames" (there were none).
    @Test func sheetOnALoneAPNGDoesNotSpeakOfOtherFrames() throws {
        let source = try Self.folder()
        let folder = try Fixtures.temporaryFolder("lone-apng-sheet") + "/gold"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: "\(source)/gold_5.png", toPath: "\(folder)/gold_5.png")
        do {
            _ = try SheetJob(sources: [folder], output: folder + "/../gold-sheet.png").plan(cancellation: nil)
            Issue.record("sheet packed the APNG as a sprite")
        } catch {
            #expect(error.description.contains("holds no still PNG frames but the animated PNG (APNG) \(folder)/gold_5.png")
                    && !error.description.contains("among"), "\(error)")
        }
    }

    /// Read alone, the same file is the animation it is.
    @Test func aloneItIsAnAnimation() throws {
        let folder = try Self.folder()
        #expect(try Animation.load(["\(folder)/gold_5.png"]).frames.count == 4)
    }
}
