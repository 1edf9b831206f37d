import Animated
import Atlas
import Basics
import Foundation
import TestSupport

/// A folder built from the repository's real fixtures, with one sequence per way of timing a play:
/// `coin` (Kenney's gold coin: frame durations, ping-pong, 2 plays, highlighted frames), `fire`
/// (ansimuz's fire bomb: a duration, ping-pong from the end, forever), `plain` (the coin with no
/// `sequence.json`: UIKit's 1/30 s a step; gold_3 left out, a gap), a sheet of `plain` and a GIF of it.
enum PreviewFixture {
    struct FixtureMissing: Error, CustomStringConvertible { var description: String }

    static let coin = Fixtures.path("sequences/kenney-gold-coin")
    static let fire = Fixtures.path("sequences/ansimuz-fire-bomb-pixel")
    static let coinNames = Fixtures.pngNames(in: "sequences/kenney-gold-coin")
    static let fireNames = Fixtures.pngNames(in: "sequences/ansimuz-fire-bomb-pixel")

    struct Made {
        var folder: String
        /// The sequences' prefix paths, as `Animation.load` takes them and the page names them.
        var sequences: [String]
    }

    static func make(_ label: String) throws -> Made {
        let folder = try Fixtures.temporaryFolder("preview-\(label)")
        let fm = FileManager.default
        for sub in ["coin", "fire", "plain", "sheet", "anim"] { try fm.createDirectory(atPath: folder + "/" + sub, withIntermediateDirectories: true) }
        let coins = coinNames, fires = fireNames
        guard coins.count == 4, fires.count == 14 else { throw FixtureMissing(description: "\(coin): \(coins.count) PNGs, \(fire): \(fires.count); 4 and 14 expected") }
        for (index, name) in coins.enumerated() {
            try fm.copyItem(atPath: coin + "/" + name, toPath: folder + "/coin/" + name)
            // `plain` lacks gold_3: a gap the validator reports (`seq.gap`) and the page lists.
            if name != "gold_3.png" { try fm.copyItem(atPath: coin + "/" + name, toPath: folder + "/plain/" + name) }
            // The highlighted frames: the coin turning the other way.
            try fm.copyItem(atPath: coin + "/" + coins[coins.count - 1 - index], toPath: folder + "/coin/gold_hl\(index + 1).png")
        }
        for name in fires { try fm.copyItem(atPath: fire + "/" + name, toPath: folder + "/fire/" + name) }
        try Data(#"{"frameDurations": [100, 50, 150, 70], "direction": "pingpong", "repeatCount": 2, "highlighted": "gold_hl", "name": "gold_"}"#.utf8)
            .write(to: URL(fileURLWithPath: folder + "/coin/sequence.json"))
        try Data(#"{"duration": 0.7, "direction": "pingpong_reverse"}"#.utf8).write(to: URL(fileURLWithPath: folder + "/fire/sequence.json"))
        _ = try SheetJob(sources: [folder + "/plain"], output: folder + "/sheet/coins.png", engine: .phaser3).run(cancellation: nil)
        _ = try AssembleJob(sources: [folder + "/plain"], output: folder + "/anim/boom.gif").run(cancellation: nil)
        return Made(folder: folder, sequences: [folder + "/coin/gold_", folder + "/fire/frame-", folder + "/plain/gold_"])
    }
}
