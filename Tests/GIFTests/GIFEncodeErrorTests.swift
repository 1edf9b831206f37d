import Basics
import Raster
import Testing
import TestSupport
@testable import GIF

/// `GIF.Encoder.encode` throws one type, `GIF.EncodeError`, as the jobs do: a frame its loader
/// could not read is a case of it (it came out as whatever the loader threw).
@Suite("GIF encoder's typed errors")
struct GIFEncodeErrorTests {
    struct Unavailable: Error, CustomStringConvertible {
        var description: String { "the frame server is down" }
    }

    @Test func aFrameThatCannotBeReadIsAFrameError() throws {
        let coin = try fixtureFrames("kenney-gold-coin")
        let damaged = PNG.DecodeError.corrupt(file: "gold_2.png", reason: "bad CRC")
        let input = try FrameInput(count: 2, duration: 0.1) { index throws in
            if index == 1 { throw damaged }
            return coin[index]
        }
        let result: Result<(bytes: [UInt8], report: GIF.Encoder.Report), GIF.EncodeError> = Result { () throws(GIF.EncodeError) in
            try GIF.Encoder().encode(input)
        }
        #expect(throws: GIF.EncodeError.frame(damaged)) { try result.get() }
        #expect(GIF.EncodeError.frame(damaged).description == "gold_2.png: corrupt PNG: bad CRC")
    }

    @Test func aLoaderErrorOfTheCallersOwnIsALoadError() throws {
        let coin = try fixtureFrames("kenney-gold-coin")
        let input = try FrameInput(count: 2, duration: 0.1) { index throws in
            if index == 1 { throw Unavailable() }
            return coin[index]
        }
        #expect(throws: GIF.EncodeError.load(reason: "the frame server is down")) { try GIF.Encoder().encode(input) }
    }
}
