import APNG
import Basics
import Foundation
import GIF
import Raster
import WebP

extension HostileCases {
    /// Two small frames, the second different, each lasting `duration`.
    static func frames(_ duration: Double, count: Int = 2) throws -> FrameInput {
        try FrameInput(count: count, duration: duration) { index in
            var bitmap = Sample.bitmap
            if index % 2 == 1 { bitmap.fill(PixelRect(x: 1, y: 1, width: 2, height: 1), with: .black) }
            return bitmap
        }
    }

    static let codecs: [HostileCase] = [
        HostileCase("GIF decoder on junk bytes and hostile limits", ["GIF", "GIF.Decoder", "GIF.Frame", "GIF.Disposal"]) {
            each(Sample.junk + [Array("GIF89a".utf8), Array("GIF89a\u{1}\u{0}\u{1}\u{0}".utf8)]) { bytes in
                _ = try GIF.Decoder(bytes: bytes, file: "x.gif", limits: ResourceLimits(maxPixels: -1, maxFrames: Int.min)).allGIFFrames()
            }
            _ = GIF.repeatCount(netscapeLoops: Int.min); _ = GIF.netscapeLoops(repeatCount: Int.max)
            _ = GIF.repeatCount(netscapeLoops: Int.max); _ = GIF.netscapeLoops(repeatCount: Int.min)
        },
        HostileCase("GIF encoder with hostile settings and durations", ["GIF.Encoder", "GIF.Encoder.Quality",
                                                                        "GIF.Encoder.Report", "GIF.EncodeError", "GIF.AlphaMode", "GIF.Dithering",
                                                                        "GIF.Timing"]) {
            for quality in [GIF.Encoder.Quality.fast, .standard, .high] {
                each(Sample.ints) { v in
                    let encoder = GIF.Encoder(quality: quality, colors: v, dithering: .ordered, alpha: .matte(.black), repeatCount: v, scale: v)
                    _ = try encoder.encode(FrameInput(count: 2, duration: 0.1, scale: v) { _ in Sample.bitmap })
                }
            }
            each([0, -1, .nan, .infinity, 1e-9]) { duration in
                _ = try GIF.Encoder(dithering: .floydSteinberg, alpha: .threshold).encode(FrameInput(count: 2, duration: duration) { _ in Sample.bitmap })
            }
            _ = try? GIF.Encoder().encode(FrameInput(durations: []) { _ in Sample.bitmap })
            _ = GIF.AlphaMode(""); _ = GIF.AlphaMode("matte:#zz"); _ = GIF.Timing(durations: Sample.doubles)
            each([-1, 0, Int.min, Int.max]) { count in _ = try GIF.Timing(count: count, fps: .nan) }
            each([Int.max, 20_001]) { count in _ = try FrameInput(count: count, duration: 0.1) { _ in Sample.bitmap } }
            each([1e12, 1e300, .greatestFiniteMagnitude]) { duration in
                _ = try GIF.Encoder(quality: .fast).encode(FrameInput(count: 2, duration: duration) { _ in Sample.bitmap })
            }
        },
        HostileCase("GIF encoder fitting a byte budget that is negative or zero", ["GIF.Encoder.Fitted"]) {
            each(Sample.ints) { budget in _ = try GIF.Encoder().encode(FrameInput(count: 2, duration: 0.1) { _ in Sample.bitmap }, maxBytes: budget) }
        },
        HostileCase("GIF writer with hostile screens and frames", ["GIF.Writer", "GIF.IndexedFrame"]) {
            each(Sample.ints) { v in
                let writer = try GIF.Writer(width: v, height: v, globalPalette: [], netscapeLoops: v)
                try writer.add(GIF.IndexedFrame(rect: .init(x: v, y: v, width: v, height: v), indices: [], localPalette: [1],
                                                transparentIndex: v, delay: v, disposal: .previous))
                _ = try writer.finish()
            }
        },
        HostileCase("APNG encoder with hostile repeat counts and empty input", ["APNG", "APNG.Encoder", "APNG.Encoder.Report", "APNG.EncodeError"]) {
            each(Sample.ints) { v in _ = try APNG.Encoder(effort: .fast, repeatCount: v).encode(frames(0.1)) }
            _ = try? APNG.Encoder().encode(frames(0.1, count: 0))
            each([0, -1, .nan, .infinity, -.infinity, 1e12, 1e300]) { duration in _ = try APNG.Encoder(effort: .fast).encode(frames(duration)) }
        },
        HostileCase("APNG encoder in each compatibility", ["APNG.Encoder.Compatibility"]) {
            for compatibility in APNG.Encoder.Compatibility.allCases {
                var encoder = APNG.Encoder(effort: .fast)
                encoder.compatibility = compatibility
                each([0, -1, .nan, 1e300]) { duration in _ = try encoder.encode(frames(duration)) }
                _ = try encoder.encode(frames(0.1, count: 3))
            }
        },
        HostileCase("APNG decoder on junk bytes", ["APNG.Decoder"]) {
            each(Sample.junk) { bytes in
                _ = APNG.Decoder.isAnimated(bytes)
                _ = try APNG.Decoder(bytes: bytes, file: "x.png", limits: ResourceLimits(maxPixels: 1, maxFrames: 1)).allFrames()
            }
            _ = try APNG.Decoder(bytes: Sample.png, file: "x.png").info
        },
        HostileCase("WebP encoder with hostile quality, repeat counts and budgets", ["WebP", "WebP.Encoder", "WebP.Encoder.Report", "WebP.EncodeError",
                                                                                 "WebP.Encoder.Fitted"]) {
            each(Sample.doubles) { quality in _ = try WebP.Encoder(lossless: false, quality: quality, effort: .fast).encode(frames(0.1)) }
            each(Sample.ints) { v in _ = try WebP.Encoder(repeatCount: v).encode(frames(0.1), maxBytes: v) }
            each([0, -1, .nan, .infinity, -.infinity, 1e12, 1e300]) { duration in _ = try WebP.Encoder(effort: .fast).encode(frames(duration)) }
        },
        HostileCase("WebP decoder on junk bytes", ["WebP.Decoder"]) {
            each(Sample.junk + [Array("RIFF\u{0}\u{0}\u{0}\u{0}WEBP".utf8), Array("RIFF\u{FF}\u{FF}\u{FF}\u{7F}WEBPVP8X".utf8)]) { bytes in
                _ = try WebP.Decoder(bytes: bytes, file: "x.webp", limits: ResourceLimits(maxPixels: 1)).allFrames()
            }
        },
        HostileCase("the decoder protocol, its frames, facts and error on hostile values",
                    ["AnimationDecoder", "AnimationFrame", "AnimationInfo", "AnimationDecodeError", "AnimationDecodeError.Format"]) {
            each(Sample.doubles) { duration in _ = AnimationFrame(image: Sample.bitmap, duration: duration).playedDuration }
            each(Sample.ints) { v in _ = AnimationInfo(width: v, height: v, frameCount: v, repeatCount: v) }
            for format in AnimationDecodeError.Format.allCases {
                for error in [AnimationDecodeError.unreadable(file: "", reason: ""), .notFormat(file: "", format: format),
                              .corrupt(file: "", format: format, reason: ""), .noFrames(file: "", format: format)] {
                    _ = error.description; _ = error.file; _ = error.limit
                }
            }
            let decoders: [any AnimationDecoder.Type] = [GIF.Decoder.self, APNG.Decoder.self, WebP.Decoder.self]
            for decoder in decoders {
                each(Sample.junk) { bytes in _ = try decoder.init(bytes: bytes, file: "x", limits: ResourceLimits(maxPixels: 0, maxFrames: 0)).allFrames() }
                // A URL that names no file, a folder, or nothing.
                each([URL(fileURLWithPath: "/nonexistent/x"), URL(fileURLWithPath: "/"), URL(fileURLWithPath: "")]) { url in
                    _ = try decoder.init(url: url, limits: ResourceLimits(maxPixels: -1, maxFrames: Int.min)).allFrames()
                }
                _ = try? decoder.init(file: "/nonexistent/x", limits: .default)
            }
        },
    ]
}
