import Basics

/// Why sprite-sheet data could not be read — TexturePacker or Aseprite JSON, a Phaser multi-atlas,
/// a libGDX atlas, a SpriteKit or Cocos2d-x plist, a Godot `SpriteFrames` resource: the one error
/// the format readers share.
///
/// Reading a format checks the data through Basics' strict input layer, so nearly every error
/// carries its ``schema`` error, which names the file, the key path and, where the format has
/// lines, the line (`sheet.atlas:12: unknown key "bouns" in ["sheet.png"].walk; did you mean
/// "bounds"?`). A `.tres` whose text does not parse has only a ``line`` and a ``reason``.
public struct SheetDataError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The format being read, as its users name it (`Godot SpriteFrames`).
    public var format: String
    /// The line at fault, from 1, where the format has lines and the error one.
    public var line: Int?
    /// What was wrong: the schema error's whole message when ``schema`` is set.
    public var reason: String
    /// The key, value, type or count at fault, when the data does not fit the format.
    public var schema: SchemaError?

    init(format: String, line: Int? = nil, reason: String) {
        self.format = format
        self.line = line
        self.reason = reason
    }

    init(format: String, schema: SchemaError) {
        self.format = format
        self.line = schema.line
        self.reason = schema.description
        self.schema = schema
    }

    /// The schema error (which names the file), or `FORMAT, line N: reason`.
    public var description: String { schema?.description ?? "\(format)\(line.map { ", line \($0)" } ?? ""): \(reason)" }
}
