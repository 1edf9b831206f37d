import Foundation
import GIF
import Raster
import Testing
import TestSupport

/// The libraries' messages name Swift settings, and the CLI's name flags (issue 35): no string
/// in a library's source names a command-line flag, and the CLI turns each setting a library
/// message names into its flag.
@Suite("Library messages name settings; the CLI names flags")
struct CLIWordingTests {
    static let libraries = ["Basics", "Raster", "Animated", "FrameGen", "GIF", "Atlas"]

    /// Every Swift file of a library, with its path.
    static func sources(of library: String) -> [(path: String, text: String)] {
        let folder = CLI.repository + "/Sources/" + library
        let files = FileManager.default.enumerator(atPath: folder)?.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") } ?? []
        return files.sorted().compactMap { name in
            (try? String(contentsOfFile: folder + "/" + name, encoding: .utf8)).map { (folder + "/" + name, $0) }
        }
    }

    @Test(arguments: libraries)
    func noLibraryStringNamesAFlag(library: String) {
        let files = Self.sources(of: library)
        #expect(files.count >= 5, "\(library) has its sources")
        for (path, text) in files {
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let code = line.drop { $0 == " " }
                guard !code.hasPrefix("//"), code.contains("\"") else { continue }
                let flag = line.firstMatch(of: /"[^"]*(--[a-z][a-z-]+)/)
                #expect(flag == nil, "\(path):\(number + 1) names \(flag.map { String($0.output.1) } ?? "")")
            }
        }
    }

    /// What a user of the command sees for a library refusal: the flag, not the Swift setting.
    @Test(arguments: [
        (["sheet", "SEQ", "-o", "OUT/s.png", "--engine", "phaser3", "--rotate"], "--engine phaser3: ", "leave out --rotate"),
        (["sheet", "SEQ", "-o", "OUT/s.png", "--engine", "pixi", "--alpha-handling", "premultiply"], "--engine pixi: ",
         "use --alpha-handling bleed (no dark fringes) or keep"),
        (["sheet", "SEQ", "-o", "OUT/s.png", "--max-size", "16"], "", "raise --max-size"),
        (["assemble", "SEQ", "-o", "OUT/a.gif", "--max-pixels", "100"], "", "--max-pixels raises it"),
        (["assemble", "SEQ", "-o", "OUT/a.gif", "--max-frames", "2"], "", "--max-frames raises it"),
    ])
    func theCommandSaysTheFlag(arguments: [String], prefix: String, hint: String) throws {
        let out = try Fixtures.temporaryFolder("wording")
        let coin = Fixtures.path("sequences/kenney-gold-coin")
        let result = try CLI.run(arguments.map { $0 == "SEQ" ? coin : $0.replacingOccurrences(of: "OUT", with: out) })
        #expect(result.stderr.contains(hint), "\(result.stderr)")
        if !prefix.isEmpty { #expect(result.stderr.contains(prefix)) }
        #expect(!result.stderr.contains("SheetBuilder.") && !result.stderr.contains("ResourceLimits.") && !result.stderr.contains("SheetEngine."))
    }

    /// A setting out of range is said with its flag, from the library's typed setting error (the
    /// CLI used to match the Swift names in the message's text).
    @Test(arguments: [
        (["assemble", "SEQ", "-o", "OUT/a.gif", "--repeat", "70000"], "error: --repeat does not take '70000'; it takes: 0 (forever) or 1…65536 plays for GIF"),
        (["assemble", "SEQ", "-o", "OUT/a.webp", "--repeat", "70000"], "error: --repeat does not take '70000'; it takes: 0 (forever) or 1…65535 plays for WebP"),
        (["assemble", "LOOPS.gif", "-o", "OUT/a.webp"],
         "error: the source plays 65536 times, more than WebP can say (0 forever, or 1…65535 plays): set --repeat"),
    ])
    func aSettingOutOfRangeIsSaidWithItsFlag(arguments: [String], line: String) throws {
        let out = try Fixtures.temporaryFolder("wording-settings")
        // A GIF that loops 65 535 times after its first play: 65 536 plays, one more than WebP holds.
        let frames = [try Bitmap(width: 2, height: 2), Bitmap(width: 2, height: 2, straight: [UInt8](repeating: 255, count: 16))!]
        _ = try GIF.Encoder(repeatCount: 65_536).write(FrameInput(count: 2, duration: 0.1) { frames[$0] }, to: out + "/loops.gif")
        let coin = Fixtures.path("sequences/kenney-gold-coin")
        let result = try CLI.run(arguments.map {
            $0 == "SEQ" ? coin : $0.replacingOccurrences(of: "OUT", with: out).replacingOccurrences(of: "LOOPS", with: out + "/loops")
        })
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").contains { $0 == line }, "\(result.stderr)")
        #expect(!result.stderr.contains("AssembleJob."))
    }
}

