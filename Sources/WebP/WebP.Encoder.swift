import Basics
import Raster

extension WebP {
    /// Writes frames as an animated WebP with libwebp's own animation encoder: lossless by default
    /// (every pixel with alpha > 0 keeps its straight RGBA, alpha 0 stays transparent), each frame
    /// drawn as the smallest of libwebp's candidates (a key frame or a sub-frame over the last,
    /// blended or not).
    ///
    /// ``effort`` picks libwebp's settings: `fast` is method 4; `standard` (the default) writes
    /// the frames `img2webp -lossless -m 6` writes, byte for byte — each frame's changed
    /// rectangle, disposal and blending decided as libwebp's animation encoder decides them,
    /// then the rectangles compressed at method 6 side by side on all cores, at about `img2webp`'s
    /// CPU time and less than its wall time (lossy frames: method 4, as
    /// libwebp's method 6 takes minutes on long sequences); `max` runs two lossless encoders at
    /// effort 100 — method 6, and method 5 with `minimize_size` — and keeps the smaller file (tens
    /// of times slower, about 1 % smaller), or lossy at method 6 with mixed lossy and lossless
    /// frames.
    ///
    /// Delays are whole milliseconds on the cumulative timeline, so a loop lasts exactly as long
    /// as the durations given; a frame that would show for 10 ms or less, which browsers stretch
    /// to 100 ms, is merged into its neighbours; a frame over 16 777 215 ms (24 bits) is followed by
    /// 1×1 transparent frames for the rest of its time. A duration that is not a positive number of
    /// seconds of at most a day is refused (``EncodeError/invalidInput(_:)``; a setting out of range: ``EncodeError/setting(_:)``). Frames are decoded a
    /// few at a time on all cores;
    /// libwebp keeps the encoded frames (not the pixels) until the file is assembled.
    public struct Encoder: Sendable {
        /// Every frame exact (the default), or lossy VP8 at ``quality`` (alpha stays lossless).
        public var lossless: Bool
        /// Lossy only: quality, 0–100 (80 by default).
        public var quality: Double
        /// How hard to work for smaller files; `standard` by default.
        public var effort: EncodingEffort
        /// UIKit's repeat count: 0 plays forever (the default), N plays N times (at most 65 535).
        public var repeatCount: Int

        /// An encoder writing lossless frames, or lossy ones at `quality`, at `effort`, playing
        /// `repeatCount` times (0: forever).
        public init(lossless: Bool = true, quality: Double = 80, effort: EncodingEffort = .standard, repeatCount: Int = 0) {
            self.lossless = lossless
            self.quality = quality
            self.effort = effort
            self.repeatCount = repeatCount
        }

        /// Whether frames are laid out here and compressed on all cores (``WebPFramePlanner``):
        /// lossless at `standard`. Otherwise libwebp's animation encoder runs (``runs``).
        var plansFrames: Bool { lossless && effort == .standard }

        /// libwebp's settings for each encoder run side by side (the smallest file is kept); the
        /// first are also those of a segment's first frame, and of ``plansFrames``' frames.
        var runs: [(settings: LibWebP.FrameSettings, minimizeSize: Bool)] {
            // For lossless frames libwebp's "quality" is its effort; img2webp's default is 75.
            let q = Float(lossless ? (effort == .max ? 100 : 75) : quality)
            let frame = { (method: Int32) in LibWebP.FrameSettings(lossless: lossless, quality: q, method: method) }
            switch (effort, lossless) {
            case (.fast, _): return [(frame(4), false)]
            // Lossy frames: libwebp's animation encoder at method 6 takes minutes on long
            // sequences (240 frames of 400²: 5½ min, against 5.5 s at method 4): method 4 unless at max.
            case (.standard, false): return [(frame(4), false)]
            case (.standard, true): return [(frame(6), false)]
            case (.max, _): return [(frame(6), true), (frame(5), true)]
            }
        }

        /// The WebP for `input`, in memory. `progress` receives the frames done as `JobProgress`
        /// (Basics) of phase `encoding`.
        /// Throws only ``EncodeError``: what `input.load` throws comes back as
        /// ``EncodeError/frame(_:)`` (Raster's `PNG.DecodeError`) or ``EncodeError/load(reason:)``.
        public func encode(_ input: FrameInput, progress: (@Sendable (JobProgress) -> Void)? = nil) throws(EncodeError) -> (bytes: [UInt8], report: Report) {
            var body: [UInt8] = []
            do {
                let (header, report) = try WebPEncoding(settings: self, input: input, progress: JobProgress.counter(for: progress, phase: .encoding)).run { body += $0 }
                return (header + body, report)
            } catch {
                throw .encoding(error)
            }
        }

        /// Encodes `input` into the file `path`, streamed to a temporary file renamed into place
        /// when complete (nothing is left at `path` on failure). Refused before anything is read
        /// (``EncodeError/output(_:)``) when the name's extension promises another format than WebP (a name
        /// without one is taken as it is), when `path` is one of `inputs`, or — unless
        /// `overwrite` — a file Flipbook did not write. Throws as ``encode(_:progress:)`` does, and
        /// ``EncodeError/writeFailed(_:)``.
        public func write(_ input: FrameInput, to path: String, protecting inputs: InputFiles = InputFiles(), overwrite: Bool = false,
                          progress: (@Sendable (JobProgress) -> Void)? = nil) throws(EncodeError) -> Report {
            if !OutputName.pathExtension(path).isEmpty || path.isEmpty {
                do throws(OutputError) { try OutputName.require(path, extensions: ["webp"], what: "a WebP encoder writes WebP") }
                catch { throw .output(error) }
            }
            let set = OutputSet(owner: path, protecting: inputs)
            let file: AtomicFileWriter
            do { file = try set.open(path, named: overwrite) } catch { throw .writing(error) }
            do throws(FileIO.Error) { try file.reserveHeader(WebPContainer.headerSize) } catch { throw EncodeError.writeFailed(error) }
            let (header, report): ([UInt8], Report)
            do {
                (header, report) = try WebPEncoding(settings: self, input: input, progress: JobProgress.counter(for: progress, phase: .encoding)).run { bytes in
                    do throws(FileIO.Error) { try file.write(bytes) } catch { throw EncodeError.writeFailed(error) }
                }
            } catch {
                throw .encoding(error)
            }
            do throws(FileIO.Error) { try file.writeHeader(header) } catch { throw EncodeError.writeFailed(error) }
            // Raised during libwebp's last frames (checked between frames only): still nothing is written.
            if input.cancellation?.isCancelled == true { throw .cancelled }
            do { try set.commit() } catch { throw .writing(error) }
            return report
        }

        /// The first setting out of range (``quality``, ``repeatCount``), naming it; `nil` when all are usable.
        public var settingError: SettingError? {
            if !(0...100).contains(quality) { return SettingError(.quality, of: "WebP.Encoder", value: quality, allowed: .interval(0...100)) }
            if !(0...WebP.maximumRepeatCount).contains(repeatCount) {
                return SettingError(.repeatCount, of: "WebP.Encoder", value: repeatCount, allowed: .range(0...WebP.maximumRepeatCount))
            }
            return nil
        }
    }
}
