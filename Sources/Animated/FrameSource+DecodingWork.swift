import Basics
import Raster

extension FrameSource {
    /// What giving `bitmap` — this frame as ``load(scale:decoder:)`` gave it — costs each time, in
    /// pixels' worth of `ResourceLimits.maxDrawingWork`: its pixels at `DrawingCost.decoded`
    /// (`decodedRowByRow` for a PNG libpng decodes row by row), its file's bytes at `fileByte`, and
    /// its pixels at `resampled` when it came from a file of another scale; a bitmap in memory costs
    /// only its resampling. A function of the file, not of what a renderer holds, so that charging
    /// it each time the frame shows gives the same total whether the frame was held or decoded
    /// again. Reads the file's first 29 bytes and its size (a file that cannot be read now is
    /// charged by its pixels); ``Int/max`` when the sum overflows.
    package func decodingWork(of bitmap: Bitmap) -> Int {
        let pixels = bitmap.width * bitmap.height
        var fileBytes = 0, byRows = false
        let decodes: Bool
        let scale: Int
        switch self {
        case .file(let path):
            if let prefix = try? FileIO.readPrefix(path, limit: 29) {
                fileBytes = prefix.fileSize
                byRows = PNG.Header.decodesRowByRow(prefix: prefix.bytes)
            }
            (decodes, scale) = (true, fileScale ?? 1)
        case .memory(let file):
            fileBytes = file.bytes.count
            byRows = PNG.Header.decodesRowByRow(prefix: file.bytes)
            (decodes, scale) = (true, fileScale ?? 1)
        case .bitmap(let source): (decodes, scale) = (false, source.scale)
        case .streamed(let stream, _): (decodes, scale) = (true, stream.scale)
        }
        let parts = [
            decodes ? (pixels, byRows ? DrawingCost.decodedRowByRow : DrawingCost.decoded) : (0, 0),
            (fileBytes, DrawingCost.fileByte),
            scale != bitmap.scale ? (pixels, DrawingCost.resampled) : (0, 0),
        ]
        var total = 0
        for (count, weight) in parts {
            let (part, o1) = max(0, count).multipliedReportingOverflow(by: weight)
            let (sum, o2) = total.addingReportingOverflow(part)
            guard !o1, !o2 else { return .max }
            total = sum
        }
        return total
    }
}

extension FrameSource {
    /// The size in pixels ``load(scale:decoder:)`` gives this frame at `scale`, read from its
    /// PNG header (29 bytes, nothing decoded): `nil` for a streamed frame or a file whose header
    /// cannot be read. Each side at most 2³¹ − 1, as PNG's are.
    package func pixelSize(at scale: Int) -> (width: Int, height: Int)? {
        let header: (width: Int, height: Int, bitDepth: Int, interlaced: Bool)?, fileScale: Int
        switch self {
        case .file(let path):
            guard let prefix = try? FileIO.readPrefix(path, limit: 29) else { return nil }
            (header, fileScale) = (PNG.Header.leading(prefix.bytes), self.fileScale ?? 1)
        case .memory(let file): (header, fileScale) = (PNG.Header.leading(file.bytes), self.fileScale ?? 1)
        case .bitmap(let bitmap): return (bitmap.width, bitmap.height)
        case .streamed: return nil
        }
        guard let (width, height, _, _) = header, width > 0, height > 0, width < 1 << 31, height < 1 << 31 else { return nil }
        guard fileScale != scale, fileScale > 0, scale > 0, scale <= 8 else { return (width, height) }
        return Self.size(width, height, from: fileScale, to: scale)
    }
}
