import Foundation

/// The one rule for a path written inside an input file — a sheet's page, a scene's image, font or
/// sequence — that must name a file in that file's folder or below: how it would leave the folder,
/// as a URL loader or Windows would read it too, or `nil` when it stays (a plain relative path).
///
/// - `absolute`: `/x`, `\x`, `\\server\share`, and a drive form (`C:\x`, `C:/x`, `c:s.png`, which
///   Windows reads from drive C's current folder);
/// - `url`: a scheme followed by `//` (`http://`, `file:///`, Godot's `user://`), or `file:`,
///   `data:`, `blob:` (a scheme is two letters or more: `ab:c.png` is a name);
/// - `parent`: a `..` component — between `/` or `\`, or percent-encoded (`%2e%2e/`, which a URL
///   loader decodes) — even one that comes back inside: deciding that would ask the disk about
///   folders outside, which a hostile file could use to probe them.
package enum WrittenPath {
    /// How a written path leaves its folder.
    package enum Leaving: Sendable, Equatable {
        case absolute, url, parent
    }

    /// How `path` leaves the folder it is written in, `nil` when it stays.
    package static func leaving(_ path: String) -> Leaving? {
        if path.hasPrefix("/") || path.hasPrefix("\\") || hasDrive(path) { return .absolute }
        if hasScheme(path) { return .url }
        let decoded = path.removingPercentEncoding ?? path
        for spelling in Set([path, decoded]) where spelling.split(whereSeparator: { $0 == "/" || $0 == "\\" }).contains("..") {
            return .parent
        }
        return nil
    }

    /// `C:…`: a Windows path on a drive, from its root (`C:\x`, `C:/x`) or its current folder (`c:s.png`).
    private static func hasDrive(_ path: String) -> Bool {
        let bytes = Array(path.utf8.prefix(2))
        guard bytes.count == 2, bytes[1] == UInt8(ascii: ":") else { return false }
        return (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(bytes[0] & 0xDF)
    }

    /// A URL's `scheme:` as RFC 3986 spells one, of two letters or more, followed by `//` or one of
    /// the schemes that need none (`file:`, `data:`, `blob:`).
    private static func hasScheme(_ path: String) -> Bool {
        guard let colon = path.firstIndex(of: ":"), path.distance(from: path.startIndex, to: colon) >= 2 else { return false }
        let scheme = path[..<colon]
        guard let first = scheme.unicodeScalars.first, first.isASCII, first.properties.isAlphabetic,
              scheme.unicodeScalars.allSatisfy({ $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "+-.".unicodeScalars.contains($0)) })
        else { return false }
        return path[path.index(after: colon)...].hasPrefix("//") || ["file", "data", "blob"].contains(scheme.lowercased())
    }
}
