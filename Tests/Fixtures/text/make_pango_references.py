#!/usr/bin/env python3
"""Dev-time: renders the text corpus with Pango (pango-view, Debian's pango1.0-tools) in the font
that ships with Flipbook, and records Pango's line breaks, so TextTests can compare Flipbook's
layout and rendering with Pango's. Never run by the tests.

    python3 Tests/Fixtures/text/make_pango_references.py

Writes pango/cases.json (each case: id, text, size in px, width in px, wrap or ellipsize mode, Pango's line
starts as UTF-16 offsets, its layout height) and pango/<id>.png (black on white, gray
antialiasing, no hinting, 72 dpi so points are pixels, no hyphens inserted where a word is broken).
"""
import html, json, os, subprocess, sys, tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
FONT = os.path.join(HERE, "..", "..", "..", "Sources", "Text", "Resources", "DejaVuSans.ttf")

NOTE_SHORT = "Tap to explode."
NOTE_MEDIUM = "The seagull flaps its wings once a second while it flies across the sky."
NOTE_LONG = ("A note is a string set at a font size, wrapped to at most three hundred points, inside a chrome image "
             "made resizable with cap insets, so that the chrome grows around any amount of text. Games and apps need "
             "the same for speech bubbles, buttons, labels and badges baked into sprites.")

CASES = [
    ("note-short", NOTE_SHORT, 25, 300, "word-char"),
    ("note-medium", NOTE_MEDIUM, 30, 300, "word-char"),
    ("note-long", NOTE_LONG, 16, 300, "word-char"),
    ("english-narrow", NOTE_MEDIUM, 16, 120, "word-char"),
    ("english-wide", NOTE_LONG, 12, 500, "word-char"),
    ("french", "Où est passée la fenêtre ? Elle s’est envolée, déçue, vers l’océan où naviguent les mouettes.", 20, 240, "word-char"),
    ("german-compound", "Donaudampfschifffahrtsgesellschaftskapitän und Rindfleischetikettierungsüberwachungsaufgaben.", 18, 200, "word-char"),
    ("russian", "Чайка летит над морем, взмахивая крыльями раз в секунду, а взрывы вспыхивают там, где вы коснулись.", 18, 220, "word-char"),
    ("greek", "Ο γλάρος πετά πάνω από τη θάλασσα και οι εκρήξεις εμφανίζονται όπου αγγίζετε την οθόνη.", 18, 220, "word-char"),
    ("hebrew", "השחף עף מעל הים ומנפנף בכנפיו פעם בשנייה, והפיצוצים מופיעים במקום שבו נגעת.", 20, 220, "word-char"),
    ("arabic", "النورس يطير فوق البحر ويرفرف بجناحيه مرة كل ثانية، والانفجارات تظهر حيث تلمس الشاشة.", 20, 220, "word-char"),
    ("mixed-bidi", "The word שלום means peace, and سلام means peace too: 3 words, 2 scripts.", 18, 200, "word-char"),
    ("combining", "Cafe\u0301 na\u0131\u0308ve re\u0301sume\u0301 — o\u0304 a\u0323\u0302 e\u0300\u0323 with combining marks.", 22, 200, "word-char"),
    ("numbers", "Frames 1–81 at 30 fps: 2.7 s; 1,024 × 768 px; 99.5 % alpha; $12.50 (≈ €11).", 16, 180, "word-char"),
    ("url", "See https://example.com/assets/sequences/explosion/explosion81.png for the last frame.", 16, 160, "word-char"),
    ("long-word", "Supercalifragilisticexpialidocious", 24, 150, "word-char"),
    ("char-wrap", NOTE_MEDIUM, 18, 150, "char"),
    ("newlines", "First line\nSecond line, a little longer than the first one\n\nAfter an empty line", 16, 200, "word-char"),
    ("punctuation", "“Quotes”, (parentheses), [brackets], {braces} — dashes – and hyphen-ated words… ellipses!", 16, 170, "word-char"),
    ("tiny", "Small print at eight points wraps many more words on each line than the larger sizes do.", 8, 100, "word-char"),
    ("large", "Big", 120, 300, "word-char"),
    ("spaces", "Several   spaces    between     words stay as they are inside a line.", 16, 150, "word-char"),
    # One line, what does not fit replaced by an ellipsis (NSLineBreakMode's truncating modes).
    ("ellipsize-end", NOTE_MEDIUM, 16, 180, "end"),
    ("ellipsize-start", NOTE_MEDIUM, 16, 180, "start"),
    ("ellipsize-middle", NOTE_MEDIUM, 16, 180, "middle"),
    ("ellipsize-end-hebrew", "השחף עף מעל הים ומנפנף בכנפיו פעם בשנייה", 20, 160, "end"),
]


