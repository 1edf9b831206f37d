import Basics
import Foundation
import Raster

/// One encode, start to end: a first pass over the frames to learn their colours (and which
/// frames repeat the one before), the colour type chosen, then a second pass placing each frame
/// (``FramePlanner``) and compressing the placed frames on all cores, written in order to `drain`.
struct APNGEncoding {
    let settings: APNG.Encoder
    let input: FrameInput
    let progress: (@Sendable (Int, Int) -> Void)?

    /// Decoded frames kept from the first pass for the second, at most.
    static let cacheBytes = 32 << 20
    /// Animations of at most this many pixels in all frames are placed in every candidate colour
    /// type to choose one (larger ones are judged on two frames).
    static let trialPixels = 1 << 19
    /// A frame of more filtered rows than this many bytes is judged (its filtering chosen, its
    /// placements and colour types compared) on ``judgedBands`` bands of whole rows spread over it,
    /// about this many bytes in all, rather than whole: judging a 2048² frame of noise whole took
    /// three quarters of its encoding time, where one compression of it is left to do.
    static let judgedBytes = 1 << 20
    /// The bands a large frame is judged on.
    static let judgedBands = 8
    /// At `max` effort, frames of at most this many bytes of rows are compressed by zopfli with
    /// every filtering (50 rounds), the smallest kept; larger ones with the best filtering found
    /// cheaply (15 rounds).
    static let zopfliEveryFiltering = 1 << 12
    /// The choices ruled out for the decoders the settings name.
    private var rules: APNG.Encoder.Compatibility.Rules { settings.compatibility.rules }
    /// Frames decoded, and placed frames compressed, at once.
    private var batch: Int { max(4, 2 * ParallelLoop.cores) }

