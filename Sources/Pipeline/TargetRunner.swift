import Animated
import Atlas
import Basics
import Compose
import Foundation

/// Runs one target's job as its command would and says what it wrote.
enum TargetRunner {
    /// What a target's run wrote and said.
    struct Result: Sendable {
        /// The files written, as opened from the working directory.
        var files: [String]
        var warnings: [String]
        var notes: [String]
        /// A failure found after the outputs were written (validation errors, a byte budget not met):
        /// the outputs stand, the target fails.
        var problem: TargetFailure?
    }

    static func run(_ job: Target.Job, overwrite: Bool, threads: Int?, reportWording: (@Sendable (String) -> String)? = nil,
                    cancellation: CancellationFlag?) throws(TargetFailure) -> Result {
        switch job {
        case .assemble(var job):
            job.overwrite = overwrite
            job.threads = threads
            let outcome: AssembleJob.Outcome
            let plan: AssembleJob.Plan
            do {
                plan = try job.plan(cancellation: cancellation)
                outcome = try job.run(plan, cancellation: cancellation)
            } catch { throw error == .cancelled ? .cancelled : .assemble(error) }
            let problem: TargetFailure? = outcome.fits ? nil : .budgetNotMet(bytes: outcome.report.bytes, maxBytes: job.maxBytes ?? 0)
            return Result(files: job.output.map { [$0] } ?? [], warnings: plan.warnings, notes: outcome.notes, problem: problem)
        case .sheet(var job):
            job.overwrite = overwrite
            job.threads = threads
            do {
                let plan = try job.plan(cancellation: cancellation)
                try job.write(plan, cancellation: cancellation)
                return Result(files: plan.files.map(\.path), warnings: plan.warnings, notes: plan.notes)
            } catch { throw error == .cancelled ? .cancelled : .sheet(error) }
        case .frames(var job):
            job.overwrite = overwrite
            job.threads = threads
            do {
                let outcome = try job.run(cancellation: cancellation)
                return Result(files: outcome.files, warnings: outcome.warnings, notes: [])
            } catch { throw error == .cancelled ? .cancelled : .frames(error) }
        case .render(var job):
            job.overwrite = overwrite
            job.threads = threads
            do {
                let outcome = try job.run(cancellation: cancellation)
                return Result(files: outcome.files, warnings: outcome.warnings, notes: [])
            } catch { throw error == .cancelled ? .cancelled : .render(error) }
        case .validate(var work):
            work.validator.threads = threads
            return try validate(work, overwrite: overwrite, wording: reportWording, cancellation: cancellation)
        }
    }

    private static func validate(_ work: ValidationTarget, overwrite: Bool, wording: (@Sendable (String) -> String)?,
                                 cancellation: CancellationFlag?) throws(TargetFailure) -> Result {
        let inputs = Validator.reportInputs(folders: work.folders, config: work.config)
        do { try OutputSet.check(file: work.output, protecting: inputs, overwrite: overwrite) } catch {
            throw Self.reported(error, path: work.output)
        }
        var folders: [(folder: String, config: ValidationConfig)] = []
        for folder in work.folders {
            do { folders.append((folder, try ValidationConfig.find(for: [folder], file: work.config))) } catch { throw .validationConfig(error) }
        }
        let report: ValidationReport
        do { report = try work.validator.validate(folders: folders, cancellation: cancellation) } catch {
            if case .cancelled = error { throw .cancelled }
            throw .validation(error)
        }
        let rendered = work.format.render(report, base: work.reportBase ?? FileManager.default.currentDirectoryPath)
        let text = wording?(rendered) ?? rendered
        do { try OutputSet.write(Array((text + "\n").utf8), toFile: work.output, protecting: inputs, overwrite: overwrite) } catch {
            throw Self.reported(error, path: work.output)
        }
        if let error = report.folderErrors.first { throw .validation(error) }
        let problem: TargetFailure? = work.failOnErrors && report.hasErrors ? .problemsFound(summary: report.summaryLine) : nil
        return Result(files: [work.output], warnings: [], notes: [], problem: problem)
    }

    /// The report's `error` from the output set: refused by the contract, or not written.
    private static func reported(_ error: OutputSet.Error, path: String) -> TargetFailure {
        switch error {
        case .refused(let error): .reportRefused(error)
        case .write(let error): .report(path: path, reason: "\(error)")
        }
    }
}
