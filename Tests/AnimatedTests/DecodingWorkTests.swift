import Animated
import Basics
import Foundation
import Raster
import Testing
import TestSupport

/// Round 61b #1: a sequence frame was charged 3 a pixel for its decoding whatever its file, while
/// 4000² frames of grain or noise took 27–32 ns a pixel (their files as large as their pixels) and
/// 16-bit ones 70–105 ns — 16–36 ns a unit, where `--max-drawing-work` promises 2–9, so the default
/// limit refused such a render after 14–30 minutes instead of about three. A frame is now charged
/// its pixels (11 for a PNG libpng decodes row by row: 16-bit, 1–4-bit or interlaced), its file's
/// bytes, and its resampling when it comes from another scale — read from the file, so the charge
/// is the same whether the frame was held or decoded again.
@Suite("A sequence frame is charged what decoding it costs")
struct DecodingWorkTests {
    /// PngSuite's 32 × 32 images of each kind, and whether libpng decodes them row by row.
    static let cases: [(file: String, rowByRow: Bool)] = [
        ("basn6a08.png", false), ("basn2c08.png", false), ("basn3p08.png", false), ("basn0g08.png", false),
        ("basn6a16.png", true), ("basn0g16.png", true), ("basi6a08.png", true), ("basi0g08.png", true),
        ("basn3p04.png", true), ("basn0g01.png", true),
    ]

    static func path(_ file: String) -> String { Fixtures.path("pngsuite/valid/" + file) }

    @Test(arguments: cases) func aFrameIsChargedItsPixelsAndItsFileBytes(file: String, rowByRow: Bool) throws {
        let bytes = try #require(FileManager.default.contents(atPath: Self.path(file)))
        let onDisk = FrameSource.file(Self.path(file))
        let bitmap = try onDisk.load(scale: 1)
        #expect(bitmap.width == 32 && bitmap.height == 32)
        let expected = 32 * 32 * (rowByRow ? DrawingCost.decodedRowByRow : DrawingCost.decoded) + bytes.count * DrawingCost.fileByte
        #expect(onDisk.decodingWork(of: bitmap) == expected)
        // The same bytes in memory cost the same.
        #expect(FrameSource.memory(InMemoryFile(name: file, bytes: Array(bytes))).decodingWork(of: bitmap) == expected)
    }

    /// A `@1x` file shown at `@2x` is resampled each time it is decoded: its 64 × 64 pixels are charged that too.
    @Test func aFrameFromAnotherScaleIsChargedItsResampling() throws {
        let bytes = try #require(FileManager.default.contents(atPath: Self.path("basn6a08.png")))
        let source = FrameSource.memory(InMemoryFile(name: "f.png", bytes: Array(bytes)))
        let bitmap = try source.load(scale: 2)
        #expect(bitmap.width == 64 && bitmap.scale == 2)
        #expect(source.decodingWork(of: bitmap) == 64 * 64 * (DrawingCost.decoded + DrawingCost.resampled) + bytes.count * DrawingCost.fileByte)
        #expect(source.decodingWork(of: try source.load(scale: 1)) == 32 * 32 * DrawingCost.decoded + bytes.count * DrawingCost.fileByte)
    }

    /// A bitmap in memory costs nothing to give, and its resampling when it is of another scale.
    @Test func aBitmapCostsOnlyItsResampling() throws {
        let bitmap = try #require(Bitmap(width: 10, height: 10, straight: [UInt8](repeating: 9, count: 400)))
        let source = FrameSource.bitmap(bitmap)
        #expect(source.decodingWork(of: bitmap) == 0)
        #expect(source.decodingWork(of: try source.load(scale: 3)) == 30 * 30 * DrawingCost.resampled)
    }

    /// A file gone since it was decoded is charged by its pixels (its size and kind unknown now).
    @Test func aFileGoneIsChargedByItsPixels() throws {
        let folder = try Fixtures.temporaryFolder("decoding-work")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.copyItem(atPath: Self.path("basn6a16.png"), toPath: folder + "/f.png")
        let source = FrameSource.file(folder + "/f.png")
        let bitmap = try source.load(scale: 1)
        try FileManager.default.removeItem(atPath: folder + "/f.png")
        #expect(source.decodingWork(of: bitmap) == 32 * 32 * DrawingCost.decoded)
    }
    /// What a renderer checks before drawing (do a scene's frames fit what it holds?): a frame's
    /// size from its header, at the scale it is asked for, nothing decoded; `nil` when unknown.
    @Test func aFramesSizeIsReadFromItsHeader() throws {
        let bytes = try #require(FileManager.default.contents(atPath: Self.path("basn6a08.png")))
        #expect(FrameSource.file(Self.path("basn6a08.png")).pixelSize(at: 1)! == (32, 32))
        #expect(FrameSource.memory(InMemoryFile(name: "f.png", bytes: Array(bytes))).pixelSize(at: 2)! == (64, 64))
        #expect(FrameSource.memory(InMemoryFile(name: "f@2x.png", bytes: Array(bytes))).pixelSize(at: 1)! == (16, 16))
        #expect(FrameSource.memory(InMemoryFile(name: "f.png", bytes: [1, 2, 3])).pixelSize(at: 1) == nil)
        #expect(FrameSource.file("/nonexistent/f.png").pixelSize(at: 1) == nil)
        // A header claiming the largest sides PNG allows is read as it says (the renderer adds them without overflowing).
        var huge = Array(bytes.prefix(33))
        for offset in [16, 20] { huge.replaceSubrange(offset..<(offset + 4), with: [0x7F, 0xFF, 0xFF, 0xFF]) }
        #expect(FrameSource.memory(InMemoryFile(name: "h.png", bytes: huge)).pixelSize(at: 3)! == (Int(Int32.max) * 3, Int(Int32.max) * 3))
    }
}
