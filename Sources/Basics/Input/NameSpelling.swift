/// Names that Swift's `String ==` takes for one name but that are two files.
///
/// `String` compares canonically: `fiamm\u{E9}1.png` (`é` as one character) and
/// `fiamme\u{301}1.png` (`e` and a combining accent) are equal as Strings, so a `Set<String>` or a
/// `[String: …]` keyed by file names merges the two files silently. On Linux they are two files
/// side by side; macOS may take them for one. A file is identified by its name's exact bytes
/// (``Exact``), and two names of one text in two normalisations are refused where they meet.
/// Names that differ only in case (`Fire1.png`, `fire1.png`) are two files on Linux and one on
/// macOS and Windows.
package enum NameSpelling {
    /// A name compared by its exact UTF-8 bytes: the key for anything that identifies files.
    package struct Exact: Hashable, Sendable {
        /// The name's UTF-8 bytes.
        package let bytes: [UInt8]
        /// The key of `name`.
        package init(_ name: String) { bytes = Array(name.utf8) }
    }

    /// The first two of `names`, in the order given, that are equal as Strings (canonically
    /// equivalent) but not byte for byte; `nil` when there are none. A name repeated byte for
    /// byte is no clash.
    package static func normalizationClash(in names: [String]) -> (first: String, second: String)? {
        var first: [String: String] = [:]
        for name in names {
            if let earlier = first[name] {
                if !earlier.utf8.elementsEqual(name.utf8) { return (earlier, name) }
            } else {
                first[name] = name
            }
        }
        return nil
    }

    /// Every name of `names` that differs only in case from an earlier one (`fire1.png` after
    /// `Fire1.png`), paired with that earlier name, in the order given. Names equal as Strings
    /// (repeats, or normalisation clashes, which ``normalizationClash(in:)`` finds) are not paired.
    package static func caseClashes(in names: [String]) -> [(first: String, second: String)] {
        var first: [String: String] = [:]
        var result: [(first: String, second: String)] = []
        for name in names {
            let key = name.lowercased()
            if let earlier = first[key] {
                if earlier != name { result.append((earlier, name)) }
            } else {
                first[key] = name
            }
        }
        return result
    }

    /// `name` with every scalar outside printable ASCII written as `\u{…}` (`fiamme\u{301}1.png`),
    /// so that two names that print alike can be told apart in a message.
    package static func spelled(_ name: String) -> String {
        var result = ""
        for scalar in name.unicodeScalars {
            if scalar.value >= 0x20 && scalar.value < 0x7F {
                result.unicodeScalars.append(scalar)
            } else {
                result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            }
        }
        return result
    }
}
