import APNG
import Animated
import Basics
import Foundation
import GIF
import Raster
import Testing
import TestSupport
import WebP

/// Issue 44, one shape for the library: the GIF, APNG and WebP encoders take one `FrameInput`,
/// `encode` and `write` throw only their typed `EncodeError` (each `do throws(…)` below did not
/// compile before: they threw untyped, the loader's and the output contract's errors passed through
/// as they were), and the GIF and WebP byte-budget searches return the same `Fitted` shape.
@Suite("One shape: the encoders")
struct OneShapeEncoderTests {
    /// The four frames of the gold coin, 0.1 s each, `scale` as given.
    static func coin(scale: Int? = nil) throws -> FrameInput {
        let frames = try fixtureFrames("kenney-gold-coin")
        #expect(frames.count == 4)
        return try FrameInput(count: frames.count, duration: 0.1, scale: scale) { frames[$0] }
    }

    /// A loader's Raster `PNG.DecodeError` is the encoder's `.frame`, any other error `.load`, in
    /// all three encoders (APNG and WebP passed them through untyped).
    @Test func aLoadersErrorIsTheEncodersOwnCase() throws {
        let broken = FrameInput(durations: [0.1, 0.1]) { _ in throw PNG.DecodeError.notPNG(file: "walk2.png") }
        struct Custom: Error {}
        let custom = FrameInput(durations: [0.1, 0.1]) { _ in throw Custom() }
        do throws(GIF.EncodeError) { _ = try GIF.Encoder().encode(broken); Issue.record("encoded") } catch {
            #expect(error == .frame(.notPNG(file: "walk2.png")))
        }
        do throws(APNG.EncodeError) { _ = try APNG.Encoder(effort: .fast).encode(broken); Issue.record("encoded") } catch {
            #expect(error == .frame(.notPNG(file: "walk2.png")))
            #expect(error.description.contains("walk2.png"))
        }
        do throws(WebP.EncodeError) { _ = try WebP.Encoder(effort: .fast).encode(broken); Issue.record("encoded") } catch {
            #expect(error == .frame(.notPNG(file: "walk2.png")))
        }
        do throws(APNG.EncodeError) { _ = try APNG.Encoder(effort: .fast).encode(custom); Issue.record("encoded") } catch {
            guard case .load(let reason) = error else { Issue.record("\(error)"); return }
            #expect(reason.contains("Custom"))
        }
        do throws(WebP.EncodeError) { _ = try WebP.Encoder(effort: .fast).encode(custom); Issue.record("encoded") } catch {
            guard case .load = error else { Issue.record("\(error)"); return }
        }
    }

    /// An output the contract refuses (a name promising another format) is each encoder's
    /// `.output(OutputError)`, before anything is read; `write` to a URL throws the same type.
    @Test func aRefusedOutputIsTheEncodersOutputCase() throws {
        let folder = try Fixtures.temporaryFolder("one-shape-encoders")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let input = try Self.coin()
        do throws(GIF.EncodeError) { _ = try GIF.Encoder().write(input, to: folder + "/coin.png"); Issue.record("written") } catch {
            guard case .output(.unsupportedName(let path, _)) = error else { Issue.record("\(error)"); return }
            #expect(path == folder + "/coin.png")
        }
        do throws(APNG.EncodeError) { _ = try APNG.Encoder().write(input, to: URL(fileURLWithPath: folder + "/coin.gif")); Issue.record("written") } catch {
            guard case .output(.unsupportedName) = error else { Issue.record("\(error)"); return }
        }
        do throws(WebP.EncodeError) { _ = try WebP.Encoder().write(input, to: folder + "/coin.gif"); Issue.record("written") } catch {
            guard case .output(.unsupportedName) = error else { Issue.record("\(error)"); return }
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty, "nothing written")
        // And one that is written: the same input in all three.
        let gif = try GIF.Encoder().write(input, to: folder + "/coin.gif")
        let apng = try APNG.Encoder(effort: .fast).write(input, to: folder + "/coin.apng")
        let webp = try WebP.Encoder(effort: .fast).write(input, to: folder + "/coin.webp")
        #expect(gif.framesWritten == 4 && apng.bytes > 0 && webp.bytes > 0)
    }

    /// GIF takes Raster's `FrameInput` as APNG and WebP do, its `scale` too; a count over the
    /// frame limit is still a `LimitError` before anything is allocated.
    @Test func gifTakesFrameInputWithItsScale() throws {
        let input = try Self.coin(scale: 2)
        #expect(input.scale == 2)
        let (bytes, report) = try GIF.Encoder(scale: 1).encode(input)
        #expect(report.framesWritten == 4 && bytes.count == report.bytes)
        do throws(LimitError) {
            _ = try FrameInput(count: 21, duration: 0.1, limits: ResourceLimits(maxFrames: 20)) { _ in Bitmap(clearWidth: 1, height: 1) }
            Issue.record("21 frames accepted over a limit of 20")
        } catch {
            #expect(error.limit == .frames && error.amount == 21 && error.maximum == 20)
        }
    }

    /// Both budget searches return a `Fitted`: the bytes, their report, the settings that made
    /// them, whether they fit and how many encodes ran (WebP returned a tuple without the last two).
    @Test func bothBudgetSearchesReturnAFitted() throws {
        let input = try Self.coin()
        let gif: GIF.Encoder.Fitted = try GIF.Encoder().encode(input, maxBytes: 1_000_000)
        let webp: WebP.Encoder.Fitted = try WebP.Encoder(effort: .fast).encode(input, maxBytes: 1_000_000)
        #expect(gif.fits && gif.attempts == 1 && gif.settings.colors == 256 && gif.bytes.count == gif.report.bytes)
        #expect(webp.fits && webp.attempts == 1 && webp.settings.lossless && webp.bytes.count == webp.report.bytes)
        // Out of reach: the smallest tried, with the settings that made it.
        let tiny = try WebP.Encoder(effort: .fast).encode(input, maxBytes: 10)
        #expect(!tiny.fits && tiny.attempts == 2 && tiny.bytes.count == tiny.report.bytes)
        #expect(tiny.settings.lossless == tiny.report.lossless && (tiny.settings.lossless || tiny.settings.quality == 0))
        do throws(WebP.EncodeError) { _ = try WebP.Encoder().encode(input, maxBytes: 0); Issue.record("a budget of 0 accepted") } catch {
            guard case .setting(let setting) = error else { Issue.record("\(error)"); return }
            #expect(setting.setting == .maxBytes)
        }
    }
}
