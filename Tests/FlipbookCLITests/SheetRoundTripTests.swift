import Basics
import Foundation
import Testing
import TestSupport
import Raster

/// `flipbook sheet` then `flipbook frames` on real sequences (soft smoke, a fading explosion, pixel
/// art, an anti-aliased sprite, `@2x` frames with alpha-1 backgrounds, opaque film frames — each
/// with its ORIGIN.md in `Tests/Fixtures/sequences`): every pixel with alpha > 0 must come back with
/// the same straight RGBA bytes and every alpha-0 pixel must stay alpha 0, in every format, plain
/// and with `--trim --rotate --extrude 2`, over several pages.
@Suite("Sheets give real frames back exactly")
struct SheetRoundTripTests {
    static let folder = "sequences"
    static let sequences = [
        "ansimuz-fire-bomb-pixel", "bbb-opening-fadein-720p", "emt-watch-spinner-2x", "gameart2d-dino-jump",
        "kenney-gold-coin", "unity-explosion02hd-fadeout", "unity-wispy-smoke-02-long", "unity-wispy-smoke-03b-faint",
    ]
    static let formats = [
        ("json-hash", "s.json"), ("json-array", "s.json"), ("aseprite", "s.json"), ("libgdx", "s.atlas"),
        ("spritekit", "s.atlasc"),
    ]

    @Test func everyFixtureSequenceIsListed() throws {
        let found = try FileManager.default.contentsOfDirectory(atPath: Fixtures.path(Self.folder))
            .filter { !$0.hasPrefix(".") && !$0.hasSuffix(".md") }.sorted()
        #expect(found == Self.sequences)
        #expect(found.count == 8)
    }

    /// The source frames of `sequence`: file name → bitmap.
    static func sources(_ sequence: String) throws -> [String: Bitmap] {
        let directory = Fixtures.path("\(folder)/\(sequence)")
        var frames: [String: Bitmap] = [:]
        for name in Fixtures.pngNames(in: "\(folder)/\(sequence)") {
            frames[name] = try PNG.Decoder().decodeBitmap(file: "\(directory)/\(name)")
        }
        return frames
    }

    /// The file `frames` writes for source file `name`: the same in every format that names
    /// frames, except that libGDX pages have no scale (`jump-1@2x.png` → `jump-1.png`). (libGDX,
    /// whose regions are an animation name and a frame index, gave `jump-1.png` back as
    /// `jump1.png` before its `name:` field: issue 43.)
    static func unpackedName(_ name: String, format: String) -> String {
        format == "libgdx" ? ImageFileName(path: name).stem + ".png" : name
    }

    /// Pixels of `copy` that differ from `original`: any byte of a pixel with alpha > 0, or an
    /// alpha-0 pixel that is no longer alpha 0 (its hidden colour may change).
    static func differingPixels(_ original: Bitmap, _ copy: Bitmap) -> Int {
        guard (copy.width, copy.height) == (original.width, original.height) else { return original.width * original.height }
        // Whole pixels as 32-bit words (this runs unoptimised in tests: no slices per pixel).
        return original.pixels.withUnsafeBytes { a in
            copy.pixels.withUnsafeBytes { b in
                let first = a.bindMemory(to: UInt32.self), second = b.bindMemory(to: UInt32.self)
                let alpha = [UInt8(0), 0, 0, 255].withUnsafeBytes { $0.load(as: UInt32.self) }   // each pixel's fourth byte
                var differing = 0
                for index in 0..<first.count where first[index] != second[index] {
                    // An alpha-0 pixel may change its hidden colour, not its alpha.
                    if first[index] & alpha != 0 || second[index] & alpha != 0 { differing += 1 }
                }
                return differing
            }
        }
    }

    @Test(arguments: sequences, formats)
    func roundTripIsExact(sequence: String, format: (name: String, data: String)) throws {
        let sources = try Self.sources(sequence)
        #expect(sources.count >= 2)
        let side = sources.values.map { max($0.width, $0.height) }.max()!
        for options in [[String](), ["--trim", "--rotate", "--extrude", "2"]] {
            let folder = try SheetFormatCommandTests.temporaryFolder()
            defer { try? FileManager.default.removeItem(atPath: folder) }
            // Pages a little over one frame's side: several pages for every sequence.
            let packed = try CLI.run(["sheet", Fixtures.path("\(Self.folder)/\(sequence)"), "-o", folder + "/s.png",
                                      "--format", format.name, "--max-size", "\(side + 16)", "--json",
                                      "--png-level", "1"] + options)   // zlib's level changes no pixel
            #expect(packed.status == 0, "\(packed.stderr)")
            let report = try JSONSerialization.jsonObject(with: Data(packed.stdout.utf8)) as? [String: Any]
            #expect(((report?["pages"] as? [Any])?.count ?? 0) > 1, "several pages")
            let data = format.name == "json-hash" || format.name == "json-array" || format.name == "aseprite" ? "s-0.json" : format.data
            let unpacked = try CLI.run(["frames", folder + "/" + data, "-o", folder + "/back"])
            #expect(unpacked.status == 0, "\(unpacked.stderr)")
            let back = try FileManager.default.contentsOfDirectory(atPath: folder + "/back").filter { $0.hasSuffix(".png") }
            #expect(back.count == sources.count, "\(options): \(back.sorted())")
            for (name, original) in sources {
                let copy = try PNG.Decoder().decode(file: "\(folder)/back/\(Self.unpackedName(name, format: format.name))").bitmap()
                #expect((copy.width, copy.height) == (original.width, original.height), "\(name)")
                guard copy.width == original.width, copy.height == original.height else { continue }
                let differing = Self.differingPixels(original, copy)
                #expect(differing == 0, "\(format.name) \(options) \(name): \(differing) pixels changed")
            }
        }
    }
}
