import CGIF

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
        /// RGB triples of the local colour table, if the frame has one.
        var localColors: [UInt8]?
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

        init(bytes: [UInt8], file: String) throws(GIF.DecodeError) {
            source = ByteSource(bytes)
            self.file = file
            var error: Int32 = 0
            guard let handle = DGifOpen(Unmanaged.passUnretained(source).toOpaque(), readFromSource, &error) else {
                throw error == D_GIF_ERR_NOT_GIF_FILE ? .notGIF(file: file) : .corrupt(file: file, reason: GIFLib.message(error))
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

        private func failure() -> GIF.DecodeError {
            let code = handle.pointee.Error
            if code == D_GIF_ERR_READ_FAILED || code == D_GIF_ERR_EOF_TOO_SOON {
                return .corrupt(file: file, reason: "file is truncated (\(GIFLib.message(code)))")
            }
            return .corrupt(file: file, reason: GIFLib.message(code))
        }

        func nextRecord() throws(GIF.DecodeError) -> Record {
            var type = UNDEFINED_RECORD_TYPE
            guard DGifGetRecordType(handle, &type) == GIF_OK else { throw failure() }
            switch type {
            case IMAGE_DESC_RECORD_TYPE:
                guard DGifGetImageDesc(handle) == GIF_OK else { throw failure() }
                let image = handle.pointee.Image
                return .image(ImageDescriptor(
                    left: Int(image.Left), top: Int(image.Top), width: Int(image.Width), height: Int(image.Height),
                    interlaced: image.Interlace, localColors: GIFLib.colors(image.ColorMap)))
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
                throw .corrupt(file: file, reason: "unknown record type")
            }
        }

        /// Reads the current image's rows (in stored order) into `indices`, `width` bytes each.
        func readPixels(into indices: inout [UInt8], width: Int, height: Int) throws(GIF.DecodeError) {
            guard width > 0 && height > 0 else { return }
            let status: Int32 = indices.withUnsafeMutableBufferPointer { buffer in
                for row in 0..<height {
                    if DGifGetLine(handle, buffer.baseAddress! + row * width, Int32(width)) != GIF_OK { return GIF_ERROR }
                }
                return GIF_OK
            }
            guard status == GIF_OK else { throw failure() }
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
