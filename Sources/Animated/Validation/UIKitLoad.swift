/// What `UIImage.animatedImageNamed(_:duration:)` loads from one sequence on each kind of device,
/// and the wording the `uikit.*` rules share.
struct UIKitLoad {
    /// The device modifiers Apple documents, in report order.
    static let allIdioms = ["iphone", "ipad"]
    /// Screen scales a device may have.
    static let screenScales = [1, 2, 3]

    /// The screen scales of `idiom`'s devices: iPads have never had @3x screens.
    static func screenScales(_ idiom: String?) -> [Int] { idiom == "ipad" ? [1, 2] : screenScales }

    let sequence: FrameSequence
    /// `true` when some file names `~iphone` or `~ipad`, so the two can load differently.
    let hasIdiomFiles: Bool

    init(_ sequence: FrameSequence) {
        self.sequence = sequence
        hasIdiomFiles = sequence.files.contains { $0.device.map(Self.allIdioms.contains) ?? false }
    }

    /// The idioms worth looking at: both when a file names one, else one (they load alike).
    var idioms: [String] { hasIdiomFiles ? Self.allIdioms : [Self.allIdioms[0]] }

    /// What UIKit loads on `idiom` at screen `scale`.
    func frames(idiom: String, scale: Int = 1) -> UIKitFrames {
        UIKitFrames(sequence: sequence, scale: scale, device: idiom)
    }

    /// The frames UIKit loads on `idiom`, each with only the files that device may use.
    func loadedFrames(idiom: String) -> [FrameSequence.Frame] {
        let loaded = Set(frames(idiom: idiom).files.map(\.number))
        return usable(idiom: idiom).filter { loaded.contains($0.number) }
    }

    /// Frames with an unpadded file this device may use, each with only those files.
    func unpaddedFrames(idiom: String) -> [FrameSequence.Frame] {
        usable(idiom: idiom).compactMap { frame in
            let plain = frame.files.filter { !$0.isZeroPadded }
            return plain.isEmpty ? nil : FrameSequence.Frame(number: frame.number, files: plain)
        }
    }

    private func usable(idiom: String) -> [FrameSequence.Frame] {
        sequence.frames.compactMap { frame in
            let files = frame.files.filter { $0.device == nil || $0.device == idiom }
            return files.isEmpty ? nil : FrameSequence.Frame(number: frame.number, files: files)
        }
    }

    /// Why frame `number` is missing for `idiom` although the folder has files for it.
    func whyMissing(_ number: Int, idiom: String) -> String? {
        guard let frame = sequence.frames.first(where: { $0.number == number }) else { return nil }
        let usable = frame.files.filter { $0.device == nil || $0.device == idiom }
        if let padded = usable.first(where: \.isZeroPadded) { return "only \(padded.fileName), zero-padded, exists" }
        if let other = frame.files.first(where: { $0.device != nil && $0.device != idiom }) {
            return "only \(other.fileName), for ~\(other.device!), exists"
        }
        return nil
    }

    /// Runs `check` for each idiom; when both find the same, reports it once, else per device.
    func perIdiom(_ check: (String) -> [Problem]) -> [Problem] {
        let results = idioms.map { ($0, check($0)) }
        if results.count < 2 || results.allSatisfy({ $0.1 == results[0].1 }) { return results[0].1 }
        return results.flatMap { idiom, problems in
            problems.map { Problem("\(Self.name(idiom)): " + $0.message, file: $0.file) }
        }
    }

    static func name(_ idiom: String) -> String { idiom == "ipad" ? "iPad" : idiom == "iphone" ? "iPhone" : idiom }

    /// `"on @2x and @3x screens"`, `"on every screen"`, `"on iPad @1x screens"`, `"on every iPad"`.
    static func screens(_ scales: [Int], idiom: String? = nil) -> String {
        let device = idiom.map { name($0) + " " } ?? ""
        if scales.sorted() == screenScales(idiom) { return idiom.map { "on every \(name($0))" } ?? "on every screen" }
        let labels = scales.sorted().map { "@\($0)x" }
        let list = labels.count == 1 ? labels[0] : labels.dropLast().joined(separator: ", ") + " and " + labels.last!
        return "on \(device)\(list) screens"
    }

    /// The scales every one of `frames` has a file at (empty when they share none).
    static func commonScales(_ frames: [FrameSequence.Frame]) -> Set<Int> {
        guard let first = frames.first else { return [] }
        return frames.dropFirst().reduce(first.scales) { $0.intersection($1.scales) }
    }

    /// `"frame"` or `"frames"`.
    static func framesWord(_ count: Int) -> String { count == 1 ? "frame" : "frames" }

    /// `"3 frames"`.
    static func count(_ count: Int, _ noun: String) -> String { "\(count) \(noun)\(count == 1 ? "" : "s")" }

    /// `"frames 4–9 (6 frames) never load"`, `"frame 4 never loads"`.
    static func framesNeverLoad(_ numbers: [Int]) -> String {
        numbers.count == 1 ? "frame \(numbers[0]) never loads"
            : "frames \(Rules.ranges(numbers)) (\(numbers.count) frames) never load"
    }

    /// A size in points, as reports print it: `32×32 pt`.
    static func points(_ size: PixelSize, scale: Int) -> String {
        SizeMismatchRule.format(Double(size.width) / Double(scale)) + "×"
            + SizeMismatchRule.format(Double(size.height) / Double(scale)) + " pt"
    }
}
