/// The graphics state: saved and restored as Core Graphics saves it, the transform from user space
/// and the pen's width.
extension Canvas {
    /// Pushes a copy of the graphics state (transform, stroke style, clip) for ``restoreState()``, as
    /// `CGContextSaveGState`.
    public mutating func saveState() { stack.append(state) }

    /// Restores the last saved state; does nothing when none is saved.
    public mutating func restoreState() {
        if let last = stack.popLast() { state = last }
    }

    /// Moves user space's origin by (`x`, `y`) user-space points, as `CGContextTranslateCTM`.
    public mutating func translateBy(x: Double, y: Double) { state.transform = state.transform.translatedBy(x: x, y: y) }
    /// Scales user space by `x` and `y` (the stroke width scales too), as `CGContextScaleCTM`.
    public mutating func scaleBy(x: Double, y: Double) { state.transform = state.transform.scaledBy(x: x, y: y) }
    /// Rotates user space by `angle` radians (clockwise on screen for positive angles).
    public mutating func rotate(by angle: Double) { state.transform = state.transform.rotated(by: angle) }
    /// Applies `transform` before the current one (`CGContextConcatCTM`): later drawing goes through
    /// `transform`, then the current transform.
    public mutating func concatenate(_ transform: AffineTransform) { state.transform = state.transform.concatenating(transform) }

    /// The width of the current pen (``State/strokeStyle``), in user-space points; 1 by default.
    public var lineWidth: Double {
        get { state.strokeStyle.width }
        set { state.strokeStyle.width = newValue }
    }

    /// User space → device pixels.
    var deviceTransform: AffineTransform {
        AffineTransform(scaleX: Double(scale), y: Double(scale)).concatenating(state.transform)
    }
}
