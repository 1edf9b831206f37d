import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A TCP port on 127.0.0.1 that takes connections and never answers: the kernel completes each
/// handshake into the listening socket's queue and nobody reads the request — a cache server
/// that hangs. Closed by ``stop()`` (and when released).
public final class SilentServer: @unchecked Sendable {
    /// The port.
    public let port: Int
    private var socket: Int32
    private let lock = NSLock()

    /// The server's URL.
    public var url: URL { URL(string: "http://127.0.0.1:\(port)") ?? URL(fileURLWithPath: "/") }

    /// Listens on a free port.
    public init() throws {
        (socket, port) = try Self.listening()
    }

    /// A socket listening on a free port of 127.0.0.1, and the port.
    static func listening() throws -> (Int32, Int) {
        let (socket, port) = try bound()
        guard listen(socket, 64) == 0 else {
            close(socket)
            throw NginxServer.Unavailable(description: "cannot listen on 127.0.0.1:\(port): errno \(errno)")
        }
        return (socket, port)
    }

    /// Closes the socket: connections waiting are refused from then on.
    public func stop() {
        lock.withLock {
            if socket >= 0 { close(socket) }
            socket = -1
        }
    }

    deinit { stop() }

    /// A port no one listens on now (bound to port 0 and closed again).
    public static func freePort() throws -> Int {
        let (socket, port) = try bound()
        close(socket)
        return port
    }

    /// Whether something accepts connections on `port` of 127.0.0.1.
    public static func accepts(port: Int) -> Bool {
        let client = makeSocket()
        guard client >= 0 else { return false }
        defer { close(client) }
        var address = loopback(port: port)
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(client, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        return result == 0
    }

    static func makeSocket() -> Int32 {
        #if canImport(Glibc)
        return Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        return Darwin.socket(AF_INET, SOCK_STREAM, 0)
        #endif
    }

    static func loopback(port: Int) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = in_addr_t(UInt32(0x7F00_0001).bigEndian)
        return address
    }

    /// A socket bound to a free port of 127.0.0.1, and the port.
    static func bound() throws -> (Int32, Int) {
        let socket = makeSocket()
        guard socket >= 0 else { throw NginxServer.Unavailable(description: "cannot open a socket: errno \(errno)") }
        var address = loopback(port: 0)
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let named = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(socket, $0, &length) }
        }
        guard result == 0, named == 0 else {
            close(socket)
            throw NginxServer.Unavailable(description: "cannot bind a port of 127.0.0.1: errno \(errno)")
        }
        return (socket, Int(UInt16(bigEndian: address.sin_port)))
    }
}
