import Testing
import Foundation
import Basics
@testable import Compose

/// What a scene may ask for, counted over everything it draws: spawned copies spend the path
/// budget again, one spawn's copies are refused at the key that asks for them, and frames drawn at
/// once on several threads share the memory budget.
@Suite struct SceneBudgetTests {
    /// A scene whose one layer draws a path of `segments` segments (a zigzag) and spawns `copies` copies of itself.
    static func spawnScene(segments: Int, copies: Int) -> String {
        let path = "M0 0" + String(repeating: "l1 1l1 -1", count: segments / 2)
        let events = (0..<copies).map { _ in #"{"time": 0, "at": [8, 8]}"# }.joined(separator: ", ")
        return ##"{"size": [16, 16], "frames": 1, "layers": [{"shape": {"path": "\##(path)", "strokeColor": "#000000"}, "bounds": [16, 16], "##
            + ##""spawn": {"events": [\##(events)]}}]}"##
    }

    @Test func spawnedCopiesSpendThePathBudgetEach() throws {
        var limits = ResourceLimits.default
        limits.maxPathSegments = 1_000
        // 300 segments: one copy fits, three copies fit (900), four do not (1 200).
        #expect(throws: Never.self) { try SceneFile(json: Array(Self.spawnScene(segments: 300, copies: 3).utf8), files: [], limits: limits) }
        do throws(SceneFileError) {
            _ = try SceneFile(json: Array(Self.spawnScene(segments: 300, copies: 4).utf8), files: [], limits: limits)
            Issue.record("four copies of 301 segments passed a budget of 1000")
        } catch {
            #expect(error.limitError?.limit == .pathSegments, "\(error)")
            #expect(error.description.contains("layers[0].spawn") && error.description.contains("4 spawned copies"), "\(error)")
        }
    }

    /// Fresh eyes 55 #5: 900 paths of 1 000 segments over 20 000 frames (an hour or more) passed
    /// every per-frame limit. The scene's segments (every copy's) × its frames are bounded by
    /// `maxDrawingWork` when the scene is read, before any frame is drawn, each segment at the
    /// least it costs drawn (232: one edge crossing one row).
    @Test func segmentsAreBoundedOverTheFrames() throws {
        var limits = ResourceLimits.default
        limits.maxDrawingWork = 6_020 * 232
        func scene(frames: Int) -> [UInt8] {
            Array(Self.spawnScene(segments: 300, copies: 2).replacingOccurrences(of: #""frames": 1"#, with: #""frames": \#(frames)"#).utf8)
        }
        #expect(throws: Never.self) { try SceneFile(json: scene(frames: 10), files: [], limits: limits) }
        do throws(SceneFileError) {
            _ = try SceneFile(json: scene(frames: 11), files: [], limits: limits)
            Issue.record("11 frames of 602 segments passed a budget of 6020 segments")
        } catch {
            // Two copies of 301 elements (a move and 300 segments) a frame.
            #expect(error.limitError?.limit == .drawingWork && error.limitError?.amount == 6_622 * 232, "\(error)")
            #expect(error.description.hasPrefix("scene.json: layers: needs 1 536 304 pixels' worth of drawing over all the frames (11 frames of 602 "
                                                + "path segments, each drawn at 232 at the least"), "\(error)")
        }
    }

    /// Fresh eyes 57 #1: a spawned layer whose sublayer spawns again multiplied unchecked (300 × 100
    /// layers rendered past the 20 000; 10 000 × 10 000 grew to gigabytes). Each copy counts the
    /// layers its template holds.

    /// Round 60 #1: a copy spawned late was counted in every frame, before it spawns too (a
    /// 1000-segment shape spawned in the last of 100 frames was refused for 100 frames of it).
    /// A top-level copy counts from its spawn time on.
    @Test func aCopyCountsFromItsSpawnOn() throws {
        var limits = ResourceLimits.default
        limits.maxDrawingWork = 5_000_000
        let path = "M0 0" + String(repeating: "l1 1l1 -1", count: 500)
        func scene(time: Double) -> [UInt8] {
            Array((##"{"size": [16, 16], "frames": 100, "fps": 10, "layers": [{"shape": {"path": "\##(path)", "strokeColor": "#000000"}, "##
                + ##""bounds": [16, 16], "spawn": {"events": [{"time": \##(time), "at": [8, 8]}]}}]}"##).utf8)
        }
        // Spawned at 9.9 s, the last frame: 1001 segments in one frame.
        #expect(throws: Never.self) { try SceneFile(json: scene(time: 9.9), files: [], limits: limits) }
        // Spawned at 0: in all 100 frames, 23 223 200 at the least.
        do throws(SceneFileError) {
            _ = try SceneFile(json: scene(time: 0), files: [], limits: limits)
            Issue.record("100 frames of 1001 segments passed 5 000 000")
        } catch {
            #expect(error.limitError?.amount == 100 * 1_001 * 232, "\(error)")
        }
        // At 5 s: counted in the last 50 frames, said so.
        do throws(SceneFileError) {
            _ = try SceneFile(json: scene(time: 5), files: [], limits: limits)
            Issue.record("50 frames of 1001 segments passed 5 000 000")
        } catch {
            #expect(error.limitError?.amount == 50 * 1_001 * 232, "\(error)")
            #expect(error.description.contains("1 001 path segments, a spawned copy's from its spawn on and none of a hidden or clear layer's: 50 050 drawn over 100 frames"), "\(error)")
        }
    }
    /// Round 60 #1: a hidden layer, or one clear with no animation of its opacity, was counted in
    /// every frame (a 30 s scene with a hidden 250 000-segment shape was refused at the default).
    /// It draws nothing, nor its sublayers and copies: left out; animated opacity still counts.
    @Test(arguments: [
        (#""hidden": true"#, 0), (#""opacity": 0"#, 0), (#""opacity": 0, "animations": [{"property": "opacity", "from": 0, "to": 1, "duration": 1}]"#, 100),
        (#""hidden": true, "spawn": {"events": [{"time": 5, "at": [8, 8]}]}"#, 0), (#""opacity": 0.5"#, 100),
    ]) func aLayerNeverDrawnIsLeftOut(properties: String, framesCounted: Int) throws {
        var limits = ResourceLimits.default
        limits.maxDrawingWork = 5_000_000
        let path = "M0 0" + String(repeating: "l1 1l1 -1", count: 500)
        // The 1000-segment shape sits in a sublayer of the layer given `properties`, beside a visible square of 5 segments.
        let json = ##"{"size": [16, 16], "frames": 100, "fps": 10, "layers": [{"bounds": [16, 16], \##(properties), "sublayers": [{"shape": "##
            + ##"{"path": "\##(path)", "strokeColor": "#000000"}, "bounds": [16, 16]}]}, {"shape": {"path": "M0 0h4v4h-4z"}, "bounds": [4, 4]}]}"##
        do throws(SceneFileError) {
            _ = try SceneFile(json: Array(json.utf8), files: [], limits: limits)
            #expect(framesCounted == 0, "passed although drawn in \(framesCounted) frames")
        } catch {
            #expect(framesCounted > 0, "\(error)")
            #expect(error.limitError?.amount == (framesCounted * 1_001 + 100 * 5) * 232, "\(error)")
        }
    }

    @Test func spawnsInsideSpawnsCountEveryLayer() throws {
        func nested(_ outer: Int, _ inner: Int) -> [UInt8] {
            let innerLayer = #"{"bounds": [1, 1], "spawn": {"random": {"count": \#(inner), "seed": 1, "area": [16, 16]}}}"#
            let scene = #"{"size": [16, 16], "frames": 1, "layers": [{"bounds": [16, 16], "sublayers": [\#(innerLayer)], "#
                + #""spawn": {"random": {"count": \#(outer), "seed": 2, "area": [16, 16]}}}]}"#
            return Array(scene.utf8)
        }
        #expect(throws: Never.self) { try SceneFile(json: nested(190, 100), files: []) }
        for (outer, inner, held) in [(300, 100, 30_300), (10_000, 10_000, 100_010_000)] {
            do throws(SceneFileError) {
                _ = try SceneFile(json: nested(outer, inner), files: [])
                Issue.record("\(outer) × \(inner) layers accepted")
            } catch {
                #expect(error.description == "scene.json: the scene holds \(held) layers (spawned copies included), more than the 20000 a scene may hold",
                        "\(error)")
            }
        }
    }

    @Test func tooManyCopiesNameTheKeyThatAsksForThem() throws {
        let events = (0...Spawn.maximumInstances).map { _ in #"{"time": 0, "at": [1, 1]}"# }.joined(separator: ",")
        let cases = [
            ("layers[0].spawn.events", #"{"size": [8, 8], "frames": 1, "layers": [{"spawn": {"events": [\#(events)]}}]}"#),
            ("layers[0].spawn.random.count",
             #"{"size": [8, 8], "frames": 1, "layers": [{"spawn": {"random": {"count": 10001, "seed": 1, "area": [8, 8]}}}]}"#),
            ("layers[0].spawn", #"{"size": [8, 8], "frames": 1, "layers": [{"spawn": {"events": [{"time": 0, "at": [1, 1]}], "#
                + #""random": {"count": 10000, "seed": 1, "area": [8, 8]}}}]}"#),
        ]
        for (path, json) in cases {
            do throws(SceneFileError) {
                _ = try SceneFile(json: Array(json.utf8), files: [])
                Issue.record("\(path): over 10000 copies accepted")
            } catch {
                #expect(error.description.contains("scene.json: \(path):") && error.description.contains("at most 10000 copies"), "\(error)")
            }
        }
    }

    @Test func framesDrawnAtOnceShareTheMemoryBudget() throws {
        // A 1000 × 1000 canvas holds 32 MB a frame (16 bytes a pixel, and the frame made with its buffers).
        let renderer = try LayerRenderer(root: Layer(), width: 1000, height: 1000)
        #expect(renderer.frameBytes == 32_000_000)
        var limits = ResourceLimits.default
        limits.maxDecodedBytes = 70_000_000
        func threads(_ asked: Int?, _ format: FrameWriter.Format = .folder, count: Int = 30) -> Int {
            FrameWriter.drawingThreads(asked, format: format, count: count, frameBytes: renderer.frameBytes, width: 1000, height: 1000, limits: limits)
        }
        #expect(threads(8) == 2)
        #expect(threads(1) == 1)
        #expect(threads(8, count: 1) == 1)
        // A GIF's encoder holds 5 canvases of 4 MB beside the frames drawn: 50 MB left, one frame.
        #expect(threads(8, .gif) == 1)
        limits.maxDecodedBytes = 40_000_000
        #expect(threads(nil) == 1)
        // One frame over the budget is refused, saying what to change.
        limits.maxDecodedBytes = 20_000_000
        do throws(CompositionError) {
            _ = try LayerRenderer(root: Layer(), width: 500, height: 500, scale: 2, limits: limits)
            Issue.record("a 32 MB frame passed a 20 MB budget")
        } catch {
            #expect(error.description.contains("a frame of 1000×1000 pixels (500×500 points at scale 2)")
                    && error.description.contains("a smaller size or scale needs less")
                    && error.description.contains("maxDecodedBytes") && !error.description.contains("0 nested"), "\(error)")
        }
    }

    /// A 40 MB scene of 10 000 000 keyframe values took 4 GB and 37 s to read (swiftdev22 #3):
    /// a scene file holds at most `SceneFile.maximumFileBytes`, refused before it is parsed (in
    /// memory too); one just under it reads.
    @Test func aSceneFileOverTheMostAFileHoldsIsRefusedUnread() throws {
        let head = ##"{"size": [16, 16], "frames": 1, "layers": [{"bounds": [4, 4], "backgroundColor": "#FF0000"}]}"##
        let padded = Array(head.utf8) + [UInt8](repeating: 0x20, count: SceneFile.maximumFileBytes + 1 - head.utf8.count)
        do throws(SceneFileError) {
            _ = try SceneFile(json: padded, files: [])
            Issue.record("read a scene of \(padded.count) bytes")
        } catch {
            #expect(error.description.contains("is \(SceneFile.maximumFileBytes + 1) bytes: a scene file holds at most 8 MiB"), "\(error)")
        }
        let folder = NSTemporaryDirectory() + "scene-size-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Data(padded).write(to: URL(fileURLWithPath: folder + "/big.json"))
        #expect(throws: SceneFileError.self) { try SceneFile(file: folder + "/big.json") }
        #expect(throws: Never.self) { try SceneFile(json: Array(padded.dropLast()), files: []) }
    }

    /// The keyframe a moment falls in is found by halving, not by walking the list from its
    /// start at every frame (a list of 10 000 000 values cost that much per frame): the same
    /// segment and held value as the walk, on key times with repeats, for every fraction tried.
    @Test func keyframeSegmentsAreFoundAsTheWalkFoundThem() {
        let times: [Double] = [0, 0, 0.1, 0.25, 0.25, 0.25, 0.5, 0.9, 1, 1]
        func walked(_ fraction: Double, bound: Int) -> Int {
            var index = 0
            while index < bound && fraction >= times[index + 1] { index += 1 }
            return index
        }
        for step in -2...1_002 {
            let fraction = Double(step) / 1_000
            #expect(KeyTimes.segment(at: fraction, in: times).index == walked(fraction, bound: times.count - 2), "\(fraction)")
            for count in [1, 4, times.count] {
                #expect(KeyTimes.heldIndex(at: fraction, in: times, valueCount: count) == walked(fraction, bound: count - 1), "\(fraction) \(count)")
            }
        }
    }

    /// 2 000 spawned copies of a 400² layer with a backdrop of σ 100 (or a shadow) on 800² passed
    /// every limit and ran for minutes a frame (swiftdev22 #2): the pixels a frame's blurs read are
    /// counted before it is drawn, against `maxOutputPixels`; 40 copies draw.
    @Test(arguments: ["\"backdrop\": {\"sigma\": 100}", "\"shadow\": {\"radius\": 100, \"opacity\": 0.5}"])
    func blursOfThousandsOfCopiesAreRefusedBeforeTheFrameIsDrawn(effect: String) throws {
        func scene(_ count: Int) -> [UInt8] {
            Array((##"{"size": [800, 800], "frames": 1, "layers": [{"bounds": [400, 400], "backgroundColor": "#FF000080", "##
                + effect + ##", "spawn": {"random": {"count": \##(count), "area": [0, 0, 800, 800], "seed": 1}}}]}"##).utf8)
        }
        var limits = ResourceLimits.default
        limits.maxOutputPixels = 40 * 800 * 800
        let few = try SceneFile(json: scene(3), files: [], limits: limits).renderer(limits: limits)
        #expect(throws: Never.self) { _ = try few.render(at: 0) }
        let many = try SceneFile(json: scene(2_000), files: [], limits: limits).renderer(limits: limits)
        do throws(CompositionError) {
            _ = try many.render(at: 0)
            Issue.record("drew 2000 blurred copies")
        } catch {
            guard case .limit(let limit) = error else { Issue.record("\(error)"); return }
            #expect(limit.limit == .outputPixels && limit.subject == "the frame at 0 s" && (limit.amount ?? 0) > 40 * 800 * 800, "\(limit)")
        }
    }
}
