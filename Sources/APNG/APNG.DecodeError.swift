import Basics
import Raster

extension APNG {
    /// Why an APNG could not be read. Every case names the file.
    public enum DecodeError: Error, Sendable, Equatable, CustomStringConvertible {
        /// Not a PNG at all (no signature).
        case notPNG(file: String)
        /// The chunks do not make an animation: `reason` says which rule the file breaks.
        case invalid(file: String, reason: String)
        /// A frame's image data could not be decoded.
        case frame(PNG.DecodeError)
        /// The file asks for more than the decoder's limits allow.
        case limit(LimitError)

        /// `FILE: what is wrong`, as the CLI prints it.
        public var description: String {
            switch self {
            case .notPNG(let file): "\(file): not a PNG file (the PNG signature is missing)"
            case .invalid(let file, let reason): "\(file): corrupt APNG: \(reason)"
            case .frame(let error): error.description
            case .limit(let error): error.description
            }
        }
    }
}