    func run(drain: ([UInt8]) throws -> Void) throws -> APNG.Encoder.Report {
        guard input.count > 0 else { throw APNG.EncodeError.invalidInput("no frames") }
        if let error = settings.settingError ?? input.settingError { throw APNG.EncodeError.setting(error) }
        // NaN, infinities, 0, negatives and durations over a day are refused before any work.
        if let error = DelayTimeline.durationError(input.durations, name: input.name(of:)) { throw APNG.EncodeError.setting(error) }
        // From here on, frames are the ones the timeline keeps (`shown[i]` is the input's index).
        // A run of frames known identical is one frame before timing (``FrameInput/identical``).
        let runs = IdenticalRuns(durations: input.durations, identical: input.identical)
        let timeline = DelayTimeline(durations: runs.durations)
        let shown = timeline.frameIndices.map { runs.firsts[$0] }, count = shown.count

        // Pass 1: the colours of every frame, and which frames show nothing new.
        var survey = ColorSurvey()
        var repeats = [Bool](repeating: false, count: count)
        var cache: [Bitmap]? = []
        var cachedBytes = 0
        var last: Bitmap? = nil
        for start in stride(from: 0, to: count, by: batch) {
            let frames = try load(start..<min(count, start + batch), of: shown, sizedAs: last ?? cache?.first)
            let surveys = Self.parallelMap(frames) { ColorSurvey($0) }
            for (offset, frame) in frames.enumerated() {
                survey.merge(surveys[offset])
                if let last, last.showsSame(as: frame) { repeats[start + offset] = true }
                last = frame
            }
            cachedBytes += frames.reduce(0) { $0 + $1.pixels.count }
            cache = cachedBytes <= Self.cacheBytes ? cache.map { $0 + frames } : nil
        }
        guard let first = last else { throw APNG.EncodeError.invalidInput("no frames") }
        let (width, height) = (first.width, first.height)

        // The colour type: the candidate whose frames compress smallest.
        let candidates = ColorPlan.candidates(for: survey, rules: rules)
        let frames: (Range<Int>) throws -> [Bitmap] = { range in try cache.map { Array($0[range]) } ?? load(range, of: shown, sizedAs: first) }
        // Every candidate is first judged on two sample frames; a small animation, cheap to
        // compress, then has the candidates within 10 % of the best placed as they will be written.
        var sizes: [Int] = []
        // The placements of the best candidate so far when they were placed as they will be
        // written (each batch handed over, with the frames it finishes): not placed again.
        var placedBest: (candidate: Int, batches: [(frames: [PlacedFrame], done: Int)])?
        if candidates.count > 1 {
            let samples = try Set([0, count / 2]).sorted().map { try frames($0..<($0 + 1))[0] }
            sizes = candidates.map { candidate in
                samples.reduce(0) { $0 + trialSize(candidate.units(of: $1), width: width, plan: candidate) }
            }
            let close = sizes.indices.filter { Double(sizes[$0]) <= Double(sizes.min()!) * 1.1 }
            if close.count > 1 && settings.effort != .fast && count * width * height <= Self.trialPixels {
                sizes = Array(repeating: .max, count: candidates.count)
                for index in close {
                    var total = 0
                    var batches: [(frames: [PlacedFrame], done: Int)] = []
                    try placeAll(plan: candidates[index], width: width, height: height, delays: timeline.delays, repeats: repeats, frames: frames,
                                 strongTrials: true) { placed, done in
                        total += placed.reduce(0) { $0 + $1.trialBytes }
                        batches.append((placed, done))
                    }
                    sizes[index] = total
                    // Ties go to the earlier candidate, as the choice below.
                    if total < placedBest.map({ sizes[$0.candidate] }) ?? .max { placedBest = (index, batches) }
                }
            }
        }
        let chosen = sizes.isEmpty ? 0 : sizes.indices.min { sizes[$0] < sizes[$1] }!
        let plan = candidates[chosen]

        // Each frame written lasts its delay plus those of the repeats after it; a delay that one
        // `fcTL` cannot hold exactly is written as the frame repeated (``delayPieces(milliseconds:)``).
        var lengths: [Int] = []
        for (index, delay) in timeline.delays.enumerated() {
            if repeats[index], !lengths.isEmpty { lengths[lengths.count - 1] += delay } else { lengths.append(delay) }
        }
        let controls = lengths.reduce(0) { $0 + Self.delayPieces(milliseconds: $1).count }
        var header: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        PNGWriter.chunk("IHDR", PNGWriter.bigEndian(UInt32(width)) + PNGWriter.bigEndian(UInt32(height))
                        + [UInt8(plan.bitDepth), UInt8(plan.colorType.rawValue), 0, 0, 0], into: &header)
        PNGWriter.chunk("acTL", PNGWriter.bigEndian(UInt32(controls)) + PNGWriter.bigEndian(UInt32(settings.repeatCount)), into: &header)
        if plan.kind == .indexed { PNGWriter.chunk("PLTE", plan.paletteChunk, into: &header) }
        let transparency = plan.transparencyChunk
        if !transparency.isEmpty { PNGWriter.chunk("tRNS", transparency, into: &header) }
        try drain(header)
        var bytes = header.count

        // Pass 2: place each frame, compress the placed ones on all cores, write them in order.
        var written = 0, placedFrames = 0, split = 0
        var milliseconds = 0
        // Progress counts the frames written: the last report, all frames, comes when the last is.
        func write(_ placed: [PlacedFrame], done: Int) throws {
            let streams = Self.parallelMap(placed) { finalStream($0, plan: plan) }
            for (frame, stream) in zip(placed, streams) {
                guard let stream else { throw APNG.EncodeError.outOfMemory }
                milliseconds += frame.duration
                placedFrames += 1
                // A frame too long for one `fcTL` is written again for the rest of its time
                // (the same data), each copy but the last disposed of so that the next copy
                // draws on what the first one did (``repeatDispose(of:plan:)``).
                let pieces = Self.delayPieces(milliseconds: frame.duration)
                if pieces.count > 1 { split += 1 }
                for (piece, delay) in pieces.enumerated() {
                    var copy = frame
                    if piece < pieces.count - 1 { copy.dispose = Self.repeatDispose(of: frame, plan: plan) }
                    let chunks = Self.chunks(for: copy, number: written, delay: delay, stream: stream)
                    try drain(chunks)
                    bytes += chunks.count
                    written += 1
                }
            }
            progress?(done, count)
        }
        if let placedBest, placedBest.candidate == chosen {
            for batch in placedBest.batches {
                if input.cancellation?.isCancelled == true { throw APNG.EncodeError.cancelled }
                try write(batch.frames, done: batch.done)
            }
        } else {
            try placeAll(plan: plan, width: width, height: height, delays: timeline.delays, repeats: repeats, frames: frames,
                         strongTrials: settings.effort != .fast && count * width * height <= Self.trialPixels, ready: write)
        }
        var end: [UInt8] = []
        PNGWriter.chunk("IEND", [], into: &end)
        try drain(end)
        bytes += end.count
        var report = APNG.Encoder.Report(width: width, height: height, framesWritten: written, framesMergedForTiming: timeline.mergedFrames,
                                         framesMergedIdentical: count - placedFrames + runs.folded, duration: Double(milliseconds) / 1000,
                                         colorType: plan.summary, bytes: bytes)
        (report.framesSplitForTiming, report.framesAddedForTiming) = (split, written - placedFrames)
        return report
    }

