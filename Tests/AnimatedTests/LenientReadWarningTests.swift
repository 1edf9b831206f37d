import Animated
import APNG
import Basics
import Foundation
import GIF
import Raster
import Testing
import TestSupport

/// The validator's `animation.frames-lost` rule was chosen by matching a decoder warning's words,
/// so a reworded warning (or one with other words, an APNG "is damaged") slipped through as a mere
/// `animation.lenient-read`: the decoders now give each warning a kind (`LenientReadWarning`) and
/// the rules match on it.
@Suite("Lenient reads: typed warnings")
struct LenientReadWarningTests {
    static let coin = Fixtures.path("sequences/kenney-gold-coin")

    /// The coin's four frames as an APNG.
    static func coinAPNG() throws -> [UInt8] {
        let frames = try (1...4).map { try PNG.Decoder().decodeBitmap(file: "\(coin)/gold_\($0).png") }
        return try APNG.Encoder().encode(FrameInput(durations: [0.1, 0.1, 0.1, 0.1]) { frames[$0] }).bytes
    }

    /// The offsets of the chunks of type `type` in the PNG `bytes`.
    static func chunks(_ type: String, in bytes: [UInt8]) -> [Int] {
        var offsets: [Int] = [], offset = 8
        while offset + 8 <= bytes.count {
            let length = bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
            if String(decoding: bytes[offset + 4..<offset + 8], as: UTF8.self) == type { offsets.append(offset) }
            offset += 12 + length
        }
        return offsets
    }

    /// A byte flipped in the last frame's data: the decoder keeps the three frames before it,
    /// and the upload lost a frame — an error (it was `animation.lenient-read`, a warning, as
    /// the words "is damaged" were not among those the rule looked for).
    @Test func aDamagedAPNGLostFramesAndIsAnError() throws {
        var bytes = try Self.coinAPNG()
        let last = try #require(Self.chunks("fdAT", in: bytes).last)
        bytes[last + 8 + 10] ^= 0xFF
        let decoder = try APNG.Decoder(bytes: bytes, file: "coin.png")
        #expect(try decoder.allFrames().count == 3)
        #expect(decoder.readWarnings.map(\.kind) == [.damaged])
        #expect(decoder.readWarnings.first?.framesKept == 3 && decoder.readWarnings.first?.framesDeclared == 4)
        #expect(decoder.warnings == decoder.readWarnings.map(\.description))
        let report = try Validator().validate(files: [InMemoryFile(name: "coin.png", bytes: bytes)], cancellation: nil)
        #expect(report.findings.map(\.rule) == [.animationFramesLost], "\(report.findings)")
        #expect(report.hasErrors)
    }

    /// The rules read the kind, not the words: a warning of any wording is judged by what it is.
    @Test(arguments: [
        (LenientReadWarning.Kind.cutShort, RuleID.animationFramesLost), (.stoppedAtFrame, .animationFramesLost),
        (.damaged, .animationFramesLost), (.fewerFramesThanDeclared, .animationFramesLost),
        (.endMarkerMissing, .animationLenientRead), (.strayZeros, .animationLenientRead),
        (.missingColorTable, .animationLenientRead), (.oversizedCodeSize, .animationLenientRead),
    ])
    func theRulesMatchOnTheKind(kind: LenientReadWarning.Kind, rule: RuleID) throws {
        // Words that once chose the other rule: " is cut short (…), but all …" and ": stopped after frame ".
        let words = rule == .animationFramesLost ? "x.gif is cut short (it ends), but all 3 frames it declares were read"
            : "x.gif: stopped after frame 2: reworded by another hand"
        let sequence = try #require(FrameSequence.group([FrameFile(path: "x1.png")].compactMap { $0 }).first)
        var facts = SequenceFacts(sequence: sequence, files: [])
        facts.animation = ("x.gif", [LenientReadWarning(kind, file: "x.gif", framesKept: 2, description: words)])
        let lost = AnimationFramesLostRule.check(facts, config: ValidationConfig())
        let lenient = AnimationLenientReadRule.check(facts, config: ValidationConfig())
        #expect((lost.count, lenient.count) == (rule == .animationFramesLost ? (1, 0) : (0, 1)))
        let problems: [Problem] = lost + lenient
        #expect(problems.first?.message == words)
    }

    /// The GIF decoder's kinds on real damage: the trailer missing (nothing lost), and the file cut
    /// inside a frame (frames lost).
    @Test func theGIFDecoderSaysWhatKindOfDamage() throws {
        let whole = try Fixtures.bytes("gif/effects/Effect_BigHit.gif")
        func warnings(_ bytes: [UInt8]) throws -> [LenientReadWarning] {
            let decoder = try GIF.Decoder(bytes: bytes, file: "hit.gif")
            _ = try decoder.allFrames()
            return decoder.readWarnings
        }
        let noTrailer = try warnings(Array(whole.dropLast()))
        #expect(noTrailer.map(\.kind) == [.endMarkerMissing])
        // A GIF does not say how many frames it holds: the words do not claim frames were lost
        // ("to get the rest" did), they say what to do if some are.
        let words = noTrailer.first?.description ?? ""
        #expect(!words.contains("the rest") && words.contains("the format does not say how many it holds, so if some are missing"), "\(words)")
        let cut = try warnings(Array(whole.prefix(whole.count / 2)))
        #expect(cut.map(\.kind) == [.cutShort])
        #expect(cut.first?.losesFrames == true && cut.first?.framesKept.map { $0 > 0 } == true)
    }
}
