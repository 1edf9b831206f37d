import Basics
import Raster

extension GIF {
    /// One displayed frame with the GIF's own details (``Decoder/nextGIFFrame()``): the whole
    /// logical screen after this frame is drawn, its delay in centiseconds as stored, its disposal
    /// and rectangle. The decoder's `AnimationDecoder` form, `nextFrame()`, gives the image and
    /// the duration in seconds that every format gives.
    public struct Frame: Sendable {
        /// The composited screen, straight RGBA: palette colours exactly as the file holds them, alpha
        /// 255, and transparent black where no frame has drawn (GIF pixels are opaque or transparent).
        public var image: Bitmap
        /// The delay as stored, in centiseconds (GIF's own unit; ``duration`` is in seconds).
        public var delay: Int
        /// What the file says happens to this frame's rectangle before the next frame is drawn (already
        /// applied to the next frame's ``image``).
        public var disposal: Disposal
        /// Where the frame's own pixels were drawn.
        public var rect: Rect

        /// The delay in seconds, as stored (``delay`` is the file's centiseconds).
        public var duration: Double { Double(delay) / 100 }

        /// How long browsers show the frame, in seconds: Raster's `AnimationFrame.playedDuration`
        /// rule (0–1 cs show for 10 cs; a delay of 0 would be no frame at all).
        public var playedDuration: Double { animationFrame.playedDuration }

        /// The delay as browsers play it, in centiseconds (``playedDuration`` × 100).
        public var playedDelay: Int { delay < 2 ? 10 : delay }

        /// The frame as every `AnimationDecoder` gives it: the image and the duration in seconds.
        public var animationFrame: AnimationFrame { AnimationFrame(image: image, duration: duration) }
    }

    /// Reads an animated GIF frame by frame, compositing as browsers do: disposal 0–3,
    /// transparency, local and global colour tables, interlacing.
    ///
    /// The screen starts fully transparent (the background colour is ignored, as in every browser);
    /// disposal 2 clears a frame's rectangle to transparent; disposal 3 restores it. Pixels outside
    /// the logical screen are clipped; an index beyond the colour table draws opaque black. Only the
    /// file's bytes, one screen and one frame's indices are in memory at a time.
    ///
    /// Lenient where browsers are and the intent is clear, each time with a ``readWarnings`` entry: a
    /// frame with no colour table (neither local nor global) is drawn in greys (index i as i, i, i,
    /// as Pillow does); a frame whose data is cut short or damaged — an LZW code its table does not
    /// hold yet, an end code before its last pixel, data that stops early, as Chromium, Firefox,
    /// Pillow and ffmpeg find it (giflib decodes it into wrong pixels) — is left out and ends the
    /// animation, the whole frames before kept (a first frame that is not whole is refused); bytes
    /// that are no GIF record after a frame (a second file appended, garbage) end it too, keeping
    /// the frames before. The warning says "cut short" only when the bytes really end early, and
    /// "damaged at byte N" otherwise (Raster's one wording for both). Zero bytes where a block should
    /// start (an empty block end too many) are skipped, as gifsicle and Pillow skip them (browsers
    /// and ffmpeg 5.1 stop there), and a
    /// frame of no pixels (0 wide or high) that still carries data is read past to the next one.
    ///
    /// An `AnimationDecoder` (Raster): ``nextFrame()`` and `allFrames()` give every format's frame
    /// (the image, the duration in seconds); ``nextGIFFrame()`` and ``allGIFFrames()`` add the
    /// GIF's own details (the delay in centiseconds, disposal, rectangle). Errors are Raster's
    /// `AnimationDecodeError`.
    public final class Decoder: AnimationDecoder {
        /// GIF.
        public static let format = AnimationDecodeError.Format.gif
        /// Width of the logical screen in pixels: every frame's ``Frame/image`` has this size.
        public let width: Int
        /// Height of the logical screen in pixels.
        public let height: Int
        /// The NETSCAPE2.0 loop value: read ahead from the blocks when the file is opened (`nil`: no loop block).
        public private(set) var netscapeLoops: Int?
        /// UIKit's `repeatCount` for the loop block (0 = forever, N = N plays).
        public var repeatCount: Int { GIF.repeatCount(netscapeLoops: netscapeLoops) }

