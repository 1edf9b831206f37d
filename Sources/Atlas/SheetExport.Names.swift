import Basics
import Foundation

extension SheetExport {
    /// The stems of a sheet's page and data names, from the names given.
    struct Names {
        var stem: String
        var dataStem: String
        /// The pages' extension as `-o` spelt it (`b.PNG` writes `b.PNG`, as the user named it), else `png`.
        var pageExtension = "png"
        /// The data's extension as `-o` or `data` spelt it (`b.JSON`), else the format's.
        var dataExtension: String

        /// Refuses a name at a scale no reader takes (`t@9x.json`): a sheet's pages are @1x…@3x, the
        /// scales its frames come back as, and engines would draw `@9x` pages at a ninth of their size.
        static func checkScale(of stem: String, named name: String, format: Format) throws(OutputError) {
            let file = ImageFileName(path: stem + ".png")
            guard let scale = file.scale, !ImageFileName.scaleRange.contains(scale) else { return }
            let folder = stem.contains("/") ? String(stem[...stem.lastIndex(of: "/")!]) : ""
            let plain = folder + file.stem, device = file.device.map { "~" + $0 } ?? ""
            let ext = OutputName.pathExtension(name).isEmpty ? "png" : OutputName.pathExtension(name)
            let range = ImageFileName.scaleRange
            throw .unsupportedName(path: name, reason: "it is named @\(scale)x, and a \(format.rawValue) sheet's pages are read at "
                                   + "@\(range.lowerBound)x…@\(range.upperBound)x, the scales UIKit loads (its frames come back so named): "
                                   + "name it \(plain)\(device).\(ext) or \(plain)@\(range.upperBound)x\(device).\(ext)")
        }

        /// `engine`: the engine the job writes for, whose format is `format` (its advice for data
        /// of another format is to leave the engine out, not only to change the format).
        init(format: Format, output: String, data: String?, engine: String? = nil) throws(OutputError) {
            let what = "a \(format.rawValue) sheet is PNG pages and .\(format.dataExtension) data"
            if output == OutputName.standardOutput || data == OutputName.standardOutput {
                throw .unsupportedName(path: OutputName.standardOutput, reason: "\(what), several files standard output cannot take")
            }
            for name in [output] + (data.map { [$0] } ?? []) where name.isEmpty || name.hasSuffix("/") || name.hasSuffix("/.") {
                throw .unsupportedName(path: name, reason: "\(what): the name of a file is needed (\(name.isEmpty ? "got nothing" : "got a folder"))")
            }
            // A name without an extension that is an existing folder (`--data d`) was written beside
            // it as `d.json`: meant as the folder, most likely. Said, with the name to give.
            for name in [output] + (data.map { [$0] } ?? []) where OutputName.pathExtension(name).isEmpty && FileIO.isDirectory(name) {
                let file = name == data ? "\(name)/sheet.\(format.dataExtension)" : "\(name)/sheet.png"
                throw .unsupportedName(path: name, reason: "\(what): \(name) is a folder; name a file in it (\(file)) or beside it (\(name).\(name == data ? format.dataExtension : "png"))")
            }
            let ext = OutputName.pathExtension(output)
            var allowed = ["png", format.dataExtension]
            if format == .spritekit { allowed.append("atlasc") }
            guard ext.isEmpty || allowed.contains(ext) else {
                // `x.atlas` asked for a libGDX sheet: say which format writes the extension given.
                let meant = Format.allCases.filter { $0.dataExtension == ext || ($0 == .spritekit && ext == "atlasc") }.map(\.rawValue)
                let leave = engine.map { "leave SheetJob.engine out (\($0) reads .\(format.dataExtension) data) and " } ?? ""
                let instead = meant.isEmpty ? "" : "; for .\(ext) data, \(leave)set SheetJob.format to \(meant.joined(separator: " or "))"
                throw .unsupportedName(path: output, reason: "\(what): name it \(OutputName.list(allowed))\(instead)")
            }
            stem = ext.isEmpty ? output : String(output.dropLast(ext.count + 1))
            // The extension as typed, not lower-cased: `-o b.PNG` names a file b.PNG.
            let typed = String(output.suffix(ext.count))
            dataExtension = format.dataExtension
            if ext == "png" { pageExtension = typed } else if ext == format.dataExtension { dataExtension = typed }
            try Self.checkScale(of: stem, named: output, format: format)
            if let data {
                // SpriteKit's plist lies in its `.atlasc` folder, with the pages: a data name elsewhere was ignored without a word.
                if format == .spritekit {
                    throw .unsupportedName(path: data, reason: "a spritekit sheet keeps its plist inside NAME.atlasc, beside its pages: leave out the data name")
                }
                let dataExt = OutputName.pathExtension(data)
                guard dataExt.isEmpty || dataExt == format.dataExtension else {
                    throw .unsupportedName(path: data, reason: "\(format.rawValue) data is .\(format.dataExtension)")
                }
                if ext == format.dataExtension && format != .spritekit {
                    throw .unsupportedName(path: output, reason: "names the data file already; give SheetJob.data or a page name NAME.png, not both")
                }
                dataStem = dataExt.isEmpty ? data : String(data.dropLast(dataExt.count + 1))
                if !dataExt.isEmpty { dataExtension = String(data.suffix(dataExt.count)) }
                try Self.checkScale(of: dataStem, named: data, format: format)
            } else {
                dataStem = stem
            }
        }
    }
}
