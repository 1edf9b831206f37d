import Animated
import ArgumentParser
import Atlas
import Foundation
import Raster

/// `flipbook sheet SOURCE... -o SHEET.png [--data SHEET.json]`.
struct Sheet: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Pack frames into a sprite sheet with a TexturePacker JSON data file (Phaser, PixiJS).",
        discussion: """
            SOURCE is a folder, a prefix path or PNG files; every sequence found becomes an animation \
            in the data file, its frames named like the files without extension (walk0, walk1…). \
            Identical frames share one region. Output is deterministic.

            Examples:
              flipbook sheet Sequences/kenney-robot-walk -o robot.png --trim
              flipbook sheet hero/ -o hero.png --data hero.json --format json-array --padding 1
            """
    )

    @Argument(help: "Frames: folders, prefix paths or PNG files.") var sources: [String]
    @Option(name: .shortAndLong, help: "The sheet PNG to write.") var output: String
    @Option(help: "The data file (default: the sheet's name with .json).") var data: String?
    @Option(help: "json-hash, json-array (TexturePacker: Phaser, PixiJS), aseprite or libgdx (.atlas).") var format: SheetFormat = .jsonHash
    @Option(help: "packed (MaxRects), rows or columns.") var layout: SheetBuilder.Layout = .packed
    @Option(help: "Pixels between sprites.") var padding = 2
    @Option(help: "Pixels around the page edge.") var border = 0
    @Flag(help: "Cut transparent borders (the data records the offsets).") var trim = false
    @Option(help: "Transparent pixels kept around trimmed content.") var trimMargin = 0
    @Flag(help: "Page sides are powers of two.") var powerOfTwo = false
    @Flag(help: "Square page.") var square = false
    @Option(help: "Largest page side in pixels.") var maxSize = 8192
    @Option(help: "Frames per second, for each frame's duration.") var fps: Double = 30
    @Flag(help: "Print machine-readable JSON.") var json = false

    func validate() throws {
        guard padding >= 0, border >= 0, trimMargin >= 0 else { throw ValidationError("Sizes cannot be negative.") }
        guard maxSize > 0 else { throw ValidationError("--max-size must be positive.") }
        guard fps > 0 && fps.isFinite else { throw ValidationError("--fps must be positive.") }
    }

    func run() throws {
        let sequences: [FrameSequence]
        do { sequences = try Discovery.sequences(from: sources) } catch {
            Console.error("error: \(error)")
            throw ExitCode(ExitStatus.inputUnreadable)
        }
        var inputs: [SheetBuilder.Input] = []
        for sequence in sequences {
            for frame in sequence.frames {
                guard let file = frame.file(scale: 1) else { continue }
                let bitmap: Bitmap
                do { bitmap = try PNG.Decoder().decodeBitmap(file: file.path) } catch {
                    Console.error("error: \(error)")
                    throw ExitCode(ExitStatus.inputUnreadable)
                }
                let name = ImageFileName(path: file.path).stem
                inputs.append(.init(name: name, bitmap: bitmap, sequence: sequence.prefix.isEmpty ? name : trimmedSequenceName(sequence.prefix),
                                    duration: Int((1000 / fps).rounded())))
            }
        }
        let builder = SheetBuilder(layout: layout, padding: padding, border: border, trim: trim, trimMargin: trimMargin,
                                   powerOfTwo: powerOfTwo, square: square, maxSide: maxSize)
        var sheet: SpriteSheet
        do { sheet = try builder.build(inputs) } catch {
            Console.error("error: \(error)")
            throw ExitCode(ExitStatus.problemsFound)
        }
        // A folder's sequence.json gives its animation's direction and repeat count.
        for sequence in sequences {
            let manifestPath = sequence.directory + "/" + SequenceManifest.fileName
            guard FileManager.default.fileExists(atPath: manifestPath),
                  let manifest = try? SequenceManifest.read(file: manifestPath),
                  let index = sheet.animations.firstIndex(where: { $0.name == trimmedSequenceName(sequence.prefix) }) else { continue }
            sheet.animations[index].direction = manifest.direction?.rawValue ?? "forward"
            sheet.animations[index].repeatCount = manifest.repeatCount ?? 0
        }
        let dataPath = data ?? (output.hasSuffix(".png") ? String(output.dropLast(4)) : output) + (format == .libgdx ? ".atlas" : ".json")
        let image = URL(fileURLWithPath: output).lastPathComponent
        do {
            try PNG.Encoder().write(sheet.page, to: output)
            let bytes = switch format {
            case .jsonHash: TexturePackerJSON.encode(sheet, image: image, style: .hash)
            case .jsonArray: TexturePackerJSON.encode(sheet, image: image, style: .array)
            case .aseprite: AsepriteJSON.encode(sheet, image: image)
            case .libgdx: LibGDXAtlas.encode(sheet, image: image)
            }
            try FileIO.writeAtomically(bytes, to: dataPath)
        } catch {
            Console.error("error: \(error)")
            throw ExitCode(ExitStatus.outputUnwritable)
        }
        let used = sheet.sprites.reduce(0) { $0 + $1.frame.width * $1.frame.height }
        let occupancy = Double(used) / Double(sheet.page.width * sheet.page.height)
        if json {
            struct Output: Encodable { var sheet, data: String; var width, height, sprites: Int; var occupancy: Double }
            try Console.printJSON(Output(sheet: output, data: dataPath, width: sheet.page.width, height: sheet.page.height,
                                         sprites: sheet.sprites.count, occupancy: (occupancy * 1000).rounded() / 1000))
        } else {
            print("\(output): \(sheet.page.width)×\(sheet.page.height), \(sheet.sprites.count) sprites, "
                  + "\(Int((occupancy * 100).rounded())) % used; \(dataPath)")
        }
    }

    /// `walk_` → `walk`: the animation name without a trailing separator.
    private func trimmedSequenceName(_ prefix: String) -> String {
        var name = Substring(prefix)
        while let last = name.last, last == "_" || last == "-" || last == "." || last == " " { name = name.dropLast() }
        return name.isEmpty ? prefix : String(name)
    }
}

/// The data formats `sheet` writes.
enum SheetFormat: String, ExpressibleByArgument, CaseIterable {
    case jsonHash = "json-hash", jsonArray = "json-array", aseprite, libgdx
}
extension SheetBuilder.Layout: ExpressibleByArgument {}
