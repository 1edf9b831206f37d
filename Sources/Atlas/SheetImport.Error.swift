import Basics
import Raster

extension SheetImport {
    /// A sheet that cannot be read, or whose frames cannot be written: the file, and why. Every
    /// case names the data or page file.
    public enum Error: Swift.Error, Sendable, Equatable, CustomStringConvertible {
        /// The data file or a page could not be read (missing, no permission, not among the files
        /// given): the file and the system's reason.
        case unreadable(file: String, reason: String)
        /// The data does not fit its format: the key, type, value or count at fault
        /// (`sheet.json: unknown key "q" in frames["walk1.png"].spriteSourceSize; did you mean "h"?`).
        case schema(SchemaError)
        /// The data fits its format but describes no usable sheet: a frame outside its page or
        /// its source size, pages premultiplied and not, no frames, sprite names that cannot be
        /// files. `reason` says which and what to do.
        case invalid(file: String, reason: String)
        /// A path the data names leads outside its folder (absolute, with `..`, or a symbolic link
        /// that leads out): nothing there was opened.
        case outsideFolder(PathRefusal)
        /// The sheet asks for more than the limits allow (sprites, one frame's pixels, all frames'
        /// pixels, a page's pixels): the error names the limit and the setting that raises it.
        case limit(LimitError)
        /// A page image could not be decoded: Raster's `PNG.DecodeError`, naming the page.
        case page(PNG.DecodeError)

        /// The data file `file`'s format error: its schema error when it has one, else its reason.
        init(_ file: String, _ error: SheetDataError) {
            if let schema = error.schema { self = .schema(schema) } else { self = .invalid(file: file, reason: error.description) }
        }

        /// The data or page file the error is about (for ``limit(_:)``, the limit's subject, which
        /// begins with the file).
        public var path: String {
            switch self {
            case .unreadable(let file, _), .invalid(let file, _): file
            case .schema(let error): error.file
            case .outsideFolder(let refusal): refusal.dataFile
            case .limit(let error): error.subject
            case .page(let error): error.file
            }
        }

        /// The path refusal, when that is what was wrong (``outsideFolder(_:)``).
        public var pathRefusal: PathRefusal? {
            if case .outsideFolder(let refusal) = self { refusal } else { nil }
        }

        /// The key, type, value or count at fault, when the data does not fit its format (``schema(_:)``).
        public var schemaError: SchemaError? {
            if case .schema(let error) = self { error } else { nil }
        }

        /// The limit the sheet asks to exceed, when that is what was wrong (``limit(_:)``).
        public var limitError: LimitError? {
            if case .limit(let error) = self { error } else { nil }
        }

        /// One line naming the file: `file: reason`, or the schema error, refusal, limit error or
        /// decoder's message (each names the file itself).
        public var description: String {
            switch self {
            case .unreadable(let file, let reason), .invalid(let file, let reason): "\(file): \(reason)"
            case .schema(let error): error.description
            case .outsideFolder(let refusal): refusal.description
            case .limit(let error): error.description
            case .page(let error): error.description
            }
        }
    }
}
