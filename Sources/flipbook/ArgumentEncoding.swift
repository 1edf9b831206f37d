#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Basics

/// Arguments that are not UTF-8: Swift hands them to a command with each bad byte replaced by
/// U+FFFD, so a note's text in Latin-1 was drawn with "�" boxes and a name in it named no file,
/// without a word. They are refused before parsing, naming the argument and the byte.
enum ArgumentEncoding {
    /// The refusal for the first argument (after the command's name) that is not valid UTF-8, or
    /// `nil` when every one is.
    static func firstInvalid() -> String? {
        for index in 1..<Int(CommandLine.argc) {
            guard let pointer = CommandLine.unsafeArgv[index] else { continue }
            let bytes = UnsafeBufferPointer(start: UnsafeRawPointer(pointer).assumingMemoryBound(to: UInt8.self), count: strlen(pointer))
            var decoder = UTF8()
            var iterator = bytes.makeIterator()
            var offset = 0
            decoding: while true {
                switch decoder.decode(&iterator) {
                case .scalarValue(let scalar): offset += UTF8.width(scalar)
                case .emptyInput: break decoding
                case .error:
                    let byte = offset < bytes.count ? bytes[offset] : 0
                    let shown = String(decoding: bytes, as: UTF8.self)
                    return "argument \(index) ('\(TerminalText.escaped(shown))') is not UTF-8: byte 0x\(String(byte, radix: 16, uppercase: true)) "
                        + "at offset \(offset) starts no UTF-8 character; Flipbook reads text and names as UTF-8 (convert it: iconv -f LATIN1 -t UTF-8)"
                }
            }
        }
        return nil
    }
}
