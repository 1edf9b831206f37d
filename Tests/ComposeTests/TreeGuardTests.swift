import Animated
import Foundation
import TestSupport
import Basics
import FrameGen
import Raster
import Testing
@testable import Compose

/// Trees a scene file or a caller could build that must end in a typed error before any frame,
/// never a crash, unbounded memory or a silently empty picture (third fresh-eyes round: 500
/// levels ended the process with SIGSEGV; 40 nested half-opaque groups at 2048² took 2.8 GB;
/// NaN paths and pens drew nothing).
@Suite struct TreeGuardTests {
    static func nested(_ depth: Int, opacity: Double = 1, asMasks: Bool = false) -> Layer {
        var layer = Layer(name: "leaf", bounds: Rect(width: 8, height: 8), backgroundColor: .black)
        for level in 0..<depth {
            var parent = Layer(name: "l\(level)", bounds: Rect(width: 8, height: 8), opacity: opacity)
            if asMasks { parent.mask = layer } else { parent.sublayers = [layer] }
            layer = parent
        }
        return layer
    }

    @Test(arguments: [false, true])
    func aTreeDeeperThanTheMaximumIsRefused(asMasks: Bool) throws {
        _ = try LayerRenderer(root: Self.nested(LayerRenderer.maximumDepth - 1, asMasks: asMasks), width: 8, height: 8).render(at: 0)
        for depth in [LayerRenderer.maximumDepth, 500, 20_000] {
            #expect(throws: CompositionError.self) { try LayerRenderer(root: Self.nested(depth, asMasks: asMasks), width: 8, height: 8) }
        }
    }

    @Test func nestedGroupSurfacesAreBoundedByTheDecodedBytesLimit() throws {
        let tree = Self.nested(40, opacity: 0.9)
        do {
            _ = try LayerRenderer(root: tree, width: 2048, height: 2048)
            Issue.record("40 nested 2048² surfaces (2.7 GB) were accepted")
        } catch {
            guard case .limit(let limit) = error else { Issue.record("\(error)"); return }
            #expect(limit.limit == .decodedBytes)
        }
        // The same tree on a small output is fine.
        _ = try LayerRenderer(root: tree, width: 64, height: 64).render(at: 0)
    }

    @Test func nonFiniteContentAndTimesAreRefused() throws {
        var path = Path()
        path.move(to: Point(0, 0))
        path.line(to: Point(.nan, 4))
        let badPath = Layer(content: .shape(ShapeContent(path: path)), bounds: Rect(width: 8, height: 8))
        #expect(throws: CompositionError.self) { try LayerRenderer(root: badPath, width: 8, height: 8) }
        for pen in [StrokeStyle(width: .infinity), StrokeStyle(width: 1, miterLimit: .nan), StrokeStyle(width: 1, dash: [2, .nan]),
                    StrokeStyle(width: 1, dashPhase: -.infinity)] {
            let stroked = Layer(content: .shape(ShapeContent(path: Path(rect: 0, 0, 4, 4), strokeColor: .black, strokeStyle: pen)),
                                bounds: Rect(width: 8, height: 8))
            #expect(throws: CompositionError.self) { try LayerRenderer(root: stroked, width: 8, height: 8) }
        }
        let frames = try Animation(frames: [.bitmap(try Bitmap(width: 2, height: 2))], duration: 1)
        var sequence = try SequenceContent(animation: frames)
        sequence.beginTime = .nan
        #expect(throws: CompositionError.self) {
            try LayerRenderer(root: Layer(content: .sequence(sequence), bounds: Rect(width: 2, height: 2)), width: 8, height: 8)
        }
        let renderer = try LayerRenderer(root: Layer(bounds: Rect(width: 8, height: 8)), width: 8, height: 8)
        for time in [Double.nan, .infinity, -.infinity] {
            #expect(throws: CompositionError.self) { try renderer.render(at: time) }
        }
    }
}

