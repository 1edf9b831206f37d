import Basics

extension GIF.Encoder {
    /// Frame differencing, and the GIF writer on its own thread (``WriterThread``), which starts
    /// once the first frame is final: with the global palette when one was set, else the first
    /// frame hands its own table over as the global one.
    struct Output {
        let width: Int
        let height: Int
        let netscapeLoops: Int?
        let drain: (([UInt8]) throws -> Void)?
        var diff: FrameDiff
        /// The table every frame without a local one uses (`fast`); set before the first frame is added.
        var globalPalette: [UInt8]?
        private var writer: WriterThread?

        init(width: Int, height: Int, netscapeLoops: Int?, drain: (([UInt8]) throws -> Void)?) {
            self.width = width
            self.height = height
            self.netscapeLoops = netscapeLoops
            self.drain = drain
            diff = FrameDiff(width: width, height: height)
        }

        /// The frames merged into the one before, exact repeats told from near ones.
        var merged = MergedFrames()
        /// Frames added longer than ``GIF/Timing/maximumDelay`` and the frames that change nothing
        /// written after them to make up their time.
        private(set) var longFrames = (count: 0, added: 0)

        /// Adds the next frame lasting `delay` cs, `source` its decoded pixels (to tell a merged
        /// frame's distance from the one shown in its place). A delay over 16 bits is written as
        /// the frame followed by frames that change nothing (``Timing/pieces(of:)``), the frame
        /// encoded once; only the first piece is an input frame the report counts.
        mutating func add(_ target: FrameDiff.Target, delay: Int, source: [UInt8]) throws {
            try add(target, delay: delay, source: source, next: nil, side: nil) { _, _, _ in }
        }

        /// ``add(_:delay:source:)``, and `beside` for the `next` frame's pixels with its last
        /// piece (``FrameDiff/add(_:delay:next:nextDrawsEveryPixel:side:beside:)``).
        mutating func add(_ target: FrameDiff.Target, delay: Int, source: [UInt8], next: [UInt8]?, nextDrawsEveryPixel: Bool = false,
                          side: SideThread?, beside: (UnsafeBufferPointer<UInt32>, GIF.Rect?, ScreenRows?) -> Void) throws {
            let pieces = GIF.Timing.pieces(of: delay)
            if pieces.count > 1 { longFrames = (longFrames.count + 1, longFrames.added + pieces.count - 1) }
            for (index, piece) in pieces.enumerated() {
                let before = diff.mergedFrames
                let last = index == pieces.count - 1
                let ready = diff.add(target, delay: piece, next: last ? next : nil, nextDrawsEveryPixel: nextDrawsEveryPixel,
                                     side: side, beside: beside)
                if index == 0 {
                    // What the frame draws (after the alpha mode's cut and the dither), not its source alpha:
                    // a faint white haze can keep no dot at all.
                    merged.record(source: source, merged: diff.mergedFrames > before) {
                        target.drawsEveryPixel || target.colors.contains { $0 != 0 }
                    }
                }
                if let ready { try write(ready) }
            }
        }

        /// Stops the writer after a failure on this side (see ``WriterThread/abandon()``).
        func abandon() { writer?.abandon() }

        /// Writes the last frame and closes the stream: the bytes not yet drained, frames written,
        /// frames merged for showing nothing new.
        mutating func finish() throws -> (bytes: [UInt8], written: Int, merged: MergedFrames) {
            if let last = diff.finish() { try write(last) }
            let (bytes, written) = try writer!.finish()
            return (bytes, written, merged)
        }

        /// Frames written with a colour table of their own.
        private(set) var localTables = 0
        /// The entries of the largest colour table written (a power of two, the transparent one included).
        private(set) var largestTable = 0
        /// The table a frame without a local one draws with, once the first frame is written.
        private var tableInUse: [UInt8]?

        private mutating func write(_ frame: GIF.IndexedFrame) throws {
            var frame = frame
            if writer == nil {
                tableInUse = globalPalette ?? frame.localPalette
            } else if let local = frame.localPalette {
                // A later frame whose table is the global one draws with that: an 80×80 spinner
                // frame's two-entry table is 2 % of its bytes, and nothing on screen changes.
                if local == tableInUse { frame.localPalette = nil } else { localTables += 1 }
            }
            largestTable = max(largestTable, (frame.localPalette ?? tableInUse ?? []).count / 3)
            if writer == nil {
                let (width, height, global, loops, drain) = (width, height, globalPalette, netscapeLoops, drain)
                writer = WriterThread { first in
                    let writer = try GIF.Writer(width: width, height: height, globalPalette: global ?? first.localPalette,
                                            netscapeLoops: loops, drain: drain)
                    if global == nil { first.localPalette = nil }
                    return writer
                }
            }
            try writer!.add(frame)
        }
    }
}
