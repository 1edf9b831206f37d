import Atlas
import Foundation
import FrameGen
import Raster

// flipbook-bench png-decode [--repeat N] [--bitmap] FILE...
//   Decodes every FILE N times (reading it from disk each time, as PIL.Image.open(f).load() does)
//   and prints one JSON line: files, pixels, seconds, megapixels/s and MB/s of RGBA8 output.
// flipbook-bench draw large|small|strokes N [OUT.png]
//   Renders a DrawWorkload N times on a fresh 1000×1000 canvas; median seconds, paths, pixels.
// flipbook-bench frosted SIZE N [OUT.png]
//   Renders the frosted panel (FrostedPanelScene) at SIZE² N times: median wall ms a frame, CPU ms a frame.
// flipbook-bench scene FILE ROUNDS [OUT_DIR]
//   Draws every frame of a scene file's timeline as `flipbook render` does, without encoding (SceneBench):
//   median wall ms a frame on one core, wall ms a frame on two cores, CPU ms a frame; OUT_DIR gets the frames.
// flipbook-bench text CASES.json ROUNDS
//   Sets and draws every paragraph of the Pango corpus (TextBench): median layout and draw ms per case, JSON lines.
// flipbook-bench blur IMAGE SIGMA METHOD N
// flipbook-bench resize IMAGE WIDTH HEIGHT N
//   Time the operation on an already decoded image (as Pillow's side does); median of N, JSON.

func usage() -> Never {
    FileHandle.standardError.write(Data("""
        usage: flipbook-bench png-decode [--repeat N] [--bitmap] FILE...
               flipbook-bench blur IMAGE SIGMA gaussian|box N
               flipbook-bench resize IMAGE WIDTH HEIGHT N
               flipbook-bench draw large|small|strokes N [OUT.png]
               flipbook-bench frosted SIZE N [OUT.png]
               flipbook-bench scene FILE ROUNDS [OUT_DIR]
               flipbook-bench text CASES.json ROUNDS
               flipbook-bench pack N SEED | pack-files PNG...

        """.utf8))
    exit(2)
}

func median(_ count: Int, _ body: () -> Void) -> Double {
    var times: [Double] = []
    for _ in 0..<max(count, 1) {
        let start = DispatchTime.now().uptimeNanoseconds
        body()
        times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
    }
    return times.sorted()[times.count / 2]
}

/// Occupancy (sprite area ÷ page area, no padding) of MaxRects without and with rotation, and of a
/// shelf packer (sorted by height, rows as wide as the square root of the area); median pack time.
func packReport(_ sizes: [MaxRectsPacker.Size]) {
    let area = Double(sizes.reduce(0) { $0 + $1.width * $1.height })
    var plain: MaxRectsPacker.Result?, turned: MaxRectsPacker.Result?
    let seconds = median(5) { plain = (try? MaxRectsPacker(padding: 0).pack(sizes)) ?? nil }
    let turnedSeconds = median(3) { turned = (try? MaxRectsPacker(padding: 0, allowRotation: true).pack(sizes)) ?? nil }
    let sorted = sizes.sorted { $0.height > $1.height }
    let limit = max(sorted.map(\.width).max()!, Int(area.squareRoot().rounded(.up)))
    var x = 0, y = 0, shelf = 0, width = 0
    for size in sorted {
        if x + size.width > limit { x = 0; y += shelf; shelf = 0 }
        x += size.width
        shelf = max(shelf, size.height)
        width = max(width, x)
    }
    print(String(format: #"{"sprites": %d, "maxrects": %.4f, "rotated": %.4f, "shelf": %.4f, "ms": %.2f, "rotated_ms": %.2f}"#,
                 sizes.count, area / Double(plain!.width * plain!.height), area / Double(turned!.width * turned!.height),
                 area / Double(width * (y + shelf)), seconds * 1000, turnedSeconds * 1000))
}

