/// Which characters each sheet data format can carry in a sprite or animation name.
///
/// JSON (TexturePacker, Phaser, Aseprite) escapes every character, so any name round-trips. An
/// XML property list (SpriteKit, Cocos2d-x) cannot hold C0 control characters but tab and line
/// feed (XML 1.0 forbids them even escaped, and a parser turns a carriage return into a line
/// feed), nor U+FFFE and U+FFFF. Godot's `.tres` strings escape tab, line feed and carriage
/// return and hold any other character but NUL, which ends a string for Godot's parser. libGDX's
/// `.atlas` is one name per line, which libGDX splits at CR and LF and trims of everything up to
/// U+0020 at its ends: no control character (C0, DEL, C1), no line or paragraph separator and no
/// `:` (the name line would read as a field). A name is checked whole before anything is written.
enum SheetNames {
    /// The first sprite name, then animation name, of `sheets` holding a character `format`
    /// cannot carry, with that character; `nil` when every name can be written.
    static func unstorableCharacter(in sheets: [SpriteSheet], format: SheetExport.Format) -> (name: String, character: Unicode.Scalar)? {
        for sheet in sheets {
            for name in sheet.sprites.map(\.name) + sheet.animations.map(\.name) {
                if let character = name.unicodeScalars.first(where: { !canCarry($0, format) }) { return (name, character) }
            }
        }
        return nil
    }

    /// Throws ``SheetExport/Error/characterNotStorable(_:name:character:)`` for the first name
    /// ``unstorableCharacter(in:format:)`` finds.
    static func check(_ sheets: [SpriteSheet], format: SheetExport.Format) throws(SheetExport.Error) {
        if let (name, character) = unstorableCharacter(in: sheets, format: format) {
            throw .characterNotStorable(format, name: name, character: character)
        }
    }

    /// Whether `format`'s data can hold `scalar` in a name and give it back.
    static func canCarry(_ scalar: Unicode.Scalar, _ format: SheetExport.Format) -> Bool {
        let value = scalar.value
        switch format {
        case .jsonHash, .jsonArray, .phaser3, .aseprite:
            return true
        case .spritekit, .cocos2d:
            return value >= 0x20 ? value != 0xFFFE && value != 0xFFFF : value == 0x09 || value == 0x0A
        case .godot3, .godot4:
            return value != 0   // Godot's parser ends a string at NUL; tab, LF and CR are escaped
        case .libgdx:
            let control = value < 0x20 || (0x7F...0x9F).contains(value)
            return !control && scalar != ":" && value != 0x2028 && value != 0x2029
        }
    }

    /// `U+000A (line feed)` for a message.
    static func describe(_ scalar: Unicode.Scalar) -> String {
        let code = "U+" + String(repeating: "0", count: max(0, 4 - String(scalar.value, radix: 16).count))
            + String(scalar.value, radix: 16, uppercase: true)
        let names: [UInt32: String] = [0x09: "tab", 0x0A: "line feed", 0x0D: "carriage return", 0x00: "NUL", 0x7F: "delete",
                                       0x3A: "colon", 0x2028: "line separator", 0x2029: "paragraph separator"]
        if let name = names[scalar.value] { return "\(code) (\(name))" }
        return scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) ? "\(code) (a control character)" : code
    }
}
