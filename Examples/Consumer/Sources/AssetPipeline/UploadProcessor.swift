import Animated
import Basics
import GIF
import Raster

/// What a server answers for an upload of frames: a GIF, or a status and a reason.
public enum UploadResponse: Sendable, Equatable {
    /// The GIF made of the upload.
    case gif(bytes: [UInt8], frames: Int, warnings: [String])
    /// The upload was refused: an HTTP status and the reason to show.
    case rejected(status: Int, reason: String)
}

/// Turns an uploaded folder of frames (its files, in memory) into a GIF, as a web service would:
/// check the upload, assemble it off the request's thread with a bounded number of threads, and
/// answer each kind of failure with its own status. Nothing touches the disk.
public struct UploadProcessor: Sendable {
    /// Threads one upload may use (several uploads share the machine).
    public var threads: Int?
    /// What an upload may ask for.
    public var limits: ResourceLimits

    /// A processor using at most `threads` threads per upload, within `limits`.
    public init(threads: Int? = 1, limits: ResourceLimits = .default) {
        self.threads = threads
        self.limits = limits
    }

    /// The GIF of `files` at `fps` (a `sequence.json` among them times it otherwise), or why not.
    /// `progress` receives the frames encoded as `JobProgress` from the encoding thread (its
    /// `fraction` for a bar). Cancelling the calling task (the client went away) stops the encode
    /// before its next frame.
    public func process(_ files: [InMemoryFile], fps: Double? = nil,
                        progress: (@Sendable (JobProgress) -> Void)? = nil) async -> UploadResponse {
        var validator = Validator(deep: false, decoder: PNG.Decoder(maxPixels: limits.maxPixels))
        validator.threads = threads
        let report: ValidationReport
        do {
            report = try validator.validate(files: files, cancellation: nil)
        } catch {
            switch error {
            case .source(let discovery): return .rejected(status: 400, reason: discovery.description)
            case .cancelled: return .rejected(status: 499, reason: "cancelled")
            case .setting, .config: return .rejected(status: 500, reason: error.description)   // this server's own settings
            // Folders only (an upload is .source, and is never split into shards).
            case .nothingToCheck, .unvalidatedInShard: return .rejected(status: 400, reason: error.description)
            case .animation: return .rejected(status: 422, reason: error.description)   // a lone GIF, APNG or WebP that does not read
            }
        }
        // A frame over the pixel limit has its own rule: the client sent too much, not a broken file.
        if report.findings.contains(where: { $0.rule == .pngTooLarge }) {
            return .rejected(status: 413, reason: "too large: pixels over \(limits.maxPixels)")
        }
        if let problem = report.findings.first(where: { $0.severity == .error }) {
            return .rejected(status: 422, reason: problem.message)
        }
        var job = AssembleJob(source: .files(files), output: nil, limits: limits)
        job.timing = Animation.Timing(fps: fps)
        job.threads = threads
        do {
            let outcome = try await job.run(progress: progress)
            return .gif(bytes: outcome.bytes, frames: outcome.report.framesWritten, warnings: outcome.warnings)
        } catch {
            return Self.response(to: error)
        }
    }

    /// Each way a job fails, as the status a client should see.
    static func response(to error: AssembleError) -> UploadResponse {
        if let limit = error.limitError {
            return .rejected(status: 413, reason: "too large: \(limit.limit.unit) over \(limit.maximum)")
        }
        switch error {
        case .cancelled:
            return .rejected(status: 499, reason: "cancelled")
        case .source(.discovery(.notPNG(let path))):
            return .rejected(status: 415, reason: "\(path) is not a PNG frame")
        case .source(.discovery), .source(.ambiguous), .source(.gifAmongOtherSources), .setting, .playback(.outOfRange), .noHighlightedFrames:
            return .rejected(status: 400, reason: error.description)
        case .source(.manifest(let manifest)):
            return .rejected(status: 422, reason: "sequence.json: \(manifest)")
        case .frame(let decode):
            return .rejected(status: 422, reason: decode.description)
        case let .frameSize(file, width, height, first, expectedWidth, expectedHeight):
            return .rejected(status: 422, reason: "\(file) is \(width)×\(height) where \(first) is \(expectedWidth)×\(expectedHeight)")
        case let .formatSize(format, _, _, maxSide):
            return .rejected(status: 413, reason: "\(format) frames are at most \(maxSide) pixels a side")
        case .encode(.invalidInput(let reason)), .encodeAPNG(.invalidInput(let reason)), .encodeWebP(.invalidInput(let reason)):
            return .rejected(status: 422, reason: reason)
        case .source, .playback, .limit, .output, .encode, .encodeAPNG, .encodeWebP, .write:
            return .rejected(status: 500, reason: error.description)
        }
    }
}
