/// GIFs built byte by byte to ask for much more than they hold, as a hostile upload does. They
/// are byte for byte the files a fresh-eyes review of the library (issue 43) found the cost with:
/// `bomb.gif` (8000² × 300 frames, 6,939 bytes) and `bomb8.gif` (8000² × 8 frames, 223 bytes).
public enum HostileGIF {
    /// A GIF of a `width`×`height` screen holding `frames` frames of 1×1 pixel each (one pixel
    /// further right each frame, each 2 cs): a few bytes a frame, a whole screen each when decoded.
    /// `bomb(width: 8000, height: 8000, frames: 300)` is the 7 KB `bomb.gif` that cost 2.2 GB.
    /// Without `loops`, the file has no NETSCAPE2.0 block: three frames on 8000² are then the
    /// 89-byte file that took 1.9 GB to assemble as GIF and 2.8 GB as WebP.
    public static func bomb(width: Int, height: Int, frames: Int, loops: Bool = true) -> [UInt8] {
        func le(_ value: Int) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF)] }
        var bytes = Array("GIF89a".utf8) + le(width) + le(height) + [0x80, 0, 0, 0, 0, 0, 0xFF, 0xFF, 0xFF]
        if loops { bytes += [0x21, 0xFF, 0x0B] + Array("NETSCAPE2.0".utf8) + [3, 1, 0, 0, 0] }
        for frame in 0..<frames {
            bytes += [0x21, 0xF9, 4, 0, 2, 0, 0, 0]                                  // 2 cs, no transparency
            bytes += [0x2C] + le(frame % width) + le(0) + le(1) + le(1) + [0]        // 1×1 at x = frame
            bytes += [2, 2, 0x44, 0x01, 0]                                           // LZW: clear, index 1, end
        }
        return bytes + [0x3B]
    }
}
