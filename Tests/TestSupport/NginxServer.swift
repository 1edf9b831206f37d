import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A real nginx (Debian's, installed by `Scripts/bootstrap`) serving a Bazel HTTP remote cache on
/// a free port of localhost: files under a temporary folder, `GET` as files and `PUT` through
/// WebDAV, the way a team serves a build cache with a plain web server. Or, `failing`, one that
/// answers every request with HTTP 500. Started by `init`, stopped by ``stop()`` (and when released).
public final class NginxServer: @unchecked Sendable {
    /// Why no server was started.
    public struct Unavailable: Error, CustomStringConvertible {
        public var description: String
    }

    /// The temporary folder holding the configuration, the log and (under `store/`) the cache.
    public let folder: String
    /// The port it listens on, on 127.0.0.1.
    public let port: Int
    private let process: Process
    private let lock = NSLock()

    /// Whether it speaks HTTPS, with a certificate of its own for 127.0.0.1 (``certificate``).
    public let tls: Bool

    /// The cache's URL.
    public var url: URL { URL(string: "\(tls ? "https" : "http")://127.0.0.1:\(port)") ?? URL(fileURLWithPath: "/") }
    /// The self-signed certificate a TLS server presents: the authority a client must be told to trust.
    public var certificate: String { folder + "/cert.pem" }
    /// Where the cache's entries are on disk (`ac/…`, `cas/…`).
    public var store: String { folder + "/store" }

    /// Starts nginx on a free port; with `tls`, speaking HTTPS with a fresh self-signed certificate
    /// for 127.0.0.1 (made by the `openssl` command). Throws ``Unavailable`` when nginx is not
    /// installed, has no WebDAV module, or does not come up within five seconds — saying what to do about it.
    public init(failing: Bool = false, tls: Bool = false) throws {
        let nginx = try Self.executable()
        self.tls = tls
        folder = try Fixtures.temporaryFolder(failing ? "nginx-500" : tls ? "nginx-tls" : "nginx")
        for sub in ["store", "tmp"] { try FileManager.default.createDirectory(atPath: folder + "/" + sub, withIntermediateDirectories: true) }
        if tls { try Self.makeCertificate(in: folder) }
        var lastError = ""
        for _ in 0..<5 {
            let port = try SilentServer.freePort()
            let location = failing ? "return 500;" : "dav_methods PUT; create_full_put_path on; dav_access user:rw group:r all:r;"
            // A master process (in the foreground) and one worker: the master sets its own signal
            // mask, so TERM stops it however the test's thread that started it masked signals
            // (nginx with `master_process off` keeps the inherited mask and never hears TERM). The
            // worker runs as this user (`user` is ignored, with a notice, unless that is root).
            let configuration = """
                daemon off;
                user \(Self.userName);
                worker_processes 1;
                pid \(folder)/nginx.pid;
                error_log \(folder)/error.log warn;
                events { worker_connections 64; }
                http {
                    access_log off;
                    client_body_temp_path \(folder)/tmp/body;
                    proxy_temp_path \(folder)/tmp/proxy;
                    fastcgi_temp_path \(folder)/tmp/fastcgi;
                    uwsgi_temp_path \(folder)/tmp/uwsgi;
                    scgi_temp_path \(folder)/tmp/scgi;
                    client_max_body_size 0;
                    server {
                        listen 127.0.0.1:\(port)\(tls ? " ssl" : "");
                        \(tls ? "ssl_certificate \(folder)/cert.pem; ssl_certificate_key \(folder)/key.pem;" : "")
                        root \(folder)/store;
                        location / { \(location) }
                    }
                }
                """
            try Data(configuration.utf8).write(to: URL(fileURLWithPath: folder + "/nginx.conf"))
            let process = Process()
            process.executableURL = URL(fileURLWithPath: nginx)
            process.arguments = ["-p", folder, "-e", folder + "/error.log", "-c", folder + "/nginx.conf"]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            let deadline = Date().addingTimeInterval(5)
            while process.isRunning, Date() < deadline, !SilentServer.accepts(port: port) { usleep(20_000) }
            if process.isRunning, SilentServer.accepts(port: port) {
                self.port = port
                self.process = process
                return
            }
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
            process.waitUntilExit()
            lastError = (try? String(contentsOfFile: folder + "/error.log", encoding: .utf8)) ?? ""
        }
        try? FileManager.default.removeItem(atPath: folder)
        throw Unavailable(description: "nginx (\(nginx)) did not start on a free port of 127.0.0.1: \(lastError)")
    }

    /// Stops nginx (TERM, then KILL after five seconds) and waits until it has exited.
    public func stop() {
        lock.withLock {
            guard process.isRunning else { return }
            process.terminate()
            let deadline = Date().addingTimeInterval(5)
            while process.isRunning, Date() < deadline { usleep(10_000) }
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
            process.waitUntilExit()
        }
    }

    /// A key and a self-signed certificate for 127.0.0.1 (`key.pem`, `cert.pem`) in `folder`.
    static func makeCertificate(in folder: String) throws {
        let openssl = Process()
        openssl.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        openssl.arguments = ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", "/CN=127.0.0.1",
                             "-addext", "subjectAltName=IP:127.0.0.1", "-keyout", folder + "/key.pem", "-out", folder + "/cert.pem"]
        openssl.standardOutput = FileHandle.nullDevice
        openssl.standardError = FileHandle.nullDevice
        try openssl.run()
        openssl.waitUntilExit()
        guard openssl.terminationStatus == 0 else {
            throw Unavailable(description: "openssl could not make a test certificate (exit \(openssl.terminationStatus)): run Scripts/bootstrap")
        }
    }

    /// The user running the tests, for nginx's `user` directive.
    static var userName: String {
        guard let entry = getpwuid(getuid()), let name = entry.pointee.pw_name else { return "nobody" }
        return String(cString: name)
    }

    deinit {
        stop()
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// The nginx executable, with the WebDAV module that `PUT` needs.
    static func executable() throws -> String {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        let folders = path.split(separator: ":").map(String.init) + ["/usr/sbin", "/usr/local/sbin", "/usr/local/bin", "/opt/homebrew/bin"]
        guard let nginx = folders.map({ $0 + "/nginx" }).first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            throw Unavailable(description: "nginx is not installed, and the build cache's tests need a real one: run Scripts/bootstrap "
                              + "(it installs Debian's nginx package, or Homebrew's)")
        }
        let probe = Process()
        probe.executableURL = URL(fileURLWithPath: nginx)
        probe.arguments = ["-V"]
        let pipe = Pipe()
        probe.standardError = pipe
        probe.standardOutput = pipe
        try probe.run()
        let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        probe.waitUntilExit()
        guard text.contains("--with-http_dav_module") else {
            throw Unavailable(description: "\(nginx) has no WebDAV module (http_dav_module), which serves PUT for the build cache's tests: "
                              + "run Scripts/bootstrap, or install Debian's nginx package (nginx-light or nginx-core on older releases)")
        }
        return nginx
    }
}
