import Animated
import Basics
import Foundation
import GIF
import Raster
import Testing
import TestSupport

/// `AssembleJob` keeps every rule `flipbook assemble` keeps, as typed errors a Swift caller can
/// switch over; it reads and writes in memory as on disk, and stops when its task is cancelled.
@Suite("AssembleJob: the assemble command's rules as a library call")
struct AssembleJobTests {
    static let coin = Fixtures.path("sequences/kenney-gold-coin")
    static let spinner = Fixtures.path("sequences/emt-watch-spinner-2x")
    static let fire = Fixtures.path("gif/giflib/fire.gif")
    static let explosion = Fixtures.repository + "/Sequences/explosion"

    /// The files of a fixture folder, in memory, named as in the folder.
    static func inMemory(_ folder: String) throws -> [InMemoryFile] {
        try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
            .filter { $0.hasSuffix(".png") || $0 == "sequence.json" }
            .map { InMemoryFile(name: $0, data: try Data(contentsOf: URL(fileURLWithPath: "\(folder)/\($0)"))) }
    }

    /// Each refusal the CLI makes, made by the library call as a case to switch on.
    @Test(arguments: [
        ("name promising another format", [coin], "coin.mp4"),
        ("output over an input", [fire], fire),
        ("GIF among other sources", [fire, coin], "out.gif"),
        ("missing folder", [coin + "-missing/"], "out.gif"),
        ("folder without frames", [Fixtures.path("gif")], "out.gif"),
    ])
    func refusesWhatTheCommandRefuses(_ what: String, sources: [String], output: String) throws {
        let folder = try Fixtures.temporaryFolder("assemble-refusal")
        let target = output.hasPrefix("/") ? output : "\(folder)/\(output)"
        let before = try? Data(contentsOf: URL(fileURLWithPath: target))
        do {
            _ = try AssembleJob(sources: sources, output: target).run(cancellation: nil)
            Issue.record("\(what): not refused")
        } catch {
            switch (what, error) {
            case ("name promising another format", .output(.unsupportedName(let path, _))): #expect(path == target)
            case ("output over an input", .output(.overwritesInput(let output, _))): #expect(output == target)
            case ("GIF among other sources", .source(.gifAmongOtherSources(let gif))): #expect(gif == Self.fire)
            case ("missing folder", .source(.discovery(.notFound))): break
            case ("folder without frames", .source(.discovery(.noFrames))), ("folder without frames", .source(.discovery(.framesInSubfolders))): break
            default: Issue.record("\(what): \(error)")
            }
        }
        #expect((try? Data(contentsOf: URL(fileURLWithPath: target))) == before, "nothing written")
    }

    /// The output's name picks the container; `format` names it outright, and never against the name.
    @Test(arguments: [("walk.gif", nil, AssembleJob.Format.gif), ("walk.png", nil, .apng), ("walk.APNG", nil, .apng),
                      ("walk", .apng, .apng), ("walk.png", .apng, .apng)] as [(String, AssembleJob.Format?, AssembleJob.Format)])
    func theNamePicksTheFormat(_ name: String, _ asked: AssembleJob.Format?, _ expected: AssembleJob.Format) throws {
        let folder = try Fixtures.temporaryFolder("assemble-format")
        var job = AssembleJob(sources: [Self.coin], output: "\(folder)/\(name)")
        job.format = asked
        let outcome = try job.run(cancellation: nil)
        let bytes = try FileIO.readAll("\(folder)/\(name)")
        switch (expected, outcome.report) {
        case (.gif, .gif): #expect(bytes.starts(with: Array("GIF89a".utf8)))
        case (.apng, .apng(let report)):
            #expect(bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]))
            #expect(report.framesWritten == 4)
        default: Issue.record("\(name) wrote \(outcome.report)")
        }
    }

