import Basics
import Foundation
import Raster
import Testing
import TestSupport
import CZlib

/// Inputs built to hurt (issue "Hostile input"): each ends with exit 2 or 3 and a message naming
/// the limit and its flag, inside a 1 GiB address-space limit and without writing anything.
@Suite("Hostile input")
struct HostileInputTests {
    static func folder() throws -> String { try Fixtures.temporaryFolder("hostile") }

    /// A PNG of `width × height` zero pixels, compressed ~1000:1 (16000² is 1 MB on disk, 1 GB decoded).
    /// Built without deflating a gigabyte: a mebibyte of zeros is deflated once after 32 KiB of
    /// zeros (ending on a byte boundary), and copies of it decode to more zeros wherever zeros precede.
    static func zlibBomb(width: Int, height: Int) -> [UInt8] {
        func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
            let body = Array(type.utf8) + data
            let crc = body.withUnsafeBufferPointer { UInt32(crc32(0, $0.baseAddress, UInt32($0.count))) }
            return be(UInt32(data.count)) + body + be(crc)
        }
        func be(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
        let total = (1 + 4 * width) * height, piece = 1 << 20
        let zeros = [UInt8](repeating: 0, count: piece)
        func deflated(_ count: Int, afterZeros: Bool, final: Bool) -> [UInt8] {
            zeros.withUnsafeBufferPointer { all in
                Zlib.deflatePiece(UnsafeBufferPointer(rebasing: all[0..<count]),
                                  dictionary: UnsafeBufferPointer(rebasing: all[0..<(afterZeros ? 32768 : 0)]),
                                  level: 9, filtered: false, final: final) ?? []
            }
        }
        let first = deflated(piece, afterZeros: false, final: false), next = deflated(piece, afterZeros: true, final: false)
        var stream: [UInt8] = [0x78, 0xDA] + first
        for _ in 1..<(total / piece) { stream += next }
        stream += deflated(total % piece, afterZeros: true, final: true)
        // Adler-32 of `total` zeros: the sum of bytes stays 1, the sum of sums is `total` mod 65521.
        stream += be(UInt32(total % 65521) << 16 | 1)
        let header = be(UInt32(width)) + be(UInt32(height)) + [8, 6, 0, 0, 0]
        return PNG.signature + chunk("IHDR", header) + chunk("IDAT", stream) + chunk("IEND", [])
    }

    /// The bomb decodes to what it claims: zlib inflates it to exactly its rows of zeros (checked on
    /// a small one, which is built the same way).
    @Test func theBombIsAValidPNG() throws {
        let small = Self.zlibBomb(width: 700, height: 900)   // 2.5 pieces of a mebibyte
        let bitmap = try PNG.Decoder().decode(small, file: "small-bomb.png").bitmap()
        #expect(bitmap.width == 700 && bitmap.height == 900 && bitmap.pixels.allSatisfy { $0 == 0 })
    }

