import Basics
import Foundation
import Raster
import Testing
import TestSupport
@testable import Atlas

/// Every path a sheet's data names — pages in every format, a multipack's related data files —
/// is read only from the data file's folder and below it (issue 43: `"../../../../etc/passwd"`
/// opened /etc/passwd). Hostile data files are the exporter's own, with the page path replaced.
@Suite("Sheet data paths stay in the data file's folder")
struct SheetPathRuleTests {
    /// A folder `in/` holding a two-page sheet in `format` (one page for Aseprite's single-page
    /// case is not needed: every format lists its first page), and `outside/` a copy of each page,
    /// so a path that left the folder would find a real PNG there.
    struct Setup {
        var root: String
        /// The path ``SheetImport/read(_:limits:)`` is given.
        var input: String
        /// The data file that names the first page.
        var dataFile: String
        /// The first page's name as the data writes it.
        var page: String

        init(_ format: SheetExport.Format) throws {
            root = try Fixtures.temporaryFolder("sheet-paths")
            let inputs = (0..<2).map { index in
                var bitmap = Bitmap(clearWidth: 8, height: 8)
                for y in 0..<8 { for x in 1..<7 { bitmap[x, y] = Color(r: UInt8(40 + 100 * index), g: 90, b: 200) } }
                return SheetBuilder.Input(name: "walk_\(index + 1)", bitmap: bitmap, sequence: "walk", duration: 0.1)
            }
            let sheet = try SheetBuilder(padding: 0, trim: true, maxSide: 8).build(inputs)
            #expect(sheet.pages.count == 2)
            let files = try SheetExport.files(for: [sheet], format: format, output: root + "/in/s.png")
            try SheetExportImportTests.write(files)
            try FileManager.default.createDirectory(atPath: root + "/outside", withIntermediateDirectories: true)
            for file in files where file.path.hasSuffix(".png") {
                try FileManager.default.copyItem(atPath: file.path, toPath: root + "/outside/" + FileIO.lastComponent(of: file.path))
            }
            switch format {
            case .spritekit: (input, dataFile, page) = (root + "/in/s.atlasc", root + "/in/s.atlasc/s.plist", "s.1.png")
            case .libgdx: (input, dataFile, page) = (root + "/in/s.atlas", root + "/in/s.atlas", "s-0.png")
            case .godot3, .godot4: (input, dataFile, page) = (root + "/in/s.tres", root + "/in/s.tres", "s-0.png")
            case .phaser3: (input, dataFile, page) = (root + "/in/s.json", root + "/in/s.json", "s-0.png")
            case .cocos2d: (input, dataFile, page) = (root + "/in/s-0.plist", root + "/in/s-0.plist", "s-0.png")
            case .jsonHash, .jsonArray, .aseprite: (input, dataFile, page) = (root + "/in/s-0.json", root + "/in/s-0.json", "s-0.png")
            }
        }

        /// The folder the data file is in.
        var folder: String { FileIO.parentDirectory(of: dataFile) }

        /// Replaces every mention of `old` (quoted, or a whole line for libGDX) in the data file with `new`.
        func rename(_ old: String, to new: String) throws {
            var text = try String(contentsOfFile: dataFile, encoding: .utf8)
            let count = text.components(separatedBy: old).count - 1
            #expect(count >= 1, "\(old) is not in \(dataFile)")
            text = text.replacingOccurrences(of: old, with: new)
            try text.write(toFile: dataFile, atomically: true, encoding: .utf8)
        }
    }

    /// The hostile forms: the path written in the data, what the test sets up for it, the form
    /// it must be refused as. `PAGE` stands for the page's name, `ROOT` for the test's folder.
    static let forms: [(path: String, form: SheetImport.PathRefusal.Form)] = [
        ("../outside/PAGE", .parent),
        ("../../../../../../../../../../etc/passwd", .parent),
        ("sub/../PAGE", .parent),             // comes back inside: refused all the same (documented)
        ("./../outside/PAGE", .parent),
        ("ROOT/outside/PAGE", .absolute),
        ("/etc/passwd", .absolute),
        ("link.png", .symlink),               // a link in the folder to ../outside/PAGE
        ("linked/PAGE", .symlink),            // a folder in the folder that is a link to ../outside
        ("", .invalid),
        // Round 65b F2: what a URL loader or Windows reads as leaving the folder was a name here,
        // looked up by its last component beside the data without a word.
        ("file:///etc/passwd", .url),
        ("http://localhost/PAGE", .url),
        ("%2e%2e/outside/PAGE", .parent),
        ("..\\outside\\PAGE", .parent),
        ("C:\\outside\\PAGE", .absolute),
        ("c:PAGE", .absolute),                // round 66b: Windows reads it from drive C's current folder
    ]

    static let formats = SheetExport.Format.allCases

