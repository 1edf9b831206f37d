import Animated
import ArgumentParser
import Atlas
import Foundation
import GIF
import Raster

/// `flipbook frames IN.gif -o DIR`: a GIF exploded into numbered PNGs.
struct Frames: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Explode a GIF or a sprite sheet into PNG frames.",
        discussion: """
            From a GIF: frames are fully composited (disposal and transparency applied), written as \
            PREFIX1.png…PREFIXN.png, and sequence.json records each frame's duration and the loop \
            count, so `flipbook assemble DIR` rebuilds the same animation.

            From a sheet's data file — TexturePacker JSON hash or array (ours, TexturePacker's or \
            Aseprite's, with the other pages of a multipack), Phaser's multi-atlas, a libGDX .atlas, \
            a SpriteKit .atlasc folder or its .plist, a Cocos2d-x plist, a Godot SpriteFrames .tres \
            (frames named after their animation: walk0, walk1…) — each frame is cut out, turned back if it was rotated and \
            un-trimmed to its source size, named after the frame. Names cannot write outside DIR: \
            path separators become _, a leading dot gets a _ before it.

            Examples:
              flipbook frames explosion.gif -o frames/ --prefix explosion
              flipbook frames sheet.json -o frames/
              flipbook frames hero.atlas -o frames/
              flipbook frames Hero.atlasc -o frames/
            """
    )

    @Argument(help: "The GIF, or a sheet's data file (.json, .atlas, .atlasc, .plist, .tres) to read.")
    var input: String

    @Option(name: .shortAndLong, help: "The folder to write (created if needed).")
    var output: String

    @Option(help: "File name before the frame number (default: the GIF's name).")
    var prefix: String?

    @Flag(help: "Print machine-readable JSON.")
    var json = false

    @OptionGroup(title: "Resource limits") var limitOptions: LimitOptions

    func run() throws {
        try OutputGuard.refuseOverwriting([input], with: [output])
        let lower = input.lowercased()
        if [".json", ".atlas", ".atlasc", ".plist", ".tres"].contains(where: { lower.hasSuffix($0) }) { return try unpackSheet() }
        let name = prefix ?? URL(fileURLWithPath: input).deletingPathExtension().lastPathComponent
        let decoder: GIF.Decoder
        do {
            let limits = limitOptions.limits
            decoder = try GIF.Decoder(file: input, maxPixels: limits.maxPixels, maxFrames: limits.maxFrames)
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
        // The frames and sequence.json replace what was there as a whole, or not at all.
        let set = OutputSet()
        while true {
            let frame: GIF.Frame?
            do { frame = try decoder.nextFrame() } catch {
                Console.error("error: \(error)")
                throw ExitCode(ExitStatus.inputUnreadable)
            }
            guard let frame else { break }
            let path = "\(output)/\(name)\(durations.count + 1).png"
            do { try PNG.Encoder().write(frame.image, to: path, in: set) } catch {
                Console.error("error: \(error)")
                throw ExitCode(ExitStatus.outputUnwritable)
            }
            durations.append(Double(frame.delay) * 10)
            files.append(path)
        }
        let manifest = SequenceManifest(name: name, repeatCount: decoder.repeatCount, frameDurations: durations)
        do {
            try manifest.write(to: "\(output)/\(SequenceManifest.fileName)", in: set)
            try set.commit()
        } catch {
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

    /// Cuts every frame of a sprite sheet back out, un-rotated and un-trimmed.
    private func unpackSheet() throws {
        let sheet: SpriteSheet
        do { sheet = try SheetImport.read(input) } catch {
            Console.error("error: \(error)")
            throw ExitCode(ExitStatus.inputUnreadable)
        }
        var files = Set<String>()
        for sprite in sheet.sprites where !files.insert(sheet.fileName(for: sprite)).inserted {
            Console.error("error: \(input): two frames map to the file name \(sheet.fileName(for: sprite))")
            throw ExitCode(ExitStatus.inputUnreadable)
        }
        do {
            try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
            let set = OutputSet()
            for sprite in sheet.sprites {
                try PNG.Encoder().write(sheet.frame(sprite), to: output + "/" + sheet.fileName(for: sprite), in: set)
            }
            try set.commit()
        } catch {
            Console.error("error: \(error)")
            throw ExitCode(ExitStatus.outputUnwritable)
        }
        if json {
            try Console.printJSON(["files": sheet.sprites.map { output + "/" + sheet.fileName(for: $0) }])
        } else {
            print("\(output): \(sheet.sprites.count) frames from \(sheet.pages.count) page\(sheet.pages.count == 1 ? "" : "s")")
        }
    }
}
