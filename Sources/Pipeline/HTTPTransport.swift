/// How ``HTTPCacheStore`` sends a request: plain HTTP over its own sockets (``PlainHTTPTransport``)
/// or HTTPS through libcurl (``CurlTransport``).
protocol HTTPTransport: Sendable {
    /// Sends `method` for `path` (beginning with `/`, under the store's base) with `headers` and
    /// `body`, and waits for the answer: its status and body.
    func send(_ method: String, _ path: String, headers: [(String, String)], body: [UInt8]?) throws(HTTPTransportFailure) -> (status: Int, body: [UInt8])
}

extension HTTPTransport {
    /// The most an answer's body may take: a cache entry is one target's outputs, and a garbage
    /// stream must end before it fills memory.
    static var bodyLimit: Int { 1 << 31 }
}
