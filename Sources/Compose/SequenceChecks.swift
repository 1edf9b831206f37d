import Animated
import Basics
import Raster

/// What a scene's sequence layer says of its frames where `assemble` refuses them.
enum SequenceChecks {
    /// For frames of two sizes in pixels (files or bytes; the decoded frames of a GIF, APNG or
    /// WebP are one size), the sentence naming the first two: `assemble` refuses such a
    /// sequence, and a layer draws each frame stretched to its bounds; `nil` when they are one size
    /// (or a frame's header does not read: drawing it says why).
    static func mixedSizes(_ animation: Animation, limits: ResourceLimits) -> String? {
        let decoder = PNG.Decoder(maxPixels: limits.maxPixels)
        var first: (name: String, width: Int, height: Int)?
        var measured = Set<String>()
        for frame in animation.frames {
            let name: String, header: PNG.Header
            switch frame {
            case .file(let path):
                guard measured.insert(path).inserted, let read = try? decoder.readHeader(file: path) else { continue }
                (name, header) = (path, read)
            case .memory(let file):
                guard measured.insert(file.name).inserted, let read = try? decoder.readHeader(file.bytes, file: file.name) else { continue }
                (name, header) = (file.name, read)
            case .bitmap, .streamed:
                continue
            }
            guard let expected = first else { first = (name, header.width, header.height); continue }
            if header.width != expected.width || header.height != expected.height {
                return "frames of two sizes: \(expected.name) is \(expected.width)×\(expected.height) px, \(name) \(header.width)×\(header.height) px; "
                    + "each is drawn stretched to the layer's bounds (assemble refuses such a sequence): make them one size"
            }
        }
        return nil
    }
}