        private let reader: GIFLib.Reader
        /// The name the GIF was opened with (its path, or the name given with its bytes): errors and warnings name it.
        public let file: String
        /// What the GIF may ask for: pixels of the screen and of a frame, frames.
        public let limits: ResourceLimits
        private var canvas: Bitmap
        private var pending: (disposal: Disposal, rect: Rect, saved: Bitmap?)?
        private var control = GraphicsControl()
        private var indices: [UInt8] = []
        private var finished = false
        private let frameCount: Int
        private var framesRead = 0
        private var warnedOfStrayZeros = false
        /// How `GIFLib` words a file that ends early: `file is truncated (giflib's reason)`.
        private static let truncated = "file is truncated ("
        /// What was read past, leniently (see the type's discussion), one line each naming the file.
        public private(set) var readWarnings: [LenientReadWarning] = []

        /// The screen size, the image blocks the file holds and the loop count (read ahead from
        /// the blocks when the file is opened).
        public var info: AnimationInfo {
            AnimationInfo(width: width, height: height, frameCount: frameCount, repeatCount: repeatCount)
        }

        /// Reads GIF data; `file` names it in errors. A screen or a frame of more than
        /// `limits.maxPixels` pixels is refused before it is allocated, and a GIF of more than
        /// `limits.maxFrames` frames before any frame is decoded (its blocks are counted first: a
        /// caller writing frames as they come writes none).
        public init(bytes: [UInt8], file: String, limits: ResourceLimits = .default) throws(AnimationDecodeError) {
            reader = try GIFLib.Reader(bytes: bytes, file: file)
            self.file = file
            self.limits = limits
            width = reader.screenWidth
            height = reader.screenHeight
            guard width > 0, height > 0 else { throw .corrupt(file: file, format: .gif, reason: "logical screen is \(width)×\(height)") }
            do { try limits.checkPixels(width: width, height: height, of: file) } catch { throw .limit(error) }
            let blocks = Self.blocks(bytes)
            frameCount = blocks.images
            netscapeLoops = blocks.netscapeLoops
            do { try limits.check(.frames, frameCount, of: file) } catch { throw .limit(error) }
            // The screen is allocated with the first frame: a file refused from its header costs nothing.
            canvas = Bitmap(clearWidth: 0, height: 0)
        }

        /// How many image descriptors the GIF's block structure holds.
        static func imageCount(_ bytes: [UInt8]) -> Int { blocks(bytes).images }

        /// How many whole images the GIF's blocks hold, skipping from block to block without decoding
        /// (up to the trailer, to bytes that are no block, or to an image whose data runs past the
        /// end, which the decoder drops), and the first NETSCAPE2.0/ANIMEXTS1.0 loop value among them.
        static func blocks(_ bytes: [UInt8]) -> (images: Int, netscapeLoops: Int?) {
            func colorTable(_ packed: UInt8) -> Int { packed & 0x80 != 0 ? 3 << (Int(packed & 0x07) + 1) : 0 }
            func skipSubBlocks(_ position: inout Int) {
                while position < bytes.count, bytes[position] != 0 { position += Int(bytes[position]) + 1 }
                position += 1
            }
            guard bytes.count >= 13 else { return (0, nil) }
            var position = 13 + colorTable(bytes[10]), images = 0, loops: Int? = nil
            while position < bytes.count {
                switch bytes[position] {
                case 0x21:  // extension: label, then sub-blocks
                    if loops == nil, position + 19 < bytes.count, bytes[position + 1] == 0xFF, bytes[position + 2] == 11,
                       ["NETSCAPE2.0", "ANIMEXTS1.0"].contains(String(decoding: bytes[(position + 3)..<(position + 14)], as: UTF8.self)),
                       bytes[position + 14] >= 3, bytes[position + 15] == 1 {
                        loops = Int(bytes[position + 16]) | Int(bytes[position + 17]) << 8
                    }
                    position += 2
                    skipSubBlocks(&position)
                case 0x2C:  // image: descriptor, local table, LZW code size, then sub-blocks
                    guard position + 10 < bytes.count else { return (images, loops) }   // cut: no frame, as decoded
                    position += 10 + colorTable(bytes[position + 9]) + 1
                    skipSubBlocks(&position)
                    guard position <= bytes.count else { return (images, loops) }; images += 1
                case 0x00:  // a stray block terminator, skipped as the decoder skips it
                    position += 1
                default:  // the trailer, or bytes that are no block
                    return (images, loops)
                }
            }
            return (images, loops)
        }

