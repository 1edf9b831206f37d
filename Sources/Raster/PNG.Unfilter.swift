extension PNG {
    /// Undoes PNG's per-row filters (None, Sub, Up, Average, Paeth) on 8-bit samples.
    enum Unfilter {
        /// Reconstructs one row of `count` bytes: `source` holds the filtered bytes (the filter
        /// byte already read), `destination` gets the reconstructed ones (it may be `source`
        /// itself), `previous` is the reconstructed row above (`nil` for the first row, read as
        /// zeros) and `bytesPerPixel` the distance to the byte on the left. False for a filter
        /// type PNG does not define.
        @inline(__always)
        static func row(
            filter: UInt8, source: UnsafePointer<UInt8>, destination: UnsafeMutablePointer<UInt8>,
            previous: UnsafePointer<UInt8>?, count: Int, bytesPerPixel bpp: Int
        ) -> Bool {
            switch filter {
            case 0:
                if UnsafePointer(destination) != source { destination.update(from: source, count: count) }
            case 1:
                if bpp == 4 { sub4(source, destination, count) } else { sub(source, destination, count, bpp) }
            case 2:
                if let previous {
                    up(source, destination, previous, count)
                } else if UnsafePointer(destination) != source {
                    destination.update(from: source, count: count)
                }
            case 3:
                if let previous {
                    if bpp == 4 { averagePixels(source, destination, previous, count) } else { average(source, destination, previous, count, bpp) }
                } else {
                    averageFirst(source, destination, count, bpp)
                }
            case 4:
                guard let previous else { sub(source, destination, count, bpp); break }
                switch bpp {
                case 4: paeth4(source, destination, previous, count)
                case 3: paeth3(source, destination, previous, count)
                default: paeth(source, destination, previous, count, bpp)
                }
            default:
                return false
            }
            return true
        }

        @inline(__always)
        private static func sub(_ source: UnsafePointer<UInt8>, _ destination: UnsafeMutablePointer<UInt8>, _ count: Int, _ bpp: Int) {
            let head = min(bpp, count)
            for i in 0..<head { destination[i] = source[i] }
            var i = head
            while i < count {
                destination[i] = source[i] &+ destination[i - bpp]
                i += 1
            }
        }

        /// Sub for 4-byte pixels, a pixel at a time (four byte-wise sums in one word).
        private static func sub4(_ source: UnsafePointer<UInt8>, _ destination: UnsafeMutablePointer<UInt8>, _ count: Int) {
            var a: UInt32 = 0
            var i = 0
            while i < count {
                let x = UnsafeRawPointer(source + i).loadUnaligned(as: UInt32.self)
                a = ((x & 0x7F7F_7F7F) &+ (a & 0x7F7F_7F7F)) ^ ((x ^ a) & 0x8080_8080)
                UnsafeMutableRawPointer(destination + i).storeBytes(of: a, as: UInt32.self)
                i += 4
            }
        }

        /// Up: each byte plus the byte above, 16 at a time (no byte depends on another of its row).
        private static func up(
            _ source: UnsafePointer<UInt8>, _ destination: UnsafeMutablePointer<UInt8>, _ previous: UnsafePointer<UInt8>, _ count: Int
        ) {
            var i = 0
            while i + 16 <= count {
                let sum = UnsafeRawPointer(source + i).loadUnaligned(as: SIMD16<UInt8>.self)
                    &+ UnsafeRawPointer(previous + i).loadUnaligned(as: SIMD16<UInt8>.self)
                UnsafeMutableRawPointer(destination + i).storeBytes(of: sum, as: SIMD16<UInt8>.self)
                i += 16
            }
            while i < count {
                destination[i] = source[i] &+ previous[i]
                i += 1
            }
        }

        @inline(__always)
        private static func averageFirst(_ source: UnsafePointer<UInt8>, _ destination: UnsafeMutablePointer<UInt8>, _ count: Int, _ bpp: Int) {
            let head = min(bpp, count)
            for i in 0..<head { destination[i] = source[i] }
            var i = head
            while i < count {
                destination[i] = source[i] &+ (destination[i - bpp] >> 1)
                i += 1
            }
        }

        @inline(__always)
        private static func average(
            _ source: UnsafePointer<UInt8>, _ destination: UnsafeMutablePointer<UInt8>, _ previous: UnsafePointer<UInt8>,
            _ count: Int, _ bpp: Int
        ) {
            let head = min(bpp, count)
            for i in 0..<head { destination[i] = source[i] &+ (previous[i] >> 1) }
            var i = head
            while i < count {
                destination[i] = source[i] &+ UInt8(truncatingIfNeeded: (UInt16(destination[i - bpp]) &+ UInt16(previous[i])) >> 1)
                i += 1
            }
        }

        @inline(__always)
        private static func paeth(
            _ source: UnsafePointer<UInt8>, _ destination: UnsafeMutablePointer<UInt8>, _ previous: UnsafePointer<UInt8>,
            _ count: Int, _ bpp: Int
        ) {
            let head = min(bpp, count)
            for i in 0..<head { destination[i] = source[i] &+ previous[i] }
            var i = head
            while i < count {
                destination[i] = source[i] &+ predictor(destination[i - bpp], previous[i], previous[i - bpp])
                i += 1
            }
        }

        /// Paeth for 4-byte pixels, a pixel's bytes at a time (the bytes of a pixel do not depend
        /// on each other, only on the pixel to the left).
        private static func paeth4(
            _ source: UnsafePointer<UInt8>, _ destination: UnsafeMutablePointer<UInt8>, _ previous: UnsafePointer<UInt8>, _ count: Int
        ) {
            var a = SIMD4<Int16>(repeating: 0)
            var c = SIMD4<Int16>(repeating: 0)
            var i = 0
            while i < count {
                let b = load(previous + i)
                let pixel = UnsafeRawPointer(source + i).loadUnaligned(as: SIMD4<UInt8>.self)
                    &+ SIMD4<UInt8>(truncatingIfNeeded: paethPrediction(a, b, c))
                UnsafeMutableRawPointer(destination + i).storeBytes(of: pixel, as: SIMD4<UInt8>.self)
                a = SIMD4<Int16>(truncatingIfNeeded: pixel)
                c = b
                i += 4
            }
        }

        /// Paeth for 3-byte pixels as ``paeth4`` does it. Reads one byte past each pixel, which the
        /// callers' buffers hold (the next pixel's, the next row's filter byte, or spare bytes after
        /// the last row); writes only the pixel's own three.
        private static func paeth3(
            _ source: UnsafePointer<UInt8>, _ destination: UnsafeMutablePointer<UInt8>, _ previous: UnsafePointer<UInt8>, _ count: Int
        ) {
            var a = SIMD4<Int16>(repeating: 0)
            var c = SIMD4<Int16>(repeating: 0)
            var i = 0
            while i < count {
                let b = load(previous + i)
                let pixel = UnsafeRawPointer(source + i).loadUnaligned(as: SIMD4<UInt8>.self)
                    &+ SIMD4<UInt8>(truncatingIfNeeded: paethPrediction(a, b, c))
                destination[i] = pixel[0]
                destination[i + 1] = pixel[1]
                destination[i + 2] = pixel[2]
                a = SIMD4<Int16>(truncatingIfNeeded: pixel)
                c = b
                i += 3
            }
        }

        /// Four bytes at `pointer`, widened.
        @inline(__always)
        private static func load(_ pointer: UnsafePointer<UInt8>) -> SIMD4<Int16> {
            SIMD4<Int16>(truncatingIfNeeded: UnsafeRawPointer(pointer).loadUnaligned(as: SIMD4<UInt8>.self))
        }

        /// Paeth's prediction of a pixel from the left (`a`), upper (`b`) and upper-left (`c`)
        /// pixels, lane by lane (each lane one byte, 0…255).
        @inline(__always)
        private static func paethPrediction(_ a: SIMD4<Int16>, _ b: SIMD4<Int16>, _ c: SIMD4<Int16>) -> SIMD4<Int16> {
            let pa0 = b &- c, pb0 = a &- c
            let pc0 = pa0 &+ pb0
            let pa = pa0.replacing(with: 0 &- pa0, where: pa0 .< 0)
            let pb = pb0.replacing(with: 0 &- pb0, where: pb0 .< 0)
            let pc = pc0.replacing(with: 0 &- pc0, where: pc0 .< 0)
            var predicted = c.replacing(with: b, where: pb .<= pc)
            predicted.replace(with: a, where: (pa .<= pb) .& (pa .<= pc))
            return predicted
        }

        /// Average for 4-byte pixels, a pixel's bytes at a time.
        @inline(__always)
        private static func averagePixels(
            _ source: UnsafePointer<UInt8>, _ destination: UnsafeMutablePointer<UInt8>, _ previous: UnsafePointer<UInt8>, _ count: Int
        ) {
            var a = SIMD4<UInt16>(repeating: 0)
            var i = 0
            while i < count {
                let b = SIMD4<UInt16>(truncatingIfNeeded: UnsafeRawPointer(previous + i).loadUnaligned(as: SIMD4<UInt8>.self))
                let x = SIMD4<UInt16>(truncatingIfNeeded: UnsafeRawPointer(source + i).loadUnaligned(as: SIMD4<UInt8>.self))
                a = (x &+ ((a &+ b) &>> 1)) & 0xFF
                UnsafeMutableRawPointer(destination + i).storeBytes(of: SIMD4<UInt8>(truncatingIfNeeded: a), as: SIMD4<UInt8>.self)
                i += 4
            }
        }

        /// Paeth's predictor: of the left (`a`), upper (`b`) and upper-left (`c`) bytes, the one
        /// nearest `a + b − c`, ties going to `a`, then `b`.
        @inline(__always)
        static func predictor(_ a: UInt8, _ b: UInt8, _ c: UInt8) -> UInt8 {
            let ia = Int(a), ib = Int(b), ic = Int(c)
            let pa0 = ib &- ic, pb0 = ia &- ic, pc0 = pa0 &+ pb0
            let pa = pa0 < 0 ? 0 &- pa0 : pa0
            let pb = pb0 < 0 ? 0 &- pb0 : pb0
            let pc = pc0 < 0 ? 0 &- pc0 : pc0
            if pa <= pb && pa <= pc { return a }
            return pb <= pc ? b : c
        }
    }
}
