import FuzzSupport
import FrameGen
import Raster

@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = Fuzzer.bytes(data, size)
    guard let path = try? Path(svg: String(decoding: bytes, as: UTF8.self), limits: Fuzzer.limits) else { return 0 }
    var canvas = Canvas(width: 48, height: 48)
    try? canvas.fill(path, color: .black, limits: Fuzzer.limits)
    try? canvas.stroke(path, color: .white, style: StrokeStyle(width: 3, cap: .round, join: .round), limits: Fuzzer.limits)
    return 0
}

@_cdecl("fuzz_svg_path_main")
func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    Fuzzer.main(argc, argv, testOneInput)
}