        /// The next composited frame, its duration in seconds, or `nil` after the last one (a GIF
        /// of no frame at all is `AnimationDecodeError.noFrames`).
        public func nextFrame() throws(AnimationDecodeError) -> AnimationFrame? {
            try nextGIFFrame()?.animationFrame
        }

        /// The next composited frame with the GIF's own details (delay in centiseconds, disposal,
        /// rectangle), or `nil` after the last one.
        public func nextGIFFrame() throws(AnimationDecodeError) -> Frame? {
            if framesRead == 0 && !finished { try checkComposingWork() }
            while !finished {
                let record: GIFLib.Record
                do {
                    record = try reader.nextRecord()
                } catch {
                    // After a frame, what cannot be read as a record ends the animation (browsers stop there).
                    guard framesRead > 0, case .corrupt(_, _, let reason) = error else {
                        // Cut before its first frame is whole: where, as a cut head says it (giflib: "Failed to read").
                        if case .corrupt(let file, let format, let reason) = error, reason.hasPrefix(Self.truncated) {
                            throw .corrupt(file: file, format: format, reason: "file is truncated: it ends at byte \(reader.byteCount), "
                                           + "in the block that starts at byte \(reader.recordOffset), before its first frame is whole")
                        }
                        throw error
                    }
                    if reason.hasPrefix(Self.truncated) && !reader.endsWithTrailer {
                        readWarnings.append(CutShortWarning.text(file: file, reason: "it ends before its trailer", framesRead: framesRead,
                                                                 endMarkerOnly: true))
                    } else {
                        // Bytes that are no block (garbage, a second file appended), or a block
                        // running past the end of a file that ends with its trailer: damage.
                        let what = reason.hasPrefix(Self.truncated) ? "a block that runs past the end of the file" : "bytes that are no GIF block (\(reason))"
                        readWarnings.append(CutShortWarning.damaged(file: file, at: reader.recordOffset, reason: "after frame \(framesRead), \(what)",
                                                                framesRead: framesRead))
                    }
                    finished = true
                    return nil
                }
                if let offset = reader.firstStrayZero, !warnedOfStrayZeros {
                    warnedOfStrayZeros = true
                    readWarnings.append(LenientReadWarning(.strayZeros, file: file, description:
                        "\(file): zero bytes between blocks (from byte \(offset)), an empty block end too many: "
                        + "skipped, as gifsicle and Pillow skip them (browsers and ffmpeg stop there)"))
                }
                switch record {
                case .end:
                    finished = true
                case .extensionBlock(let code, let blocks):
                    readExtension(code: code, blocks: blocks)
                case .image(let descriptor):
                    let drawn = try draw(descriptor)
                    control = GraphicsControl()
                    // `nil`: the frame is not whole and ends the animation (draw(_:) said why).
                    return drawn
                }
            }
            guard framesRead > 0 else { throw .noFrames(file: file, format: .gif) }
            return nil
        }

        /// Every frame with the GIF's own details, for callers that want them all at once (small
        /// GIFs, tests); each held counts against ``limits``' `maxDecodedBytes`, and all the
        /// frames the blocks declare are checked first (`checkDeclaredFrames()`).
        public func allGIFFrames() throws(AnimationDecodeError) -> [Frame] {
            try checkDeclaredFrames()
            var frames: [Frame] = []
            while let frame = try nextGIFFrame() {
                frames.append(frame)
                do { try limits.check(.decodedBytes, frames.count * width * height * 4, of: file) } catch { throw .limit(error) }
            }
            return frames
        }