    @Test func aFormatAgainstTheNameIsRefused() throws {
        let folder = try Fixtures.temporaryFolder("assemble-format")
        var job = AssembleJob(sources: [Self.coin], output: "\(folder)/walk.gif")
        job.format = .apng
        #expect { try job.plan(cancellation: nil) } throws: { error in
            guard case AssembleError.output(.unsupportedName(_, let reason)) = error else { return false }
            return reason.contains("AssembleJob.format")
        }
        job.maxBytes = 1000
        job.output = "\(folder)/walk.png"
        #expect { try job.plan(cancellation: nil) } throws: { error in
            guard case AssembleError.setting(let refusal) = error else { return false }
            return refusal.setting == .maxBytes && refusal.problem == .notForFormat && refusal.format == "APNG"
                && refusal.description.hasPrefix("AssembleJob.maxBytes does not apply to APNG: APNG is lossless")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
    }

    @Test func framesOverTheLimitAreRefusedWithTheLimit() throws {
        var limits = ResourceLimits.default
        limits.maxFrames = 3
        let job = AssembleJob(sources: [Self.coin], output: nil, limits: limits)
        #expect(throws: AssembleError.self) { _ = try job.plan(cancellation: nil) }
        do { _ = try job.plan(cancellation: nil) } catch {
            #expect(error.limitError?.limit == .frames)
            #expect(error.limitError?.maximum == 3)
        }
    }

    /// Timing and settings a request could carry are checked before any work, as the CLI checks its flags.
    @Test(arguments: [
        (Animation.Timing(fps: 0), "Animation.Timing.fps"), (Animation.Timing(fps: -5), "Animation.Timing.fps"),
        (Animation.Timing(fps: .nan), "Animation.Timing.fps"), (Animation.Timing(duration: 0), "Animation.Timing.duration"),
        (Animation.Timing(delays: [0.1, -1, 0.1, 0.1]), "Animation.Timing.delays[1]"),
        (Animation.Timing(delays: [.infinity, 0.1, 0.1, 0.1]), "Animation.Timing.delays[0]"),
        // Past a day a frame, known once the frames are read: it was `.playback`, not `.setting`.
        (Animation.Timing(duration: 1e10), "Animation.Timing.duration"),
    ])
    func timingOutOfRangeIsRefused(timing: Animation.Timing, named: String) throws {
        var job = AssembleJob(sources: [Self.coin], output: nil)
        job.timing = timing
        do {
            _ = try job.plan(cancellation: nil)
            Issue.record("\(timing) was accepted")
        } catch {
            guard case .setting(let refusal) = error else { Issue.record("\(error)"); return }
            #expect(refusal.description.hasPrefix(named))
            #expect(refusal.owner == "Animation.Timing" && error.settingError == refusal)
        }
    }

    /// The timing is checked before the source is read: a request's bad fps is said even when
    /// its source is missing too.
    @Test func timingIsCheckedFirst() throws {
        var job = AssembleJob(sources: [Self.coin + "-missing"], output: nil)
        job.timing = Animation.Timing(fps: 0)
        #expect(throws: AssembleError.self) { _ = try job.plan(cancellation: nil) }
        do { _ = try job.plan(cancellation: nil) } catch {
            guard case .setting(let refusal) = error else { Issue.record("\(error)"); return }
            #expect(refusal.setting == .fps)
        }
    }

    /// Each setting out of range is refused as a value naming it — the setting to switch over, its
    /// type, the value given and the values allowed — with a sentence that names it as Swift does.
    @Test func settingsOutOfRangeAreRefused() throws {
        var cases: [(AssembleJob, SettingError)] = []
        var job = AssembleJob(sources: [Self.coin], output: nil)
        job.repeatCount = -1
        cases.append((job, SettingError(.repeatCount, of: "AssembleJob", value: -1, allowed: .range(0...65_536), format: "GIF")))
        job = AssembleJob(sources: [Self.coin], output: nil); job.scale = 5
        cases.append((job, SettingError(.scale, of: "AssembleJob", value: 5, allowed: .range(1...3))))
        job = AssembleJob(sources: [Self.coin], output: nil); job.threads = 0
        cases.append((job, SettingError(.threads, of: "AssembleJob", value: 0, allowed: .atLeast(1))))
        job = AssembleJob(sources: [Self.coin], output: nil); job.maxBytes = 0
        cases.append((job, SettingError(.maxBytes, of: "AssembleJob", value: 0, allowed: .atLeast(1))))
        job = AssembleJob(sources: [Self.coin], output: nil, encoder: GIF.Encoder(colors: 1))
        cases.append((job, SettingError(.colors, of: "GIF.Encoder", value: 1, allowed: .range(2...256))))
        job = AssembleJob(sources: [Self.coin], output: nil, encoder: GIF.Encoder(quality: .high, dithering: .ordered))
        cases.append((job, SettingError(.dithering, of: "GIF.Encoder", value: "ordered", problem: .conflicts(with: .quality, value: "high"),
                                        reason: "high refines colours across frames and does not dither; dithering needs fast")))
        job = AssembleJob(sources: [Self.coin], output: "walk.webp"); job.webp.quality = 101
        cases.append((job, SettingError(.quality, of: "WebP.Encoder", value: 101, allowed: .interval(0...100))))
        job = AssembleJob(sources: [Self.coin], output: nil, limits: ResourceLimits(maxFrames: -1))
        cases.append((job, SettingError(.limit(.frames), of: "ResourceLimits", value: -1, allowed: .atLeast(1))))
        job = AssembleJob(sources: [Self.coin], output: nil, limits: ResourceLimits(maxPixels: 0))
        cases.append((job, SettingError(.limit(.pixels), of: "ResourceLimits", value: 0, allowed: .atLeast(1))))
        for (job, expected) in cases {
            #expect(throws: AssembleError.setting(expected)) { _ = try job.plan(cancellation: nil) }
            #expect(expected.description.hasPrefix("\(expected.owner!).\(expected.setting.name) "))
        }
        #expect(cases.map(\.1.description) == [
            "AssembleJob.repeatCount is 0 (forever) or 1…65536 plays for GIF (got -1)",
            "AssembleJob.scale is 1…3 (got 5)",
            "AssembleJob.threads must be positive (got 0)",
            "AssembleJob.maxBytes must be positive (got 0)",
            "GIF.Encoder.colors is 2…256 (got 1)",
            "GIF.Encoder.dithering ordered cannot go with GIF.Encoder.quality high: high refines colours across frames and does not dither; "
                + "dithering needs fast",
            "WebP.Encoder.quality must be between 0 and 100 (got 101)",
            "ResourceLimits.maxFrames must be positive (got -1)",
            "ResourceLimits.maxPixels must be positive (got 0)",
        ])
        #expect(throws: AssembleError.source(.discovery(.noFrames(source: "the animation")))) {
            _ = try AssembleJob(source: .animation(try Animation(frames: [])), output: nil).plan(cancellation: nil)
        }
        #expect(throws: AssembleError.source(.discovery(.noFrames(source: "(no source given)")))) {
            _ = try AssembleJob(sources: [String](), output: nil).plan(cancellation: nil)
        }
    }

    /// Missing folders of the output are created (issue 44: a single file's folders were not,
    /// while a sheet's and a sequence's were).
    @Test func aMissingOutputFolderIsCreated() throws {
        let folder = try Fixtures.temporaryFolder("assemble-nowhere")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        _ = try AssembleJob(sources: [Self.coin], output: folder + "/no/such/dir/x.gif").run(cancellation: nil)
        #expect(FileManager.default.fileExists(atPath: folder + "/no/such/dir/x.gif"))
    }

    /// A GIF that cannot be written (a file where its folder should be) is `.write` with the
    /// system's kind of failure, from the plan: nothing is encoded first (issue 44: with
    /// `maxBytes` every attempt was encoded before the write failed).
    @Test func anUnwritableOutputIsAWriteErrorBeforeEncoding() throws {
        let folder = try Fixtures.temporaryFolder("assemble-unwritable")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Data("a file".utf8).write(to: URL(fileURLWithPath: folder + "/notes.txt"))
        var job = AssembleJob(sources: [Self.coin], output: folder + "/notes.txt/x.gif")
        job.maxBytes = 1000
        #expect {
            _ = try job.plan(cancellation: nil)
        } throws: { error in
            guard case .write(let failure) = error as? AssembleError else { return false }
            return failure.kind == .notAFolder && failure.path == folder + "/notes.txt/x.gif"
        }
    }

    @Test func delaysOfTheWrongCountAreAPlaybackError() throws {
        var job = AssembleJob(sources: [Self.coin], output: nil)
        job.timing = Animation.Timing(delays: [0.1, 0.1])
        #expect(throws: AssembleError.playback(.delayCount(given: 2, frames: 4))) { _ = try job.plan(cancellation: nil) }
    }

    /// A GIF is read by `Animation.load` like any other source, with its delays and loop count.
    @Test func animationLoadReadsAGIF() throws {
        let animation = try Animation.load([Self.fire])
        let decoder = try GIF.Decoder(file: Self.fire)
        let frames = try decoder.allGIFFrames()
        #expect(animation.frames.count == frames.count)
        #expect(animation.frameDurations == frames.map { Double($0.playedDelay) / 100 })
        #expect(animation.repeatCount == decoder.repeatCount)
        let bytes = try Fixtures.bytes("gif/giflib/fire.gif")
        #expect(try Animation.load(files: [InMemoryFile(name: "fire.gif", bytes: bytes)]).frameDurations == animation.frameDurations)
    }

    /// Frames and `sequence.json` in memory make the same animation and the same GIF as on disk.
    @Test(arguments: [explosion, spinner, coin])
    func inMemoryIsTheSameAsOnDisk(folder: String) throws {
        let files = try Self.inMemory(folder)
        let onDisk = try Animation.load([folder])
        let inMemory = try Animation.load(files: files)
        #expect(inMemory.frames.count == onDisk.frames.count)
        #expect(try inMemory.stepDurations() == onDisk.stepDurations())
        #expect(inMemory.scale == onDisk.scale)
        #expect(inMemory.repeatCount == onDisk.repeatCount)
        #expect(try inMemory.frames[1].load() == onDisk.frames[1].load())
        guard folder != Self.explosion else { return }  // (81 frames of 256²: the animation is enough)
        let fromDisk = try AssembleJob(sources: [folder], output: nil).run(cancellation: nil)
        let fromMemory = try AssembleJob(source: .files(files), output: nil).run(cancellation: nil)
        #expect(fromMemory.bytes == fromDisk.bytes)
        // The `files:` form Design.md names is the same job.
        #expect(try AssembleJob(files: files).run(cancellation: nil).bytes == fromDisk.bytes)
        #expect(!fromDisk.bytes.isEmpty)
        #expect(fromDisk.report.framesWritten == onDisk.frames.count - fromDisk.report.framesMergedIdentical)
    }

    /// The encoder takes the frames' scale from the animation: `@2x` frames are dithered as
    /// `@2x` frames without the caller saying so.
    @Test func theScaleComesFromTheFrames() throws {
        let plan = try AssembleJob(sources: [Self.spinner], output: nil).plan(cancellation: nil)
        #expect(plan.animation.scale == 2)
        #expect(plan.encoder.scale == 2)
        let play = plan.playback
        let byInput = try GIF.Encoder().encode(FrameInput(durations: play.durations, scale: 2) { try play.frames[$0].load() })
        let bySetting = try GIF.Encoder(scale: 2).encode(FrameInput(durations: play.durations) { try play.frames[$0].load() })
        #expect(byInput.bytes == bySetting.bytes)
        let atOne = try GIF.Encoder().encode(FrameInput(durations: play.durations) { try play.frames[$0].load() })
        #expect(atOne.bytes != byInput.bytes)
    }

    /// File URLs name what paths name; another URL names no file.
    @Test func fileURLsAreReadAsPaths() throws {
        let folder = try Fixtures.temporaryFolder("assemble-url")
        let url = URL(fileURLWithPath: Self.coin)
        #expect(try Animation.load(urls: [url]).frames == Animation.load([Self.coin]).frames)
        let written = try AssembleJob(urls: [url], output: URL(fileURLWithPath: folder + "/coin.gif")).run(cancellation: nil)
        #expect(try Data(contentsOf: URL(fileURLWithPath: folder + "/coin.gif")).count == written.report.bytes)
        #expect(try AssembleJob(sources: [Self.coin], output: nil).run(cancellation: nil).bytes.count == written.report.bytes)
        let web = try #require(URL(string: "https://example.com/coin"))
        #expect(throws: Animation.LoadError.discovery(.notFound(source: "https://example.com/coin"))) { _ = try Animation.load(urls: [web]) }
        #expect(try Validator().validate(urls: [url], cancellation: nil).fileCount == 4)
        #expect(throws: Animation.LoadError.self) { _ = try Animation.load([]) }   // (an empty literal is not ambiguous)
    }

    /// One thread or every core: the same GIF.
    @Test(arguments: [spinner, Fixtures.path("sequences/unity-wispy-smoke-03b-faint")])
    func theThreadLimitDoesNotChangeTheGIF(folder: String) throws {
        var job = AssembleJob(sources: [folder], output: nil)
        let everyCore = try job.run(cancellation: nil)
        job.threads = 1
        #expect(try job.run(cancellation: nil).bytes == everyCore.bytes)
    }

    /// The soft-alpha note names an APNG and a WebP the user can write: beside the frames, where
    /// `frame-028.png` would be refused as the next frame of the sequence, it names `.apng`.
    @Test(arguments: [("/tmp/smoke.gif", "/tmp/smoke.png"), ("frame-028.gif", "frame-028.apng")])
    func theSoftAlphaNoteNamesFilesThatCanBeWritten(output: String, apng: String) throws {
        let folder = Fixtures.path("sequences/unity-wispy-smoke-03b-faint")
        let named = output.hasPrefix("/") ? output : folder + "/" + output
        let expected = apng.hasPrefix("/") ? apng : folder + "/" + apng
        let plan = try AssembleJob(sources: [folder], output: named).plan(cancellation: nil)
        let note = try #require(plan.notes.first { $0.contains("semi-transparent") })
        #expect(note.contains("write \(expected) or "), "\(note)")
    }

    /// Fresh eyes: bytes assembled in memory got "(NAME.png, NAME.webp)", a placeholder read as
    /// file names; without an output the note names the formats.
    @Test func theSoftAlphaNoteInMemoryNamesTheFormats() throws {
        let plan = try AssembleJob(sources: [Fixtures.path("sequences/unity-wispy-smoke-03b-faint")], output: nil).plan(cancellation: nil)
        let note = try #require(plan.notes.first { $0.contains("semi-transparent") })
        #expect(note.hasSuffix("an APNG or a WebP keeps them exactly (format .apng or .webp)") && !note.contains("NAME"), "\(note)")
    }

    /// Round 61 #14: `blur in.png -o in.gif` (an APNG in) was told to write `in.png` — its own
    /// input — to keep the soft pixels; a name that is one of the run's inputs gets `.apng`.
    @Test func theSoftAlphaNoteNeverNamesAnInput() throws {
        let folder = try Fixtures.temporaryFolder("soft-note-input")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        FileManager.default.createFile(atPath: folder + "/in.png", contents: Data([1]))
        let note = AssembleJob.softAlphaNote(share: 0.3, output: folder + "/in.gif", framePaths: [folder + "/./in.png"], alpha: .dither)
        #expect(note?.hasSuffix("write \(folder)/in.apng or \(folder)/in.webp instead") == true, "\(note ?? "none")")
        let other = AssembleJob.softAlphaNote(share: 0.3, output: folder + "/out.gif", framePaths: [folder + "/in.png"], alpha: .dither)
        #expect(other?.hasSuffix("write \(folder)/out.png or \(folder)/out.webp instead") == true, "\(other ?? "none")")
    }

    /// The note says what the alpha mode did: a matte leaves no soft pixel to dither (it said
    /// "dithers them" for every mode; third fresh-eyes round).
    @Test(arguments: [(GIF.AlphaMode.dither, "dithers them"), (.threshold, "cuts them at alpha 128"),
                      (.matte(Color(r: 32, g: 32, b: 32)), "composites them onto the matte colour")])
    func theSoftAlphaNoteSaysWhatTheAlphaModeDid(mode: GIF.AlphaMode, words: String) throws {
        var encoder = GIF.Encoder()
        encoder.alpha = mode
        let plan = try AssembleJob(sources: [Fixtures.path("sequences/unity-wispy-smoke-03b-faint")], output: "/tmp/smoke.gif",
                                   encoder: encoder).plan(cancellation: nil)
        let note = try #require(plan.notes.first { $0.contains("semi-transparent") })
        #expect(note.contains(words), "\(note)")
    }

    @Test func aUniformDurationIsOneValue() throws {
        let input = try FrameInput(count: 4, duration: 0.08) { _ in Bitmap(clearWidth: 2, height: 2) }
        #expect(input.durations == [0.08, 0.08, 0.08, 0.08])
        let play = try Animation.load([Self.coin]).playback(timing: Animation.Timing(frameDuration: 0.08))
        #expect(play.durations.allSatisfy { abs($0 - 0.08) < 1e-12 } && play.durations.count == 4)
    }

    /// A raised flag stops the encode before the next frame; nothing is written.
    @Test func aRaisedFlagStopsBeforeTheNextFrame() throws {
        let folder = try Fixtures.temporaryFolder("assemble-cancel")
        let output = "\(folder)/boom.gif"
        let flag = CancellationFlag()
        let seen = Counter()
        let job = AssembleJob(sources: [Self.explosion], output: output)
        #expect(throws: AssembleError.cancelled) {
            _ = try job.run(progress: { progress in
                seen.set(progress.done)
                if progress.done == 2 { flag.cancel() }
            }, cancellation: flag)
        }
        #expect(seen.value == 2)
        #expect(!FileManager.default.fileExists(atPath: output))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty, "no temporary file left")
    }

    /// Cancelling the task that awaits the job stops it; the async call gives what the sync one gives.
    @Test func cancellingTheTaskStopsTheJob() async throws {
        let folder = try Fixtures.temporaryFolder("assemble-task")
        let output = "\(folder)/boom.gif"
        let job = AssembleJob(sources: [Self.explosion], output: output)
        let gate = ProgressGate(at: 1)
        let seen = Counter()
        let task = Task {
            try await job.run(progress: { progress in
                seen.set(progress.done)
                // The encoding thread waits at its first frame until the task has been cancelled.
                gate.jobProgress(progress)
            })
        }
        await gate.held()
        task.cancel()
        gate.release()
        let result = await task.result
        guard case .failure(let error) = result else { Issue.record("the job finished"); return }
        #expect(error as? AssembleError == .cancelled)
        #expect(seen.value < 81)
        #expect(!FileManager.default.fileExists(atPath: output))

        let coinJob = AssembleJob(sources: [Self.coin], output: nil)
        let awaited = try await coinJob.run()
        #expect(awaited.bytes == (try coinJob.run(progress: nil, cancellation: nil)).bytes)
    }
}

/// A value set from the encoding thread and read by the test.
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var stored = 0
    func set(_ value: Int) { lock.withLock { stored = value } }
    var value: Int { lock.withLock { stored } }
}
