extension MaxRectsPacker {
    /// The pages and where each input went.
    public struct Result: Sendable, Equatable {
        /// The size of each page, in pixels, each cropped to its sprites (and rounded up as
        /// ``MaxRectsPacker/powerOfTwo`` and ``MaxRectsPacker/square`` ask).
        public var pages: [Size]
        /// In input order.
        public var placements: [Placement]

        /// The first page's width (the only one when nothing overflowed).
        public var width: Int { pages[0].width }
        /// The first page's height.
        public var height: Int { pages[0].height }
    }
}
