import Basics
import Raster

/// The chunks of one APNG, checked, and its frames composited in order.
struct APNGReader {
    /// A frame's `fcTL` and where its compressed data lies in the file.
    private struct FrameChunks {
        var rect: PixelRect
        var delayNumerator: Int
        var delayDenominator: Int
        var dispose: APNG.Dispose
        var blendOver: Bool
        /// Ranges of the file holding the frame's zlib data (IDAT data, or fdAT data after its sequence number).
        var data: [Range<Int>] = []
    }

    let bytes: [UInt8]
    let file: String
    let limits: ResourceLimits
    let info: AnimationInfo
    /// Whether the file has `acTL` (a still PNG does not).
    let isAnimated: Bool
    /// The frames `acTL` promises (`nil` for a still PNG).
    let declaredFrames: Int?
    /// Where and how the file ends early, when it does (inside a chunk, or without `IEND`): the
    /// frames read are those before, and the last one may be incomplete.
    let cut: String?
    /// Where a chunk fails its CRC check after the image data began, when one does: the frames
    /// read are the whole ones before it.
    let damage: (reason: String, offset: Int)?
    /// IHDR's bit depth, colour type, compression, filter and interlace bytes.
    private let format: [UInt8]
    private let ancillary: [(type: [UInt8], data: Range<Int>)]
    private let frameChunks: [FrameChunks]

