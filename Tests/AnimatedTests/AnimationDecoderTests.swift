import Animated
import APNG
import Basics
import GIF
import Raster
import Testing
import TestSupport
import WebP

/// GIF, APNG and WebP read through one protocol: the same calls, frames timed in seconds, one
/// error type. (Each had a shape of its own: a class with centisecond delays, (bitmap, duration)
/// tuples, a callback.)
@Suite("one decoder protocol for GIF, APNG and WebP")
struct AnimationDecoderTests {
    static let durations = [0.1, 0.2, 0.1, 0.3]

    /// The coin's 4 real frames, lasting ``durations``, in each format.
    static func coin(_ format: AnimationDecodeError.Format) throws -> [UInt8] {
        let frames = try fixtureFrames("kenney-gold-coin")
        let input = FrameInput(durations: durations) { frames[$0] }
        switch format {
        case .gif: return try GIF.Encoder().encode(FrameInput(durations: durations) { frames[$0] }).bytes
        case .apng: return try APNG.Encoder(effort: .fast).encode(input).bytes
        case .webp: return try WebP.Encoder(effort: .fast).encode(input).bytes
        }
    }

    /// The durations of every frame, read by any decoder one frame at a time.
    static func durations<Decoder: AnimationDecoder>(_ decoder: Decoder.Type, _ bytes: [UInt8]) throws(AnimationDecodeError)
        -> (info: AnimationInfo, durations: [Double]) {
        let reader = try Decoder(bytes: bytes, file: "coin", limits: .default)
        var durations: [Double] = []
        while let frame = try reader.nextFrame() { durations.append(frame.duration) }
        return (reader.info, durations)
    }

    static var decoders: [(AnimationDecodeError.Format, any AnimationDecoder.Type)] {
        [(.gif, GIF.Decoder.self), (.apng, APNG.Decoder.self), (.webp, WebP.Decoder.self)]
    }

    @Test(arguments: AnimationDecodeError.Format.allCases)
    func everyFormatGivesSecondsAndItsFacts(format: AnimationDecodeError.Format) throws {
        let bytes = try Self.coin(format)
        let (info, durations): (AnimationInfo, [Double])
        switch format {
        case .gif: (info, durations) = try Self.durations(GIF.Decoder.self, bytes)
        case .apng: (info, durations) = try Self.durations(APNG.Decoder.self, bytes)
        case .webp: (info, durations) = try Self.durations(WebP.Decoder.self, bytes)
        }
        #expect(durations == Self.durations)
        #expect(info == AnimationInfo(width: 64, height: 64, frameCount: 4, repeatCount: 0))
    }

    /// The whole-file form gives the frames the streaming form gives, and Animated reads any of
    /// them by the same rule.
    @Test(arguments: AnimationDecodeError.Format.allCases)
    func wholeFileAndStreamingAgree(format: AnimationDecodeError.Format) throws {
        let bytes = try Self.coin(format)
        let type = try #require(Self.decoders.first { $0.0 == format }?.1)
        #expect(type.format == format)
        let whole = try type.init(bytes: bytes, file: "coin", limits: .default).allFrames()
        let stream = try type.init(bytes: bytes, file: "coin", limits: .default)
        var streamed: [AnimationFrame] = []
        while let frame = try stream.nextFrame() { streamed.append(frame) }
        #expect(whole == streamed && whole.count == 4)
        let animation = try Animation.load(files: [InMemoryFile(name: "coin.\(format == .apng ? "apng" : format.rawValue.lowercased())", bytes: bytes)])
        #expect(animation.frameDurations == Self.durations)
        for (frame, expected) in zip(animation.frames, whole) { #expect(try frame.load() == expected.image) }
    }

    /// One error type for the three, naming the file and the format.
    @Test(arguments: AnimationDecodeError.Format.allCases)
    func oneErrorType(format: AnimationDecodeError.Format) throws {
        let type = try #require(Self.decoders.first { $0.0 == format }?.1)
        #expect(throws: AnimationDecodeError.notFormat(file: "x", format: format)) {
            _ = try type.init(bytes: Array("not an animation at all".utf8), file: "x", limits: .default)
        }
        #expect {
            _ = try type.init(file: "/nonexistent/x", limits: .default)
        } throws: { error in
            guard case .unreadable(let file, _) = error as? AnimationDecodeError else { return false }
            return file == "/nonexistent/x"
        }
        #expect {
            _ = try type.init(bytes: try Self.coin(format), file: "coin", limits: ResourceLimits(maxFrames: 3))
        } throws: { error in
            (error as? AnimationDecodeError)?.limit?.limit == .frames
        }
    }

    /// A real GIF: the protocol's seconds are the GIF's own centiseconds ÷ 100, and a played
    /// duration follows the browsers' rule for every format.
    @Test func aGIFsSecondsAreItsCentiseconds() throws {
        let path = Fixtures.path("gif/giflib/fire.gif")
        let frames = try GIF.Decoder(file: path).allFrames()
        let details = try GIF.Decoder(file: path).allGIFFrames()
        #expect(frames.count == details.count && !frames.isEmpty)
        #expect(frames.map(\.duration) == details.map { Double($0.delay) / 100 })
        #expect(frames.map(\.playedDuration) == details.map(\.playedDuration))
        #expect(AnimationFrame(image: frames[0].image, duration: 0.01).playedDuration == 0.1)
        #expect(AnimationFrame(image: frames[0].image, duration: 0.02).playedDuration == 0.02)
    }
}
