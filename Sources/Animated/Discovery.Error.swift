import Basics
import Foundation
import Raster

extension Discovery {
    /// Why a source yielded nothing. Each case names the path asked for.
    public enum Error: Swift.Error, Sendable, Equatable, CustomStringConvertible {
        /// A folder at `path` exists but could not be listed, for a reason other than the cases
        /// below (an I/O error); `reason` is the system's.
        case unreadableFolder(path: String, reason: String)
        /// A folder was asked for (a folder to validate) and `path` is a file.
        case notAFolder(path: String)
        /// The folder at `path` (or one on its way) may not be read.
        case permissionDenied(path: String)
        /// A folder (or file list) that exists and holds no frame (no PNG, or none numbered).
        case noFrames(source: String)
        /// Nothing is at `source`: no file or folder, and no frames named after it as a prefix
        /// (`fx/boom` for `boom1.png…`) — a mistyped path.
        case notFound(source: String)
        /// Nothing is at `source` as a file, folder or prefix, but frames beside it are named with
        /// the prefix `near`, one character longer (`fire/frame` for `frame-000.png…`: the prefix
        /// ends at the separator before the number).
        case prefixNotFound(source: String, near: String)
        /// A folder whose frames are all a device's (`g1~ipad.png…`): UIKit reads them on that
        /// device only, and a reader takes the frames without a device suffix; `files` are the first few.
        case onlyDeviceFrames(source: String, files: [String])
        /// A file listed among frames that is not a PNG (`notes.txt`).
        case notPNG(path: String)
        /// A file listed among frames whose name is not a PNG's but whose bytes are an image format
        /// (`format`, as the first bytes say it: `PNG`, `APNG`, `GIF`, `WebP`, `JPEG`, `BMP`,
        /// `TIFF`, `PDF`, or `empty`): `pic.jpg` holding a PNG is told to be renamed, `shot.jpg`
        /// holding a JPEG to be converted.
        case otherFormat(path: String, format: String)
        /// Two files name frame `number` of one sequence at one scale (`fire2.png` and
        /// `fire02.png`), `first` before `second` in name order; a reader given
        /// ``FrameSequence/DuplicateNumberPolicy/first`` or ``FrameSequence/DuplicateNumberPolicy/last``
        /// keeps one of them instead. `others` are the sequence's other clashes, in frame order, so
        /// that all of them can be fixed in one go.
        case duplicateNumber(number: Int, first: String, second: String, others: [NumberClash] = [])
        /// A folder that holds no frame itself while its subfolders do (`par/a`, `par/b`: a
        /// folder of sequences, given where one sequence is read): `folders` are the first few.
        case framesInSubfolders(source: String, folders: [String])
        /// A folder (or the files given) that holds no frame but the pages of a sprite sheet:
        /// `pages` (`fire-0.png`, …) are the images the sheet's data file `data` names.
        case onlySheetPages(source: String, data: String, pages: [String])
        /// A GIF, APNG or WebP at `path` named among other images: such a file is an animation
        /// of its own, read alone. (Discovery no longer throws it: a folder or an upload of several
        /// animations is ``severalAnimations(source:animations:)``; `Animation.load` refuses one
        /// named among other sources as `Animation.LoadError.gifAmongOtherSources(gif:)`.)
        case animationAmongFrames(path: String)
        /// A source (a folder, or ``Discovery/filesGiven``) that holds no PNG frame but several
        /// animations (GIF, APNG, WebP), each of which is read alone: which one is meant cannot be told.
        case severalAnimations(source: String, animations: [String])
        /// A PNG whose name ends in a number of more than `FrameFile.maximumDigits` digits (zero
        /// padding aside): no frame number, so it would be left out without a word.
        case frameNumberTooLong(path: String)
        /// A source (a folder, or ``Discovery/filesGiven``) whose only image is the animation
        /// `animation` (a GIF, APNG or WebP), or that animation named itself (`source` is
        /// `animation`), given where PNG images are packed (`SheetJob`): a sheet
        /// packs frames; `FramesJob` writes an animation's frames to a folder, which a sheet packs.
        case animationNotFrames(source: String, animation: String)
        /// The files given (an upload, ``Discovery/filesGiven``) hold no PNG image where PNG images
        /// are packed (`SheetJob`): none at all, or only files that are no image. (Where an animation
        /// is read, the same upload is ``noFrames(source:)``, whose advice names GIF, APNG and WebP.)
        case noImagesToPack(source: String)
        /// The frame file or animation file (GIF, APNG, WebP) at `path` is named at `scale`
        /// (`coin1@9x.png`, `coin@4x.gif`), outside the `@1x`…`@3x` UIKit loads (Basics'
        /// `ImageFileName.scaleRange`): no reader takes such a file, so it is refused where it would
        /// be read, never read as another scale.
        case scaleOutOfRange(path: String, scale: Int)
        /// `-` given as a source: frames are not read from standard input.
        case standardInput
        /// The source `path` is a symbolic link to `target` that cannot be followed (`reason`: it
        /// goes round in a circle, or leads to nothing): said as such, not as a mistyped name.
        case brokenLink(path: String, target: String, reason: String)
        /// The frame file `link`, found in a folder given, is a symbolic link (or lies in a linked
        /// folder) whose real path `target` is outside that folder: it is neither read nor left
        /// out without a word — a frame of the sequence would be lost or read from elsewhere.
        case linkOutside(link: String, target: String)
        /// One name given twice among files in memory (an upload whose body repeats a file name)
        /// for two different files: `first` and `second` are the two spellings as given (the same,
        /// or `walk1.png` and `./walk1.png`). `Validator`, `Animation.load(files:)`, `AssembleJob`
        /// and `SheetJob` all refuse it with this one case.
        case repeatedName(first: String, second: String)
        /// Two files whose names are one text in two Unicode normalisations (`é` as U+00E9, or as
        /// `e` and U+0301): two files on Linux, equal as Swift Strings, perhaps one file on macOS.
        case namesDifferInNormalization(first: String, second: String)
        /// Two files whose names differ only in case (`Fire1.png`, `fire1.png`): two files on
        /// Linux, one on macOS and Windows, where a checkout keeps one of them.
        case namesDifferInCase(first: String, second: String)

