import Basics
import FrameGen
import Raster
import Text

/// A layer tree that cannot be drawn, found before any frame is: which layer (by its path of
/// names from the root) and what is wrong.
public enum CompositionError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A geometry or paint number that is NaN or infinite, or a size below 0.
    case invalidValue(layer: String, property: String, value: Double)
    /// The output or a layer would exceed a resource limit.
    case limit(LimitError)
    /// An output smaller than one pixel at its scale.
    case emptyOutput(width: Double, height: Double, scale: Int)
    /// A tree nested deeper than `LayerRenderer.maximumDepth` (sublayers and masks).
    case tooDeep(layer: String, maximum: Int)
    /// More spawned copies than one spawn may make.
    case tooManyInstances(layer: String, count: Int, maximum: Int)
    /// A layer's backdrop blur has a setting out of range (a NaN or negative sigma).
    case backdrop(layer: String, SettingError)
    /// A gradient layer's gradient cannot be drawn (a location count or order, a point not finite).
    case gradient(layer: String, Gradient.Problem)
    /// A frame of a sequence layer could not be read when it was due.
    case frameUnreadable(layer: String, frame: Int, PNG.DecodeError)
    /// A text layer's text cannot be drawn at the output's scale (its size × the scale over
    /// `TextLayout.maximumPixelSize` pixels per em): Text's `TextError` says which setting.
    case text(layer: String, TextError)

    /// What is wrong, naming the layer.
    public var description: String {
        switch self {
        case .invalidValue(let layer, let property, let value):
            "layer \(layer): \(property) must be a finite number\(property.hasSuffix("opacity") ? " from 0 to 1" : ", sizes 0 or more") (got \(value))"
        case .limit(let error): error.description
        case .emptyOutput(let width, let height, let scale):
            "an output of \(LimitError.format(width)) × \(LimitError.format(height)) points at scale \(scale) "
                + Canvas.emptyReason(width: width, height: height, scale: scale)
        case .tooDeep(let layer, let maximum): "layer \(layer): nested more than \(maximum) levels deep (sublayers and masks)"
        case .tooManyInstances(let layer, let count, let maximum):
            "layer \(layer): \(count) spawned copies, more than the \(maximum) one spawn may make"
        case .backdrop(let layer, let error): "layer \(layer): backdrop: \(error)"
        case .gradient(let layer, let problem): "layer \(layer): \(problem)"
        case .frameUnreadable(let layer, let frame, let error): "layer \(layer): frame \(frame + 1) cannot be read: \(error)"
        case .text(let layer, let error): "layer \(layer): text: \(error)"
        }
    }
}
