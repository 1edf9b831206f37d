import Animated
import Basics

extension FrameOperationJob {
    /// Refuses the frames of every scale together over `limits.maxOutputPixels`, naming them all
    /// (the @3x frames alone over it were named alone, as if they were all).
    func checkOutputPixels(_ plans: [Plan]) throws(FrameOperationError) {
        guard plans.count > 1 else {
            guard let plan = plans.first else { return }
            do { try limits.checkOutput(plan.animation.frames.count, "frames", width: plan.width, height: plan.height, of: sourceNames) }
            catch { throw .limit(error) }
            return
        }
        var total = 0
        for plan in plans {
            let (area, o1) = plan.width.multipliedReportingOverflow(by: plan.height)
            let (all, o2) = area.multipliedReportingOverflow(by: plan.animation.frames.count)
            let (sum, o3) = total.addingReportingOverflow(all)
            total = o1 || o2 || o3 ? .max : sum
        }
        guard total > limits.maxOutputPixels else { return }
        let each = plans.map { "\($0.animation.frames.count) frames of \($0.width)×\($0.height) at @\($0.animation.scale)x" }.joined(separator: " and ")
        throw .limit(LimitError(limit: .outputPixels, subject: sourceNames,
                                amount: total == .max ? nil : total, maximum: limits.maxOutputPixels, detail: "every scale's frames together: " + each))
    }

    /// The sources as a refusal names them: the folders, prefixes or files given, or the files given in memory.
    var sourceNames: String { sources.isEmpty ? Discovery.filesGiven : sources.joined(separator: " ") }
}
