import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A TCP server on 127.0.0.1 that answers each HTTP request with bytes a test chooses: a server
/// with chunked bodies, interim answers, closed connections or garbage, which nginx does not give.
/// It reads each request whole (its head and a `Content-Length` body) and keeps what it read.
public final class ScriptedServer: @unchecked Sendable {
    /// What to send for one request, and whether to close the connection after it.
    public struct Reply: Sendable {
        /// The bytes sent back.
        public var bytes: [UInt8]
        /// Whether the connection is closed after them.
        public var close: Bool
        /// Sent `chunk` bytes at a time with `pause` seconds between (a trickling server), or at once.
        public var trickle: (chunk: Int, pause: Double)?

        /// `text` sent as it is (CR LF written out by the test).
        public init(_ text: String, close: Bool = false, trickle: (chunk: Int, pause: Double)? = nil) {
            bytes = Array(text.utf8)
            self.close = close
            self.trickle = trickle
        }
    }

    /// The port.
    public let port: Int
    private let socket: Int32
    private let reply: @Sendable (_ request: Int, _ head: String) -> Reply?
    private let lock = NSLock()
    private var heads: [String] = []
    private var connectionCount = 0

    /// The server's URL, with `path` after the port.
    public func url(_ path: String = "") -> URL {
        URL(string: "http://127.0.0.1:\(port)\(path)") ?? URL(fileURLWithPath: "/")
    }

    /// The heads (request line and headers) of the requests read so far, in order.
    public var requests: [String] { lock.withLock { heads } }

    /// How many connections were accepted.
    public var connections: Int { lock.withLock { connectionCount } }

    /// Listens on a free port and answers request number `n` (from 0, over all connections) with
    /// `reply(n, head)`; `nil` closes the connection without a word.
    public init(reply: @escaping @Sendable (_ request: Int, _ head: String) -> Reply?) throws {
        (socket, port) = try SilentServer.listening()
        self.reply = reply
        Thread.detachNewThread { [self] in acceptLoop() }
    }

    /// Stops accepting connections.
    public func stop() { _ = shutdown(socket, Int32(SHUT_RDWR)) }

    deinit {
        stop()
        close(socket)
    }

    private func acceptLoop() {
        while true {
            let connection = accept(socket, nil, nil)
            guard connection >= 0 else {
                if errno == EINTR { continue }
                return
            }
            lock.withLock { connectionCount += 1 }
            Thread.detachNewThread { [self] in serve(connection) }
        }
    }

    private func serve(_ connection: Int32) {
        defer { close(connection) }
        var buffer: [UInt8] = []
        while let head = Self.readRequest(connection, &buffer) {
            let number: Int = lock.withLock {
                heads.append(head)
                return heads.count - 1
            }
            guard let answer = reply(number, head) else { return }
            var sent = 0
            while sent < answer.bytes.count {
                if let trickle = answer.trickle, sent > 0 { usleep(UInt32(trickle.pause * 1_000_000)) }
                let end = answer.trickle.map { min(answer.bytes.count, sent + $0.chunk) } ?? answer.bytes.count
                let count = answer.bytes.withUnsafeBytes { send(connection, $0.baseAddress! + sent, end - sent, Int32(MSG_NOSIGNAL)) }
                guard count > 0 else { return }
                sent += count
            }
            if answer.close { return }
        }
    }

    /// The head of the next request on `connection`, its body read and dropped; `nil` at its end.
    private static func readRequest(_ connection: Int32, _ buffer: inout [UInt8]) -> String? {
        let end = Array("\r\n\r\n".utf8)
        while true {
            if let range = buffer.firstRange(of: end) {
                let head = String(decoding: buffer[..<range.lowerBound], as: UTF8.self)
                let length = head.split(separator: "\r\n").first { $0.lowercased().hasPrefix("content-length:") }
                    .flatMap { Int($0.split(separator: ":")[1].trimmingCharacters(in: .whitespaces)) } ?? 0
                while buffer.count < range.upperBound + length {
                    guard receive(connection, &buffer) else { return nil }
                }
                buffer.removeFirst(range.upperBound + length)
                return head
            }
            guard receive(connection, &buffer) else { return nil }
        }
    }

    private static func receive(_ connection: Int32, _ buffer: inout [UInt8]) -> Bool {
        var chunk = [UInt8](repeating: 0, count: 65536)
        let count = chunk.withUnsafeMutableBytes { recv(connection, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { return false }
        buffer += chunk[..<count]
        return true
    }
}
