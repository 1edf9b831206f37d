import CGIF
import Raster

/// The only file that calls giflib. Every return value is checked; failures carry `GifErrorString`.
enum GIFLib {
    static func message(_ code: Int32) -> String {
        GifErrorString(code).map { String(cString: $0) } ?? "giflib error \(code)"
    }

    // MARK: Reading

    /// A record of a GIF stream, in file order.
    enum Record {
        case image(ImageDescriptor)
        case extensionBlock(code: Int, data: [[UInt8]])
        case end
    }

    struct ImageDescriptor {
        var left, top, width, height: Int
        var interlaced: Bool
        /// Where the descriptor (its `,`) starts in the file.
        var offset: Int
        /// RGB triples of the local colour table, if the frame has one.
        var localColors: [UInt8]?
        /// The frame's LZW code size when it is one giflib refuses (9–11) and Flipbook decodes itself.
        var oversizedCodeSize: Int?
    }

    /// Pulls records from GIF bytes held in memory.
    final class Reader {
        private let source: ByteSource
        private let handle: UnsafeMutablePointer<GifFileType>
        let screenWidth: Int
        let screenHeight: Int
        let backgroundIndex: Int
        /// RGB triples of the global colour table, if any.
        let globalColors: [UInt8]?

        let file: String

        init(bytes: [UInt8], file: String) throws(AnimationDecodeError) {
            // Named as an empty PNG or WebP is: `not a GIF file: it is empty (0 bytes)`.
            guard !bytes.isEmpty else { throw AnimationDecodeError.wrongFormat(bytes, file: file, format: .gif) }
            source = ByteSource(bytes)
            self.file = file
            var error: Int32 = 0
            guard let handle = DGifOpen(Unmanaged.passUnretained(source).toOpaque(), readFromSource, &error) else {
                if error == D_GIF_ERR_NOT_GIF_FILE { throw AnimationDecodeError.wrongFormat(Array(bytes.prefix(4096)), file: file, format: .gif) }
                throw .corrupt(file: file, format: .gif, reason: GIFScreenHeader.truncation(bytes) ?? GIFLib.message(error))
            }
            self.handle = handle
            screenWidth = Int(handle.pointee.SWidth)
            screenHeight = Int(handle.pointee.SHeight)
            backgroundIndex = Int(handle.pointee.SBackGroundColor)
            globalColors = GIFLib.colors(handle.pointee.SColorMap)
        }

        deinit {
            var error: Int32 = 0
            DGifCloseFile(handle, &error)
        }

        private func failure() -> AnimationDecodeError {
            let code = handle.pointee.Error
            if code == D_GIF_ERR_READ_FAILED || code == D_GIF_ERR_EOF_TOO_SOON {
                return .corrupt(file: file, format: .gif, reason: "file is truncated (\(GIFLib.message(code)))")
            }
            // giflib leaves no code when a record it reads makes no sense (a descriptor cut short).
            return .corrupt(file: file, format: .gif, reason: code == 0 ? "a record that is not GIF data" : GIFLib.message(code))
        }

        /// Stray zero bytes skipped where a block was expected (see ``nextRecord()``), in all.
        private(set) var strayZeros = 0
        /// Where the first run of stray zero bytes started, if any.
        private(set) var firstStrayZero: Int?

        /// Where the record ``nextRecord()`` read last starts in the file.
        private(set) var recordOffset = 0

        /// The file's length in bytes.
        var byteCount: Int { source.bytes.count }

        /// Whether the file ends as a whole GIF does, with a block terminator and the trailer (`00 3B`):
        /// data that runs past its end was damaged in the middle rather than cut short.
        var endsWithTrailer: Bool {
            let bytes = source.bytes
            return bytes.count >= 2 && bytes[bytes.count - 1] == 0x3B && bytes[bytes.count - 2] == 0
        }

