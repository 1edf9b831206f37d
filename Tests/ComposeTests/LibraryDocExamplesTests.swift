import Animated
import Basics
import Compose
import Foundation
import FrameGen
import Raster
import Testing
import TestSupport
import Text

/// docs/Library.md's Swift blocks for scenes and notes, statement for statement, so that they
/// compile with the libraries: its RenderJob example called `try memory.run()` after `try await
/// job.run()` in the same block, which in an async function is "expression is 'async' but is not
/// marked with 'await'" (found by a fresh-eyes server developer). Each example below is the body
/// of a block without its `import` lines, inside a function that gives its free names
/// (`sceneBytes`, `uploadedFiles`, `upload`); a test checks the docs still say exactly this.
@Suite("docs/Library.md examples: scenes and notes")
struct LibraryDocExamplesTests {
    // Library.md example layers begin
    static func layers() throws {
        let gull = Seagull(width: 64, height: 32)
        let flap = try Animation(frames: (0..<gull.frameCount).map { .bitmap(try gull.frame($0)) }, duration: 1)
        let across = try BasicAnimation<Point>(from: Point(-40, 60), to: Point(360, 60),
                                               timing: MediaTiming(duration: 4, repeatCount: .infinity))
        let bird = Layer(name: "gull", content: .sequence(try SequenceContent(animation: flap)),
                         bounds: Rect(width: 64, height: 32), animations: [.position(.basic(across))])
        let sky = Layer(name: "sky", bounds: Rect(width: 320, height: 120), position: Point(160, 60), sublayers: [bird])
        let frame = try LayerRenderer(root: sky, width: 320, height: 120).render(at: 1.5)   // a Bitmap
        // Library.md example layers end
        _ = frame
    }

    // Library.md example render begin
    static func render(sceneBytes: [UInt8], uploadedFiles: [InMemoryFile]) async throws {
        var job = RenderJob(scene: "Examples/seagull-flight.json", output: "flight.gif")
        job.fps = 12
        let outcome = try await job.run()          // frames drawn on every core, streamed into the GIF
        // From an upload: the scene and the files it names, nothing written to disk.
        let memory = RenderJob(scene: InMemoryFile(name: "scene.json", bytes: sceneBytes),
                               files: uploadedFiles, format: .webp)
        do throws(RenderError) {
            let webp = try await memory.run().bytes   // blocking instead: try memory.run(cancellation: nil)
        } catch .scene(let problem) {
            print(problem)                         // scene.json: layers[0].positon: … did you mean "position"?
        }
        // A folder of frames or a sprite sheet in memory: Outcome.encodedFiles holds the files a render
        // to disk writes (scene1.png … and sequence.json; scene.png and scene.json), named after the scene.
        var sheet = memory
        sheet.format = .sheet                      // sheetFormat picks the engine's data (TexturePacker's JSON hash by default)
        let files = try await sheet.run().encodedFiles
        // Library.md example render end
        _ = (outcome, files)
    }

    // Library.md example note begin
    static func note() throws {
        let chrome = try PNG.Decoder().decodeBitmap(file: "chrome@2x.png")       // scale 2, from the name
        let note = Note(text: "Tap to explode.", style: TextStyle(font: try Font.standard(), size: 25),
                        chrome: chrome, chromeName: "chrome@2x.png",
                        insets: NineSlice.Insets(top: 37, left: 12, bottom: 12, right: 12))
        let bitmap = try note.render(scale: 2)                                   // hugs the wrapped text
        // Library.md example note end
        _ = bitmap
    }

    // Library.md example noteJob begin
    static func noteJob(upload: [UInt8]) async throws {
        var job = NoteJob(text: "Tap to explode.", chrome: InMemoryFile(name: "chrome@2x.png", bytes: upload),
                          insets: NineSlice.Insets(top: 37, left: 12, bottom: 12, right: 12))
        job.fontSize = 25
        do throws(NoteError) {
            let png = try await job.run().bytes
        } catch .setting(let refusal) {
            print(refusal.setting, refusal)        // fontSize NoteJob.fontSize must be above 0, at most 1000 (got 0)
        }
        // Library.md example noteJob end
    }

    // Library.md example decoderByBytes begin
    static func decoderByBytes() throws {
        func playTime(ofUpload upload: [UInt8], named name: String) throws(AnimationDecodeError) -> Double {
            let reader = try Animation.decoder(bytes: upload, file: name)   // GIF, APNG or WebP, by the bytes
            var seconds = 0.0
            while let frame = try reader.nextFrame() { seconds += frame.playedDuration }
            return seconds
        }
        // Library.md example decoderByBytes end
        _ = playTime
    }

    /// docs/Library.md's ```swift blocks, import lines and blank lines left out.
    static func libraryBlocks() throws -> [[String]] { try DocExamples.blocks(of: "docs/Library.md") }

    /// Example `name` of this file, unindented, blank lines left out.
    static func sourceExample(_ name: String) throws -> [String] { try DocExamples.source("Library.md example \(name)", in: #filePath) }

    @Test(arguments: ["layers", "render", "note", "noteJob", "decoderByBytes"])
    func libraryMdSaysWhatThisFileCompiles(name: String) throws {
        let example = try Self.sourceExample(name)
        #expect(example.count > 3, "example \(name) not found in this file")
        #expect(try Self.libraryBlocks().contains(example), "docs/Library.md has no Swift block equal to example \(name)")
    }
}