    /// Every format with every form, but the empty path in libGDX (an empty line ends the page
    /// block: there is no empty page name to write) and a path with a `:` there (a page line with
    /// one is a header field to Flipbook's reader: no page of that name can be written).
    static let cases = formats.flatMap { format in forms.indices.map { (format, $0) } }
        .filter { !($0.0 == .libgdx && (forms[$0.1].path.isEmpty || forms[$0.1].path.contains(":"))) }

    @Test(arguments: cases)
    func aPathOutsideTheFolderIsRefused(format: SheetExport.Format, formIndex: Int) throws {
        let setup = try Setup(format)
        defer { try? FileManager.default.removeItem(atPath: setup.root) }
        let (template, form) = Self.forms[formIndex]
        let hostile = template.replacingOccurrences(of: "PAGE", with: setup.page).replacingOccurrences(of: "ROOT", with: setup.root)
        // The data's folder and outside/ are siblings for every format but SpriteKit's .atlasc,
        // which is one level deeper: its `..` leads to in/, where the pages are not.
        let outside = setup.root + "/outside"
        try FileManager.default.createSymbolicLink(atPath: setup.folder + "/link.png", withDestinationPath: outside + "/" + setup.page)
        try FileManager.default.createSymbolicLink(atPath: setup.folder + "/linked", withDestinationPath: outside)
        if format == .spritekit, hostile.hasPrefix("../outside") || hostile.hasPrefix("./../outside") {
            try FileManager.default.copyItem(atPath: outside, toPath: setup.root + "/in/outside")
        }
        try setup.rename(setup.page, to: hostile, format: format)
        do {
            let sheet = try SheetImport.read(setup.input)
            Issue.record("\(format) \(hostile): read \(sheet.sourceFiles)")
        } catch {
            let refusal = try #require(error.pathRefusal, "\(format) \(hostile): \(error)")
            #expect(refusal == SheetImport.PathRefusal(dataFile: setup.dataFile, path: hostile, form: form, target: refusal.target))
            #expect(error.description.contains(setup.dataFile) && error.description.contains(InputPath.quote(hostile)), "\(error)")
            if form == .symlink { #expect(refusal.target?.hasPrefix(FileIO.resolvedPath(outside) ?? outside) == true, "\(refusal)") }
        }
    }

    /// Godot's `res://` names the project's root, which a lone resource cannot know: it is the
    /// resource's folder, and a `..` after it is refused like any other.
    @Test(arguments: [SheetExport.Format.godot3, .godot4])
    func godotResourcePaths(format: SheetExport.Format) throws {
        let setup = try Setup(format)
        defer { try? FileManager.default.removeItem(atPath: setup.root) }
        try setup.rename("s-1.png", to: "res://sprites/s-1.png", format: format)
        #expect(try SheetImport.read(setup.input).pages.count == 2, "res://sprites/s-1.png is looked up beside the resource")
        var current = setup.page
        for (hostile, form) in [("res://../outside/s-0.png", SheetImport.PathRefusal.Form.parent), ("res:///etc/passwd", .absolute),
                                ("res://sprites/../../../etc/passwd", .parent)] {
            try setup.rename(current, to: hostile, format: format)
            current = hostile
            do {
                _ = try SheetImport.read(setup.input)
                Issue.record("\(hostile) was read")
            } catch {
                #expect(error.pathRefusal == SheetImport.PathRefusal(dataFile: setup.dataFile, path: hostile, form: form), "\(error)")
            }
        }
    }

    /// Pages in a folder below the data file, and a link inside the folder to a page inside it,
    /// are read: the rule refuses only what leaves.
    @Test(arguments: formats)
    func pathsThatStayInsideAreRead(format: SheetExport.Format) throws {
        let setup = try Setup(format)
        defer { try? FileManager.default.removeItem(atPath: setup.root) }
        try FileManager.default.createDirectory(atPath: setup.folder + "/pages", withIntermediateDirectories: true)
        try FileManager.default.moveItem(atPath: setup.folder + "/" + setup.page, toPath: setup.folder + "/pages/" + setup.page)
        try setup.rename(setup.page, to: "./pages/\(setup.page)", format: format)
        let sheet = try SheetImport.read(setup.input)
        #expect(sheet.sourceFiles.contains(setup.folder + "/pages/" + setup.page), "\(sheet.sourceFiles)")
        // A relative link inside the folder to the page inside it.
        try FileManager.default.createSymbolicLink(atPath: setup.folder + "/alias.png", withDestinationPath: "pages/" + setup.page)
        try setup.rename("./pages/\(setup.page)", to: "alias.png", format: format)
        #expect(try SheetImport.read(setup.input).pages.count >= 1)
    }

    /// A relative page path that leads nowhere (Aseprite writes `--sheet out/s.png` as given) is
    /// read by its file name beside the data — with a warning naming both (round 65b F2: the data
    /// said one file and another was read without a word); Godot's `res://` is the project's root,
    /// not this folder, and is read so without one.
    @Test(arguments: formats)
    func aPathThatLeadsNowhereIsReadByNameWithAWarning(format: SheetExport.Format) throws {
        let setup = try Setup(format)
        defer { try? FileManager.default.removeItem(atPath: setup.root) }
        try setup.rename(setup.page, to: "gone/\(setup.page)", format: format)
        let sheet = try SheetImport.read(setup.input)
        #expect(sheet.sourceFiles.contains(setup.folder + "/" + setup.page), "\(sheet.sourceFiles)")
        let said = sheet.warnings.map(\.description).filter { $0.contains("which is not there") }
        #expect(said == ["\(setup.dataFile): names \"gone/\(setup.page)\", which is not there: \"\(setup.page)\" beside it was read instead"], "\(sheet.warnings)")
        // The file beside it a link out: refused, naming that file, not only the path written
        // (round 66b F3: "the path "gone/s-0.png" is a symbolic link" — it is not, the file beside is).
        try FileManager.default.moveItem(atPath: setup.folder + "/" + setup.page, toPath: setup.root + "/moved.png")
        try FileManager.default.createSymbolicLink(atPath: setup.folder + "/" + setup.page, withDestinationPath: setup.root + "/moved.png")
        do {
            _ = try SheetImport.read(setup.input)
            Issue.record("\(format): a link out beside the data was read by name")
        } catch {
            let refusal = try #require(error.pathRefusal, "\(error)")
            #expect(refusal.form == .symlink && refusal.path == "gone/\(setup.page)" && refusal.besideFile == setup.page, "\(refusal)")
            #expect(refusal.description.contains("leads nowhere, and \"\(setup.page)\" beside the data file, read by its name instead, is a symbolic link"),
                    "\(refusal)")
        }
        try FileManager.default.removeItem(atPath: setup.folder + "/" + setup.page)
        try FileManager.default.moveItem(atPath: setup.root + "/moved.png", toPath: setup.folder + "/" + setup.page)
        if format == .godot3 || format == .godot4 {
            try setup.rename("gone/\(setup.page)", to: "res://gone/\(setup.page)", format: format)
            #expect(!(try SheetImport.read(setup.input)).warnings.map(\.description).contains { $0.contains("which is not there") })
        }
    }

