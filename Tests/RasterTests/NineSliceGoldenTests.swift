import Foundation
import Testing
import TestSupport
import Raster

/// Nine-slice output against committed golden PNGs (decoded and compared pixel by pixel).
/// Re-record on purpose with `FLIPBOOK_RECORD=1 swift test --filter NineSliceGoldenTests`.
@Suite("Nine-slice goldens")
struct NineSliceGoldenTests {
    @Test(arguments: NineSlice.Mode.allCases, [1, 2])
    func matchesTheGolden(mode: NineSlice.Mode, scale: Int) throws {
        // The coin fixture (64×64 px) read at 1x or 2x: insets 20 pt at 1x, 10 pt at 2x (20 px either way).
        var coin = try PNG.Decoder().decode(file: Fixtures.path("info/coin@2x.png")).bitmap()
        coin.scale = scale
        let inset = 20.0 / Double(scale)
        let slice = NineSlice(insets: .init(top: inset, left: inset, bottom: inset, right: inset), mode: mode)
        let out = try slice.render(coin, width: 150.0 / Double(scale), height: 90.0 / Double(scale))
        let golden = Fixtures.path("nine-slice/coin-\(mode.rawValue)@\(scale)x.png")
        if Fixtures.recording {
            try PNG.Encoder().write(out, to: golden)
            Issue.record(Comment(rawValue: Fixtures.recorded(golden)))
        }
        var expected = try PNG.Decoder().decode(file: golden).bitmap()
        expected.scale = scale
        let same = out == expected   // outside #expect: no pixel dump on failure
        #expect(same, "differs from \(golden)")
    }
}
