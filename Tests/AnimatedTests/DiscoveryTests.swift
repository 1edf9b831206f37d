import Foundation
import Testing
import TestSupport
@testable import Animated

@Suite("Discovery")
struct DiscoveryTests {
    @Test(arguments: [
        (["load_10", "load_2", "load_1"], ["load_1", "load_2", "load_10"]),
        (["explosion0270", "explosion0009", "explosion0100"], ["explosion0009", "explosion0100", "explosion0270"]),
        (["b2", "a10", "a9"], ["a9", "a10", "b2"]),
        (["x01", "x1", "x001"], ["x1", "x01", "x001"]),
        (["f99999999999999999999999", "f100000000000000000000000"], ["f99999999999999999999999", "f100000000000000000000000"]),
    ])
    func naturalOrder(input: [String], sorted: [String]) {
        #expect(input.sorted(by: NaturalOrder.areInIncreasingOrder) == sorted)
    }

    @Test(arguments: [
        ("walk12@2x~ipad.png", "walk", 12, "12", 2, "ipad"),
        ("dir/explosion0009.png", "explosion", 9, "0009", 1, nil),
        ("coin_3@3x.png", "coin_", 3, "3", 3, nil),
    ] as [(String, String, Int, String, Int, String?)])
    func parsesFrameFiles(path: String, prefix: String, number: Int, text: String, scale: Int, device: String?) throws {
        let file = try #require(FrameFile(path: path))
        #expect(file.prefix == prefix && file.number == number && file.numberText == text)
        #expect(file.scale == scale && file.device == device)
    }

    @Test(arguments: ["walk.png", "walk1.gif", "walk1.png.txt"])
    func ignoresNonFrames(path: String) {
        #expect(FrameFile(path: path) == nil)
    }

    @Test func groupsAFolderIntoSequencesInNumericOrder() throws {
        let tree = try FixtureTree()
        for n in [10, 2, 1, 0] { try tree.png("hero/walk\(n).png", 4, 4) }
        for n in 1...3 { try tree.png("hero/jump\(n).png", 4, 4); try tree.png("hero/jump\(n)@2x.png", 8, 8) }
        try tree.png("hero/background.png", 4, 4)
        let sequences = try Discovery.sequences(from: [tree.path("hero")])
        #expect(sequences.map(\.prefix) == ["jump", "walk"])
        #expect(sequences[1].frames.map(\.number) == [0, 1, 2, 10])
        #expect(sequences[1].missingRanges == [3...9] && sequences[1].missingCount == 7)
        #expect(sequences[0].frames.allSatisfy { $0.scales == [1, 2] })
    }

    /// Fresh eyes: `sheet gold ./gold` listed the left-out `coin.gif` twice; a folder given twice
    /// or spelled two ways names it once.
    @Test func aFolderGivenTwiceNamesItsLeftOutAnimationOnce() throws {
        let tree = try FixtureTree()
        for n in 1...2 { try tree.png("gold/gold_\(n).png", 4, 4) }
        try Data("GIF89a".utf8).write(to: URL(fileURLWithPath: tree.path("gold/coin.gif")))
        let note = try #require(Discovery.leftOutNote(in: [tree.path("gold"), tree.path("gold") + "/", tree.path("gold/../gold")]))
        #expect(note.components(separatedBy: "coin.gif").count == 2, "\(note)")
    }

    /// Gaps are ranges: frames numbered 0, 5 and 12 147 483 648 cost two ranges, not twelve billion
    /// numbers (a fuzzed upload's `walk12147483648.png` made `seq.gap` allocate without bound).
    @Test func gapsBetweenHugeNumbersAreRanges() throws {
        let files = ["w0.png", "w5.png", "w12147483648.png"].compactMap { FrameFile(path: $0) }
        #expect(files.count == 3)
        let sequence = try #require(FrameSequence.group(files).first)
        #expect(sequence.missingRanges == [1...4, 6...12_147_483_647])
        #expect(sequence.missingCount == 12_147_483_646)
        #expect(sequence.gapWarning?.hasPrefix("missing frames 1–4, 6–12147483647 of w0…12147483648") == true)
    }

