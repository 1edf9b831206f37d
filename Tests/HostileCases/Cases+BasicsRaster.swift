import Basics
import Foundation
import Raster

extension HostileCases {
    static let basics: [HostileCase] = [
        HostileCase("Shard with hostile numbers, texts and costs", ["Shard", "Shard.Error", "Shard.Unit"]) {
            each(Sample.ints) { v in _ = try Shard(v, of: v) }
            each(Sample.ints) { v in _ = try Shard(1, of: v) }
            each(["", "/", "1/", "/1", "-0/1", "1/-1", "9223372036854775807/9223372036854775807", "1/1/1", "٣/٣", "1\u{0}/2", "１/２"]) { text in
                _ = try Shard(parsing: text).description
            }
            let units = Sample.ints.map { Shard.Unit(key: "\($0)", cost: $0) } + [Shard.Unit(key: "", cost: Int.max), Shard.Unit(key: "", cost: Int.max)]
            each(Sample.ints) { v in _ = Shard.partition(units, into: v) }
            if let shard = try? Shard(2, of: 3) { _ = shard.keeps(units) }
            _ = Shard.Error.malformed("").description + Shard.Error.countOutOfRange(index: Int.min, count: Int.min).description
                + Shard.Error.indexOutOfRange(index: Int.max, count: Int.min).description
                + Shard.Error.numberTooLong("").description + Shard.Error.numberTooLong("/").description
        },
        HostileCase("ResourceLimits checks with hostile sizes", ["ResourceLimits", "LimitError", "LimitError.Limit"]) {
            let limits = ResourceLimits(maxPixels: -1, maxFrames: 0, maxPathSegments: Int.min, maxFlattenedEdges: Int.max, maxDecodedBytes: 0)
            _ = limits.rangeError
            each(Sample.ints) { v in try limits.checkPixels(width: v, height: v, of: "x") }
            each(Sample.doubles) { v in try ResourceLimits.default.checkPixels(width: v, height: v, scale: Int.max, of: "x") }
            each(Sample.ints) { v in try limits.checkOutput(v, "frames", width: v, height: v, of: "x") }
            each(Sample.ints) { v in try limits.checkOutput(Int.max, "", width: v, height: 0 &- v, of: "") }
            for limit in LimitError.Limit.allCases { each(Sample.ints) { v in try limits.check(limit, v, of: "x") } }
            each(Sample.ints) { v in try limits.checkDrawing(v, framesOf: v, of: "x") }
            each(Sample.ints) { v in try ResourceLimits(maxDrawingWork: Int.min).checkDrawing(Int.max, framesOf: 0 &- v, of: "") }
            _ = LimitError(limit: .pixels, subject: "", amount: Int.min, maximum: Int.min, detail: "").description
        },
        HostileCase("SettingError described with hostile values and ranges", ["SettingError", "SettingError.Setting", "SettingError.Allowed",
                                                                             "SettingError.Problem"]) {
            let allowed: [SettingError.Allowed] = [.range(Int.min...Int.max), .range(Int.max...Int.max), .atLeast(Int.min), .atLeast(Int.max),
                                                   .interval(-Double.infinity...Double.infinity), .interval(5e-324...5e-324),
                                                   .interval(-1e308...(-1e-308)), .ascending(Int.max...Int.max), .ascending(Int.min...Int.max),
                                                   .seconds(atMost: .nan), .seconds(atMost: -.infinity), .seconds(atMost: 5e-324)]
            let settings: [SettingError.Setting] = [.repeatCount, .scales, .maxBytes, .limit(.pixels), .dithering, .duration,
                                                    .delays(index: Int.min), .frameDurations(index: Int.max)]
            for setting in settings {
                for range in allowed {
                    each(Sample.ints) { v in
                        _ = range.contains(v)
                        for problem in [SettingError.Problem.outOfRange(range), .sourceOutOfRange(range), .notForFormat, .conflicts(with: setting, value: "")] {
                            let error = SettingError(setting, of: v < 0 ? nil : "", value: String(v), problem: problem, format: v == 0 ? nil : "")
                            _ = (error.description, error.allowed, error.description(naming: { _ in "" }))
                        }
                    }
                    each(Sample.doubles) { v in _ = SettingError(setting, of: "T", value: v, allowed: range, reason: "").description }
                }
            }
        },
        HostileCase("FileIO with empty, missing and odd paths", ["FileIO", "FileIO.Error", "FileIO.Error.Operation", "FileIO.Error.Kind"]) {
            each(["", "/nonexistent/x", "/", ".", "\u{0}"]) { path in
                _ = FileIO.fingerprint(of: path)
                _ = FileIO.resolvedPath(path)
                _ = FileIO.isSameFile(path, path)
                _ = FileIO.relativePath(of: path, from: path)
                _ = try? FileIO.readPrefix(path, limit: -1)
                _ = try FileIO.readAll(path)
            }
            _ = FileIO.Error(path: "", reason: "", operation: .write, kind: .other).description
        },
        HostileCase("ImageFileName and scale fallback with hostile scales", ["ImageFileName"]) {
            each(["", "@", "a@0x.png", "a@-1x.png", "a@99999999999999999999x.png", "~ipad@2x~iphone.png", ".png"]) { name in
                _ = ImageFileName(path: name).scale
            }
            each(Sample.ints) { scale in _ = ImageFileName.scaleFallbackOrder(for: scale, available: [Int.min, 0, Int.max, scale, scale]) }
        },
        HostileCase("ThreadBudget and CancellationFlag with hostile thread counts", ["ThreadBudget", "CancellationFlag"]) {
            each(Sample.ints) { threads in ThreadBudget.withLimit(threads) { CancellationFlag().cancel() } }
        },
        HostileCase("JobProgress and its reporter with hostile counts", ["JobProgress", "JobProgress.Phase"]) {
            each(Sample.doubles) { fraction in
                _ = JobProgress(phase: .encoding, attempt: Int.min, maxAttempts: Int.max, done: Int.max, total: Int.min, fraction: fraction).description
            }
            let reporter = JobProgress.Reporter({ _ in }, phases: [(.reading, .nan), (.writing, -.infinity), (.reading, .infinity)])
            for phase in JobProgress.Phase.allCases {
                each(Sample.ints) { v in reporter.report(phase, done: v, total: v, attempt: v, maxAttempts: v) }
                reporter.counter(phase, attempt: Int.min, maxAttempts: 0)?(Int.max, 0)
                reporter.finish(phase, attempt: Int.max, maxAttempts: Int.min)
            }
            _ = JobProgress.Reporter(nil, phases: []).isListening
            JobProgress.Reporter({ _ in }, phases: []).report(.writing, done: 1, total: 1)
        },
        HostileCase("strict input: JSON and plists that are not", ["StrictDecoder", "SchemaError", "SchemaError.Problem", "InputValue",
                                                                 "InputValue.Kind", "InputObject", "InputPath", "InputPath.Component",
                                                                 "KnownKeys", "KnownKeys.Policy", "UncheckedInput", "Suggestion"]) {
            struct Shape: Decodable { var width: Int; var name: String }
            let documents = ["", "{", "[]", "null", #"{"width": 1e400, "name": 1}"#, #"{"width": -9223372036854775809}"#,
                             #"{"width": 1, "width": 2, "name": ""}"#, String(repeating: "[", count: 10_000)]
            each(documents) { text in _ = try StrictDecoder(file: "x.json").decode(Shape.self, fromJSON: Array(text.utf8)) }
            each(documents) { text in
                let value = try InputValue.json(Array(text.utf8), file: "x.json")
                _ = try? value.integer(); _ = try? value.number(); _ = try? value.numbers(); _ = try? value.string(oneOf: [])
                let object = try value.object()
                try object.check(KnownKeys([], prefixes: [""]))
            }
            each(["", "<plist>", "bplist00"]) { text in _ = try InputValue.propertyList(Array(text.utf8), file: "x.plist") }
            _ = InputPath.root.appending(index: Int.min).appending("").description
            _ = Suggestion.nearest(to: "", among: ["", ""]); _ = Suggestion.distance("", String(repeating: "x", count: 1000))
            _ = UncheckedInput()
            _ = KnownKeys.Policy.strict
        },
        HostileCase("outputs: names, sets and writers refuse odd paths", ["OutputName", "OutputError", "InputFiles", "OutputSet",
                                                                        "OutputSet.Error", "AtomicFileWriter", "InMemoryFile", "KnownValues"]) {
            each(["", ".", "/", "x.", "x.PNG.gif"]) { path in try OutputName.require(path, extensions: [], what: "") }
            _ = OutputName.list([])
            var inputs = InputFiles(["", "", "/"])
            inputs.insert("")
            each(["", "/", "."]) { path in try inputs.check(output: path) }
            let folder = Sample.folder("outputs")
            let set = OutputSet(owner: "", protecting: inputs)
            each(["", folder, folder + "/a.png", folder + "/a.png"]) { path in try set.write([], to: path) }
            set.discard()
            // The set's one error, for every path it can name (empty ones too).
            for path in ["", "/", folder] {
                do throws(OutputSet.Error) { try set.write([], to: path); try set.commit() } catch { _ = error.path; _ = error.description }
                for error in [OutputSet.Error.refused(.notAFolder(path: path)), .write(FileIO.Error(path: path, reason: ""))] {
                    _ = error.path; _ = error.description
                }
            }
            set.discard()
            _ = try? AtomicFileWriter(path: "")
            _ = InMemoryFile(name: "", bytes: [])
        },
    ]

    static let raster: [HostileCase] = [
        HostileCase("Bitmap.init negative, zero and overflowing sizes", ["Bitmap"]) {
            for (width, height) in [(-1, 1), (1, -1), (Int.max, Int.max), (Int.max, 1), (1 << 32, 1 << 32), (0, 0), (Int.min, Int.min)] {
                _ = try? Bitmap(width: width, height: height, scale: Int.min)
                _ = Bitmap(width: width, height: height, straight: [])
                _ = Bitmap(width: width, height: height, premultiplied: [1, 2, 3])
            }
        },
        HostileCase("Bitmap.init over the limits is a LimitError", ["Bitmap", "LimitError"]) {
            do { _ = try Bitmap(width: 100_000, height: 100_000); throw HostileFailure("100000² bitmap accepted") } catch is LimitError {}
        },
        HostileCase("Bitmap scale set to 0 and negative", ["Bitmap"]) {
            var bitmap = Sample.bitmap
            bitmap.scale = 0
            bitmap.scale = Int.min
            _ = bitmap.pointSize
            _ = bitmap.showsSame(as: Bitmap(clearWidth: 0, height: 0)); _ = bitmap.premultipliedPixels(); _ = bitmap.isOpaque
        },
        HostileCase("PixelRect crop, copy, fill and extrude out of range", ["PixelRect", "Color"]) {
            var bitmap = Sample.bitmap
            for rect in [PixelRect(x: -5, y: -5, width: 100, height: 100), PixelRect(x: Int.max / 2, y: 0, width: 1, height: 1),
                         PixelRect(x: 2, y: 2, width: -3, height: -3), PixelRect(x: Int.min / 2, y: Int.min / 2, width: 1, height: 1)] {
                _ = bitmap.cropped(to: rect)
                bitmap.copy(Sample.bitmap, from: rect, toX: rect.x, y: rect.y)
                bitmap.fill(rect, with: Color(r: 1, g: 2, b: 3))
                bitmap.extrude(rect, by: 3)
            }
            _ = bitmap.rotated90(clockwise: true)
            _ = Color(hex: ""); _ = Color(hex: "#GGGGGG"); _ = Color(hex: "#12345"); _ = Color(r: 0, g: 0, b: 0, a: 0).over(.black)
        },
        HostileCase("NineSlice.render with NaN and infinite insets", ["NineSlice", "NineSlice.Insets", "NineSlice.Error", "NineSlice.Mode"]) {
            for mode in NineSlice.Mode.allCases {
                each(Sample.doubles) { v in
                    _ = try? NineSlice(insets: .init(top: v, left: v, bottom: v, right: v), mode: mode).render(Sample.bitmap, width: 8, height: 8)
                    _ = try? NineSlice(insets: .init(top: 0, left: v, bottom: 0, right: 0), mode: mode).render(Sample.bitmap, width: 8, height: 8)
                }
            }
        },
        HostileCase("NineSlice.render to NaN, infinite, negative and huge sizes", ["NineSlice", "NineSlice.Error"]) {
            for mode in NineSlice.Mode.allCases {
                each(Sample.doubles) { v in
                    _ = try? NineSlice(insets: .init(top: 1, left: 1, bottom: 1, right: 1), mode: mode).render(Sample.bitmap, width: v, height: 4)
                    _ = try NineSlice(insets: .init(top: 1, left: 1, bottom: 1, right: 1), mode: mode).render(Sample.bitmap, width: 4, height: v)
                }
                _ = try? NineSlice(insets: .init(top: 1, left: 1, bottom: 1, right: 1), mode: mode).render(Sample.bitmap, width: 1e6, height: 1e6)
            }
        },
        HostileCase("Resampler.resize to negative, zero and huge sizes", ["Resampler", "Resampler.Filter"]) {
            for filter in Resampler.Filter.allCases {
                for (width, height) in [(-1, 4), (0, 0), (Int.max, 1), (1, Int.max), (1 << 20, 1 << 20), (100_000, 1)] {
                    _ = try? Resampler(filter: filter).resize(Sample.bitmap, width: width, height: height)
                }
                _ = try? Resampler(filter: filter).resize(Bitmap(clearWidth: 0, height: 5), width: 3, height: 3)
            }
        },
        HostileCase("ContentMode.render to hostile frames", ["ContentMode"]) {
            let tall = Bitmap(clearWidth: 1, height: 1000)
            for mode in ContentMode.allCases {
                for (width, height) in [(-1, 4), (0, 0), (Int.max, 1), (1000, 1), (Int.max, Int.max), (1 << 20, 1 << 20)] {
                    _ = try? mode.render(Sample.bitmap, width: width, height: height, resampler: Resampler())
                    _ = try? mode.render(tall, width: width, height: height, resampler: Resampler())
                }
            }
        },
        HostileCase("Blur with NaN, infinite and negative settings", ["Blur", "Blur.Method", "Blur.Edge", "Blur.Preset", "Color"]) {
            for method in [Blur.Method.gaussian, .box] {
                for edge in [Blur.Edge.clamp, .transparent] {
                    each(Sample.doubles) { v in
                        _ = try Blur(sigma: v, method: method, edge: edge, downsample: v).apply(to: Sample.bitmap)
                    }
                }
            }
            for preset in Blur.Preset.allCases { _ = try? Blur(preset: preset).apply(to: Bitmap(clearWidth: 0, height: 0)) }
        },
        HostileCase("PaletteQuantizer with hostile colour counts", ["PaletteQuantizer"]) {
            each(Sample.ints) { colors in _ = PaletteQuantizer(colors: colors, refinements: colors).reduce(Sample.bitmap) }
        },
        HostileCase("PixelFont with hostile scales and sizes", ["PixelFont"]) {
            var bitmap = Sample.bitmap
            let font = PixelFont.fixed6x13
            each(Sample.ints) { v in
                _ = font.size(of: "hostile\u{0}\u{FFFF}", scale: v)
                _ = font.fitting(String(repeating: "x", count: 100), width: v, scale: v)
                font.draw("x", in: &bitmap, x: v, y: v, color: .black, scale: 1)
            }
            _ = PixelFont(width: -1, height: -1, rows: []); _ = PixelFont(width: 8, height: Int.max, rows: []); _ = PixelFont(width: Int.min, height: 0, rows: [])
        },
        HostileCase("PNG decoder on junk bytes and missing files", ["PNG", "PNG.Decoder", "PNG.DecodeError", "PNG.Image", "PNG.Header",
                                                                     "PNG.ColorType", "PNG.SignificantBits", "PNG.ICCProfile"]) {
            each(Sample.junk) { bytes in _ = try PNG.Decoder(maxPixels: -1).decode(bytes, file: "x.png") }
            each(Sample.junk) { bytes in _ = try PNG.Decoder(maxPixels: Int.max).decodeBitmap(bytes, file: "x.png") }
            _ = try? PNG.Decoder().readHeader(file: "")
            let image = try PNG.Decoder().decode(Sample.png, file: "x.png")
            _ = image.header.colorType; _ = image.header.significantBits; _ = image.header.iccProfile
            _ = image.bitmap(scale: Int.min)
        },
        HostileCase("PNG encoder with hostile compression levels", ["PNG.Encoder", "PNG.Encoder.ColorMode", "PNG.EncodeError"]) {
            for mode in [PNG.Encoder.ColorMode.smallest, .eightBit] {
                each(Sample.ints) { level in _ = try PNG.Encoder(colorMode: mode, compressionLevel: level).encode(Sample.bitmap) }
                _ = try? PNG.Encoder(colorMode: mode).encode(Bitmap(clearWidth: 0, height: 0))
            }
            _ = try? PNG.Encoder().write(Sample.bitmap, to: "")
        },
        HostileCase("FrameInput with hostile counts and NaN durations", ["FrameInput", "EncodingEffort"]) {
            each([0, -1, Int.min, Int.max]) { count in _ = try FrameInput(count: count, duration: .nan) { _ in Sample.bitmap }.name(of: count) }
            _ = FrameInput(durations: Sample.doubles, names: []) { _ in Sample.bitmap }.name(of: Int.min)
            _ = EncodingEffort.allCases
        },
    ]
}

/// A case's own finding (a hostile value accepted where it must be refused).
struct HostileFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