    /// Places every frame with `plan`, a batch at a time, and hands `ready` the placed frames
    /// whose disposal is settled (all but the last of each batch; the last at the end), with the
    /// input frames they finish (all of them with the last). With `strongTrials`, candidates are
    /// compared by their size as `standard` writes them, and at `standard` the chosen one keeps
    /// that stream (``PlacedFrame/stream``).
    private func placeAll(plan: ColorPlan, width: Int, height: Int, delays: [Int], repeats: [Bool], frames: (Range<Int>) throws -> [Bitmap],
                          strongTrials: Bool, ready: ([PlacedFrame], Int) throws -> Void) throws {
        let count = delays.count
        let keepsStream = settings.effort == .standard
        let trial: @Sendable ([UInt8], Int) -> PlacementTrial = { [self] units, width in
            guard strongTrials else { return PlacementTrial(bytes: trialSize(units, width: width, plan: plan)) }
            // Small animations: the size as `standard` writes it (libdeflate's strongest level).
            let stream = bestFiltered(units, width: width, plan: plan).withUnsafeBufferPointer { LibDeflate.zlibStream($0, level: 12) }
            return PlacementTrial(bytes: stream?.count ?? .max, stream: keepsStream ? stream : nil)
        }
        var planner = FramePlanner(plan: plan, width: width, height: height, rules: rules, trial: trial)
        var pending: [PlacedFrame] = []
        // The first frame the last pending frame stands for: the frames before it are done once handed to `ready`.
        var pendingStart = 0
        for start in stride(from: 0, to: count, by: batch) {
            let range = start..<min(count, start + batch)
            let units = Self.parallelMap(try frames(range)) { plan.units(of: $0) }
            for (offset, frameUnits) in units.enumerated() {
                let index = start + offset
                if input.cancellation?.isCancelled == true { throw APNG.EncodeError.cancelled }
                if repeats[index] {
                    pending[pending.count - 1].duration += delays[index]
                } else {
                    switch planner.place(frameUnits, duration: delays[index]) {
                    case .same:
                        // Equal in colour type units means equal on screen: pass 1 saw it too.
                        pending[pending.count - 1].duration += delays[index]
                    case .draw(let frame, let disposeLast):
                        if !pending.isEmpty { pending[pending.count - 1].dispose = disposeLast }
                        pending.append(frame)
                        pendingStart = index
                    }
                }
            }
            if pending.count > 1 {
                try ready(Array(pending.dropLast()), pendingStart)
                pending.removeFirst(pending.count - 1)
            }
        }
        if input.cancellation?.isCancelled == true { throw APNG.EncodeError.cancelled }
        try ready(pending, count)
    }

    /// The kept frames at `range` of `shown` (input indices), decoded on all cores, checked to be
    /// the size of `reference` (when given) and of each other.
    private func load(_ range: Range<Int>, of shown: [Int], sizedAs reference: Bitmap?) throws -> [Bitmap] {
        if input.cancellation?.isCancelled == true { throw APNG.EncodeError.cancelled }
        let load = input.load
        let results = Self.parallelMap(Array(shown[range])) { index in Result { try load(index) } }
        var frames: [Bitmap] = []
        for (index, result) in zip(shown[range], results) {
            let frame = try result.get()
            let expected = reference ?? frames.first ?? frame
            guard frame.width == expected.width, frame.height == expected.height, frame.width > 0, frame.height > 0 else {
                throw APNG.EncodeError.invalidInput("\(input.name(of: index)) is \(frame.width)×\(frame.height), "
                                                    + "the frames before it \(expected.width)×\(expected.height): all frames must be one size")
            }
            frames.append(frame)
        }
        return frames
    }

