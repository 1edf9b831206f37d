import FrameGen
import Raster

/// One node of a scene, as `CALayer` has it: content (an image, a shape, a frame sequence, a
/// gradient or text) in its ``bounds``,
/// placed in its parent by ``position`` (where its ``anchorPoint`` lands) and ``transform`` (about
/// that point), drawn with ``opacity`` and ``blendMode`` over what lies below, its ``sublayers`` in
/// its bounds' coordinates ordered by ``zPosition``, and ``animations`` that change its properties
/// over its own time (``timing``).
///
/// ```swift
/// var bird = Layer(content: .image(wings), bounds: Rect(width: 64, height: 32), position: Point(0, 80))
/// bird.animations = [.position(.path(flight))]
/// var sky = Layer(bounds: Rect(width: 480, height: 270), position: Point(240, 135))
/// sky.sublayers = [bird]
/// ```
public struct Layer: Sendable {
    /// What a layer draws in its bounds.
    public enum Content: Sendable {
        /// Nothing of its own (a group).
        case none
        /// An image stretched over the bounds (`contents` with `contentsGravity` `resize`); its
        /// scale is the bitmap's.
        case image(Bitmap)
        /// A filled and stroked path (`CAShapeLayer`).
        case shape(ShapeContent)
        /// Frames played over time (`UIImageView` with `animationImages`).
        case sequence(SequenceContent)
        /// A linear, radial or conic gradient over the bounds (`CAGradientLayer`).
        case gradient(Gradient)
        /// Text set in lines, drawn at its own size from the bounds' top-left corner (`CATextLayer`).
        case text(TextContent)
    }

    /// A name, for messages.
    public var name: String
    /// Where a scene file gave the layer (`s.json: layers[1]`), for messages about its content
    /// (a shape over the edge limit); `nil` for a layer made in code, named by its path of names.
    var origin: String?
    /// What it draws.
    public var content: Content
    /// Its own coordinate space: the origin and size its content fills.
    public var bounds: Rect
    /// Where its anchor point lands in the parent's coordinates.
    public var position: Point
    /// The point of its bounds that sits at ``position`` and that it turns and scales about, in
    /// units of its size (0.5, 0.5 is the centre, the default).
    public var anchorPoint: Point
    /// Scale, rotation and translation about the anchor point.
    public var transform: LayerTransform
    /// 0 (invisible) to 1; the layer and its sublayers are composited as one (group opacity).
    public var opacity: Double
    /// Whether it is left out, sublayers included.
    public var isHidden: Bool
    /// Its order among its siblings: higher draws later (on top); equal keeps the array order.
    public var zPosition: Double
    /// Whether its sublayers are cut to its bounds.
    public var masksToBounds: Bool
    /// How it combines with what lies below.
    public var blendMode: BlendMode
    /// A colour filling its bounds under its content (`CALayer.backgroundColor`), or nil.
    public var backgroundColor: Color?
    /// The radius of its bounds' corners, for the background, the backdrop and masks to bounds.
    public var cornerRadius: Double
    /// What lies below, blurred, saturated and tinted, shown in its bounds under its background
    /// (a frosted panel, `UIVisualEffectView`), or nil.
    public var backdrop: Blur?
    /// How its time runs against its parent's.
    public var timing: LayerTiming
    /// The shadow drawn under it, from its alpha (content and sublayers), or nil.
    public var shadow: Shadow?
    /// What changes over its time.
    public var animations: [LayerAnimation]
    /// When it is added to the tree, in its parent's time, or nil for always there: before it the
    /// layer is not drawn at all (as an app adds a layer when the user taps). ``Spawn`` sets it to
    /// each copy's event time. Core Animation's `beginTime` alone does not hide a layer: it only
    /// starts the layer's own time.
    public var addedAt: Double? = nil
    /// Layers drawn in its bounds' coordinates, above its content.
    public var sublayers: [Layer]
    /// A layer, in this one's bounds coordinates, whose alpha cuts this layer and its sublayers
    /// (`CALayer.mask`): where the mask is clear nothing of this layer shows.
    public var mask: Layer? {
        get { maskStorage.first }
        set { maskStorage = newValue.map { [$0] } ?? [] }
    }
    private var maskStorage: [Layer] = []

