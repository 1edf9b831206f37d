import Basics
import Foundation

/// A sequence whose frames spell its prefix in more than one way: one text to Swift's `String ==`
/// (canonical equivalence), two or more byte sequences on disk.
extension FrameSequence {
    /// The files whose prefix is not spelled as the first file's (byte for byte); empty when every
    /// frame spells it alike.
    package var otherSpelling: [FrameFile] {
        guard let first = files.first else { return [] }
        return files.filter { !$0.prefix.utf8.elementsEqual(first.prefix.utf8) }
    }

    /// What is wrong when the frames spell the prefix in two Unicode normalisations, for the
    /// warnings of the commands that read the sequence; `nil` when they spell it alike.
    package var mixedNormalizationMessage: String? { mixedNormalizationMessage(naming: name) }

    /// ``mixedNormalizationMessage`` naming the sequence `shown` (`name.mixed-normalization`
    /// names it by its prefix alone: its report's location names the folder, spelled as the
    /// report spells paths, whatever the command line gave).
    package func mixedNormalizationMessage(naming shown: String) -> String? {
        let others = otherSpelling
        guard let first = files.first, let other = others.first else { return nil }
        func spelled(_ file: FrameFile) -> String {
            let text = file.prefix
            let form = text.utf8.elementsEqual(text.precomposedStringWithCanonicalMapping.utf8) ? "composed"
                : text.utf8.elementsEqual(text.decomposedStringWithCanonicalMapping.utf8) ? "decomposed" : "partly composed"
            return "\(FileIO.lastComponent(of: file.path)) (\(form): \(Self.scalars(file.prefix)))"
        }
        let count = files.count - others.count
        return "the prefix of \(shown) is written in two Unicode normalisations, \(spelled(first))"
            + (count > 1 ? " and \(count - 1) more" : "") + " and \(spelled(other))" + (others.count > 1 ? " and \(others.count - 1) more" : "")
            + ": one sequence to Flipbook and macOS, two to Linux and to engines that look frames up by name; rename them to one spelling"
    }

    /// `Cafe\u{301}`: the characters beyond ASCII as their code points.
    private static func scalars(_ text: String) -> String {
        text.unicodeScalars.map { $0.isASCII ? String($0) : "\\u{\(String($0.value, radix: 16, uppercase: true))}" }.joined()
    }
}
