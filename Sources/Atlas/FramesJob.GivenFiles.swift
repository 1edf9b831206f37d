import Animated
import APNG
import Basics
import Foundation
import Raster

extension FramesJob {
    /// The files of ``FramesJob/init(files:prefix:limits:)`` read by the rules every job shares for
    /// an upload (Animated's `Upload`): names normalised and a name given twice checked
    /// (``FramesJobError/source(_:)``), hidden files left out without a word, and what is no input
    /// of this job (`readme.txt`, a still PNG beside a GIF, a GIF beside a sheet's data) left out
    /// and named in a note, whatever the order of the files. What is read: the one sheet data file
    /// with the pages it names, else the one GIF, APNG or WebP.
    struct GivenFiles {
        /// The file exploded: the sheet's data, or the animation.
        var main: InMemoryFile
        /// Every file given, normalised (a sheet's pages are looked up among them).
        var files: [InMemoryFile]
        /// The files that are not read, in the order given, with why; hidden files are not named.
        var leftOut: [(name: String, reason: String)]

        /// The upload `files` stands for, or why it stands for none.
        init(_ files: [InMemoryFile]) throws(FramesJobError) {
            do { self.files = try Upload.normalized(files) } catch { throw .source(error) }
            let visible = self.files.filter { !FileIO.lastComponent(of: $0.name).hasPrefix(".") }
            let named = visible.filter(Self.isSheetData)
            // A `.json` that holds no sheet (`meta.json`, an asset catalog's `Contents.json`) is no
            // data beside an animation; alone, it is read as one, so that its error is said.
            var data = named.filter(Self.holdsSheet)
            let animations = visible.filter(Self.isAnimation)
            if data.isEmpty && animations.isEmpty && named.count == 1 { data = named }
            let images = visible.filter(Self.isImage)
            if data.count > 1 { throw .severalSheets(data: data.map(\.name)) }
            if let sheet = data.first {
                main = sheet
            } else if animations.count > 1 {
                throw .source(.severalAnimations(source: Discovery.filesGiven, animations: animations.map(\.name)))
            } else if let animation = animations.first {
                main = animation
            } else if images.count == 1, OutputName.pathExtension(images[0].name) == "png", images[0].bytes.starts(with: PNG.signature) {
                throw .stillImage(path: images[0].name)
            } else if images.count == 1, OutputName.pathExtension(images[0].name) == "png" {
                // No PNG at all: read as the file given, so that its error says what it is, as on disk (it was called a still PNG).
                main = images[0]
            } else {
                throw .source(.noFrames(source: Discovery.filesGiven))
            }
            let main = self.main
            let isSheet = !data.isEmpty
            leftOut = visible.filter { $0.name != main.name && !(isSheet && Self.isImage($0)) }.map { file in
                (file.name.isEmpty ? "a file without a name" : file.name,
                 Self.isAnimation(file) ? "an animation beside the sheet's data \(main.name)"
                    : Self.isImage(file) ? "a still PNG beside the animation \(main.name)"
                    : "not a GIF, APNG, WebP or sheet data")
            }
        }

        /// The note naming the files not read, once the sheet's pages (`pages`, read from among the
        /// files) are known: an image the sheet does not name is not read either. `nil` when every
        /// file was read.
        func note(pages: [String] = []) -> String? {
            var unread = leftOut
            if FramesJob.sheetExtensions.contains(OutputName.pathExtension(main.name)) {
                unread += files.filter { Self.isImage($0) && !FileIO.lastComponent(of: $0.name).hasPrefix(".") && !pages.contains($0.name) }
                    .map { ($0.name, Self.isAnimation($0) ? "an animation beside the sheet's data \(main.name)" : "a page \(main.name) does not name") }
                unread.sort { a, b in files.firstIndex { $0.name == a.name }! < files.firstIndex { $0.name == b.name }! }
            }
            guard !unread.isEmpty else { return nil }
            let named = unread.prefix(4).map { "\($0.name) (\($0.reason))" }.joined(separator: ", ")
            return "left out, not read: \(named)\(unread.count > 4 ? " and \(unread.count - 4) more" : "")"
        }

        /// Whether `file` is sheet data by its name (`hero.atlas`, `fx/fire.json`); a folder's
        /// settings (`sequence.json`) are not.
        static func isSheetData(_ file: InMemoryFile) -> Bool {
            FramesJob.sheetExtensions.contains(OutputName.pathExtension(file.name))
                && !OutputName.settingsNames.contains(FileIO.lastComponent(of: file.name))
        }

        /// Whether `file`, sheet data by its name, holds a sheet: any `.atlas`, `.atlasc`, `.plist`
        /// or `.tres` (each read by its own reader, which says what is wrong), a `.json` only when it
        /// is an object with `frames` or `textures` (TexturePacker, Aseprite, Phaser, PixiJS).
        static func holdsSheet(_ file: InMemoryFile) -> Bool {
            guard OutputName.pathExtension(file.name) == "json" else { return true }
            guard let object = try? JSONSerialization.jsonObject(with: Data(file.bytes)) as? [String: Any] else { return false }
            return object["frames"] != nil || object["textures"] != nil
        }

        /// Whether `file` is a GIF, an APNG or a WebP: by its name, or a `.png` holding `acTL`.
        static func isAnimation(_ file: InMemoryFile) -> Bool {
            switch OutputName.pathExtension(file.name) {
            case "gif", "webp", "apng": true
            case "png": APNG.Decoder.isAnimated(file.bytes)
            default: false
            }
        }

        /// Whether `file` is an image by its name: a PNG (still or not), GIF, APNG or WebP.
        static func isImage(_ file: InMemoryFile) -> Bool {
            ["png", "gif", "webp", "apng"].contains(OutputName.pathExtension(file.name))
        }
    }
}
