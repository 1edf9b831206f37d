import Atlas
import Basics

/// A build step that packs sprite folders once and writes the sheet for several engines, as a
/// game's asset pipeline would before a Phaser web build and a Godot desktop build.
public struct SheetStep: Sendable {
    /// The engines to write for, each into its own files.
    public var engines: [SheetEngine]
    /// How the sprites are packed.
    public var builder: SheetBuilder

    /// A step writing for `engines`.
    public init(engines: [SheetEngine], builder: SheetBuilder = SheetBuilder(trim: true)) {
        self.engines = engines
        self.builder = builder
    }

    /// Packs `sources` once and writes `folder/sheet-ENGINE.png` (and its data) for every engine;
    /// returns the files written. Cancelling the task stops it before anything is written.
    public func run(sources: [String], into folder: String) async throws(SheetJobError) -> [String] {
        guard let first = engines.first else { return [] }
        let job = SheetJob(sources: sources, output: "\(folder)/sheet-\(first.rawValue).png", engine: first, builder: builder)
        let packed = try await job.run()
        var written = packed.files.map(\.path)
        for engine in engines.dropFirst() {
            if Task.isCancelled { throw .cancelled }
            let other = job.forEngine(engine, output: "\(folder)/sheet-\(engine.rawValue).png")
            let plan = try other.plan(reusing: packed)
            try other.write(plan)
            written += plan.files.map(\.path)
        }
        return written
    }
}
