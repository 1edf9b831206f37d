import FuzzSupport

#if canImport(Glibc)
import Glibc
#endif

/// The target named by `FLIPBOOK_FUZZ_TARGET` (one process fuzzes one parser).
let target: @Sendable ([UInt8]) -> Void = {
    let name = getenv("FLIPBOOK_FUZZ_TARGET").map { String(cString: $0) } ?? ""
    guard let body = targets[name] else {
        print("flipbook-fuzz: set FLIPBOOK_FUZZ_TARGET to one of \(targets.keys.sorted().joined(separator: ", "))")
        exit(2)
    }
    return body
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    target(Fuzzer.bytes(data, size))
    return 0
}

/// SwiftPM renames an executable's `main` to `<module>_main`; libFuzzer's driver is the real entry.
@_cdecl("flipbook_fuzz_main")
func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    _ = target
    return Fuzzer.main(argc, argv, testOneInput)
}
