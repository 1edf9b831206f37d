import Basics
import Foundation
import Testing
import TestSupport
import Raster

/// Issue 43: `resize --size 1x60000000` ran 140 s in 5.6 GB — the resampler held an array of
/// weights per output position, and a float copy of the whole output. Its weights are now one
/// flat buffer (horizontal) or made row by row (vertical), each output row rounded as it is made;
/// the outputs are the same bytes as before (goldens written by the resampler as it was), and
/// output sizes over `maxOutputPixels` are refused before anything is allocated.
@Suite("Resampler: work in proportion, same bytes")
struct ResamplerWorkTests {
    /// Each golden is `<input>-<filter>-<width>x<height>.png` (or `<input>-blur-…` for a blur that
    /// works smaller, which resizes floats twice), written by `flipbook resize` / `blur` at commit
    /// 207fd57, before this change: see `Tests/Fixtures/resize/golden/ORIGIN.md`.
    static let goldens = Fixtures.pngNames(in: "resize/golden")

    /// The real frames the goldens were made from.
    static let inputs = [
        "robot": "info/robot_walk0.png",   // 96×128 pixel art, alpha
        "explosion": "sequences/unity-explosion02hd-fadeout/explosion02HD-frame058.png",   // 800×800, soft alpha
        "bbb": "sequences/bbb-opening-fadein-720p/bbb0030.png",   // 1280×720 film frame, opaque
        "coin": "info/coin@2x.png",   // 64×64 @2x
    ]

    @Test func theGoldensAreThere() {
        #expect(Self.goldens.count == 12)
    }

    @Test(arguments: goldens)
    func resizedPixelsAreTheOldBytes(name: String) throws {
        let parts = name.dropLast(4).split(separator: "-")
        let input = try PNG.Decoder().decodeBitmap(file: Fixtures.path(try #require(Self.inputs[String(parts[0])])))
        let golden = try PNG.Decoder().decode(file: Fixtures.path("resize/golden/\(name)")).bitmap(scale: input.scale)
        let ours: Bitmap
        if parts[1] == "blur" {
            // blur-<sigma>-down<factor>: the float path (`resize` of a FloatImage, down and back up).
            var blur = Blur(sigma: try #require(Double(parts[2])))
            blur.downsample = try #require(Double(parts[3].dropFirst(4)))
            ours = try blur.apply(to: input)
        } else {
            let filter = try #require(Resampler.Filter(rawValue: String(parts[1])))
            let size = parts[2].split(separator: "x").compactMap { Int($0) }
            ours = try Resampler(filter: filter).resize(input, width: size[0], height: size[1])
        }
        #expect((ours.width, ours.height) == (golden.width, golden.height))
        #expect(ours.pixels == golden.pixels, "\(name): \(zip(ours.pixels, golden.pixels).filter { $0 != $1 }.count) bytes differ")
    }

    /// A size within `maxPixels` but over `maxOutputPixels` is refused, with the output-pixel
    /// limit, before anything is made (it was resized).
    @Test(arguments: Resampler.Filter.allCases)
    func anOutputOverMaxOutputPixelsIsRefused(filter: Resampler.Filter) throws {
        let robot = try PNG.Decoder().decodeBitmap(file: Fixtures.path("info/robot_walk0.png"))
        let limits = ResourceLimits(maxOutputPixels: 10_000)
        let error = #expect(throws: LimitError.self) { try Resampler(filter: filter).resize(robot, width: 1, height: 10_001, limits: limits) }
        #expect(error?.limit == .outputPixels)
        #expect(error?.description.contains("ResourceLimits.maxOutputPixels") == true, "\(String(describing: error))")
        // Through a content mode too, and a size at the limit is made.
        #expect(throws: LimitError.self) {
            try ContentMode.aspectFill.render(robot, width: 200, height: 51, resampler: Resampler(filter: filter), limits: limits)
        }
        #expect(try Resampler(filter: filter).resize(robot, width: 1, height: 10_000, limits: limits).height == 10_000)
    }
}
