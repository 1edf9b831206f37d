import Basics
import Foundation
import Testing
import TestSupport
@testable import Raster

@Suite("PNG encoder")
struct PNGEncoderTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var label: String
        var colors: [Color]   // cycled over a 7×5 image
        var colorType: PNG.ColorType
        var bitDepth: Int
        var testDescription: String { label }
    }

    static func grey(_ levels: [UInt8]) -> [Color] { levels.map { Color(r: $0, g: $0, b: $0) } }

    /// 300 distinct colours: `n` → the colour `make(n)` gives.
    static func many(_ make: (Int) -> Color) -> [Color] { (0..<300).map(make) }

    static let cases: [Case] = [
        Case(label: "black and white → grey 1-bit", colors: [.black, .white], colorType: .grayscale, bitDepth: 1),
        Case(label: "four grey levels of 85 → grey 2-bit", colors: grey([0, 85, 170, 255]), colorType: .grayscale, bitDepth: 2),
        Case(label: "multiples of 17 → grey 4-bit", colors: grey([17, 34, 238]), colorType: .grayscale, bitDepth: 4),
        Case(label: "any opaque grey → grey 8-bit", colors: grey([3, 100, 201]), colorType: .grayscale, bitDepth: 8),
        Case(label: "three colours → palette 2-bit",
             colors: [Color(r: 255, g: 0, b: 0), Color(r: 0, g: 255, b: 0), Color(r: 0, g: 0, b: 255)],
             colorType: .indexed, bitDepth: 2),
        Case(label: "translucent colours → palette with tRNS",
             colors: [Color(r: 255, g: 0, b: 0, a: 128), .clear, Color(r: 9, g: 8, b: 7)],
             colorType: .indexed, bitDepth: 2),
        Case(label: "many translucent greys → grey+alpha",
             colors: many { n in
                 let level = UInt8(n % 256)
                 return Color(r: level, g: level, b: level, a: UInt8((n * 7) % 255 + 1))
             },
             colorType: .grayscaleAlpha, bitDepth: 8),
        Case(label: "many opaque colours → RGB",
             colors: many { n in Color(r: UInt8(n % 256), g: UInt8(n / 2), b: 7) },
             colorType: .rgb, bitDepth: 8),
        Case(label: "many translucent colours → RGBA",
             colors: many { n in Color(r: UInt8(n % 256), g: UInt8(n / 2), b: 7, a: UInt8(n % 200 + 20)) },
             colorType: .rgba, bitDepth: 8),
    ]

    @Test(arguments: cases)
    func picksTheSmallestLosslessLayout(_ testCase: Case) throws {
        let (width, height) = testCase.colors.count > 35 ? (30, 10) : (7, 5)
        var bitmap = Bitmap(clearWidth: width, height: height, scale: 2)
        for y in 0..<height {
            for x in 0..<width { bitmap[x, y] = testCase.colors[(y * width + x) % testCase.colors.count] }
        }
        let bytes = try PNG.Encoder().encode(bitmap)
        let decoded = try PNG.Decoder().decode(bytes, file: testCase.label)
        #expect(decoded.header.colorType == testCase.colorType)
        #expect(decoded.header.bitDepth == testCase.bitDepth)
        var expected = bitmap
        expected.scale = 1
        #expect(decoded.bitmap() == expected)
    }

    /// Real frames (`Tests/Fixtures/sequences`, with ORIGIN.md) tiled into pages large enough to be
    /// compressed in several pieces on several cores: libpng (whose zlib checks every piece, the
    /// joins and the Adler-32) must give every pixel back, at every level.
    @Test(arguments: [("gameart2d-dino-jump/jump-6.png", PNG.ColorType.rgba),
                      ("unity-wispy-smoke-03b-faint/frame-020.png", .grayscaleAlpha),
                      ("bbb-opening-fadein-720p/bbb0030.png", .rgb)])
    func largePagesComeBackExactly(frame: String, colorType: PNG.ColorType) throws {
        let tile = try PNG.Decoder().decodeBitmap(file: Fixtures.path("sequences/" + frame))
        var page = Bitmap(clearWidth: 1100, height: 900)
        for y in stride(from: 0, to: page.height, by: tile.height) {
            for x in stride(from: 0, to: page.width, by: tile.width) { page.copy(tile, toX: x, y: y) }
        }
        let rowBytes = page.width * (colorType == .rgba ? 4 : colorType == .rgb ? 3 : 2) + 1
        #expect(rowBytes * page.height > 3 * PNGWriter.pieceBytes, "several pieces")
        for level in [0, 1, 5, 6, 9] {
            let bytes = try PNG.Encoder(compressionLevel: level).encode(page)
            let decoded = try PNG.Decoder().decode(bytes, file: "\(frame) level \(level)")
            #expect(decoded.header.colorType == colorType)
            let same = decoded.bitmap() == page   // outside #expect: no pixel dump on failure
            #expect(same, "level \(level)")
        }
    }

    @Test func outputIsDeterministic() throws {
        let bitmap = try PNG.Decoder().decode(file: Fixtures.path("pngsuite/valid/basn6a08.png")).bitmap()
        #expect(try PNG.Encoder().encode(bitmap) == PNG.Encoder().encode(bitmap))
    }

    @Test func refusesAnEmptyBitmap() {
        #expect(throws: PNG.EncodeError.self) { _ = try PNG.Encoder().encode(Bitmap(clearWidth: 0, height: 3)) }
    }

    @Test func writesAtomicallyAndReportsUnwritablePaths() throws {
        let directory = try TemporaryDirectory()
        let bitmap = try PNG.Decoder().decode(file: Fixtures.path("pngsuite/valid/basn2c08.png")).bitmap()
        let path = directory.path + "/out.png"
        try PNG.Encoder().write(bitmap, to: path)
        try PNG.Encoder().write(bitmap, to: path)  // replaces
        #expect(directory.contents() == ["out.png"], "no temporary file may be left behind")
        #expect(try PNG.Decoder().decode(file: path).bitmap() == bitmap)

        // A missing folder is created (issue 44); a file where the folder should be cannot be.
        try PNG.Encoder().write(bitmap, to: directory.path + "/missing/out.png")
        #expect(try PNG.Decoder().decode(file: directory.path + "/missing/out.png").bitmap() == bitmap)
        #expect {
            try PNG.Encoder().write(bitmap, to: directory.path + "/out.png/inside.png")
        } throws: { error in
            if case .writeFailed(let file, let reason)? = error as? PNG.EncodeError {
                return file.hasSuffix("out.png/inside.png") && reason.contains("Not a directory")
            }
            return false
        }
    }
}

