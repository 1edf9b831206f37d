import Foundation
import Testing
import Basics
import Raster
import TestSupport
@testable import Animated

/// ``FrameSource/isIdentical(to:)``: what lets the GIF encoder skip decoding a screencast's
/// repeated frames, on the real fire-bomb frames (`Tests/Fixtures/sequences/ansimuz-fire-bomb-pixel`).
@Suite("Frames known identical without decoding")
struct FrameSourceIdentityTests {
    static let folder = "sequences/ansimuz-fire-bomb-pixel"

    /// A scale whose size overflows or passes the pixel limit is refused before anything is
    /// allocated (`Int.max` trapped on the multiplication).
    @Test(arguments: [Int.max, Int.max / 2, 4096])
    func aHugeScaleIsRefusedNotAllocated(scale: Int) throws {
        let names = Fixtures.pngNames(in: Self.folder)
        #expect(names.count == 14)
        let file = Fixtures.path("\(Self.folder)/\(names[0])")
        do {
            let bitmap = try FrameSource.file(file).load(scale: scale)
            Issue.record("made a \(bitmap.width)×\(bitmap.height) frame")
        } catch {
            guard case .tooLarge(let named, _, _, _) = error else { Issue.record("\(error)"); return }
            #expect(named == names[0])
        }
        #expect(try FrameSource.file(file).load(scale: 2).width == 128, "a 64-pixel @1x frame at @2x")
    }

    @Test func sameBytesUnderAnotherNameAreIdentical() throws {
        let names = Fixtures.pngNames(in: Self.folder)
        #expect(names.count == 14)
        let first = Fixtures.path("\(Self.folder)/\(names[0])"), second = Fixtures.path("\(Self.folder)/\(names[1])")
        let directory = NSTemporaryDirectory() + "flipbook-identity-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let copy = directory + "/copy.png"
        try FileIO.writeAtomically(try FileIO.readAll(first), to: copy)

        #expect(FrameSource.file(first).isIdentical(to: .file(first)))
        #expect(FrameSource.file(first).isIdentical(to: .file(copy)))
        #expect(!FrameSource.file(first).isIdentical(to: .file(second)))
        #expect(!FrameSource.file(first).isIdentical(to: .file(directory + "/missing.png")), "unreadable: not known")
        let bitmap = try PNG.Decoder().decodeBitmap(file: first)
        #expect(FrameSource.bitmap(bitmap).isIdentical(to: .bitmap(bitmap)))
        #expect(!FrameSource.file(first).isIdentical(to: .bitmap(bitmap)), "a file and a bitmap are not compared")

        // Asked in order, as the encoders ask, the finder reads each file once and says the same.
        let frames: [FrameSource] = [.file(copy), .file(first), .file(second), .file(second), .bitmap(bitmap), .bitmap(bitmap)]
        let finder = RepeatFinder(frames)
        #expect((1..<frames.count).map { finder.identical($0 - 1, $0) } == [true, false, true, false, true])
    }
}
