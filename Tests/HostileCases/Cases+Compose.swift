import Compose
import FrameGen

extension HostileCases {
    static let compose: [HostileCase] = [
        HostileCase("MediaTiming and TimingFunction with NaN, infinite, negative and huge values",
                    ["MediaTiming", "MediaTiming.Progress", "FillMode", "TimingFunction", "TimingError"]) {
            each(Sample.doubles) { v in
                for fill in FillMode.allCases {
                    let timing = try? MediaTiming(beginTime: v, duration: abs(v), speed: v, timeOffset: v,
                                                  repeatCount: abs(v), autoreverses: true, fillMode: fill)
                    _ = timing?.progress(atParentTime: v); _ = timing?.localTime(atParentTime: v)
                    _ = try? MediaTiming(duration: 1e-300, timeOffset: 1e300, repeatCount: v, fillMode: fill).progress(atParentTime: v)
                    _ = try? MediaTiming(duration: 1, repeatDuration: v, fillMode: fill).progress(atParentTime: -v)
                }
                _ = try TimingFunction(0.5, v, 0.5, v).value(at: v)
                _ = TimingFunction.default.value(at: v)
            }
        },
        HostileCase("Basic, keyframe and path animations with hostile values and lists",
                    ["Animatable", "BasicAnimation", "KeyframeAnimation", "CalculationMode", "PathAnimation",
                     "PathAnimation.RotationMode", "PathAnimation.Placement"]) {
            let timing = try MediaTiming(duration: 1, fillMode: .both)
            each(Sample.doubles) { v in
                _ = try BasicAnimation<Double>(from: v, by: v, timing: timing).value(atParentTime: v, base: v)
                for mode in CalculationMode.allCases {
                    _ = try KeyframeAnimation<Point>(values: [Point(v, 0), Point(0, v)], keyTimes: [0, v],
                                                     calculationMode: mode, timing: timing).value(atFraction: v)
                    _ = try KeyframeAnimation<Double>(values: [0, 1e308, -1e308], calculationMode: mode, timing: timing).value(atFraction: v)
                    var path = Path(); path.move(to: Point(0, 0)); path.curve(to: Point(v, 1e300), control1: Point(0, 0), control2: Point(0, 0))
                    for rotation in PathAnimation.RotationMode.allCases {
                        _ = try PathAnimation(path: path, calculationMode: mode, rotationMode: rotation, timing: timing).placement(atFraction: v)
                    }
                }
            }
            _ = try KeyframeAnimation<Double>(values: [], timing: timing)
        },
        HostileCase("Blend modes with NaN, infinite, negative and over-range colours", ["BlendMode"]) {
            let hostile: [SIMD4<Float>] = [.zero, SIMD4(repeating: .nan), SIMD4(repeating: .infinity), SIMD4(-1, 2, -.infinity, 0.5),
                                           SIMD4(1, 1, 1, 0), SIMD4(0, 0, 0, 1e-30)]
            for mode in BlendMode.allCases {
                for source in hostile { for destination in hostile { _ = mode.blend(source, onto: destination) } }
                _ = mode.isPorterDuff
            }
        },
    ]
}
