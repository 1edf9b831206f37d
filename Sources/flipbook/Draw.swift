import Animated
import ArgumentParser
import Basics
import Foundation
import FrameGen
import Raster

/// `flipbook draw SCENE.json -o OUT.png`.
struct Draw: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "draw",
        abstract: "Render a scene file (SVG paths, fills, strokes, images, text) to a PNG.",
        discussion: """
            A scene is JSON: { "size": [W, H], "scale": 1, "background": "#RRGGBB", "ops": [...] } \
            with ops { "fill": PATH, "color", "rule": "nonzero|evenodd" }, { "stroke": PATH, "color", \
            "width", "cap": "butt|round|square", "join": "miter|round|bevel", "miterLimit", "dash": [on, off], \
            "dashPhase" }, { "image": "rock.png", "at": [x, y], "size": [w, h] }, { "clip": PATH } and \
            { "text": "Hello", "at": [x, y], "font": "Inter.ttf", "fontSize": 17, "color", "maxWidth", \
            "alignment", "lineBreakMode", "lineSpacing" }. \
            PATH is SVG path data (M L H V Q T C S A Z). Coordinates are points; pixels = points × scale. \
            Images and fonts are found beside the scene; on a scale-2 scene rock.png means rock@2x.png when it exists.

            Examples:
              flipbook draw scene.json -o scene.png
              flipbook draw scene.json -o scene@2x.png --scale 2
            """
    )

    @Argument(help: "The scene JSON file.") var scene: String
    @Option(name: .shortAndLong, help: "The PNG to write (NAME.png), or - for standard output.") var output: String
    @OptionGroup var overwriteFlag: OverwriteFlag
    var overwrite: Bool { overwriteFlag.overwrite }
    @Option(parsing: .unconditional, help: "The scale to draw at, over the scene's (pixels per point).") var scale: Int?
    @Flag(help: "Print machine-readable JSON.") var json = false
    @OptionGroup(title: "Resource limits") var pixelLimit: PixelLimit
    @OptionGroup(title: "Resource limits") var pathSegmentLimit: PathSegmentLimit
    @OptionGroup(title: "Resource limits") var edgeLimit: EdgeLimit
    @OptionGroup(title: "Resource limits") var drawingWorkLimit: DrawingWorkLimit
    @OptionGroup(title: "Resource limits") var memoryLimit: MemoryLimit
    /// The limits the flags above set.
    var limits: ResourceLimits {
        var limits = ResourceLimits(pixelLimit, pathSegmentLimit, edgeLimit)
        drawingWorkLimit.apply(to: &limits)   // what the ops draw together (round 58: refused naming a flag draw lacked)
        memoryLimit.apply(to: &limits)        // the canvas (round 62: a 100 000² one under a raised --max-pixels aborted)
        return limits
    }

    func validate() throws {
        if let scale, !ImageFileName.drawingScaleRange.contains(scale) { throw OptionRefusal.error("--scale", scale, takes: "1…8 pixels per point") }
    }

    func run() throws {
        try Discovery.checkNoStandardInput([scene])
        // `/dev/stdin < scene.json` reads a file whose folder is unknown: its images would be looked for in /dev.
        if FileIO.namesDescriptor(scene) { throw FileIO.descriptorNameError(scene) }
        try ImageCommand.check(output: output, inputs: [scene], overwrite: overwrite)
        let limits = limits
        // The scene names its file in its errors (`hero.json: ops[2].width: …`): not wrapped again.
        var parsed = try Scene(json: FileIO.readAll(scene), file: scene, limits: limits)
        if let scale { parsed.scale = scale }
        let folder = (scene as NSString).deletingLastPathComponent
        let images = try parsed.loadImages(in: folder.isEmpty ? "." : folder, maxPixels: limits.maxPixels)
        let fonts = try FontLoader.load(for: parsed, in: folder.isEmpty ? "." : folder)
        // `gold@2x.png` beside the scene's gold.png would be read for it by the next draw at @2x.
        try OutputName.checkNotAVariant(output, of: images.paths)
        var warnings: [String] = []
        let bitmap = try parsed.render(images: images.bitmaps, fonts: fonts.fonts, limits: limits, warnings: &warnings)
        try ImageCommand.save(bitmap, to: output, inputs: [scene] + images.paths + fonts.paths, overwrite: overwrite, json: json, extra: ["operations": parsed.operations.count],
                              scale: parsed.scale, warnings: warnings)
    }
}
