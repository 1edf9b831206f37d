import Foundation
import Testing
@testable import Pipeline

/// Where a build's cache is: a folder or a server's URL, as a user writes it — and what is refused.
@Suite("Cache location")
struct CacheLocationTests {
    /// Round 74p: a port past 65535 reached another server (84446 is 18910 to the system), and an
    /// address without its scheme, or with a slash lost, became a cache folder without a word.
    @Test(arguments: ["", "ftp://cache.example.com", "http://", "http:///ac", "https://cache.example.com/?x=1", "http://host/#frag",
                      "http://127.0.0.1:84446/x", "http://[::1]:70000", "http://127.0.0.1:0",
                      "127.0.0.1:18910", "cache.internal:8080/ci", "[::1]:8080", "http:/127.0.0.1:18910", "https//cache", "HTTP:\\\\h",
                      "//127.0.0.1:19001/x", "http:", "https:", ":8080"])
    func aCacheLocationThatIsNoFolderOrHTTPURLIsRefused(text: String) {
        #expect(BuildCache(location: text) == nil)
    }

    @Test func aCacheLocationIsAFolderOrAServer() throws {
        #expect(BuildCache(location: "ci/cache")?.location == .folder("ci/cache"))
        #expect(BuildCache(location: "./127.0.0.1:8080")?.location == .folder("./127.0.0.1:8080"))
        #expect(BuildCache(location: "http://127.0.0.1:65535")?.location == .server(try #require(URL(string: "http://127.0.0.1:65535"))))
        #expect(BuildCache.mistakenAddress("cache.internal:8080/ci") == "http://cache.internal:8080/ci")
        #expect(BuildCache.mistakenAddress("https//cache") == "https://cache")
        #expect(BuildCache.mistakenAddress("http:/127.0.0.1:9") == "http://127.0.0.1:9")
        #expect(BuildCache.mistakenAddress("//127.0.0.1:19001/x") == "http://127.0.0.1:19001/x")
        #expect(BuildCache.mistakenAddress("http:") == "http://HOST:PORT")
        #expect(BuildCache.mistakenAddress(":8080") == "http://HOST:8080")
        #expect(BuildCache.mistakenAddress("/srv/cache") == nil)
        #expect(BuildCache.mistakenAddress("assets/cache") == nil)
        // Odd texts are answered, never trapped on.
        #expect(BuildCache.mistakenAddress("") == nil)
        #expect(BuildCache.mistakenAddress(":") == nil)
        #expect(BuildCache.mistakenAddress(String(repeating: "a", count: 100_000) + ":1")?.hasPrefix("http://aaa") == true)
        #expect(BuildCache(location: "http://h:99999999999999999999999") == nil)
        let server = try #require(BuildCache(location: "https://user:secret@cache.example.com:8443/instance"))
        #expect(server.location == .server(try #require(URL(string: "https://user:secret@cache.example.com:8443/instance"))))
        #expect(server.displayName == "https://cache.example.com:8443/instance")
        var job = BuildJob(project: Project(file: "p.json", folder: ".", targets: []))
        for timeout in [0, -1, .nan, .infinity] {
            job.cache?.timeout = timeout
            #expect(throws: BuildError.self) { try job.run(cancellation: nil) }
        }
    }
}
