import Basics
import Raster
import Text

/// A speech bubble made on a server from an uploaded chrome, as a game's level editor might ask
/// for one: `NoteJob`'s in-memory form (no file is read or written), its `async` `plan()` and
/// `run(_:)`, and its one typed `NoteError`, switched over to answer with an HTTP status.
public enum SpeechBubble {
    /// What the service answers.
    public enum Answer: Sendable, Equatable {
        /// The bubble's PNG and its size in pixels.
        case png(bytes: [UInt8], width: Int, height: Int)
        /// The request cannot be served: an HTTP status and the reason to show.
        case rejected(status: Int, reason: String)
    }

    /// `text` set at `fontSize` points, at most `maxWidth` wide, inside `chrome` (an uploaded PNG
    /// whose cap insets are `insets`), rendered at `scale` pixels per point.
    public static func make(text: String, chrome: InMemoryFile, insets: NineSlice.Insets, fontSize: Double,
                            maxWidth: Double = 300, scale: Int = 2) async -> Answer {
        var job = NoteJob(text: text, chrome: chrome, insets: insets)
        job.fontSize = fontSize
        job.maxWidth = maxWidth
        job.scale = scale
        do throws(NoteError) {
            let plan = try await job.plan()
            let outcome = try await job.run(plan)
            return .png(bytes: outcome.bytes, width: outcome.width, height: outcome.height)
        } catch {
            switch error {
            case .setting(let setting): return .rejected(status: 400, reason: setting.description)
            case .chrome(let decode): return .rejected(status: 422, reason: decode.description)
            case .text(.limit(let limit)): return .rejected(status: 413, reason: limit.description)
            case .text(.tooLong(let length, let maximum)): return .rejected(status: 413, reason: "\(length) characters; at most \(maximum)")
            case .text: return .rejected(status: 422, reason: error.description)
            case .cancelled: return .rejected(status: 499, reason: "cancelled")
            case .output, .write: return .rejected(status: 500, reason: error.description)
            }
        }
    }
}
