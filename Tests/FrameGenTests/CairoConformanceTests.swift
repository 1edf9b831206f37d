import Foundation
import Raster
import Testing
import TestSupport
@testable import FrameGen

/// Every reference scene rendered by us and by Cairo 1.16 (committed PNGs made by
/// `Tests/Fixtures/framegen/make_cairo_references.py`): mean absolute difference ≤ 0.2/255 per
/// channel and no channel off by more than 20/255. Curves are split where Cairo splits them
/// (`Flattener.decompose`); what is left is mostly the rasterizer (Cairo samples rows where an edge
/// starts on 15 sub-rows, this one on 16) and the round pens of joins and caps.
@Suite("Cairo conformance")
struct CairoConformanceTests {
    static let scenes: [String] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: Fixtures.path("framegen/scenes"))) ?? []
        return names.filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }.sorted()
    }()

    @Test func everySceneHasAReference() {
        #expect(Self.scenes.count == 28)
        for name in Self.scenes {
            #expect(FileManager.default.fileExists(atPath: Fixtures.path("framegen/cairo/\(name).png")), "\(name)")
        }
    }

    @Test(arguments: scenes)
    func matchesCairo(_ name: String) throws {
        let scene = try Scene(json: try Fixtures.bytes("framegen/scenes/\(name).json"))
        let ours = try scene.render()
        let cairo = try PNG.Decoder().decode(file: Fixtures.path("framegen/cairo/\(name).png")).bitmap(scale: scene.scale)
        if let folder = ProcessInfo.processInfo.environment["FLIPBOOK_DUMP"] {
            try PNG.Encoder().write(ours, to: "\(folder)/\(name).png")
        }
        #expect(ours.width == cairo.width && ours.height == cairo.height)
        let difference = ImageDifference(ours, cairo)
        #expect(difference.mean <= 0.2, "\(name): mean |Δ| \(difference.mean)/255")
        #expect(difference.maximum <= 20, "\(name): max |Δ| \(difference.maximum)/255 at \(difference.worst)")
    }
}

/// Per-channel absolute differences of two bitmaps of one size, compared premultiplied (what is
/// seen: Cairo stores premultiplied values, and a straight colour at alpha 1 is nearly free).
struct ImageDifference {
    var mean: Double = 0
    var maximum = 0
    var worst = (x: 0, y: 0)

    init(_ a: Bitmap, _ b: Bitmap) {
        guard a.width == b.width, a.height == b.height, a.width > 0 else {
            maximum = 255
            mean = 255
            return
        }
        var sum = 0
        let width = a.width
        let a = a.premultipliedPixels(), b = b.premultipliedPixels()
        for i in 0..<a.count {
            let d = abs(Int(a[i]) - Int(b[i]))
            sum += d
            if d > maximum {
                maximum = d
                worst = ((i / 4) % width, (i / 4) / width)
            }
        }
        mean = Double(sum) / Double(a.count)
    }
}
