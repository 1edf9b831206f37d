#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// One TCP connection, non-blocking, every wait a `poll(2)` with a limit: the one place Pipeline
/// calls the C library's socket API (name lookup, connect, send, receive), for the HTTP cache's
/// plain-HTTP client (``PlainHTTPTransport``). A wait sleeps in the kernel until the socket is
/// ready or the limit passes, so a server that says nothing costs no CPU.
///
/// Every call takes two limits: `silence`, how long to wait for the socket to become ready, and
/// `deadline`, when the whole exchange must be over; whichever comes first ends the wait.
final class TCPConnection: Sendable {
    /// Why a call did not complete.
    enum Failure: Error, Equatable {
        /// Nothing happened on the socket for the `silence` given.
        case silent
        /// The `deadline` passed.
        case overDeadline
        /// The system's reason (`Connection refused`, `Name or service not known`).
        case failed(String)
    }

    private let descriptor: Int32

    private init(descriptor: Int32) { self.descriptor = descriptor }

    deinit { _ = closeSocket(descriptor) }

    /// A connection to `host` (a name, an IPv4 address or an IPv6 address without brackets) on
    /// `port`: each address the name resolves to is tried in turn, the first that accepts kept.
    static func connect(host: String, port: Int, silence: Duration, deadline: ContinuousClock.Instant) throws(Failure) -> TCPConnection {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        #if canImport(Glibc)
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        #else
        hints.ai_socktype = SOCK_STREAM
        #endif
        var list: UnsafeMutablePointer<addrinfo>?
        let looked = getaddrinfo(host, String(port), &hints, &list)
        guard looked == 0, let first = list else {
            throw .failed(looked == EAI_SYSTEM ? String(cString: strerror(errno)) : String(cString: gai_strerror(looked)))
        }
        defer { freeaddrinfo(first) }
        var failure = Failure.failed("no address")
        var entry: UnsafeMutablePointer<addrinfo>? = first
        while let address = entry {
            entry = address.pointee.ai_next
            do throws(Failure) {
                return try open(address.pointee, silence: silence, deadline: deadline)
            } catch {
                failure = error
                if error == .overDeadline { break }
            }
        }
        throw failure
    }

    /// A socket connected to one resolved address.
    private static func open(_ address: addrinfo, silence: Duration, deadline: ContinuousClock.Instant) throws(Failure) -> TCPConnection {
        let descriptor = socket(address.ai_family, address.ai_socktype, address.ai_protocol)
        guard descriptor >= 0 else { throw .failed(String(cString: strerror(errno))) }
        let connection = TCPConnection(descriptor: descriptor)
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
        var on: Int32 = 1
        // Requests are written whole; no reason to hold a last small segment back.
        _ = setsockopt(descriptor, Int32(IPPROTO_TCP), TCP_NODELAY, &on, socklen_t(MemoryLayout<Int32>.size))
        #if canImport(Darwin)
        _ = setsockopt(descriptor, SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size))
        #endif
        if connectSocket(descriptor, address.ai_addr, address.ai_addrlen) != 0 {
            guard errno == EINPROGRESS || errno == EINTR else { throw .failed(String(cString: strerror(errno))) }
            try connection.wait(for: Int16(POLLOUT), silence: silence, deadline: deadline)
            var error: Int32 = 0
            var length = socklen_t(MemoryLayout<Int32>.size)
            guard getsockopt(descriptor, SOL_SOCKET, SO_ERROR, &error, &length) == 0 else { throw .failed(String(cString: strerror(errno))) }
            guard error == 0 else { throw .failed(String(cString: strerror(error))) }
        }
        return connection
    }

    /// Sends all of `bytes`.
    func send(_ bytes: [UInt8], silence: Duration, deadline: ContinuousClock.Instant) throws(Failure) {
        var sent = 0
        while sent < bytes.count {
            let count = bytes.withUnsafeBytes { buffer in
                sendBytes(descriptor, buffer.baseAddress! + sent, buffer.count - sent)
            }
            if count >= 0 {
                sent += count
            } else if errno == EAGAIN || errno == EWOULDBLOCK {
                try wait(for: Int16(POLLOUT), silence: silence, deadline: deadline)
            } else if errno != EINTR {
                throw .failed(String(cString: strerror(errno)))
            }
        }
    }

    /// Up to `count` bytes, as soon as any arrive; empty when the other side closed the connection.
    func receive(upTo count: Int, silence: Duration, deadline: ContinuousClock.Instant) throws(Failure) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        while true {
            let received = bytes.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, count, 0) }
            if received >= 0 {
                bytes.removeSubrange(received...)
                return bytes
            } else if errno == EAGAIN || errno == EWOULDBLOCK {
                try wait(for: Int16(POLLIN), silence: silence, deadline: deadline)
            } else if errno != EINTR {
                throw .failed(String(cString: strerror(errno)))
            }
        }
    }

    /// Whether the connection can still be used for another request: not closed by the other side
    /// and holding nothing unread (a server that sent more than it framed, or closed an idle connection).
    var isQuietAndOpen: Bool {
        var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        return poll(&entry, 1, 0) == 0
    }

    /// Sleeps until the socket is ready for `events` (or failed: the next call says how), at most
    /// `silence` and never past `deadline`.
    private func wait(for events: Int16, silence: Duration, deadline: ContinuousClock.Instant) throws(Failure) {
        let clock = ContinuousClock()
        let silenceEnds = clock.now + silence
        while true {
            let now = clock.now
            guard now < deadline else { throw .overDeadline }
            guard now < silenceEnds else { throw .silent }
            let left = min(silenceEnds, deadline) - now
            let milliseconds = Int32(min(Double(Int32.max), (Double(left.components.seconds) * 1000 + Double(left.components.attoseconds) / 1e15).rounded(.up)))
            var entry = pollfd(fd: descriptor, events: events, revents: 0)
            let ready = poll(&entry, 1, max(1, milliseconds))
            if ready > 0 { return }
            if ready < 0, errno != EINTR { throw .failed(String(cString: strerror(errno))) }
        }
    }
}

// The C calls whose names the methods above shadow.
private func closeSocket(_ descriptor: Int32) -> Int32 { close(descriptor) }
private func connectSocket(_ descriptor: Int32, _ address: UnsafeMutablePointer<sockaddr>?, _ length: socklen_t) -> Int32 {
    connect(descriptor, address, length)
}
private func sendBytes(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    #if canImport(Darwin)
    send(descriptor, bytes, count, 0)
    #else
    send(descriptor, bytes, count, Int32(MSG_NOSIGNAL))
    #endif
}
