import Animated
import AssetPipeline
import Basics
import Testing

/// A panel's refused values come back beside their fields, found by switching over the job's
/// typed setting error inside a task's closure.
@Suite("An export panel")
struct ExportPanelTests {
    @Test(arguments: [
        (ExportPanel(colours: 1), AssembleJob.Format.gif, ExportPanel.Outcome.refused(.colours, "Colours is 2…256 (got 1)")),
        (ExportPanel(plays: 70_000), .webp, .refused(.plays, "Plays is 0 (forever) or 1…65535 plays for WebP (got 70000)")),
        (ExportPanel(scale: 4), .gif, .refused(.scale, "Scale is 1…3 (got 4)")),
        (ExportPanel(sizeLimit: 50_000), .apng,
         .refused(.sizeLimit, "Size limit does not apply to APNG: APNG is lossless; GIF's and WebP's colours can be traded for bytes")),
        (ExportPanel(threads: 0), .gif, .refused(.threads, "Threads must be positive (got 0)")),
    ])
    func aRefusedValueIsShownBesideItsField(panel: ExportPanel, format: AssembleJob.Format, expected: ExportPanel.Outcome) async throws {
        let files = try AssetPipelineTests.upload("kenney-gold-coin")
        #expect(files.count == 4)
        #expect(await panel.export(files, as: format).value == expected)
    }

    @Test func goodValuesExport() async throws {
        let files = try AssetPipelineTests.upload("kenney-gold-coin")
        guard case .exported(let bytes) = await ExportPanel(plays: 3, colours: 64).export(files, as: .gif).value else {
            Issue.record("not exported")
            return
        }
        #expect(bytes > 100)
    }
}
