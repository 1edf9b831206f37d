import Basics
import Foundation
import Testing
import TestSupport

/// Fresh eyes round 9: an animation named `@4x`…`@8x` (which `render --scale 4 -o x@4x.gif`
/// wrote) read back four ways — `info` at @4x, `frames` refused "scale is 1…3", `resize` made
/// @1x frames without a word, `assemble` read it at @1x. Animations now follow the frames' rule
/// (`@1x`…`@3x`): every reader refuses such a name with one message, and no command writes one.
/// On a GIF, APNG and WebP assembled from the real `kenney-gold-coin` frames.
@Suite("Animations named @4x or more: one rule for every reader and writer")
struct AnimationNameScaleCommandTests {
    static let coin = Fixtures.path("sequences/kenney-gold-coin")

    /// A folder with the coin's frames in `coin/` and `coin.EXT` assembled from them, then renamed `coin@4x.EXT`.
    static func folder(_ ext: String) throws -> String {
        let dir = try Fixtures.temporaryFolder("anim-scale-name")
        try FileManager.default.createDirectory(atPath: dir + "/coin", withIntermediateDirectories: true)
        let names = Fixtures.pngNames(in: "sequences/kenney-gold-coin")
        #expect(names.count == 4)
        for name in names { try FileManager.default.copyItem(atPath: "\(coin)/\(name)", toPath: "\(dir)/coin/\(name)") }
        let made = try CLI.run(["assemble", "coin", "-o", "coin.\(ext)"], in: dir)
        #expect(made.status == 0, "\(made.stderr)")
        try FileManager.default.moveItem(atPath: "\(dir)/coin.\(ext)", toPath: "\(dir)/coin@4x.\(ext)")
        return dir
    }

    static let readers: [[String]] = [
        ["frames", "IN", "-o", "out"],
        ["resize", "IN", "--scale", "0.5", "-o", "out"],
        ["blur", "IN", "--sigma", "1", "-o", "out.gif"],
        ["assemble", "IN", "-o", "out.webp"],
    ]

    /// Each reader refuses `coin@4x.EXT` naming the file and the names that work, and writes nothing.
    @Test(arguments: ["gif", "apng", "webp"], readers)
    func everyReaderRefusesIt(ext: String, command: [String]) throws {
        let dir = try Self.folder(ext)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let run = try CLI.run(command.map { $0 == "IN" ? "coin@4x.\(ext)" : $0 }, in: dir)
        #expect(run.status != 0, "\(command[0]) read it: \(run.stdout)")
        #expect(run.stderr.contains("coin@4x.\(ext)") && run.stderr.contains("@1x…@3x") && run.stderr.contains("coin@3x.\(ext)"), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir + "/out") && !FileManager.default.fileExists(atPath: dir + "/out.gif")
                && !FileManager.default.fileExists(atPath: dir + "/out.webp"))
    }

    /// `info` still describes it (as named) and says, on standard error, what every reader says.
    @Test func infoDescribesItWithTheRefusal() throws {
        let dir = try Self.folder("gif")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let run = try CLI.run(["info", "coin@4x.gif"], in: dir)
        #expect(run.status == 0 && run.stdout.contains("@4x") && run.stderr.contains("warning: coin@4x.gif is not read"), "\(run.stderr)")
    }

    /// A folder holding only such a file is a `validate` error, not a pass.
    @Test func validateFailsTheFolder() throws {
        let dir = try Self.folder("webp")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.createDirectory(atPath: dir + "/fx", withIntermediateDirectories: true)
        try FileManager.default.moveItem(atPath: dir + "/coin@4x.webp", toPath: dir + "/fx/coin@4x.webp")
        let run = try CLI.run(["validate", "fx"], in: dir)
        #expect(run.status != 0 && run.stdout.contains("coin@4x.webp is not read"), "\(run.stdout)")
    }

    /// No command writes an animation so named: `assemble` and `render` refuse the name before
    /// any work (exit 2), and a render at @4x into `x.gif` gets no warning suggesting `x@4x.gif`.
    @Test func noWriterNamesAnAnimationSo() throws {
        let dir = try Self.folder("gif")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        // An APNG written as `.png` too (fresh eyes round 10: assemble, resize and slice wrote
        // `x@4x.png` with a warning that its frames "read back as @4x").
        for arguments in [["assemble", "coin", "-o", "c@5x.webp"], ["assemble", "coin", "-o", "c@4x.gif"], ["assemble", "coin", "-o", "c@8x.apng"],
                          ["assemble", "coin", "-o", "c@4x.png"], ["resize", "coin", "--scale", "0.5", "-o", "rz@4x.png"],
                          ["slice", "coin", "--insets", "1,1,1,1", "--size", "70x70", "-o", "sl@5x.png"]] {
            let run = try CLI.run(arguments, in: dir)
            #expect(run.status == 2 && run.stderr.contains("no reader takes it"), "\(arguments): \(run.stderr)")
            #expect(!FileManager.default.fileExists(atPath: dir + "/" + arguments[arguments.count - 1]))
        }
        let scene = #"{"size": [40, 40], "duration": 0.5, "fps": 4, "layers": [{"sequence": {"source": "coin"}, "position": [20, 20]}]}"#
        try scene.write(toFile: dir + "/scene.json", atomically: true, encoding: .utf8)
        for name in ["r@4x.gif", "r@4x.png"] {
            let refused = try CLI.run(["render", "scene.json", "--scale", "4", "-o", name], in: dir)
            #expect(refused.status == 2 && !FileManager.default.fileExists(atPath: dir + "/" + name), "\(refused.stderr)")
        }
        let written = try CLI.run(["render", "scene.json", "--scale", "4", "-o", "r.gif"], in: dir)
        #expect(written.status == 0 && !written.stderr.contains("@4x"), "\(written.stderr)")
        let read = try CLI.run(["frames", "r.gif", "-o", "rf"], in: dir)
        #expect(read.status == 0 && FileManager.default.fileExists(atPath: dir + "/rf/r1.png"), "\(read.stderr)")
    }

    /// `validate` on `coin1.png coin2.png coin1@9x.png` reported the @9x file twice: as
    /// `scale.unsupported` and as a `scale.missing-variant` that coin2 lacks.
    @Test func anUnsupportedScaleIsNoMissingVariant() throws {
        let dir = try Fixtures.temporaryFolder("anim-scale-9x")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        for (from, to) in [("gold_1", "coin1"), ("gold_2", "coin2"), ("gold_1", "coin1@9x")] {
            try FileManager.default.copyItem(atPath: "\(Self.coin)/\(from).png", toPath: "\(dir)/\(to).png")
        }
        let run = try CLI.run(["validate", "."], in: dir)
        #expect(run.stdout.contains("scale.unsupported") && !run.stdout.contains("scale.missing-variant"), "\(run.stdout)")
    }
}
