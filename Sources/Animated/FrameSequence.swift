import Basics

/// The frames that share a folder and a prefix, in numeric order, each with its scale and
/// device variants.
public struct FrameSequence: Sendable, Hashable {
    /// One frame number and every file that renders it.
    public struct Frame: Sendable, Hashable {
        /// The number in the file names (`7` for `walk7.png`, `walk7@2x.png` and `walk007.png`).
        public var number: Int
        /// The files for this number, ordered by scale, then device (generic first), then name.
        public var files: [FrameFile]

        /// The scales this frame exists at.
        public var scales: Set<Int> { Set(files.map(\.scale)) }

        /// The file to load at `scale` for `device`, falling back as UIKit does for bundle images:
        /// first the exact scale, then lower scales down to 1, then higher ones; at each scale a
        /// `~device` file is preferred to the generic one, and a file for another device is never used.
        public func file(scale: Int, device: String? = nil) -> FrameFile? {
            let candidates = files.filter { $0.device == nil || $0.device == device }
            for wanted in ImageFileName.scaleFallbackOrder(for: scale, available: candidates.map(\.scale)) {
                let atScale = candidates.filter { $0.scale == wanted }
                if let specific = atScale.first(where: { $0.device != nil }) { return specific }
                if let generic = atScale.first { return generic }
            }
            return nil
        }
    }

    /// The folder the frames are in, as given (`.` for the current folder).
    public var directory: String
    /// What comes before the number in the file names (`walk` for `walk7.png`; empty for `7.png`).
    public var prefix: String
    /// Frames in increasing number.
    public var frames: [Frame]

    /// `prefix` within its folder: `Sequences/explosion/explosion`.
    public var name: String { directory == "." ? prefix : "\(directory)/\(prefix)" }

    /// Every file of the sequence, in frame order.
    public var files: [FrameFile] { frames.flatMap(\.files) }

    /// The runs of numbers missing between the first and the last frame, in order: ranges, so that
    /// a frame numbered 12 147 483 648 beside frame 1 is one range, not twelve billion numbers in
    /// memory (a file named so in an upload made validation allocate without bound).
    public var missingRanges: [ClosedRange<Int>] { Self.missingRanges(frames.map(\.number)) }

    /// The runs of numbers missing between the smallest and the largest of `numbers`.
    static func missingRanges(_ numbers: [Int]) -> [ClosedRange<Int>] {
        var ranges: [ClosedRange<Int>] = []
        var previous: Int?
        for number in numbers.sorted() {
            // `number - previous`, not `previous + 1`: a frame may be numbered Int.max.
            if let previous, number - previous > 1 { ranges.append((previous + 1)...(number - 1)) }
            previous = number
        }
        return ranges
    }

    /// How many numbers are missing between the first and the last frame (``missingRanges``).
    public var missingCount: Int { Self.count(missingRanges) }

    /// The numbers in `ranges`, `Int.max` when they are more.
    private static func count(_ ranges: [ClosedRange<Int>]) -> Int {
        ranges.reduce(0) { total, range in
            let (sum, overflow) = total.addingReportingOverflow(range.count)
            return overflow ? .max : sum
        }
    }

    /// What a job that plays or packs this sequence says when numbers are missing between its
    /// first and last frame (``missingRanges``): `missing frame 2 of gap/gold_1…4: the 3 frames
    /// there play without it (seq.gap)`; `nil` when none is missing. `AssembleJob` and
    /// `SheetJob` give it as a warning; validation reports the same gap as `seq.gap`.
    public var gapWarning: String? { gapWarning(skipping: []) }

    /// ``gapWarning`` for frames picked from a folder: the numbers in `skipping` (files the folder
    /// has that were not picked) are left out on purpose, not missing.
    func gapWarning(skipping: [Int]) -> String? {
        guard let first = frames.first?.number, let last = frames.last?.number else { return nil }
        let missing = Self.missingRanges(frames.map(\.number) + skipping.filter { $0 > first && $0 < last })
        let count = Self.count(missing)
        guard !missing.isEmpty else { return nil }
        return "missing frame\(count == 1 ? "" : "s") \(Rules.ranges(missing)) of \(name)\(first)…\(last): "
            + "the \(frames.count) frame\(frames.count == 1 ? "" : "s") there \(frames.count == 1 ? "plays" : "play") without "
            + "\(count == 1 ? "it" : "them") (seq.gap)"
    }

