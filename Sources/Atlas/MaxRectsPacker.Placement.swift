extension MaxRectsPacker {
    /// Where one input went.
    public struct Placement: Sendable, Hashable {
        /// Top-left corner on its page.
        public var x: Int
        /// Row of the top edge on its page, in pixels (see ``x``).
        public var y: Int
        /// `true` when it is stored turned 90°: it covers `height × width` on the page.
        public var rotated: Bool
        /// Which page (0-based).
        public var page: Int
    }
}
