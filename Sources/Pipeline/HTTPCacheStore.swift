import Foundation

/// A Bazel HTTP remote cache (bazel-remote, BuildBuddy, nginx with WebDAV `PUT`): `GET` and `PUT`
/// of `BASE/ac/KEY` and `BASE/cas/SHA256`, over plain HTTP (``PlainHTTPTransport``, asleep while it
/// waits) or HTTPS (``CurlTransport``).
///
/// Each request is waited for on the calling thread, for at most the cache's timeout of silence
/// and a bound on the whole transfer; a `GET` that answers 404 is a miss, any other answer but
/// 200 (or 2xx to a `PUT`) a failure.
final class HTTPCacheStore: CacheStore {
    private let transport: any HTTPTransport
    private let headers: [(String, String)]
    private let timeout: Double
    private let transferLimit: Double

    /// A store at `url` (its `user:password@`, if any, sent as basic authentication) that waits
    /// `timeout` seconds of silence per request; `environment` says which proxy and certificate
    /// authorities libcurl uses (``CurlTransport``).
    init(url: URL, timeout: Double, environment: [String: String] = ProcessInfo.processInfo.environment) {
        var parts = URLComponents(url: url, resolvingAgainstBaseURL: false)
        // A server's log names the client (libcurl's own would name libcurl).
        var headers = [("User-Agent", "flipbook/\(BuildJob.version)")]
        if let user = parts?.user {
            let credentials = user.removingPercentEncoding ?? user
            let password = parts?.password.map { $0.removingPercentEncoding ?? $0 } ?? ""
            headers.append(("Authorization", "Basic " + Data("\(credentials):\(password)".utf8).base64EncodedString()))
        }
        self.headers = headers
        parts?.user = nil
        parts?.password = nil
        self.timeout = timeout
        transferLimit = max(60, timeout * 12)
        var path = parts?.percentEncodedPath ?? ""
        while path.hasSuffix("/") { path.removeLast() }
        if parts?.scheme?.lowercased() == "http", let host = parts?.host, !Self.isProxied(host, environment: environment) {
            transport = PlainHTTPTransport(host: host, port: parts?.port ?? 80, basePath: path, silence: timeout, transferLimit: transferLimit)
        } else {
            var text = parts?.string ?? url.absoluteString
            while text.hasSuffix("/") { text.removeLast() }
            transport = CurlTransport(base: text, silence: timeout, transferLimit: transferLimit, environment: environment)
        }
    }

    func get(_ part: CachePart, _ key: String) throws(CacheStoreFailure) -> [UInt8]? {
        let (status, body) = try send("GET", part, key, body: nil)
        switch status {
        case 200: return body
        case 404: return nil
        default: throw CacheStoreFailure(reason: "answered HTTP \(status) to GET /\(part.rawValue)/…")
        }
    }

    func put(_ part: CachePart, _ key: String, _ bytes: [UInt8]) throws(CacheStoreFailure) {
        let (status, _) = try send("PUT", part, key, body: bytes, extra: [("Content-Type", "application/octet-stream")])
        if status == 413 {
            throw CacheStoreFailure(reason: "refused \(bytes.count) bytes as too large (HTTP 413; nginx: client_max_body_size)", tooLarge: true)
        }
        guard (200..<300).contains(status) else { throw CacheStoreFailure(reason: "answered HTTP \(status) to PUT /\(part.rawValue)/…") }
    }

    /// Sends one request and waits for its answer: the status and body, or why there is none.
    private func send(_ method: String, _ part: CachePart, _ key: String, body: [UInt8]?, extra: [(String, String)] = []) throws(CacheStoreFailure) -> (Int, [UInt8]) {
        do throws(HTTPTransportFailure) {
            return try transport.send(method, "/\(part.rawValue)/\(key)", headers: headers + extra, body: body)
        } catch {
            switch error {
            case .silent: throw CacheStoreFailure(reason: "timed out after \(Self.seconds(timeout)) without an answer")
            case .stalled: throw CacheStoreFailure(reason: "stopped in the middle of its answer (nothing for \(Self.seconds(timeout)))")
            case .tooLarge(let size): throw CacheStoreFailure(reason: "sent an answer too large for a cache entry (\(size))")
            case .overLimit: throw CacheStoreFailure(reason: "did not answer within \(Self.seconds(transferLimit))")
            case .overLimitMidAnswer: throw CacheStoreFailure(reason: "was still answering after \(Self.seconds(transferLimit)), too slow to wait for")
            case .closed: throw CacheStoreFailure(reason: "closed the connection without an answer")
            case .cutShort: throw CacheStoreFailure(reason: "closed the connection before its answer was whole")
            case .notHTTP(let why): throw CacheStoreFailure(reason: "gave an answer that is not HTTP (\(why))")
            case .unreachable(let why): throw CacheStoreFailure(reason: "could not be reached (\(why))")
            case .untrusted(let why):
                throw CacheStoreFailure(reason: "was not trusted (\(why)); a certificate authority of your own is named by CURL_CA_BUNDLE or SSL_CERT_FILE")
            }
        }
    }

    /// Whether the environment sends plain HTTP to `host` through a proxy (`http_proxy` or
    /// `all_proxy`, `host` not excepted by `no_proxy`), as libcurl reads it: such requests go
    /// through libcurl (``CurlTransport``), which honours it.
    static func isProxied(_ host: String, environment: [String: String] = ProcessInfo.processInfo.environment) -> Bool {
        let proxy = [environment["http_proxy"], environment["all_proxy"], environment["ALL_PROXY"]].compactMap { $0 }
        guard proxy.contains(where: { !$0.isEmpty }) else { return false }
        let name = host.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
        let excepted = (environment["no_proxy"] ?? environment["NO_PROXY"] ?? "").split(separator: ",").map {
            $0.trimmingCharacters(in: .whitespaces).lowercased()
        }
        return !excepted.contains { entry in
            let domain = entry.hasPrefix(".") ? String(entry.dropFirst()) : entry
            return entry == "*" || (!domain.isEmpty && (name == domain || name.hasSuffix("." + domain)))
        }
    }

    /// `5 s`, `0.5 s`.
    static func seconds(_ value: Double) -> String {
        value == value.rounded() && value < 1e9 ? "\(Int(value)) s" : "\(value) s"
    }
}
