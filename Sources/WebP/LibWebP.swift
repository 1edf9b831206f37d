import CWebP

/// The one place Flipbook calls libwebp (BSD): its animation encoder and muxer (`WebPAnimEncoder`)
/// and its animation decoder (`WebPAnimDecoder`), both on straight, non-premultiplied RGBA.
enum LibWebP {
    /// How each frame is compressed.
    struct FrameSettings {
        /// Lossless (every pixel kept) or lossy (VP8, alpha kept losslessly).
        var lossless: Bool
        /// Lossless: effort 0–100; lossy: quality 0–100.
        var quality: Float
        /// Speed against size, 0–6.
        var method: Int32

        /// libwebp's configuration for these settings; `nil` when libwebp refuses them. RGB under
        /// alpha 0 is never shown: the encoder may pick what compresses best (`exact` off).
        var config: WebPConfig? {
            var config = WebPConfig()
            guard WebPConfigInit(&config) != 0 else { return nil }
            config.lossless = lossless ? 1 : 0
            config.quality = quality
            config.method = method
            config.exact = 0
            return WebPValidateConfig(&config) != 0 ? config : nil
        }
    }

    /// `body` given a picture holding straight RGBA `rgba` of `width × height`; `nil` when libwebp
    /// cannot allocate it.
    private static func withPicture<T>(_ rgba: [UInt8], width: Int, height: Int, _ body: (inout WebPPicture) -> T) -> T? {
        var picture = WebPPicture()
        guard WebPPictureInit(&picture) != 0 else { return nil }
        picture.width = Int32(width)
        picture.height = Int32(height)
        picture.use_argb = 1
        defer { WebPPictureFree(&picture) }
        guard rgba.withUnsafeBufferPointer({ WebPPictureImportRGBA(&picture, $0.baseAddress, Int32(width * 4)) }) != 0 else { return nil }
        return body(&picture)
    }

    /// An animation being encoded: frames added in order with their start times, then assembled.
    /// Used by one thread at a time (the encoders of one file run side by side, one per core).
    final class AnimationEncoder: @unchecked Sendable {
        private let encoder: OpaquePointer
        private let width: Int, height: Int
        private var config = WebPConfig()

        /// An encoder for `width × height` frames playing `loops` times (0: forever); `nil` when
        /// libwebp refuses the settings or cannot allocate.
        init?(width: Int, height: Int, loops: Int, settings: FrameSettings, minimizeSize: Bool, allowMixed: Bool) {
            var options = WebPAnimEncoderOptions()
            guard WebPAnimEncoderOptionsInit(&options) != 0 else { return nil }
            options.anim_params.loop_count = Int32(loops)
            options.minimize_size = minimizeSize ? 1 : 0
            options.allow_mixed = allowMixed ? 1 : 0
            guard let encoder = WebPAnimEncoderNew(Int32(width), Int32(height), &options) else { return nil }
            self.encoder = encoder
            self.width = width
            self.height = height
            guard let config = settings.config else { return nil }
            self.config = config
        }

        deinit { WebPAnimEncoderDelete(encoder) }

        /// Adds a frame of straight RGBA starting at `milliseconds`: `nil`, or libwebp's reason for failing.
        func add(_ rgba: [UInt8], at milliseconds: Int) -> String? {
            let added = LibWebP.withPicture(rgba, width: width, height: height) { picture in
                WebPAnimEncoderAdd(encoder, &picture, Int32(milliseconds), &config) != 0
            }
            guard let added else { return "out of memory" }
            return added ? nil : reason
        }

        /// The file, the last frame ending at `milliseconds`, or libwebp's reason for failing.
        func assemble(endingAt milliseconds: Int) -> Result<[UInt8], EncoderFailure> {
            guard WebPAnimEncoderAdd(encoder, nil, Int32(milliseconds), nil) != 0 else { return .failure(EncoderFailure(reason: reason)) }
            var data = WebPData()
            guard WebPAnimEncoderAssemble(encoder, &data) != 0, let bytes = data.bytes else { return .failure(EncoderFailure(reason: reason)) }
            defer { WebPDataClear(&data) }
            return .success(Array(UnsafeBufferPointer(start: bytes, count: data.size)))
        }

