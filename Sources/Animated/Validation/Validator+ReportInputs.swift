import Basics
import Foundation

extension Validator {
    /// The files a validation of `folders` reads, which its report may never replace: every PNG
    /// under them, each of their folders' `sequence.json` and `.flipbook.json`, and `config`.
    /// `flipbook validate --output` and a project's validate targets protect these.
    public static func reportInputs(folders: [String], config: String?) -> InputFiles {
        let frames = folders.flatMap { (try? Discovery.pngFiles(inFolder: $0, recursive: true)) ?? [] }
        var inputs = InputFiles(frames)
        for folder in Set(frames.map { ($0 as NSString).deletingLastPathComponent } + folders) {
            inputs.insert(folder + "/" + SequenceManifest.fileName)
            inputs.insert(folder + "/" + ValidationConfig.fileName)
        }
        if let config { inputs.insert(config) }
        return inputs
    }
}
