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
    /// millions of inputs is not spent filling memory (the checks themselves are the same): one
    /// image of 512² pixels, all the frames of one input 4 Mpx. (At 1 Mpx and 16 Mpx, a GIF, WebP
    /// or upload input that used its whole budget spent its time copying and faulting in pages:
    /// 14–110 executions a second.)
    public static let limits = ResourceLimits(maxPixels: 1 << 18, maxFrames: 2000, maxPathSegments: 10_000,
                                              maxFlattenedEdges: 40_000, maxDecodedBytes: 16 << 20, maxOutputPixels: 1 << 22)
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

    /// The files of an upload held in one input: parts separated by the line `%%`, each part
    /// `NAME` on its first line and the file's bytes after it (`walk1.png\n<png bytes>\n%%\n…`).
    /// A part without a line break is a name with no bytes. The fuzzer mutates names (repeated,
    /// `..`, absolute, `./`) and contents alike.
    public static func files(_ bytes: [UInt8]) -> [InMemoryFile] {
        let separator: [UInt8] = Array("\n%%\n".utf8)
        var parts: [ArraySlice<UInt8>] = []
        var start = 0, index = 0
        while index + separator.count <= bytes.count {
            if bytes[index] == separator[0], bytes[index..<(index + separator.count)].elementsEqual(separator) {
                parts.append(bytes[start..<index])
                index += separator.count
                start = index
            } else {
                index += 1
            }
        }
        parts.append(bytes[start...])
        return parts.map { part in
            guard let newline = part.firstIndex(of: 0x0A) else { return InMemoryFile(name: String(decoding: part, as: UTF8.self), bytes: []) }
            return InMemoryFile(name: String(decoding: part[..<newline], as: UTF8.self), bytes: Array(part[(newline + 1)...]))
        }
    }
}
