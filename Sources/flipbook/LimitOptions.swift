import ArgumentParser
import Basics

/// The resource-limit flags every command that reads input or makes images shares
/// (``ResourceLimits``; defaults far above real assets).
struct LimitOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Refuse images of more pixels (width × height).", valueName: "pixels"))
    var maxPixels = ResourceLimits.default.maxPixels
    @Option(help: ArgumentHelp("Refuse animations of more frames.", valueName: "count"))
    var maxFrames = ResourceLimits.default.maxFrames
    @Option(help: ArgumentHelp("Refuse path data of more segments.", valueName: "count"))
    var maxPathSegments = ResourceLimits.default.maxPathSegments
    @Option(help: ArgumentHelp("Refuse fills and strokes that flatten to more edges.", valueName: "count"))
    var maxEdges = ResourceLimits.default.maxFlattenedEdges
    @Option(help: ArgumentHelp("Refuse to hold more MiB of decoded pixels at once.", valueName: "MiB"))
    var maxMemory = ResourceLimits.default.maxDecodedBytes >> 20

    func validate() throws {
        for (value, flag) in [(maxPixels, "--max-pixels"), (maxFrames, "--max-frames"), (maxPathSegments, "--max-path-segments"),
                              (maxEdges, "--max-edges"), (maxMemory, "--max-memory")] where value <= 0 {
            throw ValidationError("\(flag) must be positive.")
        }
        guard maxMemory <= Int.max >> 20 else { throw ValidationError("--max-memory is too large.") }
    }

    /// The limits the flags set.
    var limits: ResourceLimits {
        ResourceLimits(maxPixels: maxPixels, maxFrames: maxFrames, maxPathSegments: maxPathSegments,
                       maxFlattenedEdges: maxEdges, maxDecodedBytes: maxMemory << 20)
    }
}
