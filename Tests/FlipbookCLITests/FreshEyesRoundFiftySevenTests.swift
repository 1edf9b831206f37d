import Foundation
import Testing
import TestSupport

/// Fresh eyes round 57 on the drawing commands: work that passed every limit and drew for minutes
/// to days — fine dashes and wide pens (a segment that flattens to thousands of edges or crosses
/// the canvas counted as one), shadows spawned by the thousand over thousands of frames. Each
/// frame now draws at most its share of `--max-drawing-work` (exit 3, naming the file and frame).
@Suite("Fresh eyes 57: what each frame draws is bounded over the run")
struct FreshEyesRoundFiftySevenTests {
    @Test func aRenderOfFineDashesIsRefusedNamingTheScene() throws {
        let folder = try Fixtures.temporaryFolder("round57-dashes")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let layer = ##"{"shape": {"path": "M0 0 L64 64", "fillColor": "none", "strokeColor": "#000000", "lineDashPattern": [0.5, 0.5]}, "##
            + #""bounds": [64, 64], "position": [32, 32]}"#
        let scene = #"{"size": [64, 64], "frames": 10, "layers": [\#(Array(repeating: layer, count: 10).joined(separator: ", "))]}"#
        try Data(scene.utf8).write(to: URL(fileURLWithPath: folder + "/dash.json"))
        let run = try CLI.run(["render", "dash.json", "-o", "d.gif", "--max-drawing-work", "2000000"], in: folder)
        #expect(run.status == 3 && run.stderr.contains("error: dash.json: needs more than 2 000 000 pixels' worth of drawing over all the frames (its frames together pass it") && run.stderr.contains("--max-drawing-work raises it"),
                "\(run.status) \(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/d.gif"))
        // At the default the same scene renders.
        let fine = try CLI.run(["render", "dash.json", "-o", "d.gif"], in: folder)
        #expect(fine.status == 0, "\(fine.stderr)")
    }

    @Test func aWidePenIsRefusedForWhatItsFramesCross() throws {
        let folder = try Fixtures.temporaryFolder("round57-pen")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let points = (0..<300).map { "[\(32 + 20 * cos(Double($0) * 0.7)), \(32 + 20 * sin(Double($0) * 1.3))]" }.joined(separator: ", ")
        try Data(#"{"size": [64, 64], "strokes": [[\#(points)]], "width": 24}"#.utf8).write(to: URL(fileURLWithPath: folder + "/wide.json"))
        let run = try CLI.run(["generate", "stroke", "wide.json", "--frames", "10", "--smoothing", "linear", "-o", "w.gif",
                               "--max-drawing-work", "5000000"], in: folder)
        #expect(run.status == 3 && run.stderr.hasPrefix("error: wide.json: strokes: needs more than 5 000 000") && run.stderr.contains("--max-drawing-work"),
                "\(run.status) \(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/w.gif"))
        // Round 59 #3: drawn on, its last frames each do more than a tenth of 10 000 000 (1 149 744 for
        // frame 8), all of them together less: written, not refused at the first frame over an even share.
        let whole = try CLI.run(["generate", "stroke", "wide.json", "--frames", "10", "--smoothing", "linear", "-o", "w.gif",
                                 "--max-drawing-work", "10000000"], in: folder)
        #expect(whole.status == 0, "\(whole.stderr)")
    }

    /// Fresh eyes 58 #4: in a chain `g` → `f` → `s` with `g` failing, `s` was "skipped: f failed",
    /// where `f` was skipped too: a skipped target names the one that failed.
    @Test func aSkippedChainNamesTheTargetThatFailed() throws {
        let folder = try BuildCommandTests.project(#"{"targets": {"g": {"assemble": "coin", "output": "out/g.gif"}, "#
            + #""f": {"frames": "out/g.gif", "output": "out/f"}, "s": {"sheet": "out/f", "output": "out/s.png"}}}"#)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Data().write(to: URL(fileURLWithPath: folder + "/coin/gold_5.png"))
        let run = try CLI.run(["build", "--no-cache"], in: folder)
        #expect(run.status != 0 && run.stderr.contains("f: skipped: g failed") && run.stderr.contains("s: skipped: g failed"), "\(run.stderr)")
    }

    /// Fresh eyes 58 #2: `draw` metered its ops together but had no `--max-drawing-work` to raise
    /// (its refusal named a flag it refused as unknown).
    @Test func drawTakesTheFlagItsRefusalNames() throws {
        let folder = try Fixtures.temporaryFolder("round58-draw")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let op = ##"{"stroke": "M0 0 L60 60", "color": "#000000", "width": 1, "dash": [0.05, 0.05]}"##
        try Data(#"{"size": [64, 64], "ops": [\#(Array(repeating: op, count: 40).joined(separator: ", "))]}"#.utf8)
            .write(to: URL(fileURLWithPath: folder + "/dash.json"))
        let refused = try CLI.run(["draw", "dash.json", "-o", "d.png", "--max-drawing-work", "50000"], in: folder)
        #expect(refused.status == 3 && refused.stderr.contains("dash.json: ops[") && refused.stderr.contains("--max-drawing-work raises it"),
                "\(refused.status) \(refused.stderr)")
        #expect(try CLI.run(["draw", "dash.json", "-o", "d.png"], in: folder).status == 0)
    }
}
