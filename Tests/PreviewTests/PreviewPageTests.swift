import Animated
import Basics
import Foundation
import Preview
import Testing
import TestSupport

/// `PreviewJob` on a folder built from real fixtures: what the page shows, the output contract, and
/// in headless Chromium the frame the page shows at time t against `Animation.frameIndex(at:)`.
@Suite("Preview page")
struct PreviewPageTests {
    @Test func findsEverySequenceSheetAndAnimation() throws {
        let made = try PreviewFixture.make("finds")
        defer { try? FileManager.default.removeItem(atPath: made.folder) }
        let page = try PreviewJob(source: made.folder, output: made.folder + "/preview.html").plan(cancellation: nil)
        #expect(page.sequences.sorted() == made.sequences.sorted())
        #expect(page.sequences.count == 3)
        #expect(page.sheets == [made.folder + "/sheet/coins.json"])
        #expect(page.animatedFiles == [made.folder + "/anim/boom.gif"])
        #expect(page.problems.isEmpty, "\(page.problems)")
        // The highlighted frames play on the coin's toggle, not as a sequence of their own.
        #expect(!page.sequences.contains { $0.hasSuffix("gold_hl") })
        // 4 + 4 highlighted + 14 + 3 frames, the sheet's page, the GIF.
        #expect(page.files.count == 27)
        #expect(page.findings.map(\.rule.rawValue).contains("seq.gap"), "\(page.findings)")
    }

    @Test func pageIsSelfContained() throws {
        let made = try PreviewFixture.make("contained")
        defer { try? FileManager.default.removeItem(atPath: made.folder) }
        let output = made.folder + "/preview.html"
        try PreviewJob(source: made.folder, output: output).run(cancellation: nil)
        let html = try String(contentsOfFile: output, encoding: .utf8)
        for outside in ["http://", "https://", "<script src", "<link rel=\"stylesheet\"", "@import", "//cdn"] {
            #expect(!html.contains(outside), "the page reaches outside itself: \(outside)")
        }
        // Frames are referenced relative to the page, not embedded.
        #expect(html.contains("\"coin/gold_1.png\""))
        #expect(!html.contains("data:image/png;base64"))
        #expect(html.utf8.count < 40_000, "\(html.utf8.count) bytes")
    }