    init(bytes: [UInt8], file: String, limits: ResourceLimits) throws(AnimationDecodeError) {
        self.bytes = bytes
        self.file = file
        self.limits = limits
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        guard bytes.count >= 8, Array(bytes[0..<8]) == signature else {
            throw AnimationDecodeError.wrongFormat(Array(bytes.prefix(4096)), file: file, format: .apng)
        }
        func invalid(_ reason: String) -> AnimationDecodeError { .corrupt(file: file, format: .apng, reason: reason) }
        func word(_ at: Int) -> Int {
            Int(bytes[at]) << 24 | Int(bytes[at + 1]) << 16 | Int(bytes[at + 2]) << 8 | Int(bytes[at + 3])
        }

        var width = 0, height = 0, format: [UInt8] = []
        var declaredFrames: Int? = nil, plays = 0
        var ancillary: [(type: [UInt8], data: Range<Int>)] = []
        var frames: [FrameChunks] = []
        var stillData: [Range<Int>] = []
        var nextSequence = 0, seenIDAT = false, defaultIsFrame = false, ended = false
        // A file cut short: the frames before the cut are read (the last only if its data is whole),
        // as a GIF's are; with none, the reason is the error.
        var cut: (reason: String, offset: Int)? = nil
        // A chunk damaged after the image data began: the whole frames before it are read, as a WebP's are.
        var damage: (reason: String, offset: Int)? = nil
        var offset = 8
        while offset < bytes.count && !ended {
            guard offset + 12 <= bytes.count else {
                cut = ("the file ends inside a chunk header", offset)
                break
            }
            let length = word(offset)
            let type = Array(bytes[(offset + 4)..<(offset + 8)])
            // A chunk running past the end of a file that still ends with its IEND chunk was not
            // cut: its length field was damaged (CutShortWarning words the two apart).
            let runsPast = length > bytes.count - offset - 12
            if runsPast && !Self.endsWithIEND(bytes) {
                cut = ("a chunk runs past the end of the file", offset)
                break
            }
            let data = (offset + 8)..<(runsPast ? offset + 8 : offset + 8 + length)
            let crc = bytes.withUnsafeBufferPointer { Zlib.crc32(UnsafeBufferPointer(rebasing: $0[(offset + 4)..<data.upperBound])) }
            guard !runsPast, crc == UInt32(word(data.upperBound)) else {
                let reason = runsPast ? "chunk \(String(decoding: type, as: UTF8.self)) declares \(length) bytes, past the end of a file that ends with its IEND chunk"
                    : "chunk \(String(decoding: type, as: UTF8.self)) fails its CRC check"
                // Damage after the image data began keeps the whole frames before it, as a cut does:
                // the frame the chunk may belong to is left out (only a new frame's fcTL, or IEND,
                // ends the frame before it whole).
                guard seenIDAT else { throw invalid(reason) }
                if !["fcTL", "IEND"].contains(String(decoding: type, as: UTF8.self)) {
                    if frames.isEmpty { stillData = [] } else { frames.removeLast() }
                }
                damage = (reason, offset)
                break
            }
            offset = data.upperBound + 4
            let name = String(decoding: type, as: UTF8.self)
            if format.isEmpty && name != "IHDR" { throw invalid("the first chunk is \(name), not IHDR") }
            switch name {
            case "IHDR":
                guard length == 13, format.isEmpty else { throw invalid("IHDR is not 13 bytes, or comes twice") }
                width = word(data.lowerBound)
                height = word(data.lowerBound + 4)
                format = Array(bytes[(data.lowerBound + 8)..<data.upperBound])
                guard width > 0, height > 0 else { throw invalid("the image is \(width)×\(height)") }
                do { try limits.checkPixels(width: width, height: height, of: file) } catch { throw .limit(error) }
            case "acTL":
                guard length == 8, !seenIDAT, declaredFrames == nil else { throw invalid("acTL is misplaced or not 8 bytes") }
                declaredFrames = word(data.lowerBound)
                plays = word(data.lowerBound + 4)
                guard declaredFrames! > 0 else { throw invalid("acTL declares 0 frames") }
                do { try limits.check(.frames, declaredFrames!, of: file) } catch { throw .limit(error) }
            case "fcTL":
                guard length == 26 else { throw invalid("fcTL is not 26 bytes") }
                guard word(data.lowerBound) == nextSequence else { throw invalid("chunk sequence numbers are out of order") }
                nextSequence += 1
                let b = data.lowerBound
                let rect = PixelRect(x: word(b + 12), y: word(b + 16), width: word(b + 4), height: word(b + 8))
                guard rect.width > 0, rect.height > 0, rect.x >= 0, rect.y >= 0,
                      rect.x <= width - rect.width, rect.y <= height - rect.height else {
                    throw invalid("frame \(frames.count + 1)'s region \(rect.width)×\(rect.height) at \(rect.x),\(rect.y) leaves the \(width)×\(height) canvas")
                }
                guard let dispose = APNG.Dispose(rawValue: bytes[b + 24]), bytes[b + 25] <= 1 else {
                    throw invalid("frame \(frames.count + 1) has an unknown dispose or blend operation")
                }
                if !seenIDAT {
                    guard rect == PixelRect(x: 0, y: 0, width: width, height: height) else {
                        throw invalid("the first frame is the default image and must cover the canvas")
                    }
                    defaultIsFrame = true
                }
                frames.append(FrameChunks(rect: rect, delayNumerator: Int(bytes[b + 20]) << 8 | Int(bytes[b + 21]),
                                          delayDenominator: Int(bytes[b + 22]) << 8 | Int(bytes[b + 23]),
                                          dispose: dispose, blendOver: bytes[b + 25] == 1))
                if let declaredFrames, frames.count > declaredFrames { throw invalid("more frames than acTL declares (\(declaredFrames))") }
            case "IDAT":
                seenIDAT = true
                stillData.append(data)
                if defaultIsFrame { frames[frames.count - 1].data.append(data) }
            case "fdAT":
                guard length >= 4, word(data.lowerBound) == nextSequence else { throw invalid("chunk sequence numbers are out of order") }
                nextSequence += 1
                guard !frames.isEmpty, seenIDAT else { throw invalid("frame data comes before its fcTL or the image data") }
                frames[frames.count - 1].data.append((data.lowerBound + 4)..<data.upperBound)
            case "IEND":
                ended = true
            case "PLTE", "tRNS":
                ancillary.append((type, data))
            default:
                // Critical chunks we do not know make the file unreadable; ancillary ones are skipped.
                if type[0] & 0x20 == 0 { throw invalid("unknown critical chunk \(name)") }
            }
        }
        guard !format.isEmpty, seenIDAT else { throw invalid(cut?.reason ?? "no image data (IDAT)") }
        if declaredFrames == nil {
            // A still PNG: one frame, the default image.
            frames = [FrameChunks(rect: PixelRect(x: 0, y: 0, width: width, height: height), delayNumerator: 0, delayDenominator: 0,
                                  dispose: .none, blendOver: false, data: stillData)]
        }
        frames.removeAll { $0.data.isEmpty }
        guard !frames.isEmpty else {
            throw invalid(damage.map { CutShortWarning.damagedBeforeFirstFrame(at: $0.offset, reason: $0.reason) } ?? cut?.reason ?? "no frame has image data")
        }
        self.format = format
        self.ancillary = ancillary
        frameChunks = frames
        self.declaredFrames = declaredFrames
        isAnimated = declaredFrames != nil
        self.damage = damage
        if let cut {
            self.cut = "\(cut.reason) (at byte \(cut.offset) of \(bytes.count))"
        } else if damage != nil {
            self.cut = nil
        } else {
            self.cut = ended ? nil : "the file ends after byte \(bytes.count) without its IEND chunk"
        }
        info = AnimationInfo(width: width, height: height, frameCount: frames.count, repeatCount: plays)
    }

