import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Testing
import TestSupport
@testable import Preview

/// The preview server's HTTP: requests parsed strictly (RFC 9112), and the running server's
/// answers to what browsers never send — malformed heads, other methods, two `Host` lines, a head
/// too large — and to many long polls at once.
@Suite("Preview HTTP")
struct PreviewHTTPTests {
    @Test(arguments: [
        ("GET / HTTP/1.1\r\nHost: 127.0.0.1:8080", "GET", "/", "HTTP/1.1", "127.0.0.1:8080"),
        ("GET /coin/gold_1.png?since=1.2 HTTP/1.0", "GET", "/coin/gold_1.png", "HTTP/1.0", nil),
        ("HEAD http://127.0.0.1:9/a%20b.gif HTTP/1.1\nhost:   localhost  \nX-A: 1", "HEAD", "/a%20b.gif", "HTTP/1.1", "localhost"),
        ("GET http://127.0.0.1:9 HTTP/1.1\r\nHost: 127.0.0.1:9", "GET", "", "HTTP/1.1", "127.0.0.1:9"),
        ("OPTIONS * HTTP/1.1\r\nHost: x", "OPTIONS", "", "HTTP/1.1", "x"),
    ] as [(String, String, String, String, String?)])
    func aWellFormedHeadIsRead(head: String, method: String, path: String, version: String, host: String?) throws {
        let request = try #require(PreviewRequest(head: Array(head.utf8)))
        #expect(request.method == method)
        #expect(request.path == path)
        #expect(request.version == version)
        #expect(request.fields["host"] == host)
    }

    @Test(arguments: [
        "", "GET /", "GET / HTTP/1.1 extra", "GET  / HTTP/1.1", "GET / HTTP/2.0", "GET / http/1.1", "G\u{E9}T / HTTP/1.1",
        "GET / HTTP/1.1\r\nHost: a\r\nHost: b", "GET / HTTP/1.1\r\nHost : a", "GET / HTTP/1.1\r\nHost: a\r\n folded",
        "GET / HTTP/1.1\r\nno colon", "GET / HTTP/1.1\r\n: empty name",
    ])
    func aMalformedHeadIsNoRequest(head: String) {
        #expect(PreviewRequest(head: Array(head.utf8)) == nil, "\(head.debugDescription)")
    }

    @Test func theQueryIsDecoded() throws {
        let request = try #require(PreviewRequest(head: Array("GET /__flipbook/changes?x=1&since=12.3%2B4&empty HTTP/1.1\r\nHost: h".utf8)))
        #expect(request.query("since") == "12.3+4")
        #expect(request.query("empty") == "")
        #expect(request.query("missing") == nil)
        #expect(PreviewRequest.decoded("a%2", plusIsSpace: false) == nil)
        #expect(PreviewRequest.decoded("%FF", plusIsSpace: false) == nil, "not UTF-8")
        #expect(PreviewRequest.decoded("a+b%20c", plusIsSpace: false) == "a+b c")
    }

    /// A 503 (too many connections open) says when to try again; a 405 which methods are allowed;
    /// other answers neither.
    @Test(arguments: [(503, "Retry-After: 1"), (405, "Allow: GET, HEAD")])
    func refusalsSayWhatToDo(status: Int, field: String) {
        let head = String(decoding: PreviewResponse.text(status, "").head(length: 0), as: UTF8.self)
        #expect(head.contains("\r\n\(field)\r\n"), "\(head)")
        let ok = String(decoding: PreviewResponse.text(200, "").head(length: 0), as: UTF8.self)
        #expect(!ok.contains(field), "\(ok)")
    }

