import Animated
import APNG
import Basics
import Foundation
import GIF
import Raster
import Testing
import TestSupport
import WebP

/// Every public call that read or wrote a file by a `String` path only has a file-URL form that
/// does what the path does: PNG decode and write, the GIF, APNG and WebP encoders' writes,
/// `sequence.json` and `.flipbook.json` reading.
@Suite("File URLs wherever a path is taken")
struct URLFormsTests {
    static let coin = Fixtures.path("sequences/kenney-gold-coin")

    @Test func pngDecodeAndWrite() throws {
        let first = try #require(Fixtures.pngNames(in: "sequences/kenney-gold-coin").first)
        let path = "\(Self.coin)/\(first)"
        let url = URL(fileURLWithPath: path)
        #expect(try PNG.Decoder().decode(url: url) == PNG.Decoder().decode(file: path))
        let bitmap = try PNG.Decoder().decodeBitmap(url: url)
        #expect(bitmap == (try PNG.Decoder().decodeBitmap(file: path)))
        let folder = try Fixtures.temporaryFolder("url-forms-png")
        try PNG.Encoder().write(bitmap, to: URL(fileURLWithPath: "\(folder)/copy.png"))
        #expect(try PNG.Decoder().decodeBitmap(file: "\(folder)/copy.png") == bitmap)
        #expect(throws: PNG.DecodeError.self) { _ = try PNG.Decoder().decode(url: URL(fileURLWithPath: "\(folder)/missing.png")) }
    }

    /// The header readers too (issue 44: `readHeader` and `readHeaderAndSize` took a path only).
    @Test func pngHeaderReaders() throws {
        let first = try #require(Fixtures.pngNames(in: "sequences/kenney-gold-coin").first)
        let path = "\(Self.coin)/\(first)"
        let url = URL(fileURLWithPath: path)
        #expect(try PNG.Decoder().readHeader(url: url) == PNG.Decoder().readHeader(file: path))
        let (header, size) = try PNG.Decoder().readHeaderAndSize(url: url)
        #expect(header == (try PNG.Decoder().readHeader(file: path)))
        #expect(size == (try FileIO.readAll(path)).count)
    }

    @Test func encodersWriteToFileURLs() throws {
        let folder = try Fixtures.temporaryFolder("url-forms-encoders")
        let frames = try Fixtures.pngNames(in: "sequences/kenney-gold-coin").map { try PNG.Decoder().decodeBitmap(file: "\(Self.coin)/\($0)") }
        #expect(frames.count == 4)
        let durations = Array(repeating: 0.1, count: frames.count)
        let gif = FrameInput(durations: durations) { frames[$0] }
        let input = FrameInput(durations: durations) { frames[$0] }
        _ = try GIF.Encoder().write(gif, to: URL(fileURLWithPath: "\(folder)/coin.gif"))
        _ = try APNG.Encoder().write(input, to: URL(fileURLWithPath: "\(folder)/coin.png"))
        _ = try WebP.Encoder().write(input, to: URL(fileURLWithPath: "\(folder)/coin.webp"))
        #expect(try FileIO.readAll("\(folder)/coin.gif") == GIF.Encoder().encode(gif).bytes)
        #expect(try FileIO.readAll("\(folder)/coin.png") == APNG.Encoder().encode(input).bytes)
        #expect(try FileIO.readAll("\(folder)/coin.webp") == WebP.Encoder().encode(input).bytes)
    }

    @Test func manifestAndConfigFromFileURLs() throws {
        let folder = try Fixtures.temporaryFolder("url-forms-json")
        try Data(#"{"fps": 12, "repeatCount": 2}"#.utf8).write(to: URL(fileURLWithPath: "\(folder)/sequence.json"))
        try Data(#"{"severities": {"frame.duplicate": "off"}}"#.utf8).write(to: URL(fileURLWithPath: "\(folder)/.flipbook.json"))
        let manifest = try SequenceManifest.read(url: URL(fileURLWithPath: "\(folder)/sequence.json"))
        #expect(manifest == (try SequenceManifest.read(file: "\(folder)/sequence.json")) && manifest.fps == 12)
        let config = try ValidationConfig.read(url: URL(fileURLWithPath: "\(folder)/.flipbook.json"))
        #expect(config == (try ValidationConfig.read(file: "\(folder)/.flipbook.json")))
    }

    /// Session 21's additions (issue 44's recheck: these still took a path only): a still image,
    /// the APNG test, sequence discovery and loading an animation with streaming and progress.
    @Test func stillImagesAPNGTestDiscoveryAndStreamingLoads() throws {
        let first = try #require(Fixtures.pngNames(in: "sequences/kenney-gold-coin").first)
        let path = "\(Self.coin)/\(first)", url = URL(fileURLWithPath: path)
        #expect(try PNG.Decoder().decodeStillBitmap(url: url) == PNG.Decoder().decodeStillBitmap(file: path))
        #expect(APNG.Decoder.isAnimated(url: url) == false && APNG.Decoder.isAnimated(url: url) == APNG.Decoder.isAnimated(file: path))
        let sequences = try Discovery.sequences(urls: [URL(fileURLWithPath: Self.coin)])
        #expect(sequences.map(\.frames.count) == (try Discovery.sequences(from: [Self.coin])).map(\.frames.count) && sequences.count == 1)
        let gif = Fixtures.path("gif/effects/Effect_Impact.gif")
        let counts = ProgressCounts()
        let streamed = try Animation.load(urls: [URL(fileURLWithPath: gif)], streaming: true, progress: counts.add)
        #expect(streamed.frames.count == (try Animation.load([gif])).frames.count && streamed.frames.count > 1)
        #expect(counts.last.map { $0.done == $0.total && $0.total == streamed.frames.count } == true, "\(counts.last.map { "\($0)" } ?? "none")")
    }
}

/// (done, total) reports, kept in order.
final class ProgressCounts: @unchecked Sendable {
    private let lock = NSLock()
    private var reports: [(done: Int, total: Int)] = []
    var last: (done: Int, total: Int)? { lock.withLock { reports.last } }
    func add(_ done: Int, _ total: Int) { lock.withLock { reports.append((done, total)) } }
}
