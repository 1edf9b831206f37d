import Animated
import Basics

extension Animation {
    /// The animation in `sources`: a GIF file, or frames (a folder, a prefix path, PNG files; see
    /// Animated's `Animation.load(_:scale:device:)`), as `flipbook assemble` reads its input.
    ///
    /// A GIF's frames are decoded up front (GIF sources are small); every frame held counts
    /// against `limits.maxDecodedBytes` as it is read, and the GIF's screen and frame count
    /// against the pixel and frame limits. Its delays of 0–1 cs become 10 cs, as browsers play
    /// them; its loop count becomes the repeat count; what the decoder read leniently (see
    /// `GIF.Decoder.warnings`) is in `Animation.warnings`.
    public static func load(_ sources: [String], scale: Int?, limits: ResourceLimits) throws -> Animation {
        guard sources.count == 1, sources[0].lowercased().hasSuffix(".gif") else {
            return try load(sources, scale: scale)
        }
        let path = sources[0]
        let decoder = try GIF.Decoder(file: path, maxPixels: limits.maxPixels, maxFrames: limits.maxFrames)
        var frames: [GIF.Frame] = []
        while let frame = try decoder.nextFrame() {
            frames.append(frame)
            try limits.check(.decodedBytes, frames.count * decoder.width * decoder.height * 4, of: path)
        }
        guard !frames.isEmpty else { throw GIF.DecodeError.corrupt(file: path, reason: "holds no frame") }
        var animation = Animation(frames: frames.map { .bitmap($0.image) },
                                  frameDurations: frames.map { Double($0.playedDelay) / 100 },
                                  repeatCount: decoder.repeatCount)
        animation.warnings = decoder.warnings
        return animation
    }
}
