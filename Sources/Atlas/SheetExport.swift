import Basics
import Foundation
import Raster

/// The files that make up a sheet in one data format: its page images and data files, named the
/// way each engine expects. Nothing is written here; the caller saves the files it is given.
public enum SheetExport {
    /// The data formats.
    public enum Format: String, Sendable, CaseIterable {
        /// TexturePacker JSON hash (Phaser, PixiJS).
        case jsonHash = "json-hash"
        /// TexturePacker JSON array.
        case jsonArray = "json-array"
        /// Aseprite's JSON (frame durations and tags).
        case aseprite
        /// libGDX `.atlas` (new format).
        case libgdx
        /// SpriteKit `.atlasc` folder.
        case spritekit
        /// Phaser 3: JSON hash for one page (`load.atlas`), Phaser's multi-atlas JSON for several
        /// (`load.multiatlas`: one file with a `textures` array).
        case phaser3
        /// Godot 3 `SpriteFrames` (`.tres`, `format=2`).
        case godot3
        /// Godot 4 `SpriteFrames` (`.tres`, `format=3`).
        case godot4
        /// Cocos2d-x plist, format 3 (one per page).
        case cocos2d

        /// Which way this format's readers expect rotated sprites to be turned.
        public var rotation: SpriteSheet.Rotation { self == .libgdx ? .counterClockwise : .clockwise }

        /// Whether the format can store a sprite turned a quarter turn: Godot's `AtlasTexture`
        /// cannot, and Phaser 3 marks such frames but draws them unturned.
        public var canStoreRotation: Bool { self != .godot3 && self != .godot4 && self != .phaser3 }

        /// Whether the format's data can say its pages are premultiplied: TexturePacker JSON
        /// (`meta.premultipliedAlpha`) and libGDX (`pma:true`) can; Aseprite's JSON and Godot's
        /// resources have no such field, and SpriteKit and Cocos2d-x premultiply pages as they load
        /// them, so those refuse premultiplied pages.
        public var canDeclarePremultipliedAlpha: Bool { self == .jsonHash || self == .jsonArray || self == .phaser3 || self == .libgdx }

        /// The data file's extension.
        public var dataExtension: String {
            switch self {
            case .libgdx: "atlas"
            case .godot3, .godot4: "tres"
            case .cocos2d, .spritekit: "plist"
            default: "json"
            }
        }
    }

    /// Why a sheet cannot be written in a format.
    public enum Error: Swift.Error, Sendable, Equatable, CustomStringConvertible {
        /// The pages are premultiplied and the format cannot say so.
        case premultipliedAlphaNotSupported(Format)
        /// Some sprites are rotated and the format cannot store that.
        case rotationNotSupported(Format)
        /// The sheet's rotated sprites are turned the other way from the way the format stores
        /// them (libGDX turns counter-clockwise, the others clockwise): pack again for it.
        case rotatedTheOtherWay(Format)
        /// The format's data names the engine it is for, and another engine was asked for.
        case notTheEnginesFormat(Format, engine: String)
        /// A sprite or animation name the format cannot hold as it is (libGDX: empty, or with
        /// spaces around it, which libGDX trims); written anyway, it would come back as another
        /// name. A character no name may hold there is ``characterNotStorable(_:name:character:)``.
        case nameNotStorable(Format, name: String)
        /// The sprite or animation `name` holds `character`, which the format's data cannot carry
        /// (a control character in a libGDX line or an XML property list, a `:` in libGDX): written
        /// anyway, the name would come back as another or break the file. Nothing was written.
        case characterNotStorable(Format, name: String, character: Unicode.Scalar)
        /// A per-page encoder (``TexturePackerJSON/encode(_:page:image:style:related:)``,
        /// ``AsepriteJSON/encode(_:page:image:related:)``, ``Cocos2dPlist/encode(_:page:image:)``)
        /// was asked for page `page` of a sheet of `pages` pages.
        case pageOutOfRange(Format, page: Int, pages: Int)
        /// An encoder of all pages in one data file was given `images` page names for a sheet of
        /// `pages` pages: it needs exactly one per page.
        case imageNamesNotOnePerPage(Format, images: Int, pages: Int)
        /// A sprite cannot be read from its page (SpriteKit's data says whether each region is
        /// opaque, so its pixels are read): off its page, or outside it.
        case sheet(SpriteSheet.Error)
        /// The output's name was refused before anything was made (Basics' `OutputError`): an
        /// extension neither `.png` nor the format's, a `data` name of another format, `-`; or,
        /// from ``SheetExport/write(_:owner:protecting:named:pngLevel:png8:replacingOtherShape:)``, a file the contract
        /// may not replace (an input, a file Flipbook did not write, another set's file).
        case output(OutputError)
        /// ``SheetExport/write(_:owner:protecting:named:pngLevel:png8:replacingOtherShape:)`` could not write a file
        /// (Basics' `FileIO.Error`, naming it: no permission, a full disk).
        case write(FileIO.Error)
        /// A page could not be encoded as PNG (Raster's `PNG.EncodeError`).
        case encode(PNG.EncodeError)

