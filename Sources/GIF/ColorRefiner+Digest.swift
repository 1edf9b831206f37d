import Basics

/// A frame's digest, so that a frame equal to the one before is recognised without keeping it.
extension ColorRefiner {
    /// Two independent 64-bit hashes of a frame's bytes, and its length.
    struct Digest: Equatable, Sendable {
        var count: Int
        var fnv: UInt64
        var mix: UInt64

        init(count: Int, fnv: UInt64, mix: UInt64) {
            (self.count, self.fnv, self.mix) = (count, fnv, mix)
        }

        /// Both hashes over the 8-byte `words` of `bytes` (the last one padded with zeros).
        init(count: Int, hashing bytes: UnsafeRawBufferPointer, words: Range<Int>) {
            var fnv: UInt64 = 0xCBF2_9CE4_8422_2325, mix: UInt64 = 0x9E37_79B9_7F4A_7C15
            @inline(__always) func add(_ value: UInt64) {
                fnv = (fnv ^ value) &* 0x0000_0100_0000_01B3
                let product = (mix ^ value) &* 0xBF58_476D_1CE4_E5B9
                mix = (product << 31 | product >> 33) &+ 0x94D0_49BB_1331_11EB
            }
            // Whole words, then the last one padded (only the frame's last word can be short).
            let whole = min(words.upperBound, bytes.count / 8)
            var offset = words.lowerBound * 8
            while offset < whole * 8 {
                add(bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
                offset += 8
            }
            if words.upperBound > whole && words.lowerBound <= whole {
                var value: UInt64 = 0
                for k in (whole * 8)..<bytes.count { value |= UInt64(bytes[k]) << UInt64((k - whole * 8) * 8) }
                add(value)
            }
            self.init(count: count, fnv: fnv, mix: mix)
        }
    }

    /// The ``Digest`` of `pixels`: FNV-1a over 8-byte words, and a multiply–rotate mix (two frames
    /// that differ agree on both with odds of about 2⁻¹²⁸), so a frame equal to the one before is
    /// recognised without keeping that frame. A large frame is hashed in ``digestBands`` bands on
    /// all cores, and the bands' hashes hashed in order (it was a serial pass over every byte: 2.5 %
    /// of the 720p film's instructions, on the encoding thread); the digest only ever meets digests
    /// made the same way.
    /// With `onAllCores` false the bands are hashed one after another on the calling thread
    /// (a decoding worker's, ``FrameFacts``): the digest is the same.
    static func digest(_ pixels: [UInt8], onAllCores: Bool = true) -> Digest {
        let words = (pixels.count + 7) / 8
        guard words >= 1 << 14 else { return pixels.withUnsafeBytes { Digest(count: pixels.count, hashing: $0, words: 0..<words) } }
        var bands = [UInt64](repeating: 0, count: digestBands * 2)
        pixels.withUnsafeBytes { bytes in
            bands.withUnsafeMutableBufferPointer { bands in
                let (bytes, out) = (UnsafeSendable(bytes.bindMemory(to: UInt8.self)), UnsafeMutableSendable(bands))
                ParallelLoop.chunks(digestBands, minimum: onAllCores ? 1 : digestBands + 1) { range in
                    for band in range {
                        let part = Digest(count: 0, hashing: UnsafeRawBufferPointer(bytes.buffer),
                                          words: (words * band / digestBands)..<(words * (band + 1) / digestBands))
                        out.buffer[band * 2] = part.fnv
                        out.buffer[band * 2 + 1] = part.mix
                    }
                }
            }
        }
        return bands.withUnsafeBytes { Digest(count: pixels.count, hashing: $0, words: 0..<(digestBands * 2)) }
    }

    /// Bands a large frame's ``digest(_:)`` is split into: fixed, so the digest does not depend on the machine.
    static let digestBands = 8
}
