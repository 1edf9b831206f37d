import Foundation

/// Where a build finds the outputs of targets built before — on this machine or another — and
/// keeps those it builds: a folder, or a server speaking the Bazel HTTP remote-cache protocol
/// (`GET`/`PUT /ac/<sha256>` for a target's result, `/cas/<sha256>` for file contents), such as
/// bazel-remote, BuildBuddy or nginx with WebDAV `PUT`. A folder has the same layout (`ac/`,
/// `cas/`), so it can be served as it is.
///
/// A target's entry is found under a key made of exactly what decides whether it is up to date —
/// the tool (Flipbook's version and the digest of its executable), the target's kind and settings,
/// and the path and SHA-256 of every file it reads — so an entry is only ever used for identical
/// inputs. Every file taken from the cache is checked against its SHA-256 and size before it is
/// written, and it is written through the output contract as the target's job writes it (never
/// over an input; a later build replaces it as its own). A cache that is missing, slow, failing
/// or returning damaged data makes the build local, with a warning: never wrong, never stuck.
public struct BuildCache: Sendable, Equatable {
    /// Where the cache is.
    public enum Location: Sendable, Equatable {
        /// A folder, as opened from the working directory (created when first written).
        case folder(String)
        /// An `http` or `https` URL of a Bazel HTTP remote cache (a path prefix such as an instance
        /// name is kept; `user:password@` is sent as HTTP basic authentication).
        case server(URL)
    }

    /// Where the cache is.
    public var location: Location
    /// Seconds a server may stay silent on one request before the build gives up on it and goes
    /// on without the cache; 5 by default. A whole transfer may take up to 12 times as long (at
    /// least a minute). From 0.01 to 3600.
    public var timeout: Double = 5
    /// Whether targets built here are stored in the cache (on by default); off, the cache is only read.
    public var upload: Bool = true
    /// The most bytes a folder cache keeps: after a build that stored something, the targets'
    /// results used least recently (stored or found longest ago) are removed, with the contents
    /// no other result names, until it holds at most nine tenths of this. 1 GiB by default; at
    /// least 1. A server keeps its own limits (bazel-remote's `--max_size`).
    public var maxBytes: Int = 1 << 30

    /// A cache at `location`.
    public init(_ location: Location) {
        self.location = location
    }

    /// The cache named by `text` as a user writes it: an `http://` or `https://` URL (with a host,
    /// a port from 1 to 65535 if any, no query or fragment) is a server, anything else a folder.
    /// `nil` for an empty text, a URL of another scheme (`ftp://…`) or that is not whole, and a
    /// folder named like a server's address (``mistakenAddress(_:)``).
    public init?(location text: String) {
        guard !text.isEmpty, !text.contains("\0") else { return nil }
        let lower = text.lowercased()
        if lower.hasPrefix("http://") || lower.hasPrefix("https://") {
            // A port past 65535 reached another port (84446 is 18910 to the system): refused, as curl does.
            guard let url = URL(string: text), let host = url.host, !host.isEmpty, url.query == nil, url.fragment == nil,
                  Self.portIsValid(in: text) else { return nil }
            self.init(.server(url))
        } else if text.contains("://") || Self.mistakenAddress(text) != nil {
            return nil
        } else {
            self.init(.folder(text))
        }
    }

    /// Whether the port a URL's text gives, if any, is 1 to 65535 (or empty: the scheme's). Read from
    /// the text: a port past `Int` reads as none, so the URL's own `port` would say port 80.
    private static func portIsValid(in url: String) -> Bool {
        guard let start = url.range(of: "://")?.upperBound else { return false }
        var authority = url[start...].prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        if let at = authority.lastIndex(of: "@") { authority = authority[authority.index(after: at)...] }
        if let bracket = authority.lastIndex(of: "]") { authority = authority[authority.index(after: bracket)...] }
        guard let colon = authority.lastIndex(of: ":") else { return true }
        let digits = authority[authority.index(after: colon)...]
        if digits.isEmpty { return true }
        guard digits.count <= 5, digits.allSatisfy(\.isASCII), let port = Int(digits) else { return false }
        return (1...65535).contains(port)
    }

    /// The URL a folder's name looks like it was meant to be — `127.0.0.1:8080`, `cache.internal:8080/ci`,
    /// `//host:8080` (no scheme), `http:/host`, `https//host`, `http:` (a part lost), `:8080` (no host)
    /// — or `nil`; `HOST` and `PORT` stand for what is missing. Such a folder
    /// became the cache without a word and nothing was shared; a folder really named so is written
    /// `./127.0.0.1:8080`.
    public static func mistakenAddress(_ text: String) -> String? {
        let lower = text.lowercased()
        guard !lower.hasPrefix("http://"), !lower.hasPrefix("https://") else { return nil }
        for scheme in ["https", "http"] {
            for typo in [scheme + ":/", scheme + "//", scheme + ":\\", scheme + ":"] where lower.hasPrefix(typo) {
                let rest = text.dropFirst(typo.count).drop { $0 == "/" || $0 == "\\" }
                return "\(scheme)://\(rest.isEmpty ? "HOST:PORT" : rest)"
            }
        }
        // `:8080` (the host lost), `//host:8080/x` (the scheme lost: a path from the root to the system).
        if text.wholeMatch(of: /:[0-9]+(\/.*)?/) != nil { return "http://HOST" + text }
        let address = text.hasPrefix("//") ? String(text.dropFirst(2)) : text
        guard !address.hasPrefix("."), !address.hasPrefix("/"),
              address.wholeMatch(of: /(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9][A-Za-z0-9.-]*):[0-9]+(\/.*)?/) != nil else { return nil }
        return "http://" + address
    }

    /// The cache a project keeps by default: the folder `cache` in its `.flipbook-build`.
    public static func inProject(_ project: Project) -> BuildCache {
        BuildCache(.folder(project.onDisk(Project.stateFolder + "/cache")))
    }

    /// The location as a message names it: the folder, or the URL without a password.
    public var displayName: String {
        switch location {
        case .folder(let path): return path
        case .server(let url):
            guard var parts = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return url.absoluteString }
            parts.user = nil
            parts.password = nil
            return parts.string ?? url.absoluteString
        }
    }
}