        private var reason: String {
            WebPAnimEncoderGetError(encoder).map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 } ?? "libwebp failed"
        }
    }

    /// One frame as a still WebP file (its whole canvas), compressed with `settings`; `nil` when
    /// libwebp fails.
    static func encodeStill(_ rgba: [UInt8], width: Int, height: Int, settings: FrameSettings) -> [UInt8]? {
        guard var config = settings.config else { return nil }
        var writer = WebPMemoryWriter()
        WebPMemoryWriterInit(&writer)
        defer { WebPMemoryWriterClear(&writer) }
        return withPicture(rgba, width: width, height: height) { picture -> [UInt8]? in
            picture.writer = WebPMemoryWrite
            return withUnsafeMutablePointer(to: &writer) { pointer -> [UInt8]? in
                picture.custom_ptr = UnsafeMutableRawPointer(pointer)
                guard WebPEncode(&config, &picture) != 0, let memory = pointer.pointee.mem else { return nil }
                return Array(UnsafeBufferPointer(start: memory, count: pointer.pointee.size))
            }
        } ?? nil
    }

    /// libwebp's reason for a failure.
    struct EncoderFailure: Error {
        var reason: String
    }

    /// What an animated (or still) WebP says about itself.
    struct AnimationInfo {
        var width: Int, height: Int, frameCount: Int, loops: Int
    }

    /// The header of `bytes`, read through the demuxer, which allocates no canvas (the
    /// animation decoder allocates width × height × 4 bytes as it is made, before any limit could
    /// be checked); `nil` when libwebp cannot parse the data.
    static func header(_ bytes: [UInt8]) -> AnimationInfo? {
        bytes.withUnsafeBufferPointer { buffer -> AnimationInfo? in
            var data = WebPData(bytes: buffer.baseAddress, size: buffer.count)
            guard let demux = WebPDemux(&data) else { return nil }
            defer { WebPDemuxDelete(demux) }
            return AnimationInfo(width: Int(WebPDemuxGetI(demux, WEBP_FF_CANVAS_WIDTH)),
                                 height: Int(WebPDemuxGetI(demux, WEBP_FF_CANVAS_HEIGHT)),
                                 frameCount: Int(WebPDemuxGetI(demux, WEBP_FF_FRAME_COUNT)),
                                 loops: Int(WebPDemuxGetI(demux, WEBP_FF_LOOP_COUNT)))
        }
    }

    /// libwebp's animation decoder over a copy of a file's bytes, one frame at a time as shown
    /// (straight RGBA, the canvas after each frame), with each frame's end time in milliseconds.
    final class FrameReader {
        /// What one step of reading gives.
        enum Step {
            /// The canvas after the next frame, and the frame's end time in milliseconds.
            case frame([UInt8], end: Int)
            /// There are no more frames.
            case end
            /// libwebp could not decode the next frame.
            case failure
        }

        private let bytes: UnsafeMutableBufferPointer<UInt8>
        private let decoder: OpaquePointer
        private let size: Int

        /// A reader of `bytes`, whose canvas is `width` × `height` (as ``LibWebP/header(_:)`` read
        /// it); `nil` when libwebp cannot parse the data or reads another size.
        init?(_ bytes: [UInt8], width: Int, height: Int) {
            let copy = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: max(bytes.count, 1))
            _ = copy.initialize(from: bytes)
            var data = WebPData(bytes: copy.baseAddress, size: bytes.count)
            var options = WebPAnimDecoderOptions()
            guard WebPAnimDecoderOptionsInit(&options) != 0 else { copy.deallocate(); return nil }
            options.color_mode = MODE_RGBA
            options.use_threads = 0
            guard let decoder = WebPAnimDecoderNew(&data, &options) else { copy.deallocate(); return nil }
            var header = WebPAnimInfo()
            guard WebPAnimDecoderGetInfo(decoder, &header) != 0, Int(header.canvas_width) == width,
                  Int(header.canvas_height) == height else {
                WebPAnimDecoderDelete(decoder)
                copy.deallocate()
                return nil
            }
            self.bytes = copy
            self.decoder = decoder
            size = width * height * 4
        }

        deinit {
            WebPAnimDecoderDelete(decoder)
            bytes.deallocate()
        }

        /// The next frame, the end, or a failure.
        func next() -> Step {
            guard WebPAnimDecoderHasMoreFrames(decoder) != 0 else { return .end }
            var pixels: UnsafeMutablePointer<UInt8>? = nil
            var timestamp: Int32 = 0
            guard WebPAnimDecoderGetNext(decoder, &pixels, &timestamp) != 0, let pixels else { return .failure }
            return .frame(Array(UnsafeBufferPointer(start: pixels, count: size)), end: Int(timestamp))
        }
    }
}
