import Basics
import Foundation
import Preview

extension HostileCases {
    static let preview: [HostileCase] = [
        HostileCase("preview pages of missing, empty, junk and hostile sources and outputs",
                    ["PreviewJob", "PreviewPage", "PreviewError", "PreviewServer"]) {
            let folder = Sample.folder("preview")
            let junk = folder + "/junk.json"
            _ = FileManager.default.createFile(atPath: junk, contents: Data([0, 1, 2]))
            _ = FileManager.default.createFile(atPath: folder + "/walk1.png", contents: Data(Sample.png))
            _ = FileManager.default.createFile(atPath: folder + "/walk2.png", contents: Data(Sample.junk[4]))
            _ = FileManager.default.createFile(atPath: folder + "/sequence.json", contents: Data(#"{"fps": 1e300, "frameDurations": [-1]}"#.utf8))
            _ = FileManager.default.createFile(atPath: folder + "/boom.gif", contents: Data(Sample.junk[2]))
            for source in ["", "-", "\u{0}", folder + "/missing", junk, folder, folder + "/walk1.png", String(repeating: "../", count: 3000)] {
                for output in ["", "/", folder, folder + "/walk1.png", folder + "/" + String(repeating: "x", count: 300), folder + "/p.html"] {
                    var job = PreviewJob(source: source, output: output)
                    job.overwrite = true
                    job.validate = source.count % 2 == 0
                    if let page = try? job.plan(cancellation: nil) {
                        _ = page.html(pageFolder: "\u{0}") + page.html(pageFolder: "")
                        _ = (page.sequences, page.animatedFiles, page.sheets, page.findings, page.problems, page.files, page.watched, page.root)
                        _ = try? job.write(page)
                    }
                    _ = try? job.run(cancellation: nil)
                }
            }
            _ = PreviewJob.defaultOutput(for: "") + PreviewJob.defaultOutput(for: "\u{0}")
            _ = PreviewError.serve(port: -1, reason: "").description + PreviewError.nothingToShow(source: "").description
            // A server whose first plan fails throws before it listens (it never blocks here).
            _ = try? PreviewServer(job: PreviewJob(source: folder + "/missing", output: ""), port: UInt16.max).run { _, _ in }
            _ = PreviewServer(job: PreviewJob(source: "", output: ""), port: 0).port
        },
    ]
}
