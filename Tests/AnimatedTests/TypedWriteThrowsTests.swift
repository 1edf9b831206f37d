import Animated
import Basics
import Foundation
import GIF
import WebP
import Raster
import Testing
import TestSupport

/// Issue 44, typed throws at every public throwing API: the writers of frames and sequence
/// folders threw untyped errors (Basics' `OutputError` or `FileIO.Error` as they came). Each now
/// throws its own type (`do throws(…)` below would not compile otherwise), whose cases carry the
/// refusal as it is and name the file.
@Suite("Typed throws of the writers")
struct TypedWriteThrowsTests {
    static let coin = Fixtures.path("sequences/kenney-gold-coin")

    /// A folder with a file of the user's at `name`.
    static func folder(_ label: String, holding name: String) throws -> String {
        let folder = try Fixtures.temporaryFolder(label)
        try Data("mine".utf8).write(to: URL(fileURLWithPath: "\(folder)/\(name)"))
        return folder
    }

    @Test func thePNGEncodersSetWriteThrowsItsEncodeError() throws {
        let folder = try Self.folder("typed-png", holding: "walk1.png")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let set = OutputSet(owner: folder + "/walk")
        do throws(PNG.EncodeError) {
            try PNG.Encoder().write(Bitmap(clearWidth: 2, height: 2), to: folder + "/walk1.png", in: set)
            Issue.record("the user's file was taken")
        } catch {
            #expect(error == .output(.notWrittenByFlipbook(path: folder + "/walk1.png")))
        }
    }

    @Test func theManifestsSetWriteThrowsItsError() throws {
        let folder = try Self.folder("typed-manifest", holding: "sequence.json")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        do throws(SequenceManifest.Error) {
            try SequenceManifest(fps: 10).write(to: folder + "/sequence.json", in: OutputSet(owner: folder + "/walk"))
            Issue.record("the user's file was taken")
        } catch {
            #expect(error == .output(.notWrittenByFlipbook(path: folder + "/sequence.json")))
            #expect(error.file == folder + "/sequence.json")
        }
    }

    @Test func theSequenceWriterThrowsItsError() throws {
        let folder = try Self.folder("typed-writer", holding: "walk9.png")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let frame = try PNG.Decoder().decodeBitmap(file: "\(Self.coin)/gold_1.png")
        let writer: SequenceWriter
        do throws(SequenceWriter.Error) { writer = try SequenceWriter(folder: folder, prefix: "walk") } catch { throw error }
        do throws(SequenceWriter.Error) {
            try writer.write(frame, number: 0)
            Issue.record("frame 0 was written")
        } catch {
            guard case .output(.unsupportedName(let path, _)) = error else { Issue.record("\(error)"); return }
            #expect(path == folder + "/walk0.png")
        }
        // A frame maker's limit comes back as `.limit`, its own error as `.frame` with the number.
        do throws(SequenceWriter.Error) {
            try writer.writeFrames(count: 3) { index in
                if index == 1 { throw LimitError(limit: .pixels, subject: "frame 2", amount: 9, maximum: 4) }
                return frame
            }
            Issue.record("a frame over its limit was written")
        } catch {
            guard case .limit(let limit) = error else { Issue.record("\(error)"); return }
            #expect(limit.subject == "frame 2")
        }
        // The user's walk9.png would read back as a frame of the set.
        do throws(SequenceWriter.Error) {
            try writer.write(frame, number: 1)
            _ = try writer.commit()
            Issue.record("the set was committed beside walk9.png")
        } catch {
            #expect(error == .output(.mixesWithFrame(path: folder + "/walk9.png", prefix: "walk")))
        }
    }

    @Test func writingADecodersFramesThrowsTheWritersError() throws {
        let folder = try Self.folder("typed-decoder", holding: "hit1.png")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let decoder = try GIF.Decoder(file: Fixtures.path("gif/effects/Effect_BigHit.gif"))
        let again = try GIF.Decoder(file: Fixtures.path("gif/effects/Effect_BigHit.gif"))
        do throws(SequenceWriter.Error) {
            _ = try decoder.writeFrames(to: SequenceWriter(folder: folder, prefix: "hit"))
            Issue.record("the user's hit1.png was taken")
        } catch {
            #expect(error == .output(.notWrittenByFlipbook(path: folder + "/hit1.png")))
        }
        let cancelled = CancellationFlag()
        cancelled.cancel()
        let empty = try Fixtures.temporaryFolder("typed-decoder-cancel")
        defer { try? FileManager.default.removeItem(atPath: empty) }
        do throws(SequenceWriter.Error) {
            _ = try again.writeFrames(to: SequenceWriter(folder: empty, prefix: "hit"), cancellation: cancelled)
            Issue.record("a cancelled write went on")
        } catch {
            #expect(error == .cancelled)
        }
    }

    /// A decoder whose frames were all read (`allFrames()`, then `encodedFrames` or `writeFrames`)
    /// was told "the GIF holds no frame that can be read" of a file of 50 frames; it now says the
    /// frames were read already, and nothing is written.
    @Test(arguments: ["gif/effects/Effect_BigHit.gif", "webp-img2webp/ansimuz-fire-bomb-pixel.webp"])
    func aDecoderReadToTheEndSaysSo(fixture: String) throws {
        let path = Fixtures.path(fixture)
        let decoder: any AnimationDecoder = path.hasSuffix(".gif") ? try GIF.Decoder(file: path) : try WebP.Decoder(file: path)
        #expect(try !decoder.allFrames().isEmpty)
        #expect(throws: SequenceWriter.Error.framesAlreadyRead(file: path)) { _ = try decoder.encodedFrames(prefix: "hit") }
        let folder = try Fixtures.temporaryFolder("typed-decoder-read")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let error = #expect(throws: SequenceWriter.Error.self) { _ = try decoder.writeFrames(to: SequenceWriter(folder: folder + "/out", prefix: "hit")) }
        #expect(error?.description == "\(path): every frame was already read from this decoder, so none was left to write; open a new decoder on the file")
        #expect(!FileManager.default.fileExists(atPath: folder + "/out"))
    }
}
