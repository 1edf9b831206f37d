import Basics

/// The glue between libFuzzer and a target's body.
@_silgen_name("LLVMFuzzerRunDriver")
private func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt

public enum Fuzzer {
    /// Limits for the targets: the library's defaults, with images small enough that a run of
    /// millions of inputs is not spent filling memory (the checks themselves are the same).
    public static let limits = ResourceLimits(maxPixels: 1 << 20, maxFrames: 2000, maxPathSegments: 10_000,
                                              maxFlattenedEdges: 40_000, maxDecodedBytes: 64 << 20)
    /// ``limits``'s pixel limit.
    public static let maxPixels = limits.maxPixels

    /// Starts libFuzzer's driver with the command line, calling `testOne` for every input.
    public static func main(
        _ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
        _ testOne: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
    ) -> CInt {
        var argc = argc
        var argv = argv
        return LLVMFuzzerRunDriver(&argc, &argv, testOne)
    }

    /// The input as bytes.
    public static func bytes(_ data: UnsafePointer<UInt8>?, _ size: Int) -> [UInt8] {
        guard let data, size > 0 else { return [] }
        return Array(UnsafeBufferPointer(start: data, count: size))
    }
}
