import Basics
import Foundation
import Raster
import Testing
@testable import Compose

/// Fresh eyes 55 #4: a frosted panel downsampled by 7 and partly off the canvas differed from the
/// same panel on a wider canvas by 5/255 (16/255 at @3x, σ 3): the downsampling grid started at
/// the canvas's edge, not the panel's. It is anchored to the panel's box now, so the panel's
/// pixels are the same on both canvases wherever what lies below is the same (horizontal
/// stripes: the narrow canvas's repeated edge is what the wider one has there).
@Suite("A downsampled backdrop's grid is the panel's")
struct BackdropGridTests {
    /// Eight horizontal stripes `width` wide and a 60×40 frosted panel whose left edge is at `left`.
    static func scene(width: Int, left: Int, downsample: Double, scale: Int) -> [UInt8] {
        let colors = ["#FF0000", "#00FF00", "#0000FF", "#FFFF00", "#00FFFF", "#FF00FF", "#000000", "#FFFFFF"]
        let stripes = colors.enumerated().map { index, color in
            ##"{"shape": {"path": "M0 \##(index * 8) H\##(width) V\##(index * 8 + 8) H0 Z", "fillColor": "\##(color)"}, "##
                + ##""bounds": [\##(width), 64], "anchorPoint": [0, 0], "position": [0, 0]}"##
        }
        let panel = #"{"bounds": [60, 40], "position": [\#(left + 30), 30], "backdrop": {"sigma": 3, "downsample": \#(downsample)}}"#
        return Array(#"{"size": [\#(width), 64], "scale": \#(scale), "frames": 1, "layers": [\#((stripes + [panel]).joined(separator: ", "))]}"#.utf8)
    }

    @Test(arguments: [(7.0, 1), (7.0, 3), (1.25, 1), (1.25, 3), (3.0, 1), (1.0, 2)])
    func aPanelPartlyOffTheCanvasIsThePanelOnAWiderOne(downsample: Double, scale: Int) throws {
        let narrow = try SceneFile(json: Self.scene(width: 64, left: -20, downsample: downsample, scale: scale), files: []).renderer().render(at: 0)
        let wide = try SceneFile(json: Self.scene(width: 128, left: 44, downsample: downsample, scale: scale), files: []).renderer().render(at: 0)
        let rowBytes = 64 * scale * 4
        var largest = 0
        for y in 0..<(64 * scale) {
            let left = narrow.pixels[(y * rowBytes)..<((y + 1) * rowBytes)]
            let right = wide.pixels[(y * 2 * rowBytes + rowBytes)..<((y + 1) * 2 * rowBytes)]
            largest = max(largest, zip(left, right).map { abs(Int($0) - Int($1)) }.max() ?? 0)
        }
        #expect(largest == 0, "downsample \(downsample) @\(scale)x: \(largest)/255 apart")
    }

    @Test func theGridCellIsTheFewestPixelsOfWholeDownsampledPixels() {
        #expect(Backdrop.gridCell(1) == 1 && Backdrop.gridCell(7) == 7 && Backdrop.gridCell(1.25) == 5 && Backdrop.gridCell(2.5) == 5)
        #expect(Backdrop.gridCell(100) == 100 && Backdrop.gridCell(1.0001) == nil)
    }
}
