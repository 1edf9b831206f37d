import Foundation
import Testing
import TestSupport

/// Fresh eyes round 9: control characters from file names reached the terminal raw — an ESC in a
/// GIF's name repainted the screen in `info`'s line and in error messages, and `generate --prefix`
/// with a tab wrote files named with a tab. Results and diagnostics now escape them (`\t`,
/// `\u{1B}`) as `validate`'s reports do, and no output is named with one. On the real
/// Effect_Impact GIF and the gold-coin frames.
@Suite("Control characters in names: escaped when printed, refused in outputs")
struct ControlCharacterNameCommandTests {
    static let gif = Fixtures.path("gif/effects/Effect_Impact.gif")
    static let escapeName = "fx\u{1B}[2J\u{1B}[31mred\u{07}.gif"

    static func folder() throws -> String {
        let dir = try Fixtures.temporaryFolder("control-names")
        try FileManager.default.copyItem(atPath: gif, toPath: dir + "/" + escapeName)
        return dir
    }

    /// No raw control character in either stream; the name shown escaped.
    static func expectEscaped(_ run: CLI.Result, _ what: String) {
        let raw = (run.stdout + run.stderr).unicodeScalars.contains { ($0.value < 0x20 && $0 != "\n") || (0x7F...0x9F).contains($0.value) }
        #expect(!raw, "\(what): \(run.stdout.debugDescription) \(run.stderr.debugDescription)")
        #expect((run.stdout + run.stderr).contains(#"fx\u{1B}[2J\u{1B}[31mred\u{7}"#), "\(what): \(run.stdout) \(run.stderr)")
    }

    @Test func infoPrintsTheNameEscaped() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let run = try CLI.run(["info", Self.escapeName], in: dir)
        #expect(run.status == 0)
        Self.expectEscaped(run, "info")
    }

    /// A message quoting the name (a missing file, a refused output) escapes it too.
    @Test(arguments: [["assemble", "missing\u{1B}[2J", "-o", "x.gif"], ["blur", "IN", "--sigma", "1", "-o", "IN"]])
    func errorsPrintTheNameEscaped(arguments: [String]) throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let run = try CLI.run(arguments.map { $0 == "IN" ? Self.escapeName : $0 }, in: dir)
        #expect(run.status != 0)
        let raw = run.stderr.unicodeScalars.contains { ($0.value < 0x20 && $0 != "\n") || (0x7F...0x9F).contains($0.value) }
        #expect(!raw && run.stderr.contains(#"\u{1B}[2J"#), "\(run.stderr.debugDescription)")
    }

    /// `generate --prefix` with a tab, `frames` of a GIF whose name would make frames named with
    /// an ESC, `assemble -o` a name with a line break: refused before writing, naming the file escaped.
    @Test(arguments: [
        ["generate", "seagull", "--frames", "2", "--prefix", "a\tb", "-o", "out"],
        ["frames", "IN", "-o", "out"],
        ["assemble", "IN", "-o", "out\nx.webp"],
        // A folder on the way (fresh eyes round 10: written, the summary split over two lines).
        ["frames", "IN", "--prefix", "fx", "-o", "out/m\nn"],
        ["generate", "seagull", "--frames", "2", "-o", "out/g\tx"],
        ["assemble", "IN", "-o", "out/n\tew/x.gif"],
        // A bidirectional override (fresh eyes round 11: accepted): `out/x\u{202E}fig.gif` shows as `out/xfig.gif` reversed.
        ["assemble", "IN", "-o", "out/x\u{202E}fig.gif"],
        ["generate", "seagull", "--frames", "2", "-o", "out/\u{202E}x"],
    ])
    func noOutputIsNamedWithAControlCharacter(arguments: [String]) throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let run = try CLI.run(arguments.map { $0 == "IN" ? Self.escapeName : $0 }, in: dir)
        #expect(run.status == 2 && run.stderr.contains("control character"), "\(run.status) \(run.stderr.debugDescription)")
        // The refusal quotes the name escaped: one line, no raw control character.
        #expect(!run.stderr.unicodeScalars.contains { ($0.value < 0x20 && $0 != "\n") || (0x7F...0x9F).contains($0.value) }
                && run.stderr.split(separator: "\n").count <= 2, "\(run.stderr.debugDescription)")
        let left = try FileManager.default.contentsOfDirectory(atPath: dir).filter { $0 != Self.escapeName }
        let inOut = (try? FileManager.default.contentsOfDirectory(atPath: dir + "/out")) ?? []
        #expect(left.filter { $0 != "out" }.isEmpty && inOut.isEmpty, "\(left) \(inOut)")
        // No raw bidirectional control either, and a folder that holds one is named, not a file in it.
        #expect(!run.stderr.unicodeScalars.contains { $0.value == 0x202E }, "\(run.stderr.debugDescription)")
        if arguments.last == "out/n\tew/x.gif" {
            #expect(run.stderr.contains(#"the folder out/n\tew holds a control character"#), "\(run.stderr.debugDescription)")
        }
        // With a plain prefix the same GIF explodes fine.
        if arguments == ["frames", "IN", "-o", "out"] {
            #expect(try CLI.run(["frames", Self.escapeName, "--prefix", "fx", "-o", "out"], in: dir).status == 0)
        }
    }
}