/// `--threads N` bounds the work's threads and changes nothing in what is written.
@Suite("--threads")
struct ThreadsOptionTests {
    @Test(arguments: [["assemble", "SEQ", "-o", "OUT/a.gif"], ["sheet", "SEQ", "-o", "OUT/s.png"]])
    func oneThreadWritesTheSameFiles(arguments: [String]) throws {
        let coin = Fixtures.path("sequences/unity-wispy-smoke-03b-faint")
        var outputs: [Data] = []
        for threads in [[], ["--threads", "1"]] {
            let out = try Fixtures.temporaryFolder("threads")
            let result = try CLI.run(arguments.map { $0 == "SEQ" ? coin : $0.replacingOccurrences(of: "OUT", with: out) } + threads)
            #expect(result.status == 0, "\(result.stderr)")
            let name = arguments[3].replacingOccurrences(of: "OUT", with: out)
            outputs.append(try Data(contentsOf: URL(fileURLWithPath: name)))
        }
        #expect(outputs[0] == outputs[1] && outputs[0].count > 100)
        // The library's sentence (`Validator.threads must be positive (got 0)`, issue 43) in the
        // CLI's words, the same for every command.
        for command in [["validate", coin], ["assemble", coin, "-o", "x.gif"], ["sheet", coin, "-o", "s.png"]] {
            let refused = try CLI.run(command + ["--threads", "0"])
            #expect(refused.status == 2 && refused.stderr.contains("--threads does not take '0'; it takes: a number of threads, 1 or more"), "\(refused.stderr)")
        }
    }

    /// `frames` takes `--threads` as `assemble` and `sheet` do (issue 44: it had none, although
    /// `FramesJob.threads` exists): the frames and `sequence.json` are byte-identical at 1 and 2
    /// threads, and 0 or a negative number is refused in the same sentence, before anything is written.
    @Test func framesTakesThreadsAndWritesTheSameFiles() throws {
        let gif = Fixtures.path("gif/giflib/fire.gif")
        var written: [[String: Data]] = []
        for threads in ["1", "2"] {
            let out = try Fixtures.temporaryFolder("frames-threads")
            defer { try? FileManager.default.removeItem(atPath: out) }
            let result = try CLI.run(["frames", gif, "-o", out + "/f", "--prefix", "fire", "--threads", threads])
            #expect(result.status == 0, "\(result.stderr)")
            let names = try FileManager.default.contentsOfDirectory(atPath: out + "/f").filter { !$0.hasPrefix(".") }
            written.append(try Dictionary(uniqueKeysWithValues: names.map { ($0, try Data(contentsOf: URL(fileURLWithPath: out + "/f/" + $0))) }))
        }
        // fire.gif holds 33 frames: 33 PNGs and sequence.json.
        #expect(written[0].count == 34 && written[0]["fire1.png"] != nil && written[0]["sequence.json"] != nil, "\(written[0].keys.sorted())")
        #expect(written[0] == written[1])
        for value in ["0", "-1"] {
            let dir = try Fixtures.temporaryFolder("frames-threads")
            defer { try? FileManager.default.removeItem(atPath: dir) }
            let refused = try CLI.run(["frames", gif, "-o", "out", "--threads", value], in: dir)
            #expect(refused.status == 2 && refused.stderr.contains("--threads does not take '\(value)'; it takes: a number of threads, 1 or more"),
                    "\(refused.stderr)")
            #expect(try FileManager.default.contentsOfDirectory(atPath: dir).isEmpty)
        }
    }
}
