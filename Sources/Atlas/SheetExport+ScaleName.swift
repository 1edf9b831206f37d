import Animated
import Basics

extension SheetExport.Format {
    /// Whether the data states its pages' scale, so that a name without `@Nx` loses nothing:
    /// TexturePacker's and Aseprite's `meta.scale` (PixiJS and Flipbook read it), SpriteKit's page
    /// names (`S.1@2x.png`). libGDX, Cocos2d and Godot data have no field for it: their readers
    /// take the scale from the data file's name.
    public var statesScale: Bool {
        switch self {
        case .jsonHash, .jsonArray, .aseprite, .phaser3, .spritekit: true
        case .libgdx, .cocos2d, .godot3, .godot4: false
        }
    }
}

extension SheetExport {
    /// The warning for a sheet whose frames are `scale` pixels per point written as `output`
    /// when readers would take another scale from it: a name giving another `@Nx`, or a name
    /// without one in a format whose data does not state the scale (``Format/statesScale``).
    /// `nil` when every reader takes the frames' scale.
    public static func scaleNameWarning(output: String, scale: Int, format: Format) -> String? {
        if format.statesScale, ImageFileName(path: output).scale == nil { return nil }
        return AssembleJob.scaleNameWarning(output: output, scale: scale)
    }
}
