import Basics
import Foundation
import Raster

/// One frame as it will be written: the rectangle it redraws, how it is drawn, and its units.
struct PlacedFrame: Sendable {
    /// The region redrawn, in canvas pixels.
    var rect: PixelRect
    /// Over the canvas (`true`: transparent units leave it as it was) or in place of it.
    var blendOver: Bool
    /// The units of ``rect``, row by row.
    var units: [UInt8]
    /// How the region is disposed of before the next frame (set once that frame is placed).
    var dispose: APNG.Dispose = .none
    /// Milliseconds shown (grows when identical frames follow).
    var duration: Int
    /// Its size when compressed cheaply, the measure candidates were compared by.
    var trialBytes: Int
    /// Its zlib stream as `standard` writes it, when the trial that chose it made that stream (a
    /// small animation's strong trials): not compressed again.
    var stream: [UInt8]? = nil
}

/// What a trial compression of a candidate placement found: its size, and the stream itself when
/// the trial made the one the frame would be written with.
struct PlacementTrial: Sendable {
    var bytes: Int
    var stream: [UInt8]? = nil
}

/// Chooses, frame after frame, the smallest way to draw each one exactly over what the last left:
/// for every way the last frame may be disposed of (kept, cleared to transparent, restored to what
/// was under it) and every blend (in place, or over the canvas with unchanged pixels transparent —
/// only where that gives exactly the frame: a pixel that changes must be opaque or land on a
/// transparent one), the frame is cropped to what differs and compressed cheaply; the smallest
/// wins. A frame identical to the last is not drawn at all. `rules` rule out the choices a known
/// decoder gets wrong (``APNG/Encoder/Compatibility``).
struct FramePlanner {
    let plan: ColorPlan
    let width: Int
    let height: Int
    /// The compressed size of packed rows (a cheap trial compression, or the final one).
    let trial: @Sendable (_ units: [UInt8], _ width: Int) -> PlacementTrial
    let rules: APNG.Encoder.Compatibility.Rules

    /// The units shown after the last frame.
    private var canvas: [UInt8] = []
    /// The canvas the last frame was drawn on (what "restore to previous" brings back).
    private var under: [UInt8] = []
    /// Where the last frame drew.
    private var lastRect = PixelRect(x: 0, y: 0, width: 0, height: 0)
    /// Whether the last frame was blended over the canvas.
    private var lastBlendOver = false
    private var placed = 0

    init(plan: ColorPlan, width: Int, height: Int, rules: APNG.Encoder.Compatibility.Rules = [],
         trial: @escaping @Sendable (_ units: [UInt8], _ width: Int) -> PlacementTrial) {
        self.plan = plan
        self.width = width
        self.height = height
        self.rules = rules
        self.trial = trial
    }

    /// What to do with the next frame.
    enum Placement {
        /// Shows nothing new: lengthen the last frame.
        case same
        /// Draw this, after disposing of the last frame as said.
        case draw(PlacedFrame, disposeLast: APNG.Dispose)
    }

    /// Places the next frame, given as units, lasting `duration` milliseconds.
    mutating func place(_ frame: [UInt8], duration: Int) -> Placement {
        defer { placed += 1 }
        guard placed > 0 else {
            // The first frame is the file's default image: the whole canvas, drawn in place.
            canvas = frame
            under = [UInt8](repeating: 0, count: frame.count)
            if let clear = plan.clear { fill(&under, PixelRect(x: 0, y: 0, width: width, height: height), with: clear) }
            lastRect = PixelRect(x: 0, y: 0, width: width, height: height)
            let tried = trial(frame, width)
            return .draw(PlacedFrame(rect: lastRect, blendOver: false, units: frame, duration: duration, trialBytes: tried.bytes, stream: tried.stream),
                         disposeLast: .none)
        }
        guard let kept = changedRect(frame, over: canvas) else { return .same }

        var disposals: [APNG.Dispose] = [.none]
        if plan.clear != nil && (plan.clearIsZero || !rules.contains(.backgroundIsZero)) { disposals.append(.background) }
        // "Previous" after the first frame means "background" to decoders: not a separate choice.
        if placed > 1 && !(lastBlendOver && rules.contains(.noPreviousAfterOver)) { disposals.append(.previous) }
        let over = plan.clear != nil && !(plan.kind == .grey && rules.contains(.noGreyTransparencyOver))
        let candidates = disposals.flatMap { dispose in [(dispose, false)] + (over ? [(dispose, true)] : []) }

        var results = [(frame: PlacedFrame, base: [UInt8], size: Int)?](repeating: nil, count: candidates.count)
        let this = self
        results.withUnsafeMutableBufferPointer { out in
            let out = UnsafeMutableSendable(out)
            ParallelLoop.perform(candidates.count) { c in
                let (dispose, over) = candidates[c]
                let base = this.canvas(after: dispose)
                let rect = dispose == .none ? kept : this.changedRect(frame, over: base)
                guard let rect = rect.map(this.aligned), let units = this.units(frame, in: rect, over: base, blendOver: over) else { return }
                let tried = this.trial(units, rect.width)
                out.buffer[c] = (PlacedFrame(rect: rect, blendOver: over, units: units, duration: duration, trialBytes: tried.bytes, stream: tried.stream),
                                 base, tried.bytes)
            }
        }
        // Ties go to the earlier candidate (keeping, drawing in place): the same input always gives the same file.
        guard let best = results.indices.filter({ results[$0] != nil }).min(by: { results[$0]!.size < results[$1]!.size }),
              let chosen = results[best] else {
            // Unreachable: keeping the canvas and drawing in place is always possible.
            preconditionFailure("no way to draw a frame")
        }
        under = chosen.base
        canvas = frame
        lastRect = chosen.frame.rect
        lastBlendOver = chosen.frame.blendOver
        return .draw(chosen.frame, disposeLast: candidates[best].0)
    }

