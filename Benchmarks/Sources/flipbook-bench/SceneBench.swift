import Basics
import Compose
import Foundation
import Raster

/// `flipbook-bench scene FILE ROUNDS [OUT_DIR]`: the frames of a scene file's timeline drawn by the
/// renderer `flipbook render` uses (`RenderJob.plan()`'s `LayerRenderer`, at the scene's own times),
/// with no encoding, timed two ways each round:
/// - one core: every frame in turn with `ThreadBudget` at 1; the median wall time of a frame;
/// - both cores: the frames shared by two threads as the render job shares them, repeated until a
///   pass lasts 0.25 s; wall ÷ frames.
/// CPU is user + sys of all threads of the process over both passes ÷ the frames drawn. Medians over
/// the rounds. With OUT_DIR, every frame is written there as `frameN.png` (straight RGBA, N from 0)
/// for the comparison against Cairo's and rlottie's frames.
struct SceneBench {
    let renderer: LayerRenderer
    let scene: SceneFile

    init(file: String) throws {
        let plan = try RenderJob(scene: file, output: nil).plan(cancellation: nil)
        renderer = plan.renderer
        scene = plan.scene
    }

    static func cpuSeconds() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }

    static func wallSeconds() -> Double { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }

    func frame(_ index: Int) -> Bitmap? { try? renderer.render(at: scene.time(ofFrame: index)) }

    /// Prints one JSON line; writes the frames when `output` is given.
    func run(rounds: Int, output: String?) throws {
        let count = scene.frameCount
        _ = frame(0)  // images decoded, caches warm
        var oneCore: [Double] = [], twoCores: [Double] = [], cpu: [Double] = []
        var failures = 0
        for _ in 0..<max(rounds, 1) {
            let cpuStart = Self.cpuSeconds()
            var times: [Double] = []
            ThreadBudget.withLimit(1) {
                for index in 0..<count {
                    let start = Self.wallSeconds()
                    if frame(index) == nil { failures += 1 }
                    times.append(Self.wallSeconds() - start)
                }
            }
            oneCore.append(times.sorted()[times.count / 2])
            // Small frames take well under a millisecond: repeat the frames until a pass lasts 0.25 s.
            let repeats = Int(0.25 / max(times.reduce(0, +), 1e-9)) + 1
            let start = Self.wallSeconds()
            DispatchQueue.concurrentPerform(iterations: 2) { worker in
                ThreadBudget.withLimit(1) {
                    for _ in 0..<repeats {
                        for index in stride(from: worker, to: count, by: 2) { _ = frame(index) }
                    }
                }
            }
            twoCores.append((Self.wallSeconds() - start) / Double(count * repeats))
            cpu.append((Self.cpuSeconds() - cpuStart) / Double((1 + repeats) * count))
        }
        if let output {
            try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
            for index in 0..<count {
                guard let bitmap = frame(index) else { continue }
                try PNG.Encoder().write(bitmap, to: "\(output)/frame\(index).png")
            }
        }
        func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
        print(String(format: #"{"frames": %d, "width": %d, "height": %d, "fps": %g, "wall_ms": %.3f, "wall2_ms": %.3f, "cpu_ms": %.3f, "failed": %d}"#,
                     count, Int((renderer.width * Double(scene.scale)).rounded()), Int((renderer.height * Double(scene.scale)).rounded()),
                     scene.fps, median(oneCore) * 1000, median(twoCores) * 1000, median(cpu) * 1000, failures))
    }
}
