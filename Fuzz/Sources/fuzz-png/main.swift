import FuzzSupport
import Raster

@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = Fuzzer.bytes(data, size)
    let decoder = PNG.Decoder(maxPixels: Fuzzer.maxPixels)
    _ = try? decoder.readHeader(bytes, file: "fuzz.png")
    _ = try? decoder.decode(bytes, file: "fuzz.png")
    return 0
}

@_cdecl("fuzz_png_main")
func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    Fuzzer.main(argc, argv, testOneInput)
}