    /// A multipack's other data files (`meta.related_multi_packs`) are paths from the data too.
    @Test(arguments: [SheetExport.Format.jsonHash, .jsonArray, .aseprite], ["../outside/s-1.json", "/etc/passwd"])
    func relatedDataFilesStayInTheFolder(format: SheetExport.Format, hostile: String) throws {
        let setup = try Setup(format)
        defer { try? FileManager.default.removeItem(atPath: setup.root) }
        try FileManager.default.copyItem(atPath: setup.folder + "/s-1.json", toPath: setup.root + "/outside/s-1.json")
        try setup.rename("s-1.json", to: hostile, format: format)
        do {
            _ = try SheetImport.read(setup.input)
            Issue.record("read")
        } catch {
            #expect(error.pathRefusal == SheetImport.PathRefusal(dataFile: setup.dataFile, path: hostile, form: hostile.hasPrefix("/") ? .absolute : .parent))
        }
    }

    /// `FramesJob` (and so `flipbook frames`) gives the refusal as its own case, with nothing written.
    @Test func framesJobRefusesAndWritesNothing() throws {
        let setup = try Setup(.libgdx)
        defer { try? FileManager.default.removeItem(atPath: setup.root) }
        try setup.rename(setup.page, to: "../../../../../../../../../../etc/passwd", format: .libgdx)
        let out = setup.root + "/out"
        #expect(throws: FramesJobError.outsideFolder(SheetImport.PathRefusal(dataFile: setup.dataFile, path: "../../../../../../../../../../etc/passwd",
                                                                             form: .parent))) {
            _ = try FramesJob(input: setup.input, output: out).run(cancellation: nil)
        }
        #expect(!FileManager.default.fileExists(atPath: out))
    }
}

extension SheetPathRuleTests.Setup {
    /// `name` as `format`'s data writes a page name: a bare line (libGDX), a plist string, a JSON
    /// or Godot string.
    static func written(_ name: String, _ format: SheetExport.Format) -> String {
        switch format {
        case .libgdx: "\(name)\nsize:"
        case .spritekit, .cocos2d: "<string>\(name)</string>"
        default: "\"\(name.replacingOccurrences(of: "\\", with: "\\\\"))\""   // a JSON or Godot string escapes `\`
        }
    }

    /// Renames the page (or data file) `old` to `new` in the data, as `format` writes names.
    func rename(_ old: String, to new: String, format: SheetExport.Format) throws {
        try rename(Self.written(old, format), to: Self.written(new, format))
    }
}
