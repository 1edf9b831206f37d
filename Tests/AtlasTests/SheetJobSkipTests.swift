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

    /// Fresh eyes 57: a contact sheet of `café_1.png`, `café_2.png` labelled them `caf?_1`, `caf?_2`
    /// without a word (the labels' font has printable ASCII only): said now, naming them; an ASCII
    /// name is not.
    @Test(arguments: [("caf\u{E9}_", true), ("cafe\u{301}_", true), ("\u{7206}", true), ("gold_", false)])
    func labelsTheFontCannotSetAreSaid(prefix: String, said: Bool) throws {
        let folder = try Fixtures.temporaryFolder("job-labels") + "/art"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for number in [1, 2] {
            try FileManager.default.copyItem(atPath: Fixtures.path("sequences/kenney-gold-coin/gold_\(number).png"), toPath: "\(folder)/\(prefix)\(number).png")
        }
        let plan = try SheetJob(sources: [folder], output: folder + "/../sheet.png", builder: SheetBuilder(labels: true)).plan(cancellation: nil)
        let warning = plan.warnings.first { $0.contains("the label font lacks") }
        #expect((warning != nil) == said, "\(plan.warnings)")
        if said { #expect(warning?.hasPrefix("the labels of \(prefix)1, \(prefix)2 have characters") == true, "\(plan.warnings)") }
        let unlabelled = try SheetJob(sources: [folder], output: folder + "/../plain.png").plan(cancellation: nil)
        #expect(!unlabelled.warnings.contains { $0.contains("label font") })
        #expect(!PixelFont.fixed6x13.hasGlyphs(for: prefix) == said)
    }
}