        /// What cannot be written, and what to do instead.
        public var description: String {
            switch self {
            case .premultipliedAlphaNotSupported(let format):
                "\(format.rawValue) data cannot declare premultiplied pages; use json-hash, json-array or libgdx, "
                    + "or another alpha handling"
            case .rotationNotSupported(let format):
                "\(format.rawValue) data cannot store rotated sprites; turn off SheetBuilder.allowRotation"
            case .rotatedTheOtherWay(let format):
                "\(format.rawValue) data stores rotated sprites turned the other way: pack the sprites again for it"
            case .notTheEnginesFormat(let format, let engine):
                "SheetEngine.\(engine) reads its own data format, not \(format.rawValue); leave SheetJob.format out"
            case .nameNotStorable(let format, let name):
                "\(format.rawValue) data cannot hold the name \(InputPath.quote(name)) (empty, or with spaces "
                    + "around it); rename its file, or use another format"
            case let .characterNotStorable(format, name, character):
                "\(format.rawValue) data cannot hold \(SheetNames.describe(character)) in the name \(SpriteSheet.quoted(name)); "
                    + "rename its file, or use a JSON format (json-hash, json-array, phaser3 or aseprite carry any name)"
            case let .pageOutOfRange(format, page, pages):
                "\(format.rawValue) data asked for page \(page), but the sheet has \(pages) page\(pages == 1 ? "" : "s")"
                    + (pages == 0 ? "; a sheet without pages has no data to write" : " (0…\(pages - 1)); pass one of those")
            case let .imageNamesNotOnePerPage(format, images, pages):
                "\(format.rawValue) data needs one image name per page: got \(images) name\(images == 1 ? "" : "s") for \(pages) "
                    + "page\(pages == 1 ? "" : "s"); pass `images` with one file name per page, in page order"
            case .sheet(let error):
                "\(error); build the sheet with SheetBuilder or read it with SheetImport, or fix the sprite"
            case .output(let error): error.description
            case .write(let error): error.description
            case .encode(let error): error.description
            }
        }
    }

    /// One file to write.
    public struct File: Sendable {
        /// A page to encode as PNG, or data bytes to write as they are.
        public enum Content: Sendable {
            /// A page.
            case image(Bitmap)
            /// A data file's bytes.
            case data([UInt8])
        }
        /// Where to write it.
        public var path: String
        /// What to write.
        public var content: Content
    }

