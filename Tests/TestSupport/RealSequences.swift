/// The real sequences in `Tests/Fixtures/sequences` (see its ORIGIN.md) and what
/// `flipbook validate --uikit` must find in each, shared by the library and CLI tests.
public enum RealSequences {
    /// Folder name → `uikit.*` rule → number of findings. Zero-padded names: ansimuz
    /// (`frame-000`…`013`), bbb (`bbb0030`, `bbb0060`), the explosion (`058`, `079`; `100` is not
    /// padded), wispy 02 (`001`, `080`; `160` is not) and wispy 03b (`020`…`027`). The dino's
    /// `jump-1`, `-6`, `-11` have gaps; the spinner (`-0@2x`…`-29@2x`) and the coin (`gold_1`…`4`) are clean.
    public static let uikitFindings: [String: [String: Int]] = [
        "ansimuz-fire-bomb-pixel": ["uikit.padded": 1],
        "bbb-opening-fadein-720p": ["uikit.padded": 1],
        "emt-watch-spinner-2x": [:],
        "gameart2d-dino-jump": ["uikit.gap": 1],
        "kenney-gold-coin": [:],
        "unity-explosion02hd-fadeout": ["uikit.padded": 1, "uikit.gap": 1],
        "unity-wispy-smoke-02-long": ["uikit.padded": 1, "uikit.gap": 1],
        "unity-wispy-smoke-03b-faint": ["uikit.padded": 1],
    ]

    /// Every real sequence folder, sorted.
    public static var names: [String] { uikitFindings.keys.sorted() }

    /// The real sequences whose frame names are zero-padded.
    public static let padded = ["ansimuz-fire-bomb-pixel", "bbb-opening-fadein-720p", "unity-explosion02hd-fadeout",
                                "unity-wispy-smoke-02-long", "unity-wispy-smoke-03b-faint"]

    /// A sequence's folder.
    public static func path(_ name: String) -> String { Fixtures.path("sequences/\(name)") }
}
