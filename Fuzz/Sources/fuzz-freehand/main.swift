import FuzzSupport
import FrameGen

@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = Fuzzer.bytes(data, size)
    guard let drawing = try? Freehand(json: bytes, limits: Fuzzer.limits) else { return 0 }
    _ = drawing.frame(drawing.frameCount - 1)
    return 0
}

@_cdecl("fuzz_freehand_main")
func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    Fuzzer.main(argc, argv, testOneInput)
}
