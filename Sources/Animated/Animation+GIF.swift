import Basics
import GIF

extension Animation {
    /// The animation a GIF holds, from its bytes (`file` names it in errors and warnings).
    ///
    /// Its frames are decoded up front (GIF sources are small); every frame held counts against
    /// `limits.maxDecodedBytes` as it is read, and the GIF's screen and frame count against the
    /// pixel and frame limits. Delays of 0–1 cs become 10 cs, as browsers play them; the loop count
    /// becomes the repeat count; what the decoder read leniently (see `GIF.Decoder.warnings`) is
    /// in ``warnings``.
    public static func load(gif bytes: [UInt8], file: String, limits: ResourceLimits = .default) throws(LoadError) -> Animation {
        let decoder: GIF.Decoder
        do { decoder = try GIF.Decoder(bytes: bytes, file: file, maxPixels: limits.maxPixels, maxFrames: limits.maxFrames) } catch { throw .gif(error) }
        var frames: [GIF.Frame] = []
        while true {
            let next: GIF.Frame?
            do { next = try decoder.nextFrame() } catch { throw .gif(error) }
            guard let frame = next else { break }
            frames.append(frame)
            do { try limits.check(.decodedBytes, frames.count * decoder.width * decoder.height * 4, of: file) } catch { throw .limit(error) }
        }
        guard !frames.isEmpty else { throw .gif(.corrupt(file: file, reason: "holds no frame")) }
        var animation = Animation(unchecked: frames.map { .bitmap($0.image) },
                                  frameDurations: frames.map { Double($0.playedDelay) / 100 },
                                  repeatCount: decoder.repeatCount)
        animation.warnings = decoder.warnings
        return animation
    }
}