    /// The files for `sheets` (one per scale, same layout, smallest first) saved as `output`
    /// (`sheet.png`; for SpriteKit a `NAME.atlasc` folder, or `sheet.png` → `sheet.atlasc`) with
    /// data at `data` (default: next to the image).
    ///
    /// Naming: `sheet.png` / `sheet@2x.png` per scale (no suffix with a single scale);
    /// `sheet-0.png`, `sheet-1.png`… when the sprites overflowed onto several pages, each JSON page
    /// with its own `sheet-0.json` listing the others in `meta.related_multi_packs` (Cocos2d: one
    /// `sheet-0.plist` per page); libGDX, Godot and Phaser (its multi-atlas) keep all pages in one
    /// data file; SpriteKit writes `NAME.plist` and `NAME.1.png`, `NAME.1@2x.png`….
    /// `output` may also be the data file's name (`tele.tres` for Godot, `hero.atlas` for libGDX):
    /// the page is then `tele.png`. Throws ``Error/output(_:)`` (Basics' `OutputError`) for a name whose extension is
    /// neither `.png` nor the format's data extension (nor `.atlasc` for SpriteKit), for a `data`
    /// name with another extension than the format's (any `data` for SpriteKit, whose plist lies in
    /// its `.atlasc` folder), and for `-` (a sheet is several files).
    /// Throws ``Error/rotationNotSupported(_:)`` for rotated sprites in Godot's formats, and
    /// ``Error/rotatedTheOtherWay(_:)`` for sprites turned the other way from the format's.
    /// Throws ``Error/premultipliedAlphaNotSupported(_:)`` for premultiplied pages in a format that
    /// cannot say so, ``Error/characterNotStorable(_:name:character:)`` for a name holding a
    /// character the format cannot carry, and ``Error/nameNotStorable(_:name:)`` for a name
    /// libGDX's lines cannot hold (empty, or with spaces around it).
    /// A sprite off its page or outside its source is ``Error/sheet(_:)``.
    public static func files(for sheets: [SpriteSheet], format: Format, output: String, data: String? = nil) throws(Error) -> [File] {
        // A sprite off its page would index past the pages below: refused first, naming it.
        for sheet in sheets {
            do throws(SpriteSheet.Error) { try sheet.check() } catch { throw .sheet(error) }
        }
        if sheets.contains(where: \.premultipliedAlpha) && !format.canDeclarePremultipliedAlpha {
            throw Error.premultipliedAlphaNotSupported(format)
        }
        if !format.canStoreRotation && sheets.contains(where: { $0.sprites.contains(where: \.rotated) }) {
            throw Error.rotationNotSupported(format)
        }
        if sheets.contains(where: { $0.rotation != format.rotation && $0.sprites.contains(where: \.rotated) }) {
            throw Error.rotatedTheOtherWay(format)
        }
        // A name the format cannot carry is refused before any file is made, naming the character.
        try SheetNames.check(sheets, format: format)
        if format == .libgdx, let name = sheets.lazy.compactMap(LibGDXAtlas.unstorableName(in:)).first {
            throw Error.nameNotStorable(format, name: name)
        }
        let names: Names
        do throws(OutputError) { names = try Names(format: format, output: output, data: data) } catch { throw .output(error) }
        // With several scales each page gets its own @Nx: `s@2x.png` given stands for the set.
        var stem = names.stem
        if sheets.count > 1, let scale = ImageFileName(path: stem + ".png").scale { stem = String(stem.dropLast("@\(scale)x".count)) }
        if format == .spritekit {
            let folder = stem + ".atlasc"
            let name = URL(fileURLWithPath: stem).lastPathComponent
            var files = [File(path: "\(folder)/\(name).plist", content: .data(try SpriteKitAtlas.encode(sheets, name: name)))]
            for sheet in sheets {
                for (index, page) in sheet.pages.enumerated() {
                    files.append(File(path: "\(folder)/\(SpriteKitAtlas.pageFile(name: name, page: index, scale: sheet.scale))", content: .image(page)))
                }
            }
            return files
        }
        var dataStem = names.dataStem
        if sheets.count > 1, let scale = ImageFileName(path: dataStem + ".png").scale { dataStem = String(dataStem.dropLast("@\(scale)x".count)) }
        let (pageExtension, dataExtension) = (names.pageExtension, names.dataExtension)
        var files: [File] = []
        for sheet in sheets {
            let suffix = sheets.count > 1 && sheet.scale > 1 ? "@\(sheet.scale)x" : ""
            let paged = sheet.pages.count > 1
            // One scale named `d@2x.png` over several pages: `d-0@2x.png`, the scale last, where every
            // reader looks for it (`d@2x-0.png` was read as @1x); the same for page data.
            var (stem, pageSuffix, dataStem, dataSuffix) = (stem, suffix, dataStem, suffix)
            if sheets.count == 1, paged {
                if let scale = ImageFileName(path: stem + ".png").scale, stem.hasSuffix("@\(scale)x") {
                    (stem, pageSuffix) = (String(stem.dropLast("@\(scale)x".count)), "@\(scale)x")
                }
                if let scale = ImageFileName(path: dataStem + ".png").scale, dataStem.hasSuffix("@\(scale)x") {
                    (dataStem, dataSuffix) = (String(dataStem.dropLast("@\(scale)x".count)), "@\(scale)x")
                }
            }
            let imagePaths = sheet.pages.indices.map { "\(stem)\(paged ? "-\($0)" : "")\(pageSuffix).\(pageExtension)" }
            // Pages as the data file's folder sees them: their names, or a relative path when
            // `--data` puts the data elsewhere (engines resolve page names against the data file).
            let dataFolder = URL(fileURLWithPath: "\(dataStem).\(dataExtension)").deletingLastPathComponent()
            let images = imagePaths.map { FileIO.relativePath(of: URL(fileURLWithPath: $0).standardizedFileURL.path, from: dataFolder.standardizedFileURL.path) }
            for (index, page) in sheet.pages.enumerated() { files.append(File(path: imagePaths[index], content: .image(page))) }
            // Formats with one data file for all pages.
            let single: [UInt8]? = switch format {
            case .libgdx: try LibGDXAtlas.encode(sheet, images: images)
            case .godot3: try GodotSpriteFrames.encode(sheet, images: images, version: .godot3)
            case .godot4: try GodotSpriteFrames.encode(sheet, images: images, version: .godot4)
            case .phaser3 where paged: try TexturePackerJSON.encodeMultiAtlas(sheet, images: images)
            default: nil
            }
            if let single {
                files.append(File(path: "\(dataStem)\(dataSuffix).\(dataExtension)", content: .data(single)))
                continue
            }
            let dataPaths = sheet.pages.indices.map { "\(dataStem)\(paged ? "-\($0)" : "")\(dataSuffix).\(dataExtension)" }
            for index in sheet.pages.indices {
                let related = dataPaths.indices.filter { $0 != index }.map { URL(fileURLWithPath: dataPaths[$0]).lastPathComponent }
                let bytes: [UInt8] = switch format {
                case .jsonHash, .phaser3: try TexturePackerJSON.encode(sheet, page: index, image: images[index], style: .hash, related: related)
                case .jsonArray: try TexturePackerJSON.encode(sheet, page: index, image: images[index], style: .array, related: related)
                case .cocos2d: try Cocos2dPlist.encode(sheet, page: index, image: images[index])
                default: try AsepriteJSON.encode(sheet, page: index, image: images[index], related: related)
                }
                files.append(File(path: dataPaths[index], content: .data(bytes)))
            }
        }
        return files
    }

