import Testing
import Foundation
import Animated
import Basics
import FrameGen
import GIF
import Raster
import TestSupport
@testable import Compose

/// Scene files written wrong, as a new user writes them from the docs: each gets one clear error
/// naming the file and the key path, never a crash.
@Suite struct SceneFileStrictTests {
    static let png: [UInt8] = try! PNG.Encoder().encode(Bitmap(width: 4, height: 2, straight: [UInt8](repeating: 200, count: 32))!)

    static func read(_ json: String, files: [InMemoryFile] = [InMemoryFile(name: "rock.png", bytes: png)]) throws(SceneFileError) -> SceneFile {
        try SceneFile(json: Array(json.utf8), file: "sky.json", files: files)
    }

    static func error(_ json: String, files: [InMemoryFile] = [InMemoryFile(name: "rock.png", bytes: png)]) -> SceneFileError? {
        do throws(SceneFileError) { _ = try read(json, files: files); return nil } catch { return error }
    }

    @Test func aTypoIsRefusedWithTheKeyItMeant() {
        let typos: [(json: String, found: String, meant: String, path: String)] = [
            (##"{"size": [8, 8], "frames": 1, "layres": []}"##, "layres", "layers", "layres"),
            (##"{"size": [8, 8], "frames": 1, "layers": [{"positon": [1, 2]}]}"##, "positon", "position", "layers[0].positon"),
            (##"{"size": [8, 8], "frames": 1, "layers": [{"animations": [{"property": "position", "form": [0, 0]}]}]}"##, "form", "from",
             "layers[0].animations[0].form"),
            (##"{"size": [8, 8], "frames": 1, "layers": [{"shape": {"path": "M0 0h1v1z", "fillColour": "#FF0000"}}]}"##, "fillColour",
             "fillColor", "layers[0].shape.fillColour"),
        ]
        for typo in typos {
            guard case .schema(let error)? = Self.error(typo.json) else { Issue.record("no schema error for \(typo.found)"); continue }
            #expect(error.isUnknownKey && error.found == typo.found && error.suggestion == typo.meant && error.keyPath == typo.path, "\(error)")
            #expect(error.description.hasPrefix("sky.json: unknown key"))
        }
        // A misspelt value too: a timing function, a fill mode, a property.
        let values = [##""timingFunction": "easeInOut""##, ##""fillMode": "forward""##]
        for value in values {
            let json = ##"{"size": [8, 8], "frames": 1, "layers": [{"animations": [{"property": "opacity", "to": 0, "## + value + "}]}]}"
            guard case .schema(let error)? = Self.error(json), case .unknownValue = error.problem else { Issue.record("\(value)"); continue }
            #expect(error.suggestion != nil, "\(error)")
        }
    }

    @Test func wrongTypesAndRangesAreNamedByKeyPath() {
        let cases: [(json: String, path: String)] = [
            (##"{"size": [8, 8], "frames": 1, "layers": [{"opacity": 2}]}"##, "layers[0].opacity"),
            (##"{"size": [8, 8], "frames": 1, "layers": [{"sublayers": [{"bounds": [1, -2]}]}]}"##, "layers[0].sublayers[0].bounds[1]"),
            (##"{"size": [8, 8], "frames": 1, "layers": [{"hidden": "yes"}]}"##, "layers[0].hidden"),
            (##"{"size": [8, 8], "duration": 1, "frames": 2, "layers": []}"##, "frames"),
            (##"{"size": [8, 8], "frames": 1, "layers": [{"image": "rock.png", "shape": {"path": "M0 0"}}]}"##, "layers[0]"),
            (##"{"size": [8, 8], "frames": 1, "layers": [{"animations": [{"property": "opacity", "path": "M0 0L1 1"}]}]}"##,
             "layers[0].animations[0].path"),
        ]
        for (json, path) in cases {
            guard case .schema(let error)? = Self.error(json) else { Issue.record("no schema error for \(json)"); continue }
            #expect(error.keyPath == path, "\(error)")
        }
    }

    @Test func aTimingCoreAnimationCannotMeanIsRefusedAtItsAnimation() {
        let json = ##"{"size": [8, 8], "frames": 1, "layers": [{"animations": [{"property": "opacity", "values": [0, 1], "keyTimes": [0, 0.5, 1]}]}]}"##
        guard case .timing(let file, let path, .wrongCount)? = Self.error(json) else { Issue.record("\(String(describing: Self.error(json)))"); return }
        #expect(file == "sky.json" && path.description == "layers[0].animations[0]")
        let both = ##"{"size": [8, 8], "frames": 1, "layers": [{"animations": [{"property": "scale", "to": 2, "repeatCount": 2, "repeatDuration": 3}]}]}"##
        guard case .timing(_, _, .conflicting)? = Self.error(both) else { Issue.record("\(String(describing: Self.error(both)))"); return }
    }

    @Test func missingAndEscapingImagesAreRefusedByName() {
        let missing = ##"{"size": [8, 8], "frames": 1, "layers": [{"image": "rok.png"}]}"##
        #expect(Self.error(missing) == .missingFile(file: "sky.json", path: InputPath([.key("layers"), .index(0), .key("image")]), name: "rok.png"))
        for name in ["../rock.png", "/etc/passwd", "art/../../rock.png"] {
            let json = ##"{"size": [8, 8], "frames": 1, "layers": [{"image": ""## + name + ##""}]}"##
            guard case .outsideFolder(_, _, let refused)? = Self.error(json) else { Issue.record("\(name)"); continue }
            #expect(refused == name)
        }
        let sequence = ##"{"size": [8, 8], "frames": 1, "layers": [{"sequence": {"source": "../explosion"}}]}"##
        guard case .outsideFolder? = Self.error(sequence) else { Issue.record("sequence"); return }
    }

    @Test func aLinkThatLeadsOutOfTheScenesFolderIsRefused() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("scene-link-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: root + "/scene", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: root + "/secret", withIntermediateDirectories: true)
        try Data(Self.png).write(to: URL(fileURLWithPath: root + "/secret/rock.png"))
        try FileManager.default.createSymbolicLink(atPath: root + "/scene/rock.png", withDestinationPath: root + "/secret/rock.png")
        try FileManager.default.createSymbolicLink(atPath: root + "/scene/art", withDestinationPath: root + "/secret")
        for name in ["rock.png", "art/rock.png", "art"] {
            let key = name == "art" ? ##"{"sequence": {"source": "art"}}"## : ##"{"image": ""## + name + ##""}"##
            try Data((##"{"size": [8, 8], "frames": 1, "layers": ["## + key + "]}").utf8).write(to: URL(fileURLWithPath: root + "/scene/s.json"))
            #expect(throws: SceneFileError.self) { try SceneFile(file: root + "/scene/s.json") }
            do throws(SceneFileError) { _ = try SceneFile(file: root + "/scene/s.json") } catch {
                guard case .outsideFolder = error else { Issue.record("\(name): \(error)"); continue }
            }
        }
    }

    /// A sequence folder inside the scene's folder with one frame that links out: the error names
    /// that frame (the folder itself stays inside; it was blamed before).
    @Test func aFrameThatLinksOutIsNamedNotItsFolder() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("scene-frame-link-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: root + "/scene/seq", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: root + "/secret", withIntermediateDirectories: true)
        for n in [1, 2] { try Data(Self.png).write(to: URL(fileURLWithPath: root + "/scene/seq/gold_\(n).png")) }
        try Data(Self.png).write(to: URL(fileURLWithPath: root + "/secret/gold_3.png"))
        try FileManager.default.createSymbolicLink(atPath: root + "/scene/seq/gold_3.png", withDestinationPath: root + "/secret/gold_3.png")
        try Data(##"{"size": [8, 8], "frames": 1, "layers": [{"sequence": {"source": "seq"}}]}"##.utf8)
            .write(to: URL(fileURLWithPath: root + "/scene/s.json"))
        do throws(SceneFileError) { _ = try SceneFile(file: root + "/scene/s.json"); Issue.record("read") } catch {
            guard case .sequence = error else { Issue.record("\(error)"); return }
            #expect(error.description.contains("gold_3.png is a symbolic link"), "\(error.description)")
        }
    }

    /// A sequence layer playing `v@2x.gif` (20×20 px) took its default bounds as 20×20 pt, where
    /// the name makes its frames @2x (10×10 pt, as `frames` of it gives `v1@2x.png…`): the frames
    /// streamed from the file carried scale 1 (fresh eyes 23).
    @Test(arguments: ["v@2x.gif", "v.gif"])
    func anAnimatedFilesNameGivesItsFramesScale(name: String) throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("scene-gif-scale-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        let frames = [[UInt8](repeating: 200, count: 20 * 20 * 4), [UInt8](repeating: 90, count: 20 * 20 * 4)].map { Bitmap(width: 20, height: 20, straight: $0)! }
        let gif = try GIF.Encoder().encode(FrameInput(durations: [0.1, 0.1]) { frames[$0] }).bytes
        try Data(gif).write(to: URL(fileURLWithPath: root + "/" + name))
        try Data((##"{"size": [40, 40], "frames": 1, "layers": [{"sequence": {"source": ""## + name + ##""}}]}"##).utf8)
            .write(to: URL(fileURLWithPath: root + "/s.json"))
        let scene = try SceneFile(file: root + "/s.json")
        let side = name.contains("@2x") ? 10.0 : 20.0
        #expect(scene.root.sublayers.first?.bounds == Rect(width: side, height: side))
    }

    @Test func hugeSizesAndLongRendersStopAtALimit() {
        let huge = ##"{"size": [100000, 100000], "frames": 1, "layers": []}"##
        guard case .limit(let pixels)? = Self.error(huge) else { Issue.record("huge"); return }
        #expect(pixels.limit == .pixels)
        let long = ##"{"size": [8, 8], "duration": 86400, "fps": 1000, "layers": []}"##
        guard case .limit(let frames)? = Self.error(long) else { Issue.record("long"); return }
        #expect(frames.limit == .frames)
        let work = ##"{"size": [4000, 4000], "frames": 1000, "layers": []}"##
        guard case .limit(let output)? = Self.error(work) else { Issue.record("work"); return }
        #expect(output.limit == .outputPixels)
    }

    @Test func aMillionSpawnedInstancesAreRefusedBeforeAnyIsMade() {
        let random = ##"{"size": [8, 8], "frames": 1, "layers": [{"spawn": {"random": {"count": 1000000, "seed": 1, "area": [8, 8]}}}]}"##
        // Said at the key that asks for them (round 70: the scene's total came first, without the key).
        #expect(Self.error(random)?.description.hasPrefix("sky.json: layers[0].spawn.random.count: asks for 1000000 random copies") == true,
                "\(String(describing: Self.error(random)))")
        let event = ##"{"time": 0, "at": [1, 1]}"##
        let events = ##"{"size": [8, 8], "frames": 1, "layers": [{"spawn": {"events": ["## + Array(repeating: event, count: 20_001).joined(separator: ",") + "]}}]}"
        #expect(Self.error(events)?.description.hasPrefix("sky.json: layers[0].spawn.events: ") == true, "\(String(describing: Self.error(events)))")
        let deep = ##"{"size": [8, 8], "frames": 1, "layers": ["## + String(repeating: ##"{"sublayers": ["##, count: 100) + String(repeating: "]}", count: 100) + "]}"
        guard case .tooDeep? = Self.error(deep) else { Issue.record("deep"); return }
    }

    @Test func aSceneMapsOneToOneOntoLayers() throws {
        let json = #"""
            {"size": [40, 20], "scale": 2, "background": "#102030", "duration": 1, "fps": 10, "repeatCount": 3,
             "layers": [{"name": "rock", "image": "rock.png", "position": [10, 5], "anchorPoint": [0, 0], "opacity": 0.5,
                         "transform": {"rotation": 0.25, "scale": [2, 3], "translation": [1, 1]}, "zPosition": 2, "hidden": false,
                         "masksToBounds": true, "blendMode": "multiply", "backgroundColor": "#FF000080", "cornerRadius": 1,
                         "beginTime": 0.5, "speed": 2, "timeOffset": 0.25,
                         "shadow": {"opacity": 0.4, "radius": 2, "offset": [1, 2], "color": "#000000"},
                         "backdrop": {"preset": "dark", "sigma": 4},
                         "animations": [{"property": "opacity", "values": [0, 1, 0.5], "calculationMode": "cubic", "duration": 2,
                                         "repeatCount": "infinity", "autoreverses": true, "fillMode": "both",
                                         "timingFunction": [0.3, 0, 0.2, 1.4]}],
                         "mask": {"shape": {"path": "M0 0h4v2z"}}}]}
            """#
        let scene = try Self.read(json)
        #expect(scene.width == 40 && scene.scale == 2 && scene.frameCount == 10 && scene.repeatCount == 3)
        let rock = try #require(scene.root.sublayers.first)
        #expect(rock.name == "rock" && rock.bounds == Rect(width: 4, height: 2) && rock.position == Point(10, 5))
        #expect(rock.transform == LayerTransform(translation: Point(1, 1), rotation: 0.25, scale: Point(2, 3)))
        #expect(rock.blendMode == .multiply && rock.masksToBounds && rock.zPosition == 2 && rock.cornerRadius == 1)
        #expect(rock.timing == LayerTiming(beginTime: 0.5, speed: 2, timeOffset: 0.25))
        #expect(rock.shadow == Shadow(color: .black, opacity: 0.4, offset: Point(1, 2), radius: 2))
        #expect(rock.backdrop?.sigma == 4 && rock.mask != nil)
        guard case .opacity(.keyframe(let fade))? = rock.animations.first else { Issue.record("animation"); return }
        #expect(fade.calculationMode == .cubic && fade.timing.repeatCount == .infinity && fade.timing.autoreverses)
        #expect(fade.timingFunction == (try TimingFunction(0.3, 0, 0.2, 1.4)))
        _ = try scene.renderer().render(at: 0.5)
    }
}

/// The fuzz target's seed that names every key of the format reads and draws (a seed the fuzzer
/// starts from must reach past the reader).
@Suite struct RenderSceneSeedTests {
    @Test func theEveryKindSeedReadsAndDraws() throws {
        let path = Fixtures.repository + "/Fuzz/Seeds/fuzz-render-scene/every-kind.json"
        let scene = try SceneFile(json: [UInt8](try Data(contentsOf: URL(fileURLWithPath: path))), file: "every-kind.json", files: [])
        #expect(scene.frameCount == 3 && scene.root.sublayers.first?.sublayers.count == 5)
        _ = try scene.renderer().render(at: scene.time(ofFrame: 2))
    }
}

/// The scene file's gradients and its animations of bounds and colours map onto the library's
/// (`Gradient`, `LayerAnimation.bounds/backgroundColor/gradientColors`) and are read strictly.
@Suite struct SceneFileGradientTests {
    static let json = #"""
        { "size": [40, 20], "frames": 2, "fps": 1, "layers": [
          { "name": "sky", "gradient": { "colors": ["#000000", "#FFFFFF"], "type": "radial", "startPoint": [0.5, 0.5], "endPoint": [1, 1] },
            "bounds": [40, 20], "position": [20, 10],
            "animations": [ { "property": "colors", "from": ["#000000", "#FFFFFF"], "to": ["#FFFFFF", "#000000"], "duration": 1 },
                            { "property": "bounds", "values": [[20, 10], [40, 20]], "duration": 1 },
                            { "property": "backgroundColor", "to": "#FF0000", "duration": 1 } ] } ] }
        """#

    @Test func gradientsAndPropertyAnimationsMapOntoTheLibrarysTypes() throws {
        let scene = try SceneFile(json: Array(Self.json.utf8), file: "sky.json", files: [])
        let layer = try #require(scene.root.sublayers.first)
        guard case .gradient(let gradient) = layer.content else { Issue.record("\(layer.content)"); return }
        #expect(gradient == Gradient(colors: [.black, .white], type: .radial, startPoint: Point(0.5, 0.5), endPoint: Point(1, 1)))
        #expect(layer.animations.count == 3)
        guard case .gradientColors(.basic) = layer.animations[0], case .bounds(.keyframe) = layer.animations[1],
              case .backgroundColor(.basic) = layer.animations[2] else { Issue.record("\(layer.animations)"); return }
        // Drawn as the same tree built in Swift draws.
        var built = Layer(name: "sky", content: .gradient(gradient), bounds: Rect(width: 40, height: 20), position: Point(20, 10))
        built.animations = layer.animations
        var root = scene.root
        root.sublayers = [built]
        for time in [0, 0.5] {
            let fromFile = try scene.renderer().render(at: time)
            let fromSwift = try LayerRenderer(root: root, width: 40, height: 20).render(at: time)
            #expect(fromFile.pixels == fromSwift.pixels)
        }
    }

    @Test(arguments: [
        (##"{"colours": ["#000000"]}"##, "colors"), (##"{"colors": []}"##, "at least one colour"),
        (##"{"colors": ["#000000", "#FFFFFF"], "locations": [0]}"##, "one location per colour"),
        (##"{"colors": ["#000000"], "type": "linear"}"##, "axial"),
    ])
    func badGradientsAreRefusedByKey(gradient: String, words: String) throws {
        let json = ##"{"size": [4, 4], "frames": 1, "layers": [{"gradient": "## + gradient + ##", "bounds": [4, 4]}]}"##
        do {
            _ = try SceneFile(json: Array(json.utf8), file: "g.json", files: [])
            Issue.record("accepted \(gradient)")
        } catch {
            #expect("\(error)".contains(words), "\(error)")
        }
    }
}

/// The deepest scene the file allows is one the renderer draws (a 64-deep file was read, then
/// refused by the renderer for the root layer's level; fourth fresh-eyes round).
@Suite struct SceneDepthTests {
    static func nested(_ depth: Int) -> String {
        var layer = ##"{"bounds": [1, 1], "backgroundColor": "#000000"}"##
        for _ in 1..<depth { layer = #"{"bounds": [1, 1], "sublayers": ["# + layer + "]}" }
        return #"{"size": [4, 4], "frames": 1, "layers": ["# + layer + "]}"
    }

    @Test func theDeepestFileTheReaderTakesIsDrawn() throws {
        let deepest = try SceneFile(json: Array(Self.nested(SceneFile.maximumDepth).utf8), file: "deep.json", files: [])
        _ = try deepest.renderer().render(at: 0)
        #expect(throws: SceneFileError.self) {
            try SceneFile(json: Array(Self.nested(SceneFile.maximumDepth + 1).utf8), file: "deeper.json", files: [])
        }
    }
}

/// `"duration": 0` is Core Animation's default 0.25 s, as `CAAnimation` reads it: the layer stayed
/// at `from` forever (fourth fresh-eyes round).
@Suite struct SceneZeroDurationTests {
    @Test func aZeroDurationIsTheDefault() throws {
        let json = #"{"size": [4, 4], "frames": 1, "layers": [{"bounds": [1, 1], "animations": [{"property": "opacity", "from": 0, "to": 1, "duration": 0}]}]}"#
        let scene = try SceneFile(json: Array(json.utf8), file: "zero.json", files: [])
        let layer = try #require(scene.root.sublayers.first)
        guard case .opacity(.basic(let animation)) = layer.animations.first else { Issue.record("\(layer.animations)"); return }
        #expect(animation.timing.duration == 0.25)
    }
}
