import Animated
import Basics
import Foundation
import FrameGen
import Raster
import Text

/// A layer's `spawn`: the copies it makes of its template, checked and counted.
extension SceneReader {
    /// The copies `value` (a layer's `spawn`) makes of `template`, which holds `layers` layers
    /// (itself and its sublayers and mask, spawned copies inside it included) and `segments` path
    /// segments: every copy holds and draws them, so the copies past the first are counted against
    /// ``SceneFile/maximumLayers`` and the scene's `maxPathSegments` too.
    mutating func spawn(_ value: InputValue, template: Layer, layers: Int, segments: Int, topLevel: Bool) throws(SceneFileError) -> [Layer] {
        let object = try schema { () throws(SchemaError) in
            let object = try value.object()
            try object.check(Self.spawnKeys)
            if !object.has("events") && !object.has("random") { throw value.invalid("needs events, random or both") }
            return object
        }
        var events: [Spawn.Event] = []
        if let v = object["events"] {
            let items = try schema { () throws(SchemaError) in try v.array() }
            // Counted before any is read: a million events stop here.
            try schema { () throws(SchemaError) in try Self.checkInstances(items.count, at: v, what: "events") }
            try count(copies: items.count - 1, of: layers)
            for item in items {
                events.append(try schema { () throws(SchemaError) in
                    let event = try item.object()
                    try event.check(Self.eventKeys)
                    return Spawn.Event(time: try event.required("time").number(), point: try Scene.pair(event.required("at"), "[x, y]"))
                })
            }
        }
        if let v = object["random"] {
            let random = try schema { () throws(SchemaError) in
                let random = try v.object()
                try random.check(Self.randomKeys)
                return random
            }
            let reader = self
            let (count, seed, area, start, interval) = try schema { () throws(SchemaError) in
                let countValue = try random.required("count")
                let count = try countValue.integer()
                guard count >= 0 else { throw countValue.outOfRange("must be a whole number from 0") }
                let seedValue = try random.required("seed")
                let seed = try seedValue.integer()
                guard seed >= 0 else { throw seedValue.outOfRange("must be a whole number from 0") }
                let area = try reader.rect(random.required("area"))
                let start = try random["start"]?.number() ?? 0
                let interval = try random["interval"].map { v throws(SchemaError) in try reader.atLeastZero(v) } ?? 0
                return (count, UInt64(seed), area, start, interval)
            }
            // Counted before any is made: at the key that asks for them first (a million copies were said
            // as the scene's total, without the key: round 68c/70), then in the scene's whole.
            try schema { () throws(SchemaError) in
                try Self.checkInstances(count, at: try random.required("count"), what: "random copies")
                try Self.checkInstances(events.count + count, at: value, what: "copies from events and random together")
            }
            try self.count(copies: count - (object.has("events") ? 0 : 1), of: layers)
            do {
                events += try Spawn.randomEvents(count: count, seed: seed, in: area, start: start, interval: interval)
            } catch {
                throw .composition(file: file, error)
            }
        }
        try chargeCopies(events.count, of: segments, at: value)
        // In the scene's time (a top-level copy), nothing of a copy shows before its spawn time (`Layer.addedAt`).
        if topLevel, segments > 0, let frames {
            for event in events where event.time > 0 {
                let before = min(frames.count, Int((event.time * frames.fps).rounded(.up)))
                let (unused, overflow) = before.multipliedReportingOverflow(by: segments)
                segmentFramesBeforeSpawn = overflow ? .max : segmentFramesBeforeSpawn.addingReportingOverflow(unused).overflow ? .max
                    : segmentFramesBeforeSpawn + unused
            }
        }
        do {
            return try Spawn(template: template, events: events).layers()
        } catch {
            throw .composition(file: file, error)
        }
    }

    /// Refuses more than `Spawn.maximumInstances` copies at `value`, the key that asks for them.
    static func checkInstances(_ count: Int, at value: InputValue, what: String) throws(SchemaError) {
        guard count > Spawn.maximumInstances else { return }
        throw value.invalid("asks for \(count) \(what); one spawn makes at most \(Spawn.maximumInstances) copies "
                            + "(split them over several layers with a spawn each, up to \(SceneFile.maximumLayers) layers in a scene)")
    }

    /// Leaves `segments` (a layer's that is never drawn, its copies' and sublayers') out of every frame of
    /// the drawing pre-check, in place of what was left out of them since `undrawnBefore`.
    mutating func leaveOut(_ segments: Int, since undrawnBefore: Int) {
        guard let frames, segments > 0 else { return }
        let (all, overflow) = segments.multipliedReportingOverflow(by: frames.count)
        let (sum, overflows) = undrawnBefore.addingReportingOverflow(all)
        segmentFramesBeforeSpawn = overflow || overflows ? .max : sum
    }

    /// Counts the path segments of `copies` copies of a template holding `segments` (the first
    /// copy's are counted already, as the template's) against the scene's `maxPathSegments`.
    mutating func chargeCopies(_ copies: Int, of segments: Int, at value: InputValue) throws(SceneFileError) {
        guard copies > 1, segments > 0 else { return }
        let (extra, overflow) = (copies - 1).multipliedReportingOverflow(by: segments)
        guard overflow || extra > segmentsLeft else {
            segmentsLeft -= extra
            return
        }
        let spent = limits.maxPathSegments - segmentsLeft
        let (total, overflows) = spent.addingReportingOverflow(extra)
        throw .limit(LimitError(limit: .pathSegments, subject: "\(value.file): \(value.path)", amount: overflow || overflows ? nil : total,
                                maximum: limits.maxPathSegments,
                                detail: "in the scene, each of its \(copies) spawned copies drawing the layer's \(segments)"))
    }
}
