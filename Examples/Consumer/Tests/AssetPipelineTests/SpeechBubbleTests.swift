import AssetPipeline
import Basics
import Raster
import Testing

/// A speech bubble from an uploaded chrome, through `NoteJob`'s in-memory, `async` form.
@Suite("A speech bubble from an upload")
struct SpeechBubbleTests {
    /// A 30×52 chrome (a rounded-looking panel: an opaque body with a darker 2-pixel frame),
    /// uploaded as `bubble@2x.png`.
    static func chrome() throws -> InMemoryFile {
        var bitmap = try Bitmap(width: 30, height: 52)
        for y in 0..<52 {
            for x in 0..<30 {
                let edge = x < 2 || y < 2 || x >= 28 || y >= 50
                bitmap[x, y] = edge ? Color(r: 40, g: 40, b: 60) : Color(r: 250, g: 248, b: 220)
            }
        }
        return InMemoryFile(name: "bubble@2x.png", bytes: try PNG.Encoder().encode(bitmap))
    }

    static let insets = NineSlice.Insets(top: 18, left: 6, bottom: 6, right: 6)

    @Test func aLongerTextMakesATallerBubbleNoWiderThanItsMaximum() async throws {
        let chrome = try Self.chrome()
        let short = await SpeechBubble.make(text: "Boom!", chrome: chrome, insets: Self.insets, fontSize: 16)
        let long = await SpeechBubble.make(text: String(repeating: "Tap anywhere to set off another explosion. ", count: 4),
                                           chrome: chrome, insets: Self.insets, fontSize: 16)
        guard case .png(let shortBytes, let shortWidth, let shortHeight) = short,
              case .png(_, let longWidth, let longHeight) = long else {
            Issue.record("no bubble: \(short), \(long)"); return
        }
        #expect(shortBytes.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        #expect(longHeight > shortHeight && longWidth > shortWidth)
        // At most 300 points of text plus the insets, at 2 pixels a point.
        #expect(longWidth <= (300 + 6 + 6) * 2)
    }

    @Test func aFontSizeOfNothingIsABadRequest() async throws {
        let answer = await SpeechBubble.make(text: "Boom!", chrome: try Self.chrome(), insets: Self.insets, fontSize: 0)
        guard case .rejected(let status, let reason) = answer else { Issue.record("accepted: \(answer)"); return }
        #expect(status == 400 && reason.contains("fontSize"))
    }

    @Test func anUploadThatIsNotAPNGIsUnprocessable() async {
        let upload = InMemoryFile(name: "bubble.png", bytes: Array("not a png".utf8))
        let answer = await SpeechBubble.make(text: "Boom!", chrome: upload, insets: Self.insets, fontSize: 16)
        guard case .rejected(let status, let reason) = answer else { Issue.record("accepted: \(answer)"); return }
        #expect(status == 422 && reason.contains("bubble.png"))
    }
}
