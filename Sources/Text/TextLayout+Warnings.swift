extension TextLayout {
    /// What a scene says of this layout's text (`at` names where it is, `fontKey` the key that
    /// names its font): the characters its font has no glyph for, drawn as the font's empty box,
    /// and control characters, not drawn — one warning each; empty when there are none.
    package func warnings(at: String, fontKey: String) -> [String] {
        var said: [String] = []
        if !missingCharacters.isEmpty {
            said.append("\(at): the font (\(style.font.name)) has no glyph for \(NoteJob.named(missingCharacters)): "
                        + "\(style.font.missingGlyphsShow); name a font that has them in \(fontKey)")
        }
        if !controlCharacters.isEmpty {
            said.append("\(at): the text holds control \(controlCharacters.count == 1 ? "character" : "characters") "
                        + "\(NoteJob.named(controlCharacters)): not drawn, as Core Animation does not draw them")
        }
        return said
    }
}