    /// Writes `files` (folders created as needed) as one set of Basics' `OutputSet`, owned by
    /// `owner` (the name given for the sheet: `output` of ``files(for:format:output:data:)``; `a`,
    /// `a.png` and `a.json` name one sheet, so a rerun by another of its names replaces it): they
    /// replace the files the sheet's previous writing made as a whole (a sheet re-packed onto fewer
    /// pages leaves no old page behind), or nothing at all. No file may be one of `inputs`, and an
    /// existing file is replaced only when Flipbook wrote it for this sheet, unless its path is
    /// among `named` (the names the caller gave outright); otherwise ``Error/output(_:)``. A file
    /// that cannot be written is ``Error/write(_:)``, a page that cannot be encoded
    /// ``Error/encode(_:)``. Pages are PNGs at zlib level `pngLevel`, 8-bit palette ones when
    /// `png8` (Raster's `PaletteQuantizer`). A single file Flipbook wrote under the owner's name
    /// (an APNG `a.png`) is another output, refused, unless `replacingOtherShape` (an output name
    /// that is one frame or a sheet by the frame count, as `generate -o g.png`; Basics'
    /// `OutputSet.replacesOtherShape`). Returns the files of the previous writing it removed (not
    /// written again: fewer pages, another engine's shape), as opened.
    @discardableResult
    public static func write(_ files: [File], owner: String, protecting inputs: InputFiles = InputFiles(), named: [String] = [],
                             pngLevel: Int = 5, png8: Bool = false, replacingOtherShape: Bool = false) throws(Error) -> [String] {
        let set = OutputSet(owner: Self.setOwner(owner), protecting: inputs)
        set.replacesOtherShape = replacingOtherShape
        set.formerFolders = Self.formerFolders(ofOwner: Self.setOwner(owner))
        for file in files {
            do { try inputs.prepare(folder: FileIO.parentDirectory(of: file.path)) } catch { throw .writing(error) }
            let isNamed = named.contains(file.path)
            switch file.content {
            case .image(let bitmap):
                do {
                    try PNG.Encoder(compressionLevel: pngLevel).write(png8 ? PaletteQuantizer().reduce(bitmap) : bitmap, to: file.path, in: set,
                                                                      named: isNamed)
                } catch {
                    if case .output(let error) = error { throw .output(error) }
                    throw .encode(error)
                }
            case .data(let bytes):
                do { try set.write(bytes, to: file.path, named: isNamed) } catch { throw .writing(error) }
            }
        }
        do { try set.commit() } catch { throw .writing(error) }
        return set.removed
    }

