import Basics

/// One file of a frame sequence: `<prefix><number>[@Nx][~device].png`.
public struct FrameFile: Sendable, Hashable {
    /// The path as given or found.
    public var path: String
    /// The folder holding the file (`.` for a bare name).
    public var directory: String
    /// The name before the number: `explosion` in `explosion12@2x.png`.
    public var prefix: String
    /// The frame number.
    public var number: Int
    /// The digits as written, with any zero padding: `0012`.
    public var numberText: String
    /// The `@Nx` scale; 1 when the name has none.
    public var scale: Int
    /// The `~device` modifier, lowercased, if any.
    public var device: String?

    /// Parses a path; `nil` when it is not a PNG or its stem does not end in a number of at most
    /// ``maximumDigits`` digits (zero padding not counted: ``hasNumberTooLong(_:)`` tells such a
    /// name, which readers refuse rather than pass over).
    public init?(path: String) {
        let name = ImageFileName(path: path)
        guard name.pathExtension == "png" else { return nil }
        let digits = name.stem.reversed().prefix { $0.isASCII && $0.isNumber }
        let text = String(digits.reversed())
        guard !digits.isEmpty, text.drop(while: { $0 == "0" }).count <= Self.maximumDigits, let number = Int(text) else { return nil }
        self.path = path
        self.directory = FrameFile.directory(of: path)
        self.prefix = String(name.stem.dropLast(text.count))
        self.number = number
        self.numberText = text
        self.scale = name.scale ?? 1
        self.device = name.device
    }

    /// The most digits a frame number has, zero padding aside: numbers stay far from `Int.max`.
    public static let maximumDigits = 18

    /// Whether `path` is a PNG whose name ends in a number of more than ``maximumDigits`` digits
    /// (a nanosecond timestamp, `f1732867200000000000.png`): no frame number, and no image without
    /// one either — every reader refuses it by name rather than leave it out without a word.
    public static func hasNumberTooLong(_ path: String) -> Bool {
        let name = ImageFileName(path: path)
        guard name.pathExtension == "png" else { return false }
        return name.stem.reversed().prefix { $0.isASCII && $0.isNumber }.reversed().drop(while: { $0 == "0" }).count > maximumDigits
    }

    /// A PNG whose name has no number (`eggHead.png`, `eggHead@2x.png`): a single image, its stem
    /// as ``prefix``, number 0 and no digits. `nil` when it is not a PNG or has no stem.
    public init?(unnumbered path: String) {
        let name = ImageFileName(path: path)
        guard name.pathExtension == "png", !name.stem.isEmpty else { return nil }
        self.path = path
        self.directory = FrameFile.directory(of: path)
        self.prefix = name.stem
        self.number = 0
        self.numberText = ""
        self.scale = name.scale ?? 1
        self.device = name.device
    }

    /// The sequence this frame is one of in its folder, at its scale: its prefix in any case
    /// (`Fire` and `fire` are one sequence), its scale and its device. Two frames with the same
    /// key are frames of one sequence at one scale.
    public var sequenceKey: String { "\(prefix.lowercased())\u{0}\(scale)\u{0}\(device ?? "")" }

    /// ``sequenceKey`` at every scale: the prefix in any case and the device (`fire1.png` and
    /// `fire1@2x.png` have the same one).
    public var familyKey: String { prefix.lowercased() + "\u{0}" + (device ?? "") }

    /// `true` when the number is written with leading zeros (`007`).
    public var isZeroPadded: Bool { numberText.count > 1 && numberText.hasPrefix("0") }

    /// The file's name without its folder.
    public var fileName: String {
        path.split(separator: "/", omittingEmptySubsequences: false).last.map(String.init) ?? path
    }

    static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// The frame among `inputs` whose sequence `output` would join by its name (same folder, same
    /// prefix: `walk/robot_walk8.png` beside `robot_walk0…7.png`), so that reading the folder
    /// again would take the output for a frame; `nil` when it would not. The folder is compared as
    /// the folder it resolves to (`./walk//`, an absolute path, `..` or a symbolic link to it are
    /// the same folder), and the prefix as macOS and Windows compare names: `Robot_Walk8.png` or
    /// another Unicode normalisation of the prefix claims the sequence too.
    public static func sequence(claiming output: String, among inputs: [String]) -> FrameFile? {
        guard let named = FrameFile(path: output) else { return nil }
        let prefix = named.prefix.lowercased()
        let sameFolder = folderMatcher(named.directory)
        return inputs.lazy.compactMap { FrameFile(path: $0) }.first { $0.prefix.lowercased() == prefix && sameFolder($0.directory) }
    }