/// Outputs of less than a pixel are refused by name, not written as 0×0 (exit 4 from the PNG
/// encoder) — third fresh-eyes round.
@Suite struct EmptyOutputTests {
    @Test func aRendererOfLessThanAPixelIsRefused() throws {
        #expect(throws: CompositionError.emptyOutput(width: 0.4, height: 0.4, scale: 1)) {
            try LayerRenderer(root: Layer(bounds: Rect(width: 1, height: 1)), width: 0.4, height: 0.4)
        }
    }

    @Test func aSceneOfLessThanAPixelIsRefused() throws {
        let scene = try Scene(json: Array(#"{"size":[1e-300,1e-300],"ops":[]}"#.utf8), file: "tiny.json")
        #expect(throws: SceneError.emptyCanvas(file: "tiny.json", width: 1e-300, height: 1e-300, scale: 1)) { try scene.render() }
    }

    /// Round 62: a side of 2³¹ points under raised pixel and memory limits was "less than one pixel".
    @Test func aSideTooLongForACanvasIsSaidSo() throws {
        let limits = ResourceLimits(maxPixels: .max, maxDecodedBytes: .max)
        let scene = try Scene(json: Array(#"{"size":[2147483648,1],"ops":[]}"#.utf8), file: "wide.json", limits: limits)
        let error = #expect(throws: SceneError.self) { try scene.render(limits: limits) }
        #expect(error?.description == "wide.json: size [2147483648, 1] at scale 1 has a side of 2 147 483 648 pixels, "
            + "more than the 2 147 483 646 a side may have")
        #expect(throws: CompositionError.emptyOutput(width: 1, height: 1.5e9, scale: 2)) {
            try LayerRenderer(root: Layer(bounds: Rect(width: 1, height: 1)), width: 1, height: 1.5e9, scale: 2, limits: limits)
        }
        #expect(CompositionError.emptyOutput(width: 1, height: 1.5e9, scale: 2).description
            == "an output of 1 × 1500000000 points at scale 2 has a side of 3 000 000 000 pixels, more than the 2 147 483 646 a side may have")
        #expect(CompositionError.emptyOutput(width: 0.4, height: 0.4, scale: 1).description
            == "an output of 0.4 × 0.4 points at scale 1 is less than one pixel; it needs at least 1×1 pixels")
    }

    /// Round 63 #2: a render scene of one huge and one tiny side, inside the pixel limit by its
    /// product, trapped converting the huge side to a whole number; it is said to be too long.
    @Test(arguments: ["[9.3e18, 1e-18]", "[1e-300, 1e300]", "[3e9, 1e-9]"])
    func aHugeSideBesideATinyOneIsSaidSo(size: String) throws {
        let json = Array(#"{"size": \#(size), "frames": 1, "layers": []}"#.utf8)
        let error = #expect(throws: SceneFileError.self) { try SceneFile(json: json, file: "r.json", files: []).renderer() }
        #expect(error?.description.contains("more than the 2 147 483 646 a side may have") == true, "\(String(describing: error))")
    }

    /// Round 63 #3: a render canvas within raised pixel limits but past `--max-memory` was
    /// allocated first (2147483646×1: an abort on 34 GB); it is refused before.
    @Test func aRenderCanvasPastTheMemoryLimitIsRefusedBeforeItIsMade() throws {
        let json = Array(#"{"size": [2147483646, 1], "frames": 1, "layers": []}"#.utf8)
        let limits = ResourceLimits(maxPixels: 4_000_000_000, maxOutputPixels: 4_000_000_000)
        let error = #expect(throws: SceneFileError.self) { try SceneFile(json: json, file: "r.json", files: [], limits: limits).renderer(limits: limits) }
        #expect(error?.description.hasPrefix("r.json: a frame of 2147483646×1 pixels (2147483646×1 points at scale 1): needs 68 719 476 672 bytes") == true,
                "\(String(describing: error))")
    }

    /// A pen of 1e308 covers the canvas, as 1e6 does (its offsets overflowed into nothing); a round
    /// pen of 1e14 is drawn at the width that covers the canvas, a few hundred edges (its round
    /// caps and joins came to more than `maxFlattenedEdges` and were refused).
    @Test(arguments: [1e6, 1e14, 1e308, Double.greatestFiniteMagnitude])
    func aHugePenCoversTheCanvas(width: Double) throws {
        let scene = try Scene(json: Array(#"{"size":[100,80],"ops":[{"stroke":"M0 0 L1 0","width":\#(width),"join":"round","cap":"round"}]}"#.utf8))
        let bitmap = try scene.render()
        #expect(stride(from: 3, to: bitmap.pixels.count, by: 4).allSatisfy { bitmap.pixels[$0] == 255 })
    }
}

/// A spawned copy is not there before its event, as an app adds the layer when the user taps: a
/// square spawned at 0.5 s was drawn from 0 s (fourth fresh-eyes round).
@Suite struct SpawnAppearanceTests {
    @Test func aCopyShowsFromItsEventOnly() throws {
        let square = Layer(name: "square", bounds: Rect(width: 4, height: 4), backgroundColor: .black)
        let copies = try Spawn(template: square, events: [Spawn.Event(time: 0.5, point: Point(4, 4))]).layers()
        let root = Layer(name: "root", bounds: Rect(width: 8, height: 8), position: Point(4, 4), sublayers: copies)
        let renderer = try LayerRenderer(root: root, width: 8, height: 8)
        let alpha = { (time: Double) throws -> UInt8 in try renderer.render(at: time).pixels[(4 * 8 + 4) * 4 + 3] }
        #expect(try alpha(0) == 0)
        #expect(try alpha(0.49) == 0)
        #expect(try alpha(0.5) == 255)
        #expect(try alpha(3) == 255)
    }
}

/// A folder output the contract refuses (a sequence the scene reads) is `.output`, a refusal the
/// CLI exits 2 for, not a write failure (exit 4; fourth fresh-eyes round).
@Suite struct RenderFolderRefusalTests {
    @Test func aFolderOverTheScenesSequenceIsARefusal() throws {
        let folder = try TestSupport.Fixtures.temporaryFolder("render-refusal")
        try FileManager.default.copyItem(atPath: TestSupport.Fixtures.repository + "/Examples/seagull", toPath: folder + "/seagull")
        try FileManager.default.copyItem(atPath: TestSupport.Fixtures.repository + "/Examples/seagull-flight.json",
                                         toPath: folder + "/seagull-flight.json")
        do {
            _ = try RenderJob(source: .file(folder + "/seagull-flight.json"), output: folder + "/seagull/").run(cancellation: nil)
            Issue.record("wrote over the scene's own sequence")
        } catch {
            guard case .output = error else { Issue.record("\(error)"); return }
        }
    }
}
