import Basics
import Dispatch
import FlyingFox
import FlyingSocks
import Foundation

/// Serves a `PreviewJob`'s page on 127.0.0.1 (`flipbook preview --serve`) and makes the page reload
/// when what it shows changes (a rebuild rewrote an output, a frame was saved).
///
/// The server is FlyingFox's: plain sockets and Swift concurrency, no SwiftNIO, so it adds seconds,
/// not minutes, to a clean build and CI. It answers only on the loopback address and serves only
/// the page and the files the page references (each looked up by its URL in the page's own list,
/// never by joining a request's path to a folder): nothing else in the folder is reachable.
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
        let problems = page.problems
        let state = PreviewServerState(job: job, page: page)
        let address: sockaddr_in
        do { address = try .inet(ip4: "127.0.0.1", port: port) } catch { throw .serve(port: Int(port), reason: "\(error)") }
        let server = HTTPServer(address: address, timeout: 30, logger: .disabled, handler: ClosureHTTPHandler { request in
            await state.respond(to: request)
        })
        let failure = PreviewServerFailure()
        let done = DispatchSemaphore(value: 0)
        Task.detached {
            do {
                try await withThrowingTaskGroup(of: Void.self) { group in
                    // The server and the wait for it side by side: a port another server holds
                    // ends `run()` at once, and with it the group (the wait alone hung 10 s, or on).
                    group.addTask { try await server.run() }
                    group.addTask {
                        try await server.waitUntilListening(timeout: 10)
                        guard case .ip4(_, let port)? = await server.listeningAddress else { throw PreviewServerFailure.NotListening() }
                        await state.listen(on: port)
                        listening("http://127.0.0.1:\(port)/", problems)
                        await state.watch()
                    }
                    _ = try await group.next()
                    group.cancelAll()
                }
            } catch {
                // FlyingFox's `failed(type: "Bind", errno: 98, message: "Address already in use")`: the message.
                let text = "\(error)"
                failure.set(text.firstMatch(of: /message: "([^"]*)"/).map { String($0.1) } ?? text)
            }
            done.signal()
        }
        done.wait()
        throw .serve(port: Int(port), reason: failure.reason ?? "the server stopped")
    }
}

/// Why the server task ended, handed from it to the thread that waits.
final class PreviewServerFailure: @unchecked Sendable {
    struct NotListening: Error, CustomStringConvertible { var description: String { "the server did not start listening" } }
    private let lock = NSLock()
    private var stored: String?
    func set(_ reason: String) { lock.withLock { stored = reason } }
    var reason: String? { lock.withLock { stored } }
}

/// The page being served, its files by URL path, and its version.
actor PreviewServerState {
    let job: PreviewJob
    private var html: String = ""
    /// URL path → the file as planned and where it really lay then (links resolved).
    private var files: [String: (file: String, real: String)] = [:]
    private(set) var version: String = ""
    private var counter = 0
    private var fingerprint: String = ""
    private var watched: [String] = []
    /// The port listened on, once known: a `Host` naming another port is another server's.
    private var port: UInt16?

    init(job: PreviewJob, page: PreviewPage) {
        self.job = job
        let (html, files, watched) = Self.serve(page, version: Self.version(0))
        self.html = html
        self.files = files
        self.watched = watched
        self.version = Self.version(0)
        self.fingerprint = Self.fingerprint(of: watched)
    }

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

    /// Compares the fingerprints four times a second; after a change and a quiet quarter-second,
    /// plans the page again (a plan that fails keeps the page served and is tried after the next change).
    func watch() async {
        while !Task.isCancelled {
            try? await Task.sleep(nanoseconds: 250_000_000)
            let now = Self.fingerprint(of: watched)
            guard now != fingerprint else { continue }
            try? await Task.sleep(nanoseconds: 250_000_000)
            let settled = Self.fingerprint(of: watched)
            guard settled == now else { continue }
            fingerprint = settled
            guard let page = try? job.plan(cancellation: nil) else { continue }
            counter += 1
            let version = Self.version(counter)
            let (html, files, watched) = Self.serve(page, version: version)
            self.html = html
            self.files = files
            self.watched = watched
            self.fingerprint = Self.fingerprint(of: watched)
            self.version = version
        }
    }

    /// Takes the port the server listens on (the system's choice for port 0).
    func listen(on port: UInt16) { self.port = port }

    func respond(to request: HTTPRequest) async -> HTTPResponse {
        guard request.method == .GET || request.method == .HEAD else { return HTTPResponse(statusCode: .methodNotAllowed) }
        // A page elsewhere may point a name of its own at 127.0.0.1 (DNS rebinding) and read the
        // frames through the browser: a request for any host but this machine's, or for another
        // port, is refused — by its `Host`, and by the authority of an absolute-form request
        // (`GET http://evil.example/ HTTP/1.1`), which HTTP puts before `Host`.
        // HTTP/1.1 requires a Host (RFC 9112 §3.2): a request without one is malformed.
        if request.version == .http11 && request.headers[.host] == nil {
            return HTTPResponse(statusCode: .badRequest, headers: [.contentType: "text/plain"], body: Data("a Host header is required\n".utf8))
        }
        guard Self.isLocal(host: request.headers[.host], port: port),
              Self.isLocal(target: request.target.rawValue, port: port) else {
            return HTTPResponse(statusCode: .forbidden, headers: [.contentType: "text/plain"], body: Data("only 127.0.0.1 and localhost are served\n".utf8))
        }
        // `GET http://127.0.0.1:PORT HTTP/1.1` (an absolute form without a path) asks for the page.
        let path = request.path.isEmpty ? "/" : request.path.removingPercentEncoding ?? request.path
        switch path {
        case "/", "/index.html":
            return HTTPResponse(statusCode: .ok, headers: [.contentType: "text/html; charset=utf-8", .cacheControl: "no-store"], body: Data(html.utf8))
        case "/__flipbook/changes":
            let since = request.query.first { $0.name == "since" }?.value ?? ""
            for _ in 0..<100 where version == since {
                try? await Task.sleep(nanoseconds: 100_000_000)
            }
            return json(["version": version])
        case "/__flipbook/version":
            return json(["version": version])
        default:
            // Served only while it lies where the plan found it: a frame swapped for a link that
            // leads out is not read through before the next plan drops it (fresh eyes 53: 300 ms
            // of an outside file served). Looked at before and after the read.
            guard let (file, real) = files[String(path.dropFirst())], FileIO.resolvedPath(file) == real,
                  let bytes = try? FileIO.readAll(file), FileIO.resolvedPath(file) == real else {
                return HTTPResponse(statusCode: .notFound, headers: [.contentType: "text/plain"], body: Data("not found\n".utf8))
            }
            return HTTPResponse(statusCode: .ok, headers: [.contentType: Self.contentType(file), .cacheControl: "no-cache"], body: Data(bytes))
        }
    }

    /// Whether a request's `Host` names this machine (`127.0.0.1`, `localhost`, `[::1]`) and, when
    /// it has a port, `port` (any while `port` is not known); a request without one (HTTP/1.0) is
    /// taken. (Two `Host` lines reach here as the last one: FlyingFox keeps one value a header.
    /// Browsers send one.)
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

    private func json(_ object: [String: String]) -> HTTPResponse {
        let text = PreviewJSON.object(object.sorted { $0.key < $1.key }.map { ($0.key, .string($0.value)) }).text
        return HTTPResponse(statusCode: .ok, headers: [.contentType: "application/json", .cacheControl: "no-store"], body: Data(text.utf8))
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
