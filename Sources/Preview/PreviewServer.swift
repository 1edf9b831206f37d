import Basics
import Foundation
import Synchronization

/// Serves a `PreviewJob`'s page on 127.0.0.1 (`flipbook preview --serve`) and makes the page reload
/// when what it shows changes (a rebuild rewrote an output, a frame was saved).
///
/// A small HTTP/1.1 server of its own (`LoopbackListener`, one thread a connection, one request
/// a connection): it answers `GET` and `HEAD` only on the loopback address and serves only the
/// page and the files the page references (each looked up by its URL in the page's own list,
/// never by joining a request's path to a folder): nothing else in the folder is reachable. (A
/// server library was used before; the one at hand linked Foundation's networking, libcurl and
/// two dozen libraries into every command's start-up, for this one page.)
///
/// The page asks `GET /__flipbook/changes?since=VERSION`, which answers as soon as the version
/// changes (or after ten seconds with the same one, and the page asks again). Four times a second
/// the server compares the fingerprints (device, inode, size, modification time) of every file and
/// folder the page shows; after a change it waits for a quiet quarter-second (a build writes many
/// files), plans the page again and gives it a new version.
public final class PreviewServer: Sendable {
    /// The page's job: it is planned again after each change.
    public let job: PreviewJob
    /// The port asked for on 127.0.0.1; 0 lets the system choose a free one (the URL given to
    /// `run(listening:)` names it).
    public let port: UInt16

    /// At most this many connections are answered at once (a page holds one open, waiting for a
    /// change); as many more are answered 503, and past those a connection is closed unanswered.
    static let connectionLimit = 256

    /// A server for `job`'s page on `port` of 127.0.0.1 (0: any free port).
    public init(job: PreviewJob, port: UInt16 = 0) {
        self.job = job
        self.port = port
    }

    /// Plans the page, listens, calls `listening` with the page's URL (`http://127.0.0.1:PORT/`)
    /// and what the first plan could not show (its ``PreviewPage/problems``, as the written page
    /// lists them), and serves until the process ends (the CLI's Ctrl-C). Throws ``PreviewError``
    /// when the first plan fails, or ``PreviewError/serve(port:reason:)`` at once when the port
    /// cannot be listened on (another server holds it).
    public func run(listening: @escaping @Sendable (_ url: String, _ problems: [String]) -> Void) throws(PreviewError) {
        let page = try job.plan(cancellation: nil)
        let listener: LoopbackListener
        do { listener = try LoopbackListener(port: port) } catch { throw .serve(port: Int(port), reason: error.description) }
        let state = PreviewServerState(job: job, page: page, port: listener.port)
        listening("http://127.0.0.1:\(listener.port)/", page.problems)
        Thread.detachNewThread { state.watch() }
        // Connections being answered, and those being told 503 (over the limit).
        let open = Mutex((answering: 0, refusing: 0))
        while true {
            let connection: LoopbackConnection
            do { connection = try listener.accept() } catch { throw .serve(port: Int(listener.port), reason: error.description) }
            let admitted: Bool? = open.withLock { count in
                if count.answering < Self.connectionLimit { count.answering += 1; return true }
                if count.refusing < Self.connectionLimit { count.refusing += 1; return false }
                return nil
            }
            // Past both limits the connection is closed unanswered (a flood, not a browser).
            guard let admitted else { continue }
            Thread.detachNewThread {
                defer { open.withLock { admitted ? ($0.answering -= 1) : ($0.refusing -= 1) } }
                if admitted {
                    Self.answer(connection, state: state)
                } else {
                    connection.send(PreviewResponse.text(503, "\(Self.connectionLimit) connections are open: try again\n").bytes(head: false))
                    connection.finish()
                }
            }
        }
    }

    /// Reads one request from `connection`, answers it and ends the connection.
    private static func answer(_ connection: LoopbackConnection, state: PreviewServerState) {
        defer { connection.finish() }
        var head: [UInt8] = []
        var complete = false
        // A client that trickles its head (a byte now and then, each within the connection's
        // timeout) is let go after this long all the same.
        let deadline = ContinuousClock.now + .seconds(LoopbackConnection.timeout)
        while !complete {
            let more = connection.receive(upTo: 4096)
            guard !more.isEmpty, ContinuousClock.now < deadline else { return }
            head += more
            // Empty lines before the request line are skipped (RFC 9112 §2.2).
            while head.first == UInt8(ascii: "\r") || head.first == UInt8(ascii: "\n") { head.removeFirst() }
            if let end = Self.endOfHead(head) {
                head.removeSubrange(end...)
                complete = true
            }
            guard head.count <= PreviewRequest.headLimit else {
                connection.send(PreviewResponse.text(431, "the request's header is over \(PreviewRequest.headLimit / 1024) KiB\n").bytes(head: false))
                return
            }
        }
        guard let request = PreviewRequest(head: head) else {
            connection.send(PreviewResponse.text(400, "not an HTTP/1.x request\n").bytes(head: false))
            return
        }
        let response = state.respond(to: request)
        let isHead = request.method == "HEAD"
        guard let file = response.file else {
            connection.send(response.bytes(head: isHead))
            return
        }
        if !connection.sendFile(file.path, real: file.real, body: !isHead, head: { response.head(length: $0) }) {
            connection.send(PreviewResponse.text(404, "not found\n").bytes(head: isHead))
        }
    }

