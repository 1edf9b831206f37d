import Animated
import Basics
import Foundation
import Testing
import TestSupport

/// Issue 44: a folder and an upload of the same files are one source, read by one rule
/// (docs/Design.md, "Sources: one definition"). Before, a GIF among PNGs was skipped without a
/// word in a folder but refused in an upload, and a folder holding one lone GIF was "no frames"
/// while the same GIF uploaded was read as an animation. Each test runs the same real files both
/// ways, through `Validator`, `Animation.load` and `AssembleJob`.
@Suite("Sources: a folder and an upload of the same files agree")
struct SourceRuleTests {
    /// How the files reach the readers.
    enum Form: String, CaseIterable, CustomTestStringConvertible {
        case folder, upload
        var testDescription: String { rawValue }
    }

    /// The same files, in a folder or in memory.
    struct Source {
        var form: Form
        var files: [InMemoryFile]
        var folder = ""

        init(_ form: Form, _ files: [InMemoryFile]) throws {
            self.form = form
            self.files = files
            if form == .folder {
                folder = try Fixtures.temporaryFolder("source-rule")
                for file in files { try Data(file.bytes).write(to: URL(fileURLWithPath: folder + "/" + file.name)) }
            }
        }

        /// How readers name `file` of this source: its path in the folder, or its name.
        func name(_ file: String) -> String { form == .folder ? folder + "/" + file : file }

        /// How errors name the source: its folder, or ``Discovery/filesGiven``.
        var sourceName: String { form == .folder ? folder : Discovery.filesGiven }

        func validate(_ validator: Validator = Validator()) throws(Validator.Error) -> ValidationReport {
            form == .folder ? try validator.validate([folder], cancellation: nil) : try validator.validate(files: files, cancellation: nil)
        }

        func load() throws(Animation.LoadError) -> Animation {
            form == .folder ? try Animation.load([folder]) : try Animation.load(files: files)
        }

        func plan() throws(AssembleError) -> AssembleJob.Plan {
            form == .folder ? try AssembleJob(sources: [folder], output: nil).plan(cancellation: nil) : try AssembleJob(source: .files(files), output: nil).plan(cancellation: nil)
        }
    }

    static let coins = (1...4).map { "sequences/kenney-gold-coin/gold_\($0).png" }
    static let gif = "gif/effects/Effect_BigHit.gif"

    static func file(_ fixture: String, as name: String? = nil) throws -> InMemoryFile {
        InMemoryFile(name: name ?? FileIO.lastComponent(of: fixture), bytes: try Fixtures.bytes(fixture))
    }

    /// A GIF beside PNG frames (a preview exported next to them) is no frame: the frames validate
    /// and assemble, and the job says the GIF was left out. Validation of a folder on disk judges
    /// the GIF too, as its own sequence (a cut one was passed over: fresh eyes round 13).
    @Test(arguments: Form.allCases)
    func aGIFBesidePNGFramesIsLeftOutWithANote(_ form: Form) throws {
        let files = try Self.coins.map { try Self.file($0) } + [Self.file(Self.gif, as: "preview.gif")]
        #expect(files.count == 5)
        let source = try Source(form, files)
        let report = try source.validate()
        let gifFrames = try Animation.load(gif: Fixtures.bytes(Self.gif), file: "preview.gif").frames.count
        #expect(report.fileCount == (form == .folder ? 5 : 4))
        #expect(report.sequences.map(\.frameCount) == (form == .folder ? [4, gifFrames] : [4]))
        #expect(!report.hasErrors)
        #expect(try source.load().frames.count == 4)
        let plan = try source.plan()
        #expect(plan.animation.frames.count == 4)
        #expect(plan.notes.contains { $0.hasPrefix("left out, no frames: \(source.name("preview.gif")) (an animation") }, "\(plan.notes)")
    }

    /// A source whose only image is a GIF (a licence beside it) is that GIF, to every reader.
    @Test(arguments: Form.allCases)
    func aLoneGIFIsTheAnimation(_ form: Form) throws {
        let gif = try Self.file(Self.gif, as: "boom.gif")
        let expected = try Animation.load(gif: gif.bytes, file: "boom.gif").frames.count
        #expect(expected > 1)
        let source = try Source(form, [gif, InMemoryFile(name: "License.txt", bytes: Array("CC0".utf8))])
        let report = try source.validate()
        #expect(report.sequences.map(\.frameCount) == [expected])
        #expect(report.sequences.map(\.name) == [source.name("boom.gif")])
        #expect(report.fileCount == 1 && report.findings.isEmpty)
        #expect(try source.load().frames.count == expected)
        #expect(try source.plan().animation.frames.count == expected)
    }

