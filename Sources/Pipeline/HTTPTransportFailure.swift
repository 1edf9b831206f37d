/// Why an HTTP exchange failed; ``HTTPCacheStore`` puts it in words for a warning.
enum HTTPTransportFailure: Error {
    /// No answer within the silence allowed.
    case silent
    /// An answer begun, then nothing more within the silence allowed.
    case stalled
    /// An answer larger than a cache entry may be (the text says how large).
    case tooLarge(String)
    /// The whole exchange took longer than its limit.
    case overLimit
    /// The answer had begun, and was still coming when the exchange's limit passed (a trickle).
    case overLimitMidAnswer
    /// The server closed the connection without answering.
    case closed
    /// The server closed the connection before its answer was whole.
    case cutShort
    /// What came back is not an HTTP answer (the text says how).
    case notHTTP(String)
    /// The server could not be reached, or the connection broke (the system's reason).
    case unreachable(String)
    /// The server's TLS certificate was not trusted by the authorities in use, or those could not
    /// be read (libcurl's reason).
    case untrusted(String)

    /// A socket's failure: while connecting, or on a connection made.
    init(_ failure: TCPConnection.Failure, connecting: Bool) {
        switch failure {
        case .silent: self = .silent
        case .overDeadline: self = .overLimit
        case .failed(let reason): self = .unreachable(connecting ? reason : "connection broken: \(reason)")
        }
    }
}
