import Basics
import Foundation
import Pipeline
import Testing
import TestSupport

/// `BuildJob.threads = 0` was a `SchemaError` of a file named "BuildJob" (a Swift developer's
/// review, issue 44): every other job names its settings with a `SettingError`, which a caller
/// switches over. It is `BuildError.setting` now, thrown before anything is read or written.
@Suite("BuildJob: settings named as every job's")
struct BuildJobSettingTests {
    @Test(arguments: [0, -1, Int.min])
    func threadsBelowOneIsASettingError(threads: Int) throws {
        let folder = try Fixtures.temporaryFolder("build-threads-setting")
        let project = try Project(bytes: Array(#"{"targets": {"a": {"assemble": "missing", "output": "a.gif"}}}"#.utf8), file: "p.json", folder: folder)
        var job = BuildJob(project: project)
        job.threads = threads
        #expect(throws: BuildError.setting(SettingError(.threads, of: "BuildJob", value: threads, allowed: .atLeast(1)))) {
            _ = try job.run(cancellation: nil)
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty, "nothing written, no state either")
    }
}
