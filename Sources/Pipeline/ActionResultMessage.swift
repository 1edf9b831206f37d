/// A target's entry in a Bazel remote cache's action cache: the few fields of the remote-execution
/// API's `ActionResult` message (`build.bazel.remote.execution.v2`) that Flipbook uses, in
/// protobuf's wire format, encoded and read by hand (four fields do not warrant a protobuf
/// library): `output_files` (2), each `OutputFile { path (1), digest (2) }` with
/// `Digest { hash (1), size_bytes (2) }`; `exit_code` (4); and `stdout_raw` (5), which holds
/// Flipbook's own account of the run (``TargetCache``: the sets and their owners, warnings and
/// notes). A server that checks what is stored under `/ac/` (bazel-remote does) takes it as the
/// `ActionResult` it is; unknown fields are skipped when reading, as protobuf readers do.
struct ActionResultMessage: Equatable {
    /// One output file: its path (relative to the project's folder) and its content's digest.
    struct OutputFile: Equatable {
        var path: String
        var hash: String
        var size: Int
    }

    var outputFiles: [OutputFile]
    var exitCode: Int32 = 0
    var stdout: [UInt8] = []

    /// Why bytes are not an `ActionResult`.
    struct Malformed: Error, CustomStringConvertible {
        var reason: String
        var description: String { reason }
    }

    init(outputFiles: [OutputFile], exitCode: Int32 = 0, stdout: [UInt8] = []) {
        self.outputFiles = outputFiles
        self.exitCode = exitCode
        self.stdout = stdout
    }

    // MARK: Writing

    /// The message's bytes (fields in number order; zero values left out, as proto3 writes them).
    func encoded() -> [UInt8] {
        var bytes: [UInt8] = []
        for file in outputFiles {
            var digest: [UInt8] = []
            Self.appendField(1, Array(file.hash.utf8), to: &digest)
            if file.size != 0 { Self.appendVarint(field: 2, UInt64(file.size), to: &digest) }
            var output: [UInt8] = []
            Self.appendField(1, Array(file.path.utf8), to: &output)
            Self.appendField(2, digest, to: &output)
            Self.appendField(2, output, to: &bytes)
        }
        // int32 is written as a 64-bit varint (a negative code takes ten bytes).
        if exitCode != 0 { Self.appendVarint(field: 4, UInt64(bitPattern: Int64(exitCode)), to: &bytes) }
        if !stdout.isEmpty { Self.appendField(5, stdout, to: &bytes) }
        return bytes
    }

    private static func appendVarint(_ value: UInt64, to bytes: inout [UInt8]) {
        var value = value
        while value >= 0x80 {
            bytes.append(UInt8(value & 0x7F) | 0x80)
            value >>= 7
        }
        bytes.append(UInt8(value))
    }

    private static func appendVarint(field: UInt64, _ value: UInt64, to bytes: inout [UInt8]) {
        appendVarint(field << 3, to: &bytes)
        appendVarint(value, to: &bytes)
    }

    /// A length-delimited field (wire type 2): a string, bytes or a message.
    private static func appendField(_ field: UInt64, _ payload: [UInt8], to bytes: inout [UInt8]) {
        appendVarint(field << 3 | 2, to: &bytes)
        appendVarint(UInt64(payload.count), to: &bytes)
        bytes.append(contentsOf: payload)
    }

    // MARK: Reading

    /// Reads `bytes`; throws ``Malformed`` for anything that is not a well-formed message with
    /// the fields' types (a field cut short, a group, a path or hash that is not UTF-8, a size
    /// out of range).
    init(decoding bytes: [UInt8]) throws(Malformed) {
        var files: [OutputFile] = []
        var exitCode: Int32 = 0
        var stdout: [UInt8] = []
        var reader = Reader(bytes: bytes[...])
        while let (field, value) = try reader.next() {
            switch (field, value) {
            case (2, .bytes(let payload)): files.append(try Self.outputFile(payload))
            case (4, .varint(let number)): exitCode = Int32(truncatingIfNeeded: Int64(bitPattern: number))
            case (5, .bytes(let payload)): stdout = Array(payload)
            case (2, _), (4, _), (5, _): throw Malformed(reason: "field \(field) of ActionResult has the wrong wire type")
            default: continue
            }
        }
        self.init(outputFiles: files, exitCode: exitCode, stdout: stdout)
    }

