import Basics

extension WebP {
    /// Why a WebP could not be read.
    public enum DecodeError: Error, Sendable, Equatable, CustomStringConvertible {
        /// libwebp could not parse the data (not a WebP, truncated, corrupt).
        case invalid(file: String)
        /// The file asks for more than the decoder's limits allow.
        case limit(LimitError)

        /// `FILE: what is wrong`, as the CLI prints it.
        public var description: String {
            switch self {
            case .invalid(let file): "\(file): not a readable WebP (libwebp could not parse it)"
            case .limit(let error): error.description
            }
        }
    }
}
