import Raster

/// Refuses, before any work, a command whose output would overwrite one of its own inputs.
enum OutputGuard {
    /// Exits 2 when a path of `outputs` is the same file as a path of `inputs`.
    static func refuseOverwriting(_ inputs: [String], with outputs: [String]) throws {
        for output in outputs {
            if let input = inputs.first(where: { FileIO.isSameFile($0, output) }) {
                throw UsageError("the output \(output) is the input \(input); write the result elsewhere")
            }
        }
    }
}
