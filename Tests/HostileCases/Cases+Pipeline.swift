import Animated
import Basics
import Foundation
import Pipeline

extension HostileCases {
    static let pipeline: [HostileCase] = [
        HostileCase("project files and builds with hostile bytes, names, paths and thread counts",
                    ["Project", "Target", "Target.Kind", "Target.Job", "ValidationTarget", "ProjectError", "BuildJob", "BuildReport",
                     "BuildReport.Entry", "BuildReport.Entry.Status", "BuildProgress", "BuildProgress.Event", "BuildError", "TargetFailure"]) {
            each(Sample.junk) { bytes in _ = try Project(bytes: bytes, file: "junk.json", folder: ".") }
            let texts = [#"{"targets": {"a": {"assemble": "x", "output": "a.gif", "fps": 1e308, "colors": -5, "delays": [-1, 1e300]}}}"#,
                         #"{"targets": {"a": {"sheet": ["x"], "output": "a.png", "padding": -9223372036854775808, "scales": [0, 9]}}}"#,
                         #"{"targets": {"a": {"render": ["x", "y"], "output": "o"}}}"#,
                         #"{"targets": {"a": {"validate": [], "output": "r.json"}}}"#,
                         #"{"targets": {"a": {"frames": "a", "output": "a"}}}"#,
                         #"{"targets": {"\#(String(repeating: "a", count: 5000))": {"assemble": "x", "output": "y"}}}"#,
                         #"{"targets": {"a": {"assemble": "\#(String(repeating: "../", count: 3000))", "output": "y"}}}"#]
            for text in texts { _ = try? Project(bytes: Array(text.utf8), file: "p.json", folder: ".") }
            let folder = NSTemporaryDirectory() + "flipbook-hostile-pipeline-\(getpid())"
            defer { try? FileManager.default.removeItem(atPath: folder) }
            if let project = try? Project(bytes: Array(#"{"targets": {"a": {"assemble": "missing", "output": "a.gif", "fps": 1e308}}}"#.utf8),
                                          file: "p.json", folder: folder) {
                each(Sample.ints) { threads in
                    var job = BuildJob(project: project, targets: ["a", "", "\u{0}"])
                    job.threads = threads
                    _ = try job.run(cancellation: nil)
                    job.targets = []
                    _ = try job.run(progress: { _ in }, cancellation: nil)
                }
            }
            _ = BuildError.cancelled.description + TargetFailure.cancelled.description
            _ = ValidationTarget(folders: [], format: .json, output: "").failOnErrors
            _ = BuildProgress(target: "", event: .checking, done: -1, total: Int.min)
            _ = Target(name: "", kind: .frames, sources: [], output: "", job: .validate(ValidationTarget(folders: [], format: .text, output: "")),
                       settings: "").outputs
            if let project = try? Project(bytes: Array(#"{"targets": {"a": {"assemble": "missing", "output": "a.gif"}}}"#.utf8), file: "p.json", folder: folder),
               let report = try? BuildJob(project: project).run(cancellation: nil) {
                for entry in report.entries { if case .failed = entry.status { _ = report.failures } }
            }
            _ = ProjectError.cycle(file: "", targets: []).description
            _ = ProjectError.nestedOutput(file: "", inner: "", outer: "", targets: []).description
        },
        HostileCase("build caches with hostile locations and timeouts, and a server that is not there",
                    ["BuildCache", "BuildCache.Location"]) {
            let texts = ["", "\u{0}", "http://", "https://", "http://:0", "http://[::1", "ftp://x", "http://h/?q", "http://h/#f", "//", "://",
                         "http://user:@h", "http://\(String(repeating: "a", count: 70_000))", String(repeating: "/", count: 5000), "~", "."]
            each(texts) { text in _ = BuildCache(location: text)?.displayName }
            _ = BuildCache(.server(URL(fileURLWithPath: "/"))).displayName
            let folder = Sample.folder("cache")
            if let project = try? Project(bytes: Array(#"{"targets": {"a": {"assemble": "missing", "output": "a.gif"}}}"#.utf8), file: "p.json", folder: folder) {
                each(Sample.doubles) { timeout in
                    var job = BuildJob(project: project)
                    // Port 1 of localhost: nothing listens there (refused at once).
                    job.cache = BuildCache(location: "http://127.0.0.1:1")
                    job.cache?.timeout = timeout
                    _ = try job.run(cancellation: nil)
                    job.cache = BuildCache(.folder(folder + "/\u{0}"))
                    _ = try job.run(cancellation: nil)
                }
            }
        },
        HostileCase("watches of missing, empty and junk project files with hostile settings", ["BuildWatch", "BuildWatch.Event", "WatchError"]) {
            let folder = NSTemporaryDirectory() + "flipbook-hostile-watch-\(getpid())"
            try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(atPath: folder) }
            try? Data(#"{"targets": {"a": {"assemble": "missing", "output": "a.gif"}}}"#.utf8).write(to: URL(fileURLWithPath: folder + "/p.json"))
            let stopped = CancellationFlag()
            stopped.cancel()
            for file in ["", "\u{0}", folder, folder + "/missing.json", folder + "/p.json"] {
                for debounce in [Double.nan, .infinity, -1, 0, 1e308, 0.15] {
                    var watch = BuildWatch(projectFile: file, targets: file.hasSuffix("p.json") ? [] : ["", "a", "a"])
                    watch.debounce = debounce
                    watch.threads = debounce == 0.15 ? nil : debounce == 0 ? 0 : Int.min
                    _ = try? watch.run(onEvent: { event in if case .warning(let text) = event { _ = text } }, cancellation: stopped)
                }
            }
            _ = WatchError.unavailable(reason: "").description + WatchError.setting(setting: "", found: "", requirement: "").description
        },
    ]
}