    /// The owner a sheet's set is recorded under: the name given with its page or data extension
    /// made `.png` (`a.json`, `a.atlasc`, `a` → `a.png`), so one sheet has one owner whichever of
    /// its names `-o` gave (a sheet written as `-o a.json` after `-o a.png` was refused as another
    /// set's files, and back again, for ever).
    static func setOwner(_ output: String) -> String {
        let ext = OutputName.pathExtension(output)
        let sheetExtensions = Set(Format.allCases.map(\.dataExtension) + ["png", "atlasc"])
        if ext.isEmpty { return output + ".png" }
        return sheetExtensions.contains(ext) ? String(output.dropLast(ext.count)) + "png" : output
    }

    /// The folders a sheet owned by `owner` (`out/s.png`) writes in one engine or another: the
    /// owner's folder (`out`) and SpriteKit's `out/s.atlasc`, so that a sheet switching engine
    /// replaces the pages its other shape left (Basics' `OutputSet.formerFolders`).
    package static func formerFolders(ofOwner owner: String) -> [String] {
        guard owner.hasSuffix(".png") else { return [FileIO.parentDirectory(of: owner)] }
        return [FileIO.parentDirectory(of: owner), String(owner.dropLast(".png".count)) + ".atlasc"]
    }

    /// The files as bytes, each named by its path: pages encoded as PNG at zlib level `pngLevel`
    /// (8-bit palette ones when `png8`), data as it is.
    public static func encode(_ files: [File], pngLevel: Int = 5, png8: Bool = false) throws(PNG.EncodeError) -> [InMemoryFile] {
        try files.map { file throws(PNG.EncodeError) in
            switch file.content {
            case .image(let bitmap):
                InMemoryFile(name: file.path, bytes: try PNG.Encoder(compressionLevel: pngLevel).encode(png8 ? PaletteQuantizer().reduce(bitmap) : bitmap))
            case .data(let bytes): InMemoryFile(name: file.path, bytes: bytes)
            }
        }
    }

    /// Refuses a page number `sheet` does not have, for the per-page encoders.
    static func checkPage(_ page: Int, of sheet: SpriteSheet, format: Format) throws(Error) {
        guard sheet.pages.indices.contains(page) else { throw .pageOutOfRange(format, page: page, pages: sheet.pages.count) }
    }

    /// Refuses page names that are not one per page of `sheet`, for the encoders of all pages.
    static func checkImages(_ images: [String], of sheet: SpriteSheet, format: Format) throws(Error) {
        guard images.count == sheet.pages.count else { throw .imageNamesNotOnePerPage(format, images: images.count, pages: sheet.pages.count) }
    }

    /// Refuses rotated sprites of `sheet` that `format` cannot store, or that are turned the
    /// other way from the way it stores them.
    static func checkRotation(of sheet: SpriteSheet, format: Format) throws(Error) {
        guard sheet.sprites.contains(where: \.rotated) else { return }
        if !format.canStoreRotation { throw .rotationNotSupported(format) }
        if sheet.rotation != format.rotation { throw .rotatedTheOtherWay(format) }
    }
}

extension SheetExport.Error {
    /// The output set's `error`: the contract's refusal as ``output(_:)``, the file system's failure as ``write(_:)``.
    static func writing(_ error: OutputSet.Error) -> Self {
        switch error {
        case .refused(let error): .output(error)
        case .write(let error): .write(error)
        }
    }
}
