#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A TCP socket listening on 127.0.0.1, and the connections it accepts: the one place Preview
/// calls the C library's socket API, for ``PreviewServer``. Connections block, each read and
/// write for at most ``LoopbackConnection/timeout`` seconds.
final class LoopbackListener: Sendable {
    private let descriptor: Int32
    /// The port listened on (the system's choice when 0 was asked for).
    let port: UInt16

    /// Listens on `port` of 127.0.0.1 (0: any free port). Throws the system's reason
    /// (`Address already in use`).
    init(port: UInt16) throws(LoopbackSocketFailure) {
        #if canImport(Glibc)
        let stream = Int32(SOCK_STREAM.rawValue)
        #else
        let stream = SOCK_STREAM
        #endif
        let descriptor = socket(AF_INET, stream, 0)
        guard descriptor >= 0 else { throw LoopbackSocketFailure.now() }
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        var on: Int32 = 1
        // A port this process (or one before it) just closed is free at once, as a server's should be;
        // one another socket listens on is still refused.
        _ = setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &on, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(descriptor, 64) == 0 else {
            let failure = LoopbackSocketFailure.now()
            _ = close(descriptor)
            throw failure
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let named = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        guard named == 0 else {
            let failure = LoopbackSocketFailure.now()
            _ = close(descriptor)
            throw failure
        }
        self.descriptor = descriptor
        self.port = UInt16(bigEndian: address.sin_port)
    }

    deinit { _ = close(descriptor) }

    /// Waits for the next connection. Throws only when the socket itself fails.
    func accept() throws(LoopbackSocketFailure) -> LoopbackConnection {
        while true {
            let connection = acceptSocket(descriptor)
            if connection >= 0 { return LoopbackConnection(descriptor: connection) }
            // A client that gave up before it was accepted, a signal, a moment without descriptors:
            // the next one is waited for.
            if [EINTR, ECONNABORTED, EMFILE, ENFILE, EPROTO].contains(errno) {
                if errno == EMFILE || errno == ENFILE { usleep(100_000) }
                continue
            }
            throw LoopbackSocketFailure.now()
        }
    }
}

/// One accepted connection; closed when released.
final class LoopbackConnection: Sendable {
    /// Seconds each read or write may wait.
    static let timeout = 30
    private let descriptor: Int32

    fileprivate init(descriptor: Int32) {
        self.descriptor = descriptor
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        var limit = timeval(tv_sec: Self.timeout, tv_usec: 0)
        _ = setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        _ = setsockopt(descriptor, SOL_SOCKET, SO_SNDTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        #if canImport(Darwin)
        var on: Int32 = 1
        _ = setsockopt(descriptor, SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size))
        #endif
    }

    deinit { _ = close(descriptor) }

    /// Up to `count` bytes, as soon as any arrive; empty at the end of the stream, on a timeout or an error.
    func receive(upTo count: Int) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        while true {
            let received = bytes.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, count, 0) }
            if received >= 0 { return Array(bytes.prefix(received)) }
            if errno != EINTR { return [] }
        }
    }

    /// Sends `head(length)` and then the regular file at `path`, 64 KiB at a time (never the whole
    /// file in memory), when the file opened is the one at `real` (same device and inode: a path
    /// swapped for a link that leads out between the plan and this read is not followed). False,
    /// with nothing sent, when it cannot be opened, is not a regular file or is not that file.
    func sendFile(_ path: String, real: String, body: Bool, head: (Int) -> [UInt8]) -> Bool {
        // Non-blocking, so that a FIFO named as a frame does not wait for a writer.
        let file = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard file >= 0 else { return false }
        defer { _ = close(file) }
        var opened = stat(), planned = stat()
        guard fstat(file, &opened) == 0, (opened.st_mode & S_IFMT) == S_IFREG, stat(real, &planned) == 0,
              opened.st_dev == planned.st_dev, opened.st_ino == planned.st_ino else { return false }
        let length = Int(opened.st_size)
        guard send(head(length)), body else { return true }
        var buffer = [UInt8](repeating: 0, count: 65536)
        var left = length
        while left > 0 {
            let count = buffer.withUnsafeMutableBytes { read(file, $0.baseAddress, min($0.count, left)) }
            if count < 0 && errno == EINTR { continue }
            // A file cut short while it was sent: the connection ends short of its length.
            guard count > 0, send(Array(buffer.prefix(count))) else { return true }
            left -= count
        }
        return true
    }

    /// Ends the connection after an answer: says no more will be sent, then reads and drops what
    /// the client still sends (at most a second's worth), so that an answer sent before a large
    /// request was read whole (431) reaches the client instead of being reset by the close.
    func finish() {
        _ = shutdown(descriptor, Int32(SHUT_WR))
        var limit = timeval(tv_sec: 1, tv_usec: 0)
        _ = setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        var drained = 0
        while drained < 1 << 20 {
            let more = receive(upTo: 16384)
            guard !more.isEmpty else { return }
            drained += more.count
        }
    }

    /// Sends all of `bytes`; false when the other side went away or stopped reading.
    @discardableResult
    func send(_ bytes: [UInt8]) -> Bool {
        var sent = 0
        while sent < bytes.count {
            let count = bytes.withUnsafeBytes { sendBytes(descriptor, $0.baseAddress! + sent, $0.count - sent) }
            if count > 0 {
                sent += count
            } else if count < 0 && errno == EINTR {
                continue
            } else {
                return false
            }
        }
        return true
    }
}

/// A socket call that failed: the system's reason.
struct LoopbackSocketFailure: Error, CustomStringConvertible {
    let description: String
    static func now() -> Self { Self(description: String(cString: strerror(errno))) }
}

// The C calls whose names the methods above shadow.
private func acceptSocket(_ descriptor: Int32) -> Int32 { accept(descriptor, nil, nil) }
private func sendBytes(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    #if canImport(Glibc)
    send(descriptor, bytes, count, Int32(MSG_NOSIGNAL))
    #else
    send(descriptor, bytes, count, 0)
    #endif
}
