import Foundation
import Raster
import Text

/// `flipbook-bench text CASES.json ROUNDS`: sets and draws every paragraph of the Pango corpus
/// (`Tests/Fixtures/text/pango/cases.json`) as `TextLayout` and `draw(into:)` do, ROUNDS times each,
/// and prints one JSON line per case: the median milliseconds to lay it out (shape, break, place)
/// and to draw it onto a white bitmap as wide as the case and as tall as the layout. The font is loaded once, before timing, as
/// Pango's side keeps its font map. Benchmarks/pango/pango_bench.c times Pango the same way.
struct TextBench {
    struct Case: Decodable {
        var id: String
        var text: String
        var size: Double
        var width: Double
        var wrap: String
    }

    struct Manifest: Decodable { var cases: [Case] }

    let cases: [Case]

    init(file: String) throws {
        cases = try JSONDecoder().decode(Manifest.self, from: Data(contentsOf: URL(fileURLWithPath: file))).cases
    }

    func run(rounds: Int) throws {
        let font = try Font.standard()
        let modes: [String: TextStyle.LineBreakMode] = ["char": .charWrapping, "word-char": .wordWrapping, "end": .truncatingTail,
                                                        "start": .truncatingHead, "middle": .truncatingMiddle]
        for item in cases {
            let style = TextStyle(font: font, size: item.size, lineBreakMode: modes[item.wrap] ?? .wordWrapping)
            var layouts: [Double] = [], draws: [Double] = []
            var ink = 0
            for round in 0..<max(rounds, 1) {
                let start = DispatchTime.now().uptimeNanoseconds
                let layout = try TextLayout(item.text, style: style, maxWidth: item.width)
                let laid = DispatchTime.now().uptimeNanoseconds
                var bitmap = try Bitmap(width: max(1, Int(item.width.rounded(.up))), height: max(1, Int(layout.height.rounded(.up))))
                bitmap.withUnsafeMutablePixels { $0.update(repeating: 255) }
                try layout.draw(into: &bitmap)
                let drawn = DispatchTime.now().uptimeNanoseconds
                layouts.append(Double(laid - start) / 1e6)
                draws.append(Double(drawn - laid) / 1e6)
                if round == rounds - 1 { ink = bitmap.pixels.reduce(0) { $0 + Int(255 - $1) } / 3 }
            }
            print(#"{"id": "\#(item.id)", "#
                  + String(format: #""layout_ms": %.4f, "draw_ms": %.4f, "ink": %d}"#, Self.median(layouts), Self.median(draws), ink))
        }
    }

    static func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
}
