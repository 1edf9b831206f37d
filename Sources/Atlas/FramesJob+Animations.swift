import Animated
import Basics

/// A sheet's animations as `frames` writes them: one picked by name (``FramesJob/animation``), or
/// every frame, with a warning where two animations would read back as one sequence.
extension FramesJob {
    /// `sheet` with only the frames of its animation `name` (in the sheet's order) and that animation.
    static func only(_ name: String, of sheet: SpriteSheet, in input: String) throws(FramesJobError) -> SpriteSheet {
        guard let picked = sheet.animations.first(where: { $0.name == name }) else {
            throw .animationNotFound(file: input, animation: name, animations: sheet.animations.map(\.name))
        }
        let names = Set(picked.frames)
        var only = sheet
        only.sprites = sheet.sprites.filter { names.contains($0.name) }
        only.animations = [picked]
        guard !only.sprites.isEmpty else {
            throw .sheet(.invalid(file: input, reason: "its animation \"\(name)\" names no frame the data holds: nothing was written"))
        }
        return only
    }

    /// The warning for frames of two animations or more that are written as one numbered sequence
    /// (`frame-000…013` of `fire-frame`, `frame-020…027` of `smoke-frame`): a folder reads them back
    /// as one animation, of frames that may not even be one size. No warning where one animation
    /// holds all of them (Aseprite's tags over one file's frames: the file's timeline comes back).
    /// `files`: the sheet's sprites' file names, in its order.
    /// Frames in no animation count as one more (`f3`, `f4` beside an animation of `f1`, `f2`).
    static func animationsReadAsOne(_ sheet: SpriteSheet, files: [String]) -> String? {
        guard !sheet.animations.isEmpty else { return nil }
        let animated = Set(sheet.animations.flatMap(\.frames))
        var sequences: [String: (prefix: String, names: [String], files: [(number: Int, name: String)])] = [:]
        for (sprite, file) in zip(sheet.sprites, files) {
            guard let frame = FrameFile(path: FileIO.lastComponent(of: file)), !frame.numberText.isEmpty else { continue }
            let key = frame.sequenceKey
            sequences[key, default: (frame.prefix, [], [])].names.append(sprite.name)
            sequences[key]?.files.append((frame.number, FileIO.lastComponent(of: file)))
        }
        for key in sequences.keys.sorted() {
            guard let sequence = sequences[key] else { continue }
            let names = Set(sequence.names)
            let among = sheet.animations.filter { animation in animation.frames.contains(where: names.contains) }
            let loose = names.subtracting(animated).count
            guard among.count + (loose > 0 ? 1 : 0) > 1, !among.contains(where: { names.isSubset(of: Set($0.frames)) }) else { continue }
            // By frame number, as a reader orders them (`walk3` before `walk12`).
            let files = sequence.files.sorted { ($0.number, $0.name) < ($1.number, $1.name) }.map(\.name)
            let parts = among.map { "\"\($0.name)\"" } + (loose > 0 ? ["\(loose) frame\(loose == 1 ? "" : "s") in no animation"] : [])
            let what = among.count == 1 ? "the animation \(parts.joined(separator: " and "))" : "the animations \(Discovery.shortList(parts))"
            return "\(what) are written as frames of one sequence, "
                + "\(sequence.prefix)… (\(files[0]) … \(files[files.count - 1])), which a folder reads back as one animation; "
                + "write each into a folder of its own (FramesJob.animation picks one)"
        }
        return nil
    }

    /// Refuses frames (`files`, paths in `folder`) of a numbered sequence whose frames at another
    /// scale, there already and written by another run than `owner`'s, are not as many
    /// (`coin1.png`, `coin2.png` beside the three `coin1@2x.png…` of a sheet's @2x data): the folder
    /// would read back with a frame missing at one scale, as `blur`, `resize` and `frames` of an
    /// animation refuse it.
    static func checkOtherScales(_ files: [String], in folder: String, owner: String) throws(OutputError) {
        var written: [String: (prefix: String, scale: Int, count: Int)] = [:]
        for file in files {
            guard let frame = FrameFile(path: FileIO.lastComponent(of: file)), !frame.numberText.isEmpty else { continue }
            let key = frame.familyKey
            written[key] = (frame.prefix, frame.scale, (written[key]?.count ?? 0) + 1)
        }
        guard !written.isEmpty, let entries = try? FileIO.entries(of: folder) else { return }
        let names = Set(files.map { FileIO.lastComponent(of: $0) })
        // The sheet's own earlier frames at another scale go with this commit: its record, read once.
        let ownEarlier = Set(OutputSet.files(writtenBy: owner, in: folder).map { FileIO.lastComponent(of: $0) })
        var others: [String: [Int: Int]] = [:]
        for name in entries where !names.contains(name) {
            guard let frame = FrameFile(path: name), !frame.numberText.isEmpty else { continue }
            let key = frame.familyKey
            guard let mine = written[key], frame.scale != mine.scale, !ownEarlier.contains(name) else { continue }
            others[key, default: [:]][frame.scale, default: 0] += 1
        }
        for key in others.keys.sorted() {
            guard let mine = written[key], let (scale, count) = others[key]?.filter({ $0.value != mine.count }).min(by: { $0.key < $1.key }) else { continue }
            throw .otherScaleCount(folder: folder, prefix: mine.prefix, otherScale: scale, count: count, scale: mine.scale, frames: mine.count)
        }
    }
}