    /// Everything `request` brings back from 127.0.0.1:`port`, to the connection's end.
    static func rawAnswer(_ request: [UInt8], port: Int) throws -> String {
        #if canImport(Glibc)
        let stream = Int32(SOCK_STREAM.rawValue)
        #else
        let stream = SOCK_STREAM
        #endif
        let fd = socket(AF_INET, stream, 0)
        try #require(fd >= 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        try #require(connected == 0)
        _ = request.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        var answer: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = recv(fd, &buffer, buffer.count, 0)
            guard count > 0 else { break }
            answer += buffer.prefix(count)
        }
        return String(decoding: answer, as: UTF8.self)
    }

    @Test func theServerAnswersWhatBrowsersNeverSend() async throws {
        let made = try PreviewFixture.make("serve-http")
        defer { try? FileManager.default.removeItem(atPath: made.folder) }
        let (process, first) = try await PreviewServeTests.serve(["--no-validate"], in: made.folder)
        defer { process.terminate(); process.waitUntilExit() }
        let port = try #require(first.firstMatch(of: /127\.0\.0\.1:([0-9]+)\//).flatMap { Int($0.1) }, "no URL printed: \(first)")
        let host = "Host: 127.0.0.1:\(port)\r\n"
        func status(_ answer: String) -> Int { answer.firstMatch(of: #/^HTTP/1\.1 ([0-9]{3}) /#).flatMap { Int($0.1) } ?? 0 }

        let page = try Self.rawAnswer(Array("GET / HTTP/1.1\r\n\(host)\r\n".utf8), port: port)
        #expect(status(page) == 200)
        #expect(page.contains("\r\nConnection: close\r\n"))
        let length = try #require(page.firstMatch(of: /\r\nContent-Length: ([0-9]+)\r\n/).flatMap { Int($0.1) })
        let body = try #require(page.range(of: "\r\n\r\n")).upperBound
        #expect(page.utf8[body...].count == length, "the body is as long as its Content-Length")
        // HEAD: the same head, no body.
        let head = try Self.rawAnswer(Array("HEAD / HTTP/1.1\r\n\(host)\r\n".utf8), port: port)
        #expect(status(head) == 200)
        #expect(head.contains("\r\nContent-Length: \(length)\r\n"))
        #expect(head.hasSuffix("\r\n\r\n"))
        #expect(try Self.rawAnswer(Array("POST / HTTP/1.1\r\n\(host)\r\n".utf8), port: port).contains("\r\nAllow: GET, HEAD\r\n"))
        // A frame is streamed from its file: its length on disk, and its bytes after the head.
        let frame = try #require(FileManager.default.contents(atPath: made.folder + "/coin/gold_1.png"))
        let served = try Self.rawAnswer(Array("GET /coin/gold_1.png HTTP/1.1\r\n\(host)\r\n".utf8), port: port)
        #expect(status(served) == 200)
        #expect(served.contains("\r\nContent-Length: \(frame.count)\r\n"), "\(served.prefix(200))")
        #expect(served.hasSuffix(String(decoding: frame, as: UTF8.self)))

        for (request, expected) in [
            ("POST / HTTP/1.1\r\n\(host)Content-Length: 0\r\n\r\n", 405),
            ("GET / HTTP/1.1\r\n\(host)Host: evil.example\r\n\r\n", 400),
            ("GET / HTTP/1.1\r\nHost: evil.example\r\n\(host)\r\n", 400),
            ("GET / HTTP/2.0\r\n\(host)\r\n", 400),
            ("nonsense\r\n\r\n", 400),
            ("GET / HTTP/1.1\r\n\(host)X-Long: \(String(repeating: "a", count: 20_000))\r\n\r\n", 431),
            // Bare LFs end lines, and empty lines before the request line are skipped (RFC 9112 §2.2).
            ("GET / HTTP/1.1\n\(host.replacingOccurrences(of: "\r", with: ""))\n", 200),
            ("\r\n\r\nGET / HTTP/1.1\r\n\(host)\r\n", 200),
        ] {
            #expect(status(try Self.rawAnswer(Array(request.utf8), port: port)) == expected, "\(request.prefix(60).debugDescription)")
        }

        // Twenty long polls wait for a change at once; the page is still answered at once beside them.
        let version = try #require(try Self.rawAnswer(Array("GET /__flipbook/version HTTP/1.1\r\n\(host)\r\n".utf8), port: port)
            .firstMatch(of: /"version":"([^"]+)"/).map { String($0.1) })
        // (Threads, not tasks: each waits in a blocking receive until the server ends with the test.)
        for _ in 0..<20 {
            Thread.detachNewThread { _ = try? Self.rawAnswer(Array("GET /__flipbook/changes?since=\(version) HTTP/1.1\r\n\(host)\r\n".utf8), port: port) }
        }
        try await Task.sleep(nanoseconds: 300_000_000)
        let started = ContinuousClock.now
        #expect(status(try Self.rawAnswer(Array("GET / HTTP/1.1\r\n\(host)\r\n".utf8), port: port)) == 200)
        #expect(ContinuousClock.now - started < .seconds(5), "the page waited behind the long polls")
    }
}
