import Animated
import Basics
import Foundation

extension SheetJob {
    /// The first setting of the job or its builder out of range, naming it.
    var settingError: SettingError? {
        if let fps, !Animation.Timing.fpsRange.contains(fps) {
            return SettingError(.fps, of: "SheetJob", value: fps, allowed: .interval(Animation.Timing.fpsRange))
        }
        if let threads, threads < 1 { return SettingError(.threads, of: "SheetJob", value: threads, allowed: .atLeast(1)) }
        // One layout for every scale, smallest first: each scale once, of Basics' one scale range (`sheet@3x.png` at most).
        if let scales, scales.isEmpty || !scales.allSatisfy(ImageFileName.scaleRange.contains) || scales != Set(scales).sorted() {
            return SettingError(.scales, of: "SheetJob", value: "\(scales)", problem: .outOfRange(.ascending(ImageFileName.scaleRange)))
        }
        if let error = limits.rangeError { return error }
        if !(0...9).contains(pngLevel) { return SettingError(.pngLevel, of: "SheetJob", value: pngLevel, allowed: .range(0...9)) }
        // Both bounds, as the builder checks them: `padding = Int.max` is a setting error as `-1` is.
        if let (setting, value, range) = builder.spacingOutOfRange {
            return SettingError(setting, of: "SheetBuilder", value: value, allowed: .range(range))
        }
        return nil
    }

    func checkSettings() throws {
        if let error = settingError { throw SheetJobError.setting(error) }
        if let engine {
            guard format == engine.format else { throw SheetExport.Error.notTheEnginesFormat(format, engine: engine.rawValue) }
            try engine.check(allowRotation: builder.allowRotation, alphaHandling: builder.alphaHandling)
        }
        if builder.alphaHandling == .premultiply && !format.canDeclarePremultipliedAlpha {
            throw SheetExport.Error.premultipliedAlphaNotSupported(format)
        }
        if builder.allowRotation && !format.canStoreRotation { throw SheetExport.Error.rotationNotSupported(format) }
        // The names as given, before any work (`k.json` for a godot4 sheet was refused, after packing,
        // as `k@2x.json`, the name one scale of 2 writes — not one the user typed).
        do { _ = try SheetExport.Names(format: format, output: output, data: data, engine: engine?.rawValue) } catch { throw SheetExport.Error.output(error) }
    }
}
