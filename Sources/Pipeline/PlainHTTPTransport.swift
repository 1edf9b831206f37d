import Foundation
import Synchronization

/// HTTP/1.1 over plain TCP (``TCPConnection``), for an `http://` cache: a request written whole, an
/// answer read by its `Content-Length`, its chunks or to the connection's end, with every wait asleep
/// in `poll(2)`. (Foundation's `URLSession` on Linux, which served `http://` before, spun a core for
/// as long as a silent server made it wait.)
///
/// A connection whose answer was framed is kept for the next request; one that a server closed
/// while it was kept is noticed before it is used, and a request that gets no answer at all on a
/// kept connection is sent once more on a new one (GET and PUT of one key are idempotent).
final class PlainHTTPTransport: HTTPTransport {
    private let host: String
    private let port: Int
    private let hostHeader: String
    private let basePath: String
    private let silence: Duration
    private let transferLimit: Duration
    private let idle = Mutex<[TCPConnection]>([])

    /// A transport to `host` on `port`, its requests' paths under `basePath` (`""` or `/cache`):
    /// each wait at most `silence`, each exchange at most `transferLimit`.
    init(host: String, port: Int, basePath: String, silence: Double, transferLimit: Double) {
        let bare = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
        self.host = bare
        self.port = port
        let named = bare.contains(":") ? "[\(bare)]" : bare
        hostHeader = port == 80 ? named : "\(named):\(port)"
        self.basePath = basePath
        self.silence = .milliseconds(Int64((silence * 1000).rounded(.up)))
        self.transferLimit = .milliseconds(Int64((transferLimit * 1000).rounded(.up)))
    }

    func send(_ method: String, _ path: String, headers: [(String, String)], body: [UInt8]?) throws(HTTPTransportFailure) -> (status: Int, body: [UInt8]) {
        let deadline = ContinuousClock.now + transferLimit
        var request = "\(method) \(basePath)\(path) HTTP/1.1\r\nHost: \(hostHeader)\r\n"
        for (name, value) in headers { request += "\(name): \(value)\r\n" }
        if let body { request += "Content-Length: \(body.count)\r\n" }
        request += "\r\n"
        let bytes = Array(request.utf8) + (body ?? [])
        while let kept = idle.withLock({ $0.popLast() }) {
            guard kept.isQuietAndOpen else { continue }
            do throws(Exchange.Failure) {
                return try exchange(bytes, on: kept, deadline: deadline)
            } catch {
                guard case .transport(let failure) = error else { break }
                throw failure
            }
        }
        let connection: TCPConnection
        do throws(TCPConnection.Failure) {
            connection = try TCPConnection.connect(host: host, port: port, silence: silence, deadline: deadline)
        } catch {
            throw HTTPTransportFailure(error, connecting: true)
        }
        do throws(Exchange.Failure) {
            return try exchange(bytes, on: connection, deadline: deadline)
        } catch {
            guard case .transport(let failure) = error else { throw .closed }
            throw failure
        }
    }

    /// Writes `request` on `connection` and reads the answer; keeps the connection when the answer
    /// leaves it reusable.
    private func exchange(_ request: [UInt8], on connection: TCPConnection, deadline: ContinuousClock.Instant) throws(Exchange.Failure) -> (status: Int, body: [UInt8]) {
        var reader = Exchange(connection: connection, silence: silence, deadline: deadline)
        do throws(TCPConnection.Failure) {
            try connection.send(request, silence: silence, deadline: deadline)
        } catch {
            // A kept connection the server closed a moment ago fails here or answers nothing; a
            // server that stops reading is silent.
            guard case .failed = error else { throw .transport(HTTPTransportFailure(error, connecting: false)) }
            throw .unanswered
        }
        let answer = try reader.answer()
        if answer.reusable, connection.isQuietAndOpen { idle.withLock { $0.append(connection) } }
        return (answer.status, answer.body)
    }
}

/// Reads one HTTP/1.1 answer from a connection.
private struct Exchange {
    enum Failure: Error {
        /// Nothing at all came back (not even a byte): the request may be sent again elsewhere.
        case unanswered
        case transport(HTTPTransportFailure)
    }

    /// The most a status line and headers may take.
    static let headerLimit = 64 * 1024
    /// The most a body may take (``HTTPTransport/bodyLimit``).
    static let bodyLimit = PlainHTTPTransport.bodyLimit

    let connection: TCPConnection
    let silence: Duration
    let deadline: ContinuousClock.Instant
    private var buffer: [UInt8] = []
    private var start = 0
    private var closed = false
    private var receivedAny = false

    init(connection: TCPConnection, silence: Duration, deadline: ContinuousClock.Instant) {
        self.connection = connection
        self.silence = silence
        self.deadline = deadline
    }

