import FuzzSupport
import FrameGen

@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = Fuzzer.bytes(data, size)
    guard let scene = try? Scene(json: bytes, limits: Fuzzer.limits) else { return 0 }
    _ = try? scene.render(images: [:], limits: Fuzzer.limits)
    return 0
}

@_cdecl("fuzz_scene_main")
func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    Fuzzer.main(argc, argv, testOneInput)
}