    /// A delay of `milliseconds` as APNG `fcTL` fractions (numerator, denominator) adding up to
    /// it exactly, as few as can: one fraction `ms/1000` reduced (1/30 s written 33/1000, 2 s as
    /// 2/1, 100.5 s as 201/2) when its numerator fits 16 bits; else whole seconds in pieces of at
    /// most 65 535/1 and the rest — the milliseconds, with as many whole seconds as fit — as one
    /// fraction over 1000 or a divisor of it (100 001 ms: 65 001/1000 and 35/1; a day: 65 535/1
    /// and 20 865/1). Every denominator divides 1000, so players that keep whole milliseconds
    /// (Chromium: `1000 · num / den` rounded down) play exactly these times too. A delay over
    /// 65 535 s, which one `fcTL` cannot hold, was written as 65 535/1 and the rest lost.
    static func delayPieces(milliseconds: Int) -> [(numerator: UInt16, denominator: UInt16)] {
        func gcd(_ a: Int, _ b: Int) -> Int { b == 0 ? a : gcd(b, a % b) }
        let limit = Int(UInt16.max)
        let ms = max(milliseconds, 1)
        let common = gcd(ms, 1000)
        if ms / common <= limit { return [(UInt16(ms / common), UInt16(1000 / common))] }
        // The part that is not whole seconds: the largest F ≡ ms (mod 1000) whose reduced
        // numerator F / gcd(F, 1000) = F / common fits.
        let rest = ms % 1000
        let fraction = rest == 0 ? 0 : rest + (limit * common - rest) / 1000 * 1000
        var seconds = (ms - fraction) / 1000
        var pieces: [(numerator: UInt16, denominator: UInt16)] = []
        while seconds > 0 {
            let piece = min(seconds, limit)
            pieces.append((UInt16(piece), 1))
            seconds -= piece
        }
        if fraction > 0 { pieces.append((UInt16(fraction / common), UInt16(1000 / common))) }
        return pieces
    }

    /// How each copy but the last of a frame written in pieces is disposed of, so the next copy
    /// shows exactly the frame again: a frame that is not restored afterwards and draws the same
    /// when drawn twice — in place (`blendOver` false), or over the canvas with every pixel opaque
    /// or fully transparent — is simply drawn again (`none`); one restored after, or drawn over
    /// the canvas with a translucent pixel (which would be blended over itself), has each copy
    /// restored (`previous`) so the next is drawn on what the first was drawn on. The last copy is
    /// disposed of as the frame is.
    static func repeatDispose(of frame: PlacedFrame, plan: ColorPlan) -> APNG.Dispose {
        if frame.dispose == .previous { return .previous }
        guard frame.blendOver else { return .none }
        let units = frame.units
        let translucent: Bool
        switch plan.kind {
        case .grey, .rgb:
            translucent = false  // every unit is opaque but the one clear unit
        case .indexed:
            translucent = units.contains { index in
                let alpha = Int(index) < plan.palette.count ? plan.palette[Int(index)] & 0xFF : 0xFF
                return alpha != 0 && alpha != 0xFF
            }
        case .greyAlpha, .rgba:
            let step = plan.unitBytes
            translucent = stride(from: step - 1, to: units.count, by: step).contains { units[$0] != 0 && units[$0] != 0xFF }
        }
        return translucent ? .previous : .none
    }

    /// `fcTL` and `IDAT` (frame 0) or `fdAT` (the others) for the `number`th frame written.
    private static func chunks(for frame: PlacedFrame, number: Int, delay: (numerator: UInt16, denominator: UInt16),
                               stream: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        let sequence = UInt32(max(0, 2 * number - 1))
        let r = frame.rect
        let control = PNGWriter.bigEndian(sequence) + PNGWriter.bigEndian(UInt32(r.width)) + PNGWriter.bigEndian(UInt32(r.height))
            + PNGWriter.bigEndian(UInt32(r.x)) + PNGWriter.bigEndian(UInt32(r.y))
            + [UInt8(delay.numerator >> 8), UInt8(delay.numerator & 0xFF), UInt8(delay.denominator >> 8), UInt8(delay.denominator & 0xFF),
               frame.dispose.rawValue, frame.blendOver ? 1 : 0]
        PNGWriter.chunk("fcTL", control, into: &out)
        if number == 0 {
            PNGWriter.chunk("IDAT", stream, into: &out)
        } else {
            PNGWriter.chunk("fdAT", PNGWriter.bigEndian(sequence + 1) + stream, into: &out)
        }
        return out
    }

    /// `transform` of every element, on all cores, in order.
    private static func parallelMap<T, U>(_ items: [T], _ transform: @Sendable (T) -> U) -> [U] {
        var results = [U?](repeating: nil, count: items.count)
        items.withUnsafeBufferPointer { source in
            results.withUnsafeMutableBufferPointer { out in
                let (source, out) = (UnsafeSendable(source), UnsafeMutableSendable(out))
                ParallelLoop.perform(items.count) { i in out.buffer[i] = transform(source.buffer[i]) }
            }
        }
        return results.map { $0! }
    }
}
