/// Shell-style file name patterns (`*`, `?`, `[…]`), as `.flipbook.json`'s `ignore` list uses them.
package enum Glob {
    /// Whether `path` matches `pattern`; `*` also crosses `/` (POSIX `fnmatch` without flags), so
    /// `*/old/*` matches `a/b/old/c.png`.
    package static func matches(_ pattern: String, _ path: String) -> Bool {
        System.matches(pattern, path)
    }

    /// What in `pattern` would not match as written, or `nil`: a `[` never closed (`gold_[1`, read
    /// as a plain `[` that no name has) or a range running backwards (`[z-a]`, which matches nothing).
    package static func problem(in pattern: String) -> String? {
        let characters = Array(pattern)
        var index = 0
        while index < characters.count {
            switch characters[index] {
            case "\\":
                index += 2
                continue
            case "[":
                var end = index + 1
                if end < characters.count, characters[end] == "!" || characters[end] == "^" { end += 1 }
                if end < characters.count, characters[end] == "]" { end += 1 }
                while end < characters.count, characters[end] != "]" { end += 1 }
                guard end < characters.count else { return "its [ is never closed with ]" }
                let set = Array(characters[(index + 1)..<end].drop { $0 == "!" || $0 == "^" })
                var member = 0
                while member + 2 < set.count {
                    if set[member + 1] == "-", set[member] > set[member + 2] {
                        return "its range \(set[member])-\(set[member + 2]) runs backwards and matches nothing"
                    }
                    member += 1
                }
                index = end + 1
                continue
            default:
                index += 1
            }
        }
        return nil
    }
}
