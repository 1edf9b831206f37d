import Animated
import Basics
import Foundation
import Raster

extension SheetJob {
    /// The engine's loading call for `files`.
    func howToLoad(_ files: [SheetExport.File], pages: Int) -> String? {
        guard let engine else { return nil }
        // Pages and data told apart by what they hold, not by a `.png` in lower case (`-o S.PNG`).
        func isPage(_ file: SheetExport.File) -> Bool { if case .image = file.content { true } else { false } }
        let names = files.map { URL(fileURLWithPath: $0.path).lastPathComponent }
        let image = files.indices.first { isPage(files[$0]) }.map { names[$0] } ?? names[0]
        let data = files.indices.first { !isPage(files[$0]) }.map { names[$0] } ?? names[0]
        let folder = engine == .spritekit ? URL(fileURLWithPath: files[0].path).deletingLastPathComponent().deletingPathExtension().lastPathComponent : image
        return engine.howToLoad(data: data, image: folder, pages: pages)
    }
}