var arguments = Array(CommandLine.arguments.dropFirst())
switch arguments.first {
case "blur":
    guard arguments.count == 5, let sigma = Double(arguments[2]), let method = Blur.Method(rawValue: arguments[3]),
          let count = Int(arguments[4]), let image = try? PNG.Decoder().decodeBitmap(file: arguments[1]) else { usage() }
    let blur = Blur(sigma: sigma, method: method)
    print(String(format: #"{"seconds": %.4f}"#, median(count) { _ = try? blur.apply(to: image) }))
    exit(0)
case "draw":
    guard arguments.count >= 3, let workload = DrawWorkload(arguments[1]), let count = Int(arguments[2]) else { usage() }
    var picture: Bitmap?
    let seconds = median(count) { picture = try? workload.draw() }
    if arguments.count > 3, let picture { try PNG.Encoder().write(picture, to: arguments[3]) }
    print(String(format: #"{"seconds": %.5f, "paths": %d, "pixels": %d}"#, seconds, workload.shapes.count, workload.pixels))
    exit(0)
case "frosted":
    guard arguments.count >= 3, let size = Int(arguments[1]), let count = Int(arguments[2]),
          let scene = try? FrostedPanelScene(size: size) else { usage() }
    var frame: Bitmap?
    func cpu() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }
    frame = try? scene.renderer.render(at: 1)
    let cpuStart = cpu()
    let seconds = median(count) { frame = try? scene.renderer.render(at: 1) }
    let cpuSeconds = (cpu() - cpuStart) / Double(max(count, 1))
    if arguments.count > 3, let frame { try PNG.Encoder().write(frame, to: arguments[3]) }
    print(String(format: #"{"size": %d, "wall_ms": %.2f, "cpu_ms": %.2f}"#, size, seconds * 1000, cpuSeconds * 1000))
    exit(0)
case "scene":
    guard arguments.count >= 3, let rounds = Int(arguments[2]) else { usage() }
    do {
        try SceneBench(file: arguments[1]).run(rounds: rounds, output: arguments.count > 3 ? arguments[3] : nil)
    } catch {
        FileHandle.standardError.write(Data("flipbook-bench scene: \(error)\n".utf8))
        exit(1)
    }
    exit(0)
case "text":
    guard arguments.count == 3, let rounds = Int(arguments[2]) else { usage() }
    do {
        try TextBench(file: arguments[1]).run(rounds: rounds)
    } catch {
        FileHandle.standardError.write(Data("flipbook-bench text: \(error)\n".utf8))
        exit(1)
    }
    exit(0)
case "resize":
    guard arguments.count == 5, let width = Int(arguments[2]), let height = Int(arguments[3]), let count = Int(arguments[4]),
          let image = try? PNG.Decoder().decodeBitmap(file: arguments[1]) else { usage() }
    let resampler = Resampler(filter: .lanczos3)
    print(String(format: #"{"seconds": %.4f}"#, median(count) { _ = try? resampler.resize(image, width: width, height: height) }))
    exit(0)
case "pack":
    // pack N SEED: N mixed sizes (8–128 px, as trimmed sprites are), MaxRects against a shelf packer.
    guard arguments.count == 3, let count = Int(arguments[1]), var state = UInt64(arguments[2]) else { usage() }
    func next() -> Int {
        state = state &* 6364136223846793005 &+ 1442695040888963407
        return Int(state >> 33)
    }
    packReport((0..<count).map { _ in MaxRectsPacker.Size(width: 8 + next() % 121, height: 8 + next() % 121) })
    exit(0)
case "pack-files":
    // pack-files PNG...: each distinct image trimmed to its visible pixels, as `sheet --trim` packs them.
    var seen = Set<[UInt8]>()
    var sizes: [MaxRectsPacker.Size] = []
    for file in arguments.dropFirst() {
        guard let bitmap = try? PNG.Decoder().decodeBitmap(file: file) else { continue }
        let bounds = SheetBuilder.opaqueBounds(bitmap)
        if seen.insert(bitmap.cropped(to: bounds).pixels).inserted { sizes.append(.init(width: bounds.width, height: bounds.height)) }
    }
    packReport(sizes)
    exit(0)
case "png-decode":
    break
default:
    usage()
}
arguments.removeFirst()
var repeats = 3
var asBitmap = false
var files: [String] = []
while let argument = arguments.first {
    arguments.removeFirst()
    switch argument {
    case "--repeat":
        guard let value = arguments.first.flatMap(Int.init) else { usage() }
        repeats = value
        arguments.removeFirst()
    case "--bitmap": asBitmap = true
    default: files.append(argument)
    }
}
guard !files.isEmpty else { usage() }

let decoder = PNG.Decoder()
var pixels = 0
var checksum = 0
let start = DispatchTime.now().uptimeNanoseconds
for _ in 0..<repeats {
    for file in files {
        do {
            if asBitmap {
                let bitmap = try decoder.decodeBitmap(file: file)
                pixels += bitmap.width * bitmap.height
                checksum &+= Int(bitmap.pixels[bitmap.pixels.count / 2])
            } else {
                let image = try decoder.decode(file: file)
                pixels += image.width * image.height
                checksum &+= Int(image.pixels[image.pixels.count / 2])
            }
        } catch {
            FileHandle.standardError.write(Data("\(error)\n".utf8))
            exit(3)
        }
    }
}
let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
let megapixels = Double(pixels) / 1e6
print(String(format: #"{"files": %d, "megapixels": %.3f, "seconds": %.4f, "mpx_per_s": %.2f, "mb_per_s": %.2f, "checksum": %d}"#,
             files.count * repeats, megapixels, seconds, megapixels / seconds, megapixels * 4 / seconds, checksum))
