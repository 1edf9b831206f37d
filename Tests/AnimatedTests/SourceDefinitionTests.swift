import Animated
import Basics
import Foundation
import Testing
import TestSupport

/// Issue 44: `Validator` and `AssembleJob` read an upload by one definition (`Upload`): what
/// validates assembles, and what is refused is refused by both with the same error. Before, a
/// `License.txt` among the PNGs passed validation and was then refused by assembly, a lone GIF
/// was `noFrames` to the validator and fine to assembly, and a GIF among PNGs passed validation.
/// (A folder and an upload of the same files agree too: `SourceRuleTests`.)
/// Real sequences and GIFs from the fixtures, uploaded as a client would: every file of the folder.
@Suite("Sources: one definition of an upload")
struct SourceDefinitionTests {
    /// Every file of a real folder (its licence and notes too), each under `folder/`.
    static func upload(_ sequence: String, folder: String = "fx") throws -> [InMemoryFile] {
        let path = Fixtures.path("sequences/\(sequence)")
        let names = try FileManager.default.contentsOfDirectory(atPath: path).sorted()
        return try names.map { InMemoryFile(name: "\(folder)/\($0)", bytes: try FileIO.readAll("\(path)/\($0)")) }
    }

    static let gifs = ["gif/effects/Effect_BigHit.gif", "gif/effects/Effect_Impact.gif", "gif/effects/Effect_Explosion.gif"]

    @Test(arguments: ["kenney-gold-coin", "ansimuz-fire-bomb-pixel", "emt-watch-spinner-2x"])
    func aFolderUploadedWithItsLicenceValidatesAndAssembles(_ sequence: String) throws {
        let files = try Self.upload(sequence)
        let pngs = files.filter { $0.name.hasSuffix(".png") }
        let stray = files.filter { !$0.name.hasSuffix(".png") && !$0.name.hasSuffix("/sequence.json") }
        #expect(!stray.isEmpty && pngs.count >= 4)
        let report = try Validator().validate(files: files, cancellation: nil)
        #expect(report.fileCount == pngs.count)
        let plan = try AssembleJob(source: .files(files), output: "out.gif").plan(cancellation: nil)
        #expect(plan.animation.frames.count == report.sequences[0].frameCount)
        #expect(plan.notes.contains { $0.hasPrefix("left out, no frames: \(stray[0].name)") }, "\(plan.notes)")
        let upload = try Upload(files)
        #expect(upload.leftOut.map(\.name) == stray.map(\.name))
        #expect(upload.leftOut.allSatisfy { $0.reason == .notAnImage })
    }

    @Test(arguments: gifs)
    func aLoneGIFValidatesAsItAssembles(_ gif: String) throws {
        let file = InMemoryFile(name: FileIO.lastComponent(of: gif), bytes: try Fixtures.bytes(gif))
        let animation = try Animation.load(files: [file])
        let report = try Validator().validate(files: [file], cancellation: nil)
        #expect(report.sequences.count == 1)
        #expect(report.sequences[0].frameCount == animation.frames.count)
        #expect(report.sequences[0].frameCount > 1)
        #expect(report.findings.isEmpty)
        // With a readme beside it, it is still one GIF to both.
        let readme = InMemoryFile(name: "readme.txt", bytes: Array("an effect".utf8))
        #expect(try Validator().validate(files: [file, readme], cancellation: nil).sequences[0].frameCount == animation.frames.count)
        #expect(try Animation.load(files: [file, readme]).frames.count == animation.frames.count)
    }

    @Test func aDamagedLoneGIFIsRefusedByBothForOneReason() throws {
        let bytes = try Fixtures.bytes(Self.gifs[0])
        let file = InMemoryFile(name: "cut.gif", bytes: Array(bytes.prefix(12)))
        var loadError: Animation.LoadError?
        do { _ = try Animation.load(files: [file]) } catch { loadError = error }
        let refusal = try #require(loadError)
        #expect(throws: Validator.Error.animation(refusal)) { _ = try Validator().validate(files: [file], cancellation: nil) }
    }

    /// An upload's errors speak of the files given, not of folders and prefix paths.
    @Test func uploadErrorsSpeakOfFiles() throws {
        let readme = InMemoryFile(name: "readme.txt", bytes: Array("hi".utf8))
        var messages: [String] = []
        for files in [[], [readme]] {
            do { _ = try Animation.load(files: files); Issue.record("no frames loaded") } catch { messages.append(error.description) }
            do { _ = try Validator().validate(files: files, cancellation: nil); Issue.record("no frames validated") } catch { messages.append(error.description) }
        }
        // Two sequences with no manifest to pick one.
        let two = try Self.upload("kenney-gold-coin", folder: "a") + Self.upload("ansimuz-fire-bomb-pixel", folder: "b")
        do { _ = try Animation.load(files: two); Issue.record("two sequences loaded as one") } catch { messages.append(error.description) }
        #expect(messages.count == 5)
        for message in messages {
            #expect(!message.contains("folder") && !message.contains("prefix"), "\(message)")
            #expect(message.contains("the files given"), "\(message)")
        }
    }

    /// One folder spelled two ways among files in memory is one folder (it was two sequences).
    @Test func oneFolderSpelledTwoWaysInMemoryIsOneSequence() throws {
        let files = try Self.upload("kenney-gold-coin").enumerated().map { index, file in
            index.isMultiple(of: 2) ? InMemoryFile(name: "./" + file.name, bytes: file.bytes) : file
        }
        #expect(files.count == 6)
        let animation = try Animation.load(files: files)
        #expect(animation.frames.count == 4)
        #expect(try Validator().validate(files: files, cancellation: nil).sequences.map(\.frameCount) == [4])
    }

    /// `-` is no source: every reader says standard input is not read, not "no such file".
    @Test func standardInputIsSaidToBeUnsupported() throws {
        #expect(throws: Animation.LoadError.discovery(.standardInput)) { _ = try Animation.load(["-"]) }
        #expect(throws: Validator.Error.source(.standardInput)) { _ = try Validator().validate(["-"], cancellation: nil) }
        #expect(throws: AssembleError.source(.discovery(.standardInput))) { _ = try AssembleJob(sources: ["-"], output: nil).plan(cancellation: nil) }
        #expect(throws: Discovery.Error.standardInput) { _ = try Discovery.images(from: ["-"]) }
        #expect(Discovery.Error.standardInput.description.contains("not read from standard input"))
    }
}
