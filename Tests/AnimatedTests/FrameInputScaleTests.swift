import APNG
import Basics
import Foundation
import GIF
import Raster
import Testing
import TestSupport
import WebP

/// A new user of the library gave `FrameInput(scale:)` 0, -1, 9 and `Int.max`: APNG and WebP took
/// them without a word, and the GIF encoder refused 9 naming `GIF.Encoder.scale`, a setting the
/// caller had not touched. Every encoder now refuses it naming `FrameInput.scale`.
@Suite("FrameInput.scale out of range, in every encoder")
struct FrameInputScaleTests {
    static func input(_ scale: Int) -> FrameInput {
        FrameInput(durations: [0.1, 0.1], scale: scale) { _ in Bitmap(clearWidth: 2, height: 2) }
    }

    @Test(arguments: [0, -1, 9, Int.max])
    func everyEncoderNamesTheInputsScale(scale: Int) throws {
        let expected = try #require(ImageFileName.drawingScaleError(scale, of: "FrameInput"))
        #expect(Self.input(scale).settingError == expected)
        #expect(throws: GIF.EncodeError.setting(expected)) { _ = try GIF.Encoder().encode(Self.input(scale)) }
        #expect(throws: APNG.EncodeError.setting(expected)) { _ = try APNG.Encoder().encode(Self.input(scale)) }
        #expect(throws: WebP.EncodeError.setting(expected)) { _ = try WebP.Encoder().encode(Self.input(scale)) }
    }

    /// 1…8 is encoded by all three (APNG and WebP store pixels; the GIF dithers for it).
    @Test(arguments: [1, 2, 8])
    func aScaleInRangeIsEncoded(scale: Int) throws {
        #expect(try !GIF.Encoder().encode(Self.input(scale)).bytes.isEmpty)
        #expect(try !APNG.Encoder().encode(Self.input(scale)).bytes.isEmpty)
        #expect(try !WebP.Encoder().encode(Self.input(scale)).bytes.isEmpty)
    }

    /// Writing to an existing folder was refused as a name without the format's extension
    /// ("a GIF encoder writes GIF: name it .gif"): it says the path is no regular file.
    @Test func anExistingFolderIsNoFile() throws {
        let folder = try Fixtures.temporaryFolder("encoder-folder")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let input = Self.input(1)
        #expect(throws: GIF.EncodeError.output(.notRegularFile(path: folder))) { _ = try GIF.Encoder().write(input, to: folder) }
        #expect(throws: APNG.EncodeError.output(.notRegularFile(path: folder))) { _ = try APNG.Encoder().write(input, to: folder) }
        #expect(throws: WebP.EncodeError.output(.notRegularFile(path: folder))) { _ = try WebP.Encoder().write(input, to: folder) }
    }
}
