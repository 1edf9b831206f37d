import Animated
import APNG
import Atlas
import Basics
import Foundation
import FrameGen
import GIF
import Raster
import WebP

/// The public functions the per-type cases do not reach, called with the same hostile values: on
/// files, folders and paths that are empty, missing, repeated or odd.
extension HostileCases {
    static let functions: [HostileCase] = [
        HostileCase("PNG chunk walk over junk and cut files", ["PNG.ChunkWalker", "PNG.ChunkWalker.Chunk"]) {
            var lying = Sample.png
            lying.replaceSubrange(8..<12, with: [0xFF, 0xFF, 0xFF, 0xFF])   // IHDR claims 4 GiB
            each(Sample.junk + [lying, Sample.png + Sample.png, Array(Sample.png.dropLast(12))]) { bytes in
                _ = try PNG.ChunkWalker.walk(bytes, file: "x.png").map(\.type)
            }
        },
        HostileCase("one frame number twice, under every policy", ["FrameSequence.DuplicateNumberPolicy", "PNGTooLargeRule", "PNGAnimatedRule", "PNGTrailingDataRule"]) {
            let files = [InMemoryFile(name: "a1.png", bytes: Sample.png), InMemoryFile(name: "a01.png", bytes: Sample.png),
                         InMemoryFile(name: "a001.png", bytes: [])]
            for policy in FrameSequence.DuplicateNumberPolicy.allCases {
                _ = try? Animation.load(files: files, scale: Int.max, onDuplicateNumber: policy)
            }
            let report = try Validator(config: ValidationConfig(severities: [PNGTooLargeRule.id: .error])).validate(files: files, cancellation: nil)
            _ = report.findings.filter { $0.rule == PNGTooLargeRule.id || $0.rule == PNGAnimatedRule.id || $0.rule == PNGTrailingDataRule.id }
        },
        HostileCase("files and folders: empty, missing, repeated and odd paths", ["FileIO", "OutputSet", "InputFiles", "AtomicFileWriter"]) {
            let folder = Sample.folder("paths")
            each(["", folder, folder + "/missing/x", "/dev/null"]) { path in
                _ = try? FileIO.entries(of: path)
                _ = FileIO.removeEmptyFolder(path + "/nothing")
                _ = OutputSet.isRecorded(path); _ = OutputSet.files(writtenBy: path, in: path)
                _ = OutputSet.names(inSetsHolding: ["", "png"], in: path)
                _ = OutputSet.leavingOut(earlierOutputOf: path, from: [path, path, ""])
                _ = try? OutputSet.check(file: path, protecting: InputFiles([path]))
                _ = try? OutputSet.write([], toFile: path, protecting: InputFiles([path]))
                try InputFiles([path, path]).prepare(folder: path)
            }
            try FileIO.createDirectory(folder + "/a/b")
            try FileIO.writeAtomically([], to: folder + "/a/b/x.bin")
            let writer = try AtomicFileWriter(path: folder + "/w.bin")
            each([Int.min, -1, 0, 1 << 40]) { count in try writer.reserveHeader(count) }
            try writer.writeHeader([1, 2, 3])
            try writer.write([])
            try writer.commit()
            _ = try? writer.commit()
            let set = OutputSet(owner: folder + "/owner")
            _ = try? set.open(folder + "/o.png").commit()
            _ = set.isOwnEarlierFile(""); try set.commit(); try set.commit()
        },
        HostileCase("recovering folders that are missing, files, odd or hold a forged journal", ["OutputRecovery"]) {
            let folder = Sample.folder("recovery")
            // Forged journals naming a file outside the folder (relative, absolute and legacy
            // forms, with its true size and CRC-32): recovery must leave that file alone.
            let outside = Sample.folder("recovery-outside") + "/keep.png"
            try FileIO.writeAtomically(Sample.png, to: outside)
            let crc = Sample.png.withUnsafeBufferPointer { Zlib.crc32($0) }
            try FileIO.writeAtomically(Array(("flipbook journal 2\nR\t../recovery-outside/keep.png\tstolen.png\t-\t1\t1\n"
                                              + "D\t../recovery-outside/keep.png\t\(Sample.png.count)\t\(crc)\n"
                                              + "D\t\(outside)\t\(Sample.png.count)\t\(crc)\n\n").utf8),
                                       to: folder + "/.flipbook-1-a.journal")
            try FileIO.writeAtomically(Array("\(outside)\t\(folder)/stolen.png\n-\t\(outside)\n".utf8), to: folder + "/.flipbook-2-b.journal")
            each(["", "/nonexistent", folder, folder + "/.flipbook-journal", "/dev/null", folder + "/../" + folder]) { path in
                _ = try? OutputRecovery.recover(folder: path)
            }
            guard (try? FileIO.readAll(outside)) == Sample.png else { throw HostileFailure("a forged journal moved or removed \(outside)") }
        },
        HostileCase("strict input: trees, paths and keys that are odd", ["StrictDecoder", "SchemaError", "InputObject", "InputValue", "KnownKeys"]) {
            struct Shape: Decodable { var width: Int }
            for tree: Any in [NSNull(), [Any](), ["width": Double.nan], ["width": Double.infinity], ["width": "1"], [1: 2]] {
                var found: [SchemaError] = []
                _ = try? StrictDecoder(file: "", policy: .lenient).decode(Shape.self, from: tree, at: InputPath([.key(""), .index(Int.min)]),
                                                                         warnings: &found)
                _ = InputValue.summary(of: tree); _ = InputValue.kind(of: tree)
                let value = InputValue(tree, file: "")
                _ = value.wrongType(""); _ = value.outOfRange(""); _ = value.invalid("")
                _ = try? value.bool(); _ = try? value.array(); _ = try? value.string()
            }
            _ = InputValue.format(.nan); _ = InputValue.format(-.infinity); _ = InputValue.format(1e300)
            let object = InputObject(["": 1, "a": [String: Any]()], file: "")
            _ = object.has(""); _ = try? object.required("missing")
            _ = InputObject(["a": Double.nan], file: "", keyPaths: ["a": .root, "gone": .root])["a"]
            var warnings: [SchemaError] = []
            try? object.check(KnownKeys(arrayLiteral: "a").union([]), policy: .lenient, warnings: &warnings)
            _ = KnownKeys([]).contains("")
            _ = SchemaError.unknownKey("", in: .root, file: "", known: ["", ""]).description
            _ = Suggestion.threshold(for: "")
        },
        HostileCase("PNG readers and writers on missing paths and sets", ["PNG.Decoder", "PNG.Encoder", "Bitmap"]) {
            let folder = Sample.folder("png")
            each(["", folder, folder + "/missing.png", "/dev/null"]) { path in
                _ = try PNG.Decoder().readHeaderAndSize(file: path)
                _ = try? PNG.Decoder().decode(file: path)
                _ = try? PNG.Decoder().decodeBitmap(file: path)
                _ = try? PNG.Encoder().write(Sample.bitmap, to: path, protecting: InputFiles([path]))
                _ = try? PNG.Encoder().write(Sample.bitmap, to: path, in: OutputSet(owner: path), named: true)
            }
            _ = try PNG.Decoder().readHeader(Sample.png, file: "")
            var bitmap = Sample.bitmap
            bitmap.withUnsafeMutablePixels { $0.initialize(repeating: 255) }
            _ = bitmap.takePixels()
        },
        HostileCase("image loading: names that leave the folder, missing folders", ["ImageLoader"]) {
            let folder = Sample.folder("images")
            try PNG.Encoder().write(Sample.bitmap, to: folder + "/a.png")
            each(["", "a", "a.png", "../a.png", "/etc/passwd", "a@2x.png", "..", "."]) { name in
                _ = ImageLoader.path(for: name, in: folder, scale: Int.max)
                _ = try ImageLoader.load(name, in: folder, scale: Int.min, maxPixels: 1)
            }
            _ = try? Scene(json: Array(#"{"size":[4,4],"ops":[{"image":"a.png","at":[0,0]},{"image":"a.png","at":[1,1]},{"image":"../a.png","at":[0,0]}]}"#.utf8))
                .loadImages(in: folder, maxPixels: Int.min)
            each(["", "-", folder, folder + "/x.png", folder + "/../images/x.png", "/x.png"]) { output in
                try ImageLoader.checkNotReadBack(output: output, writesFolder: output.hasSuffix("images"), byLoading: folder)
            }
            _ = try? ImageLoader.loadFolder(folder, scale: Int.max, maxPixels: Int.min)
        },
        HostileCase("sequences on disk: folders given twice, missing and empty", ["Discovery", "Animation", "SequenceManifest", "SequenceWriter"]) {
            let folder = Sample.folder("sequence")
            let writer = try SequenceWriter(folder: folder, prefix: "f")
            try writer.writeFrames(count: 3) { _ in Sample.bitmap }
            _ = try writer.commit(manifest: SequenceManifest(name: "f", fps: 12))
            let sources = [folder, folder, folder + "/", folder + "/f1.png", folder + "/missing", ""]
            _ = try? Discovery.images(from: sources); _ = try? Discovery.listedFrames(sources); _ = Discovery.listNote(sources)
            _ = try? Discovery.frameFiles(in: folder, recursive: true); _ = try? Discovery.pngFiles(inFolder: "", recursive: true)
            _ = try? Animation.load([folder, folder + "/f1.png"], scale: Int.min, device: "")
            _ = try? Animation.load(urls: [URL(fileURLWithPath: folder + "/missing")], scale: Int.max)
            _ = try? Animation.load(files: [], scale: 0)
            _ = try? SequenceManifest.read(file: folder)
            let manifest = try SequenceManifest.read(file: folder + "/sequence.json")
            _ = manifest.mismatch(sequence: "", frameCount: Int.min, highlightedFound: true, prefixes: ["", ""], file: "")
            _ = try? manifest.write(to: "")
            _ = try? manifest.write(to: folder + "/sequence.json", in: OutputSet(owner: ""))
        },
        HostileCase("validation on disk and configs found for odd roots", ["Validator", "ValidationConfig"]) {
            let folder = Sample.folder("validate")
            try PNG.Encoder().write(Sample.bitmap, to: folder + "/a1.png")
            _ = try? ValidationConfig.find(for: ["", "/nonexistent", folder], file: nil)
            _ = try? ValidationConfig.find(for: [], file: folder + "/missing.json")
            _ = try? ValidationConfig.read(file: "")
            _ = try Validator(deep: true).validate([folder], cancellation: nil)
            _ = try Validator().validate(urls: [URL(fileURLWithPath: folder)], cancellation: nil)
        },
        HostileCase("jobs built from URLs and paths that are odd", ["AssembleJob", "SheetJob", "SheetEngine", "SheetExport"]) {
            let folder = Sample.folder("jobs")
            let writer = try SequenceWriter(folder: folder + "/walk", prefix: "walk")
            try writer.writeFrames(count: 2) { _ in Sample.bitmap }
            _ = try writer.commit()
            _ = try? AssembleJob(sources: [folder + "/walk", folder + "/walk"], output: folder + "/walk/walk1.png").plan(cancellation: nil)
            _ = try? AssembleJob(urls: [], output: nil).plan(cancellation: nil)
            _ = try? AssembleJob(files: []).plan(cancellation: nil)
            _ = try? AssembleJob(files: [InMemoryFile(name: "", bytes: []), InMemoryFile(name: "", bytes: [])]).plan(cancellation: nil)
            let job = SheetJob(sources: [folder + "/walk"], output: folder + "/sheet.png")
            let plan = try job.plan(cancellation: nil)
            _ = try? job.forEngine(.godot4, output: "", data: "").plan(reusing: plan)
            _ = try? job.encoded(plan, cancellation: nil)
            _ = try? job.forEngine(.libgdx, output: folder + "/walk/walk1.png").write(plan, cancellation: nil)
            _ = try? SheetJob(urls: [], output: URL(fileURLWithPath: "")).check()
            for engine in SheetEngine.allCases { _ = plan.sheets.map(engine.warnings(for:)) }
            let files = try SheetExport.files(for: plan.sheets, format: .libgdx, output: folder + "/out.png")
            _ = try? SheetExport.write(files, owner: "", protecting: InputFiles([folder + "/out.png"]), named: ["", ""])
        },
        HostileCase("decoders one frame at a time and on files cut short", ["GIF.Decoder", "APNG.Decoder", "WebP.Decoder", "LibGDXAtlas.Region"]) {
            let gif = try GIF.Encoder().encode(FrameInput(count: 2, duration: 0.1) { _ in Sample.bitmap }).bytes
            let decoder = try GIF.Decoder(bytes: gif, file: "x.gif", limits: ResourceLimits(maxPixels: 1 << 20, maxFrames: 1))
            _ = try? decoder.nextFrame(); _ = try? decoder.nextFrame(); _ = try? decoder.nextFrame()
            // Cut at every 7th byte: each a salvaged animation, or a typed refusal.
            let apng = try APNG.Encoder(effort: .fast).encode(frames(0.1)).bytes
            for end in stride(from: 0, through: apng.count, by: 7) { _ = try? APNG.Decoder(bytes: Array(apng.prefix(end)), file: "x.png").allFrames() }
            let webp = try WebP.Encoder(effort: .fast).encode(frames(0.1)).bytes
            for end in stride(from: 0, through: webp.count, by: 7) { _ = try? WebP.Decoder(bytes: Array(webp.prefix(end)), file: "x.webp").allFrames() }
            let regions = try LibGDXAtlas.decode(try LibGDXAtlas.encode(try SheetBuilder().build([.init(name: "a", bitmap: Sample.bitmap)]), images: ["x.png"]))
            _ = Set(regions.regions)
        },
        HostileCase("scale names, page names and merge notes with odd names and scales",
                    ["SheetExport", "SheetExport.Format", "ImageFileName", "AssembleJob.Report"]) {
            let names = ["", "/", "@", "-", "s-", "s-0", "s-0@", "s-0@x.png", "s-9999999999999999999999@2x.png", "s.png/", ".png",
                         "a@2x", "a@99999999999999999999x.png", "~ipad@2x~iphone.gif", "\u{0}.png", String(repeating: "-0", count: 10_000) + ".png"]
            for name in names {
                for sheet in names { _ = SheetExport.isPageName(name, of: sheet) }
                for format in SheetExport.Format.allCases {
                    _ = format.statesScale
                    each(Sample.ints) { scale in _ = SheetExport.scaleNameWarning(output: name, scale: scale, format: format) }
                }
                for animated in [false, true] {
                    _ = ImageFileName.animationScaleRefusal(name, animated: animated)
                    each(Sample.ints) { scale in _ = ImageFileName.animationScaleRefusal(name, animated: animated, drawnAt: scale) }
                }
            }
            let frames = [InMemoryFile(name: "a1.png", bytes: Sample.png), InMemoryFile(name: "a2.png", bytes: Sample.png)]
            for format in AssembleJob.Format.allCases {
                var job = AssembleJob(files: frames)
                job.format = format
                let report = try job.run(cancellation: nil).report
                _ = report.framesMergedForTiming
                _ = report.mergeNotes(invisible: names)
            }
        },
    ]
}