    /// The status, the body, and whether the connection may carry another request.
    mutating func answer() throws(Failure) -> (status: Int, body: [UInt8], reusable: Bool) {
        while true {
            let (status, version, headers) = try head()
            // 100 Continue and other interim answers precede the real one.
            if (100..<200).contains(status), status != 101 { continue }
            let persistent = version == "HTTP/1.1" ? headers["connection"]?.lowercased() != "close"
                : headers["connection"]?.lowercased() == "keep-alive"
            if status == 204 || status == 304 { return (status, [], persistent) }
            if let coding = headers["transfer-encoding"] {
                guard coding.lowercased() == "chunked" else { throw .transport(.notHTTP("a body coded as \"\(coding)\"")) }
                return (status, try chunkedBody(), persistent)
            }
            if let length = headers["content-length"] {
                guard let count = Int(length), count >= 0 else { throw .transport(.notHTTP("a Content-Length of \"\(length)\"")) }
                guard count <= Self.bodyLimit else { throw .transport(.tooLarge("a Content-Length of \(count) bytes, over \(Self.bodyLimit >> 20) MiB")) }
                return (status, try bytes(count), persistent)
            }
            // Neither: the body runs to the connection's end.
            while try fill() { try checkBody(buffer.count - start) }
            return (status, Array(buffer[start...]), false)
        }
    }

    /// The status line and headers (names lowercased; a repeated header's last value).
    private mutating func head() throws(Failure) -> (Int, String, [String: String]) {
        var headerBytes = 0
        let statusLine = try line(counting: &headerBytes)
        let parts = statusLine.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count >= 2, parts[0].hasPrefix("HTTP/1."), parts[1].count == 3, let status = Int(parts[1]) else {
            throw .transport(.notHTTP("it began \(Self.shown(statusLine))"))
        }
        var headers: [String: String] = [:]
        while true {
            let header = try line(counting: &headerBytes)
            if header.isEmpty { return (status, String(parts[0]), headers) }
            guard let colon = header.firstIndex(of: ":") else { throw .transport(.notHTTP("a header line \(Self.shown(header))")) }
            let value = header[header.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            headers[header[..<colon].lowercased()] = value
        }
    }

    /// A body in chunks (`Transfer-Encoding: chunked`), its trailer read and dropped.
    private mutating func chunkedBody() throws(Failure) -> [UInt8] {
        var body: [UInt8] = []
        while true {
            var headerBytes = 0
            let sizeLine = try line(counting: &headerBytes)
            let digits = sizeLine.prefix { $0 != ";" }.trimmingCharacters(in: .whitespaces)
            guard let size = Int(digits, radix: 16), size >= 0 else { throw .transport(.notHTTP("a chunk size \(Self.shown(sizeLine))")) }
            if size == 0 {
                while try !line(counting: &headerBytes).isEmpty {}
                return body
            }
            try checkBody(body.count + size)
            body += try bytes(size)
            guard try line(counting: &headerBytes).isEmpty else { throw .transport(.notHTTP("a chunk longer than its size")) }
        }
    }

    private func checkBody(_ count: Int) throws(Failure) {
        guard count <= Self.bodyLimit else { throw .transport(.tooLarge("a body over \(Self.bodyLimit >> 20) MiB")) }
    }

    /// A server's text as a warning may show it: quoted, at most 40 characters, when it is
    /// printable ASCII; else only that it is not text (a terminal is not given its bytes).
    static func shown(_ text: String) -> String {
        let start = text.unicodeScalars.prefix(40)
        guard start.allSatisfy({ (0x20..<0x7F).contains($0.value) }) else { return "with bytes that are not text" }
        return "\"\(String(String.UnicodeScalarView(start)))\(text.unicodeScalars.count > 40 ? "…" : "")\""
    }

    /// One line, without its CR LF (a bare LF ends one too).
    private mutating func line(counting total: inout Int) throws(Failure) -> String {
        while true {
            if let end = buffer[start...].firstIndex(of: 0x0A) {
                var text = buffer[start..<end]
                if text.last == 0x0D { text = text.dropLast() }
                total += end + 1 - start
                start = end + 1
                return String(decoding: text, as: UTF8.self)
            }
            guard total + buffer.count - start <= Self.headerLimit else { throw .transport(.notHTTP("a header over 64 KiB")) }
            guard try fill() else {
                throw receivedAny ? .transport(.cutShort) : .unanswered
            }
        }
    }

    /// Exactly `count` bytes.
    private mutating func bytes(_ count: Int) throws(Failure) -> [UInt8] {
        while buffer.count - start < count {
            guard try fill() else { throw .transport(.cutShort) }
        }
        let taken = Array(buffer[start..<start + count])
        start += count
        if start == buffer.count { buffer.removeAll(keepingCapacity: true); start = 0 }
        return taken
    }

    /// Adds what the connection has next to the buffer; false once the other side closed.
    private mutating func fill() throws(Failure) -> Bool {
        guard !closed else { return false }
        let more: [UInt8]
        do throws(TCPConnection.Failure) {
            more = try connection.receive(upTo: 64 * 1024, silence: silence, deadline: deadline)
        } catch {
            // A connection reset before any answer is a server that closed it (a kept one may be
            // sent again); a silence is the server's, not the connection's.
            if case .failed = error, !receivedAny { throw .unanswered }
            if case .silent = error, receivedAny { throw .transport(.stalled) }
            if case .overDeadline = error, receivedAny { throw .transport(.overLimitMidAnswer) }
            throw .transport(HTTPTransportFailure(error, connecting: false))
        }
        if more.isEmpty { closed = true; return false }
        receivedAny = true
        if start > 0, start == buffer.count { buffer.removeAll(keepingCapacity: true); start = 0 }
        buffer += more
        return true
    }
}