    /// Groups frame files by folder and prefix into sequences, ordered naturally by name. Folders
    /// are told apart by their exact bytes (`café/` composed and decomposed are two folders on
    /// Linux, and their frames two sequences), prefixes as text: `fiammé1.png` and `fiammé2.png`
    /// of two normalisations in one folder are one sequence, which a reader warns of.
    public static func group(_ files: [FrameFile]) -> [FrameSequence] {
        var byFolder: [NameSpelling.Exact: [String: [FrameFile]]] = [:]
        for file in files { byFolder[NameSpelling.Exact(file.directory), default: [:]][file.prefix, default: []].append(file) }
        let sequences = byFolder.values.flatMap(\.values).map { members -> FrameSequence in
            let byNumber = Dictionary(grouping: members, by: \.number)
            let frames = byNumber.keys.sorted().map { number in
                Frame(number: number, files: byNumber[number]!.sorted(by: variantOrder))
            }
            return FrameSequence(directory: members[0].directory, prefix: members[0].prefix, frames: frames)
        }
        // Two names of one text in two normalisations are in byte order, whatever order the
        // dictionary held them in.
        return sequences.sorted {
            NaturalOrder.areInIncreasingOrder($0.name, $1.name)
                || !NaturalOrder.areInIncreasingOrder($1.name, $0.name) && $0.name.utf8.lexicographicallyPrecedes($1.name.utf8)
        }
    }

    /// What a reader does with two files that name one frame at one scale and device
    /// (`fire2.png` and `fire02.png`, `7.png` and `007.png`): which one plays would otherwise
    /// depend on how a folder happens to be listed.
    public enum DuplicateNumberPolicy: String, Sendable, CaseIterable, Codable {
        /// Refuse, naming both files (``Discovery/Error/duplicateNumber(number:first:second:others:)``): the default.
        case error
        /// Keep the file that comes first in name order (fewer digits first for one value:
        /// `fire2.png` before `fire02.png`), and leave the others out.
        case first
        /// Keep the file that comes last in name order (`fire02.png` over `fire2.png`).
        case last
    }

    /// Pairs of files that name one frame at one scale and device, each as (first, second) in
    /// name order (the first file of the frame against each later one); empty when every frame
    /// has one file per scale and device.
    public var duplicateNumbers: [(number: Int, first: FrameFile, second: FrameFile)] {
        frames.flatMap { frame in
            Self.variantGroups(frame.files).flatMap { group in group.dropFirst().map { (frame.number, group[0], $0) } }
        }
    }

    /// The sequence with one file per frame, scale and device, as `policy` says: refused
    /// (``Discovery/Error/duplicateNumber(number:first:second:others:)``, naming the first two files of
    /// the first frame that has more than one, and every other clash), or the first or the last in name order kept.
    public func resolvingDuplicateNumbers(_ policy: DuplicateNumberPolicy) throws(Discovery.Error) -> FrameSequence {
        guard let clash = duplicateNumbers.first else { return self }
        var resolved = self
        switch policy {
        case .error:
            let others = duplicateNumbers.dropFirst().map { Discovery.NumberClash(number: $0.number, first: $0.first.path, second: $0.second.path) }
            throw .duplicateNumber(number: clash.number, first: clash.first.path, second: clash.second.path, others: others)
        case .first, .last:
            for index in resolved.frames.indices {
                let kept = Self.variantGroups(resolved.frames[index].files).compactMap { policy == .first ? $0.first : $0.last }
                resolved.frames[index].files = resolved.frames[index].files.filter(kept.contains)
            }
        }
        return resolved
    }

    /// `files` (in ``Frame/files`` order) in groups of one scale and device, each in name order.
    private static func variantGroups(_ files: [FrameFile]) -> [[FrameFile]] {
        var groups: [[FrameFile]] = []
        for file in files {
            if let index = groups.firstIndex(where: { $0[0].scale == file.scale && $0[0].device == file.device }) {
                groups[index].append(file)
            } else {
                groups.append([file])
            }
        }
        return groups
    }

    private static func variantOrder(_ a: FrameFile, _ b: FrameFile) -> Bool {
        if a.scale != b.scale { return a.scale < b.scale }
        if a.device != b.device { return (a.device ?? "") < (b.device ?? "") }
        return NaturalOrder.areInIncreasingOrder(a.path, b.path)
    }
}