    @Test func outputContract() throws {
        let made = try PreviewFixture.make("contract")
        defer { try? FileManager.default.removeItem(atPath: made.folder) }
        let frame = made.folder + "/coin/gold_1.png"
        let before = try Data(contentsOf: URL(fileURLWithPath: frame))
        #expect(throws: PreviewError.self) { try PreviewJob(source: made.folder, output: frame).run(cancellation: nil) }
        do { try PreviewJob(source: made.folder, output: frame).run(cancellation: nil) } catch {
            // Refused by its name before anything is read: a preview is HTML (`gold_5.png` would join the sequence).
            guard case .output(.unsupportedName(path: frame, _)) = error else { Issue.record("\(error)"); return }
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: frame)) == before)
        // A user's own file at the page's name is refused unless overwrite; the page's own rerun replaces it.
        let mine = made.folder + "/mine.html"
        try Data("mine".utf8).write(to: URL(fileURLWithPath: mine))
        do { try PreviewJob(source: made.folder, output: mine).run(cancellation: nil); Issue.record("replaced a user's file") } catch {
            guard case .output(.replacesUsersFile) = error else { Issue.record("\(error)"); return }
        }
        let output = made.folder + "/preview.html"
        try PreviewJob(source: made.folder, output: output).run(cancellation: nil)
        try PreviewJob(source: made.folder, output: output).run(cancellation: nil)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: made.folder).filter { $0.hasSuffix(".tmp") }
        #expect(leftovers.isEmpty)
    }

    @Test func cancelledWritesNothingAndAsyncWrites() async throws {
        let made = try PreviewFixture.make("cancel")
        defer { try? FileManager.default.removeItem(atPath: made.folder) }
        let output = made.folder + "/preview.html"
        let flag = CancellationFlag()
        flag.cancel()
        do { try PreviewJob(source: made.folder, output: output).run(cancellation: flag); Issue.record("a cancelled job wrote") } catch {
            guard case .cancelled = error else { Issue.record("\(error)"); return }
        }
        #expect(!FileManager.default.fileExists(atPath: output))
        let page = try await PreviewJob(source: made.folder, output: output).run()
        #expect(page.sequences.count == 3)
        #expect(FileManager.default.fileExists(atPath: output))
    }

    @Test func sourcesThatShowNothing() throws {
        let folder = try Fixtures.temporaryFolder("preview-empty")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        do { _ = try PreviewJob(source: folder, output: folder + "/p.html").plan(cancellation: nil); Issue.record("an empty folder made a page") } catch {
            guard case .nothingToShow = error else { Issue.record("\(error)"); return }
        }
        do { _ = try PreviewJob(source: folder + "/gone", output: folder + "/p.html").plan(cancellation: nil); Issue.record("a missing folder made a page") } catch {
            guard case .notFound = error else { Issue.record("\(error)"); return }
        }
    }

    @Test func projectFileShowsTargetsAndSaysWhatIsNotBuilt() throws {
        let made = try PreviewFixture.make("project")
        defer { try? FileManager.default.removeItem(atPath: made.folder) }
        let project = made.folder + "/flipbook.json"
        try Data(#"""
        {"targets": {
          "coin": {"assemble": "coin", "output": "build/coin.gif"},
          "fire": {"sheet": ["fire"], "output": "sheet/fire.png", "engine": "phaser3"},
          "check": {"validate": "coin", "output": "build/check.json"}
        }}
        """#.utf8).write(to: URL(fileURLWithPath: project))
        let page = try PreviewJob(source: project, output: made.folder + "/preview.html").plan(cancellation: nil)
        #expect(page.sequences.sorted() == [made.folder + "/coin/gold_", made.folder + "/fire/frame-"])
        #expect(page.problems.contains { $0.contains("build/coin.gif") && $0.contains("target coin") }, "\(page.problems)")
        #expect(page.root == made.folder)
    }

    /// A render target's scene is not sheet data: the sequences it names are shown, with no note
    /// that a sheet could not be read; a validate target's folders are shown (fresh eyes: the scene
    /// was read as a sheet, "missing key frames", and the checked folder was left out).
    @Test func aProjectsSceneShowsWhatItNamesAndItsCheckedFoldersShow() throws {
        let made = try PreviewFixture.make("project-scene")
        defer { try? FileManager.default.removeItem(atPath: made.folder) }
        let project = made.folder + "/flipbook.json"
        try Data(#"{"size": [64, 64], "frames": 2, "fps": 2, "layers": [{"sequence": {"source": "fire"}, "position": [32, 32]}]}"#.utf8)
            .write(to: URL(fileURLWithPath: made.folder + "/scene.json"))
        try Data(#"""
        {"targets": {
          "flight": {"render": "scene.json", "output": "build/flight.gif"},
          "check": {"validate": "coin", "output": "build/check.json"}
        }}
        """#.utf8).write(to: URL(fileURLWithPath: project))
        let page = try PreviewJob(source: project, output: made.folder + "/preview.html").plan(cancellation: nil)
        #expect(!page.problems.contains { $0.contains("scene.json") }, "\(page.problems)")
        #expect(page.sequences.sorted() == [made.folder + "/coin/gold_", made.folder + "/fire/frame-"], "\(page.sequences)")
    }

    /// Times that fall on, just before and just after every step's start in three plays, and
    /// before, at and after the end of a play that stops.
    static func times(_ animations: [Animation]) throws -> [Double] {
        var times: Set<Double> = [-1, 0, 1e-9, 0.5, 1, 2.5, 100]
        for animation in animations {
            for highlighted in animation.highlightedFrames == nil ? [false] : [false, true] {
                let durations = try animation.stepDurations(highlighted: highlighted)
                let play = durations.reduce(0, +)
                for repeatIndex in 0..<3 {
                    var start = play * Double(repeatIndex)
                    for duration in durations {
                        for t in [start, start.nextDown, start.nextUp, start + duration / 2] where t >= 0 { times.insert(t) }
                        start += duration
                    }
                }
                times.insert(play * 2)
                times.insert((play * 2).nextDown)
            }
        }
        return times.sorted()
    }

    @Test func chromiumShowsTheFrameAnimationGives() throws {
        let made = try PreviewFixture.make("chromium")
        defer { try? FileManager.default.removeItem(atPath: made.folder) }
        let output = made.folder + "/preview.html"
        try PreviewJob(source: made.folder, output: output).run(cancellation: nil)
        var animations: [String: Animation] = [:]
        for prefix in made.sequences { animations[prefix] = try Animation.load([prefix]) }
        let times = try Self.times(Array(animations.values))
        #expect(times.count > 100)
        let list = times.map { "\($0)" }.joined(separator: ",")
        let result = try Chromium.dumpDOM(URL(fileURLWithPath: output).absoluteString + "?at=" + list)
        #expect(result.console.isEmpty, "the browser logged: \(result.console)")
        let text = try #require(Chromium.text(ofPre: "flipbook-test", in: result.dom), "no test record in the page: \(result.dom.prefix(400))")
        struct Record: Decodable { var sequence: String; var highlighted: Bool; var t: Double; var frame: Int; var src: String }
        struct Recorded: Decodable { var frames: [Record]; var errors: [String] }
        let recorded = try JSONDecoder().decode(Recorded.self, from: Data(text.utf8))
        #expect(recorded.errors.isEmpty)
        // Every sequence at every time, and the coin's highlighted play too.
        #expect(recorded.frames.count == times.count * 4)
        // The sheet's page with a region per sprite, named for hovering; the validator's finding listed.
        let regions = result.dom.matches(of: /<div class="region" data-name="([^"]+)"/).map { String($0.output.1) }
        #expect(regions == ["gold_1", "gold_2", "gold_4"], "\(regions)")
        #expect(result.dom.contains("<td>seq.gap</td>"))
        var checked = 0
        let asked = Set(times)
        for record in recorded.frames {
            #expect(asked.contains(record.t), "\(record.t) was not asked for")
            let animation = try #require(animations[record.sequence], "\(record.sequence)")
            let expected = try #require(try animation.frameIndex(at: record.t, highlighted: record.highlighted))
            #expect(record.frame == expected, "\(record.sequence) at \(record.t) s\(record.highlighted ? " (highlighted)" : ""): the page shows \(record.frame), Animation gives \(expected)")
            let frames = record.highlighted ? animation.highlightedFrames ?? [] : animation.frames
            let file = try #require(frames[expected].path)
            #expect(record.src.hasSuffix("/" + FileIO.lastComponent(of: file)), "\(record.src) for \(file)")
            checked += 1
        }
        #expect(checked == times.count * 4)
    }
}
