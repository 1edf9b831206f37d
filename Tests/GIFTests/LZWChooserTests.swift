import Testing
@testable import GIF

@Suite("LZW index choice")
struct LZWChooserTests {
    /// A noisy grey ramp as 64-entry palette indices: each pixel's own index is its ramp level
    /// plus noise of ±2 levels, as quantised film grain or smoke gives.
    static func noisyRamp(width: Int, height: Int) -> [UInt8] {
        var generator = SplitMix(seed: 7)
        return (0..<(width * height)).map { pixel in
            let level = (pixel % width) * 60 / width + 2
            return UInt8(level + Int(generator.next() % 5) - 2)
        }
    }

    /// 64 greys, 4 levels apart.
    static let palette: [UInt8] = (0..<64).flatMap { (level: Int) -> [UInt8] in
        let grey = UInt8(level * 4)
        return [grey, grey, grey]
    }

    /// The bytes giflib writes for one frame of `indices`, and the data codes in its LZW stream.
    static func encoded(_ indices: [UInt8], width: Int, height: Int) throws -> (bytes: Int, codes: Int) {
        let writer = try GIF.Writer(width: width, height: height, globalPalette: palette, netscapeLoops: nil)
        try writer.add(GIF.IndexedFrame(rect: .init(x: 0, y: 0, width: width, height: height), indices: indices, delay: 10))
        let bytes = try writer.finish()
        return (bytes.count, try dataCodes(in: bytes))
    }

    @Test func withNothingElseAcceptedEveryPixelKeepsItsOwnIndex() {
        let own = Self.noisyRamp(width: 97, height: 13)
        let (chosen, _, _) = LZWChooser.choose(count: own.count, minCodeSize: 6, preferred: { own[$0] }, cost: { _, _ in .infinity })
        #expect(chosen == own)
    }

    /// Allowed to move a pixel by up to two levels, the chooser finds strings the dictionary
    /// already holds: every pixel stays within its bound, and the frame shrinks by a third or more.
    @Test func acceptedNeighboursMakeAFrameSmaller() throws {
        let (width, height) = (256, 64)
        let own = Self.noisyRamp(width: width, height: height)
        let (chosen, strings, _) = LZWChooser.choose(count: own.count, minCodeSize: 6, preferred: { own[$0] },
                                                  cost: { abs(Int(own[$0]) - Int($1)) <= 2 ? 0 : .infinity })
        #expect(zip(chosen, own).allSatisfy { abs(Int($0) - Int($1)) <= 2 })
        let exact = try Self.encoded(own, width: width, height: height)
        let lossy = try Self.encoded(chosen, width: width, height: height)
        #expect(lossy.bytes * 3 < exact.bytes * 2, "\(lossy.bytes) bytes against \(exact.bytes)")
        // giflib parses the chosen indices into exactly the strings the chooser formed (its
        // dictionary, clear codes included, stays in step).
        #expect(lossy.codes == strings)
    }

    /// The codes the walk found, packed, are the bytes the encoder writes for the chosen indices
    /// (``LZWEncoder/write(_:into:)`` against ``LZWEncoder/encode(_:tableBits:into:)``): across
    /// clears, at every code size, for each bound.
    @Test(arguments: [2, 4, 6, 8])
    func foundCodesAreTheEncodersBytes(codeSize: Int) {
        let (width, height) = (512, 256)
        let top = (1 << codeSize) - 1
        // Noise over the table: the dictionary fills and is cleared many times at every code size.
        var generator = SplitMix(seed: UInt64(codeSize))
        let own = (0..<(width * height)).map { _ in UInt8(generator.next() % UInt64(top + 1)) }
        for bound in [0, 1, 3] {
            let (chosen, strings, codes) = LZWChooser.choose(count: own.count, minCodeSize: codeSize, preferred: { own[$0] },
                                                             cost: { abs(Int(own[$0]) - Int($1)) <= bound ? 0 : .infinity })
            var packed: [UInt8] = [], parsed: [UInt8] = []
            LZWEncoder.write(codes, into: &packed)
            chosen.withUnsafeBufferPointer { LZWEncoder.encode($0, tableBits: codeSize, into: &parsed) }
            if bound == 0 { #expect(codes.codes.count > strings, "the dictionary was cleared (code size \(codeSize))") }
            let same = packed == parsed   // (compared outside #expect, which would print every byte)
            #expect(same, "code size \(codeSize), bound \(bound): \(packed.count) bytes against \(parsed.count)")
        }
    }

    /// The same on an image long enough for several dictionary clears (4 096 codes each).
    @Test func stringsStayInStepAcrossClears() throws {
        let (width, height) = (512, 256)
        let own = Self.noisyRamp(width: width, height: height)
        for bound in [0, 1, 3] {
            let (chosen, strings, _) = LZWChooser.choose(count: own.count, minCodeSize: 6, preferred: { own[$0] },
                                                      cost: { abs(Int(own[$0]) - Int($1)) <= bound ? 0 : .infinity })
            #expect(try Self.encoded(chosen, width: width, height: height).codes == strings, "bound \(bound)")
        }
    }

    /// Counts the data codes (not clear, not end) of the first image's LZW stream in a GIF with a
    /// global table and one image.
    static func dataCodes(in gif: [UInt8]) throws -> Int {
        var p = 13 + 3 * (1 << (Int(gif[10] & 7) + 1))
        while gif[p] == 0x21 {   // extensions
            p += 2
            while gif[p] != 0 { p += Int(gif[p]) + 1 }
            p += 1
        }
        try #require(gif[p] == 0x2C)
        p += 10
        let minimum = Int(gif[p])
        p += 1
        var data: [UInt8] = []
        while gif[p] != 0 {
            data += gif[(p + 1)...(p + Int(gif[p]))]
            p += Int(gif[p]) + 1
        }
        let clear = 1 << minimum, end = clear + 1
        var size = minimum + 1, next = clear + 2, codes = 0, bit = 0, previousWasClear = true
        while bit + size <= data.count * 8 {
            var code = 0
            for k in 0..<size where data[(bit + k) >> 3] >> UInt8((bit + k) & 7) & 1 != 0 { code |= 1 << k }
            bit += size
            if code == end { break }
            if code == clear {
                size = minimum + 1
                next = clear + 2
                previousWasClear = true
                continue
            }
            codes += 1
            // The decoder adds an entry for each code after the first since a clear.
            if !previousWasClear && next < 4096 {
                next += 1
                if next == 1 << size && size < 12 { size += 1 }
            }
            previousWasClear = false
        }
        return codes
    }
}
