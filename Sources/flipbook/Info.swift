import Animated
import Atlas
import APNG
import ArgumentParser
import Basics
import Foundation
import GIF
import Raster
import WebP

/// `flipbook info FILE|DIR...`: what each image is — size in pixels and points, scale,
/// colour type, bit depth, interlacing.
struct Info: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "info",
        abstract: "Describe images: size in pixels and points, scale, colour type, bit depth, interlace; GIF, APNG and WebP frames and timing.",
        discussion: """
            Each FILE is decoded in full, and each PNG's chunks and CRCs checked as validate checks \
            them, so a corrupt or damaged file is reported (exit code 3) rather than described. A DIR stands for the PNG, GIF, APNG and WebP files directly inside it, in natural order \
            (frame2 before frame10). The scale comes from the name, as UIKit reads it: \
            icon@2x.png is 2 pixels per point.

            Examples:
              flipbook info Sequences/kenney-robot-walk
              flipbook info hero@2x.png --json
            """
    )

    @Argument(help: "PNG, APNG, GIF or WebP files, or folders of them.")
    var paths: [String]

    @Flag(help: "Print machine-readable JSON.")
    var json = false

    @OptionGroup(title: "Resource limits") var pixelLimit: PixelLimit
    @OptionGroup(title: "Resource limits") var frameLimit: FrameLimit
    @OptionGroup(title: "Resource limits") var outputPixelLimit: OutputPixelLimit
    /// The limits the flags above set.
    var limits: ResourceLimits { ResourceLimits(pixelLimit, frameLimit, outputPixelLimit) }

    func validate() throws {
        guard !paths.isEmpty else { throw ValidationError("Give at least one file or folder.") }
    }

    func run() throws {
        try Discovery.checkNoStandardInput(paths)
        let limits = limits
        let decoder = PNG.Decoder(maxPixels: limits.maxPixels)
        var report = Report()
        for path in paths {
            for file in expand(path, into: &report) {
                do {
                    let ext = ImageFileName(path: file).pathExtension
                    if ext == "gif" {
                        report.files.append(try FileInfo(path: file, animation: GIF.Decoder(file: file, limits: limits)))
                    } else if ext == "webp" {
                        report.files.append(try FileInfo(path: file, animation: WebP.Decoder(file: file, limits: limits)))
                    } else if ext == "apng" || (ext == "png" && APNG.Decoder.isAnimated((try? FileIO.readPrefix(file, limit: 1 << 16).bytes) ?? [])) {
                        report.files.append(try FileInfo(path: file, animation: APNG.Decoder(file: file, limits: limits)))
                    } else if let what = Self.notAnImage(file, ext: ext) {
                        // `info s.json`: "not a PNG file" said nothing of what it is (fresh eyes 44 #10, 45 #7).
                        report.errors.append(FileProblem(path: file, error: "\(file): \(what), no image: info describes PNG, GIF, APNG and WebP files"))
                    } else {
                        // Every chunk and its CRC first, as validate checks them: libpng drops a
                        // damaged ancillary chunk (a tEXt) without a word.
                        let bytes = try PNG.Decoder.contents(of: file)
                        let chunks = try PNG.ChunkWalker.walk(bytes, file: file)
                        var info = FileInfo(path: file, image: try decoder.decode(bytes, file: file))
                        // Bytes after IEND, as validate's png.trailing-data warns of them: shipped, never shown.
                        if let end = chunks.last, bytes.count > end.offset + 12 + end.length {
                            let extra = bytes.count - (end.offset + 12 + end.length)
                            info.warnings.append("\(file) has \(Console.count(extra, "byte")) after its IEND chunk, which every decoder ignores")
                            Console.error("warning: \(info.warnings[0])")
                        }
                        report.files.append(info)
                    }
                } catch {
                    report.errors.append(FileProblem(path: file, error: "\(error)"))
                }
            }
        }

        if json {
            // In the CLI's words, as the text form prints them (fresh eyes 45 #7: `FramesJob reads…` in JSON only).
            report.errors = report.errors.map { FileProblem(path: $0.path, error: CLIWording.inCLIWords($0.error)) }
            try Console.printJSON(report)
        } else {
            for file in report.files { Console.line(file.line) }
            for problem in report.errors { Console.error("error: \(problem.error)") }
            if report.files.count + report.errors.count > 1 {
                Console.line("\(report.files.count) readable, \(report.errors.count) unreadable")
            }
        }
        if !report.errors.isEmpty { throw UnreadableInputs(count: report.errors.count) }
    }

    /// What `file` (of extension `ext`) is when it is no image a name or its first bytes show —
    /// sheet data, a scene, a project, a font… and what reads it; `nil` for a PNG or a file of
    /// another extension (read as a PNG, whose error says what it is not).
    static func notAnImage(_ file: String, ext: String) -> String? {
        // A file that cannot be read (missing) is said so by the PNG path; a PNG of any name is read as one.
        guard let start = try? FileIO.readPrefix(file, limit: 8).bytes, !start.starts(with: PNG.signature) else { return nil }
        switch ext {
        case "json":
            let root = (try? FileIO.readAll(file)).flatMap { try? JSONSerialization.jsonObject(with: Data($0)) as? [String: Any] }
            return root.flatMap { SheetImport.kind(ofJSON: $0, file: file) } ?? "a .json file"
        case "atlas", "atlasc", "plist", "tres": return "a sprite sheet's data: flipbook frames reads it (and its page, flipbook info)"
        case "ttf", "otf", "ttc": return "a font: flipbook note --font and scenes' text layers read it"
        case "woff", "woff2": return "a web font (flipbook note --font and scenes read TTF and OTF fonts)"
        // A PNG's name (or a JPEG's, a BMP's…): the PNG reader says what the bytes are not.
        case "png", "apng", "jpg", "jpeg", "bmp", "tga", "psd", "tif", "tiff": return nil
        default: return ext.isEmpty ? "a file without an extension" : "a .\(ext) file"
        }
    }

    /// A folder becomes its images (PNG, GIF, APNG, WebP) in natural order (none is an error: exit 3, as for every
    /// command given an empty folder); anything else stands for itself.
    private func expand(_ path: String, into report: inout Report) -> [String] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue else {
            // A file is read as a killed run's commit leaves its folder, finished first.
            do { try ImageCommand.finishInterruptedWrites(around: [path]) } catch {
                report.errors.append(FileProblem(path: path, error: CLIWording.message(for: error)))
                return []
            }
            return [path]
        }
        do {
            let files = try Discovery.imageFiles(inFolder: path)
            if files.isEmpty {
                // A folder of a sheet's pages and data holds PNGs, the pages: said, with how to read them.
                let sheet = Discovery.noFrames(in: path)
                let error = if case .onlySheetPages(_, _, let pages) = sheet {
                    // A page named by its name alone lies in the folder given (`sk.atlasc/sk.1.png`).
                    CLIWording.message(for: sheet) + "; or describe a page as a file (flipbook info \(pages[0].contains("/") ? pages[0] : Discovery.trimmingSlash(path) + "/" + pages[0]))"
                } else {
                    "\(path): no PNG, GIF, APNG or WebP files in this folder"
                }
                report.errors.append(FileProblem(path: path, error: error))
            }
            return files
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
        /// For GIFs, APNGs and WebPs: frames, total duration and UIKit repeat count (0 = forever).
        var frames: Int?
        var durationSeconds: Double?
        var repeatCount: Int?
        /// What the decoder read past (a file cut short: its whole frames are kept; bytes after a
        /// PNG's end), also printed on standard error; empty when the file was read whole.
        var warnings: [String] = []

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

        /// Reads every frame of a GIF, APNG or WebP, one at a time, to count them, time them (as
        /// browsers play them: `AnimationFrame.playedDuration`) and see their alpha.
        init(path: String, animation decoder: any AnimationDecoder) throws {
            var count = 0, seconds = 0.0, opaque = true
            while let frame = try decoder.nextFrame() {
                count += 1
                seconds += frame.playedDuration
                if opaque && !frame.image.isOpaque { opaque = false }
            }
            // What the decoder read past (a file cut short, no colour table), on standard error.
            let info = decoder.info, scale = ImageFileName(path: path).scale ?? 1
            // `coin@4x.gif`: described as named, with the refusal every reader of it gives.
            let named = ImageFileName.scaleRange.contains(scale) ? [] : [Discovery.Error.scaleOutOfRange(path: path, scale: scale).description]
            for warning in decoder.warnings + named { Console.error("warning: \(warning)") }
            warnings = decoder.warnings + named
            self.path = path
            width = info.width
            height = info.height
            self.scale = scale
            pointWidth = Double(info.width) / Double(scale)
            pointHeight = Double(info.height) / Double(scale)
            colorType = type(of: decoder).format.rawValue
            bitDepth = 8
            interlaced = false
            hasAlpha = !opaque
            self.opaque = opaque
            frames = count
            durationSeconds = (seconds * 1000).rounded() / 1000
            repeatCount = info.repeatCount
        }

        var line: String {
            let points = "\(Console.formatPoints(pointWidth))×\(Console.formatPoints(pointHeight)) pt @\(scale)x"
            if let frames, let durationSeconds, let repeatCount {
                let loop = repeatCount == 0 ? "loops forever" : "plays \(repeatCount)×"
                return "\(path): \(width)×\(height) px, \(points), \(colorType), \(Console.count(frames, "frame")), \(durationSeconds) s, \(loop)"
                    + (hasAlpha ? ", transparency" : "")
            }
            var details = ["\(colorType) \(bitDepth)-bit"]
            if interlaced { details.append("interlaced") }
            if hasAlpha { details.append(opaque ? "alpha (all opaque)" : "alpha") }
            return "\(path): \(width)×\(height) px, \(points), \(details.joined(separator: ", "))"
        }
    }
}
