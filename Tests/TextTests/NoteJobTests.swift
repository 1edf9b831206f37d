import Basics
import Foundation
import Raster
import Testing
import TestSupport
import Text

/// The note as a job of the one shape (docs/Design.md, "The shape of a job"; issue 44): paths, a
/// URL or files in memory, settings errors as values, the output contract, sync and `async`,
/// progress with a phase. Before it, `flipbook note` made five library calls (decode the chrome,
/// pick its @Nx file, read the font, render, write) and a Swift caller repeated them.
@Suite struct NoteJobTests {
    static let insets = NineSlice.Insets(top: 37, left: 12, bottom: 12, right: 12)
    static let chrome = Fixtures.path("text/chrome/note-chrome.png")
    static let text = "Tap to explode."

    /// The bytes `Note` renders at 2x from the fixture's @2x chrome: what every form must give.
    static func expected() throws -> [UInt8] {
        let chrome = try PNG.Decoder().decodeBitmap(file: Fixtures.path("text/chrome/note-chrome@2x.png"))
        let note = Note(text: text, style: TextStyle(font: try Font.standard(), size: 25), chrome: chrome, insets: insets)
        return try PNG.Encoder().encode(try note.render(scale: 2))
    }

    @Test func aPathPicksTheChromesScaleFileAndWritesThePNG() throws {
        let folder = try Fixtures.temporaryFolder("note-job")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var job = NoteJob(text: Self.text, chrome: Self.chrome, insets: Self.insets, output: folder + "/new/tip@2x.png")
        job.fontSize = 25
        let outcome = try job.run(cancellation: nil)
        #expect(outcome.files == [folder + "/new/tip@2x.png"])
        #expect(outcome.chromeFile == Fixtures.path("text/chrome/note-chrome@2x.png"))
        #expect(outcome.scale == 2 && outcome.lines == 1 && outcome.bytes.isEmpty)
        #expect(try FileIO.readAll(folder + "/new/tip@2x.png") == Self.expected())
        // A rerun replaces its own file; the chrome is an input and is never written over.
        _ = try job.run(cancellation: nil)
        job.output = Fixtures.path("text/chrome/note-chrome@2x.png")
        #expect(throws: NoteError.self) { try job.plan(cancellation: nil) }
        do throws(NoteError) { _ = try job.plan(cancellation: nil) } catch {
            guard case .output(.overwritesInput) = error else { Issue.record("\(error)"); return }
        }
    }

    @Test func aURLAndFilesInMemoryGiveTheSameNote() throws {
        var byURL = NoteJob(text: Self.text, url: URL(fileURLWithPath: Self.chrome), insets: Self.insets, output: nil)
        byURL.fontSize = 25
        byURL.scale = 2
        #expect(try byURL.run(cancellation: nil).bytes == Self.expected())
        let upload = InMemoryFile(name: "note-chrome@2x.png", bytes: try FileIO.readAll(Fixtures.path("text/chrome/note-chrome@2x.png")))
        var inMemory = NoteJob(text: Self.text, chrome: upload, insets: Self.insets)
        inMemory.fontSize = 25
        inMemory.scale = 2
        let outcome = try inMemory.run(cancellation: nil)
        #expect(outcome.bytes == (try Self.expected()) && outcome.files.isEmpty && outcome.chromeFile == "note-chrome@2x.png")
    }

    @Test func settingsAreRefusedAsValuesBeforeAnyFileIsRead() {
        let cases: [(WritableKeyPath<NoteJob, Double>, Double, SettingError.Setting)] = [
            (\.fontSize, 0, .fontSize), (\.fontSize, .nan, .fontSize), (\.maxWidth, -1, .maxWidth), (\.lineSpacing, .infinity, .lineSpacing),
        ]
        for (key, value, setting) in cases {
            var job = NoteJob(text: "a", chrome: "/nonexistent/chrome.png", insets: Self.insets, output: nil)
            job[keyPath: key] = value
            do throws(NoteError) { _ = try job.plan(cancellation: nil); Issue.record("\(setting) \(value) accepted") } catch {
                guard case .setting(let error) = error else { Issue.record("\(error)"); continue }
                #expect(error.setting == setting)
            }
        }
        var job = NoteJob(text: "a", chrome: "/nonexistent/chrome.png", insets: Self.insets, output: nil)
        job.scale = 4
        #expect(throws: NoteError.setting(SettingError(.scale, of: "NoteJob", value: 4, allowed: .range(1...3)))) { try job.plan(cancellation: nil) }
        job.scale = 1
        do throws(NoteError) { _ = try job.plan(cancellation: nil) } catch {
            guard case .chrome(let error) = error else { Issue.record("\(error)"); return }
            #expect(error.description.contains("/nonexistent/chrome.png"))
        }
    }

