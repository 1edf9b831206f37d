import Foundation
import Synchronization
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A Bazel HTTP remote cache (bazel-remote, BuildBuddy, nginx with WebDAV `PUT`): `GET` and `PUT`
/// of `BASE/ac/KEY` and `BASE/cas/SHA256`. The one file that speaks HTTP, through Foundation's
/// `URLSession` (FoundationNetworking on Linux: no package beyond the toolchain's).
///
/// Each request is waited for on the calling thread, for at most the cache's timeout of silence
/// and a bound on the whole transfer; a `GET` that answers 404 is a miss, any other answer but
/// 200 (or 2xx to a `PUT`) a failure.
final class HTTPCacheStore: CacheStore, @unchecked Sendable {
    private let base: String
    private let authorization: String?
    private let session: URLSession
    private let timeout: Double
    private let transferLimit: Double

    /// A store at `url` (its `user:password@`, if any, sent as basic authentication) that waits
    /// `timeout` seconds of silence per request.
    init(url: URL, timeout: Double) {
        var parts = URLComponents(url: url, resolvingAgainstBaseURL: false)
        if let user = parts?.user {
            let credentials = user.removingPercentEncoding.map { $0 } ?? user
            let password = parts?.password.map { $0.removingPercentEncoding ?? $0 } ?? ""
            authorization = "Basic " + Data("\(credentials):\(password)".utf8).base64EncodedString()
        } else {
            authorization = nil
        }
        parts?.user = nil
        parts?.password = nil
        var text = parts?.string ?? url.absoluteString
        while text.hasSuffix("/") { text.removeLast() }
        base = text
        self.timeout = timeout
        transferLimit = max(60, timeout * 12)
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout
        configuration.timeoutIntervalForResource = transferLimit
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.urlCache = nil
        configuration.httpCookieStorage = nil
        session = URLSession(configuration: configuration)
        // Kept for the life of the process, never invalidated: FoundationNetworking on Linux
        // corrupted its heap ("corrupted double-linked list", SIGABRT) when a store that had met
        // an HTTP 500 was released and its session invalidated while its libcurl thread was still
        // winding down a task. A build makes one store per cache; a few idle sessions cost nothing.
        Self.sessions.withLock { $0.append(session) }
    }

    /// Every session made, held so that none is torn down while the process runs (see `init`).
    private static let sessions = Mutex<[URLSession]>([])

    func get(_ part: CachePart, _ key: String) throws(CacheStoreFailure) -> [UInt8]? {
        let (status, body) = try send(request(part, key, method: "GET"), upload: nil)
        switch status {
        case 200: return Array(body)
        case 404: return nil
        default: throw CacheStoreFailure(reason: "answered HTTP \(status) to GET /\(part.rawValue)/…")
        }
    }

    func put(_ part: CachePart, _ key: String, _ bytes: [UInt8]) throws(CacheStoreFailure) {
        var request = request(part, key, method: "PUT")
        request.setValue("application/octet-stream", forHTTPHeaderField: "Content-Type")
        let (status, _) = try send(request, upload: Data(bytes))
        guard (200..<300).contains(status) else { throw CacheStoreFailure(reason: "answered HTTP \(status) to PUT /\(part.rawValue)/…") }
    }

    private func request(_ part: CachePart, _ key: String, method: String) -> URLRequest {
        // The base was a whole URL and the key is hex digits: the concatenation is a URL.
        var request = URLRequest(url: URL(string: "\(base)/\(part.rawValue)/\(key)") ?? URL(fileURLWithPath: "/"), timeoutInterval: timeout)
        request.httpMethod = method
        // A server's log names the client (URLSession's own says "unknown version").
        request.setValue("flipbook/\(BuildJob.version)", forHTTPHeaderField: "User-Agent")
        if let authorization { request.setValue(authorization, forHTTPHeaderField: "Authorization") }
        return request
    }

    /// Sends `request` and waits for its answer: the status and body, or why there is none.
    private func send(_ request: URLRequest, upload: Data?) throws(CacheStoreFailure) -> (Int, Data) {
        let answer = Answer()
        let finish: @Sendable (Data?, URLResponse?, (any Error)?) -> Void = { data, response, error in
            answer.set(status: (response as? HTTPURLResponse)?.statusCode, body: data, error: error)
        }
        let task = upload.map { session.uploadTask(with: request, from: $0, completionHandler: finish) }
            ?? session.dataTask(with: request, completionHandler: finish)
        task.resume()
        // URLSession enforces both limits itself; this wait is the backstop that keeps a build
        // from hanging should it not.
        guard answer.wait(seconds: transferLimit + 1) else {
            task.cancel()
            throw CacheStoreFailure(reason: "did not answer within \(Self.seconds(transferLimit))")
        }
        let (status, body, error) = answer.value
        if let error {
            let code = (error as NSError).code
            if code == NSURLErrorTimedOut { throw CacheStoreFailure(reason: "timed out after \(Self.seconds(timeout)) without an answer") }
            throw CacheStoreFailure(reason: "could not be reached (\((error as NSError).localizedDescription))")
        }
        guard let status else { throw CacheStoreFailure(reason: "gave an answer that is not HTTP") }
        return (status, body ?? Data())
    }

    /// `5 s`, `0.5 s`.
    static func seconds(_ value: Double) -> String {
        value == value.rounded() && value < 1e9 ? "\(Int(value)) s" : "\(value) s"
    }
}

/// The answer to one request, handed from URLSession's thread to the waiting one.
private final class Answer: @unchecked Sendable {
    private let lock = NSLock()
    private let done = DispatchSemaphore(value: 0)
    private var status: Int?
    private var body: Data?
    private var error: (any Error)?

    func set(status: Int?, body: Data?, error: (any Error)?) {
        lock.withLock {
            self.status = status
            self.body = body
            self.error = error
        }
        done.signal()
    }

    /// Whether the answer came within `seconds`.
    func wait(seconds: Double) -> Bool {
        done.wait(timeout: .now() + seconds) == .success
    }

    var value: (Int?, Data?, (any Error)?) { lock.withLock { (status, body, error) } }
}
