import Basics
import Foundation
@testable import GIF
import Testing
import TestSupport

/// A GIF cut short is read up to its last whole frame, with a warning; its `info` counted the cut
/// frame too, so `preview` showed "2 frames" where `info`, `validate` and `frames` read 1 (fresh
/// eyes, round 18).
@Suite("GIF info counts the frames a cut GIF gives")
struct GIFCutFrameCountTests {
    /// Every cut of the file from its second frame on, by real GIFs Flipbook wrote (Tests/Fixtures/gif/encoded).
    @Test(arguments: ["coin.gif", "robot-fast.gif", "drift.gif"])
    func infoCountsTheWholeFrames(name: String) throws {
        let bytes = try Fixtures.bytes("gif/encoded/\(name)")
        let whole = try GIF.Decoder(bytes: bytes, file: name)
        let frames = try whole.allGIFFrames().count
        #expect(whole.info.frameCount == frames && frames > 2)
        var checked = 0, cutFrames = Set<Int>()
        // Cuts from a third of the file to the byte before its trailer.
        for end in stride(from: bytes.count / 3, to: bytes.count - 1, by: max(1, bytes.count / 400)) {
            let cut = Array(bytes[..<end])
            guard let decoder = try? GIF.Decoder(bytes: cut, file: name) else { continue }
            guard let read = try? decoder.allGIFFrames().count else { continue }
            #expect(decoder.info.frameCount == read, "cut at \(end) of \(bytes.count): info says \(decoder.info.frameCount), \(read) read")
            checked += 1
            cutFrames.insert(read)
        }
        #expect(checked > 100 && cutFrames.count > 1, "\(checked) cuts, frame counts \(cutFrames.sorted())")
    }
}
