import Animated
import ArgumentParser
import Atlas
import Basics
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

    @OptionGroup(title: "Resource limits") var pixelLimit: PixelLimit
    @OptionGroup(title: "Resource limits") var frameLimit: FrameLimit
    /// The limits the flags above set.
    var limits: ResourceLimits { ResourceLimits(pixelLimit, frameLimit) }

    func validate() throws {
        if let prefix, prefix.isEmpty || prefix.contains("/") || prefix.hasPrefix(".") {
            throw ValidationError("--prefix must be a plain file name prefix: no folder, not hidden (got '\(prefix)').")
        }
    }

    func run() throws {
        try OutputName.requireFolder(output, what: "frames writes a folder of PNG frames")
        let lower = input.lowercased()
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: input, isDirectory: &isDirectory), isDirectory.boolValue, !lower.hasSuffix(".atlasc") {
            throw UsageError("\(input) is a folder; frames reads a GIF or a sheet's data file (.json, .atlas, .atlasc, .plist, .tres) — "
                             + "for a folder of frames use assemble or sheet")
        }
        if [".json", ".atlas", ".atlasc", ".plist", ".tres"].contains(where: { lower.hasSuffix($0) }) {
            if prefix != nil { throw UsageError("--prefix names a GIF's frames; a sheet's frames are named after its sprites") }
            let sheet = try SheetImport.read(input, limits: limits)
            // Keys the producer added that Flipbook does not know (lenient formats only).
            for warning in sheet.warnings { Console.error("warning: \(warning)") }
            let files = try sheet.unpack(into: output, source: input)
            if json { return try Console.printJSON(["files": files]) }
            return print("\(output): \(Console.count(files.count, "frame")) from \(Console.count(sheet.pages.count, "page"))")
        }
        let name = prefix ?? URL(fileURLWithPath: input).deletingPathExtension().lastPathComponent
        let limits = limits
        let decoder = try GIF.Decoder(file: input, maxPixels: limits.maxPixels, maxFrames: limits.maxFrames)
        let writer = try SequenceWriter(folder: output, prefix: name, protecting: InputFiles([input]))
        let (manifest, files) = try decoder.writeFrames(to: writer)
        for warning in decoder.warnings { Console.error("warning: \(warning)") }
        if json {
            struct Output: Encodable {
                var files: [String], frameDurations: [Double], repeatCount: Int, width: Int, height: Int
            }
            try Console.printJSON(Output(files: files.filter { $0.hasSuffix(".png") }, frameDurations: manifest.frameDurations ?? [],
                                         repeatCount: decoder.repeatCount, width: decoder.width, height: decoder.height))
        } else {
            print("\(output): \(Console.count(files.count - 1, "frame")) of \(decoder.width)×\(decoder.height) (\(writer.prefix)1.png…), sequence.json")
        }
    }
}