        private func readExtension(code: Int, blocks: [[UInt8]]) {
            switch code {
            case 0xF9:  // graphics control
                guard let data = blocks.first, data.count >= 4 else { return }
                let method = Int((data[0] >> 2) & 0x07)
                control.disposal = Disposal(rawValue: method) ?? .unspecified
                control.delay = Int(data[1]) | Int(data[2]) << 8
                control.transparentIndex = data[0] & 0x01 == 1 ? Int(data[3]) : nil
            case 0xFF:  // application: NETSCAPE2.0 / ANIMEXTS1.0 loop count
                guard let identifier = blocks.first, identifier.count == 11 else { return }
                let name = String(decoding: identifier, as: UTF8.self)
                guard name == "NETSCAPE2.0" || name == "ANIMEXTS1.0" else { return }
                for block in blocks.dropFirst() where block.count >= 3 && block[0] == 1 {
                    netscapeLoops = Int(block[1]) | Int(block[2]) << 8
                }
            default:
                break
            }
        }

        /// The frame `descriptor` draws over the canvas; `nil` when its data is cut short or
        /// damaged (it is no frame: the animation ends with the frame before, with a warning).
        private func draw(_ descriptor: GIFLib.ImageDescriptor) throws(AnimationDecodeError) -> Frame? {
            let rect = Rect(x: descriptor.left, y: descriptor.top, width: descriptor.width, height: descriptor.height)
            let colors: [UInt8]
            if let table = descriptor.localColors ?? reader.globalColors {
                colors = table
            } else {
                colors = Self.greys
                if !readWarnings.contains(where: { $0.kind == .missingColorTable }) {
                    readWarnings.append(LenientReadWarning(.missingColorTable, file: file, description: "\(file): \(Self.greyNote)"))
                }
            }
            // A frame may be larger than the screen (its pixels outside are clipped), but its
            // indices are held: it is bounded like the screen.
            let count = descriptor.width * descriptor.height
            do { try limits.checkPixels(width: descriptor.width, height: descriptor.height, of: file) } catch { throw .limit(error) }
            framesRead += 1
            do { try limits.check(.frames, framesRead, of: file) } catch { throw .limit(error) }
            if let codeSize = descriptor.oversizedCodeSize {
                readWarnings.append(LenientReadWarning(.oversizedCodeSize, file: file, description:
                    "\(file): frame \(framesRead)'s LZW code size is \(codeSize), over the 8 a GIF's 256 colours need; "
                    + "read as browsers and Pillow read it"))
            }
            if indices.count < count { indices = [UInt8](repeating: 0, count: count) }
            let read = reader.readPixels(into: &indices, width: descriptor.width, height: descriptor.height)
            if read.outcome != .complete {
                // The data ends or is damaged inside this frame: only whole frames are kept, so it
                // is left out and ends the animation (the first one leaves nothing: refused).
                finished = true
                framesRead -= 1
                try stop(at: descriptor, read)
                return nil
            }

            if canvas.pixels.isEmpty { canvas = Bitmap(clearWidth: width, height: height) }
            // The previous frame's disposal applies now, before this one is drawn.
            if let pending {
                switch pending.disposal {
                case .background: clear(pending.rect)
                case .previous: if let saved = pending.saved { canvas.copy(saved, from: pending.rect, toX: pending.rect.x, y: pending.rect.y) }
                case .keep, .unspecified: break
                }
            }
            let saved = control.disposal == .previous ? canvas : nil
            paint(descriptor, colors: colors)
            pending = (control.disposal, rect, saved)
            return Frame(image: canvas, delay: control.delay, disposal: control.disposal, rect: rect)
        }

        /// Ends the animation before the frame `descriptor` (frame `framesRead + 1`), whose data
        /// `read` found cut short or damaged: one warning after whole frames, an error before any.
        private func stop(at descriptor: GIFLib.ImageDescriptor, _ read: LZWDecoder.Result) throws(AnimationDecodeError) {
            let number = framesRead + 1
            let rows = descriptor.width > 0 ? read.decoded / descriptor.width : 0
            if read.outcome == .fileEnded && !reader.endsWithTrailer {
                // The bytes run out: cut short.
                let place = rows == 0 ? "it ends before frame \(number)'s pixels" : "it ends after \(rows) of frame \(number)'s \(descriptor.height) rows"
                guard framesRead > 0 else {
                    throw .corrupt(file: file, format: .gif, reason: rows == 0 ? "the file is cut before the first frame's pixels"
                                   : "\(place): the first frame is not whole")
                }
                readWarnings.append(CutShortWarning.text(file: file, reason: place, framesRead: framesRead))
                return
            }
            // Damage: bytes changed in the middle of the file.
            let offset: Int?
            let reason: String
            if descriptor.left + descriptor.width > width || descriptor.top + descriptor.height > height {
                // A frame larger than the screen whose data runs short: its descriptor's size is
                // what changed (a flipped byte in its height), not its pixels.
                offset = descriptor.offset
                reason = "frame \(number)'s image descriptor: it declares \(descriptor.width)×\(descriptor.height) pixels at "
                    + "(\(descriptor.left), \(descriptor.top)) on a \(width)×\(height) screen, and its image data holds \(rows) rows"
            } else {
                offset = read.outcome.offset
                reason = "frame \(number)'s image data: \(read.outcome == .fileEnded ? "its sub-blocks run past the end of the file" : read.outcome.reason)"
            }
            guard framesRead > 0 else {
                throw .corrupt(file: file, format: .gif, reason: CutShortWarning.damagedBeforeFirstFrame(at: offset, reason: reason))
            }
            readWarnings.append(CutShortWarning.damaged(file: file, at: offset, reason: reason, framesRead: framesRead))
        }

