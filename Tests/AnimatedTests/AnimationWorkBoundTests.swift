import Animated
import Basics
import Foundation
import Raster
import Testing
import TestSupport

/// An animated file held as an `Animation` asks for its frames × its canvas of work and memory:
/// checked against `ResourceLimits.maxOutputPixels` before any frame is decoded, as `FramesJob`
/// checks it (issue 43; found by `Scripts/fuzz`'s `fuzz-upload`: a 9 KB GIF made
/// `Validator.validate(files:)` decode 300 Mpx).
@Suite("Animated files: work bounded by the input")
struct AnimationWorkBoundTests {
    /// A GIF of a `width`×`height` screen and `count` one-pixel frames.
    static func gif(width: Int, height: Int, count: Int) -> [UInt8] {
        func le16(_ v: Int) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8)] }
        var bytes = Array("GIF89a".utf8) + le16(width) + le16(height) + [0, 0, 0]
        for index in 0..<count {
            bytes += [0x21, 0xF9, 0x04, 0x00, 0x0A, 0x00, 0x00, 0x00]
            bytes += [0x2C] + le16(index % width) + le16(0) + le16(1) + le16(1) + [0x80, 0, 0, 0, 255, 255, 255]
            bytes += [0x02, 0x02, 0x44, 0x01, 0x00]
        }
        return bytes + [0x3B]
    }

    @Test func framesTimesCanvasOverTheLimitAreRefusedBeforeDecoding() throws {
        let bytes = Self.gif(width: 20, height: 20, count: 5)
        let limits = ResourceLimits(maxOutputPixels: 4 * 400)
        #expect(throws: Animation.LoadError.self) { try Animation.load(files: [InMemoryFile(name: "boom.gif", bytes: bytes)], limits: limits) }
        do {
            _ = try Animation.load(gif: bytes, file: "boom.gif", limits: limits)
            Issue.record("5 frames of 20×20 passed a limit of 1600 pixels")
        } catch {
            #expect(error.limitError?.limit == .outputPixels, "\(error)")
            #expect(error.description.contains("boom.gif") && error.description.contains("5 frames of 20×20"), "\(error)")
        }
        // At the limit it reads.
        #expect(try Animation.load(gif: bytes, file: "boom.gif", limits: ResourceLimits(maxOutputPixels: 5 * 400)).frames.count == 5)
    }

    /// The fuzz seeds of 300 one-pixel frames on a 1000² canvas (`Fuzz/Seeds`), with the default limits.
    @Test(arguments: ["fuzz-gif/many-big-frames.gif", "fuzz-apng/many-big-frames.png", "fuzz-webp/many-big-frames.webp"])
    func theSeedsAreRefusedWithTheDefaults(_ seed: String) throws {
        let bytes = try Fixtures.bytes("../../Fuzz/Seeds/" + seed)
        let name = seed.hasSuffix(".png") ? "boom.apng" : FileIO.lastComponent(of: seed)
        do {
            _ = try Animation.load(files: [InMemoryFile(name: name, bytes: bytes)])
            Issue.record("\(seed) was read")
        } catch {
            #expect(error.limitError?.limit == .outputPixels, "\(error)")
        }
    }
}
