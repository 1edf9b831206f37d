import FuzzSupport
import GIF

@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = Fuzzer.bytes(data, size)
    guard let decoder = try? GIF.Decoder(bytes: bytes, file: "fuzz.gif", maxPixels: Fuzzer.maxPixels, maxFrames: Fuzzer.limits.maxFrames) else { return 0 }
    while let frame = try? decoder.nextFrame() { _ = frame.duration }
    return 0
}

@_cdecl("fuzz_gif_main")
func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    Fuzzer.main(argc, argv, testOneInput)
}
