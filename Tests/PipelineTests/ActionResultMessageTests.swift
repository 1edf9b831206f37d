import Foundation
import Testing
import TestSupport
@testable import Pipeline

/// The cache's entries are the Bazel remote-execution API's `ActionResult`, written and read by
/// hand: checked against `protoc`'s own encoding of the same messages (Tests/Fixtures/build-cache).
@Suite("ActionResult entries")
struct ActionResultMessageTests {
    static let account = #"{"flipbook":"build result 1","notes":[],"sets":[{"files":["build/coin.gif"],"owner":"build/coin.gif"}],"warnings":["é"]}"#

    @Test func writesTheBytesProtocWrites() throws {
        let message = ActionResultMessage(outputFiles: [
            .init(path: "build/coin.gif", hash: "9f2c0b4e7d1a3c5b6e8f0a2b4c6d8e0f1a3b5c7d9e1f2a4b6c8d0e2f4a6b8c0d", size: 12345),
            .init(path: "build/coin/gold1.png", hash: String(repeating: "0", count: 64), size: 0),
        ], stdout: Array(Self.account.utf8))
        let expected = try Fixtures.bytes("build-cache/flipbook-entry.bin")
        #expect(expected.count == 304)
        #expect(message.encoded() == expected)
        #expect(try ActionResultMessage(decoding: expected) == message)
        #expect(try JSONDecoder().decode(TargetCache.Account.self, from: Data(message.stdout)).warnings == ["é"])
    }

    @Test func readsAnEntryBazelWroteSkippingWhatItDoesNotUse() throws {
        let message = try ActionResultMessage(decoding: Fixtures.bytes("build-cache/foreign-entry.bin"))
        #expect(message.outputFiles == [.init(path: "bazel-out/k8-fastbuild/bin/ok.txt",
                                              hash: "dc51b8c96c2d745df3bd5590d990230a482fd247123599548e0632fdbf97fc22", size: 3)])
        #expect(message.exitCode == -2)
        #expect(message.stdout.isEmpty)
        // Written again (without the fields Flipbook does not keep), it reads back the same.
        #expect(try ActionResultMessage(decoding: message.encoded()) == message)
    }

    @Test(arguments: ["flipbook-entry.bin", "foreign-entry.bin"])
    func everyCutOrFlippedEntryIsReadOrRefusedNeverTrusted(name: String) throws {
        let bytes = try Fixtures.bytes("build-cache/" + name)
        let whole = try ActionResultMessage(decoding: bytes)
        var refused = 0
        for length in 0..<bytes.count {
            // A cut inside a field is refused; a cut between fields is a message with fewer files.
            if let cut = try? ActionResultMessage(decoding: Array(bytes.prefix(length))) {
                #expect(cut.outputFiles.count <= whole.outputFiles.count)
            } else {
                refused += 1
            }
        }
        #expect(refused > bytes.count / 2)
        for index in bytes.indices {
            var flipped = bytes
            flipped[index] ^= 0xFF
            _ = try? ActionResultMessage(decoding: flipped)
        }
        // A length past the end, a group, a number of eleven bytes, field 0.
        for hostile: [UInt8] in [[0x12, 0x7F, 0x0A], [0x13, 0x14], [0x20] + [UInt8](repeating: 0xFF, count: 10) + [0x01], [0x02, 0x00],
                                 [0x12, 0x02, 0x0A, 0x80]] {
            #expect(throws: ActionResultMessage.Malformed.self) { try ActionResultMessage(decoding: hostile) }
        }
    }
}