    /// Two GIFs and no PNG: nothing says which is meant, and every reader refuses it alike — but
    /// validation of a folder on disk, which checks every file of it and judges each GIF as its
    /// own sequence (fresh eyes round 13: the same two GIFs one folder down were judged).
    @Test(arguments: Form.allCases)
    func twoLoneGIFsAreRefusedAlike(_ form: Form) throws {
        let source = try Source(form, [try Self.file(Self.gif, as: "a.gif"), try Self.file("gif/effects/Effect_Impact.gif", as: "b.gif")])
        let refusal = Discovery.Error.severalAnimations(source: source.sourceName, animations: [source.name("a.gif"), source.name("b.gif")])
        if form == .folder {
            let report = try source.validate()
            #expect(report.sequences.map(\.name) == [source.name("a.gif"), source.name("b.gif")] && report.fileCount == 2)
            #expect(report.findings.isEmpty, "\(report.findings)")
        } else {
            #expect(throws: Validator.Error.source(refusal)) { _ = try source.validate() }
        }
        #expect(throws: Animation.LoadError.discovery(refusal)) { _ = try source.load() }
        #expect(refusal.description.hasSuffix("no PNG frames but 2 animations (\(source.name("a.gif")), \(source.name("b.gif"))): "
                                              + "each GIF, APNG or WebP is read on its own; give the one to read"))
    }

    /// A GIF cut short is read leniently (the frames it holds kept) with a warning; the validator
    /// judges it: cut inside a frame, it lost frames, an `animation.frames-lost` error in every
    /// report format, where it used to call the file clean (then a warning, exit 0).
    @Test(arguments: Form.allCases)
    func aCutGIFIsAFramesLostError(_ form: Form) throws {
        let whole = try Fixtures.bytes(Self.gif)
        let cut = InMemoryFile(name: "cut.gif", bytes: Array(whole.prefix(whole.count * 2 / 3)))
        let read = try Animation.load(gif: cut.bytes, file: "cut.gif")
        #expect(!read.warnings.isEmpty && !read.frames.isEmpty)
        let source = try Source(form, [cut])
        let report = try source.validate()
        // Cut inside a frame's pixels: frames are lost, an error by default (CI goes red).
        let found = report.findings.filter { $0.rule == .animationFramesLost }
        #expect(found.count == read.warnings.count && !found.isEmpty)
        #expect(found.allSatisfy { $0.severity == .error && $0.file == source.name("cut.gif") })
        // The decoder's own words, naming the file as the source names it.
        #expect(found.map(\.message) == read.warnings.map { $0.replacingOccurrences(of: "cut.gif", with: source.name("cut.gif")) })
        #expect(report.hasErrors)
        for format in [ReportFormat.json, .sarif] {
            #expect(format.render(report, base: source.folder).contains("animation.frames-lost"), "\(format)")
        }
        // `.flipbook.json` can make it a warning, as any rule.
        var lenient = ValidationConfig()
        lenient.severities[.animationFramesLost] = .warning
        #expect(try !source.validate(Validator(config: lenient)).hasErrors)
    }

    /// The validator reports progress as every job does: `JobProgress` in the `reading` phase,
    /// a fraction that never goes backwards and ends at 1 with every file counted.
    @Test(arguments: Form.allCases)
    func validationProgressIsAJobProgress(_ form: Form) throws {
        let source = try Source(form, try Self.coins.map { try Self.file($0) })
        let log = ProgressLog()
        let report = form == .folder
            ? try Validator().validate([source.folder], progress: log.callback, cancellation: nil)
            : try Validator().validate(files: source.files, progress: log.callback, cancellation: nil)
        let reports = log.values
        #expect(report.fileCount == 4)
        #expect(!reports.isEmpty && reports.allSatisfy { $0.phase == .reading && $0.attempt == 1 })
        #expect(log.neverGoesBackwards)
        #expect(reports.last?.fraction == 1 && reports.last?.done == 4 && reports.last?.total == 4)
    }
}