/// The encoder's contract write refuses a name that promises another format, as the CLI does.
@Suite("PNG.Encoder output names")
struct PNGEncoderNameTests {
    @Test(arguments: ["frame.jpg", "frame.gif", "frame", "frame.png.txt"])
    func aNameOfAnotherFormatIsRefused(name: String) throws {
        let folder = NSTemporaryDirectory() + "flipbook-png-name-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        #expect {
            try PNG.Encoder().write(Bitmap(clearWidth: 2, height: 2), to: "\(folder)/\(name)", protecting: InputFiles())
        } throws: { error in
            guard case .output(.unsupportedName(let path, _))? = error as? PNG.EncodeError else { return false }
            return path == "\(folder)/\(name)"
        }
        #expect(throws: PNG.EncodeError.self) { try PNG.Encoder().write(Bitmap(clearWidth: 2, height: 2), to: "\(folder)/\(name)") }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
        try PNG.Encoder().write(Bitmap(clearWidth: 2, height: 2), to: "\(folder)/frame.PNG", protecting: InputFiles())
        // From memory, the name gives the scale as a path does.
        var retina = Bitmap(clearWidth: 4, height: 2)
        retina.scale = 2
        let bytes = try PNG.Encoder().encode(retina)
        #expect(try PNG.Decoder().decodeBitmap(bytes, file: "icon@2x.png").scale == 2)
    }
}
