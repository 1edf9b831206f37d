import CGIF
@testable import GIF

/// giflib's own writer (Flipbook's until issue 48), kept in the tests as the reference that
/// ``GIF/Writer`` must match byte for byte: the same calls the product made, into memory.
final class GiflibWriter {
    private let sink = Sink()
    private var handle: UnsafeMutablePointer<GifFileType>?

    init(width: Int, height: Int, globalPalette: [UInt8]?, netscapeLoops: Int?) throws {
        var error: Int32 = 0
        handle = EGifOpen(Unmanaged.passUnretained(sink).toOpaque(), writeToSink, &error)
        guard let handle else { throw Failure(code: error) }
        EGifSetGifVersion(handle, true)
        let map = Self.map(globalPalette)
        defer { if let map { GifFreeMapObject(map) } }
        try check(EGifPutScreenDesc(handle, Int32(width), Int32(height), 8, 0, map))
        if let loops = netscapeLoops {
            try check(EGifPutExtensionLeader(handle, APPLICATION_EXT_FUNC_CODE))
            try check(Array("NETSCAPE2.0".utf8).withUnsafeBufferPointer { EGifPutExtensionBlock(handle, 11, $0.baseAddress) })
            let value = [UInt8(1), UInt8(loops & 0xFF), UInt8((loops >> 8) & 0xFF)]
            try check(value.withUnsafeBufferPointer { EGifPutExtensionBlock(handle, 3, $0.baseAddress) })
            try check(EGifPutExtensionTrailer(handle))
        }
    }

    func add(_ frame: GIF.IndexedFrame) throws {
        guard let handle else { throw Failure(code: -1) }
        let rect = frame.rect, delay = min(max(frame.delay, 0), 65_535)
        var control: [UInt8] = [
            UInt8(frame.disposal.rawValue << 2) | (frame.transparentIndex == nil ? 0 : 1),
            UInt8(delay & 0xFF), UInt8(delay >> 8), UInt8(frame.transparentIndex ?? 0),
        ]
        try check(control.withUnsafeMutableBufferPointer { EGifPutExtension(handle, GRAPHICS_EXT_FUNC_CODE, 4, $0.baseAddress) })
        let map = Self.map(frame.localPalette)
        defer { if let map { GifFreeMapObject(map) } }
        try check(EGifPutImageDesc(handle, Int32(rect.x), Int32(rect.y), Int32(rect.width), Int32(rect.height), false, map))
        var indices = frame.indices
        for row in 0..<rect.height {
            try check(indices.withUnsafeMutableBufferPointer { EGifPutLine(handle, $0.baseAddress! + row * rect.width, Int32(rect.width)) })
        }
    }

    func finish() throws -> [UInt8] {
        guard let handle else { throw Failure(code: -1) }
        self.handle = nil
        var error: Int32 = 0
        guard EGifCloseFile(handle, &error) == GIF_OK else { throw Failure(code: error) }
        return sink.bytes
    }

    struct Failure: Error { let code: Int32 }

    private func check(_ status: Int32) throws {
        guard status == GIF_OK else { throw Failure(code: handle?.pointee.Error ?? 0) }
    }

    /// A colour map padded to a power of two, as the product padded it.
    private static func map(_ rgb: [UInt8]?) -> UnsafeMutablePointer<ColorMapObject>? {
        guard let rgb else { return nil }
        var size = 2
        while size < rgb.count / 3 { size *= 2 }
        var colors = [GifColorType](repeating: GifColorType(Red: 0, Green: 0, Blue: 0), count: size)
        for index in 0..<(rgb.count / 3) {
            colors[index] = GifColorType(Red: rgb[index * 3], Green: rgb[index * 3 + 1], Blue: rgb[index * 3 + 2])
        }
        return colors.withUnsafeBufferPointer { GifMakeMapObject(Int32(size), $0.baseAddress) }
    }

    final class Sink {
        var bytes: [UInt8] = []
    }
}

private let writeToSink: OutputFunc = { gif, data, length in
    guard let gif, let data, let user = gif.pointee.UserData else { return 0 }
    Unmanaged<GiflibWriter.Sink>.fromOpaque(user).takeUnretainedValue().bytes.append(contentsOf: UnsafeBufferPointer(start: data, count: Int(length)))
    return length
}
