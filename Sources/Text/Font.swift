import Basics
import Foundation

/// A scalable TrueType or OpenType font, read once and shared: shaped by HarfBuzz, drawn by
/// FreeType. ``standard()`` is DejaVu Sans, which ships with the library so that text renders the
/// same on every machine; any other font comes from a file or from bytes.
///
/// ```swift
/// let font = try Font(url: URL(fileURLWithPath: "Fonts/Inter.ttf"))
/// let layout = try TextLayout("Hello", style: TextStyle(font: font, size: 24))
/// ```
public final class Font: Sendable {
    /// The file it came from (or the name given with its bytes), for messages.
    public let file: String
    /// The family name the font gives itself, such as "DejaVu Sans".
    public let familyName: String
    /// The style the font gives itself within its family, such as "Bold Italic" ("Book" for
    /// DejaVu Sans, "Regular" for most).
    public let styleName: String

    /// The font as messages and reports name it: its family, and its style unless that is the
    /// family's plain one ("C059 Bold Italic", "DejaVu Sans"): a bold face said as its family read
    /// like the regular one.
    public var name: String {
        ["", "Regular", "Book", "Normal", "Roman", "Plain"].contains(styleName) ? familyName : familyName + " " + styleName
    }

    private let storage: Storage
    let shaper: HarfBuzzFont
    let rasterizer: FreeTypeFace

    /// The font's bytes, in memory of their own that HarfBuzz and FreeType read for its life.
    private final class Storage: @unchecked Sendable {
        let bytes: UnsafeMutableBufferPointer<UInt8>
        init(_ source: [UInt8]) {
            bytes = .allocate(capacity: max(source.count, 1))
            _ = bytes.initialize(from: source)
        }
        deinit { bytes.deallocate() }
    }

    /// The font in `bytes`; `name` names it in messages.
    /// - Throws: ``TextError/fontUnreadable(file:reason:)`` for bytes that are not a scalable font.
    public init(bytes: [UInt8], name: String) throws(TextError) {
        guard !bytes.isEmpty else { throw .fontUnreadable(file: name, reason: "the file is empty") }
        // A web font, or a font cut short (HarfBuzz and FreeType read one cut after its glyphs, its
        // last tables lost, without a word): said before either reads it.
        if let reason = Self.refusal(of: bytes) { throw .fontUnreadable(file: name, reason: reason) }
        file = name
        storage = Storage(bytes)
        let view = UnsafeBufferPointer(start: storage.bytes.baseAddress, count: bytes.count)
        shaper = try HarfBuzzFont(bytes: view, file: name)
        rasterizer = try FreeTypeFace(bytes: view, file: name)
        familyName = rasterizer.familyName
        styleName = rasterizer.styleName
    }

    /// The font in the file at `url`.
    /// - Throws: ``TextError/fontUnreadable(file:reason:)`` when it cannot be read or is not a
    ///   scalable font.
    public convenience init(url: URL) throws(TextError) {
        // Named as given: `URL(fileURLWithPath: "mine.ttf")`'s `path` is absolute, its relative path the user's spelling.
        let name = url.relativePath
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), isFolder.boolValue {
            throw .fontUnreadable(file: name, reason: "it is a folder; give a TTF/OTF file")
        }
        // As a scene's fonts are read: a FIFO or a device is refused as "not a regular file" (never
        // waited on), and a file over ``maximumFileBytes`` before it is read whole.
        let read: (bytes: [UInt8], fileSize: Int)
        do { read = try FileIO.readPrefix(url.path, limit: Self.maximumFileBytes + 1) } catch {
            throw .fontUnreadable(file: name, reason: "cannot be read (\(error.reason))")
        }
        guard read.fileSize <= Self.maximumFileBytes, read.bytes.count <= Self.maximumFileBytes else {
            throw .fontUnreadable(file: name, reason: "\(max(read.fileSize, read.bytes.count)) bytes, more than the "
                                  + "\(Self.maximumFileBytes >> 20) MiB a font file may have")
        }
        try self.init(bytes: read.bytes, name: name)
    }

    /// The largest font file ``init(url:)`` reads, in bytes (64 MiB: the largest CJK fonts are about 20).
    public static let maximumFileBytes = 64 << 20

    private static let shipped: Result<Font, TextError> = {
        guard let url = Bundle.module.url(forResource: "DejaVuSans", withExtension: "ttf") else { return .failure(.standardFontMissing) }
        do throws(TextError) {
            guard let bytes = FileManager.default.contents(atPath: url.path) else { return .failure(.standardFontMissing) }
            return .success(try Font(bytes: [UInt8](bytes), name: "DejaVuSans.ttf (shipped with Flipbook)"))
        } catch {
            return .failure(error)
        }
    }()

    /// DejaVu Sans 2.37, the font that ships with the library (Bitstream Vera licence, in its
    /// resources): Latin, Greek, Cyrillic, Hebrew, Arabic and more. Read once per process.
    /// - Throws: ``TextError/standardFontMissing`` when the library's resources are missing.
    public static func standard() throws(TextError) -> Font {
        try shipped.get()
    }

    /// What a reader sees of characters the font has no glyph for, as the warnings say it: the
    /// font's missing-glyph box, or nothing when that glyph is blank (round 64t #2: a Nimbus Sans
    /// note of Hebrew was empty while the warning promised boxes).
    var missingGlyphsShow: String {
        rasterizer.drawsMissingGlyph ? "they are drawn as its empty box"
            : "they show as empty space (its missing-glyph shape is blank: nothing of them is drawn)"
    }

    /// Points per font unit at `size` points per em.
    func pointsPerUnit(size: Double) -> Double {
        size / Double(shaper.unitsPerEm)
    }
}
