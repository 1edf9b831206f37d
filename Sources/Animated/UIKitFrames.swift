/// The frames `UIImage.animatedImageNamed(_:duration:)` would load for a prefix.
///
/// UIKit builds names as `"\(prefix)\(i)"` for `i` in 0…1024, unpadded: it starts at 0 when
/// `prefix0` exists, else at 1, and stops at the first missing number. This type does the same:
/// - zero-padded files (`walk01`) are not UIKit frames and are never picked;
/// - at a gap, loading stops; the frames after it are listed in ``ignored`` so a tool can say so
///   (`flipbook validate` reports the gap as `seq.gap`).
public struct UIKitFrames: Sendable, Equatable {
    /// The frames UIKit shows, in order, each picked at the requested scale with fallback.
    public var files: [FrameFile]
    /// Frames of the sequence that UIKit would not load (after a gap, padded, or past 1024).
    public var ignored: [FrameFile]

    /// The largest number UIKit tries.
    public static let lastNumber = 1024

    /// The frames UIKit loads from `sequence` on a screen of `scale` (1, 2 or 3) and, when
    /// `device` is `"ipad"` or `"iphone"`, on that kind of device: each frame's file is the one
    /// ``FrameSequence/Frame/file(scale:device:)`` picks (that scale, else lower, else higher; a
    /// `~device` file before the generic one). Files for another device are left out of both
    /// ``files`` and ``ignored``; with `device` `nil` every `~device` file is.
    public init(sequence: FrameSequence, scale: Int = 1, device: String? = nil) {
        var unpadded: [Int: FrameSequence.Frame] = [:]
        for frame in sequence.frames {
            let plain = frame.files.filter { $0.numberText == String(frame.number) }
            if !plain.isEmpty { unpadded[frame.number] = FrameSequence.Frame(number: frame.number, files: plain) }
        }
        var number = unpadded[0] != nil ? 0 : 1
        var loaded: [FrameFile] = []
        while number <= Self.lastNumber, let frame = unpadded[number], let file = frame.file(scale: scale, device: device) {
            loaded.append(file)
            number += 1
        }
        let used = Set(loaded.map(\.number))
        files = loaded
        ignored = sequence.frames.filter { !used.contains($0.number) }.flatMap(\.files)
            .filter { $0.device == nil || $0.device == device }
    }
}
