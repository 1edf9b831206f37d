import Basics

/// What a canvas's size may be: its sides' pixels, and its memory, checked before it is allocated.
extension Canvas {
    /// Refuses a canvas of `width × height` points at `scale` that would hold more than
    /// `limits.maxDecodedBytes` at `bytesPerPixel` (with what is made of it), before it is
    /// allocated: a size within a raised pixel limit aborted on its allocation. A size over the
    /// pixel limit, or not finite, is left to the canvas's own check.
    package static func checkMemory(width: Double, height: Double, scale: Int, bytesPerPixel: Int, limits: ResourceLimits,
                                    of subject: String, detail: String) throws(LimitError) {
        let pixels = (width * Double(max(1, scale))).rounded() * (height * Double(max(1, scale))).rounded()
        let bytes = pixels * Double(bytesPerPixel)
        guard pixels.isFinite, pixels <= Double(limits.maxPixels), bytes > Double(limits.maxDecodedBytes) else { return }
        throw LimitError(limit: .decodedBytes, subject: subject, amount: bytes < 9e18 ? Int(bytes) : nil, maximum: limits.maxDecodedBytes, detail: detail)
    }

    /// The size in pixels of a canvas of `width × height` points at `scale`, checked as
    /// ``init(width:height:scale:opaque:background:limits:)`` checks it, before anything is
    /// allocated (a side that rounds to no pixel, or is longer than ``maximumSide``, is 0).
    /// - Throws: `LimitError` for `pixels` when the size is NaN, infinite or negative, or the canvas
    ///   would have more than `limits.maxPixels` pixels.
    package static func pixelSize(width: Double, height: Double, scale: Int, limits: ResourceLimits) throws(LimitError) -> (width: Int, height: Int) {
        guard width.isFinite, height.isFinite, width >= 0, height >= 0 else {
            throw LimitError(limit: .pixels, subject: "canvas", amount: nil, maximum: limits.maxPixels, detail: "\(width)×\(height) points")
        }
        try limits.checkPixels(width: width, height: height, scale: max(1, scale), of: "canvas")
        return (pixels(width * Double(max(1, scale))), pixels(height * Double(max(1, scale))))
    }

    /// The most pixels a side of a canvas may have (a side of more makes an empty canvas).
    package static let maximumSide = Int(Int32.max) - 1

    /// Why a canvas of `width × height` points at `scale` has no pixels, for a message after
    /// "size … at scale …": less than one pixel, or a side longer than ``maximumSide``
    /// (2³¹ points under a raised pixel limit was "less than one pixel").
    package static func emptyReason(width: Double, height: Double, scale: Int) -> String {
        let longest = max(width, height) * Double(max(1, scale))
        guard longest.rounded() > Double(maximumSide) else { return "is less than one pixel; it needs at least 1×1 pixels" }
        return "has a side of \(longest < 1e18 ? LimitError.group(Int(longest.rounded())) : LimitError.format(longest)) pixels, "
            + "more than the \(LimitError.group(maximumSide)) a side may have"
    }
}
