extension Blur {
    /// `pixels` — premultiplied RGBA with channels 0…1, `width × height` row by row, as a
    /// canvas's surface holds them — blurred, saturated and tinted as ``apply(to:)`` does, with
    /// nothing rounded to bytes in between: what a backdrop filter on a canvas needs. σ is in
    /// points, times `scale`. Settings out of range (``settingError``) give the pixels back as they are.
    package func applyPremultiplied(_ pixels: [SIMD4<Float>], width: Int, height: Int, scale: Int) -> [SIMD4<Float>] {
        guard settingError == nil, width > 0, height > 0, pixels.count == width * height else { return pixels }
        let pixelSigma = min(Self.maximumPixelSigma, sigma * Double(max(1, scale)))
        var planes = FloatImage(width: width, height: height, values: [Float](unsafeUninitializedCapacity: pixels.count * 4) { values, count in
            pixels.withUnsafeBufferPointer { source in
                source.withMemoryRebound(to: Float.self) { floats in
                    for i in 0..<floats.count { values[i] = floats[i] * 255 }
                }
            }
            count = pixels.count * 4
        })
        planes = processed(planes, pixelSigma: pixelSigma)
        return [SIMD4<Float>](unsafeUninitializedCapacity: pixels.count) { target, count in
            target.withMemoryRebound(to: Float.self) { floats in
                planes.values.withUnsafeBufferPointer { values in
                    for i in 0..<values.count { floats[i] = values[i] * (1 / 255) }
                }
            }
            count = pixels.count
        }
    }
}
