import Basics

extension Scene {
    /// The image and font files a scene's ops name so far, to refuse one text in two Unicode
    /// normalisations (`café/a.png` composed and decomposed): two files on Linux, but one key of
    /// the `[String: Bitmap]` and `[String: Font]` that ``render(images:fonts:limits:)`` takes
    /// (Swift's `String ==` is canonical), so the second op would draw the first's file.
    struct NamedFiles {
        /// Each name by its text: its first spelling and where it was given.
        private var images: [String: (name: String, path: String)] = [:]
        private var fonts: [String: (name: String, path: String)] = [:]

        /// Records the file `operation` (read from `value`) names, or refuses it as spelled
        /// differently from an earlier op's name of the same text.
        mutating func add(_ operation: Operation, at value: InputValue) throws(SchemaError) {
            switch operation {
            case .image(let name, _, _): try Self.add(name, key: "image", of: value, to: &images)
            case .text(let label): if let font = label.font { try Self.add(font, key: "font", of: value, to: &fonts) }
            default: break
            }
        }

        private static func add(_ name: String, key: String, of value: InputValue,
                                to known: inout [String: (name: String, path: String)]) throws(SchemaError) {
            guard let at = try value.object()[key] else { return }
            guard let earlier = known[name] else {
                known[name] = (name, at.path.description)
                return
            }
            guard !earlier.name.utf8.elementsEqual(name.utf8) else { return }
            throw at.invalid("\(earlier.path) names \(earlier.name) in another Unicode normalisation (\(NameSpelling.spelled(earlier.name)), "
                             + "here \(NameSpelling.spelled(name))): two files on Linux, one on macOS, and one key to a scene's "
                             + "images and fonts; rename one of the files and the name that points to it")
        }
    }
}