    /// Where the empty line that ends a request's head begins: CRLF CRLF, or bare LFs (RFC 9112
    /// §2.2 lets a server take a bare LF as a line's end).
    static func endOfHead(_ bytes: [UInt8]) -> Int? {
        var index = 0
        while let newline = bytes[index...].firstIndex(of: UInt8(ascii: "\n")) {
            var next = newline + 1
            if next < bytes.count, bytes[next] == UInt8(ascii: "\r") { next += 1 }
            if next < bytes.count, bytes[next] == UInt8(ascii: "\n") {
                return newline > 0 && bytes[newline - 1] == UInt8(ascii: "\r") ? newline - 1 : newline
            }
            index = newline + 1
        }
        return nil
    }
}

/// The page being served, its files by URL path, and its version: read by every connection's
/// thread, replaced by the watching one.
final class PreviewServerState: Sendable {
    let job: PreviewJob
    /// The port listened on: a `Host` naming another port is another server's.
    let port: UInt16
    private let served: Mutex<Served>

    /// What one plan of the page serves.
    private struct Served {
        var html: String
        /// URL path → the file as planned and where it really lay then (links resolved).
        var files: [String: (file: String, real: String)]
        var version: String
        var counter = 0
        var fingerprint: String
        var watched: [String]
    }

    init(job: PreviewJob, page: PreviewPage, port: UInt16) {
        self.job = job
        self.port = port
        let version = Self.version(0)
        let (html, files, watched) = Self.serve(page, version: version)
        served = Mutex(Served(html: html, files: files, version: version, fingerprint: Self.fingerprint(of: watched), watched: watched))
    }

    /// The page's version now.
    var version: String { served.withLock { $0.version } }

    private static func version(_ counter: Int) -> String { "\(getpid()).\(counter)" }

    /// The page's HTML with `version` live, its URL paths → files, and what to watch.
    private static func serve(_ page: PreviewPage, version: String) -> (String, [String: (file: String, real: String)], [String]) {
        let root = FileIO.resolvedPath(page.root) ?? page.root
        var files: [String: (file: String, real: String)] = [:]
        let html = page.html(live: version) { file in
            let parent = FileIO.resolvedPath(FileIO.parentDirectory(of: file)) ?? FileIO.parentDirectory(of: file)
            var relative = FileIO.relativePath(of: PreviewContent.join(parent, FileIO.lastComponent(of: file)), from: root)
            if relative.hasPrefix("../") || relative == ".." { relative = "__flipbook/file/\(files.count)/" + FileIO.lastComponent(of: file) }
            files[relative] = (file, FileIO.resolvedPath(file) ?? file)
            return "/" + PreviewPage.encode(relative)
        }
        return (html, files, Array(Set(page.watched + page.files)).sorted())
    }

    private static func fingerprint(of paths: [String]) -> String {
        paths.map { FileIO.fingerprint(of: $0) ?? "-" }.joined(separator: "|")
    }

    /// Compares the fingerprints four times a second, for as long as the process runs; after a
    /// change and a quiet quarter-second, plans the page again (a plan that fails keeps the page
    /// served and is tried after the next change).
    func watch() {
        while true {
            Thread.sleep(forTimeInterval: 0.25)
            let (watched, fingerprint) = served.withLock { ($0.watched, $0.fingerprint) }
            let now = Self.fingerprint(of: watched)
            guard now != fingerprint else { continue }
            Thread.sleep(forTimeInterval: 0.25)
            let settled = Self.fingerprint(of: watched)
            guard settled == now else { continue }
            served.withLock { $0.fingerprint = settled }
            guard let page = try? job.plan(cancellation: nil) else { continue }
            let counter = served.withLock { $0.counter } + 1
            let version = Self.version(counter)
            let (html, files, newWatched) = Self.serve(page, version: version)
            let newFingerprint = Self.fingerprint(of: newWatched)
            served.withLock {
                $0 = Served(html: html, files: files, version: version, counter: counter, fingerprint: newFingerprint, watched: newWatched)
            }
        }
    }

