import Animated
import ArgumentParser
import Foundation
import Raster

/// `flipbook info FILE|DIR...`: what each image is — size in pixels and points, scale,
/// colour type, bit depth, interlacing.
struct Info: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Describe images: size in pixels and points, scale, colour type, bit depth, interlace.",
        discussion: """
            Each FILE is decoded in full, so a corrupt file is reported (exit code 3) rather than \
            described. A DIR stands for the PNG files directly inside it, in natural order \
            (frame2 before frame10). The scale comes from the name, as UIKit reads it: \
            icon@2x.png is 2 pixels per point.

            Examples:
              flipbook info Sequences/kenney-robot-walk
              flipbook info hero@2x.png --json
            """
    )

    @Argument(help: "PNG files, or folders of them.")
    var paths: [String]

    @Flag(help: "Print machine-readable JSON.")
    var json = false

    @Option(help: "Refuse images with more pixels than this.")
    var maxPixels = PNG.defaultMaxPixels

    func validate() throws {
        guard !paths.isEmpty else { throw ValidationError("Give at least one file or folder.") }
        guard maxPixels > 0 else { throw ValidationError("--max-pixels must be positive.") }
    }

    func run() throws {
        let decoder = PNG.Decoder(maxPixels: maxPixels)
        var report = Report()
        for path in paths {
            for file in expand(path, into: &report) {
                do {
                    let image = try decoder.decode(file: file)
                    report.files.append(FileInfo(path: file, image: image))
                } catch {
                    report.errors.append(FileProblem(path: file, error: error.description))
                }
            }
        }

        if json {
            try Console.printJSON(report)
        } else {
            for file in report.files { print(file.line) }
            for problem in report.errors { Console.error("error: \(problem.error)") }
            if report.files.count + report.errors.count > 1 {
                print("\(report.files.count) readable, \(report.errors.count) unreadable")
            }
        }
        if !report.errors.isEmpty { throw ExitCode(ExitStatus.inputUnreadable) }
    }

    /// A folder becomes its PNG files in natural order; anything else stands for itself.
    private func expand(_ path: String, into report: inout Report) -> [String] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue else {
            return [path]
        }
        do {
            return try Discovery.pngFiles(inFolder: path, recursive: false)
        } catch {
            report.errors.append(FileProblem(path: path, error: error.description))
            return []
        }
    }
}

extension Info {
    struct Report: Encodable {
        var files: [FileInfo] = []
        var errors: [FileProblem] = []
    }

    struct FileProblem: Encodable {
        var path: String
        var error: String
    }

    struct FileInfo: Encodable {
        var path: String
        var width: Int
        var height: Int
        var scale: Int
        var pointWidth: Double
        var pointHeight: Double
        var colorType: String
        var bitDepth: Int
        var interlaced: Bool
        var hasAlpha: Bool
        var opaque: Bool
        var gamma: Double?
        var iccProfile: String?

        init(path: String, image: PNG.Image) {
            let header = image.header
            let bitmap = image.bitmap(scale: ImageFileName(path: path).scale ?? 1)
            self.path = path
            width = header.width
            height = header.height
            scale = bitmap.scale
            pointWidth = bitmap.pointSize.width
            pointHeight = bitmap.pointSize.height
            colorType = header.colorType.description
            bitDepth = header.bitDepth
            interlaced = header.interlaced
            hasAlpha = header.hasAlpha
            opaque = bitmap.isOpaque
            gamma = header.gamma
            iccProfile = header.iccProfile?.name
        }

        var line: String {
            let points = "\(Console.formatPoints(pointWidth))×\(Console.formatPoints(pointHeight)) pt @\(scale)x"
            var details = ["\(colorType) \(bitDepth)-bit"]
            if interlaced { details.append("interlaced") }
            if hasAlpha { details.append(opaque ? "alpha (all opaque)" : "alpha") }
            return "\(path): \(width)×\(height) px, \(points), \(details.joined(separator: ", "))"
        }
    }
}
