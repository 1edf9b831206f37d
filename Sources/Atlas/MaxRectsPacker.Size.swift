extension MaxRectsPacker {
    /// A size to place, in pixels (padding is added by the packer).
    public struct Size: Sendable, Hashable {
        /// Width in pixels.
        public var width: Int
        /// Height in pixels.
        public var height: Int
        /// A size of `width × height` pixels.
        public init(width: Int, height: Int) {
            self.width = width
            self.height = height
        }
    }
}