    /// Whether `bytes` end with an `IEND` chunk (`00 00 00 00 IEND AE 42 60 82`), as a whole PNG does.
    static func endsWithIEND(_ bytes: [UInt8]) -> Bool {
        bytes.count >= 20 && bytes.suffix(12).elementsEqual([0, 0, 0, 0, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82])
    }

    /// How many frames have image data.
    var frameCount: Int { frameChunks.count }

    /// Frame `index` (0-based) drawn onto `canvas`, which must hold what frame `index − 1` left
    /// (a clear canvas before the first): the canvas as shown and the frame's duration in seconds
    /// (a zero denominator means 1/100); `canvas` is then disposed of as the frame says, ready for
    /// the next one.
    func show(frame index: Int, on canvas: inout Bitmap) throws(AnimationDecodeError) -> AnimationFrame {
        let frame = frameChunks[index]
        let image: Bitmap
        do {
            image = try PNG.Decoder(maxPixels: limits.maxPixels).decodeBitmap(still(frame), file: file)
        } catch {
            if let limit = error.limit { throw .limit(limit) }
            if case .corrupt(_, let reason) = error { throw .corrupt(file: file, format: .apng, reason: "frame \(index + 1): \(reason)") }
            throw .corrupt(file: file, format: .apng, reason: "frame \(index + 1): \(error.description)")
        }
        let before = frame.dispose == .previous ? canvas.cropped(to: frame.rect) : nil
        draw(image, at: frame.rect, over: frame.blendOver, onto: &canvas)
        let shown = AnimationFrame(image: canvas, duration: Double(frame.delayNumerator) / Double(frame.delayDenominator == 0 ? 100 : frame.delayDenominator))
        switch frame.dispose {
        case .none: break
        // "Previous" on the first frame means "background".
        case .background: canvas.copy(Bitmap(clearWidth: frame.rect.width, height: frame.rect.height), toX: frame.rect.x, y: frame.rect.y)
        case .previous:
            if index == 0 { canvas.copy(Bitmap(clearWidth: frame.rect.width, height: frame.rect.height), toX: frame.rect.x, y: frame.rect.y) }
            else if let before { canvas.copy(before, toX: frame.rect.x, y: frame.rect.y) }
        }
        return shown
    }

    /// A still PNG of one frame: the file's header at the frame's size, its palette, the data.
    private func still(_ frame: FrameChunks) -> [UInt8] {
        var out: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        PNGWriter.chunk("IHDR", PNGWriter.bigEndian(UInt32(frame.rect.width)) + PNGWriter.bigEndian(UInt32(frame.rect.height)) + format, into: &out)
        for (type, data) in ancillary { PNGWriter.chunk(String(decoding: type, as: UTF8.self), bytes[data], into: &out) }
        PNGWriter.chunk("IDAT", frame.data.flatMap { bytes[$0] }, into: &out)
        PNGWriter.chunk("IEND", [], into: &out)
        return out
    }

    /// Draws `image` at `rect` of `canvas`: in place, or over it with the specification's
    /// straight-alpha rule (an opaque pixel replaces, a clear one keeps, over a clear pixel the
    /// source as it is).
    private func draw(_ image: Bitmap, at rect: PixelRect, over: Bool, onto canvas: inout Bitmap) {
        guard over else {
            canvas.copy(image, toX: rect.x, y: rect.y)
            return
        }
        let width = canvas.width
        image.pixels.withUnsafeBufferPointer { source in
            canvas.withUnsafeMutablePixels { target in
                for row in 0..<rect.height {
                    for column in 0..<rect.width {
                        let s = (row * rect.width + column) * 4, t = ((rect.y + row) * width + rect.x + column) * 4
                        let sa = Int(source[s + 3]), da = Int(target[t + 3])
                        if sa == 0 { continue }
                        if sa == 255 || da == 0 {
                            for k in 0..<4 { target[t + k] = source[s + k] }
                            continue
                        }
                        let u = sa * 255, v = (255 - sa) * da, total = u + v
                        for k in 0..<3 { target[t + k] = UInt8((Int(source[s + k]) * u + Int(target[t + k]) * v) / total) }
                        target[t + 3] = UInt8(total / 255)
                    }
                }
            }
        }
    }
}
