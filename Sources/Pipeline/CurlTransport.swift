import CCurlShim
import Foundation

/// HTTPS (and plain HTTP sent through a proxy) through libcurl, for an `https://` cache: the one
/// place Pipeline calls libcurl (`CCurlShim`). libcurl is loaded when the first request is sent,
/// so a command that never talks to such a cache does not map it and the two dozen libraries it
/// needs (TLS, Kerberos, LDAP) at start-up. Each request is waited for on the calling thread;
/// libcurl honours `https_proxy`, `http_proxy`, `all_proxy` and `no_proxy` as curl does.
///
/// The certificate authorities are libcurl's own, or the file `CURL_CA_BUNDLE` (or, failing it,
/// `SSL_CERT_FILE`) names — a company's or a test's own authority.
final class CurlTransport: HTTPTransport {
    private let base: String
    private let silence: Double
    private let transferLimit: Double
    private let authorities: String?

    /// A transport to `base` (a URL without a trailing `/`), each request's silence at most
    /// `silence` seconds and the whole of it `transferLimit`.
    init(base: String, silence: Double, transferLimit: Double, environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.base = base
        self.silence = silence
        self.transferLimit = transferLimit
        authorities = [environment["CURL_CA_BUNDLE"], environment["SSL_CERT_FILE"]].compactMap { $0 }.first { !$0.isEmpty }
    }

    func send(_ method: String, _ path: String, headers: [(String, String)], body: [UInt8]?) throws(HTTPTransportFailure) -> (status: Int, body: [UInt8]) {
        var answer = fb_curl_answer()
        let lines = headers.map { "\($0.0): \($0.1)" }
        let outcome = Self.withCStrings(lines) { lines in
            (body ?? []).withUnsafeBufferPointer { bytes in
                fb_curl_send(method, base + path, lines.baseAddress, Int32(lines.count), bytes.baseAddress, bytes.count,
                             Self.milliseconds(silence), Self.milliseconds(transferLimit), Self.bodyLimit,
                             authorities, &answer)
            }
        }
        defer { fb_curl_free(&answer) }
        let message = withUnsafeBytes(of: answer.message) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        switch outcome {
        case FB_CURL_ANSWERED:
            let received = answer.body_length == 0 ? [] : Array(UnsafeBufferPointer(start: answer.body, count: answer.body_length))
            return (Int(answer.status), received)
        case FB_CURL_SILENT: throw .silent
        case FB_CURL_STALLED: throw .stalled
        case FB_CURL_OVER_LIMIT: throw answer.status != 0 ? .overLimitMidAnswer : .overLimit
        case FB_CURL_TOO_LARGE: throw .tooLarge("a body over \(Self.bodyLimit >> 20) MiB")
        case FB_CURL_UNTRUSTED: throw .untrusted(message)
        default: throw .unreachable(message)
        }
    }

    /// `seconds` as whole milliseconds for libcurl, at least 1 and far from overflowing a `long`.
    private static func milliseconds(_ seconds: Double) -> Int {
        Int(min(max((seconds * 1000).rounded(.up), 1), 1e12))
    }

    /// Calls `body` with `strings` as an array of C strings that live for the call.
    private static func withCStrings<R>(_ strings: [String], _ body: (UnsafeBufferPointer<UnsafePointer<CChar>?>) -> R) -> R {
        let copies = strings.map { strdup($0) }
        defer { copies.forEach { free($0) } }
        return copies.map { UnsafePointer($0) }.withUnsafeBufferPointer(body)
    }
}
