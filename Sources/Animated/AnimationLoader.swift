import Basics
import Foundation

extension Animation {
    /// Why a SOURCE could not become one animation.
    public enum LoadError: Swift.Error, Sendable, Equatable, CustomStringConvertible {
        /// The source names no frames, or a folder could not be listed.
        case discovery(Discovery.Error)
        /// The folder's `sequence.json` could not be read or holds a value out of range.
        case manifest(SequenceManifest.Error)
        /// The source holds several sequences and nothing says which one is meant.
        case ambiguous(source: String, sequences: [String])

        /// The underlying error's message; for several sequences, their names and how to pick one.
        public var description: String {
            switch self {
            case .discovery(let error): error.description
            case .manifest(let error): error.description
            case .ambiguous(let source, let sequences):
                "\(source) holds \(sequences.count) sequences (\(sequences.joined(separator: ", "))); "
                    + "name one by its prefix path, e.g. \(sequences[0])"
            }
        }
    }

    /// The animation a SOURCE (folder, prefix path, or files) stands for.
    ///
    /// The folder's `sequence.json`, when present, gives the timing, the scale and the highlighted
    /// frames, and names the sequence to use when the folder holds several. A manifest that does not
    /// fit the frames — `frameDurations` not one per frame, `highlighted` naming a prefix with no
    /// frames — is refused with ``SequenceManifest/Error/schema(_:)``. Each frame is the file
    /// ``FrameSequence/Frame/file(scale:device:)`` picks for `scale` (default: the manifest's, else 1);
    /// the animation's ``Animation/scale`` is those files' scale when they share one (only `@2x`
    /// files: 2), else the scale asked for. Nothing is decoded.
    ///
    /// A list of some of a folder's frames takes each one's own duration from the manifest's
    /// `frameDurations` (one per frame of the folder's sequence).
    ///
    /// PNG files listed in an order of their own (``Discovery/listedFrames(_:)``) play as listed; when
    /// they are numbered frames of one sequence, its folder's `sequence.json` times them as above.
    /// Their scale is theirs when they share one, else `scale` (or 1). One folder named in two
    /// ways (`./walk1.png walk2.png`) is one folder (``Discovery/sameFolderSpelling(_:)``).
    public static func load(_ sources: [String], scale: Int? = nil, device: String? = nil) throws(LoadError) -> Animation {
        let sources = Discovery.sameFolderSpelling(Discovery.withoutSettings(sources))
        let listed: [FrameFile]?
        do { listed = try Discovery.listedFrames(sources) } catch { throw .discovery(error) }
        if let listed { return try load(listed: listed, scale: scale) }
        let sequences: [FrameSequence]
        do { sequences = try Discovery.sequences(from: sources) } catch { throw .discovery(error) }
        let source = sources.joined(separator: " ")
        guard let directory = sequences.first?.directory else { throw .discovery(.noFrames(source: source)) }

        let manifestPath = Self.manifestPath(in: directory)
        var manifest = try Self.manifest(at: manifestPath)
        let highlightedPrefix = manifest?.highlighted
        let candidates = sequences.filter { sequence in
            if let name = manifest?.name, sequences.contains(where: { $0.prefix == name }) { return sequence.prefix == name }
            return sequence.prefix != highlightedPrefix
        }
        guard candidates.count == 1, let main = candidates.first else {
            throw .ambiguous(source: source, sequences: (candidates.isEmpty ? sequences : candidates).map(\.name))
        }
        // A manifest naming another sequence of the folder does not time this one.
        if let described = manifest, !described.describes(main.prefix) { manifest = nil }
        let highlighted = manifest?.highlighted.flatMap { prefix in
            sequences.first { $0.prefix == prefix && $0.directory == main.directory }
                ?? (try? Discovery.sequences(from: ["\(main.directory)/\(prefix)"]))?.first
        }
        // Some of the folder's frames (files listed in name order): each its own frame's duration.
        manifest = manifest?.fitted(toFrames: main.frames.map(\.number), directory: main.directory, prefix: main.prefix)
        // The manifest must fit the frames it times: one duration per frame, highlighted frames that exist.
        if let manifest {
            let prefixes = ((try? Discovery.sequences(from: [main.directory])) ?? sequences).map(\.prefix)
            if let error = manifest.mismatch(sequence: main.prefix, frameCount: main.frames.count, highlightedFound: highlighted != nil,
                                             prefixes: prefixes, file: manifestPath) {
                throw .manifest(.schema(error))
            }
        }

        let wanted = scale ?? manifest?.scale ?? 1
        func files(_ sequence: FrameSequence) -> [FrameFile] {
            sequence.frames.compactMap { $0.file(scale: wanted, device: device) }
        }
        func pick(_ sequence: FrameSequence) -> [FrameSource] { files(sequence).map { .file($0.path) } }
        var animation = (manifest ?? SequenceManifest()).animation(frames: pick(main), highlightedFrames: highlighted.map(pick))
        // The scale of the files picked, when they share one: with only `@2x` files, UIKit loads them
        // at scale 2 whatever scale was asked for.
        let scales = Set(files(main).map(\.scale))
        animation.scale = scales.count == 1 ? scales.first! : wanted
        return animation
    }

    /// Files played as listed; numbered frames of one sequence are timed by their folder's manifest.
    private static func load(listed: [FrameFile], scale: Int?) throws(LoadError) -> Animation {
        var manifest = SequenceManifest()
        if let first = listed.first, !first.numberText.isEmpty,
           listed.allSatisfy({ $0.directory == first.directory && $0.prefix == first.prefix && !$0.numberText.isEmpty }) {
            let path = manifestPath(in: first.directory)
            if let read = try Self.manifest(at: path), read.describes(first.prefix) {
                manifest = read.fitted(toFrames: listed.map(\.number), directory: first.directory, prefix: first.prefix)
                manifest.highlighted = nil
                if let error = manifest.mismatch(sequence: first.prefix, frameCount: listed.count, highlightedFound: true, file: path) {
                    throw .manifest(.schema(error))
                }
            }
        }
        var animation = manifest.animation(frames: listed.map { .file($0.path) })
        let scales = Set(listed.map(\.scale))
        animation.scale = scales.count == 1 ? scales.first! : scale ?? manifest.scale ?? 1
        return animation
    }

    private static func manifestPath(in directory: String) -> String {
        directory == "." ? SequenceManifest.fileName : "\(directory)/\(SequenceManifest.fileName)"
    }

    /// The manifest at `path`, `nil` when there is none.
    private static func manifest(at path: String) throws(LoadError) -> SequenceManifest? {
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        do { return try SequenceManifest.read(file: path) } catch { throw .manifest(error) }
    }
}
