"""What the engine check makes sheets from, and how: the fixtures (source PNGs, their sequences and
named sprites), the option sets and engine/format tables, the `flipbook sheet` runner, and which data
files one sheet gives and which frames they must hold. Also the small helpers every part uses (log,
find_program)."""

import glob
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

import raster

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.abspath(os.path.join(HERE, "..", ".."))
VENDOR = os.path.join(HERE, "vendor")

ALL_ENGINES = ["phaser", "pixi", "godot3", "libgdx", "cocos2d", "spritekit", "godot4"]
FIXTURES = ["kenney-gold-coin", "gameart2d-dino-jump", "ansimuz-fire-bomb-pixel"]
SCALES_FIXTURE = "emt-watch-spinner-2x"

# option sets: (name, flags); "multipack" flags are computed per fixture
OPTION_SETS = [
    ("default", []),
    ("trim", ["--trim"]),
    ("rotate", ["--rotate"]),
    ("trim+rotate", ["--trim", "--rotate"]),
    ("padding0+extrude1", ["--padding", "0", "--extrude", "1"]),
    ("scales1,2", ["--scales", "1,2"]),
    ("multipack", None),
    ("premultiply", ["--alpha-handling", "premultiply"]),
    ("trim+margin1", ["--trim", "--trim-margin", "1"]),
    ("layout-rows", ["--layout", "rows"]),
]

# which engine reads which format, and how it is labelled in the table
ENGINE_FORMATS = {
    "phaser": ["json-hash", "json-array", "aseprite"],
    "pixi": ["json-hash", "json-array"],
    "libgdx": ["libgdx"],
    "godot3": ["godot3"],
    "cocos2d": ["cocos2d"],
    "spritekit": ["spritekit"],
    "godot4": ["godot4"],
}
ENGINE_KIND = {"phaser": "engine", "pixi": "engine", "libgdx": "engine (parser)", "godot3": "engine",
               "cocos2d": "reader", "spritekit": "reader, not engine", "godot4": "reader"}
# formats that --engine selects (expected CLI) rather than --format
ENGINE_FLAG_FORMATS = {"godot3": "godot3", "godot4": "godot4", "cocos2d": "cocos2d"}


def log(*a):
    print(*a, file=sys.stderr, flush=True)


def find_program(*names):
    """The path of the first of `names` on PATH, or None."""
    for name in names:
        path = shutil.which(name)
        if path:
            return path
    return None


# ---------------------------------------------------------------------------------------------
# sources

def seq_key(stem):
    """('gold', 1) for gold_1, ('frame', 0) for frame-000, (stem, None) without a trailing number."""
    m = re.match(r"^(.*?)[-_ .]?(\d+)$", stem)
    if not m:
        return stem, None
    return m.group(1), int(m.group(2))


class Fixture:
    def __init__(self, spec):
        # "kenney-gold-coin" is a folder of Tests/Fixtures/sequences; "sprites/kenney-items" (with a
        # slash) is a path relative to Tests/Fixtures. The fixture is named after its folder.
        rel = spec if "/" in spec else os.path.join("sequences", spec)
        self.name = os.path.basename(spec.rstrip("/"))
        self.dir = os.path.join(REPO, "Tests", "Fixtures", rel)
        self.files = sorted(glob.glob(os.path.join(self.dir, "*.png")))
        self.frames = {}  # name -> (path, scale)
        for p in self.files:
            stem = os.path.splitext(os.path.basename(p))[0]
            m = re.match(r"^(.*)@(\d)x$", stem)
            name, scale = (m.group(1), int(m.group(2))) if m else (stem, 1)
            self.frames[name] = (p, scale)
        self._px = {}
        # numbered files make sequences (gold_1…gold_4 -> "gold"); a file without a number
        # (coinGold.png) is a named sprite: a one-frame entry named after its file stem, no animation
        # (but in Godot's SpriteFrames a one-frame animation of that name, see godot_animations)
        seqs = {}
        self.named = []
        for n in self.frames:
            s, i = seq_key(n)
            if i is None:
                self.named.append(n)
            else:
                seqs.setdefault(s, []).append((i, n))
        self.sequences = {s: [n for _, n in sorted(v)] for s, v in seqs.items()}

    def godot_animations(self):
        """{animation: [frame names]} a Godot SpriteFrames must hold: every sequence, and every named
        sprite as a one-frame animation named after the sprite."""
        return dict(self.sequences, **{n: [n] for n in self.named})

    def pixels(self, name):
        if name not in self._px:
            self._px[name] = raster.load_rgba(self.frames[name][0])
        return self._px[name]

    def has_scale(self, scale):
        return any(sc == scale for _, sc in self.frames.values())

    def max_dim(self):
        return max(max(self.pixels(n).shape[:2]) for n in self.frames)


# ---------------------------------------------------------------------------------------------
# flipbook capabilities and sheet generation

