import Animated
import Atlas
import Basics
import Foundation
import Raster
import Testing
import TestSupport

/// The library side of what `assemble` and `sheet` skipped without a word: the plan's warnings
/// name missing frame numbers, and a contact sheet (`labels`) reads in play order. Real frames
/// (Kenney's coin, ansimuz's fire bomb).
@Suite("SheetJob and AssembleJob say what they skip")
struct SheetJobSkipTests {
    /// `gap/`: the coin's frames 1, 3 and 4.
    static func gapFolder() throws -> String {
        let folder = try Fixtures.temporaryFolder("job-skip") + "/gap"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for number in [1, 3, 4] {
            try FileManager.default.copyItem(atPath: Fixtures.path("sequences/kenney-gold-coin/gold_\(number).png"),
                                             toPath: "\(folder)/gold_\(number).png")
        }
        return folder
    }

    @Test func planWarningsNameTheMissingNumbers() throws {
        let folder = try Self.gapFolder()
        let sheet = try SheetJob(sources: [folder], output: folder + "/../sheet.png").plan(cancellation: nil)
        #expect(sheet.sheets[0].sprites.count == 3)
        #expect(sheet.warnings.contains { $0.hasPrefix("missing frame 2 of \(folder)/gold_1…4: the 3 frames there play without it") },
                "\(sheet.warnings)")
        let assemble = try AssembleJob(sources: [folder], output: nil).plan(cancellation: nil)
        #expect(assemble.playback.frames.count == 3)
        #expect(assemble.warnings.contains { $0.hasPrefix("missing frame 2 of \(folder)/gold_1…4") }, "\(assemble.warnings)")
        // The outcome carries them too.
        let outcome = try AssembleJob(sources: [folder], output: nil).run(cancellation: nil)
        #expect(outcome.warnings == assemble.warnings)
    }

    /// Several missing numbers are given as ranges.
    @Test func missingNumbersAreRanges() throws {
        let folder = try Fixtures.temporaryFolder("job-skip") + "/fire"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let names = Fixtures.pngNames(in: "sequences/ansimuz-fire-bomb-pixel")
        #expect(names.count == 14)
        for name in names where !["frame-002.png", "frame-003.png", "frame-004.png", "frame-009.png"].contains(name) {
            try FileManager.default.copyItem(atPath: Fixtures.path("sequences/ansimuz-fire-bomb-pixel/\(name)"), toPath: "\(folder)/\(name)")
        }
        let plan = try AssembleJob(sources: [folder], output: nil).plan(cancellation: nil)
        #expect(plan.warnings.contains { $0.hasPrefix("missing frames 2–4, 9 of \(folder)/frame-0…13: the 10 frames there play without them") },
                "\(plan.warnings)")
    }

    /// A contact sheet lays its frames out in rows unless a layout is named.
    @Test func labelsImplyReadingOrder() {
        #expect(SheetBuilder(labels: true).layout == .rows)
        #expect(SheetBuilder(layout: .packed, labels: true).layout == .packed)
        #expect(SheetBuilder().layout == .packed)
    }
}
