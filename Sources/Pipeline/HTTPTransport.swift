/// How ``HTTPCacheStore`` sends a request: plain HTTP over its own sockets (``PlainHTTPTransport``)
/// or HTTPS through Foundation (``URLSessionTransport``).
protocol HTTPTransport: Sendable {
    /// Sends `method` for `path` (beginning with `/`, under the store's base) with `headers` and
    /// `body`, and waits for the answer: its status and body.
    func send(_ method: String, _ path: String, headers: [(String, String)], body: [UInt8]?) throws(HTTPTransportFailure) -> (status: Int, body: [UInt8])
}
