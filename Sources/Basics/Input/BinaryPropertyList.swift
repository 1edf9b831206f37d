import Foundation

/// Flipbook's own reader of Apple's binary property lists (`bplist00`), in place of Foundation's:
/// swift-corelibs-foundation trusts the file's offsets and object kinds while it converts the parsed
/// list to Swift values, so a few changed bytes (a set where a string belongs) crashed the process.
///
/// The format: an 8-byte header `bplist0?`, the objects, an offset table (one offset per object,
/// each `offsetSize` bytes), and a 32-byte trailer (`offsetSize`, `referenceSize`, the object
/// count, the top object, the offset table's place). Every offset, count, length and reference is
/// checked against the file before it is used; an object that contains itself, nesting deeper than
/// ``maxDepth`` and more values than the file has bytes (shared objects multiplied) are refused.
///
/// The values are those Foundation gives for the same list in XML: `[String: Any]`, `[Any]`,
/// `String`, `NSNumber` (integers and reals), `Bool`, `Date`, `Data`; a set is read as an array, a
/// keyed-archiver UID as `["CF$UID": n]`, a null as `NSNull`.
struct BinaryPropertyList {
    /// How deep containers may nest (Foundation's XML reader refuses 1000 levels; sheets use 5).
    static let maxDepth = 128

    /// Whether `bytes` are a binary property list (they begin `bplist`), which ``read(_:file:)``
    /// reads instead of Foundation.
    static func isBinary(_ bytes: [UInt8]) -> Bool {
        bytes.starts(with: Array("bplist".utf8))
    }

    /// The root value of the binary property list `bytes`, or an error naming `file` and what is
    /// wrong (`SchemaError.Problem.invalid` at the root).
    static func read(_ bytes: [UInt8], file: String) throws(SchemaError) -> Any {
        var reader = try BinaryPropertyList(bytes, file: file)
        var path: [Int] = []
        return try reader.value(reader.top, path: &path)
    }

    private let bytes: [UInt8]
    private let file: String
    private let offsetSize: Int
    private let referenceSize: Int
    private let count: Int
    private let top: Int
    private let tableOffset: Int
    /// Values visited so far; at most one per byte of the file.
    private var visits = 0
    /// Strings, numbers and data already read, by object, so a shared one is read once.
    private var leaves: [Int: Any] = [:]

    private init(_ bytes: [UInt8], file: String) throws(SchemaError) {
        func fail(_ reason: String) -> SchemaError { Self.fail(reason, file: file) }
        guard bytes.count >= 8 + 32 else {
            throw fail("\(bytes.count) bytes are too few for the header and the 32-byte trailer")
        }
        guard bytes.starts(with: Array("bplist0".utf8)) else {
            throw fail("version \(InputPath.quote(String(decoding: bytes[6..<8], as: UTF8.self))) is not supported (only bplist0x)")
        }
        let trailer = bytes.count - 32
        let offsetSize = Int(bytes[trailer + 6]), referenceSize = Int(bytes[trailer + 7])
        guard (1...8).contains(offsetSize), (1...8).contains(referenceSize) else {
            throw fail("the trailer gives offsets of \(offsetSize) bytes and references of \(referenceSize) bytes (each must be 1 to 8)")
        }
        let objects = Self.unsigned(bytes[(trailer + 8)..<(trailer + 16)])
        let root = Self.unsigned(bytes[(trailer + 16)..<(trailer + 24)])
        let table = Self.unsigned(bytes[(trailer + 24)..<(trailer + 32)])
        // Each object takes a byte at least, so the count is below the file's size (no overflow below).
        guard objects >= 1, objects <= UInt64(trailer) else {
            throw fail("the trailer claims \(objects) objects in a file of \(bytes.count) bytes")
        }
        guard root < objects else { throw fail("the top object \(root) is not among the \(objects) objects") }
        guard table >= 9, table <= UInt64(trailer), Int(table) + Int(objects) * offsetSize <= trailer else {
            throw fail("the offset table (at \(table), \(objects) offsets of \(offsetSize) bytes) does not lie between the objects and the trailer at \(trailer)")
        }
        self.bytes = bytes
        self.file = file
        self.offsetSize = offsetSize
        self.referenceSize = referenceSize
        count = Int(objects)
        top = Int(root)
        tableOffset = Int(table)
    }

