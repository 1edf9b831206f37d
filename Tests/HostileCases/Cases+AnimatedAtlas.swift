import Animated
import Atlas
import Basics
import Foundation
import APNG
import GIF
import Raster
import WebP

extension HostileCases {
    static let animated: [HostileCase] = [
        HostileCase("MergedReport of junk, hostile records and missing files", ["MergedReport", "MergedReport.Error"]) {
            _ = try MergedReport(files: ["", "/nonexistent/a.json", "/"])
            _ = try MergedReport(reports: [])
            each(Sample.junk) { bytes in _ = try MergedReport(reports: [InMemoryFile(name: "", bytes: bytes)]) }
            let records = [#"{"shard": {"shard": "0/0"}}"#, #"{"runs": []}"#, #"{"runs": [{"properties": {"flipbook.shard": 1}}]}"#, "<x/>",
                           #"<property name="flipbook.shard" value="&#xFFFFFFFF;&#;&&;"/>"#, "::error::x", #"{"shard":"#,
                           #"{"shard": {"tool": "", "format": "json", "shard": "1/1", "plan": "", "settings": {}, "deep": false, "fileCount": -9223372036854775808, "slots": [{"slot": -1, "findings": []}, {"slot": -1, "findings": []}]}}"#,
                           #"{"shard": {"tool": "", "format": "x", "shard": "1/1", "plan": "", "settings": {}, "deep": false, "fileCount": 0, "slots": []}}"#,
                           #"{"shard": {"tool": "", "format": "json", "shard": "1/1024", "plan": "", "settings": {}, "deep": false, "fileCount": 9223372036854775807, "slots": []}}"#]
            for text in records {
                _ = try? MergedReport(reports: [InMemoryFile(name: "a", bytes: Array(text.utf8)), InMemoryFile(name: "a", bytes: Array(text.utf8))])
                if let merged = try? MergedReport(reports: [InMemoryFile(name: "a", bytes: Array(text.utf8))]) {
                    _ = (merged.format.render(merged.report, base: ""), merged.shardCount, merged.report.shard)
                }
            }
            let huge = (1...2).map { index in
                InMemoryFile(name: "\(index)", bytes: Array(#"{"shard": {"tool": "", "format": "json", "shard": "\#(index)/2", "plan": "", "settings": {}, "deep": false, "fileCount": 9223372036854775807, "slots": []}}"#.utf8))
            }
            _ = try MergedReport(reports: huge)
            _ = MergedReport.Error.missingShards(count: Int.min, missing: [], given: []).description
                + MergedReport.Error.differentSettings(first: "", other: "", setting: "", firstValue: String(repeating: "\n", count: 500), otherValue: "").description
        },
        HostileCase("Animation playback with hostile timings and indices", ["Animation", "Animation.Direction", "Animation.Timing",
                                                                            "Animation.Playback", "Animation.PlaybackError", "FrameSource"]) {
            let frames = [FrameSource.bitmap(Sample.bitmap), .bitmap(Sample.bitmap)]
            for direction in Animation.Direction.allCases {
                // A count allocates the list whole: Int.max and 1 << 40 ended the process.
                each(Sample.ints) { n in _ = try direction.steps(count: n) }
                each(Sample.doubles) { v in
                    _ = try? Animation(frames: frames, duration: v, repeatCount: -1, direction: direction, scale: Int.min)
                    _ = try? Animation(frames: frames, frameDurations: [v, v, v], direction: direction)
                    // Values set after the checked init: the play is computed from them all the same.
                    var animation = try Animation(frames: frames, direction: direction)
                    animation.duration = v; animation.repeatCount = Int.min; animation.scale = Int.min
                    animation.frameDurations = [v]
                    _ = animation.steps(); _ = try? animation.stepDurations(); _ = try? animation.playDuration(); _ = try? animation.frameIndex(at: v)
                    _ = try? animation.totalDuration; _ = try? Animation(frames: frames, direction: direction).frameIndex(at: v)
                    _ = Animation.Timing(delays: [v], duration: v, fps: v).rangeError()
                    for steps in [Int.min, -1, 0, Int.max] {
                        _ = Animation.Timing(duration: v).rangeError(steps: steps); _ = Animation.Timing.longestPlay(steps: steps)
                    }
                    _ = try animation.playback(timing: Animation.Timing(frameDuration: v))
                }
            }
            _ = try? FrameSource.bitmap(Sample.bitmap).load(scale: Int.max); _ = try? FrameSource.bitmap(Sample.bitmap).load(scale: Int.min)
            _ = FrameSource.memory(InMemoryFile(name: "", bytes: [])).isIdentical(to: .file(""))
        },
        HostileCase("Animation.load of junk bytes in every format", ["Animation.LoadError"]) {
            each(Sample.junk) { bytes in _ = try Animation.load(gif: bytes, file: "x.gif", limits: ResourceLimits(maxPixels: 1)) }
            each(Sample.junk) { bytes in _ = try Animation.load(apng: bytes, file: "x.png") }
            each(Sample.junk) { bytes in _ = try Animation.load(webp: bytes, file: "x.webp") }
        },
        HostileCase("FrameStream with hostile indices", ["FrameStream", "FrameStream.Statistics"]) {
            // Two frames of 2×1 on a 2×1 screen, streamed.
            let gif: [UInt8] = Array("GIF89a".utf8) + [2, 0, 1, 0, 0x80, 0, 0, 0, 0, 0, 0xFF, 0xFF, 0xFF]
                + [0x2C, 0, 0, 0, 0, 1, 0, 1, 0, 0, 2, 2, 0x44, 0x01, 0] + [0x2C, 1, 0, 0, 0, 1, 0, 1, 0, 0, 2, 2, 0x44, 0x01, 0] + [0x3B]
            let animation = try Animation.load(decoding: GIF.Decoder.self, bytes: gif, file: "x.gif", streaming: true)
            guard case .streamed(let stream, _)? = animation.frames.first else { return }
            each(Sample.ints) { index in _ = try stream.frame(index) }
            each(Sample.ints) { index in _ = stream.isIdentical(index, Int.max); _ = stream.isIdentical(Int.min, index) }
            _ = try? FrameSource.streamed(stream, index: Int.min).load(scale: Int.max)
            _ = FrameSource.streamed(stream, index: Int.max).isIdentical(to: .streamed(stream, index: Int.min))
            stream.release()
            _ = try stream.frame(1); _ = stream.statistics; _ = stream.description
        },
        HostileCase("frame files, sequences and natural order with odd names", ["FrameFile", "FrameSequence", "FrameSequence.Frame",
                                                                                  "UIKitFrames", "NaturalOrder", "Discovery", "Discovery.Error",
                                                                                  "Discovery.NumberClash"]) {
            let names = ["", "a", "1.png", "01.png", "a99999999999999999999999.png", "a-1.png", "a@0x.png", "a@-3x.png", ".png", "a1.png", "a1.png"]
            let files = names.compactMap { FrameFile(path: $0) } + names.compactMap { FrameFile(unnumbered: $0) }
            for sequence in FrameSequence.group(files) {
                _ = UIKitFrames(sequence: sequence, scale: Int.min, device: "")
                for frame in sequence.frames { _ = frame.file(scale: Int.max) }
            }
            _ = names.sorted(by: NaturalOrder.areInIncreasingOrder); _ = NaturalOrder.compare("a99999999999999999999999", "a1")
            _ = FrameFile.sequence(claiming: "", among: ["", ""])
            for output in ["", "/", "7.png", "/7.png", "//7.png", "./a1.png", "/nonexistent/a1.png", "a99999999999999999999999.png",
                           String(repeating: "a", count: 5000) + "1.png", "\u{0}1.png"] {
                _ = FrameFile.joinRefusal(animation: output)
            }
            _ = try? Discovery.sequences(from: ["", "", "/nonexistent"])
            _ = Discovery.sameFolderSpelling(["", ".", "./"]); _ = Discovery.trimmingSlash("/")
            let clashes = (0..<9).map { Discovery.NumberClash(number: [Int.min, Int.max, 0][$0 % 3], first: "", second: "\u{0}") }
            _ = Discovery.Error.duplicateNumber(number: Int.min, first: "", second: "", others: clashes).description
            _ = try? Discovery.checkSpellings(["", "", "e\u{301}", "\u{E9}", "A", "a", "\u{0}"])
            _ = try? Discovery.checkSpellings([], caseBlind: false)
            _ = Discovery.Error.namesDifferInNormalization(first: "\u{0}", second: "").description
            _ = Discovery.Error.namesDifferInCase(first: "", second: "\u{10FFFF}").description
        },
        HostileCase("sequence manifests with hostile values", ["SequenceManifest", "SequenceManifest.Error"]) {
            let manifests = ["", "{}", #"{"fps": 1e400}"#, #"{"fps": -1, "repeatCount": -9223372036854775808}"#, #"{"duration": 0, "frames": []}"#]
            each(manifests) { text in
                let manifest = try SequenceManifest.decode(Array(text.utf8), file: "sequence.json")
                _ = manifest.valueError(file: "x"); _ = manifest.describes("")
                _ = manifest.fitted(toFrames: [Int.min, Int.max, 0, 0], directory: "", prefix: "")
                _ = manifest.animation(frames: [])
            }
            _ = SequenceManifest(name: "", fps: .nan, duration: -.infinity, repeatCount: Int.min).valueError(file: "x")
        },
        HostileCase("SequenceWriter with hostile numbers and counts", ["SequenceWriter", "SequenceWriter.Error"]) {
            each([Int.min, -1, 0, 4, 9, Int.max]) { scale in _ = try SequenceWriter(folder: Sample.folder("writer"), prefix: "f", scale: scale) }
            _ = try? SequenceWriter(folder: Sample.folder("writer"), prefix: "f", limits: ResourceLimits(maxFrames: Int.min))
            let writer = try SequenceWriter(folder: Sample.folder("writer"), prefix: "f")
            _ = writer.path(forFrame: Int.min)
            _ = try? writer.write(Sample.bitmap, number: -1)
            _ = try? writer.writeFrames(count: -5) { _ in Sample.bitmap }
            _ = try? writer.writeFrames(count: Int.max) { _ in Sample.bitmap }
            _ = try? writer.commit(manifest: SequenceManifest(fps: .nan, repeatCount: Int.min))
            _ = try? writer.commit()
        },
        HostileCase("validation config, rules and reports with hostile values", ["ValidationConfig", "ValidationConfig.Level",
                "ValidationConfig.Error", "Severity", "Finding", "RuleID", "Problem", "Rules", "ValidationRule", "FileFacts", "PixelSize",
                "PixelFacts", "SequenceFacts", "SequenceFacts.Highlighted", "ReportFormat", "ValidationReport", "SequenceSummary",
                "PNGCorruptRule", "PNGCgBIRule", "PNGColorTypeMixedRule", "FileTooLargeRule", "UIKitMixedScaleRule", "UIKitMissingScaleRule",
                "UIKitMixedSizeRule", "UIKitDeviceVariantRule", "UIKitHighlightedRule", "UIKitPaddedRule", "UIKitGapRule", "UIKitPast1024Rule",
                "SequenceGapRule", "SequenceMisnamedFrameRule", "SequencePaddingMixedRule", "SequenceDuplicateNumberRule", "ManifestInvalidRule", "ManifestShortDurationRule", "SizeMismatchRule",
                "ScaleMismatchRule", "ScaleNotMultipleRule", "ScaleUnsupportedRule", "ScaleMissingVariantRule", "HighlightedMismatchRule", "FrameEmptyRule",
                "FrameDuplicateRule", "FrameHiddenColorRule", "AnimationLenientReadRule", "NameCaseClashRule", "NameMixedNormalizationRule", "SequenceFacts.CaseClash",
                "FolderLinkOutsideRule", "FolderUnreadableRule", "AnimationFramesLostRule", "LenientReadWarning", "LenientReadWarning.Kind",
                "AnimationUnreadableRule", "FrameLinkOutsideRule", "FrameNumberTooLongRule", "ConfigNotAppliedRule", "ConfigIgnoresAllRule"]) {
            let configs = ["", "{}", #"{"expectedSize": [NaN]}"#, #"{"expectedSize": [-1, 1e400]}"#, #"{"requiredScales": [0, -1]}"#,
                           #"{"maxFileBytes": -1}"#, #"{"ignore": ["", "[", "**/../**"]}"#]
            each(configs) { text in _ = try ValidationConfig.decode(Array(text.utf8), file: ".flipbook.json").isIgnored("") }
            // Rule names that are no rule: empty, control characters, very long.
            each(["", "\\u0000", String(repeating: "seq.", count: 5_000)]) { name in
                _ = try ValidationConfig.decode(Array("{\"severities\": {\"\(name)\": \"off\"}}".utf8), file: "")
            }
            _ = ValidationConfig.Error.unreadable(file: "", reason: "").description
            let config = ValidationConfig(expectedSize: [.nan, -.infinity], requiredScales: [0, Int.min, Int.max], ignore: ["", "["], maxFileBytes: -1)
            _ = PixelSize(width: Int.min, height: Int.max); _ = PixelFacts(bitmap: Bitmap(clearWidth: 0, height: 0))
            let names = ["a1.png", "a2.png", "a9999999999999999999.png", "a1@0x.png", "a1~ipad.png"]
            for sequence in FrameSequence.group(names.compactMap { FrameFile(path: $0) }) {
                var facts = SequenceFacts(sequence: sequence, files: [])
                facts.caseClashes = [SequenceFacts.CaseClash(first: "", second: "\u{0}"), SequenceFacts.CaseClash(first: "A", second: "a")]
                for frame in sequence.frames { _ = facts.facts(for: frame) }
                for rule in Rules.all { _ = rule.check(facts, config: config); _ = config.severity(of: rule) }
                var animation = facts
                animation.animation = ("", LenientReadWarning.Kind.allCases.map {
                    LenientReadWarning($0, file: "\u{0}", framesKept: Int.min, framesDeclared: -1, description: "")
                })
                _ = AnimationLenientReadRule.check(animation, config: config)
                animation.linksOutside = [("", ""), ("\u{0}", "/")]
                _ = FolderLinkOutsideRule.check(animation, config: config)
                _ = FolderUnreadableRule.check(animation, config: config)
                _ = AnimationFramesLostRule.check(animation, config: config)
                _ = AnimationUnreadableRule.check(animation, config: config)
                _ = FrameLinkOutsideRule.check(animation, config: config)
                _ = FrameNumberTooLongRule.check(animation, config: config)
                _ = ConfigNotAppliedRule.check(animation, config: config)
                _ = ConfigIgnoresAllRule.check(animation, config: config)
            }
            // The values `.flipbook.json` refuses are refused by the validator too (`check(file:)`).
            _ = try? config.check(file: "")
            _ = try? Validator(config: config).validate(files: [InMemoryFile(name: "a1.png", bytes: [])], cancellation: nil)
            let report = try Validator(config: ValidationConfig(ignore: ["", "["])).validate(files: [InMemoryFile(name: "a1.png", bytes: []), InMemoryFile(name: "", bytes: [0])], cancellation: nil)
            for format in ReportFormat.allCases { _ = format.render(report, base: "") }
            for summary in report.sequences { _ = report.findings(in: summary) }
            _ = report.count(.error); _ = Finding(rule: .uikitPast1024, severity: .warning, message: "", file: nil, sequence: "")
            for rule in RuleID.allCases { _ = (rule.description, RuleID(rawValue: rule.rawValue + "x"), RuleID(rawValue: "")) }
            _ = Problem("", file: ""); _ = ValidationConfig.Level.self
        },
        HostileCase("Validator and AssembleJob on empty and missing sources", ["Validator", "Validator.Error", "AssembleJob",
                "AssembleJob.Source", "AssembleJob.Format", "AssembleJob.Plan", "AssembleJob.Outcome", "AssembleJob.Report", "AssembleJob.Settings",
                "AssembleError"]) {
            _ = try? Validator().validate(["", "/nonexistent"], cancellation: nil)
            _ = try? Validator().validate(files: [], cancellation: nil)
            for threads in [0, -1, Int.min] {
                var validator = Validator()
                validator.threads = threads
                _ = try? validator.validate(files: [], cancellation: nil)
            }
            for source in [AssembleJob.Source.paths([]), .paths(["", "/nonexistent"]), .files([]), .files([InMemoryFile(name: "", bytes: [])])] {
                _ = try? AssembleJob(source: source, output: nil, repeatCount: Int.min, scale: Int.min, maxBytes: Int.min).run(cancellation: nil)
            }
            _ = AssembleJob.Format.allCases
            _ = AssembleJob.Report.self
            for settings in [AssembleJob.Settings.gif(GIF.Encoder(colors: Int.min)), .apng(APNG.Encoder(repeatCount: Int.min)),
                             .webp(WebP.Encoder(quality: .nan, repeatCount: Int.max))] {
                _ = (settings.format, settings.gif, settings.apng, settings.webp)
            }
        },
        HostileCase("Upload of odd names, junk bytes and sheet data", ["Upload", "Upload.Content", "Upload.LeftOut", "Upload.LeftOut.Reason"]) {
            let junk = [InMemoryFile(name: "", bytes: []), InMemoryFile(name: "/", bytes: [0]), InMemoryFile(name: "../..", bytes: []),
                        InMemoryFile(name: ".png", bytes: Sample.png), InMemoryFile(name: "a.gif", bytes: []), InMemoryFile(name: "x/a.json", bytes: Array(#"{"meta": {"image": 1}, "textures": [null]}"#.utf8)),
                        InMemoryFile(name: "x/b.plist", bytes: Array("<plist><dict><key>images</key><string/></dict></plist>".utf8)),
                        InMemoryFile(name: "x/c.atlas", bytes: Array("\n\n:\n".utf8)), InMemoryFile(name: "x/d.tres", bytes: Array(#"[ext_resource path=""#.utf8)),
                        InMemoryFile(name: "x/a1.png", bytes: Sample.png)]
            for count in 0...junk.count {
                if let upload = try? Upload(Array(junk.prefix(count))) {
                    _ = upload.leftOutNote; _ = upload.leftOut.map(\.description); _ = upload.content
                }
            }
            _ = Upload.LeftOut(name: "", reason: .sheetPage(data: "")).description
            _ = Upload.LeftOut(name: "", reason: .animation).description
            for folder in ["", "/nonexistent", "-"] { _ = (try? Discovery.imageFiles(inFolder: folder), Discovery.leftOutNote(in: [folder, folder])) }
            _ = try? Upload(Array(junk.suffix(5)))
        },
    ]

    static let atlas: [HostileCase] = [
        HostileCase("MaxRectsPacker.pack with negative sizes", ["MaxRectsPacker", "MaxRectsPacker.Size", "MaxRectsPacker.Error"]) {
            do { _ = try MaxRectsPacker().pack([.init(width: -5, height: 10)]); throw HostileFailure("negative size packed") }
            catch is MaxRectsPacker.Error {}
        },
        HostileCase("MaxRectsPacker.pack with hostile settings and sizes", ["MaxRectsPacker", "MaxRectsPacker.Placement", "MaxRectsPacker.Result"]) {
            for (padding, border, maxSide) in [(-1, 0, 64), (0, -1, 64), (0, 0, 0), (0, 0, -1), (Int.max, 0, 64), (0, Int.max, 64), (0, 0, Int.max), (0, 40, 64)] {
                for multipack in [false, true] {
                    _ = try? MaxRectsPacker(padding: padding, border: border, maxSide: maxSide, allowRotation: true, multipack: multipack)
                        .pack([.init(width: 3, height: 3), .init(width: 0, height: 0)])
                }
            }
            each(Sample.ints) { v in
                _ = try MaxRectsPacker(powerOfTwo: true, square: true, multipack: true).pack(Array(repeating: .init(width: v, height: 1), count: 3))
            }
            _ = try MaxRectsPacker(maxSide: 1 << 20).pack(Array(repeating: .init(width: 1 << 20, height: 1 << 20), count: 4))
        },
        HostileCase("SheetBuilder with an input of no bitmaps", ["SheetBuilder", "SheetBuilder.Input", "SheetBuilder.Error"]) {
            do { _ = try SheetBuilder().build([SheetBuilder.Input(name: "a", bitmaps: [])]); throw HostileFailure("an input of no bitmaps built") }
            catch is SheetBuilder.Error {}
            _ = SheetBuilder.Input(name: "a", bitmaps: []).bitmap
            _ = try? SheetBuilder().buildScaled([SheetBuilder.Input(name: "a", bitmaps: [])])
        },
        HostileCase("SheetBuilder with negative padding and extrude", ["SheetBuilder"]) {
            for builder in [SheetBuilder(padding: -4), SheetBuilder(extrude: -2), SheetBuilder(border: -1), SheetBuilder(trim: true, trimMargin: Int.min)] {
                do { _ = try builder.build([.init(name: "a", bitmap: Sample.bitmap), .init(name: "b", bitmap: Sample.bitmap)])
                     throw HostileFailure("negative spacing accepted") } catch is SheetBuilder.Error {}
            }
        },
        HostileCase("SheetBuilder with hostile settings, durations and names", ["SheetBuilder", "SheetBuilder.Layout", "SpriteSheet.Rotation",
                                                                                "AlphaHandling"]) {
            let inputs = [SheetBuilder.Input(name: "", bitmap: Sample.bitmap, duration: .nan), .init(name: "", bitmap: Bitmap(clearWidth: 0, height: 0), duration: 1e300)]
            for layout in SheetBuilder.Layout.allCases {
                for alpha in AlphaHandling.allCases {
                    each(Sample.ints) { v in
                        _ = try SheetBuilder(layout: layout, padding: v, border: v, trim: true, trimMargin: v, extrude: v, maxSide: v,
                                             allowRotation: true, rotation: .counterClockwise, labels: true, alphaHandling: alpha).build(inputs)
                    }
                    _ = try? SheetBuilder(layout: layout, labels: true, alphaHandling: alpha).build([.init(name: "a", bitmap: Sample.bitmap, duration: .infinity)])
                    _ = try? SheetBuilder(layout: layout, alphaHandling: alpha).build([.init(name: "a", bitmap: Sample.bitmap, duration: 1e-300)])
                }
            }
            var huge = SheetBuilder(maxSide: 1 << 20)
            huge.maxPagePixels = Int.min
            _ = try? huge.build([.init(name: "a", bitmap: Sample.bitmap)])
            var scaled = Sample.bitmap; scaled.scale = Int.max
            _ = try? SheetBuilder().buildScaled([.init(name: "a", bitmaps: [Sample.bitmap, scaled])])
            _ = SheetBuilder.opaqueBounds(Sample.bitmap, margin: Int.min); _ = SheetBuilder.opaqueBounds(Sample.bitmap, margin: Int.max)
        },
        HostileCase("SpriteSheet(pages: []) and sprites off their pages", ["SpriteSheet", "SpriteSheet.Sprite", "SpriteSheet.Animation", "SpriteSheet.Error"]) {
            let sprite = SpriteSheet.Sprite(name: "", frame: PixelRect(x: 0, y: 0, width: 2, height: 2), page: 0, rotated: false, trimmed: false,
                                            spriteSourceSize: PixelRect(x: 0, y: 0, width: 2, height: 2), sourceWidth: 2, sourceHeight: 2)
            let sheet = SpriteSheet(pages: [], sprites: [sprite], animations: [SpriteSheet.Animation(name: "", frames: [], direction: .pingpongReverse, repeatCount: Int.min)])
            _ = sheet.scale; _ = sheet.occupancy; _ = sheet.animations.map(\.playedFrames); _ = sheet.fileName(for: sprite)
            do { _ = try sheet.frame(sprite); throw HostileFailure("a sprite of a sheet without pages was cut") } catch is SpriteSheet.Error {}
            _ = try? sheet.unpack(into: Sample.folder("unpack"), source: Sample.folder("unpack-source") + "/x.json")
            for format in SheetExport.Format.allCases { _ = try? SheetExport.files(for: [sheet], format: format, output: "out/sheet.png") }
            var paged = try SheetBuilder().build([.init(name: "a", bitmap: Sample.bitmap)])
            for frame in [PixelRect(x: Int.max, y: 0, width: 1, height: 1), PixelRect(x: 0, y: 0, width: -1, height: Int.max)] {
                paged.sprites[0].frame = frame
                _ = try? paged.frame(paged.sprites[0])
                for format in SheetExport.Format.allCases { _ = try? SheetExport.files(for: [paged], format: format, output: "out/sheet.png") }
            }
            paged.sprites[0].sourceWidth = Int.max
            _ = try? paged.frame(paged.sprites[0])
            _ = SpriteSheet.safeFileName(for: "", scale: Int.min); _ = SpriteSheet.safeFileName(for: "../..\u{0}", scale: Int.max)
        },
        HostileCase("SheetEngine checks with hostile page counts", ["SheetEngine", "SheetEngine.Refusal", "SheetExport", "SheetExport.Format",
                                                                    "SheetExport.Error", "SheetExport.File", "SheetExport.File.Content"]) {
            for engine in SheetEngine.allCases {
                each(Sample.ints) { pages in try engine.check(pages: pages) }
                for alpha in AlphaHandling.allCases { _ = try? engine.check(allowRotation: true, alphaHandling: alpha) }
                _ = engine.howToLoad(data: "", image: "", pages: Int.min); _ = engine.warnings(allowRotation: true)
            }
            let sheet = try SheetBuilder().build([.init(name: "a", bitmap: Sample.bitmap)])
            for format in SheetExport.Format.allCases {
                _ = try? SheetExport.files(for: [sheet], format: format, output: "", data: "")
                let files = try SheetExport.files(for: [sheet], format: format, output: "out/sheet.png")
                _ = try SheetExport.encode(files, pngLevel: Int.min, png8: true)
            }
        },
        HostileCase("sheet data encoders with hostile pages, page names and rotations",
                    ["TexturePackerJSON", "AsepriteJSON", "Cocos2dPlist", "LibGDXAtlas", "GodotSpriteFrames", "SpriteKitAtlas", "SheetExport.Error"]) {
            // Each of these indexed past the pages or hit a precondition before it threw.
            let sheet = try SheetBuilder().build([.init(name: "a", bitmap: Sample.bitmap)])
            let empty = SpriteSheet(pages: [], sprites: [], animations: [])
            for page in Sample.ints + [1, 5] {
                for style in TexturePackerJSON.Style.allCases { each([sheet, empty]) { s in _ = try TexturePackerJSON.encode(s, page: page, image: "", style: style) } }
                each([sheet, empty]) { s in _ = try AsepriteJSON.encode(s, page: page, image: "", related: [""]) }
                each([sheet, empty]) { s in _ = try Cocos2dPlist.encode(s, page: page, image: "") }
            }
            each([[], ["a.png", "b.png"], ["", "", ""]] as [[String]]) { images in
                each([sheet, empty]) { s in _ = try LibGDXAtlas.encode(s, images: images) }
                for version in GodotSpriteFrames.Version.allCases { each([sheet, empty]) { s in _ = try GodotSpriteFrames.encode(s, images: images, version: version) } }
                each([sheet, empty]) { s in _ = try TexturePackerJSON.encodeMultiAtlas(s, images: images) }
            }
            // Names holding every kind of character each format refuses or escapes.
            var oddlyNamed = sheet
            for name in ["\u{0}", "\u{7}\r\n\t", "\u{7F}\u{85}\u{2028}", "\u{FFFF}", ":", "\"\\", ""] {
                oddlyNamed.sprites[0].name = name
                for format in SheetExport.Format.allCases { _ = try? SheetExport.files(for: [oddlyNamed], format: format, output: "out/sheet.png") }
                _ = try? Cocos2dPlist.encode(oddlyNamed, image: "a.png"); _ = try? SpriteKitAtlas.encode([oddlyNamed], name: "")
                _ = try? GodotSpriteFrames.encode(oddlyNamed, images: ["a.png"], version: .godot4)
            }
            _ = SheetExport.Error.characterNotStorable(.libgdx, name: "", character: "\u{0}").description
            for rotation in SpriteSheet.Rotation.allCases {
                var turned = sheet
                turned.rotation = rotation
                turned.sprites[0].rotated = true
                _ = try? LibGDXAtlas.encode(turned, images: ["a.png"])
                _ = try? Cocos2dPlist.encode(turned, image: "a.png")
                _ = try? SpriteKitAtlas.encode([sheet, turned], name: "")
                for version in GodotSpriteFrames.Version.allCases { _ = try? GodotSpriteFrames.encode(turned, images: ["a.png"], version: version) }
            }
            // SpriteKit reads each region's pixels (whether it is opaque): regions off their page.
            for frame in [PixelRect(x: 2, y: 2, width: 8, height: 8), PixelRect(x: Int.max, y: 0, width: 1, height: 1),
                          PixelRect(x: -4, y: -4, width: 2, height: 2)] {
                var off = sheet
                off.sprites[0].frame = frame
                _ = try? SpriteKitAtlas.encode([off], name: "x")
            }
            var named = sheet
            named.sprites[0].name = "a:b\n"
            _ = try? LibGDXAtlas.encode(named, images: ["a.png"])
        },
        HostileCase("sheet data decoders on junk bytes", ["SheetDataError", "TexturePackerJSON", "TexturePackerJSON.Style", "TexturePackerJSON.Decoded",
                                                          "LibGDXAtlas", "LibGDXAtlas.Region", "GodotSpriteFrames", "GodotSpriteFrames.Version",
                                                          "SpriteKitAtlas", "Cocos2dPlist", "AsepriteJSON", "SheetImport", "SheetImport.Error"]) {
            let junk = Sample.junk + [Array("{\"frames\": {\"a\": {\"frame\": {\"x\": -1, \"y\": 1e400, \"w\": 9223372036854775807, \"h\": 1}}}}".utf8),
                                      Array("page.png\nsize: -1, -1\na\n  xy: 9223372036854775807, 0\n  size: -5, -5\n".utf8),
                                      Array("[gd_resource type=\"SpriteFrames\"]\n[sub_resource type=\"AtlasTexture\" id=1]\nregion = Rect2(nan, inf, -1, -1)\n".utf8)]
            each(junk) { bytes in _ = try TexturePackerJSON.decode(bytes) }
            each(junk) { bytes in _ = try TexturePackerJSON.decodeMultiAtlas(bytes) }
            each(junk) { bytes in _ = try LibGDXAtlas.decode(bytes) }
            each(junk) { bytes in _ = try GodotSpriteFrames.decode(bytes) }
            each(junk) { bytes in _ = try SpriteKitAtlas.decode(bytes) }
            each(junk) { bytes in _ = try Cocos2dPlist.decode(bytes) }
            each(junk) { bytes in _ = try AsepriteJSON.decode(bytes) }
            _ = SpriteKitAtlas.pageFile(name: "", page: Int.min, scale: Int.max)
            _ = try? SheetImport.read("", limits: ResourceLimits(maxPixels: -1))
            _ = SheetImport.dataFile(""); _ = SheetImport.dataFile("/"); _ = SheetImport.dataFile(".atlasc/")
            for error in [SheetImport.Error.unreadable(file: "", reason: ""), .invalid(file: "\n", reason: ""),
                          .limit(LimitError(limit: .pixels, subject: "", amount: Int.min, maximum: Int.max))] {
                _ = error.path; _ = error.description; _ = error.limitError; _ = error.schemaError; _ = error.pathRefusal
            }
            _ = try? SheetImport.read(url: URL(fileURLWithPath: "/nonexistent/s.json"), limits: ResourceLimits(maxFrames: Int.min))
            each(junk) { bytes in
                for data in ["", "/", "s.json", "s.atlasc", "s.plist", "s.tres", "s.atlas", "/a/s.json"] {
                    let files = [InMemoryFile(name: data, bytes: bytes), InMemoryFile(name: "", bytes: bytes), InMemoryFile(name: data, bytes: [])]
                    _ = try SheetImport.read(files: files, data: data, limits: ResourceLimits(maxPixels: 0))
                }
            }
        },
        HostileCase("sheet page paths: escapes, odd forms and hostile sizes", ["SheetImport.PathRefusal", "SheetImport.PathRefusal.Form"]) {
            each(["", "/", "..", "../x.png", "/etc/passwd", "a/../../b.png", "res://../x.png", "\u{0}", String(repeating: "a/", count: 10_000)]) { name in
                _ = try SheetImport.resolve(name, from: "")
                _ = try SheetImport.resolve(name, from: "/nonexistent/sheet.json")
            }
            for form in SheetImport.PathRefusal.Form.allCases {
                _ = SheetImport.PathRefusal(dataFile: "", path: "", form: form, target: "").description
            }
            let huge = SpriteSheet.Rect(x: Int.min, y: Int.max, width: -1, height: Int.max)
            let sprite = SpriteSheet.Sprite(name: "", frame: huge, page: Int.min, trimmed: true, spriteSourceSize: huge,
                                            sourceWidth: Int.max, sourceHeight: Int.max)
            try SheetImport.checkOutput([sprite, sprite], limits: ResourceLimits(maxPixels: -1), of: "")
            _ = TexturePackerJSON.Style.allCases; _ = GodotSpriteFrames.Version.allCases
        },
        HostileCase("SheetJob and FramesJob on empty and missing sources", ["SheetJob", "SheetJob.Plan", "SheetJobError", "FramesJob",
                                                                            "FramesJob.Outcome", "FramesJob.Plan", "FramesJob.Source", "FramesJobError"]) {
            for files in [[], [InMemoryFile(name: "", bytes: [])], [InMemoryFile(name: "a1.png", bytes: Sample.png), InMemoryFile(name: "a1.png", bytes: Sample.png)]] {
                _ = try? SheetJob(files: files, output: "", scales: [0, -1, Int.max], fps: .nan).plan(cancellation: nil)
            }
            _ = try? SheetJob(sources: ["", "/nonexistent"], output: "").check()
            _ = try? FramesJob(input: "", output: "", prefix: "").run(cancellation: nil)
            _ = try? FramesJob(files: [InMemoryFile(name: "", bytes: []), InMemoryFile(name: "../x.png", bytes: [0x89])], prefix: "").run(cancellation: nil)
            _ = try? FramesJob(files: [InMemoryFile(name: "x.atlas", bytes: Array("../../etc/passwd\n".utf8))]).run(cancellation: nil)
            _ = try? FramesJob(input: "/nonexistent.gif", output: "/nonexistent", prefix: "../x", limits: ResourceLimits(maxPixels: -1)).run(cancellation: nil)
            _ = try? FramesJob(files: []).plan(cancellation: nil)
            for threads in [0, -1, Int.min, Int.max] {
                var job = FramesJob(files: [InMemoryFile(name: "x.gif", bytes: Array("GIF89a".utf8))])
                job.threads = threads
                if let plan = try? job.plan(cancellation: nil) { _ = try? job.run(plan, cancellation: nil) }
            }
        },
    ]
}
