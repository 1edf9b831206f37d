/// The ends of a row's changed run, found without reading its middle (``FrameDiff``'s bounds).
extension FrameDiff {
    /// The first of `count` pixels where `a` and `b` differ, or `count` when none does: eight
    /// pixels at a time while they agree.
    @inline(__always)
    static func firstDifference(_ a: UnsafePointer<UInt32>, _ b: UnsafePointer<UInt32>, _ count: Int) -> Int {
        let (ra, rb) = (UnsafeRawPointer(a), UnsafeRawPointer(b))
        var x = 0
        while x &+ 8 <= count {
            let o = x &* 4
            let d = (ra.loadUnaligned(fromByteOffset: o, as: UInt64.self) ^ rb.loadUnaligned(fromByteOffset: o, as: UInt64.self))
                | (ra.loadUnaligned(fromByteOffset: o &+ 8, as: UInt64.self) ^ rb.loadUnaligned(fromByteOffset: o &+ 8, as: UInt64.self))
                | (ra.loadUnaligned(fromByteOffset: o &+ 16, as: UInt64.self) ^ rb.loadUnaligned(fromByteOffset: o &+ 16, as: UInt64.self))
                | (ra.loadUnaligned(fromByteOffset: o &+ 24, as: UInt64.self) ^ rb.loadUnaligned(fromByteOffset: o &+ 24, as: UInt64.self))
            if d != 0 { break }
            x &+= 8
        }
        while x < count && a[x] == b[x] { x &+= 1 }
        return x
    }

    /// The last of `count` pixels where `a` and `b` differ; at least one does.
    @inline(__always)
    static func lastDifference(_ a: UnsafePointer<UInt32>, _ b: UnsafePointer<UInt32>, _ count: Int) -> Int {
        let (ra, rb) = (UnsafeRawPointer(a), UnsafeRawPointer(b))
        var end = count
        while end >= 8 {
            let o = (end &- 8) &* 4
            let d = (ra.loadUnaligned(fromByteOffset: o, as: UInt64.self) ^ rb.loadUnaligned(fromByteOffset: o, as: UInt64.self))
                | (ra.loadUnaligned(fromByteOffset: o &+ 8, as: UInt64.self) ^ rb.loadUnaligned(fromByteOffset: o &+ 8, as: UInt64.self))
                | (ra.loadUnaligned(fromByteOffset: o &+ 16, as: UInt64.self) ^ rb.loadUnaligned(fromByteOffset: o &+ 16, as: UInt64.self))
                | (ra.loadUnaligned(fromByteOffset: o &+ 24, as: UInt64.self) ^ rb.loadUnaligned(fromByteOffset: o &+ 24, as: UInt64.self))
            if d != 0 { break }
            end &-= 8
        }
        var x = end &- 1
        while a[x] == b[x] { x &-= 1 }
        return x
    }
}
