/// The check Foundation's XML property-list reader does not make: a key written twice in one
/// `<dict>`. `PropertyListSerialization` keeps the last of the two without a word (a sheet's frame
/// named twice lost a frame), where Flipbook's binary reader (``BinaryPropertyList``) and its JSON
/// reader refuse it. This pass runs over text Foundation has already parsed as an XML property
/// list, so it only has to follow the elements that nest (`dict`, `array`) and read each `<key>`.
enum XMLPropertyListKeys {
    /// The first key written twice in one `<dict>` of `bytes`, a valid XML property list, with the
    /// line of its second appearance; `nil` when every dictionary's keys differ. Keys are compared
    /// after the XML character references are read (`a&amp;b` and `a&#38;b` are one key), as
    /// Foundation compares them; comments, processing instructions and the document type are
    /// passed over.
    static func repeatedKey(in bytes: [UInt8]) -> (key: String, line: Int, spelledApart: Bool)? {
        // One entry per open container: a dictionary's keys so far, or nil for an array.
        var open: [[String: String]?] = []
        var index = 0, line = 1
        func skip(past end: [UInt8]) {
            while index < bytes.count, !bytes[index...].starts(with: end) {
                if bytes[index] == UInt8(ascii: "\n") { line += 1 }
                index += 1
            }
            index += end.count
        }
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\n") { line += 1 }
            guard byte == UInt8(ascii: "<") else { index += 1; continue }
            let rest = bytes[index...]
            if rest.starts(with: Array("<!--".utf8)) { skip(past: Array("-->".utf8)); continue }
            if rest.starts(with: Array("<![CDATA[".utf8)) { skip(past: Array("]]>".utf8)); continue }
            if rest.starts(with: Array("<?".utf8)) { skip(past: Array("?>".utf8)); continue }
            if rest.starts(with: Array("<!".utf8)) { skipDeclaration(bytes, &index, &line); continue }
            // An element's tag: its name up to a space, `/` or `>`.
            var end = index + 1
            while end < bytes.count, bytes[end] != UInt8(ascii: ">") { end += 1 }
            let tag = String(decoding: bytes[(index + 1)..<min(end, bytes.count)], as: UTF8.self)
            let closing = tag.hasPrefix("/"), empty = tag.hasSuffix("/")
            let name = tag.drop { $0 == "/" }.prefix { $0 != " " && $0 != "/" && $0 != "\t" && $0 != "\n" && $0 != "\r" }
            // A tag that runs to the end of the data (`<key` and nothing after) ends the walk here.
            index = min(end + 1, bytes.count)
            switch (name, closing, empty) {
            case ("dict", false, false): open.append([:])
            case ("array", false, false): open.append(nil)
            case ("dict", true, _), ("array", true, _): _ = open.popLast()
            case ("key", false, false):
                let start = index, keyLine = line
                skip(past: Array("</key>".utf8))
                let text = bytes[start..<max(start, min(index - 6, bytes.count))]
                let key = decodeReferences(String(decoding: text, as: UTF8.self))
                if let keys = open.last ?? nil {
                    if let first = keys[key] { return (key, keyLine, !first.unicodeScalars.elementsEqual(key.unicodeScalars)) }
                    open[open.count - 1]![key] = key
                }
            default: break
            }
        }
        return nil
    }

    /// Moves `index` past a `<!DOCTYPE …>` declaration, with an internal subset in brackets.
    private static func skipDeclaration(_ bytes: [UInt8], _ index: inout Int, _ line: inout Int) {
        var depth = 0
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\n"): line += 1
            case UInt8(ascii: "["): depth += 1
            case UInt8(ascii: "]"): depth -= 1
            case UInt8(ascii: ">") where depth <= 0: index += 1; return
            default: break
            }
            index += 1
        }
    }

    /// `text` with XML's five named references and numeric references read (`&amp;`, `&#38;`,
    /// `&#x26;`); CDATA sections keep their text as written.
    private static func decodeReferences(_ text: String) -> String {
        guard text.contains("&") || text.contains("<![CDATA[") else { return text }
        var result = "", rest = Substring(text)
        while let ampersand = rest.firstIndex(where: { $0 == "&" || $0 == "<" }) {
            result += rest[..<ampersand]
            rest = rest[ampersand...]
            if rest.hasPrefix("<![CDATA["), let close = rest.range(of: "]]>") {
                result += rest[rest.index(rest.startIndex, offsetBy: 9)..<close.lowerBound]
                rest = rest[close.upperBound...]
                continue
            }
            guard rest.first == "&", let semicolon = rest.firstIndex(of: ";") else {
                result.append(rest.removeFirst())
                continue
            }
            let name = rest[rest.index(after: rest.startIndex)..<semicolon]
            let named: [Substring: String] = ["amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'"]
            var scalar: Unicode.Scalar?
            if name.hasPrefix("#x") || name.hasPrefix("#X") { scalar = UInt32(name.dropFirst(2), radix: 16).flatMap(Unicode.Scalar.init) }
            else if name.hasPrefix("#") { scalar = UInt32(name.dropFirst(), radix: 10).flatMap(Unicode.Scalar.init) }
            if let replacement = named[name] ?? scalar.map({ String(Character($0)) }) {
                result += replacement
                rest = rest[rest.index(after: semicolon)...]
            } else {
                result.append(rest.removeFirst())
            }
        }
        return result + rest
    }
}
