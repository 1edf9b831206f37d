import FrameGen

/// Copies of a layer started at moments and places, as an app adds one per tap (the explosion
/// example): each copy is the template moved to its point with its time starting at its moment,
/// so a sequence in it plays from there, and one that hides when finished is gone after.
///
/// ```swift
/// let taps = try Spawn(template: explosion, events: [.init(time: 0.4, point: Point(80, 60)),
///                                                  .init(time: 1.1, point: Point(200, 90))])
/// scene.sublayers += taps.layers()
/// ```
public struct Spawn: Sendable {
    /// One copy's start: when (in the parent's time) and where (its position in the parent).
    public struct Event: Sendable, Hashable, Codable {
        /// Seconds of the parent's time when the copy starts.
        public var time: Double
        /// Where the copy's anchor point lands.
        public var point: Point

        /// An event at `time` and `point`.
        public init(time: Double, point: Point) { self.time = time; self.point = point }
    }

    /// The most copies one spawn makes.
    public static let maximumInstances = 10_000

    /// The layer copied.
    public let template: Layer
    /// The starts, in the order given.
    public let events: [Event]

    /// Copies of `template` at `events`.
    /// - Throws: ``CompositionError`` for a time or point that is not finite, or more than
    ///   ``maximumInstances`` events.
    public init(template: Layer, events: [Event]) throws(CompositionError) {
        guard events.count <= Self.maximumInstances else {
            throw .tooManyInstances(layer: template.name, count: events.count, maximum: Self.maximumInstances)
        }
        for (index, event) in events.enumerated() {
            for (property, value) in [("time", event.time), ("point.x", event.point.x), ("point.y", event.point.y)] where !value.isFinite {
                throw .invalidValue(layer: template.name, property: "events[\(index)].\(property)", value: value)
            }
        }
        self.template = template
        self.events = events
    }

    /// `count` events at seeded random points of `area`, one every `interval` seconds from `start`:
    /// the same seed gives the same events on every machine.
    /// - Throws: ``CompositionError`` for a count over ``maximumInstances`` or below 0, or numbers
    ///   that are not finite.
    public static func randomEvents(count: Int, seed: UInt64, in area: Rect, start: Double = 0,
                                    interval: Double) throws(CompositionError) -> [Event] {
        guard (0...maximumInstances).contains(count) else {
            throw .tooManyInstances(layer: "random events", count: count, maximum: maximumInstances)
        }
        for (property, value) in [("start", start), ("interval", interval)] where !value.isFinite {
            throw .invalidValue(layer: "random events", property: property, value: value)
        }
        guard area.isValid else { throw .invalidValue(layer: "random events", property: "area", value: area.width) }
        var random = SeededRandom(seed: seed)
        return (0..<count).map { index in
            let x = area.x + random.unit() * area.width, y = area.y + random.unit() * area.height
            return Event(time: start + Double(index) * interval, point: Point(x, y))
        }
    }

    /// One copy per event: the template at the event's point, added to the tree at the event's
    /// time (``Layer/addedAt``: nothing of it shows before) and its time beginning then, named
    /// `template-1`, `template-2`, … in the events' order, and stacked in the order they are
    /// added (by time; at one time, in the events' order): a later copy draws over an earlier one.
    public func layers() -> [Layer] {
        // In the order they are added, as `addSublayer` at each tap stacks them: a later copy is
        // drawn over an earlier one, whatever list it came from (events, then random ones, were
        // stacked in list order: a tap drew under copies that came before it). At one moment, in list order.
        let order = events.indices.sorted { (events[$0].time, $0) < (events[$1].time, $1) }
        return order.map { index in
            let event = events[index]
            var copy = template
            copy.name = "\(template.name)-\(index + 1)"
            copy.position = event.point
            copy.timing.beginTime += event.time
            copy.addedAt = max(template.addedAt ?? event.time, event.time)
            // Each copy plays a streamed file from its own moment: with a stream of its own.
            copy.reopenStreams()
            return copy
        }
    }
}

extension Layer {
    /// Gives every streamed frame sequence in this layer, its sublayers and its mask a stream of
    /// its own (Animated's `FrameStream.reopened()`): a spawned copy asks for the frames of its own
    /// moment, and a stream shared with the template would go back to the start of the file for
    /// every copy at every frame.
    mutating func reopenStreams() {
        if case .sequence(var sequence) = content, case .streamed(let stream, _)? = sequence.animation.frames.first {
            let own = stream.reopened()
            sequence.animation.frames = sequence.animation.frames.map { frame in
                if case .streamed(_, let index) = frame { .streamed(own, index: index) } else { frame }
            }
            content = .sequence(sequence)
        }
        for index in sublayers.indices { sublayers[index].reopenStreams() }
        if var mask { mask.reopenStreams(); self.mask = mask }
    }
}
