import Basics

extension Discovery {
    /// Throws ``Error/scaleOutOfRange(path:scale:)`` for the first of `files` (frames about to be
    /// read) named at a scale outside `@1x`…`@3x` (`coin1@9x.png`).
    public static func checkScales(_ files: some Sequence<FrameFile>) throws(Error) {
        if let file = files.first(where: { !ImageFileName.scaleRange.contains($0.scale) }) {
            throw .scaleOutOfRange(path: file.path, scale: file.scale)
        }
    }

    /// Refuses two of `paths` whose names are one text in two Unicode normalisations
    /// (``Error/namesDifferInNormalization(first:second:)``) and, when `caseBlind` (what is
    /// written or read as a set: frames to assemble, sprites to pack), two that differ only in case
    /// (``Error/namesDifferInCase(first:second:)``). A path repeated byte for byte is one file,
    /// no clash.
    public static func checkSpellings(_ paths: [String], caseBlind: Bool = true) throws(Error) {
        if let (first, second) = NameSpelling.normalizationClash(in: paths) {
            throw .namesDifferInNormalization(first: first, second: second)
        }
        if caseBlind, let (first, second) = NameSpelling.caseClashes(in: paths).first {
            throw .namesDifferInCase(first: first, second: second)
        }
    }
}
