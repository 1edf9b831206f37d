import Foundation
import GIF
import Raster
import Testing
import TestSupport

/// `assemble` said "2 near-identical frames, at most 214 levels apart, merged" for the last
/// frames of a fading smoke, which the GIF's alpha (under 16 is dropped) makes invisible: the
/// note now says what happened and names the frames. Kenney's coin, as it is and faded to alpha
/// 10 and 8 (both invisible in a GIF, and different).
@Suite("A GIF's invisible frames are named as such")
struct InvisibleMergeCommandTests {
    static func faded(_ bitmap: Bitmap, to most: Int) -> Bitmap {
        var out = bitmap
        for y in 0..<out.height {
            for x in 0..<out.width {
                var color = out[x, y]
                color.a = UInt8(Int(color.a) * most / 255)
                out[x, y] = color
            }
        }
        return out
    }

    @Test func invisibleFramesAreNamedNotCalledNearIdentical() throws {
        let dir = try Fixtures.temporaryFolder("invisible-merge")
        try FileManager.default.createDirectory(atPath: "\(dir)/fade", withIntermediateDirectories: true)
        let coin = try PNG.Decoder().decodeBitmap(file: Fixtures.path("sequences/kenney-gold-coin/gold_1.png"))
        try PNG.Encoder().write(coin, to: "\(dir)/fade/fade1.png")
        try PNG.Encoder().write(Self.faded(coin, to: 10), to: "\(dir)/fade/fade2.png")
        try PNG.Encoder().write(Self.faded(coin, to: 8), to: "\(dir)/fade/fade3.png")
        let result = try CLI.run(["assemble", "fade", "-o", "fade.gif"], in: dir)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("note: 1 frame (fade3.png) is invisible in a GIF"), "\(result.stdout)")
        #expect(!result.stdout.contains("near-identical"), "\(result.stdout)")
        // Fresh eyes round 14: `--json` counted no merge and held no such note, so frames in and
        // frames out did not add up.
        let json = try CLI.run(["assemble", "fade", "-o", "fade2.gif", "--json"], in: dir)
        let report = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        #expect(report?["frames"] as? Int == 2 && report?["framesMergedInvisible"] as? Int == 1, "\(json.stdout)")
        #expect((report?["notes"] as? [String])?.contains { $0.hasPrefix("1 frame (fade3.png) is invisible in a GIF") } == true, "\(json.stdout)")
    }

    /// A GIF whose every pixel its alpha mode drops (the coin at alpha 100 everywhere, cut at 128)
    /// shows nothing: said as such (fresh eyes, session 45: a blank GIF, exit 0, and a note that
    /// read as if one frame were left), not as frames merged; dithered, the same frames show and
    /// nothing is said.
    @Test(arguments: [("threshold", true), ("dither", false)])
    func aGIFThatShowsNothingSaysSo(alpha: String, empty: Bool) throws {
        let dir = try Fixtures.temporaryFolder("empty-gif")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.createDirectory(atPath: "\(dir)/faint", withIntermediateDirectories: true)
        let coin = try PNG.Decoder().decodeBitmap(file: Fixtures.path("sequences/kenney-gold-coin/gold_1.png"))
        for (index, most) in [100, 90, 80].enumerated() {
            try PNG.Encoder().write(Self.faded(coin, to: most), to: "\(dir)/faint/faint\(index + 1).png")
        }
        let result = try CLI.run(["assemble", "faint", "-o", "faint.gif", "--alpha", alpha], in: dir)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("note: the GIF shows nothing: its one bit of alpha kept no pixel of any frame") == empty, "\(result.stdout)")
        #expect(!result.stdout.contains("invisible in a GIF"), "\(result.stdout)")
        // --json says it too, and which alpha mode was used (`dither` is the colours' dithering).
        let json = try CLI.run(["assemble", "faint", "-o", "faint2.gif", "--alpha", alpha, "--json"], in: dir)
        let report = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(report["alpha"] as? String == alpha && report["dither"] as? String == "none", "\(json.stdout)")
        #expect((report["notes"] as? [String] ?? []).contains { $0.hasPrefix("the GIF shows nothing") } == empty, "\(json.stdout)")
        let frames = try GIF.Decoder(file: "\(dir)/faint.gif").allGIFFrames()
        let visible = frames.contains { frame in stride(from: 3, to: frame.image.pixels.count, by: 4).contains { frame.image.pixels[$0] != 0 } }
        #expect(visible == !empty)
    }
    /// Frames with no pixel at all (alpha 0 everywhere): said as what they are, with no advice
    /// to keep what is not there; a matte with an alpha is refused (a matte makes pixels opaque).
    @Test func transparentFramesAndATransparentMatte() throws {
        let dir = try Fixtures.temporaryFolder("clear-frames")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.createDirectory(atPath: "\(dir)/clear", withIntermediateDirectories: true)
        let clear = try Bitmap(width: 16, height: 16)
        for index in 1...2 { try PNG.Encoder().write(clear, to: "\(dir)/clear/clear\(index).png") }
        let result = try CLI.run(["assemble", "clear", "-o", "clear.gif"], in: dir)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("note: the GIF shows nothing: every pixel of every frame is transparent"), "\(result.stdout)")
        let matte = try CLI.run(["assemble", "clear", "-o", "matte.gif", "--alpha", "matte:#00000000"], in: dir)
        #expect(matte.status == 2 && !FileManager.default.fileExists(atPath: "\(dir)/matte.gif"), "\(matte.stderr)")
        #expect(GIF.AlphaMode("matte:#000000") == .matte(Color(r: 0, g: 0, b: 0)) && GIF.AlphaMode("matte:#000000FF") != nil)
    }

    /// A mistyped `--alpha` gets a "did you mean" as a mistyped option does, and `--edge-matte`
    /// with a matte alpha, which leaves no soft pixel to blend, is refused (it was taken silently);
    /// nothing is written either way. The library refuses the pair too.
    @Test func mistypedAlphaAndAnEdgeMatteWithAMatte() throws {
        let dir = try Fixtures.temporaryFolder("alpha-mistakes")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.createDirectory(atPath: "\(dir)/soft", withIntermediateDirectories: true)
        var soft = try Bitmap(width: 8, height: 8)
        for y in 2..<6 { for x in 2..<6 { soft[x, y] = Color(r: 200, g: 40, b: 10, a: 120) } }
        for index in 1...2 { try PNG.Encoder().write(soft, to: "\(dir)/soft/soft\(index).png") }
        let typo = try CLI.run(["assemble", "soft", "-o", "soft.gif", "--alpha", "treshold"], in: dir)
        #expect(typo.status == 2, "\(typo.stderr)")
        #expect(typo.stderr.contains("--alpha does not take 'treshold'") && typo.stderr.contains("did you mean 'threshold'?"), "\(typo.stderr)")
        let both = try CLI.run(["assemble", "soft", "-o", "soft.gif", "--alpha", "matte:#202020", "--edge-matte", "#FFFFFF"], in: dir)
        #expect(both.status == 2, "\(both.stderr)")
        #expect(both.stderr.contains("--edge-matte #FFFFFF cannot go with --alpha matte:#202020"), "\(both.stderr)")
        #expect(!FileManager.default.fileExists(atPath: "\(dir)/soft.gif"))
        let encoder = GIF.Encoder(alpha: .matte(Color(r: 32, g: 32, b: 32)), edgeMatte: Color(r: 255, g: 255, b: 255))
        #expect(encoder.settingError?.setting == .edgeMatte, "\(String(describing: encoder.settingError))")
        #expect(GIF.Encoder(alpha: .dither, edgeMatte: Color(r: 255, g: 255, b: 255)).settingError == nil)
    }

    /// Dithered, a white haze at alpha 17 is over the alpha cut-off (16) but its light is too faint
    /// for a single dot: the GIF shows nothing, and says so (it is what is drawn that counts).
    @Test func aHazeTooFaintForADotSaysSo() throws {
        let dir = try Fixtures.temporaryFolder("faint-haze")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.createDirectory(atPath: "\(dir)/haze", withIntermediateDirectories: true)
        var haze = try Bitmap(width: 32, height: 32)
        for y in 4..<28 { for x in 4..<28 { haze[x, y] = Color(r: 255, g: 255, b: 255, a: 17) } }
        for index in 1...3 { try PNG.Encoder().write(haze, to: "\(dir)/haze/haze\(index).png") }
        let result = try CLI.run(["assemble", "haze", "-o", "haze.gif"], in: dir)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("note: the GIF shows nothing"), "\(result.stdout)")
        let frames = try GIF.Decoder(file: "\(dir)/haze.gif").allGIFFrames()
        #expect(!frames.contains { frame in stride(from: 3, to: frame.image.pixels.count, by: 4).contains { frame.image.pixels[$0] != 0 } })
    }
}