    /// A layer with Core Animation's defaults for everything not given.
    public init(name: String = "layer", content: Content = .none, bounds: Rect = Rect(width: 0, height: 0),
                position: Point = .zero, anchorPoint: Point = Point(0.5, 0.5), transform: LayerTransform = .identity,
                opacity: Double = 1, isHidden: Bool = false, zPosition: Double = 0, masksToBounds: Bool = false,
                blendMode: BlendMode = .normal, backgroundColor: Color? = nil, cornerRadius: Double = 0,
                backdrop: Blur? = nil, shadow: Shadow? = nil, timing: LayerTiming = LayerTiming(),
                animations: [LayerAnimation] = [], sublayers: [Layer] = [], mask: Layer? = nil) {
        self.name = name; self.content = content; self.bounds = bounds; self.position = position
        self.anchorPoint = anchorPoint; self.transform = transform; self.opacity = opacity; self.isHidden = isHidden
        self.zPosition = zPosition; self.masksToBounds = masksToBounds; self.blendMode = blendMode
        self.backgroundColor = backgroundColor; self.cornerRadius = cornerRadius; self.backdrop = backdrop
        self.shadow = shadow
        self.timing = timing; self.animations = animations; self.sublayers = sublayers
        self.mask = mask
    }

    /// The layer as it shows at its local time `time`: its animated properties replaced by their
    /// animations' values where those are in effect (Core Animation's presentation layer).
    public func presentation(at time: Double) -> Layer {
        var shown = self
        for animation in animations { shown.apply(animation, at: time) }
        return shown
    }

    /// `animation`'s value at `time` (the layer's local time) set on this layer, a group's
    /// animations each at the group's time.
    private mutating func apply(_ animation: LayerAnimation, at time: Double) {
        switch animation {
        case .opacity(let a): opacity = a.value(at: time, base: opacity) ?? opacity
        case .rotation(let a): transform.rotation = a.value(at: time, base: transform.rotation) ?? transform.rotation
        case .scale(let a):
            if let factor = a.value(at: time, base: transform.scale.x) { transform.scale = Point(factor, factor) }
        case .bounds(let a): bounds = a.value(at: time, base: bounds) ?? bounds
        case .backgroundColor(let a):
            if let color = a.value(at: time, base: ColorComponents(backgroundColor ?? .clear)) {
                backgroundColor = color.color
            }
        case .gradientColors(let a):
            if case .gradient(var gradient) = content,
               let colors = a.value(at: time, base: gradient.colors.map(ColorComponents.init)) {
                gradient.colors = colors.map(\.color)
                if let locations = gradient.locations, locations.count != colors.count { gradient.locations = nil }
                content = .gradient(gradient)
            }
        case .position(.basic(let a)): position = a.value(atParentTime: time, base: position) ?? position
        case .position(.keyframe(let a)): position = a.value(atParentTime: time) ?? position
        case .position(.path(let a)):
            if let placement = a.placement(atParentTime: time) {
                position = placement.position
                transform.rotation += placement.rotation
            }
        case .translation(.basic(let a)): transform.translation = a.value(atParentTime: time, base: transform.translation) ?? transform.translation
        case .translation(.keyframe(let a)): transform.translation = a.value(atParentTime: time) ?? transform.translation
        case .translation(.path(let a)):
            if let placement = a.placement(atParentTime: time) {
                transform.translation = placement.position
                transform.rotation += placement.rotation
            }
        case .frame(let a):
            if case .sequence(var sequence) = content, let value = a.value(at: time, base: 0), !value.isNaN {
                sequence.shownFrame = Int(min(max(value, -1), 1e9).rounded(.down))
                content = .sequence(sequence)
            }
        case .group(let group):
            if let groupTime = group.time(atParentTime: time) {
                // At the group's turn or end its time stands at its duration, and the group is in
                // effect: its animations ending then show their end, not the layer's own value.
                let atEnd = groupTime >= group.timing.duration
                for child in group.animations { apply(atEnd ? child.closingAtEnd() : child, at: groupTime) }
            }
        }
    }

    /// Whether it draws nothing at any time, nor its sublayers: hidden (never animated), or clear
    /// with no animation of its opacity.
    var neverDrawn: Bool { isHidden || (opacity == 0 && !animations.contains { $0.animatesOpacity }) }

    /// Its bounds as a path, with rounded corners when ``cornerRadius`` is above 0.
    public var boundsPath: Path {
        guard cornerRadius > 0 else { return bounds.path }
        return Path(roundedRect: bounds.x, bounds.y, bounds.width, bounds.height,
                    radius: min(cornerRadius, bounds.width / 2, bounds.height / 2))
    }

    /// Bounds coordinates → the parent's: the anchor point to ``position``, with ``transform`` about it.
    public var matrixInParent: AffineTransform {
        AffineTransform(translationX: position.x, y: position.y)
            .concatenating(transform.matrix)
            .translatedBy(x: -bounds.x - anchorPoint.x * bounds.width, y: -bounds.y - anchorPoint.y * bounds.height)
    }
}
