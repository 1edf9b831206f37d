import Animated
import APNG
import Atlas
import Basics
import Foundation
import Raster
import Testing
import TestSupport

/// Fresh eyes: `flipbook frames fire.webp -o fr` then `flipbook validate` warned
/// `png.colortype-mixed` on Flipbook's own files — each frame was written in the smallest form its
/// colours allowed (a palette for the first, few-coloured frames of a fire, RGBA for the rest).
/// A sequence whose frames would differ is now written all RGBA, on disk and in memory; frames
/// that share a type keep it.
@Suite("Frames written for a sequence share one colour type")
struct FramesColorTypeTests {
    /// A frame of two colours, then two of a gradient (over 256 colours), as an APNG.
    static func mixedAPNG() throws -> [UInt8] {
        var few = try Bitmap(width: 40, height: 40)
        for y in 0..<40 { for x in 0..<40 { few[x, y] = x < 20 ? Color(r: 200, g: 40, b: 0) : Color(r: 0, g: 0, b: 0, a: 0) } }
        func gradient(_ shift: Int) throws -> Bitmap {
            var bitmap = try Bitmap(width: 40, height: 40)
            for y in 0..<40 { for x in 0..<40 { bitmap[x, y] = Color(r: UInt8(x * 6), g: UInt8((y * 6 + shift) % 256), b: UInt8(shift), a: 255) } }
            return bitmap
        }
        let frames = [few, try gradient(10), try gradient(90)]
        return try APNG.Encoder().encode(FrameInput(durations: [0.1, 0.1, 0.1]) { frames[$0] }).bytes
    }

    static func colorType(_ png: [UInt8]) -> UInt8 { png[25] }

    @Test func aMixedAnimationIsWrittenAllRGBAAndValidatesClean() throws {
        let folder = try Fixtures.temporaryFolder("frames-colortype")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Data(try Self.mixedAPNG()).write(to: URL(fileURLWithPath: folder + "/fire.png"))
        let outcome = try FramesJob(input: folder + "/fire.png", output: folder + "/fr").run(cancellation: nil)
        let pngs = outcome.files.filter { $0.hasSuffix(".png") }
        #expect(pngs.count == 3)
        #expect(try pngs.map { Self.colorType(try FileIO.readAll($0)) } == [6, 6, 6])
        let report = try Validator().validate([folder + "/fr"], cancellation: nil)
        #expect(!report.findings.contains { $0.rule == .pngColorTypeMixed }, "\(report.findings)")
        // In memory, the same.
        let memory = try FramesJob(files: [InMemoryFile(name: "fire.png", bytes: try Self.mixedAPNG())]).run(cancellation: nil)
        #expect(memory.frames.filter { $0.name.hasSuffix(".png") }.map { Self.colorType($0.bytes) } == [6, 6, 6])
        // Every frame still shows what the animation shows.
        let decoded = try APNG.Decoder(bytes: try Self.mixedAPNG(), file: "fire.png").allFrames().map(\.image)
        for (path, frame) in zip(pngs, decoded) { #expect(try PNG.Decoder().decodeBitmap(file: path) == frame) }
    }

    /// Frames that all fit a palette keep it (the coin's four frames, exploded from its GIF).
    @Test func framesThatShareATypeKeepIt() throws {
        let coin = try Fixtures.bytes("sequences/kenney-gold-coin/gold_1.png")
        #expect(Self.colorType(coin) == 6)
        var job = AssembleJob(sources: [Fixtures.path("sequences/kenney-gold-coin")], output: nil)
        job.format = .gif
        let gif = try job.run(cancellation: nil).bytes
        let memory = try FramesJob(files: [InMemoryFile(name: "coin.gif", bytes: gif)]).run(cancellation: nil)
        let types = Set(memory.frames.filter { $0.name.hasSuffix(".png") }.map { Self.colorType($0.bytes) })
        #expect(types == [3], "palette, as each frame's colours allow")
    }
}
