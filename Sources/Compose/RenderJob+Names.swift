import Animated
import Atlas
import Basics
import Foundation
import Raster

/// What a render's output is called and written as: the writer's format, the sheet data format
/// its name asks for, and the name of its frames or sprites.
extension RenderJob {
    /// The frame writer's format for `format` (a sheet's data in `sheet`).
    static func writerFormat(_ format: Format, sheet: SheetExport.Format) -> FrameWriter.Format {
        switch format {
        case .folder: .folder
        case .gif: .gif
        case .apng: .apng
        case .webp: .webp
        case .sheet: .sheet(sheet)
        }
    }

    /// ``sheetFormat``, or the one the output's extension names; refuses a format whose data
    /// extension is not the output's.
    func resolvedSheetFormat() throws(RenderError) -> SheetExport.Format {
        let ext = output.map(OutputName.pathExtension) ?? ""
        if let sheetFormat {
            guard output == nil || ext == sheetFormat.dataExtension else {
                let named = (output.map { OutputName.pathExtension($0).isEmpty ? $0 : String($0.dropLast(OutputName.pathExtension($0).count + 1)) } ?? "NAME")
                    + "." + sheetFormat.dataExtension
                let written = sheetFormat == .spritekit ? " (written into \(named.dropLast(6)).atlasc/ with its pages)" : ""
                throw .output(.unsupportedName(path: output ?? "", reason: "RenderJob.sheetFormat \(sheetFormat.rawValue) writes its data as "
                                               + ".\(sheetFormat.dataExtension): name the output \(named)\(written)"))
            }
            return sheetFormat
        }
        switch ext {
        case "atlas": return .libgdx
        case "tres": return .godot4
        case "plist": return .cocos2d
        default: return .jsonHash
        }
    }

    /// A folder's frames are named after the folder, a sheet's sprites after the sheet, else after the scene.
    static func prefix(output: String?, format: Format, scene: String) -> String {
        let named = output.map { path in
            var trimmed = Discovery.trimmingSlash(path)
            // `-o .` (or `..`, `walk/.`) names the folder it is: its own name, as the docs promise.
            if [".", ".."].contains(FileIO.lastComponent(of: trimmed)), let resolved = FileIO.resolvedPath(trimmed) { trimmed = resolved }
            return ImageFileName(path: FileIO.lastComponent(of: trimmed) + (format == .folder ? ".png" : "")).stem
        } ?? ""
        // A scene's name may hold control characters (U+202E turns a name around on screen): dropped, as
        // FramesJob drops them from the names it writes (round 68: encodedFiles kept them).
        let fallback = String(ImageFileName(path: (scene as NSString).lastPathComponent).stem.unicodeScalars.filter { !TerminalText.isControl($0) })
        let name = named.isEmpty || named.hasPrefix(".") || named == ".." ? fallback : named
        return name.isEmpty || name.hasPrefix(".") ? "frame" : name
    }
}