    /// The value of object `ref`; `path` holds the containers being read, outermost first.
    private mutating func value(_ ref: Int, path: inout [Int]) throws(SchemaError) -> Any {
        visits += 1
        guard visits <= bytes.count else {
            throw fail("shared objects multiply to more than \(bytes.count) values, one per byte of the file")
        }
        if let leaf = leaves[ref] { return leaf }
        guard !path.contains(ref) else { throw fail("object \(ref) contains itself") }
        guard path.count < Self.maxDepth else { throw fail("containers nest deeper than \(Self.maxDepth) levels") }
        let start = try offset(of: ref)
        let marker = bytes[start]
        let kind = marker >> 4, low = Int(marker & 0x0F)
        switch kind {
        case 0x0:
            switch low {
            case 0x0: return NSNull()
            case 0x8: return false
            case 0x9: return true
            default: throw fail("object \(ref) at \(start) has the unknown marker \(Self.hex(marker))")
            }
        case 0x1:
            guard low <= 4 else { throw fail("the integer at \(start) claims \(1 << low) bytes (at most 16)") }
            let body = try span(start + 1, count: 1 << low, of: ref)
            return leaf(ref, try integer(body, at: start))
        case 0x2:
            guard low == 2 || low == 3 else { throw fail("the real at \(start) claims \(1 << low) bytes (4 or 8)") }
            let raw = Self.unsigned(try span(start + 1, count: 1 << low, of: ref))
            return leaf(ref, NSNumber(value: low == 2 ? Double(Float(bitPattern: UInt32(raw))) : Double(bitPattern: raw)))
        case 0x3:
            guard low == 3 else { throw fail("the date at \(start) has the marker \(Self.hex(marker)) (0x33)") }
            let raw = Self.unsigned(try span(start + 1, count: 8, of: ref))
            return leaf(ref, Date(timeIntervalSinceReferenceDate: Double(bitPattern: raw)))
        case 0x4:
            let (body, length) = try length(low, at: start, of: ref)
            return leaf(ref, Data(try span(body, count: length, of: ref)))
        case 0x5:
            let (body, length) = try length(low, at: start, of: ref)
            return leaf(ref, String(decoding: try span(body, count: length, of: ref), as: UTF8.self))
        case 0x6:
            let (body, length) = try length(low, at: start, of: ref)
            let raw = try span(body, count: 2 * length, of: ref)
            let units = stride(from: raw.startIndex, to: raw.endIndex, by: 2).map { UInt16(raw[$0]) << 8 | UInt16(raw[$0 + 1]) }
            return leaf(ref, String(decoding: units, as: UTF16.self))
        case 0x8:
            guard low <= 7 else { throw fail("the UID at \(start) claims \(low + 1) bytes (at most 8)") }
            return leaf(ref, ["CF$UID": NSNumber(value: Self.unsigned(try span(start + 1, count: low + 1, of: ref)))] as [String: Any])
        case 0xA, 0xC:
            let (body, length) = try length(low, at: start, of: ref)
            let refs = try references(body, count: length, of: ref)
            path.append(ref)
            var items: [Any] = []
            items.reserveCapacity(refs.count)
            for item in refs { items.append(try value(item, path: &path)) }
            path.removeLast()
            return items
        case 0xD:
            let (body, length) = try length(low, at: start, of: ref)
            let refs = try references(body, count: 2 * length, of: ref)
            path.append(ref)
            var fields: [String: Any] = [:]
            for index in 0..<length {
                guard let key = try value(refs[index], path: &path) as? String else {
                    throw fail("a key of the dictionary at \(start) (object \(refs[index])) is not a string")
                }
                guard fields[key] == nil else {
                    throw fail("the key \(InputPath.quote(key)) appears twice in the dictionary at \(start); readers keep only one of them")
                }
                fields[key] = try value(refs[length + index], path: &path)
            }
            path.removeLast()
            return fields
        default:
            throw fail("object \(ref) at \(start) has the unknown marker \(Self.hex(marker))")
        }
    }

