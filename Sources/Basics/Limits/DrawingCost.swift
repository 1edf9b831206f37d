/// The weights of `ResourceLimits.maxDrawingWork`, in pixels' worth: what one unit of each kind of
/// drawing costs beside one pixel painted. Chosen so that a unit takes about the same time
/// whatever the drawing — 2 to 9 ns on one core of the machine the default was measured on
/// (release build), for a 4000² fill, 20 000 hairlines the canvas's height, 400 000 dashes of
/// 0.2 px, 3000 px pens across a 2000² canvas, translucent 5000² layers, turned photos, shadows
/// of radius 200, backdrops of σ 300 and radial gradients alike.
package enum DrawingCost {
    /// One edge of a flattened outline, beyond the rows it crosses: flattening, stroking and
    /// sorting it (a fine dash's four edges cost about what 800 pixels filled cost).
    package static let edge = 200
    /// One pixel row an edge crosses: its sub-rows sampled and the row's coverage gathered.
    package static let crossedRow = 32
    /// The least a path segment costs when drawn: one edge crossing one row.
    package static let segment = edge + crossedRow
    /// One pixel of a layer composited onto another: the blend, the clip, the layer's surface
    /// cleared for the next one.
    package static let composite = 3
    /// One pixel of procedural noise (Explosion's fireball: four octaves of value noise, about 1.6 µs).
    package static let noise = 400
    /// One pixel of a resampled image (scaled, turned or placed between pixels): about 100 ns.
    package static let resampled = 25
    /// One pixel of a fill whose colour changes from pixel to pixel (a gradient, a backdrop's tint).
    package static let shaded = 8
    /// One pixel a shadow or a backdrop blurs (its passes, its surfaces made and composited).
    package static let blur = 8
    /// One pixel of a sequence frame shown in a frame: decoding it (inflating, unfiltering,
    /// converting, the pages of a new bitmap). Charged each time a frame shows it, held decoded or
    /// not, so that what a run may do does not depend on what frames drawn at once left held.
    package static let decoded = 3
    /// One pixel of a sequence frame whose PNG libpng decodes row by row (16-bit samples, 1–4-bit
    /// samples, interlaced), in place of ``decoded``: 4000² frames of grain or noise at 16 bits take
    /// 70–105 ns a pixel, an interlaced film frame 33.
    package static let decodedRowByRow = 11
    /// One byte of a sequence frame's file, beside its pixels: read and inflated each time the frame
    /// is decoded. What sets grain and noise (files as large as their pixels, 27–32 ns a pixel at
    /// 4000²) apart from a film frame or flat colour (a few bytes a hundred pixels, 6–12 ns).
    package static let fileByte = 2
}
