import Animated
import ArgumentParser
import Foundation
import GIF
import Raster

/// `flipbook frames IN.gif -o DIR`: a GIF exploded into numbered PNGs.
struct Frames: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Write every frame of a GIF as a numbered PNG, with a sequence.json for its timing.",
        discussion: """
            Frames are fully composited (disposal and transparency applied), written as \
            PREFIX1.png…PREFIXN.png, and sequence.json records each frame's duration and the loop \
            count, so `flipbook assemble DIR` rebuilds the same animation.

            Example:
              flipbook frames explosion.gif -o frames/ --prefix explosion
            """
    )

    @Argument(help: "The GIF to read.")
    var input: String

    @Option(name: .shortAndLong, help: "The folder to write (created if needed).")
    var output: String

    @Option(help: "File name before the frame number (default: the GIF's name).")
    var prefix: String?

    @Flag(help: "Print machine-readable JSON.")
    var json = false

    func run() throws {
        let name = prefix ?? URL(fileURLWithPath: input).deletingPathExtension().lastPathComponent
        let decoder: GIF.Decoder
        do {
            decoder = try GIF.Decoder(file: input)
        } catch {
            Console.error("error: \(error)")
            throw ExitCode(ExitStatus.inputUnreadable)
        }
        do {
            try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
        } catch {
            Console.error("error: cannot create \(output): \(error.localizedDescription)")
            throw ExitCode(ExitStatus.outputUnwritable)
        }
        var durations: [Double] = []
        var files: [String] = []
        while true {
            let frame: GIF.Frame?
            do { frame = try decoder.nextFrame() } catch {
                Console.error("error: \(error)")
                throw ExitCode(ExitStatus.inputUnreadable)
            }
            guard let frame else { break }
            let path = "\(output)/\(name)\(durations.count + 1).png"
            do { try PNG.Encoder().write(frame.image, to: path) } catch {
                Console.error("error: \(error)")
                throw ExitCode(ExitStatus.outputUnwritable)
            }
            durations.append(Double(frame.delay) * 10)
            files.append(path)
        }
        let manifest = SequenceManifest(name: name, repeatCount: decoder.repeatCount, frameDurations: durations)
        do { try manifest.write(to: "\(output)/\(SequenceManifest.fileName)") } catch {
            Console.error("error: \(error)")
            throw ExitCode(ExitStatus.outputUnwritable)
        }
        if json {
            struct Output: Encodable {
                var files: [String], frameDurations: [Double], repeatCount: Int, width: Int, height: Int
            }
            try Console.printJSON(Output(files: files, frameDurations: durations, repeatCount: decoder.repeatCount,
                                         width: decoder.width, height: decoder.height))
        } else {
            print("\(output): \(files.count) frames of \(decoder.width)×\(decoder.height) (\(name)1.png…), sequence.json")
        }
    }
}