    /// Whether a folder is `folder` as macOS and Windows find it: the same path, the same folder
    /// through links, or one that differs only in case or Unicode normalisation (`coin/` and
    /// `Coin/`, `LC/` for a link `lc` to it). Each folder asked about is looked up once.
    static func folderMatcher(_ folder: String) -> (String) -> Bool {
        let folded = InputFiles.folded(folder)
        var known: [String: Bool] = [:]
        return { other in
            if other == folder { return true }
            if let answer = known[other] { return answer }
            let answer = FileIO.isSameFile(other, folder) || InputFiles.folded(other) == folded
            known[other] = answer
            return answer
        }
    }
    /// The refusal of the animation `output` (an APNG) when its name is numbered and its folder holds
    /// frames of that prefix other than itself (`bomb/frame-7.png` beside `bomb/frame-001.png …`):
    /// written, it would join that sequence — as a duplicate frame 7, or a frame too many — and the
    /// folder would no longer assemble or validate. `nil` when the name has no number, the folder
    /// holds no such frame or cannot be listed (the write says why), or `output` is there already
    /// (whether it may be replaced is the overwrite rules' to say, and they say more). A frame's
    /// name with an image extension hidden before `.png` (`bomb/frame-1.png.png`) is refused too:
    /// every read of the folder takes it for a misnamed frame (`seq.misnamed-frame`: a stray copy of
    /// a frame it has, or a frame saved under the wrong extension).
    public static func joinRefusal(animation output: String) -> OutputError? {
        let hiddenTwice = extensionHiddenTwice(output)
        guard let named = FrameFile(path: hiddenTwice ?? output), let names = try? FileIO.entries(of: named.directory),
              !names.contains(FileIO.lastComponent(of: output)) else { return nil }
        let prefix = named.prefix.lowercased()
        let sibling = names.sorted().lazy.compactMap { FrameFile(path: named.directory + "/" + $0) }.first {
            $0.prefix.lowercased() == prefix && $0.device == named.device
        }
        guard let sibling else { return nil }
        if hiddenTwice != nil {
            return .unsupportedName(path: output, reason: "its name is frame \(named.number)'s of the sequence beside it (\(sibling.fileName) …) "
                                    + "with an extension hidden twice, so every read of the folder takes it for a misnamed frame (seq.misnamed-frame); "
                                    + "name it without the number or write it in another folder")
        }
        return .unsupportedName(path: output, reason: "its name makes it a frame of the sequence beside it (\(sibling.fileName) …), "
                                + "which it would join; name it without the number or write it in another folder")
    }

    /// `path` without the image extension hidden before its `.png` (`walk2.png.png`, `walk2.jpg.png`
    /// → `walk2.png`; ``FrameSequence/imageExtensions``); `nil` when it has none.
    static func extensionHiddenTwice(_ path: String) -> String? {
        let name = FileIO.lastComponent(of: path)
        guard ImageFileName(path: name).pathExtension == "png", let last = name.lastIndex(of: ".") else { return nil }
        let stem = name[..<last]
        guard let dot = stem.lastIndex(of: "."), dot != stem.startIndex,
              FrameSequence.imageExtensions.contains(stem[stem.index(after: dot)...].lowercased()) else { return nil }
        return String(path.dropLast(name.count - name.distance(from: name.startIndex, to: dot))) + ".png"
    }

    /// The refusal of the single file `output` (an APNG, a PNG) when its name makes it a frame of
    /// a sequence among `inputs` (``sequence(claiming:among:)``), or a numbered frame of another
    /// prefix in the folder of one of them: every later read of the folder would take it for a
    /// frame. `nil` when it is neither.
    public static func claimRefusal(output: String, among inputs: [String]) -> OutputError? {
        if let frame = sequence(claiming: output, among: inputs) {
            return .unsupportedName(path: output, reason: "its name makes it a frame of the sequence it is made of (\(frame.fileName) …); "
                                    + "name it without the number or write it outside \(frame.directory)")
        }
        // Another numbered name in that folder (`gold5.png` beside `gold_1…4.png`) is a sequence of
        // its own there: the folder would read as two sequences, and an APNG among stills as none.
        guard let named = FrameFile(path: output) else { return nil }
        let sameFolder = folderMatcher(named.directory)
        guard let frame = inputs.lazy.compactMap({ FrameFile(path: $0) }).first(where: { sameFolder($0.directory) }) else { return nil }
        return .unsupportedName(path: output, reason: "its name makes it a numbered frame in \(frame.directory), beside the sequence "
                                + "it is made of (\(frame.fileName) …): the folder would then read as two sequences; "
                                + "name it without the number or write it outside \(frame.directory)")
    }

}
