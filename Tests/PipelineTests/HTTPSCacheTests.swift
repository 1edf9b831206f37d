import Foundation
import Testing
import TestSupport
@testable import Pipeline

/// The `https://` cache through libcurl (``CurlTransport``), against a real nginx speaking TLS with
/// a certificate made for the test, and a server that never answers.
@Suite("HTTPS cache")
struct HTTPSCacheTests {
    static let key = String(repeating: "cd", count: 32)

    /// Why a `GET` from `store` failed (the plain-HTTP client's tests' helper).
    static func failure(_ store: HTTPCacheStore) -> String? { HTTPCacheClientTests.failure(store) }

    @Test(arguments: [0, 5, 3 << 20])
    func whatIsPutComesBackOverTLS(size: Int) throws {
        let server = try NginxServer(tls: true)
        let store = HTTPCacheStore(url: server.url, timeout: 5, environment: ["CURL_CA_BUNDLE": server.certificate])
        #expect(try store.get(.contents, Self.key) == nil, "a key never put is a miss")
        let bytes = (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 8) }
        try store.put(.contents, Self.key, bytes)
        #expect(FileManager.default.contents(atPath: server.store + "/cas/" + Self.key) == Data(bytes), "nginx stored the bytes sent")
        let back = try #require(try store.get(.contents, Self.key))
        #expect(back.count == bytes.count)
        #expect(back == bytes)
    }

    @Test func theCertificateAuthorityComesFromTheEnvironmentAndAnUntrustedServerIsNotUsed() throws {
        let server = try NginxServer(tls: true)
        try HTTPCacheStore(url: server.url, timeout: 5, environment: ["CURL_CA_BUNDLE": server.certificate]).put(.actions, Self.key, [1, 2, 3])
        // SSL_CERT_FILE names it as well (the OpenSSL convention), when CURL_CA_BUNDLE does not.
        let viaSSL = HTTPCacheStore(url: server.url, timeout: 5, environment: ["SSL_CERT_FILE": server.certificate])
        #expect(try viaSSL.get(.actions, Self.key) == [1, 2, 3])
        // Without it the test's own certificate is not trusted: said, with where an authority of
        // one's own goes, not taken.
        let reason = try #require(Self.failure(HTTPCacheStore(url: server.url, timeout: 5, environment: [:])))
        #expect(reason.hasPrefix("was not trusted ("), "\(reason)")
        #expect(reason.lowercased().contains("certificate"), "\(reason)")
        #expect(reason.hasSuffix("named by CURL_CA_BUNDLE or SSL_CERT_FILE"), "\(reason)")
    }

    /// An authority file that is missing or not a certificate is said to be the reason, as a
    /// certificate not trusted is: not "could not be reached".
    @Test(arguments: ["missing.pem", "junk.pem"])
    func anUnreadableAuthorityFileIsSaid(name: String) throws {
        let server = try NginxServer(tls: true)
        let folder = try Fixtures.temporaryFolder("ca-file")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/" + name
        if name == "junk.pem" { try Data("not a certificate\n".utf8).write(to: URL(fileURLWithPath: path)) }
        let reason = try #require(Self.failure(HTTPCacheStore(url: server.url, timeout: 5, environment: ["CURL_CA_BUNDLE": path])))
        #expect(reason.hasPrefix("was not trusted ("), "\(reason)")
    }

    @Test func aServerThatSaysNothingTimesOut() throws {
        let server = try SilentServer()
        let url = try #require(URL(string: "https://127.0.0.1:\(server.port)"))
        let started = ContinuousClock.now
        #expect(Self.failure(HTTPCacheStore(url: url, timeout: 1, environment: [:])) == "timed out after 1 s without an answer")
        #expect(ContinuousClock.now - started < .seconds(10))
    }

    /// Silence is nothing (no body byte, no head line) for the time allowed, not a slow average (fresh eyes: libcurl's low-speed
    /// limit cut a server trickling a byte a second after 26 s as "nothing for 5 s"). Through the
    /// same transport over plain HTTP, as a proxied `http://` cache uses it.
    @Test func aTrickleIsNotSilenceButAPauseLongerThanTheSilenceIs() throws {
        let answer = "HTTP/1.1 200 OK\r\nContent-Length: 6\r\n\r\nhello!"
        let trickling = try ScriptedServer { _, _ in .init(answer, trickle: (chunk: 8, pause: 0.3)) }
        let transport = CurlTransport(base: "http://127.0.0.1:\(trickling.port)", silence: 1, transferLimit: 30, environment: [:])
        let (status, body) = try transport.send("GET", "/ac/\(Self.key)", headers: [], body: nil)
        #expect(status == 200 && body == Array("hello!".utf8))

        let pausing = try ScriptedServer { _, _ in .init(answer, trickle: (chunk: 40, pause: 2.5)) }
        let stalled = CurlTransport(base: "http://127.0.0.1:\(pausing.port)", silence: 1, transferLimit: 30, environment: [:])
        #expect { _ = try stalled.send("GET", "/ac/\(Self.key)", headers: [], body: nil) } throws: { error in
            guard case .stalled? = error as? HTTPTransportFailure else { return false }
            return true
        }
    }

    @Test func noServerIsSaidAsUnreachable() throws {
        let port = try SilentServer.freePort()
        let url = try #require(URL(string: "https://127.0.0.1:\(port)/cache"))
        let reason = try #require(Self.failure(HTTPCacheStore(url: url, timeout: 2, environment: [:])))
        #expect(reason.hasPrefix("could not be reached ("), "\(reason)")
    }
}