    private static func outputFile(_ bytes: ArraySlice<UInt8>) throws(Malformed) -> OutputFile {
        var path: String?, hash: String?, size = 0
        var reader = Reader(bytes: bytes)
        while let (field, value) = try reader.next() {
            switch (field, value) {
            case (1, .bytes(let payload)): path = try text(payload, "OutputFile.path")
            case (2, .bytes(let payload)):
                var inner = Reader(bytes: payload)
                while let (digestField, digestValue) = try inner.next() {
                    switch (digestField, digestValue) {
                    case (1, .bytes(let text)): hash = try Self.text(text, "Digest.hash")
                    case (2, .varint(let number)):
                        guard number <= UInt64(Int64.max) else { throw Malformed(reason: "Digest.size_bytes is out of range") }
                        size = Int(number)
                    case (1, _), (2, _): throw Malformed(reason: "field \(digestField) of Digest has the wrong wire type")
                    default: continue
                    }
                }
            case (1, _), (2, _): throw Malformed(reason: "field \(field) of OutputFile has the wrong wire type")
            default: continue
            }
        }
        guard let path, let hash else { throw Malformed(reason: "an OutputFile without a path or digest") }
        return OutputFile(path: path, hash: hash, size: size)
    }

    private static func text(_ bytes: ArraySlice<UInt8>, _ name: String) throws(Malformed) -> String {
        guard let text = String(validating: bytes, as: UTF8.self) else { throw Malformed(reason: "\(name) is not UTF-8") }
        return text
    }

    /// A field's value by wire type.
    enum Value {
        case varint(UInt64)
        case bytes(ArraySlice<UInt8>)
        case fixed
    }

    /// Reads one field after another, checking every length against what is left.
    struct Reader {
        var bytes: ArraySlice<UInt8>

        /// The next field, or `nil` at the end.
        mutating func next() throws(Malformed) -> (UInt64, Value)? {
            guard !bytes.isEmpty else { return nil }
            let tag = try varint()
            let field = tag >> 3
            guard field > 0 else { throw Malformed(reason: "field number 0") }
            switch tag & 7 {
            case 0: return (field, .varint(try varint()))
            case 1: try skip(8); return (field, .fixed)
            case 5: try skip(4); return (field, .fixed)
            case 2:
                let length = try varint()
                guard length <= UInt64(bytes.count) else { throw Malformed(reason: "a field of \(length) bytes where \(bytes.count) are left") }
                let payload = bytes.prefix(Int(length))
                bytes = bytes.dropFirst(Int(length))
                return (field, .bytes(payload))
            default: throw Malformed(reason: "wire type \(tag & 7) (groups are not used by ActionResult)")
            }
        }

        private mutating func skip(_ count: Int) throws(Malformed) {
            guard bytes.count >= count else { throw Malformed(reason: "a fixed-size field cut short") }
            bytes = bytes.dropFirst(count)
        }

        private mutating func varint() throws(Malformed) -> UInt64 {
            var value: UInt64 = 0
            for index in 0..<10 {
                guard let byte = bytes.first else { throw Malformed(reason: "a number cut short") }
                bytes = bytes.dropFirst()
                if index == 9 && byte > 1 { throw Malformed(reason: "a number over 64 bits") }
                value |= UInt64(byte & 0x7F) << UInt64(7 * index)
                if byte < 0x80 { return value }
            }
            throw Malformed(reason: "a number over ten bytes")
        }
    }
}