    /// Where object `ref` begins: its offset from the table, which must fall among the objects.
    private func offset(of ref: Int) throws(SchemaError) -> Int {
        let entry = tableOffset + ref * offsetSize
        let offset = Self.unsigned(bytes[entry..<(entry + offsetSize)])
        guard offset >= 8, offset < UInt64(tableOffset) else {
            throw fail("object \(ref) is said to begin at \(offset), outside the objects (8 to \(tableOffset - 1))")
        }
        return Int(offset)
    }

    /// `count` bytes from `start` (of object `ref`), which must end before the offset table.
    private func span(_ start: Int, count: Int, of ref: Int) throws(SchemaError) -> ArraySlice<UInt8> {
        guard count >= 0, start <= tableOffset, count <= tableOffset - start else {
            throw fail("object \(ref) runs past the end of the objects (\(count) bytes from \(start), the offset table begins at \(tableOffset))")
        }
        return bytes[start..<(start + count)]
    }

    /// The length of the object at `start` (its marker's low nibble, or the integer after it when
    /// that is 0xF) and where its body begins. A length is at most the file's size.
    private func length(_ low: Int, at start: Int, of ref: Int) throws(SchemaError) -> (body: Int, length: Int) {
        guard low == 0xF else { return (start + 1, low) }
        let marker = try span(start + 1, count: 1, of: ref).first ?? 0
        guard marker >> 4 == 0x1, marker & 0x0F <= 3 else {
            throw fail("the length of object \(ref) at \(start) is not an integer of 1 to 8 bytes (marker \(Self.hex(marker)))")
        }
        let size = 1 << Int(marker & 0x0F)
        let length = Self.unsigned(try span(start + 2, count: size, of: ref))
        guard length <= UInt64(bytes.count) else {
            throw fail("object \(ref) at \(start) claims \(length) items in a file of \(bytes.count) bytes")
        }
        return (start + 2 + size, Int(length))
    }

    /// `count` object references from `start`, each checked to name one of the objects.
    private func references(_ start: Int, count: Int, of ref: Int) throws(SchemaError) -> [Int] {
        guard count <= bytes.count else { throw fail("object \(ref) claims \(count) references in a file of \(bytes.count) bytes") }
        let raw = try span(start, count: count * referenceSize, of: ref)
        var refs: [Int] = []
        refs.reserveCapacity(count)
        for index in 0..<count {
            let at = raw.startIndex + index * referenceSize
            let item = Self.unsigned(raw[at..<(at + referenceSize)])
            guard item < UInt64(self.count) else {
                throw fail("object \(ref) refers to object \(item), but there are \(self.count)")
            }
            refs.append(Int(item))
        }
        return refs
    }

    /// The integer in `body` (1, 2 or 4 bytes unsigned, 8 signed, 16 when it fits in 64 bits).
    private func integer(_ body: ArraySlice<UInt8>, at start: Int) throws(SchemaError) -> NSNumber {
        switch body.count {
        case 8: return NSNumber(value: Int64(bitPattern: Self.unsigned(body)))
        case 16:
            let high = Self.unsigned(body.prefix(8)), low = Self.unsigned(body.suffix(8))
            if high == 0 { return NSNumber(value: low) }
            guard high == UInt64.max, Int64(bitPattern: low) < 0 else { throw fail("the integer at \(start) does not fit in 64 bits") }
            return NSNumber(value: Int64(bitPattern: low))
        default: return NSNumber(value: Self.unsigned(body))
        }
    }

    /// Keeps `value`, the leaf object `ref`, for the next reference to it.
    private mutating func leaf(_ ref: Int, _ value: Any) -> Any {
        leaves[ref] = value
        return value
    }

    /// The error naming the file and `reason`.
    private func fail(_ reason: String) -> SchemaError {
        Self.fail(reason, file: file)
    }

    /// The error naming `file` and `reason`.
    private static func fail(_ reason: String, file: String) -> SchemaError {
        SchemaError(file: file, path: .root, problem: .invalid(reason: "not a readable binary property list: \(reason)"))
    }

    /// The big-endian unsigned integer in `bytes` (at most 8 of them).
    private static func unsigned(_ bytes: ArraySlice<UInt8>) -> UInt64 {
        bytes.reduce(0) { $0 << 8 | UInt64($1) }
    }

    private static func hex(_ byte: UInt8) -> String {
        "0x" + String(byte, radix: 16, uppercase: true)
    }
}
