import Basics
import Foundation
import Raster

extension APNG {
    /// Writes frames as an animated PNG that decodes to exactly the frames given: every pixel with
    /// alpha > 0 keeps its straight RGBA, every pixel with alpha 0 stays transparent.
    ///
    /// What makes it small:
    /// - one colour type for the whole animation, the smallest that holds every frame losslessly
    ///   (a palette with `tRNS`, grey, RGB or RGBA), chosen by compressing sample frames in each;
    /// - each frame cropped to what changed, drawn in the cheapest exact way: the last frame kept,
    ///   cleared or restored, and the new one drawn in place or over it with unchanged pixels
    ///   transparent, each way compressed cheaply and the smallest kept;
    /// - identical frames merged into one longer frame;
    /// - by default (``compatibility``), none of the choices ffmpeg 5.1 or Pillow 13 decode wrongly;
    /// - per-row PNG filters, and a deflate as strong as ``effort`` asks (libdeflate, or zopfli at
    ///   `max`), frames compressed on all cores.
    ///
    /// Delays are whole milliseconds on the cumulative timeline (1/30 s frames are written 33, 34,
    /// 33 ms …), so every player, Chromium included (it rounds each delay down to a millisecond),
    /// plays a loop exactly as long as the durations given; a frame that would show for 10 ms or
    /// less, which browsers stretch to 100 ms, is merged into its neighbours; a frame too long for
    /// one `fcTL` is written as the same frame repeated, each delay an exact fraction (docs/Timing.md).
    /// A duration that is not a positive number of seconds of at most a day is refused
    /// (``EncodeError/invalidInput(_:)``), a setting out of range too (``EncodeError/setting(_:)``). Frames are read twice
    /// (once to choose the colour type) and never all held at once beyond a 32 MB cache; the
    /// output is streamed. The same input always gives the same bytes, whatever the number of cores.
    public struct Encoder: Sendable {
        /// How hard to work for smaller files (Raster's `EncodingEffort`): `fast` is libdeflate at
        /// its default level with libpng's filter rule; `standard` (the default) the best of six
        /// filterings per frame (judged on bands of rows when a frame has over 1 MiB of them) at
        /// libdeflate's strongest level; `max` the same through zopfli (15
        /// rounds), the smallest files at tens of times `standard`'s time.
        public var effort: EncodingEffort
        /// UIKit's repeat count: 0 plays forever (the default), N plays N times.
        public var repeatCount: Int
        /// Which decoders the file decodes exactly in: ``Compatibility/decoders`` (the default)
        /// steers around the known bugs of ffmpeg 5.1 and Pillow 13 as well (0.04 % of the bytes
        /// on the real sequences; 70 bytes, 2 %, on a 3.4 KB pixel-art file at `fast`); ``Compatibility/specification`` writes the
        /// smallest file the APNG specification allows, exact in browsers.
        public var compatibility: Compatibility

        /// An encoder at `effort` writing an animation that plays `repeatCount` times (0: forever),
        /// decoding exactly in the decoders `compatibility` says.
        public init(effort: EncodingEffort = .standard, repeatCount: Int = 0, compatibility: Compatibility = .decoders) {
            self.effort = effort
            self.repeatCount = repeatCount
            self.compatibility = compatibility
        }

        /// The first setting out of range (``repeatCount``), naming it; `nil` when all are usable.
        public var settingError: SettingError? {
            guard (0...APNG.maximumRepeatCount).contains(repeatCount) else {
                return SettingError(.repeatCount, of: "APNG.Encoder", value: repeatCount, allowed: .range(0...APNG.maximumRepeatCount))
            }
            return nil
        }

        /// The APNG for `input`, in memory. `progress` receives the frames done as `JobProgress`
        /// (Basics) of phase `encoding` from the encoder's threads, a frame counting as done once it
        /// is compressed and written (the last report comes with the last frame's bytes). Throws only ``EncodeError``: what
        /// `input.load` throws comes back as ``EncodeError/frame(_:)`` (Raster's `PNG.DecodeError`) or
        /// ``EncodeError/load(reason:)``.
        public func encode(_ input: FrameInput, progress: (@Sendable (JobProgress) -> Void)? = nil) throws(EncodeError) -> (bytes: [UInt8], report: Report) {
            var bytes: [UInt8] = []
            do {
                let report = try APNGEncoding(settings: self, input: input, progress: JobProgress.counter(for: progress, phase: .encoding)).run { bytes += $0 }
                return (bytes, report)
            } catch {
                throw .encoding(error)
            }
        }

        /// Encodes `input` into the file `path`, streamed to a temporary file renamed into place
        /// when complete (nothing is left at `path` on failure). Refused before anything is read
        /// (``EncodeError/output(_:)``) when the name's extension promises another format than APNG (`.png`
        /// and `.apng` are APNG's; a name without one is taken as it is), when `path` is one of `inputs`, or — unless `overwrite` — a file Flipbook
        /// did not write. Throws as ``encode(_:progress:)`` does, and ``EncodeError/writeFailed(_:)``.
        public func write(_ input: FrameInput, to path: String, protecting inputs: InputFiles = InputFiles(), overwrite: Bool = false,
                          progress: (@Sendable (JobProgress) -> Void)? = nil) throws(EncodeError) -> Report {
            // A name without an extension promises nothing; one with another extension is refused.
            if !OutputName.pathExtension(path).isEmpty || path.isEmpty {
                do throws(OutputError) { try OutputName.require(path, extensions: ["png", "apng"], what: "an APNG encoder writes APNG") }
                catch { throw .output(error) }
            }
            let set = OutputSet(owner: path, protecting: inputs)
            let file: AtomicFileWriter
            do { file = try set.open(path, named: overwrite) } catch { throw .writing(error) }
            let report: Report
            do {
                report = try APNGEncoding(settings: self, input: input, progress: JobProgress.counter(for: progress, phase: .encoding)).run { bytes in
                    do throws(FileIO.Error) { try file.write(bytes) } catch { throw EncodeError.writeFailed(error) }
                }
            } catch {
                throw .encoding(error)
            }
            // Raised during the last frames' compression (checked between frames only): still nothing is written.
            if input.cancellation?.isCancelled == true { throw .cancelled }
            do { try set.commit() } catch { throw .writing(error) }
            return report
        }
    }
}
