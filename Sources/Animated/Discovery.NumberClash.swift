extension Discovery {
    /// Two files that name one frame number of one sequence at one scale and device (`fire2.png`
    /// and `fire02.png`): one of the clashes ``Discovery/Error/duplicateNumber(number:first:second:others:)``
    /// names after its first.
    public struct NumberClash: Sendable, Equatable, Hashable {
        /// The frame number both files name.
        public var number: Int
        /// The file first in name order.
        public var first: String
        /// The file after it.
        public var second: String

        /// The clash of `first` and `second` over frame `number`.
        public init(number: Int, first: String, second: String) {
            self.number = number
            self.first = first
            self.second = second
        }
    }
}
