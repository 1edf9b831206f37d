import Foundation
import Synchronization
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// HTTPS through Foundation's `URLSession` (FoundationNetworking on Linux: libcurl), for an
/// `https://` cache. Each request is waited for on the calling thread. On Linux its wait for a
/// silent server spins in libcurl's loop (``PlainHTTPTransport`` replaced it for `http://`).
final class URLSessionTransport: HTTPTransport, @unchecked Sendable {
    private let base: String
    private let session: URLSession
    private let timeout: Double
    private let transferLimit: Double

    /// A transport to `base` (a URL without a trailing `/`), each request's silence at most
    /// `silence` seconds and the whole of it `transferLimit`.
    init(base: String, silence: Double, transferLimit: Double) {
        self.base = base
        timeout = silence
        self.transferLimit = transferLimit
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = silence
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

    func send(_ method: String, _ path: String, headers: [(String, String)], body: [UInt8]?) throws(HTTPTransportFailure) -> (status: Int, body: [UInt8]) {
        // The base was a whole URL and the path is hex digits under it: the concatenation is a URL.
        var request = URLRequest(url: URL(string: base + path) ?? URL(fileURLWithPath: "/"), timeoutInterval: timeout)
        request.httpMethod = method
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        let answer = Answer()
        let finish: @Sendable (Data?, URLResponse?, (any Error)?) -> Void = { data, response, error in
            answer.set(status: (response as? HTTPURLResponse)?.statusCode, body: data, error: error)
        }
        let task = body.map { session.uploadTask(with: request, from: Data($0), completionHandler: finish) }
            ?? session.dataTask(with: request, completionHandler: finish)
        task.resume()
        // URLSession enforces both limits itself; this wait is the backstop that keeps a build
        // from hanging should it not.
        guard answer.wait(seconds: transferLimit + 1) else {
            task.cancel()
            throw .overLimit
        }
        let (status, data, error) = answer.value
        if let error {
            if (error as NSError).code == NSURLErrorTimedOut { throw .silent }
            throw .unreachable((error as NSError).localizedDescription)
        }
        guard let status else { throw .notHTTP("no HTTP status") }
        return (status, Array(data ?? Data()))
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
