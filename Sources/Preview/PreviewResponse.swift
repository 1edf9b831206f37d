/// One answer of ``PreviewServer``: a status, the content's type and caching, and the body, written
/// as HTTP/1.1 with `Connection: close` (each connection carries one request).
struct PreviewResponse {
    var status: Int
    var contentType: String = "text/plain"
    var cacheControl: String?
    var body: [UInt8] = []
    /// A file served as the body instead of `body` (read as it is sent): its path as planned and
    /// where it really lay then (links resolved).
    var file: (path: String, real: String)?

    /// A plain-text answer.
    static func text(_ status: Int, _ text: String) -> PreviewResponse {
        PreviewResponse(status: status, body: Array(text.utf8))
    }

    /// The answer's bytes; without the body (but with its length) for a `HEAD`.
    func bytes(head: Bool) -> [UInt8] {
        self.head(length: body.count) + (head ? [] : body)
    }

    /// The status line and fields for a body of `length` bytes.
    func head(length: Int) -> [UInt8] {
        var text = "HTTP/1.1 \(status) \(Self.reason(status))\r\nContent-Type: \(contentType)\r\nContent-Length: \(length)\r\n"
        if let cacheControl { text += "Cache-Control: \(cacheControl)\r\n" }
        if status == 405 { text += "Allow: GET, HEAD\r\n" }
        // Too many connections open: a client that retries is told it may in a second (RFC 9110 §10.2.3).
        if status == 503 { text += "Retry-After: 1\r\n" }
        text += "Connection: close\r\n\r\n"
        return Array(text.utf8)
    }

    private static func reason(_ status: Int) -> String {
        switch status {
        case 200: "OK"
        case 400: "Bad Request"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 431: "Request Header Fields Too Large"
        case 503: "Service Unavailable"
        default: "Status"
        }
    }
}
