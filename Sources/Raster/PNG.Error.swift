import Basics

extension PNG {
    /// Why a PNG could not be read. Every case names the file.
    public enum DecodeError: Error, Sendable, Equatable, CustomStringConvertible {
        /// The file could not be opened or read (missing, a directory, no permission).
        case unreadable(file: String, reason: String)
        /// The file does not start with the PNG signature.
        case notPNG(file: String)
        /// The data is another format's (`actual`: `GIF`, `WebP`, `JPEG`, …, or `empty` for 0
        /// bytes), whatever the file's name: a GIF named `.png`.
        case otherFormat(file: String, actual: String)
        /// An Apple "iPhone-optimised" PNG (a `CgBI` chunk before `IHDR`, byte-swapped BGRA,
        /// headerless deflate). Only Apple's tools read these.
        case appleCgBI(file: String)
        /// libpng rejected the data: bad CRC, truncation, invalid header, bad compressed data…
        case corrupt(file: String, reason: String)
        /// More pixels than the decoder's budget; refused before allocating.
        case tooLarge(file: String, width: Int, height: Int, maxPixels: Int)
        /// An animated PNG (an `acTL` chunk) where a still image is read (a frame of a sequence, a
        /// sprite, a note's chrome): its frames are an animation of their own, never one image (the APNG module reads them).
        case animated(file: String)

        /// Whether `file`'s extension already names `actual` (`x.gif` for a GIF): renaming it fits nothing.
        private static func isNamed(_ file: String, as actual: String) -> Bool {
            let ext = ImageFileName(path: file).pathExtension
            switch actual {
            case "GIF": return ext == "gif"
            case "WebP": return ext == "webp"
            case "JPEG": return ext == "jpg" || ext == "jpeg"
            default: return false
            }
        }

        /// The file that could not be read.
        public var file: String {
            switch self {
            case .unreadable(let file, _), .notPNG(let file), .otherFormat(let file, _), .appleCgBI(let file), .corrupt(let file, _),
                 .tooLarge(let file, _, _, _), .animated(let file):
                file
            }
        }

        /// `FILE: what is wrong`, as the CLI prints it; a file over the pixel budget is described as the
        /// Basics' `LimitError` would be, naming the limit and `--max-pixels`.
        public var description: String {
            switch self {
            case .unreadable(let file, let reason):
                "\(file): cannot read file: \(reason)"
            case .notPNG(let file):
                "\(file): not a PNG file (the PNG signature is missing)"
            case .otherFormat(let file, let actual) where Self.isNamed(file, as: actual):
                // Named for what it is (a chrome.gif): renaming is no help, only a PNG is read here.
                "\(file): a \(actual), where only a PNG is read: convert it to PNG"
                    + (["GIF", "WebP"].contains(actual) ? " (FramesJob writes an animation's frames as PNGs)" : "")
            case .otherFormat(let file, let actual):
                "\(file): not a PNG file: \(FileSignature.advice(actual))"
            case .appleCgBI(let file):
                "\(file): Apple CgBI PNG (\"iPhone-optimised\" by Xcode's pngcrush); only Apple platforms "
                    + "read it. Re-export the original asset, or disable 'Compress PNG Files' in Xcode"
            case .corrupt(let file, let reason):
                "\(file): corrupt PNG: \(reason)"
            case .tooLarge: limit!.description
            case .animated(let file):
                "\(file): an animated PNG (APNG) where a still image is read (a frame, a sprite, a note's chrome); its frames are an "
                    + "animation of their own, never one image: move it out of the sequence, or read it alone as an animation "
                    + "(FramesJob writes an animation's frames as PNGs)"
            }
        }

        /// The resource limit this error reports, if it is one (an image over the pixel limit).
        public var limit: LimitError? {
            guard case .tooLarge(let file, let width, let height, let maxPixels) = self else { return nil }
            return LimitError(limit: .pixels, subject: file, amount: width.multipliedReportingOverflow(by: height).overflow
                ? nil : width * height, maximum: maxPixels, detail: "\(width)×\(height)")
        }
    }

    /// Why a PNG could not be written.
    public enum EncodeError: Error, Sendable, Equatable, CustomStringConvertible {
        /// libpng refused the image (for example an empty bitmap, which PNG cannot store).
        case invalidImage(reason: String)
        /// The file could not be written.
        case writeFailed(file: String, reason: String)
        /// The output contract refused the file (Basics' `OutputError`, naming it): one of the
        /// inputs, a file Flipbook did not write, another set's file. Nothing was written.
        case output(OutputError)

        /// What could not be written and why, naming the file when there is one.
        public var description: String {
            switch self {
            case .invalidImage(let reason): "cannot encode PNG: \(reason)"
            case .writeFailed(let file, let reason): "\(file): cannot write PNG: \(reason)"
            case .output(let error): error.description
            }
        }
    }
}
