import Animated
import Basics

extension SpriteSheet {
    /// Refuses two sprites whose files (`files`, each sprite's file name) are one file on macOS and
    /// Windows (`X.png` and `x.png`: names that differ only in case, as `sheet` warns) or two files
    /// for one frame (`a1.png` and `a01.png`, which `assemble` and `validate` refuse as one frame
    /// number twice), naming both sprites, before anything is written.
    /// `apart` says whether two sprites belong to different animations (each can then be written
    /// alone: the refusal says how).
    static func checkOneFilePerSprite(_ files: [(file: String, sprite: Sprite)], source: String,
                                      apart: (Sprite, Sprite) -> Bool = { _, _ in false }) throws(FramesJobError) {
        func advice(_ one: Sprite, _ other: Sprite) -> String { collisionAdvice(apart: apart(one, other)) }
        var byFolded: [String: (file: String, sprite: Sprite)] = [:]
        var byFrame: [String: (file: String, sprite: Sprite)] = [:]
        for (file, sprite) in files {
            if let other = byFolded.updateValue((file, sprite), forKey: file.lowercased()) {
                throw .sheet(.invalid(file: source, reason: "the sprites \(quoted(other.sprite.name)) and \(quoted(sprite.name)) would be files "
                    + "whose names differ only in case (\(other.file) and \(file)): one file on macOS and Windows, where a "
                    + "checkout keeps one; \(advice(other.sprite, sprite)) (nothing was written)"))
            }
            guard let frame = FrameFile(path: file), !frame.numberText.isEmpty else { continue }
            let key = "\(frame.number)\u{0}" + frame.sequenceKey
            if let other = byFrame.updateValue((file, sprite), forKey: key) {
                throw .sheet(.invalid(file: source, reason: "the sprites \(quoted(other.sprite.name)) and \(quoted(sprite.name)) would be "
                    + "\(other.file) and \(file), two files for frame \(frame.number) of \(frame.prefix)…, which assemble and validate "
                    + "refuse; \(advice(other.sprite, sprite)) (nothing was written)"))
            }
        }
    }

    /// What to do about two sprites that would be one file: rename one, or — when they belong to
    /// different animations (`apart`) — write each animation alone.
    static func collisionAdvice(apart: Bool) -> String {
        apart ? "rename one in the data, or write each animation into a folder of its own (FramesJob.animation picks one)" : "rename one in the data"
    }
}
