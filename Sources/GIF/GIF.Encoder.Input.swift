import Raster

extension GIF.Encoder {
    /// The frames the GIF encoder takes: Raster's `FrameInput`, as the APNG and WebP encoders take
    /// them (durations, a loader, names, the frames' scale, a cancellation flag). Kept so code
    /// written against the GIF-only type of earlier versions still builds; write `FrameInput`.
    @available(*, deprecated, renamed: "FrameInput", message: "the GIF, APNG and WebP encoders all take Raster's FrameInput")
    public typealias Input = FrameInput
}
