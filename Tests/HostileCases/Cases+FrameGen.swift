import Basics
import FrameGen
import Foundation
import Raster
import Text

extension HostileCases {
    static let frameGen: [HostileCase] = [
        HostileCase("Canvas(scale:) NaN, infinite, negative and huge sizes", ["Canvas", "Canvas.State"]) {
            each(Sample.doubles) { v in _ = try Canvas(width: v, height: 10, scale: 1).makeBitmap() }
            each(Sample.ints) { scale in _ = try Canvas(width: 100_000, height: 100_000, scale: scale).makeBitmap() }
            each(Sample.ints) { scale in _ = try Canvas(width: 4, height: 4, scale: scale, limits: ResourceLimits(maxPixels: 1)).makeBitmap() }
            var canvas = Canvas(drawingOn: Sample.bitmap)
            canvas.state.transform = AffineTransform(a: .nan, b: .infinity, c: 0, d: 0, tx: -.infinity, ty: 0)
            canvas.restoreState(); canvas.restoreState()
            _ = canvas.makeBitmap()
        },
        HostileCase("Canvas drawing with NaN geometry, empty paths and zero scales", ["Canvas", "Path", "Path.Element", "Point",
                                                                                     "AffineTransform", "FillRule", "StrokeStyle",
                                                                                     "LineCap", "LineJoin"]) {
            var canvas = try Canvas(width: 16, height: 16)
            each(Sample.doubles) { v in
                canvas.saveState()
                canvas.translateBy(x: v, y: v); canvas.scaleBy(x: v, y: 0); canvas.rotate(by: v)
                canvas.concatenate(AffineTransform(rotationAngle: v).scaledBy(x: v, y: v).translatedBy(x: v, y: v).rotated(by: v))
                var path = Path(circleAt: Point(v, v), radius: v)
                path.append(Path(roundedRect: v, v, v, v, radius: v))
                path.append(Path(ellipseIn: 0, 0, v, v))
                path.addArc(center: Point(0, 0), radius: v, startAngle: v, endAngle: -v, clockwise: true)
                path.arc(to: Point(v, 1), radii: Point(v, 0), rotation: v, largeArc: true, sweep: false)
                path.curve(to: Point(v, v), control1: Point(0, v), control2: Point(v, 0))
                path.close(); path.close()
                for cap in [LineCap.butt, .round, .square] {
                    for join in [LineJoin.miter, .round, .bevel] {
                        let style = StrokeStyle(width: v, cap: cap, join: join, miterLimit: v, dash: [v, 0, -v])
                        try canvas.stroke(path, color: .black, style: style, limits: ResourceLimits(maxFlattenedEdges: 100_000))
                    }
                }
                for rule in [FillRule.nonzero, .evenodd] { try canvas.fill(path, color: .black, rule: rule, limits: .default) }
                try canvas.clip(to: path, limits: .default)
                canvas.fill(rect: v, v, v, v, color: .black)
                canvas.draw(Sample.bitmap, in: v, v, v, v)
                canvas.draw(Sample.bitmap, at: Point(v, v))
                canvas.restoreState()
            }
            _ = canvas.makeBitmap()
            _ = Path(elements: []).applying(AffineTransform(scaleX: .nan, y: .infinity))
            _ = Point(.nan, .nan).distance(to: Point(x: .infinity, y: 0)); _ = Point(1, 1).lerp(Point(2, 2), .nan)
        },
        HostileCase("SVG path data that is not", ["SVGPathError", "Path"]) {
            each(["", "M", "M 1e400 0 L nan nan", "M0 0 A 0 0 0 1 1 1e308 1e308", String(repeating: "M0 0 L1 1 ", count: 2000), "Z Z Z", "m-.-.-."]) {
                text in _ = try Path(svg: text, limits: ResourceLimits(maxPathSegments: 100))
            }
        },
        HostileCase("Scene JSON with hostile sizes and operations", ["Scene", "Scene.Operation", "SceneError", "ImageLoader", "ImageLoader.Error"]) {
            let scenes = ["", "{}", #"{"size": [1e400, 1]}"#, #"{"size": [-1, -1]}"#, #"{"size": [100000, 100000]}"#,
                          #"{"size": [4, 4], "scale": 0}"#, #"{"size": [4, 4], "scale": 9223372036854775807}"#,
                          #"{"size": [4, 4], "operations": [{"image": "../../etc/passwd", "at": [0, 0]}]}"#,
                          ##"{"size": [4, 4], "operations": [{"fill": "M0 0 L1 1", "color": "#zz"}]}"##]
            each(scenes) { text in _ = try Scene(json: Array(text.utf8), file: "x.json").render() }
            _ = ImageLoader.isInsideFolder("../x"); _ = ImageLoader.isInsideFolder("/x")
            _ = try? ImageLoader.load("../x.png", in: "/nonexistent", scale: Int.min, maxPixels: -1)
            _ = try? ImageLoader.loadFolder("", scale: 0)
        },
        HostileCase("Draw-scene text ops and font files with hostile sizes, strings, names and fonts",
                    ["Scene.Label", "FontLoader", "FontLoader.Error"]) {
            let scenes = [#"{"size": [8, 8], "ops": [{"text": "a", "fontSize": 1e308, "maxWidth": -1, "lineSpacing": 1e308}]}"#,
                          #"{"size": [8, 8], "scale": 8, "ops": [{"text": "a", "fontSize": 1000}]}"#,
                          #"{"size": [8, 8], "ops": [{"text": "a", "font": "../../etc/passwd"}, {"text": "", "font": ""}]}"#,
                          #"{"size": [8, 8], "ops": [{"text": ""# + String(repeating: "W", count: 100_001) + #""}]}"#,
                          #"{"size": [8, 8], "ops": [{"text": ""# + String(repeating: "W", count: 50_000) + #"", "fontSize": 100}]}"#]
            each(scenes) { text in _ = try Scene(json: Array(text.utf8), file: "x.json").render() }
            each(Sample.doubles) { v in
                let label = Scene.Label(string: "x\u{301}\u{202E}", fontSize: v, maxWidth: v, lineSpacing: v, at: Point(v, v))
                _ = try label.layout(font: try Font.standard())
                var scene = try Scene(json: Array(#"{"size": [8, 8], "ops": []}"#.utf8))
                scene.operations = [.text(label), .text(Scene.Label(string: "y", font: "missing.ttf", at: Point(v, -v)))]
                _ = try scene.render(limits: ResourceLimits(maxPixels: 64))
            }
            let folder = Sample.folder("fonts")
            FileManager.default.createFile(atPath: folder + "/junk.ttf", contents: Data(Sample.png))
            try? FileManager.default.createDirectory(atPath: folder + "/dir.ttf", withIntermediateDirectories: true)
            each(["", "/etc/passwd", "../x.ttf", "~/x.ttf", "junk.ttf", "dir.ttf", "gone.ttf", "a\u{0}b"]) { name in
                _ = try FontLoader.load(name, in: folder)
            }
            _ = try? FontLoader.load(["junk.ttf", "junk.ttf"], in: "/nonexistent")
        },
        HostileCase("Seagull.frameCount = 0 and hostile frames", ["Seagull", "FrameGenerator", "Color"]) {
            var gull = Seagull(width: 8, height: 4, frameCount: 0)
            gull.frameCount = 0
            _ = try gull.frame(3); _ = gull.wingHeight(frame: Int.min)
            gull.frameCount = Int.min
            _ = try gull.frame(Int.max)
            each(Sample.doubles) { v in _ = try Seagull(width: v, height: v, scale: Int.min, frameCount: Int.max, lineWidth: v, lowWing: v, highWing: v).frame(Int.min) }
            // `(index % frameCount) + frameCount` overflowed for a positive index near `Int.max` frames.
            for count in [Int.max, Int.max - 1] { _ = Seagull(frameCount: count).wingHeight(frame: 5); _ = Seagull(frameCount: count).wingHeight(frame: Int.max - 2) }
            _ = Seagull.unitPath(wingHeight: .nan)
        },
        HostileCase("Explosion with hostile counts, sizes and sparks", ["Explosion", "SeededRandom"]) {
            var explosion = Explosion(width: 4, height: 4, frameCount: Int.min, sparks: -5)
            _ = try explosion.frame(Int.min); _ = try explosion.frame(Int.max)
            explosion.frameCount = 0; explosion.frameCount = 1; explosion.sparks = Int.min
            _ = try explosion.frame(1)
            each(Sample.doubles) { v in _ = try Explosion(width: v, height: 4, scale: 0, frameCount: 2, sparks: 2).frame(0) }
            var random = SeededRandom(seed: .max); _ = random.next(); _ = random.unit()
        },
        HostileCase("Freehand with empty strokes, NaN points and zero frames", ["Freehand", "Freehand.Smoothing"]) {
            for smoothing in [Freehand.Smoothing.linear, .bezier, .midpoint] {
                var drawing = Freehand(strokes: [[], [Point(.nan, .nan)], [Point(0, 0), Point(0, 0)], [Point(.infinity, 1), Point(1, -.infinity)]],
                                       width: 8, height: 8, smoothing: smoothing, lineWidth: .nan, frameCount: 0)
                drawing.frameCount = Int.min
                _ = try drawing.frame(Int.min); _ = try drawing.frame(Int.max)
                _ = Freehand.path(through: [], smoothing: smoothing)
            }
            each(["", "{}", #"{"size": [1e300, 1e300], "strokes": []}"#, #"{"strokes": [[[0, 0]]], "width": -1}"#]) { text in
                _ = try Freehand(json: Array(text.utf8)).frame(0)
            }
        },
        HostileCase("Scatter with hostile sizes and seeds", ["Scatter"]) {
            each(Sample.doubles) { v in _ = try Scatter(width: v, height: 8, scale: Int.min, circleRadius: v, circleStrokeWidth: v, count: -3, spread: v).frame(Int.min) }
            each(Sample.ints) { scale in _ = try Scatter.rock(seed: 0, scale: scale) }
            each([Int.max, Int.max / 2, 1 << 40]) { count in _ = try Scatter(count: count).frame(0) }
            each([Int.max, 1 << 40]) { count in _ = try Scatter(count: count, images: [Bitmap(clearWidth: 0, height: 0)]).frame(0) }
        },
        HostileCase("generator settings out of range, and their errors", ["Seagull", "Explosion", "Scatter", "Freehand", "FrameGenerator",
                                                                            "GeneratorError"]) {
            // Each drew an empty or broken frame without a word; each is now a GeneratorError naming the setting.
            each(Sample.doubles) { v in
                for gull in [Seagull(lineWidth: v), Seagull(lowWing: v), Seagull(highWing: v), Seagull(width: v, height: v, lineWidth: v)] {
                    _ = gull.settingError?.description; _ = gull.widestLine; _ = try gull.frame(0)
                }
                for scatter in [Scatter(circleRadius: v), Scatter(circleStrokeWidth: v), Scatter(spread: v), Scatter(width: v, height: v, circleRadius: v)] {
                    _ = scatter.settingError?.description; _ = try scatter.render()
                }
                for drawing in [Freehand(strokes: [[Point(v, 0), Point(0, v)]], width: 8, height: 8), Freehand(strokes: [[Point(0, 0)]], width: v, height: v, lineWidth: v)] {
                    _ = drawing.settingError?.description; _ = drawing.widestLine; _ = try drawing.frame(0)
                }
            }
            each(Sample.ints) { n in
                _ = Explosion(width: 8, height: 8, sparks: n).settingError; _ = try Explosion(width: 8, height: 8, sparks: n).frame(0)
                _ = Scatter(width: 8, height: 8, count: n).settingError; _ = try Scatter(width: 8, height: 8, count: n).frame(n)
            }
            for error in [GeneratorError.setting(SettingError(.strokes(stroke: Int.max, sample: Int.min), of: nil, value: "", problem: .outOfRange(.finite))),
                          .limit(LimitError(limit: .pixels, subject: "", amount: Int.max, maximum: Int.min))] {
                _ = error.description; _ = error.limitError; _ = error.settingError
            }
            _ = Seagull.wingRange; _ = Explosion.sparkRange; _ = Scatter.countRange; _ = Scatter.longestLength
        },
        HostileCase("generator frames over the pixel limit", ["Seagull", "Explosion", "Scatter", "Freehand", "FrameGenerator"]) {
            // Each allocated its frame before any check and died doing it.
            let huge: [(Double, Double, Int)] = [(1e6, 1e6, 1), (1e5, 1e5, 1), (8, 8, Int.max), (8, 8, 1 << 20), (1e300, 1e300, 2)]
            for (w, h, scale) in huge {
                each([0, Int.max]) { index in _ = try Seagull(width: w, height: h, scale: scale).frame(index) }
                each([0, Int.max]) { index in _ = try Explosion(width: w, height: h, scale: scale, frameCount: 2, sparks: 1).frame(index) }
                each([0]) { index in _ = try Scatter(width: w, height: h, scale: scale, count: 1).frame(index) }
                each([0]) { index in _ = try Freehand(strokes: [[Point(0, 0), Point(1, 1)]], width: w, height: h, scale: scale).frame(index) }
            }
            // A canvas within the limits whose procedural rocks are not: 28 × 22 points at @100000x.
            each([1 << 17, Int.max]) { scale in _ = try Scatter(width: 0.01, height: 0.01, scale: scale, count: 1).frame(0) }
            each([ResourceLimits(maxPixels: -1), ResourceLimits(maxPixels: 0)]) { limits in _ = try Seagull(limits: limits).frame(0) }
            // Sparks are path segments: `Int.max` of them looped for ever.
            each([Int.max, 1 << 40]) { sparks in _ = try Explosion(width: 8, height: 8, sparks: sparks).frame(0) }
        },
    ]
}