class Flipbook:
    def __init__(self, path):
        self.path = path
        out = subprocess.run([path, "sheet", "--help"], capture_output=True, text=True)
        self.help = out.stdout + out.stderr
        m = re.search(r"--format <format>.*?\(values: ([^;)]*)", self.help, re.S)
        self.formats = [v.strip() for v in m.group(1).replace("\n", " ").split(",")] if m else []
        self.has_engine_flag = "--engine" in self.help
        self.engine_support = {}

    def supports(self, fmt, probe_dir, probe_src):
        """(True, how) or (False, reason)."""
        if fmt in self.formats:
            return True, ["--format", fmt]
        if fmt in ENGINE_FLAG_FORMATS:
            if not self.has_engine_flag:
                return False, "not written yet (`flipbook sheet` has no --engine option)"
            if fmt not in self.engine_support:
                d = tempfile.mkdtemp(dir=probe_dir)
                r = subprocess.run([self.path, "sheet", probe_src, "-o", os.path.join(d, "sheet.png"), "--engine", fmt],
                                   capture_output=True, text=True)
                self.engine_support[fmt] = (r.returncode == 0, r.returncode, (r.stderr or r.stdout).strip().splitlines()[-1:] )
            ok, code, msg = self.engine_support[fmt]
            if ok:
                return True, ["--engine", fmt]
            return False, "not written yet (`--engine %s` exits %d: %s)" % (fmt, code, " ".join(msg))
        return False, "not written yet (no --format %s)" % fmt


def output_paths(fmt, d):
    if fmt == "spritekit":
        return os.path.join(d, "Sheet.atlasc"), None
    return os.path.join(d, "sheet.png"), None


def make_sheet(fb, how, fixture, fmt, optname, flags, outdir):
    d = os.path.join(outdir, "sheets", fixture.name, fmt, optname)
    if os.path.exists(d):
        shutil.rmtree(d)
    os.makedirs(d)
    out, _ = output_paths(fmt, d)
    cmd = [fb.path, "sheet", fixture.dir, "-o", out] + how + flags + ["--json"]
    r = subprocess.run(cmd, capture_output=True, text=True)
    info = {"dir": d, "cmd": " ".join(cmd[1:]).replace(REPO + "/", ""), "rc": r.returncode,
            "stderr": r.stderr.strip(), "files": []}
    if r.returncode == 0:
        try:
            info["json"] = json.loads(r.stdout)
            info["files"] = info["json"].get("files", [])
        except ValueError:
            pass
    return info


def multipack_flags(fixture):
    md = fixture.max_dim()
    # at most 4 sprites of the largest size fit on a page; fewer frames than that -> one per page
    size = 2 * md + 2 if len(fixture.frames) > 4 else md + md // 2
    return ["--max-size", str(size)]


# ---------------------------------------------------------------------------------------------
# expected frames per sheet

def expected_frames(fixture, optname, scale_variant):
    """[(name, w, h)] the engine must draw, in source pixels of this sheet's scale."""
    out = []
    for n, (p, sc) in fixture.frames.items():
        h, w = fixture.pixels(n).shape[:2]
        if scale_variant is not None and scale_variant != sc:
            w, h = (w * scale_variant) // sc, (h * scale_variant) // sc
        out.append((n, w, h))
    return out


def sheet_variants(info, fmt, fixture, optname):
    """The data files one option set produced: [(label, data_path, scale or None, pixel_checked)]."""
    d = info["dir"]
    if fmt == "spritekit":
        return [("", os.path.join(d, "Sheet.atlasc"), None, True)]
    ext = {"libgdx": ".atlas", "godot3": ".tres", "godot4": ".tres", "cocos2d": ".plist"}.get(fmt, ".json")
    if optname == "scales1,2":
        out = []
        for suffix, sc in (("", 1), ("@2x", 2)):
            cand = os.path.join(d, "sheet" + suffix + ext)
            # pixels are checked only where the fixture has real sources of that scale
            out.append(("@%dx" % sc, cand, sc, fixture.has_scale(sc)))
        return out
    if optname == "multipack" and ext == ".json":
        single = os.path.join(d, "sheet.json")
        if os.path.exists(single):
            return [("", single, None, True)]
        pages = sorted(glob.glob(os.path.join(d, "sheet-*.json")), key=lambda p: int(re.findall(r"-(\d+)\.json$", p)[0]))
        return [("", pages[0] if pages else single, None, True)]
    return [("", os.path.join(d, "sheet" + ext), None, True)]


def collect_by_format(optsets, prelude, fmt, engine=None):
    """Every sheet of format `fmt` to load (rows named `engine`, default the format): (row, fixture,
    label, data file, scale, pixel-checked, option set)."""
    todo_all = []
    for optname, _ in optsets:
        row, todo = prelude(engine or fmt, "", fmt, optname)
        if todo is None:
            continue
        for fx, info in todo:
            for label, data, sc, pixel in sheet_variants(info, fmt, fx, optname):
                todo_all.append((row, fx, label, data, sc, pixel, optname))
    return todo_all
