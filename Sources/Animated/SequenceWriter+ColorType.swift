import Basics
import Raster

extension SequenceWriter {
    /// PNG's colour type for RGBA (IHDR byte 25).
    private static let rgba: UInt8 = 6

    /// With the default 8-bit encoder each frame is written in the smallest lossless form its
    /// colours allow — a palette for a frame of few colours, RGBA for the rest — and a sequence
    /// whose frames differ would be `png.colortype-mixed` to the validator (Flipbook's own output
    /// failing its own check: the first frames of a fire are often palette-sized). When the frames
    /// written do not share one colour type, every frame that is not RGBA is written again as RGBA
    /// (lossless: the same pixels), from its own PNG; one type is kept as it is.
    func uniformColorType() throws(Error) {
        guard encoder.colorMode == .eightBit else { return }
        let types = numbers.types
        guard Set(types.values).count > 1 else { return }
        let widen = PNG.Encoder(colorMode: .rgba, compressionLevel: encoder.compressionLevel)
        for (number, type) in types.sorted(by: { $0.key < $1.key }) where type != Self.rgba {
            let path = path(forFrame: number)
            guard let written = set.pendingBytes(at: path) else {
                throw .write(FileIO.Error(path: path, reason: "the frame written could not be read back", operation: .write))
            }
            do {
                let bitmap = try PNG.Decoder(maxPixels: .max).decodeBitmap(written, file: path)
                try set.rewrite(try widen.encode(bitmap), at: path)
            } catch {
                throw .from(error, frame: number)
            }
        }
    }

    /// ``uniformColorType()`` for frames encoded in memory with the default 8-bit encoder
    /// (`encodedFrames`): the PNG files of `frames` all RGBA when their colour types differ.
    static func uniformColorType(_ frames: [InMemoryFile]) throws(Error) -> [InMemoryFile] {
        let types = frames.map { $0.bytes.count > 25 ? $0.bytes[25] : 0 }
        guard Set(types).count > 1 else { return frames }
        let widen = PNG.Encoder(colorMode: .rgba)
        var result = frames
        for index in frames.indices where types[index] != rgba {
            do {
                let bitmap = try PNG.Decoder(maxPixels: .max).decodeBitmap(frames[index].bytes, file: frames[index].name)
                result[index].bytes = try widen.encode(bitmap)
            } catch {
                throw .from(error, frame: index + 1)
            }
        }
        return result
    }
}