def utf16_offset(text, byte_index):
    prefix = text.encode("utf-8")[:byte_index].decode("utf-8")
    return len(prefix.encode("utf-16-le")) // 2


def shown(data):
    """The text Pango shows: its runs in logical order, the elided one (one glyph for several
    characters) as "…"."""
    runs = sorted((run for line in data["lines"] for run in line["runs"]), key=lambda run: run["offset"])
    return "".join("\u2026" if len(run["glyphs"]) == 1 and len(run["text"]) > 1 else run["text"] for run in runs)


def main():
    fontdir = tempfile.mkdtemp()
    os.symlink(os.path.abspath(FONT), os.path.join(fontdir, "DejaVuSans.ttf"))
    conf = os.path.join(fontdir, "fonts.conf")
    with open(conf, "w") as f:
        # Only the shipped font: no fallback to other installed fonts, so a missing glyph is a box in both.
        f.write(f'<?xml version="1.0"?><!DOCTYPE fontconfig SYSTEM "fonts.dtd"><fontconfig><dir>{fontdir}</dir>'
                f'<cachedir>{fontdir}/cache</cachedir></fontconfig>')
    env = dict(os.environ, FONTCONFIG_FILE=conf)
    out = os.path.join(HERE, "pango")
    os.makedirs(out, exist_ok=True)
    manifest = []
    for case_id, text, size, width, wrap in CASES:
        png = os.path.join(out, case_id + ".png")
        serial = os.path.join(fontdir, case_id + ".json")
        layout = ["--ellipsize", wrap] if wrap in ("start", "middle", "end") else ["--wrap", wrap]
        subprocess.run(["pango-view", "-q", "--font", f"DejaVu Sans {size}px", "--pixels", "--width", str(width),
                        *layout, "--hinting=none", "--hint-metrics=off", "--subpixel-positions",
                        "--antialias=gray", "--margin=0", "--background=white", "--foreground=black",
                        # Pango hyphenates a word it breaks inside (since 1.44); UIKit does not by
                        # default (hyphenationFactor 0), nor does Flipbook: turned off to compare.
                        "--markup", "-t", '<span insert_hyphens="false">' + html.escape(text, quote=False) + "</span>", "-o", png, "--serialize-to", serial], check=True, env=env)
        data = json.load(open(serial))["output"]
        manifest.append({"id": case_id, "text": text, "size": size, "width": width, "wrap": wrap,
                         "lineStarts": [utf16_offset(text, line["start-index"]) for line in data["lines"]],
                         "height": data["height"] / 1024, "unknownGlyphs": data["unknown-glyphs"],
                         "shown": shown(data)})
    with open(os.path.join(out, "cases.json"), "w") as f:
        json.dump({"generator": "pango-view " + subprocess.run(["pango-view", "--version"], capture_output=True, text=True).stdout.strip(),
                   "cases": manifest}, f, ensure_ascii=False, indent=1)
    print(f"{len(manifest)} cases written to {out}")


if __name__ == "__main__":
    sys.exit(main())