        private func paint(_ descriptor: GIFLib.ImageDescriptor, colors: [UInt8]) {
            let transparent = control.transparentIndex ?? -1
            let paletteCount = colors.count / 3
            let rows = Self.rowOrder(height: descriptor.height, interlaced: descriptor.interlaced)
            let screenWidth = width, screenHeight = height
            indices.withUnsafeBufferPointer { source in
                colors.withUnsafeBufferPointer { palette in
                    canvas.withUnsafeMutablePixels { pixels in
                        for (stored, row) in rows.enumerated() {
                            let y = descriptor.top + row
                            guard y >= 0 && y < screenHeight else { continue }
                            for column in 0..<descriptor.width {
                                let x = descriptor.left + column
                                guard x >= 0 && x < screenWidth else { continue }
                                let index = Int(source[stored * descriptor.width + column])
                                if index == transparent { continue }
                                let out = (y * screenWidth + x) * 4
                                if index < paletteCount {
                                    pixels[out] = palette[index * 3]
                                    pixels[out + 1] = palette[index * 3 + 1]
                                    pixels[out + 2] = palette[index * 3 + 2]
                                } else {
                                    pixels[out] = 0; pixels[out + 1] = 0; pixels[out + 2] = 0
                                }
                                pixels[out + 3] = 255
                            }
                        }
                    }
                }
            }
        }

        /// The colour table of a frame that has none: index i is grey i.
        static let greys: [UInt8] = (0..<256).flatMap { [UInt8($0), UInt8($0), UInt8($0)] }
        static let greyNote = "no colour table (neither local nor global): drawn in greys, as Pillow does"

        /// The screen row of each stored row: Adam-style GIF interlacing stores rows 0, 8, 16…,
        /// then 4, 12…, then 2, 6…, then 1, 3….
        static func rowOrder(height: Int, interlaced: Bool) -> [Int] {
            guard interlaced else { return Array(0..<height) }
            return Array(stride(from: 0, to: height, by: 8)) + Array(stride(from: 4, to: height, by: 8))
                + Array(stride(from: 2, to: height, by: 4)) + Array(stride(from: 1, to: height, by: 2))
        }

        private func clear(_ rect: Rect) {
            forEachPixel(in: rect) { pixels, offset, _ in
                pixels[offset] = 0; pixels[offset + 1] = 0; pixels[offset + 2] = 0; pixels[offset + 3] = 0
            }
        }

        private func forEachPixel(in rect: Rect, _ body: (UnsafeMutableBufferPointer<UInt8>, Int, Int) -> Void) {
            let x0 = max(rect.x, 0), x1 = min(rect.x + rect.width, width)
            let y0 = max(rect.y, 0), y1 = min(rect.y + rect.height, height)
            guard x0 < x1 && y0 < y1 else { return }
            let screenWidth = width
            canvas.withUnsafeMutablePixels { pixels in
                for y in y0..<y1 {
                    for x in x0..<x1 { body(pixels, (y * screenWidth + x) * 4, x) }
                }
            }
        }
    }

    /// The graphics control extension that applies to the next image.
    struct GraphicsControl {
        var disposal = Disposal.unspecified
        var delay = 0
        var transparentIndex: Int?
    }
}
