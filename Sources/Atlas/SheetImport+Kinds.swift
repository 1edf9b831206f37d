import Basics
import Foundation

/// What a file given as sheet data is, said when it is not sheet data Flipbook reads: a frame
/// folder's `sequence.json`, a scene, a project, a report (`frames flipbook.json`).
extension SheetImport {
    /// The sheet data formats read, for messages.
    static let dataFormats = "TexturePacker, Aseprite or Phaser JSON (.json), libGDX (.atlas), SpriteKit (.atlasc, .plist), "
        + "Cocos2d-x (.plist), Godot SpriteFrames (.tres)"

    /// Why the JSON `bytes` of `file` are no sheet data at all — an object with neither `frames`
    /// (TexturePacker, Aseprite) nor `textures` (Phaser's multi-atlas), such as a frame folder's
    /// `sequence.json` — or `nil` when they may be (their keys are then checked as the format's).
    static func notSheetData(_ bytes: [UInt8], file: String) -> String? {
        guard let root = try? JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any],
              root["frames"] == nil, root["textures"] == nil else { return nil }
        // A misspelt key (`"frams"`) is a sheet with a typo: the format's strict reading names it, with the fix.
        if root.keys.contains(where: { Suggestion.nearest(to: $0, among: ["frames", "textures"]) != nil }) { return nil }
        return "not sheet data Flipbook reads: sheet JSON holds \"frames\" (TexturePacker, Aseprite) or \"textures\" (Phaser's multi-atlas), "
            + "this holds neither" + (kind(ofJSON: root, file: file).map { " (it is \($0))" } ?? "")
            + "; the sheet data read is \(dataFormats)"
    }

    /// What the JSON file `file`, whose top-level object is `root`, is to Flipbook, and what reads
    /// it: sheet data, a scene, a frame folder's `sequence.json`, a project, a folder's validation
    /// config; `nil` for none of them. Said where a file is given to a command that reads another
    /// kind (`info scene.json`, `frames flipbook.json`).
    package static func kind(ofJSON root: [String: Any], file: String) -> String? {
        let name = FileIO.lastComponent(of: file)
        // Flipbook's own records first, and the reports its commands print (`--json`: `output`, `built`…).
        if name.hasPrefix(".flipbook-") || file.contains(".flipbook-build/") { return "Flipbook's own record of what it wrote" }
        if root["output"] is String || root["built"] != nil || root["upToDate"] != nil { return "a report a flipbook command printed as JSON" }
        if root["frames"] is [String: Any] || root["frames"] is [Any] || root["textures"] is [Any] { return "a sprite sheet's data: flipbook frames reads it" }
        if root["layers"] is [Any] { return "a scene: flipbook render and flipbook draw read it" }
        if root["targets"] is [String: Any] { return "a project file: flipbook build reads it" }
        if name == ".flipbook.json" { return "a folder's validation config: flipbook validate reads it" }
        if name == "sequence.json" || root["frameDurations"] != nil || root["fps"] != nil || root["direction"] != nil {
            return "a frame folder's sequence.json: assemble or sheet its folder"
        }
        return nil
    }
}