    @Test func readsAPrefixPathAndAListOfFiles() throws {
        let tree = try FixtureTree()
        for n in 1...3 { try tree.png("fx/explosion\(n).png", 2, 2); try tree.png("fx/explosion_hl\(n).png", 2, 2) }
        let byPrefix = try Discovery.sequences(from: [tree.path("fx/explosion")])
        #expect(byPrefix.count == 1 && byPrefix[0].frames.count == 3 && byPrefix[0].prefix == "explosion")
        let byFiles = try Discovery.sequences(from: [tree.path("fx/explosion_hl2.png"), tree.path("fx/explosion_hl1.png")])
        #expect(byFiles.map(\.prefix) == ["explosion_hl"] && byFiles[0].frames.map(\.number) == [1, 2])
        #expect(throws: Discovery.Error.notFound(source: tree.path("fx/nothing"))) {
            _ = try Discovery.sequences(from: [tree.path("fx/nothing")])
        }
        #expect(Discovery.Error.notFound(source: "fx/nothing").description == "fx/nothing: no such file or folder, nor frames named nothing1.png…")
        #expect(Discovery.Error.notFound(source: "fx/walk1.png").description == "fx/walk1.png: no such file or folder")
    }

    @Test func picksScaleVariantsWithUIKitFallback() throws {
        let tree = try FixtureTree()
        try tree.png("a/icon1.png", 2, 2)
        try tree.png("a/icon1@2x.png", 4, 4)
        try tree.png("a/icon1@2x~ipad.png", 4, 4)
        try tree.png("a/icon1~iphone.png", 2, 2)
        let frame = try #require(try Discovery.sequences(from: [tree.path("a")]).first?.frames.first)
        #expect(frame.file(scale: 2)?.fileName == "icon1@2x.png")
        #expect(frame.file(scale: 2, device: "ipad")?.fileName == "icon1@2x~ipad.png")
        #expect(frame.file(scale: 3)?.fileName == "icon1@2x.png", "@3x falls back to @2x")
        #expect(frame.file(scale: 1)?.fileName == "icon1.png")
        #expect(frame.file(scale: 1, device: "iphone")?.fileName == "icon1~iphone.png")
        #expect(frame.file(scale: 3, device: "iphone")?.fileName == "icon1@2x.png", "a closer scale beats the device modifier")

        let onlyRetina = try FixtureTree()
        try onlyRetina.png("b/icon1@3x.png", 6, 6)
        let upward = try #require(try Discovery.sequences(from: [onlyRetina.path("b")]).first?.frames.first)
        #expect(upward.file(scale: 1)?.fileName == "icon1@3x.png", "with nothing lower, a higher scale is used")
    }

    @Test(arguments: [
        ([0, 1, 2, 3], [0, 1, 2, 3], [Int]()),
        ([1, 2, 3], [1, 2, 3], []),
        ([0, 1, 3, 4], [0, 1], [3, 4]),
        ([2, 3], [], [2, 3]),
    ])
    func uikitModeStartsAtZeroOrOneAndStopsAtAGap(numbers: [Int], loaded: [Int], ignored: [Int]) throws {
        let tree = try FixtureTree()
        for n in numbers { try tree.png("u/walk\(n).png", 2, 2) }
        let sequence = try #require(try Discovery.sequences(from: [tree.path("u")]).first)
        let frames = UIKitFrames(sequence: sequence)
        #expect(frames.files.map(\.number) == loaded)
        #expect(frames.ignored.map(\.number) == ignored)
    }

    @Test func uikitModeSkipsZeroPaddedNames() throws {
        let tree = try FixtureTree()
        for n in 1...3 { try tree.png("p/walk0\(n).png", 2, 2) }
        let sequence = try #require(try Discovery.sequences(from: [tree.path("p")]).first)
        #expect(UIKitFrames(sequence: sequence).files.isEmpty)
    }

    @Test func findsTheShippedSequences() throws {
        let root = Fixtures.repository + "/Sequences"
        let sequences = try Discovery.sequences(from: [root], recursive: true)
        #expect(sequences.map(\.prefix) == ["explosion", "femaleAdventurer_walk", "gold_", "robot_walk"])
        #expect(sequences.map(\.frames.count) == [81, 8, 4, 8])
        #expect(sequences[0].frames.map(\.number) == Array(1...81))
        #expect(sequences[2].frames.map(\.number) == [1, 2, 3, 4])
    }
}

/// Round 61 #14: `blur fire/frame` for `frame-000.png…` said only "no such file or folder, nor
/// frames named frame1.png…"; a prefix one separator short of the frames' names is told the one to give.
@Suite struct PrefixOneShortTests {
    @Test func aPrefixShortOfItsSeparatorIsToldTheOneToGive() throws {
        let source = Fixtures.path("sequences/ansimuz-fire-bomb-pixel/frame")
        #expect(throws: Discovery.Error.prefixNotFound(source: source, near: "frame-")) { try Discovery.frameFiles(in: source) }
        let said = Discovery.Error.prefixNotFound(source: source, near: "frame-").description
        #expect(said.hasSuffix("the frames beside it are named frame- then a number: give \(source)-"), "\(said)")
        #expect(Discovery.Error.prefixNotFound(source: "frame", near: "frame-").description.hasSuffix("give frame-"))
        // A prefix short by a letter is a different name, not a missing separator.
        #expect(throws: Discovery.Error.notFound(source: Fixtures.path("sequences/kenney-gold-coin/gol"))) {
            try Discovery.frameFiles(in: Fixtures.path("sequences/kenney-gold-coin/gol"))
        }
    }
}

/// Round 61 #14: a folder of only `~ipad` frames was "no frames found (expected a folder, PNG
/// files, …)", as if it held none; it is told they are one device's, read on that device only.
@Suite struct OnlyDeviceFramesTests {
    @Test func aFolderOfOneDevicesFramesSaysSo() throws {
        let folder = try Fixtures.temporaryFolder("only-ipad")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for number in 1...2 {
            try FileManager.default.copyItem(atPath: Fixtures.path("sequences/kenney-gold-coin/gold_\(number).png"), toPath: folder + "/g\(number)~ipad.png")
        }
        let expected = Discovery.Error.onlyDeviceFrames(source: folder, files: [folder + "/g1~ipad.png", folder + "/g2~ipad.png"])
        #expect(Discovery.noFrames(in: folder) == expected)
        #expect(expected.description.contains("are frames for one device (~ipad: UIKit reads them on that device only)"), "\(expected.description)")
        // With a frame for every device beside them, the folder plays that one.
        try FileManager.default.copyItem(atPath: Fixtures.path("sequences/kenney-gold-coin/gold_1.png"), toPath: folder + "/g1.png")
        #expect(try Animation.load([folder]).frames.count == 1)
        #expect(Discovery.noFrames(in: folder) == .noFrames(source: folder))
    }
}