        func nextRecord() throws(AnimationDecodeError) -> Record {
            // A zero byte where a block introducer belongs is an empty block terminator too many
            // (some encoders write one after a frame's data or an extension): skipped, as
            // gifsicle and Pillow skip it, rather than ending the animation there.
            let bytes = source.bytes
            while source.offset < bytes.count && bytes[source.offset] == 0 {
                if firstStrayZero == nil { firstStrayZero = source.offset }
                source.offset += 1
                strayZeros += 1
            }
            recordOffset = source.offset
            var type = UNDEFINED_RECORD_TYPE
            guard DGifGetRecordType(handle, &type) == GIF_OK else { throw failure() }
            switch type {
            case IMAGE_DESC_RECORD_TYPE:
                let descriptorStart = source.offset
                guard DGifGetImageDesc(handle) == GIF_OK else {
                    // giflib refuses an LZW code size over 8 (the byte it read last), which browsers
                    // and Pillow accept: such a frame is decoded here instead.
                    if let descriptor = decodeOversizedCodeSize(descriptorAt: descriptorStart) { return .image(descriptor) }
                    throw failure()
                }
                oversized = nil
                let image = handle.pointee.Image
                return .image(ImageDescriptor(
                    left: Int(image.Left), top: Int(image.Top), width: Int(image.Width), height: Int(image.Height),
                    interlaced: image.Interlace, offset: descriptorStart - 1, localColors: GIFLib.colors(image.ColorMap)))
            case EXTENSION_RECORD_TYPE:
                var code: Int32 = 0
                var block: UnsafeMutablePointer<GifByteType>?
                guard DGifGetExtension(handle, &code, &block) == GIF_OK else { throw failure() }
                var blocks: [[UInt8]] = []
                while let current = block {
                    blocks.append(Array(UnsafeBufferPointer(start: current + 1, count: Int(current[0]))))
                    guard DGifGetExtensionNext(handle, &block) == GIF_OK else { throw failure() }
                }
                return .extensionBlock(code: Int(code), data: blocks)
            case TERMINATE_RECORD_TYPE:
                return .end
            default:
                throw .corrupt(file: file, format: .gif, reason: "unknown record type")
            }
        }

        /// Decodes the current image's indices (rows in stored order) into `indices`, `width`
        /// bytes a row, with ``LZWDecoder`` (giflib only finds the records: it decodes damaged data
        /// into wrong pixels without a word), and moves past its sub-blocks to the next record.
        func readPixels(into indices: inout [UInt8], width: Int, height: Int) -> LZWDecoder.Result {
            let start: (codeSize: Int, data: Int)
            if let oversized {
                start = (oversized.codeSize, oversized.dataStart)
                self.oversized = nil
            } else {
                // giflib has read the descriptor and the code-size byte just before the offset.
                start = (Int(source.bytes[source.offset - 1]), source.offset)
            }
            guard width > 0 && height > 0 else {
                // A frame of no pixels may still carry data (gifsicle's test file
                // `009-zerowidth`: 0×256 with 800 bytes of LZW): none of it is read; the next frame is.
                source.offset = max(source.offset, LZWDecoder.endOfSubBlocks(source.bytes, from: start.data))
                return LZWDecoder.Result(decoded: 0, outcome: .complete, end: source.offset)
            }
            let result = LZWDecoder.decode(source.bytes, from: start.data, minimumCodeSize: start.codeSize,
                                           into: &indices, count: width * height)
            source.offset = max(source.offset, result.end)
            return result
        }

        /// Where the data of a frame that is decoded here rather than by giflib (see ``LZWDecoder``) starts.
        private var oversized: (codeSize: Int, dataStart: Int)?

        /// A frame whose LZW code size (9–11) giflib refused: its descriptor read from the bytes
        /// (`start` is just past the `,`), its data left for ``LZWDecoder`` (in ``readPixels(into:width:height:)``,
        /// once the decoder has bounded its size), and the source moved past it so giflib reads on
        /// from the next record. `nil` when that is not what failed.
        private func decodeOversizedCodeSize(descriptorAt start: Int) -> ImageDescriptor? {
            let bytes = source.bytes
            guard start + 9 <= bytes.count else { return nil }
            func word(_ at: Int) -> Int { Int(bytes[at]) | Int(bytes[at + 1]) << 8 }
            let packed = bytes[start + 8]
            var position = start + 9
            var localColors: [UInt8]?
            if packed & 0x80 != 0 {
                let count = 3 << (Int(packed & 0x07) + 1)
                guard position + count <= bytes.count else { return nil }
                localColors = Array(bytes[position..<position + count])
                position += count
            }
            guard position < bytes.count, position + 1 == source.offset else { return nil }
            let codeSize = Int(bytes[position])
            guard (9...LZWDecoder.largestMinimumCodeSize).contains(codeSize) else { return nil }
            let descriptor = ImageDescriptor(left: word(start), top: word(start + 2), width: word(start + 4),
                                             height: word(start + 6), interlaced: packed & 0x40 != 0, offset: start - 1, localColors: localColors,
                                             oversizedCodeSize: codeSize)
            oversized = (codeSize, position + 1)
            source.offset = LZWDecoder.endOfSubBlocks(bytes, from: position + 1)
            return descriptor
        }
    }

