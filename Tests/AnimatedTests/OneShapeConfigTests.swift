import APNG
import Animated
import Basics
import Foundation
import GIF
import Raster
import Testing
import TestSupport
import WebP

/// Issue 44, one shape for the library: `.flipbook.json`'s severities are keyed by `RuleID` (they
/// were strings), its error is an enum with cases (a struct with a message before), and the
/// decoders open a file URL as the other readers do.
@Suite("One shape: validation config and decoders")
struct OneShapeConfigTests {
    /// Severities read from JSON are keyed by the rule, and write back as the same JSON object.
    @Test func severitiesAreKeyedByRuleID() throws {
        let config = try ValidationConfig.decode(Array(#"{"severities": {"seq.gap": "off", "png.too-large": "warning"}}"#.utf8), file: "c.json")
        let expected: [RuleID: ValidationConfig.Level] = [.seqGap: .off, .pngTooLarge: .warning]
        #expect(config.severities == expected)
        #expect(config.severity(of: SequenceGapRule.self) == nil && config.severity(of: PNGTooLargeRule.self) == .warning)
        let json = try JSONSerialization.jsonObject(with: JSONEncoder().encode(config)) as? [String: Any]
        let written = try #require(json?["severities"] as? [String: String])
        #expect(written == ["seq.gap": "off", "png.too-large": "warning"])
        #expect(try JSONDecoder().decode(ValidationConfig.self, from: JSONEncoder().encode(config)) == config)
    }

    /// A rule name that is no rule and near none is refused with the list of the rules; a near one
    /// with the nearest. Both are `.schema`, naming the key.
    @Test(arguments: [("seq.gpa", true), ("colour.banding", false)])
    func anUnknownRuleIsRefusedWithTheKnownOnes(name: String, near: Bool) throws {
        do throws(ValidationConfig.Error) {
            _ = try ValidationConfig.decode(Array("{\"severities\": {\"\(name)\": \"error\"}}".utf8), file: "Assets/.flipbook.json")
            Issue.record("\(name) accepted")
        } catch {
            guard case .schema(let schema) = error else { Issue.record("\(error)"); return }
            #expect(schema.keyPath == "severities[\"\(name)\"]" && error.file == "Assets/.flipbook.json")
            if near {
                #expect(schema.suggestion == "seq.gap")
            } else {
                #expect(RuleID.allCases.allSatisfy { error.description.contains($0.rawValue) }, "\(error)")
            }
        }
    }

    /// A config file that cannot be read is `.unreadable`, naming it.
    @Test func anUnreadableConfigIsItsOwnCase() throws {
        do throws(ValidationConfig.Error) { _ = try ValidationConfig.read(file: "/nonexistent/.flipbook.json"); Issue.record("read") } catch {
            guard case .unreadable(let file, let reason) = error else { Issue.record("\(error)"); return }
            #expect(file == "/nonexistent/.flipbook.json" && !reason.isEmpty)
        }
    }

    /// Each decoder opens a file URL as it opens a path: the same frames, errors naming the path.
    @Test(arguments: ["gif/giflib/fire.gif"])
    func decodersOpenAFileURL(fixture: String) throws {
        let path = Fixtures.path(fixture)
        let byURL = try GIF.Decoder(url: URL(fileURLWithPath: path)).allFrames()
        let byPath = try GIF.Decoder(file: path).allFrames()
        #expect(byURL.count > 0 && byURL.count == byPath.count)
        #expect(byURL.map(\.image) == byPath.map(\.image) && byURL.map(\.duration) == byPath.map(\.duration))
        do throws(AnimationDecodeError) { _ = try WebP.Decoder(url: URL(fileURLWithPath: path + ".missing")); Issue.record("opened") } catch {
            #expect(error.file == path + ".missing")
        }
    }
}