    /// Insets out of range were `.text(.chrome(…))`, found after the chrome was decoded, and said
    /// the chrome's points as "px": a form could not put the error beside the insets field. They
    /// are `.setting` (setting `.insets`) now: NaN, negative or huge before any file is read; too
    /// large for the chrome in points, at the note's scale, before any text is set.
    @Test func insetsAreASetting() throws {
        for bad in [Double.nan, -1, 1e9, .infinity] {
            let job = NoteJob(text: "a", chrome: "/nonexistent/chrome.png", insets: .init(top: bad, left: 12, bottom: 12, right: 12), output: nil)
            do throws(NoteError) { _ = try job.plan(cancellation: nil); Issue.record("top \(bad) accepted") } catch {
                guard case .setting(let error) = error else { Issue.record("\(error)"); continue }
                #expect(error.setting == .insets && error.allowed == .interval(0...100_000), "\(error)")
            }
        }
        let upload = InMemoryFile(name: "note-chrome@2x.png", bytes: try FileIO.readAll(Fixtures.path("text/chrome/note-chrome@2x.png")))
        let chrome = try PNG.Decoder().decodeBitmap(upload.bytes, file: upload.name)
        var job = NoteJob(text: "a", chrome: upload, insets: .init(top: 60, left: 12, bottom: 12, right: 12))
        job.scale = 2
        let points = (Double(chrome.width) / 2, Double(chrome.height) / 2)
        do throws(NoteError) { _ = try job.plan(cancellation: nil); Issue.record("insets over the chrome accepted") } catch {
            guard case .setting(let error) = error else { Issue.record("\(error)"); return }
            #expect(error.setting == .insets && error.allowed == .capInsets(width: points.0, height: points.1))
            #expect(error.description == "NoteJob.insets must leave the chrome a centre: left + right under \(Int(points.0)) and top + bottom under "
                    + "\(Int(points.1)) (points) (got top 60, left 12, bottom 12, right 12): the chrome note-chrome@2x.png is \(Int(points.0))×\(Int(points.1)) pt "
                    + "at @2x (\(chrome.width)×\(chrome.height) px), and a note grows the chrome's centre, so the insets, each rounded to whole pixels at @2x, must leave one")
            #expect(NoteError.setting(error).settingError == error)
        }
        // Just inside: a centre of one pixel each way is enough.
        job.insets = .init(top: points.1 - 12 - 0.5, left: 12, bottom: 12, right: points.0 - 12 - 0.5)
        #expect(try job.run(cancellation: nil).width > 0)
    }

    @Test func asyncPlanOnceWriteWithProgress() async throws {
        let upload = InMemoryFile(name: "note-chrome@2x.png", bytes: try FileIO.readAll(Fixtures.path("text/chrome/note-chrome@2x.png")))
        var job = NoteJob(text: Self.text, chrome: upload, insets: Self.insets)
        job.fontSize = 25
        job.scale = 2
        // The plan reports its reading, as every job's plan does.
        let read = Reports()
        let plan = try await job.plan(progress: { read.add($0) })
        #expect(read.all.map(\.phase) == [.reading, .reading] && read.all.last?.fraction == 1)
        let seen = Reports()
        let outcome = try await job.run(plan, progress: { seen.add($0) })
        #expect(outcome.bytes == (try Self.expected()))
        let reports = seen.all
        #expect(reports.map(\.phase) == [.reading, .encoding, .writing])
        #expect(zip(reports, reports.dropFirst()).allSatisfy { $0.fraction <= $1.fraction } && reports.last?.fraction == 1)
        let cancelled = Task { () async throws(NoteError) -> NoteJob.Outcome in
            withUnsafeCurrentTask { $0?.cancel() }
            return try await job.run()
        }
        await #expect(throws: NoteError.cancelled) { try await cancelled.value }
    }

    final class Reports: @unchecked Sendable {
        private let lock = NSLock()
        private var reports: [JobProgress] = []
        func add(_ report: JobProgress) { lock.withLock { reports.append(report) } }
        var all: [JobProgress] { lock.withLock { reports } }
    }

    /// An animated PNG given as the chrome was drawn from its first frame without a word; it is
    /// refused as every still image is (from a path and from memory), naming the file.
    @Test func anAnimatedChromeIsRefused() throws {
        let path = Fixtures.path("apng-decoders/pillow-over-semi-transparent.png")
        let upload = InMemoryFile(name: "bubble.png", bytes: try FileIO.readAll(path))
        for job in [NoteJob(text: "Hi", chrome: path, insets: .init(top: 0, left: 0, bottom: 0, right: 0), output: nil),
                    NoteJob(text: "Hi", chrome: upload, insets: .init(top: 0, left: 0, bottom: 0, right: 0))] {
            do throws(NoteError) {
                _ = try job.run(cancellation: nil)
                Issue.record("an APNG chrome made a note")
            } catch {
                let file = if case .memory = job.chrome { "bubble.png" } else { path }
                #expect(error == .chrome(.animated(file: file)))
                #expect(error.description.contains("an animated PNG (APNG) where a still image is read"))
            }
        }
    }
}