    /// Every frame's indices as giflib's own decoder reads them (`DGifSlurp`), or `nil` when it
    /// fails: the reference ``LZWDecoder`` is checked against on real files.
    static func slurpIndices(_ bytes: [UInt8]) -> [[UInt8]]? {
        let source = ByteSource(bytes)
        var error: Int32 = 0
        guard let handle = DGifOpen(Unmanaged.passUnretained(source).toOpaque(), readFromSource, &error) else { return nil }
        defer { DGifCloseFile(handle, &error) }
        guard DGifSlurp(handle) == GIF_OK, let images = handle.pointee.SavedImages else { return nil }
        return (0..<Int(handle.pointee.ImageCount)).map { index in
            let image = images[index]
            let count = Int(image.ImageDesc.Width) * Int(image.ImageDesc.Height)
            return image.RasterBits.map { Array(UnsafeBufferPointer(start: $0, count: count)) } ?? []
        }
    }

    /// Bytes that giflib's read callback consumes.
    private final class ByteSource {
        let bytes: [UInt8]
        var offset = 0
        init(_ bytes: [UInt8]) { self.bytes = bytes }
    }

    private static let readFromSource: InputFunc = { gif, buffer, length in
        guard let gif, let buffer, let user = gif.pointee.UserData else { return 0 }
        let source = Unmanaged<ByteSource>.fromOpaque(user).takeUnretainedValue()
        let count = min(Int(length), source.bytes.count - source.offset)
        guard count > 0 else { return 0 }
        source.bytes.withUnsafeBufferPointer { bytes in
            (buffer).update(from: bytes.baseAddress! + source.offset, count: count)
        }
        source.offset += count
        return Int32(count)
    }

    private static func colors(_ map: UnsafeMutablePointer<ColorMapObject>?) -> [UInt8]? {
        guard let map, let colors = map.pointee.Colors else { return nil }
        var rgb: [UInt8] = []
        rgb.reserveCapacity(Int(map.pointee.ColorCount) * 3)
        for index in 0..<Int(map.pointee.ColorCount) {
            rgb += [colors[index].Red, colors[index].Green, colors[index].Blue]
        }
        return rgb
    }
}

extension GIF {
    /// One frame as a GIF stores it: palette indices for a rectangle of the screen.
    public struct IndexedFrame: Sendable {
        /// Where the frame is drawn on the logical screen, in pixels.
        public var rect: Rect { didSet { lzwCodes = nil } }
        /// `rect.width × rect.height` palette indices, row-major.
        public var indices: [UInt8] { didSet { lzwCodes = nil } }
        /// The LZW codes of ``indices`` when ``LZWChooser`` found them choosing the indices; let go
        /// of when the indices or the rectangle change. The writer packs them instead of parsing
        /// the indices again (``LZWEncoder/write(_:into:)``).
        var lzwCodes: LZWEncoder.Codes?
        /// A local colour table (RGB triples), or `nil` to use the global one.
        public var localPalette: [UInt8]?
        /// The palette index drawn as transparent (the screen shows through), or `nil` for none.
        public var transparentIndex: Int?
        /// Centiseconds.
        public var delay: Int
        /// What happens to ``rect`` before the next frame is drawn.
        public var disposal: Disposal

        /// A frame of `indices` drawn at `rect`, shown for `delay` centiseconds; by default with the
        /// global palette, no transparency and disposal ``Disposal/keep``.
        public init(rect: Rect, indices: [UInt8], localPalette: [UInt8]? = nil, transparentIndex: Int? = nil,
                    delay: Int, disposal: Disposal = .keep) {
            self.rect = rect
            self.indices = indices
            self.localPalette = localPalette
            self.transparentIndex = transparentIndex
            self.delay = delay
            self.disposal = disposal
        }
    }
}
