import Foundation

/// A file held in memory: its name (which says what it is, as on disk: `walk3@2x.png`,
/// `sequence.json`, `boom.gif`) and its bytes. What a server has after an upload, or a build step
/// after unpacking an archive: the libraries read these as they read files, without writing them
/// to disk first.
public struct InMemoryFile: Sendable, Hashable {
    /// The file's name, or a relative path (`fx/walk1.png`): it names the file in errors and gives
    /// its frame number, `@Nx` scale and format, exactly as a name on disk does.
    public var name: String
    /// The file's contents.
    public var bytes: [UInt8]

    /// A file named `name` holding `bytes`.
    public init(name: String, bytes: [UInt8]) {
        self.name = name
        self.bytes = bytes
    }

    /// A file named `name` holding `data`'s bytes.
    public init(name: String, data: Data) {
        self.init(name: name, bytes: [UInt8](data))
    }
}

extension InMemoryFile {
    /// `name` without empty and `.` components, each `..` taking the component before it away
    /// (`./fx//a.png` is `fx/a.png`, `fx/../a.png` is `a.png`); a `..` with nothing before it
    /// stays. A name that would be empty is kept as it was. Files in memory are one folder's
    /// files: two spellings of one name are one file (`FileReader` finds it by either).
    package static func normalizedName(_ name: String) -> String {
        var parts: [Substring] = []
        for part in name.split(separator: "/", omittingEmptySubsequences: true) where part != "." {
            if part == "..", let last = parts.last, last != ".." {
                parts.removeLast()
            } else {
                parts.append(part)
            }
        }
        return parts.isEmpty ? name : (name.hasPrefix("/") ? "/" : "") + parts.joined(separator: "/")
    }

    /// The first name among `files` given twice (as ``normalizedName(_:)`` reads it) with different
    /// bytes, as given both times; `nil` when there is none. The same name with the same bytes is
    /// one file (an upload that repeats a part); with other bytes, which one is meant cannot be told.
    package static func repeatedName(in files: [InMemoryFile]) -> (first: String, second: String)? {
        var firstByName: [NameSpelling.Exact: InMemoryFile] = [:]
        for file in files {
            let name = NameSpelling.Exact(normalizedName(file.name))
            if let first = firstByName[name] {
                if first.bytes != file.bytes { return (first.name, file.name) }
            } else {
                firstByName[name] = file
            }
        }
        return nil
    }
}

extension URL {
    /// The path the libraries take for this URL: a file URL's path; any other URL as written, which
    /// names no file (so it is reported as missing, never read from elsewhere).
    package var filePathForFlipbook: String {
        isFileURL ? path : absoluteString
    }
}
