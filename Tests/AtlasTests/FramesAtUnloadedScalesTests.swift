import Animated
import Atlas
import Basics
import Foundation
import Testing
import TestSupport

/// Frames named `@4x`…`@9x` (`coin1@9x.png`) were read three ways: `assemble` said "--scale does
/// not take '9'" though no scale was given, `validate` called the folder ok, and `sheet` packed them
/// (beside `@1x` files it advised `--scales 1,9`, which it refuses). UIKit loads `@1x`…`@3x` only:
/// such a frame is now refused by every reader that would read it, naming the file, and reported
/// by `validate` as `scale.unsupported`; beside `@1x` files it is left out as other scales are.
@Suite("Frames named at a scale UIKit does not load")
struct FramesAtUnloadedScalesTests {
    static let coin = Fixtures.path("sequences/kenney-gold-coin")

    /// The coin's first three frames under a new folder, as `coinN@9x.png` (and `coinN.png` too
    /// when `withOneX`).
    static func folder(withOneX: Bool) throws -> String {
        let root = try Fixtures.temporaryFolder("scale-9x")
        try FileManager.default.createDirectory(atPath: root + "/coin", withIntermediateDirectories: true)
        for number in 1...3 {
            try FileManager.default.copyItem(atPath: "\(coin)/gold_\(number).png", toPath: "\(root)/coin/coin\(number)@9x.png")
            if withOneX { try FileManager.default.copyItem(atPath: "\(coin)/gold_\(number).png", toPath: "\(root)/coin/coin\(number).png") }
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: root + "/coin").count == (withOneX ? 6 : 3))
        return root
    }

    @Test func onlyNineXFramesAreRefusedByEveryReaderNamingTheFile() throws {
        let root = try Self.folder(withOneX: false)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let refusal = Discovery.Error.scaleOutOfRange(path: root + "/coin/coin1@9x.png", scale: 9)
        #expect(throws: Animation.LoadError.discovery(refusal)) { _ = try Animation.load([root + "/coin"]) }
        #expect(throws: Animation.LoadError.discovery(refusal)) { _ = try Animation.load((1...3).map { "\(root)/coin/coin\($0)@9x.png" }) }
        #expect(throws: SheetJobError.source(refusal)) { _ = try SheetJob(sources: [root + "/coin"], output: root + "/s.png").plan(cancellation: nil) }
        #expect(refusal.description.hasPrefix("\(root)/coin/coin1@9x.png is named @9x: frames are read at @1x…@3x, the scales UIKit loads"))
        let report = try Validator().validate([root + "/coin"], cancellation: nil)
        #expect(report.findings.map(\.rule) == [.scaleUnsupported, .scaleUnsupported, .scaleUnsupported])
        #expect(report.findings.first?.message == "coin1@9x.png is named @9x: frames are loaded at @1x…@3x")
    }

    @Test func besideOneXFramesTheyAreLeftOutAndNoScaleIsAdvisedThatIsRefused() throws {
        let root = try Self.folder(withOneX: true)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let animation = try Animation.load([root + "/coin"])
        #expect(animation.frames.count == 3 && animation.scale == 1)
        let plan = try SheetJob(sources: [root + "/coin"], output: root + "/s.png").plan(cancellation: nil)
        #expect(plan.sheets[0].sprites.count == 3)
        let note = try #require(plan.notes.first { $0.hasPrefix("found @1x, @9x files") })
        #expect(note.hasSuffix("@9x is no scale UIKit loads") && !note.contains("scales 1,9"), "\(note)")
        // validate reports each @9x file once, as unsupported, and compares no size with it.
        let rules = try Validator().validate([root + "/coin"], cancellation: nil).findings.map(\.rule)
        #expect(rules.filter { $0 == .scaleUnsupported }.count == 3 && !rules.contains(.scaleNotMultiple), "\(rules)")
    }

    /// An animation file named `@4x` is read by no reader either (its frames would be @4x): the
    /// loader refuses it from disk and from memory, as the Effect_Impact GIF shows, before decoding.
    @Test(arguments: ["fx@4x.gif", "fx@9x~ipad.gif"])
    func anAnimationFileNamedAboveThreeXIsRefusedByTheLoader(name: String) throws {
        let bytes = try Fixtures.bytes("gif/effects/Effect_Impact.gif")
        let scale = ImageFileName(path: name).scale ?? 1
        let refusal = Animation.LoadError.discovery(.scaleOutOfRange(path: name, scale: scale))
        #expect(throws: refusal) { _ = try Animation.load(gif: bytes, file: name) }
        #expect(throws: refusal) { _ = try Animation.load(files: [InMemoryFile(name: name, bytes: bytes)]) }
        // The name suggested is in UIKit's order, the scale before the device (`fx@3x~ipad.gif`).
        let suggested = name.contains("~ipad") ? "fx~ipad.gif or fx@3x~ipad.gif" : "fx.gif or fx@3x.gif"
        #expect(refusal.description.contains("\(name) is not read") && refusal.description.hasSuffix(suggested), "\(refusal.description)")
        #expect(try Animation.load(gif: bytes, file: "fx@3x.gif").frames.count == (try Animation.load(gif: bytes, file: "fx.gif").frames.count))
    }
}
