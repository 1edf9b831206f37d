/// Shell-style file name patterns (`*`, `?`, `[…]`), as `.flipbook.json`'s `ignore` list uses them.
package enum Glob {
    /// Whether `path` matches `pattern`; `*` also crosses `/` (POSIX `fnmatch` without flags), so
    /// `*/old/*` matches `a/b/old/c.png`.
    package static func matches(_ pattern: String, _ path: String) -> Bool {
        System.matches(pattern, path)
    }
}
