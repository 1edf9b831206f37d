import Animated
import Atlas
import Foundation
import FrameGen
import GIF
import Raster
import Testing
import TestSupport

/// The README's Swift examples, statement for statement, so that they compile with the libraries
/// (a renamed or removed API breaks this target) and run: each example below is the body of a
/// README ```swift block without its `import` lines, and a test checks the README still says
/// exactly this.
@Suite("README examples", .serialized)
struct ReadmeExamplesTests {
    // README example 1 begin
    static func example1() async throws {
        let animation = try Animation.load(["Sequences/kenney-robot-walk"])   // nothing decoded yet; a GIF reads too
        let shown = try animation.frameIndex(at: 0.12)                          // 3 (nil without frames): what UIImageView shows at 0.12 s
        let report = try await Validator(deep: true).validate(["Sequences"])  // the rules of `flipbook validate`

        // `flipbook assemble`: its rules and refusals (AssembleError); `output: nil` returns the bytes.
        var assemble = AssembleJob(sources: ["Sequences/kenney-robot-walk"], output: "walk.gif")
        assemble.timing = Animation.Timing(fps: 12)                         // delays, then duration, then fps
        let gif = try await assemble.run()                                  // cancelled with its task; sync: run(cancellation:)
        for frame in try GIF.Decoder(file: "walk.gif").allFrames() { print(frame.duration, frame.image.width) }  // seconds

        // `flipbook sheet --engine godot4`: plan (read, pack, lay out), look, then write as one set.
        let job = SheetJob(sources: ["Sequences/kenney-robot-walk"], output: "walk-sheet.png", engine: .godot4,
                           builder: SheetBuilder(trim: true))
        let plan = try await job.plan()
        try await job.write(plan)
        let pixi = job.forEngine(.pixi, output: "walk-pixi.png")            // the same packing, for PixiJS
        try await pixi.write(try pixi.plan(reusing: plan))

        let image = try PNG.Decoder().decode(file: "walk-sheet.png")     // header + straight RGBA8, raw values
        let bitmap = try PNG.Decoder().decodeBitmap(file: "walk-sheet.png")  // straight RGBA8 as in the file
        try PNG.Encoder().write(bitmap, to: "copy.png")                  // smallest lossless form, atomic
        // README example 1 end
        #expect(shown == 3 && !report.hasErrors && gif.report.framesWritten == animation.frames.count)
        #expect(FileManager.default.fileExists(atPath: "walk-pixi.json"))
        #expect(plan.sheets[0].sprites.count == animation.frames.count && image.header.width == bitmap.width)
    }

    // README example 2 begin
    static func example2() throws {
        var canvas = try Canvas(width: 120, height: 80, scale: 2)       // points, like UIGraphicsBeginImageContext
        canvas.fill(try Path(svg: "M10 70 Q60 -20 110 70 Z"), color: Color(hex: "#E07000")!)
        canvas.stroke(Path(circleAt: Point(60, 45), radius: 20), color: .black,
                      style: StrokeStyle(width: 3, cap: .round, join: .round, dash: [6, 4]))
        let picture = canvas.makeBitmap()                             // 240×160 px, scale 2
        let seagull = Seagull(frameCount: 12)                          // any generator: frame(i) on demand
        let writer = try SequenceWriter(folder: "gulls", prefix: "gull")  // gull1.png … gull12.png
        try writer.writeFrames(count: seagull.frameCount) { try seagull.frame($0) }  // on every core
        try writer.commit(manifest: SequenceManifest(name: "gull", fps: 12))      // + sequence.json, as one set
        // README example 2 end
        #expect(picture.width == 240 && picture.height == 160)
        #expect(FileManager.default.fileExists(atPath: "gulls/gull12.png") && FileManager.default.fileExists(atPath: "gulls/sequence.json"))
    }

    /// README.md's ```swift blocks, import lines and blank lines left out.
    static func readmeBlocks() throws -> [[String]] { try DocExamples.blocks(of: "README.md") }

    /// Example `n` of this file, unindented, blank lines left out.
    static func sourceExample(_ n: Int) throws -> [String] { try DocExamples.source("README example \(n)", in: #filePath) }

    @Test func readmeSaysWhatThisFileCompiles() throws {
        let blocks = try Self.readmeBlocks()
        #expect(blocks.count == 2, "the README has \(blocks.count) Swift blocks; this file holds 2")
        for (index, block) in blocks.enumerated() {
            #expect(block == (try Self.sourceExample(index + 1)), "README block \(index + 1) differs from example\(index + 1)()")
        }
    }

    @Test func examplesRunInACopyOfTheSequences() async throws {
        let folder = try Fixtures.temporaryFolder("readme")
        try FileManager.default.createDirectory(atPath: folder + "/Sequences", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Fixtures.repository + "/Sequences/kenney-robot-walk",
                                         toPath: folder + "/Sequences/kenney-robot-walk")
        // The examples use paths relative to a clone's root, as a reader would run them: run them
        // in the copy (the suite is serialized; no other suite of this target changes directory).
        let previous = FileManager.default.currentDirectoryPath
        defer { _ = FileManager.default.changeCurrentDirectoryPath(previous) }
        #expect(FileManager.default.changeCurrentDirectoryPath(folder))
        try await Self.example1()
        try Self.example2()
    }
}
