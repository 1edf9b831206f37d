/// What the frames merged into the frame before them (``FrameDiff``: they draw nothing new in
/// the GIF's colours) really were: exact repeats of the frame shown in their place, or frames
/// that differ from it by a few levels and look the same once quantised. The report says which,
/// and how far apart (a frame 4 levels from the one shown is no identical frame).
struct MergedFrames {
    /// The source pixels of the frame drawn last: what a merged frame is shown as.
    private var shown: [UInt8] = []
    /// Frames merged whose pixels are those of the frame shown in their place.
    private(set) var identical = 0
    /// Frames merged whose pixels differ from the frame shown in their place.
    private(set) var nearIdentical = 0
    /// The largest difference of one channel of one pixel, in levels (0…255), between a
    /// near-identical frame and the frame shown in its place (pixels transparent in both count as equal).
    private(set) var maxDifference = 0
    /// Alpha under which the alpha mode drops a pixel (16 with `dither`, 128 with `threshold`, 0
    /// with a matte): a merged frame with no pixel at or over it is invisible in the GIF, not near-identical.
    var invisibleBelow = 0
    /// The frames merged because they are invisible in the GIF, by their place among the frames
    /// added (0 first); counted apart from ``nearIdentical``.
    private(set) var invisible: [Int] = []
    /// Whether a frame drawn (not merged) drew a pixel: `false` at the end when the GIF shows
    /// nothing at all.
    private(set) var drewVisible = false
    /// Whether a frame added has a pixel of alpha above 0 (looked for until one has).
    private(set) var sourceVisible = false
    /// Frames added so far.
    private var added = 0

    /// Records the next frame added: `merged` into the frame before, or drawn (then it is what
    /// later merged frames are compared with); `draws` tells whether a drawn frame has a pixel
    /// that is not transparent (asked until one has).
    mutating func record(source: [UInt8], merged: Bool, draws: () -> Bool = { true }) {
        defer { added += 1 }
        if !sourceVisible { sourceVisible = !Self.isInvisible(source, below: 1) }
        guard merged else {
            shown = source
            if !drewVisible { drewVisible = draws() }
            return
        }
        let difference = Self.maxDifference(source, shown)
        if difference == 0 {
            identical += 1
        } else if Self.isInvisible(source, below: invisibleBelow) {
            invisible.append(added)
        } else {
            nearIdentical += 1
            maxDifference = max(maxDifference, difference)
        }
    }

    /// Whether no pixel of the RGBA8 `pixels` has alpha at `threshold` or over.
    static func isInvisible(_ pixels: [UInt8], below threshold: Int) -> Bool {
        guard threshold > 0 else { return false }
        var index = 3
        while index < pixels.count {
            if Int(pixels[index]) >= threshold { return false }
            index += 4
        }
        return true
    }

    /// The largest channel difference between two RGBA8 frames of one size (255 when the sizes
    /// differ); a pixel transparent in both is equal whatever colour it keeps under its alpha.
    static func maxDifference(_ a: [UInt8], _ b: [UInt8]) -> Int {
        guard a.count == b.count else { return 255 }
        return a.withUnsafeBufferPointer { a in
            b.withUnsafeBufferPointer { b in
                var most: UInt8 = 0
                var index = 0
                while index + 3 < a.count {
                    if a[index + 3] != 0 || b[index + 3] != 0 {
                        for channel in index..<(index + 4) {
                            let d = a[channel] > b[channel] ? a[channel] - b[channel] : b[channel] - a[channel]
                            if d > most { most = d }
                        }
                    }
                    index += 4
                }
                return Int(most)
            }
        }
    }
}
