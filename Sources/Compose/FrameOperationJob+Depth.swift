import Animated
import Basics

extension FrameOperationJob {
    /// The note for a plan some of whose PNG frames have 16-bit samples (read from each file's
    /// header): Flipbook works in 8 bits a sample, so the frames written have 8 (each sample
    /// rounded once), as `blur`, `slice` and `resize` say for one PNG; `nil` when none has 16.
    static func depthNote(_ plan: Plan) -> String? {
        let frames = plan.animation.frames
        let deep = frames.filter { source in
            let header: [UInt8]
            switch source {
            case .file(let path): guard let read = try? FileIO.readPrefix(path, limit: 25) else { return false }
                header = read.bytes
            case .memory(let file): header = Array(file.bytes.prefix(25))
            case .bitmap, .streamed: return false
            }
            return header.count == 25 && header[12...15].elementsEqual("IHDR".utf8) && header[24] == 16
        }
        guard !deep.isEmpty else { return nil }
        let names = deep.prefix(3).compactMap(\.fileName).joined(separator: ", ") + (deep.count > 3 ? ", …" : "")
        let which = deep.count == frames.count ? "the frames have" : "\(deep.count) of \(frames.count) frames (\(names)) have"
        return "\(which) 16-bit samples: written with 8 bits a sample, as Flipbook works in 8 bits (each sample rounded once)"
    }
}
