import Basics
import Foundation
import Testing
import TestSupport
@testable import Animated
import Raster

/// Messages that stated something false or named the wrong thing (fresh-eyes findings): a
/// negative size "over the limit", a PNG named `.gif` that was only "not a GIF", a cut WebP
/// that ended "at byte 11906, after byte 11922".
@Suite("Messages name the cause")
struct MessagesNameTheCauseTests {
    static let png = Fixtures.path("sequences/kenney-gold-coin/gold_1.png")
    static let gif = Fixtures.path("gif/giflib/fire.gif")
    static let spinner = Fixtures.path("sequences/emt-watch-spinner-2x")

    @Test(arguments: [(-1, -1), (-1, 5), (3, -2)])
    func aNegativeSizeSaysSoNotOverTheLimit(width: Int, height: Int) {
        #expect(throws: LimitError.self) { _ = try Bitmap(width: width, height: height) }
        do { _ = try Bitmap(width: width, height: height) } catch {
            #expect(error.description == "Bitmap: a size of \(width)×\(height) has a negative side; sizes are 0 or more")
        }
    }

    /// Each format read from another's bytes names what the bytes are and the extension that fits.
    @Test func aFileOfAnotherFormatIsNamedAsWhatItIs() throws {
        let png = try FileIO.readAll(Self.png), gif = try FileIO.readAll(Self.gif)
        func message(_ body: () throws -> Void) -> String {
            do { try body(); return "read" } catch { return "\(error)" }
        }
        #expect(message { _ = try Animation.load(gif: png, file: "fake.gif") } == "fake.gif: not a GIF file: it is a PNG: rename it to .png")
        #expect(message { _ = try Animation.load(webp: png, file: "fake.webp") } == "fake.webp: not a WebP file: it is a PNG: rename it to .png")
        #expect(message { _ = try Animation.load(apng: gif, file: "fake.png") } == "fake.png: not a PNG file: it is a GIF: rename it to .gif")
        #expect(message { _ = try PNG.Decoder().decode(gif, file: "fake.png") } == "fake.png: not a PNG file: it is a GIF: rename it to .gif")
        #expect(message { _ = try PNG.Decoder().decode([], file: "empty.png") } == "empty.png: not a PNG file: it is empty (0 bytes)")
        #expect(message { _ = try PNG.Decoder().decode([0xFF, 0xD8, 0xFF, 0xE0, 0, 0x10], file: "photo.png") }
                    == "photo.png: not a PNG file: it is a JPEG, which Flipbook does not read: convert it to PNG")
        #expect(message { _ = try Animation.load(gif: Array("hello world".utf8), file: "junk.gif") }
                    == "junk.gif: not a GIF file (no GIF87a/GIF89a signature)", "bytes of no known format keep the plain message")
    }

    /// A WebP cut inside a frame said "it ends … at byte 11906, after byte 11922": the first number
    /// was where the chunk starts.
    @Test func aCutWebPSaysWhereItEndsOnce() throws {
        let folder = try Fixtures.temporaryFolder("webp-cut")
        _ = try AssembleJob(sources: [Self.spinner], output: "\(folder)/spin.webp").run(cancellation: nil)
        let whole = try FileIO.readAll("\(folder)/spin.webp")
        let half = Array(whole.prefix(whole.count / 2 + 3))
        let animation = try Animation.load(webp: half, file: "half.webp")
        let warning = try #require(animation.warnings.first)
        #expect(warning.contains("it ends after byte \(half.count) of the \(whole.count) its RIFF header promises, inside its ANMF chunk of "),
                "\(warning)")
        #expect(!warning.contains(", after byte"), "\(warning)")
    }
}
