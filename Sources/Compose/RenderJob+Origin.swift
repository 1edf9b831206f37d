import Animated
import Basics
import Foundation

/// What a render into a folder is made from, apart from its scale (``FrameOrigin``): the scene
/// without its `scale` (which only picks the @Nx of one drawing), the timing written, the
/// `sequence.json` of each sequence read (its timing, read at every scale), and each file this
/// scale read.
extension RenderJob {
    /// The origin of a render of the scene file `path`, which read `inputs` (as opened; recorded
    /// from the scene's folder) and writes `fps` and `repeatCount`; `nil` when one of them cannot
    /// be read (the render itself says why).
    static func origin(scene path: String, inputs: [String], fps: Double, repeatCount: Int) -> String? {
        guard let bytes = try? FileIO.readAll(path) else { return nil }
        var scene = bytes
        if var object = (try? JSONSerialization.jsonObject(with: Data(bytes))) as? [String: Any] {
            object["scale"] = nil
            if let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]) { scene = Array(data) }
        }
        var origin = FrameOrigin(kind: "render")
        origin.add(scene)
        let timings = Set(inputs.filter { FrameFile(path: $0).map { !$0.numberText.isEmpty } == true }
            .map { FileIO.parentDirectory(of: $0) + "/" + SequenceManifest.fileName }.filter { FileIO.fingerprint(of: $0) != nil })
        for timing in timings.sorted() {
            guard let file = try? FileIO.readAll(timing) else { return nil }
            origin.add(FileIO.lastComponent(of: timing))
            origin.add(file)
        }
        origin.add("fps \(fps) repeat \(repeatCount)")
        for input in inputs { origin.read(input) }
        return origin.record(base: FileIO.parentDirectory(of: path))
    }
}