        /// How many clashes after the first a ``duplicateNumber(number:first:second:others:)``
        /// message names; it counts the rest.
        static let clashesNamed = 5

        /// `PATH: what is wrong`, with the accepted forms of a source when nothing was found.
        public var description: String {
            switch self {
            case .unreadableFolder(let path, let reason): "\(path): cannot list folder: \(reason)"
            case .notAFolder(let path): "\(path) is a file, not a folder of frames"
            case .permissionDenied(let path): "\(path): permission denied"
            case .notFound(let source) where source.isEmpty:
                "an empty name (\"\") names no file or folder: give the folder, prefix or file to read"
            case .notFound(let source):
                // A name without an extension may have been meant as a prefix: say that was looked for too.
                if let name = source.split(separator: "/").last, !name.contains(".") {
                    // `frame-00` for `frame-001.png`: the number's digits, zeros too, are never the prefix's.
                    if case let digits = name.reversed().prefix(while: { $0.isASCII && $0.isNumber }).count, digits > 0, digits < name.count {
                        "\(source): no such file or folder, nor frames named \(name) then a number; a prefix ends before the frame "
                            + "number's digits, leading zeros included (\(source.dropLast(digits)) for \(name.dropLast(digits))001.png…)"
                    } else {
                        "\(source): no such file or folder, nor frames named \(name)1.png…"
                    }
                } else {
                    "\(source): no such file or folder"
                }
            case .prefixNotFound(let source, let near):
                "\(source): no such file or folder, nor frames named \(source.split(separator: "/").last ?? "")1.png…; the frames beside it "
                    + "are named \(near) then a number: give \(source.lastIndex(of: "/").map { source[...$0] } ?? "")\(near)"
            case .onlyDeviceFrames(let source, let files):
                "\(source): no frames for every device: \(Discovery.shortList(files)) \(files.count == 1 ? "is a frame" : "are frames") "
                    + "for one device (\(Set(files.compactMap { FrameFile(path: $0)?.device }).sorted().map { "~" + $0 }.joined(separator: ", ")): "
                    + "UIKit reads \(files.count == 1 ? "it" : "them") on that device only); name the frames without the device suffix to play them"
            case .brokenLink(let path, let target, let reason):
                "\(path): a symbolic link to \(target) that cannot be followed (\(reason)); fix or remove the link"
            case .notPNG(let path):
                "\(path): not a PNG file (frames are PNG files, named by number or listed in order; "
                    + "name their folder to take the PNGs in it)"
            case .otherFormat(let path, let format):
                "\(path): \(FileSignature.advice(format))"
            case .duplicateNumber(let number, let first, let second, let others) where others.isEmpty:
                "\(first) and \(second) are both frame \(number): delete or renumber one " + Discovery.keepOneHint
            case .duplicateNumber(let number, let first, let second, let others):
                "\(others.count + 1) pairs of files share a frame number — frame \(number): \(first) and \(second); "
                    + others.prefix(Self.clashesNamed).map { "frame \($0.number): \($0.first) and \($0.second)" }.joined(separator: "; ")
                    + (others.count > Self.clashesNamed ? "; and \(others.count - Self.clashesNamed) more" : "")
                    + " — delete or renumber one file of each pair " + Discovery.keepOneHint
            case .repeatedName(let first, let second):
                first == second ? "\(first) is given twice among the files given: each file needs a name of its own (rename one or leave one out)"
                    : "\(first) and \(second) name one file among the files given: each file needs a name of its own (rename one or leave one out)"
            case .namesDifferInNormalization(let first, let second):
                "\(first) and \(second) are two files whose names differ only in Unicode normalisation "
                    + "(\(NameSpelling.spelled(first)) and \(NameSpelling.spelled(second))): macOS may take them for one file and "
                    + "engines look names up as text, so one of them would be lost; rename or delete one"
            case .namesDifferInCase(let first, let second):
                "\(first) and \(second) are two files whose names differ only in case: macOS and Windows keep one of them, "
                    + "so the other would be lost on a checkout there; rename or delete one"
            case .noFrames(let source) where source == Discovery.filesGiven:
                "no frames among the files given (expected PNG frames named by number, such as walk1.png, "
                    + "walk2.png…, PNG images to play in the order given, or one GIF, APNG or WebP)"
            case .noFrames(let source):
                "\(source): no frames found (expected a folder, PNG files, or a prefix such as "
                    + "Sequences/explosion/explosion for explosion1.png…)"
            case .framesInSubfolders(let source, let folders):
                "\(source) holds no frames itself, but its \(folders.count == 1 ? "subfolder" : "subfolders") \(Discovery.shortList(folders)) "
                    + "\(folders.count == 1 ? "does" : "do"): each folder is a sequence of its own; name the one to read (validate and preview look into subfolders)"
            case .onlySheetPages(let source, let data, let pages):
                "\(source == Discovery.filesGiven ? "the files given hold" : "\(source) holds") no frames but the pages of a sprite sheet: "
                    + "\(Discovery.shortList(pages)) \(pages.count == 1 ? "is the page" : "are the pages") \(data) names; "
                    + "FramesJob reads a sheet's frames from its data file"
            case .animationNotFrames(let source, let animation) where source == animation:
                "\(animation) is an animation, not PNG frames: a sprite sheet packs PNG frames; FramesJob writes an animation's frames "
                    + "to a folder, which a sheet packs"
            case .animationNotFrames(let source, let animation) where source == Discovery.filesGiven:
                "the files given hold no PNG frames but the animation \(animation): a sprite sheet packs PNG frames; "
                    + "FramesJob(files:) explodes an animation into PNG frames in memory, which a sheet packs"
            case .animationNotFrames(let source, let animation) where OutputName.pathExtension(animation) == "png":
                "\(source) holds no still PNG frames but the animated PNG (APNG) "
                    + "\(animation): a sprite sheet packs PNG frames; FramesJob writes an animation's frames to a folder, which a sheet packs"
            case .animationNotFrames(let source, let animation):
                "\(source) holds no PNG frames but the animation "
                    + "\(animation): a sprite sheet packs PNG frames; FramesJob writes an animation's frames to a folder, which a sheet packs"
            case .noImagesToPack(let source):
                "\(source == Discovery.filesGiven ? "the files given hold" : "\(source) holds") no PNG image: a sprite sheet packs PNG "
                    + "frames named by number (walk1.png, walk2.png…) and PNG images without numbers"
            case .scaleOutOfRange(let path, _) where ImageFileName.animationScaleRefusal(path) != nil:
                "\(path) is not read: \(ImageFileName.animationScaleRefusal(path) ?? "")"
            case .scaleOutOfRange(let path, let scale):
                "\(path) is named @\(scale)x: frames are read at @\(ImageFileName.scaleRange.lowerBound)x…@\(ImageFileName.scaleRange.upperBound)x, "
                    + "the scales UIKit loads; rename it (@\(ImageFileName.scaleRange.upperBound)x at most) or move it out of the frames"
            case .animationAmongFrames(let path):
                "\(path) is an animation: a GIF, APNG or WebP is read on its own, not with other sources"
            case .frameNumberTooLong(let path):
                "\(path): its frame number has more than \(FrameFile.maximumDigits) digits, more than a frame number may have "
                    + "(a nanosecond timestamp?): number the frames 1, 2, 3… (or with fewer digits), so that none is left out"
            case .severalAnimations(let source, let animations):
                "\(source == Discovery.filesGiven ? "the files given hold" : "\(source) holds") no PNG frames but \(animations.count) animations "
                    + "(\(shortList(animations))): each GIF, APNG or WebP is read on its own; give the one to read"
            case .linkOutside(let link, let target):
                "\(link) is a symbolic link to \(target), outside the folder given: frames are read only from the folder; "
                    + "copy the file into the folder in place of the link, or give the folder it leads to"
            case .standardInput:
                "-: frames are not read from standard input; save them to a folder (or the GIF, APNG or WebP "
                    + "to a file) and name it (a file named - is ./-)"
            }
        }
    }
}
