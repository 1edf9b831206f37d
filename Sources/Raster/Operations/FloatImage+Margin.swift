extension FloatImage {
    /// The image set in a transparent margin of `margin` pixels on every side.
    func padded(by margin: Int) -> FloatImage {
        let paddedWidth = width + 2 * margin, paddedHeight = height + 2 * margin
        var out = [Float](repeating: 0, count: paddedWidth * paddedHeight * 4)
        let rowLength = width * 4
        values.withUnsafeBufferPointer { source in
            out.withUnsafeMutableBufferPointer { target in
                for y in 0..<height {
                    let from = source.baseAddress! + y * rowLength
                    let to = target.baseAddress! + ((y + margin) * paddedWidth + margin) * 4
                    to.update(from: from, count: rowLength)
                }
            }
        }
        return FloatImage(width: paddedWidth, height: paddedHeight, values: out)
    }

    /// The `width × height` pixels from (`x`, `y`) on (within the image).
    func cropped(x: Int, y: Int, width cropWidth: Int, height cropHeight: Int) -> FloatImage {
        precondition(x >= 0 && y >= 0 && x + cropWidth <= width && y + cropHeight <= height)
        var out = [Float](repeating: 0, count: cropWidth * cropHeight * 4)
        let rowLength = cropWidth * 4
        values.withUnsafeBufferPointer { source in
            out.withUnsafeMutableBufferPointer { target in
                for row in 0..<cropHeight {
                    let from = source.baseAddress! + ((row + y) * width + x) * 4
                    (target.baseAddress! + row * rowLength).update(from: from, count: rowLength)
                }
            }
        }
        return FloatImage(width: cropWidth, height: cropHeight, values: out)
    }
}
