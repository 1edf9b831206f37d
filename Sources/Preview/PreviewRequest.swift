/// One request as ``PreviewServer`` reads it: its request line and header fields (it serves `GET`
/// and `HEAD`, so a body is never read). Parsed strictly after RFC 9112: a malformed request line,
/// a field line without a colon, an obsolete folded line, a space before the colon or two `Host`
/// fields make no request (the server answers 400).
struct PreviewRequest: Equatable {
    /// `GET`, `HEAD`, …
    var method: String
    /// The request target as sent: `/coin.gif?x=1`, or an absolute form `http://127.0.0.1:8080/`.
    var target: String
    /// `HTTP/1.0` or `HTTP/1.1`.
    var version: String
    /// Field names lowercased → their values, surrounding whitespace trimmed.
    var fields: [String: String]

    /// The most a request line and its fields may take.
    static let headLimit = 16 * 1024

    /// The request in `head` (the bytes before the empty line, without it), or nil when it is malformed.
    init?(head: [UInt8]) {
        // Split as bytes: in a String, "\r\n" is one character, not a "\r" before a "\n".
        var lines = head.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map { line in
            Substring(String(decoding: line.last == UInt8(ascii: "\r") ? line.dropLast() : line, as: UTF8.self))
        }
        guard !lines.isEmpty else { return nil }
        let requestLine = lines.removeFirst().split(separator: " ", omittingEmptySubsequences: false)
        guard requestLine.count == 3, !requestLine[0].isEmpty, !requestLine[1].isEmpty,
              requestLine[0].allSatisfy({ $0.isASCII && ($0.isLetter || $0 == "-") }),
              requestLine[2] == "HTTP/1.1" || requestLine[2] == "HTTP/1.0" else { return nil }
        (method, target, version) = (String(requestLine[0]), String(requestLine[1]), String(requestLine[2]))
        fields = [:]
        for line in lines {
            guard let colon = line.firstIndex(of: ":"), colon != line.startIndex,
                  line.first != " ", line.first != "\t", line[line.index(before: colon)] != " " else { return nil }
            let name = line[..<colon].lowercased()
            let value = line[line.index(after: colon)...].trimmingWhitespace
            if name == "host" && fields[name] != nil { return nil }
            fields[name] = fields[name].map { $0 + ", " + value } ?? value
        }
    }

    /// The target's path, percent-encoded as sent: `/coin.gif` of `/coin.gif?x=1`, `/` of
    /// `http://127.0.0.1:8080/`, empty for `http://127.0.0.1:8080` or `*`.
    var path: String {
        var rest = Substring(target)
        if !rest.hasPrefix("/") {
            guard let scheme = rest.range(of: "://") else { return "" }
            rest = rest[scheme.upperBound...]
            rest = rest[(rest.firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? rest.endIndex)...]
        }
        return String(rest.prefix { $0 != "?" && $0 != "#" })
    }

    /// The query's value for `name` (`since` of `?since=1.2`), percent-decoded.
    func query(_ name: String) -> String? {
        guard let question = target.firstIndex(of: "?") else { return nil }
        let query = target[target.index(after: question)...].prefix { $0 != "#" }
        for pair in query.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            if PreviewRequest.decoded(parts[0]) == name { return PreviewRequest.decoded(parts.count > 1 ? parts[1] : "") }
        }
        return nil
    }

    /// `text` with `%XX` escapes (and `+`, in a query) decoded; nil when an escape is malformed or
    /// the bytes are not UTF-8.
    static func decoded(_ text: Substring, plusIsSpace: Bool = true) -> String? {
        var bytes: [UInt8] = []
        var index = text.utf8.startIndex
        let utf8 = text.utf8
        while index != utf8.endIndex {
            let byte = utf8[index]
            if byte == UInt8(ascii: "%") {
                let high = utf8.index(after: index)
                guard high != utf8.endIndex, utf8.index(after: high) != utf8.endIndex,
                      let value = UInt8(String(decoding: [utf8[high], utf8[utf8.index(after: high)]], as: UTF8.self), radix: 16) else { return nil }
                bytes.append(value)
                index = utf8.index(high, offsetBy: 2)
                continue
            }
            bytes.append(plusIsSpace && byte == UInt8(ascii: "+") ? UInt8(ascii: " ") : byte)
            index = utf8.index(after: index)
        }
        return String(validating: bytes, as: UTF8.self)
    }
}

private extension Substring {
    var trimmingWhitespace: String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}
