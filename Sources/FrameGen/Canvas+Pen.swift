extension Canvas {
    /// `width`, or — for a pen so wide that its offsets would overflow (`1e308`) — the width that
    /// already covers every pixel the canvas has from any point of the path: the same pixels,
    /// where the stroker's arithmetic would have turned to infinities and drawn nothing.
    static func coveringWidth(_ width: Double, of path: Path, transform: AffineTransform, pixelWidth: Int, pixelHeight: Int) -> Double {
        guard let bounds = path.controlPointBounds, let inverse = transform.inverted else { return width }
        let corners = [Point(bounds.minX, bounds.minY), Point(bounds.maxX, bounds.minY), Point(bounds.minX, bounds.maxY),
                       Point(bounds.maxX, bounds.maxY)].map(transform.apply)
        let xs = corners.map(\.x) + [0, Double(pixelWidth)], ys = corners.map(\.y) + [0, Double(pixelHeight)]
        // Any canvas pixel lies within this many device pixels of any point of the path; a user
        // length stretches by at least 1 / inverse.maximumScale.
        let reach = ((xs.max()! - xs.min()!) * (xs.max()! - xs.min()!) + (ys.max()! - ys.min()!) * (ys.max()! - ys.min()!)).squareRoot() + 2
        let covering = 2 * reach * inverse.maximumScale
        return covering.isFinite && width > covering ? covering : width
    }
}
