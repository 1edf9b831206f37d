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
    /// returns the files written. The packing and each write run off Swift's cooperative pool
    /// (`SheetJob`'s `async` `plan` and `write`); `progress` receives the packing's frames decoded.
    /// Cancelling the task stops the packing before its next frame, and the writing before the
    /// next engine's files.
    public func run(sources: [String], into folder: String,
                    progress: (@Sendable (JobProgress) -> Void)? = nil) async throws(SheetJobError) -> [String] {
        guard let first = engines.first else { return [] }
        let job = SheetJob(sources: sources, output: "\(folder)/sheet-\(first.rawValue).png", engine: first, builder: builder)
        let packed = try await job.plan(progress: progress)
        var written: [String] = []
        for engine in engines {
            let other = job.forEngine(engine, output: "\(folder)/sheet-\(engine.rawValue).png")
            let plan = engine == first ? packed : try other.plan(reusing: packed)
            try await other.write(plan)
            written += plan.files.map(\.path)
        }
        return written
    }
}
