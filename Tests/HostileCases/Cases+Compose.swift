import Animated
import Basics
import Compose
import Foundation
import FrameGen
import GIF
import Raster
import Text

extension HostileCases {
    static let compose: [HostileCase] = [
        HostileCase("MediaTiming and TimingFunction with NaN, infinite, negative and huge values",
                    ["MediaTiming", "MediaTiming.Progress", "FillMode", "TimingFunction", "TimingError"]) {
            each(Sample.doubles) { v in
                for fill in FillMode.allCases {
                    let timing = try? MediaTiming(beginTime: v, duration: abs(v), speed: v, timeOffset: v,
                                                  repeatCount: abs(v), autoreverses: true, fillMode: fill)
                    _ = timing?.progress(atParentTime: v)
                    _ = try? MediaTiming(duration: 1e-300, timeOffset: 1e300, repeatCount: v, fillMode: fill).progress(atParentTime: v)
                    _ = try? MediaTiming(duration: 1, repeatDuration: v, fillMode: fill).progress(atParentTime: -v)
                }
                _ = try TimingFunction(0.5, v, 0.5, v).value(at: v)
                _ = TimingFunction.default.value(at: v)
            }
        },
        HostileCase("Basic, keyframe and path animations with hostile values and lists",
                    ["Animatable", "BasicAnimation", "KeyframeAnimation", "CalculationMode", "PathAnimation",
                     "PathAnimation.RotationMode", "PathAnimation.Placement"]) {
            let timing = try MediaTiming(duration: 1, fillMode: .both)
            each(Sample.doubles) { v in
                _ = try BasicAnimation<Double>(from: v, by: v, timing: timing).value(atParentTime: v, base: v)
                for mode in CalculationMode.allCases {
                    _ = try KeyframeAnimation<Point>(values: [Point(v, 0), Point(0, v)], keyTimes: [0, v],
                                                     calculationMode: mode, timing: timing).value(atFraction: v)
                    _ = try KeyframeAnimation<Double>(values: [0, 1e308, -1e308], calculationMode: mode, timing: timing).value(atFraction: v)
                    var path = Path(); path.move(to: Point(0, 0)); path.curve(to: Point(v, 1e300), control1: Point(0, 0), control2: Point(0, 0))
                    for rotation in PathAnimation.RotationMode.allCases {
                        _ = try PathAnimation(path: path, calculationMode: mode, rotationMode: rotation, timing: timing).placement(atFraction: v)
                    }
                }
            }
            _ = try KeyframeAnimation<Double>(values: [], timing: timing)
        },
        HostileCase("Animation groups with hostile times, nesting and easing", ["AnimationGroup"]) {
            let timing = try MediaTiming(duration: 1, repeatCount: .infinity, autoreverses: true, fillMode: .both)
            let fade = LayerAnimation.opacity(.basic(try BasicAnimation<Double>(from: 0, to: 1, timing: timing)))
            var group = AnimationGroup(animations: [fade, .frame(.basic(try BasicAnimation<Double>(from: -1e308, to: 1e308, timing: timing)))],
                                       timing: timing, timingFunction: try TimingFunction(1, 0, 0, 1))
            for _ in 0..<50 { group = AnimationGroup(animations: [.group(group), fade], timing: timing) }
            let layer = Layer(animations: [.group(group), .translation(.basic(try BasicAnimation<Point>(to: Point(.nan, 1e308), timing: timing)))])
            each(Sample.doubles) { v in
                _ = group.time(atParentTime: v)
                _ = layer.presentation(at: v)
            }
            _ = AnimationGroup(animations: [], timing: timing).time(atParentTime: 0)
        },
        HostileCase("Blend modes with NaN, infinite, negative and over-range colours", ["BlendMode"]) {
            let hostile: [SIMD4<Float>] = [.zero, SIMD4(repeating: .nan), SIMD4(repeating: .infinity), SIMD4(-1, 2, -.infinity, 0.5),
                                           SIMD4(1, 1, 1, 0), SIMD4(0, 0, 0, 1e-30)]
            for mode in BlendMode.allCases {
                for source in hostile { for destination in hostile { _ = mode.blend(source, onto: destination) } }
                _ = mode.isPorterDuff
            }
        },
        HostileCase("Layer trees with NaN, infinite, negative and huge geometry, timing and opacity",
                    ["CompositionError", "Layer", "Layer.Content", "LayerAnimation", "LayerAnimation.PointAnimation",
                     "LayerAnimation.ScalarAnimation", "LayerRenderer", "LayerTiming", "LayerTransform", "Rect", "ShapeContent"]) {
            let timing = try MediaTiming(duration: 1, fillMode: .both)
            each(Sample.doubles) { v in
                let shape = ShapeContent(path: Path(circleAt: Point(v, v), radius: v), fillColor: .black, strokeColor: .black,
                                         strokeStyle: StrokeStyle(width: v))
                let child = Layer(name: "child", content: .shape(shape), bounds: Rect(x: v, y: v, width: abs(v), height: 4),
                                  position: Point(v, 1), anchorPoint: Point(v, v),
                                  transform: LayerTransform(translation: Point(v, v), rotation: v, scale: Point(v, 0)),
                                  opacity: 0.5, zPosition: v, masksToBounds: true, blendMode: .hue,
                                  timing: LayerTiming(beginTime: v, speed: v, timeOffset: v),
                                  animations: [.opacity(.basic(try BasicAnimation(from: 0, to: 2, timing: timing))),
                                               .scale(.keyframe(try KeyframeAnimation(values: [1, 1e300], timing: timing))),
                                               .rotation(.basic(try BasicAnimation(by: 1e300, timing: timing))),
                                               .position(.basic(try BasicAnimation(to: Point(1e300, -1e300), timing: timing)))])
                let image = Layer(name: "image", content: .image(Sample.bitmap), bounds: Rect(width: 1e6, height: 1e-9), opacity: 0.3)
                let root = Layer(name: "root", bounds: Rect(width: 8, height: 8), position: Point(4, 4), sublayers: [child, image])
                _ = root.presentation(at: v).matrixInParent
                _ = Rect(width: v, height: v).isValid; _ = LayerTransform(rotation: v).isFinite; _ = LayerTiming(speed: v).localTime(v)
                _ = try? LayerRenderer(root: root, width: v, height: 8)
                _ = try? LayerRenderer(root: root, width: 8, height: 8, scale: Int.max)
                if let renderer = try? LayerRenderer(root: root, width: 8, height: 8) { _ = try? renderer.render(at: v) }
            }
            _ = try LayerRenderer(root: Layer(), width: 1e12, height: 1e12, limits: ResourceLimits(maxPixels: 100))
        },
        HostileCase("Sequence layers with hostile times, counts and unreadable frames", ["SequenceContent"]) {
            let frames: [FrameSource] = [.bitmap(Sample.bitmap), .file("/nonexistent/frame1.png"), .memory(InMemoryFile(name: "x.png", bytes: [1, 2]))]
            let animation = try Animation(frames: frames, duration: 1e-300, repeatCount: Int.max / 2)
            each(Sample.doubles) { v in
                let content = try SequenceContent(animation: animation, beginTime: v, hidesWhenFinished: true)
                _ = content.frameIndex(at: v)
                let layer = Layer(name: "s", content: .sequence(content), bounds: Rect(width: 4, height: 4), position: Point(2, 2))
                _ = try? LayerRenderer(root: layer, width: 4, height: 4).render(at: v)
                if var renderer = try? LayerRenderer(root: layer, width: 4, height: 4) {
                    renderer.frameInterval = v
                    _ = try? renderer.render(at: v)
                    _ = try? renderer.render(at: 1)
                }
                for index in Sample.ints { for previous in Sample.ints + [nil] as [Int?] { _ = content.framesDecoded(toShow: index, after: previous) } }
            }
            // A GIF read as a stream, whose frames cost those before them.
            let gif = try GIF.Encoder().encode(FrameInput(durations: [0.1, 0.1]) { _ in Sample.bitmap }).bytes
            let streamed = try SequenceContent(animation: Animation.load(files: [InMemoryFile(name: "s.gif", bytes: gif)], streaming: true))
            for index in Sample.ints + [1] { for previous in Sample.ints + [nil, 1] as [Int?] { _ = streamed.framesDecoded(toShow: index, after: previous) } }
            each(Sample.doubles) { v in
                let layer = Layer(name: "s", content: .sequence(streamed), bounds: Rect(width: 4, height: 4), position: Point(2, 2))
                if var renderer = try? LayerRenderer(root: layer, width: 4, height: 4) {
                    renderer.frameInterval = v
                    _ = try? renderer.render(at: v)
                }
            }
        },
        HostileCase("Spawned copies with hostile times, points, counts and seeds", ["Spawn", "Spawn.Event"]) {
            each(Sample.doubles) { v in
                _ = try? Spawn(template: Layer(), events: [Spawn.Event(time: v, point: Point(v, v))]).layers()
                _ = try? Spawn.randomEvents(count: 3, seed: UInt64.max, in: Rect(x: v, y: v, width: v, height: v), start: v, interval: v)
            }
            each(Sample.ints) { count in _ = try? Spawn.randomEvents(count: count, seed: 0, in: Rect(width: 1, height: 1), interval: 1) }
            _ = try Spawn(template: Layer(), events: Array(repeating: Spawn.Event(time: 0, point: .zero), count: 20_000))
        },
        HostileCase("Gradients and bounds and colour animations with hostile points, locations, colours and rectangles",
                    ["Gradient", "Gradient.Kind", "Gradient.Problem", "ColorComponents", "PropertyAnimation"]) {
            let timing = try MediaTiming(duration: 1, fillMode: .both)
            each(Sample.doubles) { v in
                for kind in Gradient.Kind.allCases {
                    for locations in [nil, [v, 0.5], [0, v], [v], [1, 0]] as [[Double]?] {
                        let gradient = Gradient(colors: [.white, .clear], locations: locations, type: kind,
                                                startPoint: Point(v, 0.5), endPoint: Point(0.5, v))
                        _ = gradient.problem?.description
                        let colors = try PropertyAnimation<[ColorComponents]>.keyframe(KeyframeAnimation(
                            values: [[ColorComponents(red: 1e300, green: -1e300, blue: 0)], [], [.zero, .zero, .zero]],
                            calculationMode: .cubic, timing: timing))
                        let bounds = try PropertyAnimation<Rect>.basic(BasicAnimation(by: Rect(x: 1e300, y: -1e300, width: -1e300, height: 1e300),
                                                                                     timing: timing))
                        let color = try PropertyAnimation<ColorComponents>.basic(BasicAnimation(
                            from: ColorComponents(red: 1e300, green: -1, blue: 2, alpha: -1e300), timing: timing))
                        let layer = Layer(name: "g", content: .gradient(gradient), bounds: Rect(width: 4, height: 4), position: Point(2, 2),
                                          animations: [.gradientColors(colors), .bounds(bounds), .backgroundColor(color)])
                        _ = layer.presentation(at: v)
                        _ = try? LayerRenderer(root: layer, width: 4, height: 4).render(at: v)
                        _ = try? LayerRenderer(root: layer, width: 4, height: 4).render(at: 0.5)
                    }
                }
                _ = ColorComponents(red: v, green: v, blue: v, alpha: v).color
                _ = ColorComponents(red: v, green: 0, blue: 0).distance(to: .zero)
                _ = try? BasicAnimation<ColorComponents>(from: ColorComponents(red: v, green: 0, blue: 0), timing: timing)
                _ = try? BasicAnimation<Rect>(to: Rect(x: v, y: v, width: v, height: v), timing: timing)
                _ = try? PropertyAnimation<Rect>.keyframe(KeyframeAnimation(values: [Rect(width: v, height: 1), Rect(width: 1, height: 1)],
                                                                              calculationMode: .paced, timing: timing)).value(at: v, base: .zero)
            }
            _ = try PropertyAnimation<[ColorComponents]>.keyframe(KeyframeAnimation(values: [], timing: timing))
        },
        HostileCase("Scene files and render jobs with hostile JSON, sizes, counts, paths and settings",
                    ["SceneFile", "SceneFileError", "RenderJob", "RenderJob.Source", "RenderJob.Format", "RenderJob.Plan",
                     "RenderJob.Outcome", "RenderError"]) {
            let png = (try? PNG.Encoder().encode(Sample.bitmap)) ?? []
            let files = [InMemoryFile(name: "a.png", bytes: png), InMemoryFile(name: "bad.png", bytes: [1, 2, 3])]
            var texts = [
                "", "null", "[]", "{}", #"{"size": [1e300, 1e300], "frames": 1, "layers": []}"#,
                #"{"size": [4, 4], "frames": 9007199254740993, "layers": []}"#,
                #"{"size": [4, 4], "duration": 1e308, "fps": 1000, "layers": []}"#,
                #"{"size": [4, 4], "frames": 1, "layers": [{"image": "../a.png"}, {"image": "/etc/passwd"}]}"#,
                #"{"size": [4, 4], "frames": 1, "layers": [{"image": "bad.png"}]}"#,
                #"{"size": [4, 4], "frames": 1, "layers": [{"sequence": {"source": ""}}]}"#,
                #"{"size": [4, 4], "frames": 2, "layers": [{"spawn": {"random": {"count": 9223372036854775807, "seed": 1, "area": [4, 4]}}}]}"#,
                #"{"size": [4, 4], "frames": 2, "layers": [{"spawn": {"random": {"count": 1000000, "seed": -1, "area": [-4, 4]}}}]}"#,
                #"{"size": [4, 4], "frames": 2, "layers": [{"animations": [{"property": "position", "path": "M0 0 L1e308 1e308", "duration": 1e308, "repeatCount": "infinity", "speed": -1e308}]}]}"#,
                #"{"size": [4, 4], "frames": 2, "layers": [{"animations": [{"property": "scale", "values": [], "keyTimes": [2], "timingFunction": [9, 9, 9, 9]}]}]}"#,
            ]
            texts.append(#"{"size": [4, 4], "frames": 1, "layers": ["# + String(repeating: #"{"sublayers": ["#, count: 200) + String(repeating: "]}", count: 200) + "]}")
            for text in texts {
                _ = try? SceneFile(json: Array(text.utf8), files: files)
                for format in RenderJob.Format.allCases {
                    _ = try? RenderJob(scene: InMemoryFile(name: "s.json", bytes: Array(text.utf8)), files: files, format: format).run(cancellation: nil)
                }
            }
            each(Sample.ints) { v in
                var job = RenderJob(scene: InMemoryFile(name: "s.json", bytes: Array(#"{"size": [2, 2], "frames": 2, "layers": []}"#.utf8)), files: [])
                job.scale = v; job.repeatCount = v; job.threads = v
                _ = (try? job.run(cancellation: nil))?.notes
            }
            each(Sample.doubles) { v in
                var job = RenderJob(scene: InMemoryFile(name: "s.json", bytes: Array(#"{"size": [2, 2], "frames": 2, "layers": []}"#.utf8)), files: [])
                job.fps = v
                _ = try? job.run(cancellation: nil)
                _ = try? SceneFile(json: Array(#"{"size": [2, 2], "frames": 2, "layers": []}"#.utf8), files: []).time(ofFrame: Int.max)
            }
            _ = try? RenderJob(scene: "/nonexistent/scene.json", output: "").plan(cancellation: nil)
            _ = try? RenderJob(url: URL(fileURLWithPath: "/nonexistent"), output: nil).plan(cancellation: nil)
            _ = RenderJob.Format(fileName: "")
            throw RenderError.scene(.tooManyLayers(file: "s.json", count: Int.max, maximum: 0))
        },
        HostileCase("Frame operations over sequences with hostile sizes, factors, sources and settings",
                    ["FrameOperation", "FrameOperationJob", "FrameOperationJob.Plan", "FrameOperationJob.Outcome", "FrameOperationError"]) {
            let bitmap = Sample.bitmap
            each(Sample.doubles) { v in
                let operations: [FrameOperation] = [
                    .blur(Blur(sigma: v)),
                    .slice(NineSlice(insets: NineSlice.Insets(top: v, left: v, bottom: v, right: v)), width: v, height: -v),
                    .resize(width: v, height: 1 / v, filter: .lanczos3, fit: .aspectFill),
                    .scale(factor: v, filter: .nearest),
                ]
                for operation in operations {
                    _ = try? operation.apply(to: bitmap, file: "x.png", limits: ResourceLimits(maxPixels: 64))
                    _ = try? operation.outputSize(width: Int.max, height: Int.max, scale: 3, limits: .default)
                    _ = try? FrameOperationJob(sources: ["/nonexistent"], output: nil, operation: operation).run(cancellation: nil)
                }
            }
            each(Sample.ints) { v in
                var job = FrameOperationJob(sources: [""], output: "", operation: .blur(Blur(sigma: 1)))
                job.threads = v
                _ = try? job.plan(cancellation: nil)
            }
            _ = try? FrameOperationJob(sources: [], output: nil, operation: .blur(Blur(sigma: 1)), format: .sheet).run(cancellation: nil)
            _ = try? FrameOperationJob(urls: [], output: nil, operation: .blur(Blur(sigma: 1))).plan(cancellation: nil)
            _ = try? FrameOperationJob(files: [InMemoryFile(name: "a.png", bytes: Sample.png), InMemoryFile(name: "a.gif", bytes: [1, 2])],
                                       operation: .scale(factor: 1e300, filter: .bicubic)).run(cancellation: nil)
            _ = FrameOperationError.noPixels(subject: "", width: Int.min, height: Int.max, scale: Int.min).description
            throw FrameOperationError.cancelled
        },
        HostileCase("Text layers with hostile sizes, widths, strings, fonts, scales and limits", ["TextContent"]) {
            let font = try Font.standard()
            let strings = ["", "\n\n", "\u{0}\u{7}", "\u{202E}abc", String(repeating: "e\u{301}", count: 300), "שלום مرحبا", "\u{10FFFF}"]
            each(Sample.doubles) { v in
                for string in strings {
                    let layout = try TextLayout(string, style: TextStyle(font: font, size: 12), maxWidth: v.isFinite && v > 0 && v < 1e6 ? v : nil)
                    let content = TextContent(layout: layout)
                    _ = content.width; _ = content.height
                    let layer = Layer(name: "t", content: .text(content), bounds: Rect(x: v, y: v, width: abs(v), height: 4),
                                      position: Point(v, v), opacity: 0.5, shadow: Shadow(), mask: Layer(content: .text(content)))
                    for scale in [Int.min, 0, 1, 8, Int.max] {
                        _ = try? LayerRenderer(root: layer, width: 8, height: 8, scale: scale).render(at: v)
                    }
                    _ = try? LayerRenderer(root: layer, width: 8, height: 8, limits: ResourceLimits(maxPixels: 1, maxDecodedBytes: 1))
                }
            }
            each(Sample.doubles) { v in
                let note = Note(text: "hello", style: TextStyle(font: font, size: 12), chrome: Sample.bitmap,
                                insets: NineSlice.Insets(top: v, left: 1, bottom: v, right: 1), maxWidth: v)
                let content = try TextContent(note: note)
                _ = content.width; _ = content.height
                _ = try? LayerRenderer(root: Layer(content: .text(content)), width: 8, height: 8, scale: 2).render(at: 0)
            }
            let big = TextContent(layout: try TextLayout("W", style: TextStyle(font: font, size: TextStyle.maximumSize)))
            _ = try? LayerRenderer(root: Layer(content: .text(big)), width: 8, height: 8, scale: 8)
            let scenes = [
                #"{"size": [8, 8], "frames": 1, "layers": [{"text": {"string": "a", "fontSize": 1e308, "maxWidth": -1, "lineSpacing": 1e308}}]}"#,
                #"{"size": [8, 8], "frames": 1, "layers": [{"text": {"string": "a", "font": "../../etc/passwd"}}, {"text": {"string": "b", "font": "/etc/passwd"}}]}"#,
                #"{"size": [8, 8], "frames": 1, "layers": [{"text": {"string": "a", "font": "junk.ttf"}}]}"#,
                #"{"size": [8, 8], "frames": 1, "layers": [{"text": {"string": "a"}, "bounds": [1e300, 0]}]}"#,
                #"{"size": [8, 8], "frames": 1, "layers": [{"text": {"string": "a", "chrome": {"image": "junk.ttf", "insets": [1e300, 0, 0, 0]}}}]}"#,
                #"{"size": [8, 8], "frames": 1, "layers": [{"text": {"string": "a", "chrome": {"image": "../x.png", "insets": []}}}]}"#,
                #"{"size": [8, 8], "frames": 1, "scale": 8, "layers": [{"text": {"string": "a", "fontSize": 1000}}]}"#,
                #"{"size": [8, 8], "frames": 1, "layers": [{"text": {"string": ""# + String(repeating: "x", count: 1_000_001) + #""}}]}"#,
            ]
            for scene in scenes {
                _ = try? SceneFile(json: Array(scene.utf8), files: [InMemoryFile(name: "junk.ttf", bytes: Sample.png)])
            }
        },
        HostileCase("Shadows and masks with hostile values", ["Shadow"]) {
            each(Sample.doubles) { v in
                let shadow = Shadow(color: .black, opacity: min(max(v, 0), 1), offset: Point(v, -v), radius: abs(v))
                _ = shadow.isValid
                let mask = Layer(name: "m", content: .shape(ShapeContent(path: Path(circleAt: Point(v, v), radius: v))),
                                 bounds: Rect(width: 4, height: 4), position: Point(v, v))
                let layer = Layer(name: "s", content: .image(Sample.bitmap), bounds: Rect(width: 4, height: 4), position: Point(2, 2),
                                  shadow: shadow, mask: mask)
                _ = try? LayerRenderer(root: layer, width: 4, height: 4).render(at: v)
            }
        },
    ]
}
