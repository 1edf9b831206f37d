import Basics
import Dispatch
import Foundation

extension MaxRectsPacker {
    /// Why the packer refuses its settings or sizes (checked before any work).
    public enum Error: Swift.Error, Sendable, Equatable, CustomStringConvertible {
        /// The setting `name` (`padding`, `border` or `maxSide`) is `value`, outside `0...largest`
        /// (`1...largest` for `maxSide`).
        case invalidSetting(name: String, value: Int, largest: Int)
        /// The size at `index` of the sizes given is `width × height`: a side is negative.
        case invalidSize(index: Int, width: Int, height: Int)

        /// What is wrong, naming the setting or the size.
        public var description: String {
            switch self {
            case let .invalidSetting(name, value, largest):
                "MaxRectsPacker.\(name) is \(value); it must be from \(name == "maxSide" ? 1 : 0) to \(largest)"
            case let .invalidSize(index, width, height):
                "size \(index) is \(width)×\(height); sides must be 0 or more"
            }
        }
    }
}
