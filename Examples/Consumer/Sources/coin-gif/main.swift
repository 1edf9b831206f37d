import Animated
import Atlas

// A script's top level, as a first try at the library is written: each call below names no
// `cancellation:` flag, so it is the `async` form and runs off this thread. (Swift ranks a
// synchronous twin first at the top level of main.swift: were the blocking forms' flags
// defaulted, these would block with only a "no 'async' operations occur within 'await'"
// warning, which `Scripts/check-consumer` builds as an error.)
let folder = CommandLine.arguments.dropFirst().first ?? "../../Sequences/kenney-gold-coin"
var job = AssembleJob(sources: [folder], output: nil)
job.timing = Animation.Timing(fps: 8)
let plan = try await job.plan { progress in _ = progress.fraction }   // called for an animated source's frames; PNGs are not decoded to plan
let gif = try await job.run(plan)
let sheet = try await SheetJob(sources: [folder], output: "coin-sheet.png", engine: .pixi).plan()   // planned, not written
let report = try await Validator().validate([folder])
print("\(plan.animation.frames.count) frames, a GIF of \(gif.bytes.count) bytes, \(sheet.sheets[0].sprites.count) sprites, "
      + "\(report.findings.count) findings")