    /// `rect` widened to the canvas's left edge when the rules ask that of packed (1, 2 or 4-bit) frames.
    private func aligned(_ rect: PixelRect) -> PixelRect {
        guard plan.bitDepth < 8 && rules.contains(.subByteFramesAtLeftEdge) else { return rect }
        return PixelRect(x: 0, y: rect.y, width: rect.x + rect.width, height: rect.height)
    }

    /// The canvas once the last frame is disposed of with `dispose`.
    private func canvas(after dispose: APNG.Dispose) -> [UInt8] {
        switch dispose {
        case .none:
            return canvas
        case .background:
            var base = canvas
            fill(&base, lastRect, with: plan.clear!)
            return base
        case .previous:
            var base = canvas
            copy(lastRect, from: under, into: &base)
            return base
        }
    }

    /// The smallest rectangle holding every unit where `frame` and `base` differ; `nil` when none does.
    private func changedRect(_ frame: [UInt8], over base: [UInt8]) -> PixelRect? {
        let unit = plan.unitBytes, rowBytes = width * unit
        var top = -1, bottom = -1, left = width, right = -1
        frame.withUnsafeBufferPointer { f in
            base.withUnsafeBufferPointer { b in
                for y in 0..<height {
                    let fr = f.baseAddress! + y * rowBytes, br = b.baseAddress! + y * rowBytes
                    guard memcmp(fr, br, rowBytes) != 0 else { continue }
                    if top < 0 { top = y }
                    bottom = y
                    var x = 0
                    while x < left && memcmp(fr + x * unit, br + x * unit, unit) == 0 { x += 1 }
                    left = min(left, x)
                    x = width - 1
                    while x > right && memcmp(fr + x * unit, br + x * unit, unit) == 0 { x -= 1 }
                    right = max(right, x)
                }
            }
        }
        guard top >= 0 else { return nil }
        return PixelRect(x: left, y: top, width: right - left + 1, height: bottom - top + 1)
    }

    /// The units to write for `rect` of `frame` over `base`: the frame's own, or with `blendOver`
    /// the unchanged ones made transparent — `nil` when blending over would not give the frame
    /// exactly (a changed unit neither opaque nor over a transparent one), or, by the rules, when
    /// a changed unit is not opaque.
    private func units(_ frame: [UInt8], in rect: PixelRect, over base: [UInt8], blendOver: Bool) -> [UInt8]? {
        let unit = plan.unitBytes
        let onlyOpaque = rules.contains(.overOnlyOpaque)
        var out = [UInt8](repeating: 0, count: rect.width * rect.height * unit)
        var exact = true
        frame.withUnsafeBufferPointer { f in
            base.withUnsafeBufferPointer { b in
                out.withUnsafeMutableBufferPointer { o in
                    for row in 0..<rect.height {
                        let start = ((rect.y + row) * width + rect.x) * unit
                        let target = o.baseAddress! + row * rect.width * unit
                        target.update(from: f.baseAddress! + start, count: rect.width * unit)
                        guard blendOver, let clear = plan.clear else { continue }
                        for x in 0..<rect.width {
                            let fu = f.baseAddress! + start + x * unit, bu = b.baseAddress! + start + x * unit
                            if memcmp(fu, bu, unit) == 0 {
                                for k in 0..<unit { target[x * unit + k] = clear[k] }
                            } else if !(plan.isOpaque(fu) || (!onlyOpaque && memcmp(bu, clear, unit) == 0)) {
                                exact = false
                                return
                            }
                        }
                    }
                }
            }
        }
        return exact ? out : nil
    }

    private func fill(_ units: inout [UInt8], _ rect: PixelRect, with value: [UInt8]) {
        let unit = plan.unitBytes
        for y in rect.y..<(rect.y + rect.height) {
            for x in rect.x..<(rect.x + rect.width) {
                for k in 0..<unit { units[(y * width + x) * unit + k] = value[k] }
            }
        }
    }

    private func copy(_ rect: PixelRect, from source: [UInt8], into units: inout [UInt8]) {
        let unit = plan.unitBytes
        for y in rect.y..<(rect.y + rect.height) {
            let start = (y * width + rect.x) * unit
            units.replaceSubrange(start..<(start + rect.width * unit), with: source[start..<(start + rect.width * unit)])
        }
    }
}
