import Animated
import Foundation
import Testing

/// Round 64b #5: a 90 MB `sequence.json` (30 million `frameDurations`) took 47 s and 2 GB to be told
/// it needed 4 entries. A manifest over ``SequenceManifest/maximumFileBytes`` is refused unparsed.
@Suite struct ManifestSizeTests {
    @Test func aManifestOverTheLimitIsRefusedUnparsed() throws {
        let entries = Array(repeating: "1", count: SequenceManifest.maximumFileBytes / 2 + 8).joined(separator: ",")
        let bytes = Array(#"{"frameDurations":["#.utf8) + Array(entries.utf8) + Array("]}".utf8)
        #expect(bytes.count > SequenceManifest.maximumFileBytes)
        do {
            _ = try SequenceManifest.decode(bytes, file: "big/sequence.json")
            Issue.record("parsed")
        } catch .invalid(let file, let reason) {
            #expect(file == "big/sequence.json" && reason.hasPrefix("\(bytes.count) bytes, more than the 2 MiB"), "\(reason)")
        } catch {
            Issue.record("\(error)")
        }
        // One just under the limit is parsed (and then checked as any other).
        let small = try SequenceManifest.decode(Array(#"{"fps": 12}"#.utf8), file: "s.json")
        #expect(small.fps == 12)
    }
}
