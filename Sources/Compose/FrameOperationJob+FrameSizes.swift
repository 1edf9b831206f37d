import Animated
import Basics
import Raster

extension FrameOperationJob {
    /// Refuses a sequence whose frames are not all the first frame's size (at the animation's
    /// scale), read from each PNG's header before any frame is changed (a decoded animation's
    /// frames are one size already). A header that cannot be read is left to the decoding to name.
    static func checkOneSize(_ animation: Animation, first: Bitmap) throws(FrameOperationError) {
        let frames = animation.frames
        // Named with their folders, as given (round 65b #6: bare names left the folder to guess).
        guard let firstName = frames.first.flatMap({ $0.path ?? $0.fileName }) else { return }
        for source in frames.dropFirst() {
            let header: [UInt8]
            switch source {
            case .file(let path): guard let read = try? FileIO.readPrefix(path, limit: 24) else { continue }
                header = read.bytes
            case .memory(let file): header = Array(file.bytes.prefix(24))
            case .bitmap, .streamed: continue
            }
            guard header.count == 24, header[12...15].elementsEqual("IHDR".utf8), let fileScale = source.fileScale, fileScale > 0 else { continue }
            func number(_ at: Int) -> Int { header[at..<(at + 4)].reduce(0) { $0 << 8 | Int($1) } }
            let width = number(16) * animation.scale / fileScale, height = number(20) * animation.scale / fileScale
            // A frame from another scale is resampled to its points at this scale: its size rounded down, at least 1.
            if (max(1, width), max(1, height)) != (first.width, first.height) {
                // A frame of another scale is named with its own size (round 70t: "gold_2.png is 128×128" of a 64×64 file).
                let name = source.path ?? source.fileName ?? "a frame"
                let named = fileScale == animation.scale ? name
                    : "\(name) (\(number(16))×\(number(20)) px at @\(fileScale)x, made @\(animation.scale)x as the sequence is)"
                throw .frameSize(frame: named, width: max(1, width), height: max(1, height), first: firstName,
                                 firstWidth: first.width, firstHeight: first.height)
            }
        }
    }
}