    /// A GIF89a with a `width × height` screen and `frames` frames of `frameWidth × frameHeight`.
    static func gif(width: Int, height: Int, frames: Int, frameWidth: Int = 1, frameHeight: Int = 1) -> [UInt8] {
        func le(_ v: Int) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF)] }
        var out = Array("GIF89a".utf8) + le(width) + le(height) + [0x80, 0, 0, 0, 0, 0, 255, 255, 255]
        let frame: [UInt8] = [0x21, 0xF9, 0x04, 0, 1, 0, 0, 0, 0x2C] + le(0) + le(0) + le(frameWidth) + le(frameHeight)
            + [0, 0x02, 0x02, 0x44, 0x01, 0x00]
        for _ in 0..<frames { out += frame }
        return out + [0x3B]
    }

    static let addressSpace = "ulimit -v 1048576"

    @Test func zlibBombIsRefusedBeforeDecoding() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try Data(Self.zlibBomb(width: 16000, height: 16000)).write(to: URL(fileURLWithPath: dir + "/bomb.png"))
        for arguments in [["info", "bomb.png"], ["resize", "bomb.png", "--scale", "0.5", "-o", "small.png"], ["blur", "bomb.png", "--sigma", "2", "-o", "b.png"]] {
            let result = try CLI.run(arguments, shellLimits: Self.addressSpace, in: dir)
            #expect(result.status == 3, "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains("16000×16000") && result.stderr.contains("--max-pixels"), "\(result.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: dir + "/small.png"))
    }

    @Test func hugeGIFScreensFramesAndCountsAreRefused() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try Data(Self.gif(width: 65535, height: 65535, frames: 1)).write(to: URL(fileURLWithPath: dir + "/screen.gif"))
        try Data(Self.gif(width: 2, height: 2, frames: 1, frameWidth: 65535, frameHeight: 65535)).write(to: URL(fileURLWithPath: dir + "/frame.gif"))
        try Data(Self.gif(width: 1, height: 1, frames: 100_000)).write(to: URL(fileURLWithPath: dir + "/long.gif"))
        for (file, flag) in [("screen.gif", "--max-pixels"), ("frame.gif", "--max-pixels"), ("long.gif", "--max-frames")] {
            for arguments in [["info", file], ["frames", file, "-o", "out-\(file.dropLast(4))"], ["assemble", file, "-o", "re-\(file)"]] {
                let result = try CLI.run(arguments, shellLimits: Self.addressSpace, in: dir)
                #expect(result.status == 3 && result.stderr.contains(flag), "\(arguments): \(result.stderr)")
            }
        }
        // Raised on purpose, the 100 000 frames are read one at a time.
        let raised = try CLI.run(["info", "long.gif", "--max-frames", "200000"], shellLimits: Self.addressSpace, in: dir)
        #expect(raised.status == 0 && raised.stdout.contains("100000 frames"), "\(raised.stdout)\(raised.stderr)")
    }

    @Test func filesOverAGibibyteAreRefusedUnread() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        // Sparse: 2 GiB of size, no disk. Every reader of whole files meets the same check.
        for name in ["big.png", "big.gif", "sequence.json"] {
            #expect(FileManager.default.createFile(atPath: dir + "/" + name, contents: nil))
            let handle = try #require(FileHandle(forWritingAtPath: dir + "/" + name))
            try handle.truncate(atOffset: 2 << 30)
            try handle.close()
        }
        // A sequence.json beside a real frame.
        try FileManager.default.copyItem(atPath: Fixtures.path("sequences/kenney-gold-coin/gold_1.png"), toPath: dir + "/gold_1.png")
        for arguments in [["info", "big.png"], ["info", "big.gif"], ["assemble", ".", "-o", "out.gif"]] {
            let result = try CLI.run(arguments, shellLimits: Self.addressSpace, in: dir)
            #expect(result.status == 3 && result.stderr.contains("over the 1 GiB"), "\(arguments): \(result.stderr)")
        }
    }

    @Test func oversizedOutputsAreUsageErrors() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let coin = CLI.fixtures + "/info/coin@2x.png"
        for arguments in [["resize", coin, "--size", "100000x100000", "-o", "r.png"], ["resize", coin, "--scale", "1e300", "-o", "r.png"],
                          ["resize", coin, "--size", "1e400x5", "-o", "r.png"], ["slice", coin, "--insets", "1,1,1,1", "--size", "1e300x5", "-o", "r.png"],
                          ["blur", coin, "--sigma", "1e300", "-o", "r.png"], ["generate", "explosion", "--size", "100000x100000", "-o", "e.gif"],
                          ["generate", "seagull", "--frames", "100000", "-o", "s.gif"]] {
            let result = try CLI.run(arguments, shellLimits: Self.addressSpace, in: dir)
            #expect(result.status == 2, "\(arguments): \(result.stderr)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).isEmpty)
    }

    @Test(arguments: [
        (#"{"size":[100000,100000],"ops":[]}"#, "--max-pixels"),
        (#"{"size":[100,100],"scale":8,"ops":[{"fill":"M0 0 L1e999 0 L1 1 Z"}]}"#, "out of range"),
        (#"{"size":[100,100],"ops":[{"image":"x.png","at":[NaN,1]}]}"#, "not JSON"),
        (#"{"size":[100,100],"ops":[{"image":"../../etc/passwd","at":[0,0]}]}"#, "outside the scene's folder"),
        (#"{"size":[100,100],"ops":[{"image":"/etc/passwd","at":[0,0]}]}"#, "outside the scene's folder"),
        (#"{"size":[100,100],"ops":[{"stroke":"M0 0 L1e6 0","dash":[0.0001]}]}"#, "--max-edges"),
    ])
    func hostileScenesAreRefused(scene: String, message: String) throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try scene.write(toFile: dir + "/scene.json", atomically: true, encoding: .utf8)
        let result = try CLI.run(["draw", "scene.json", "-o", "out.png"], shellLimits: Self.addressSpace, in: dir)
        #expect(result.status == 3 && result.stderr.contains(message), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir + "/out.png"))
    }

    @Test func anOutputThatIsAnInputIsRefused() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let original = try Data(contentsOf: URL(fileURLWithPath: CLI.fixtures + "/info/coin@2x.png"))
        try original.write(to: URL(fileURLWithPath: dir + "/coin@2x.png"))
        try FileManager.default.createSymbolicLink(atPath: dir + "/link.png", withDestinationPath: dir + "/coin@2x.png")
        try FileManager.default.copyItem(atPath: CLI.fixtures + "/sequences/ansimuz-fire-bomb-pixel", toPath: dir + "/bomb")
        let frame = try Data(contentsOf: URL(fileURLWithPath: dir + "/bomb/frame-003.png"))
        for arguments in [["blur", "coin@2x.png", "--sigma", "2", "-o", "coin@2x.png"], ["resize", "coin@2x.png", "--scale", "2", "-o", "./link.png"],
                          ["sheet", "bomb", "-o", "bomb/frame-003.png"], ["draw", "coin@2x.png", "-o", "coin@2x.png"]] {
            let result = try CLI.run(arguments, in: dir)
            #expect(result.status == 2 && result.stderr.contains("is the input"), "\(arguments): \(result.stderr)")
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: dir + "/coin@2x.png")) == original)
        #expect(try Data(contentsOf: URL(fileURLWithPath: dir + "/bomb/frame-003.png")) == frame)
    }

    @Test func aFullDiskLeavesTheOldOutputAndExits4() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let frames = CLI.fixtures + "/sequences/unity-explosion02hd-fadeout"
        try Data("old".utf8).write(to: URL(fileURLWithPath: dir + "/boom.gif"))
        // The old boom.gif is the user's: without --overwrite it is refused (exit 2) before any work.
        #expect(try CLI.run(["assemble", frames, "-o", "boom.gif"], in: dir).status == 2)
        // 64 blocks of 512 bytes: far below the GIF's size.
        let result = try CLI.run(["assemble", frames, "-o", "boom.gif", "--overwrite"], shellLimits: "ulimit -f 64", in: dir)
        #expect(result.status == 4 && result.stderr.contains("File too large"), "\(result.stderr)")
        #expect(try String(contentsOfFile: dir + "/boom.gif", encoding: .utf8) == "old")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == ["boom.gif"])
    }

    /// `frames` writes small PNGs and a larger `sequence.json` (a duration per frame): under a
    /// file-size limit only the manifest fails, and that is an output not written (exit 4,
    /// "cannot write …"), not an unreadable input (exit 3, "cannot read").
    @Test func aFullDiskWhileWritingSequenceJSONExits4() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        // 200 frames of 1×1: each PNG under 100 bytes, the manifest over 1 KB.
        try Data(Self.gif(width: 1, height: 1, frames: 200)).write(to: URL(fileURLWithPath: dir + "/dots.gif"))
        // 2 blocks of 512 bytes.
        let result = try CLI.run(["frames", "dots.gif", "-o", "out"], shellLimits: "ulimit -f 2", in: dir)
        #expect(result.status == 4, "\(result.stderr)")
        #expect(result.stderr == "error: cannot write out/sequence.json: File too large\n", "\(result.stderr)")
        // Nothing committed: the folder the run created is gone again, with no temporary file in it.
        #expect(!FileManager.default.fileExists(atPath: dir + "/out"))
    }

    /// Killed with SIGKILL at several moments of writing a multi-page sheet over an older one, a
    /// reader finds the old set or the new one, never a mix; the next run leaves no temporary file.
    @Test(arguments: [0.15, 0.4, 0.8])
    func sigkillNeverLeavesHalfASheet(after delay: Double) throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let frames = CLI.fixtures + "/sequences/unity-explosion02hd-fadeout"
        let old = try CLI.run(["sheet", frames, "-o", "sheet.png", "--max-size", "1024"], in: dir)
        try #require(old.status == 0, "\(old.stderr)")
        let before = try Self.snapshot(dir)
        let process = Process()
        process.executableURL = CLI.executable
        process.arguments = ["sheet", frames, "-o", "sheet.png", "--max-size", "1024", "--padding", "3", "--png-level", "9"]
        process.currentDirectoryURL = URL(fileURLWithPath: dir)
        process.standardError = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        Thread.sleep(forTimeInterval: delay)
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        let after = try Self.snapshot(dir)
        let new = try CLI.run(["sheet", frames, "-o", "sheet.png", "--max-size", "1024", "--padding", "3", "--png-level", "9"], in: dir)
        try #require(new.status == 0, "\(new.stderr)")
        let complete = try Self.snapshot(dir)
        #expect(after == before || after == complete, "killed after \(delay) s: a mix of old and new files")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).allSatisfy { !$0.hasPrefix(".flipbook-") || $0 == ".flipbook-outputs.json" })
    }

    /// The sheet files of a folder (temporary files aside), name → bytes.
    static func snapshot(_ dir: String) throws -> [String: Data] {
        var files: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: dir) where !name.hasPrefix(".") {
            files[name] = try Data(contentsOf: URL(fileURLWithPath: dir + "/" + name))
        }
        return files
    }
}