    func respond(to request: PreviewRequest) -> PreviewResponse {
        guard request.method == "GET" || request.method == "HEAD" else { return .text(405, "only GET and HEAD are served\n") }
        // A page elsewhere may point a name of its own at 127.0.0.1 (DNS rebinding) and read the
        // frames through the browser: a request for any host but this machine's, or for another
        // port, is refused — by its `Host`, and by the authority of an absolute-form request
        // (`GET http://evil.example/ HTTP/1.1`), which HTTP puts before `Host`.
        // HTTP/1.1 requires a Host (RFC 9112 §3.2): a request without one is malformed.
        if request.version == "HTTP/1.1" && request.fields["host"] == nil {
            return .text(400, "a Host header is required\n")
        }
        // A target that is neither a path nor an absolute URL (`etc/passwd`, `*` for a GET) is malformed.
        guard request.target.hasPrefix("/") || request.target.contains("://") else { return .text(400, "the request target is not a path\n") }
        guard Self.isLocal(host: request.fields["host"], port: port), Self.isLocal(target: request.target, port: port) else {
            return .text(403, "only 127.0.0.1 and localhost are served\n")
        }
        // `GET http://127.0.0.1:PORT HTTP/1.1` (an absolute form without a path) asks for the page.
        let path = request.path.isEmpty ? "/" : PreviewRequest.decoded(Substring(request.path), plusIsSpace: false) ?? request.path
        switch path {
        case "/", "/index.html":
            return PreviewResponse(status: 200, contentType: "text/html; charset=utf-8", cacheControl: "no-store", body: Array(served.withLock { $0.html }.utf8))
        case "/__flipbook/changes":
            let since = request.query("since") ?? ""
            for _ in 0..<100 where version == since {
                Thread.sleep(forTimeInterval: 0.1)
            }
            return json(["version": version])
        case "/__flipbook/version":
            return json(["version": version])
        default:
            // Served only while it lies where the plan found it: a frame swapped for a link that
            // leads out is not read through before the next plan drops it (fresh eyes 53: 300 ms
            // of an outside file served). Looked at before and after the read.
            // The file is read as it is sent (``LoopbackConnection/sendFile(_:real:body:head:)``),
            // only when the file opened is the one at `real`.
            guard let (file, real) = served.withLock({ $0.files[String(path.dropFirst())] }), FileIO.resolvedPath(file) == real else {
                return .text(404, "not found\n")
            }
            return PreviewResponse(status: 200, contentType: Self.contentType(file), cacheControl: "no-cache", file: (file, real))
        }
    }

    /// Whether a request's `Host` names this machine (`127.0.0.1`, `localhost`, `[::1]`) and, when
    /// it has a port, `port` (any while `port` is not known); a request without one (HTTP/1.0) is
    /// taken. (A request with two `Host` lines is malformed: ``PreviewRequest`` refuses it.)
    static func isLocal(host: String?, port: UInt16?) -> Bool {
        guard let host = host?.trimmingCharacters(in: .whitespaces).lowercased() else { return true }
        let name: Substring, rest: Substring
        if host.hasPrefix("[") {
            guard let close = host.firstIndex(of: "]") else { return false }
            (name, rest) = (host[host.index(after: host.startIndex)..<close], host[host.index(after: close)...])
        } else {
            let colon = host.firstIndex(of: ":") ?? host.endIndex
            (name, rest) = (host[..<colon], host[colon...])
        }
        guard ["127.0.0.1", "localhost", "::1"].contains(String(name)) else { return false }
        if rest.isEmpty { return true }
        // Digits only, as a port is written (`Int("+80")` and `"080"` parse too).
        let digits = rest.dropFirst()
        guard rest.first == ":", digits.first != "0", digits.allSatisfy({ $0.isASCII && $0.isNumber }), let given = UInt16(digits) else { return false }
        return port.map { $0 == given } ?? true
    }

    /// Whether a request target is the usual origin form (`/coin.gif`), or an absolute form
    /// (`http://127.0.0.1:PORT/coin.gif`) whose authority ``isLocal(host:port:)`` takes; any
    /// other form (`*`, `evil.example:443`) is not served.
    static func isLocal(target: String, port: UInt16?) -> Bool {
        if target.hasPrefix("/") { return true }
        guard let scheme = target.range(of: "://") else { return false }
        let authority = target[scheme.upperBound...].prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        return isLocal(host: String(authority), port: port)
    }

    private func json(_ object: [String: String]) -> PreviewResponse {
        let text = PreviewJSON.object(object.sorted { $0.key < $1.key }.map { ($0.key, .string($0.value)) }).text
        return PreviewResponse(status: 200, contentType: "application/json", cacheControl: "no-store", body: Array(text.utf8))
    }

    private static func contentType(_ file: String) -> String {
        switch OutputName.pathExtension(file) {
        case "png": "image/png"
        case "apng": "image/apng"
        case "gif": "image/gif"
        case "webp": "image/webp"
        default: "application/octet-stream"
        }
    }
}
