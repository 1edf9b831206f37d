import ArgumentParser
import Basics

/// Resource-limit flags (``ResourceLimits``; defaults far above real assets), in groups so that
/// each command offers exactly the limits it applies: `slice --help` lists `--max-pixels` only,
/// and `slice --max-edges 5` is refused as an unknown option rather than accepted and ignored.
protocol LimitFlags: ParsableArguments {
    /// Sets the limits these flags hold.
    func apply(to limits: inout ResourceLimits)
}

/// `--max-pixels`: every command that decodes or makes an image.
struct PixelLimit: LimitFlags {
    @Option(parsing: .unconditional, help: ArgumentHelp("The most pixels an image may have (width × height); larger ones are refused.", valueName: "pixels"))
    var maxPixels = ResourceLimits.default.maxPixels

    func validate() throws { try requirePositive(maxPixels, "--max-pixels") }
    func apply(to limits: inout ResourceLimits) { limits.maxPixels = maxPixels }
}

/// `--max-frames`: commands that read a GIF or make a number of frames.
struct FrameLimit: LimitFlags {
    @Option(parsing: .unconditional, help: ArgumentHelp("The most frames an animation may have; longer ones are refused.", valueName: "count"))
    var maxFrames = ResourceLimits.default.maxFrames

    func validate() throws { try requirePositive(maxFrames, "--max-frames") }
    func apply(to limits: inout ResourceLimits) { limits.maxFrames = maxFrames }
}

/// `--max-output-pixels`: commands that write frames whose sizes a data file states (`frames` of a sheet, a GIF, an APNG or a
/// WebP; `assemble` of a GIF, an APNG or a WebP, whose frames it holds).
struct OutputPixelLimit: LimitFlags {
    @Option(parsing: .unconditional, help: ArgumentHelp("The most pixels of frames written in all (the sum of width × height); more are refused.", valueName: "pixels"))
    var maxOutputPixels = ResourceLimits.default.maxOutputPixels

    func validate() throws { try requirePositive(maxOutputPixels, "--max-output-pixels") }
    func apply(to limits: inout ResourceLimits) { limits.maxOutputPixels = maxOutputPixels }
}

/// `--max-path-segments`: commands that read path data or strokes.
struct PathSegmentLimit: LimitFlags {
    @Option(parsing: .unconditional, help: ArgumentHelp("The most segments path data may have; more are refused.", valueName: "count"))
    var maxPathSegments = ResourceLimits.default.maxPathSegments

    func validate() throws { try requirePositive(maxPathSegments, "--max-path-segments") }
    func apply(to limits: inout ResourceLimits) { limits.maxPathSegments = maxPathSegments }
}

/// `--max-drawing-work`: commands that draw paths over many frames (`render`, `generate stroke`,
/// `generate explosion`) or many at once (`draw`).
struct DrawingWorkLimit: LimitFlags {
    @Option(parsing: .unconditional,
            help: ArgumentHelp("The most drawing done over all the frames, in pixels' worth (the default is about three minutes "
                               + "on one core): a pixel painted counts 1, composited 3, decoded 3 (a sequence frame's, each time it "
                               + "shows: 11 for a 16-bit or interlaced PNG, and 2 a byte of its file), blurred 8, resampled 25; an edge 200 and each row it crosses 32; segments × frames are "
                               + "checked first, then the frames together as they draw.",
                               valueName: "units"))
    var maxDrawingWork = ResourceLimits.default.maxDrawingWork

    func validate() throws { try requirePositive(maxDrawingWork, "--max-drawing-work") }
    func apply(to limits: inout ResourceLimits) { limits.maxDrawingWork = maxDrawingWork }
}

/// `--max-edges`: commands that fill, stroke or clip paths.
struct EdgeLimit: LimitFlags {
    @Option(parsing: .unconditional, help: ArgumentHelp("The most edges a fill or stroke may flatten to; more are refused.", valueName: "count"))
    var maxEdges = ResourceLimits.default.maxFlattenedEdges

    func validate() throws { try requirePositive(maxEdges, "--max-edges") }
    func apply(to limits: inout ResourceLimits) { limits.maxFlattenedEdges = maxEdges }
}

/// `--max-memory`: commands that hold many decoded frames at once.
struct MemoryLimit: LimitFlags {
    @Option(parsing: .unconditional, help: ArgumentHelp("The most MiB of decoded pixels held at once; more are refused.", valueName: "MiB"))
    var maxMemory = ResourceLimits.default.maxDecodedBytes >> 20

    func validate() throws {
        try requirePositive(maxMemory, "--max-memory")
        guard maxMemory <= Int.max >> 20 else { throw OptionRefusal.error("--max-memory", maxMemory, takes: "a positive number of MiB, at most \(Int.max >> 20)") }
    }
    func apply(to limits: inout ResourceLimits) { limits.maxDecodedBytes = maxMemory << 20 }
}

private func requirePositive(_ value: Int, _ flag: String) throws {
    guard value > 0 else { throw OptionRefusal.error(flag, value, takes: "a positive number") }
}

extension ResourceLimits {
    /// The defaults, with what the given flags set.
    init(_ flags: any LimitFlags...) {
        self = .default
        for group in flags { group.apply(to: &self) }
    }
}
