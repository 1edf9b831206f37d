#!/usr/bin/env python3
"""flipbook engine check: makes sheets with `flipbook sheet` from real fixtures for every format ×
option set, loads them in real engines (Phaser 3, PixiJS 8 in headless Chromium; libGDX's own
TextureAtlas parser; Godot 3 headless) and in strict readers (cocos2d-x, SpriteKit, Godot 4), draws
every frame at its logical origin and compares it with the source PNG. See README.md."""

import argparse
import glob
import http.server
import json
import os
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
import time
import traceback
from urllib.parse import parse_qs, urlparse

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import raster  # noqa: E402
import readers  # noqa: E402
import selftest  # noqa: E402

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
# results

class Row:
    def result_text(self, limit):
        """The row's result for a Markdown table cell, at most `limit` characters."""
        if self.status in ("not-written", "skipped", "refused"):
            res = "%s: %s" % (self.status, self.reason)
        elif getattr(self, "warned", None) and self.failed:
            res = "warned by flipbook (%s); FAIL as warned: %s" % (self.warned, self.first_failure)
        elif self.status == "error":
            res = "ERROR: " + self.reason
        elif self.failed:
            res = "FAIL: " + self.first_failure
        else:
            res = "ok"
        res = res.replace("|", "\\|").replace("\n", " ")
        return res if len(res) <= limit else res[:limit] + "…"

    def __init__(self, engine, variant, fmt, optset):
        self.engine, self.variant, self.fmt, self.optset = engine, variant, fmt, optset
        self.checked = 0
        self.failed = 0
        self.first_failure = ""
        self.status = "ran"  # ran | skipped | not-written | refused | error
        self.reason = ""
        self.notes = []

    def key(self):
        return (self.engine, self.variant, self.fmt, self.optset)

    def fail(self, reason):
        self.failed += 1
        if not self.first_failure:
            self.first_failure = reason

    def as_dict(self):
        return {"engine": self.engine, "variant": self.variant, "format": self.fmt, "option_set": self.optset,
                "kind": ENGINE_KIND.get(self.engine, ""), "status": self.status, "frames_checked": self.checked,
                "frames_failed": self.failed, "first_failure": self.first_failure, "reason": self.reason,
                "notes": self.notes}


class Ctx:
    def __init__(self, outdir, keep_fail_images=6):
        self.outdir = outdir
        self.rows = {}
        self.fail_images = {}
        self.keep = keep_fail_images

    def row(self, engine, variant, fmt, optset):
        k = (engine, variant, fmt, optset)
        if k not in self.rows:
            self.rows[k] = Row(*k)
        return self.rows[k]

    def check_frame(self, row, fixture, name, got, premult, expect_name=None):
        """Compares one drawn frame with the fixture's source; records the failure image."""
        src = fixture.pixels(name)
        row.checked += 1
        ok, why = raster.compare(src, got, premult)
        if not ok:
            row.fail("%s/%s: %s" % (fixture.name, name, why))
            n = self.fail_images.get(row.key(), 0)
            if n < self.keep:
                self.fail_images[row.key()] = n + 1
                p = os.path.join(self.outdir, "failures", row.engine + ("-" + row.variant if row.variant else ""),
                                 row.fmt, row.optset, fixture.name, name + ".png")
                raster.save_side_by_side(p, src, got, premult)
                if got is not None:  # the engine's pixels as read back, premultiplied, for closer study
                    np.save(p[:-4] + ".got-premultiplied.npy", got if premult else raster.premultiply(got))


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


# ---------------------------------------------------------------------------------------------
# browser engines

class Collector:
    def __init__(self):
        self.results = {}
        self.frames = {}
        self.logs = []
        self.done = threading.Event()
        self.done_info = None


def serve(roots, jobs_doc, collector):
    class H(http.server.SimpleHTTPRequestHandler):
        def translate_path(self, path):
            path = urlparse(path).path
            for prefix, root in roots.items():
                if path.startswith(prefix):
                    rel = path[len(prefix):].lstrip("/")
                    return os.path.join(root, *rel.split("/"))
            return "/nonexistent"

        def do_GET(self):
            if urlparse(self.path).path == "/jobs.json":
                body = json.dumps(jobs_doc).encode()
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)
                return
            return super().do_GET()

        def do_POST(self):
            u = urlparse(self.path)
            n = int(self.headers.get("Content-Length", 0))
            body = self.rfile.read(n)
            if u.path == "/frame":
                q = {k: v[0] for k, v in parse_qs(u.query).items()}
                w, h = int(q["w"]), int(q["h"])
                arr = np.frombuffer(body, np.uint8)
                arr = arr.reshape(h, w, 4).copy() if arr.size == w * h * 4 else None
                collector.frames[(int(q["job"]), q["name"])] = (arr, q["premult"] == "1")
            elif u.path == "/result":
                r = json.loads(body)
                collector.results[r["id"]] = r
            elif u.path == "/log":
                collector.logs.append(json.loads(body)["msg"])
            elif u.path == "/done":
                collector.done_info = json.loads(body)
                collector.done.set()
            self.send_response(200)
            self.send_header("Content-Length", "0")
            self.end_headers()

        def log_message(self, *a):
            pass

        def end_headers(self):
            self.send_header("Cache-Control", "no-store")
            super().end_headers()

    srv = http.server.ThreadingHTTPServer(("127.0.0.1", 0), H)
    threading.Thread(target=srv.serve_forever, daemon=True).start()
    return srv


def find_program(*names):
    """The path of the first of `names` on PATH, or None."""
    for name in names:
        path = shutil.which(name)
        if path:
            return path
    return None


def run_browser(engine, renderer, jobs, outdir, timeout):
    chromium = find_program("chromium", "chromium-browser", "google-chrome")
    if not chromium:
        raise RuntimeError("chromium not installed")
    width = max([j["W"] for j in jobs] + [16])
    height = max([j["H"] for j in jobs] + [16])
    doc = {"jobs": jobs, "width": width, "height": height}
    col = Collector()
    srv = serve({"/web/": os.path.join(HERE, "web"), "/vendor/": VENDOR, "/sheets/": os.path.join(outdir, "sheets")}, doc, col)
    port = srv.server_address[1]
    prof = tempfile.mkdtemp(prefix="chromium-prof-")
    url = "http://127.0.0.1:%d/web/runner.html?engine=%s&renderer=%s" % (port, engine, renderer)
    args = [chromium, "--headless=new", "--no-sandbox", "--disable-gpu", "--use-angle=swiftshader",
            "--enable-unsafe-swiftshader", "--no-first-run", "--no-default-browser-check", "--disable-extensions",
            "--mute-audio", "--user-data-dir=" + prof, "--window-size=%d,%d" % (width + 16, height + 16), url]
    proc = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    try:
        col.done.wait(timeout)
    finally:
        proc.terminate()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()
        srv.shutdown()
        shutil.rmtree(prof, ignore_errors=True)
    return col


# ---------------------------------------------------------------------------------------------
# main flow

def main():
    sys.modules.setdefault("driver", sys.modules[__name__])  # by_engine imports this module as `driver`
    import by_engine  # noqa: E402
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--flipbook", default=os.path.join(REPO, ".build", "release", "flipbook"))
    ap.add_argument("--by-format", action="store_true",
                    help="the older mode: every --format × option set, loaded by the engines that read that format "
                         "(default: every --engine × option set, loaded as that engine loads it)")
    ap.add_argument("--engines", default="",
                    help="engine mode: %s; --by-format: %s" % (",".join(by_engine.ENGINES), ",".join(ALL_ENGINES)))
    ap.add_argument("--out", default=os.path.join(HERE, "out"))
    ap.add_argument("--keep", action="store_true", help="keep the generated sheets (default: only failures and the report)")
    ap.add_argument("--option-sets", default="", help="comma-separated subset of option sets (default: all)")
    ap.add_argument("--fixtures", default="", help="comma-separated fixtures: folders of Tests/Fixtures/sequences, or "
                    "paths relative to Tests/Fixtures such as sprites/kenney-items (default: %s)" % ",".join(FIXTURES))
    ap.add_argument("--browser-timeout", type=float, default=300)
    ap.add_argument("--no-selftest", action="store_true", help="skip the loader self-test on converted json-hash sheets")
    args = ap.parse_args()

    t0 = time.time()
    known = ALL_ENGINES if args.by_format else by_engine.ENGINES
    engines = [e.strip() for e in args.engines.split(",") if e.strip()] or list(known)
    for e in engines:
        if e not in known:
            ap.error("unknown engine %s (known%s: %s)" % (e, " with --by-format" if args.by_format else "", ", ".join(known)))
    if not os.access(args.flipbook, os.X_OK):
        ap.error("no flipbook binary at %s (build it, or pass --flipbook PATH)" % args.flipbook)
    outdir = os.path.abspath(args.out)
    for sub in ("sheets", "failures"):
        shutil.rmtree(os.path.join(outdir, sub), ignore_errors=True)
    shutil.rmtree(os.path.join(outdir, "godot3-projects"), ignore_errors=True)
    os.makedirs(outdir, exist_ok=True)
    fb = Flipbook(args.flipbook)
    fixtures = [Fixture(n) for n in (args.fixtures.split(",") if args.fixtures else FIXTURES)]
    for fx in fixtures:
        if not fx.frames:
            ap.error("fixture %s: no PNGs in %s" % (fx.name, os.path.relpath(fx.dir, REPO)))
    scales_fixture = Fixture(SCALES_FIXTURE)
    optsets = [o for o in OPTION_SETS if not args.option_sets or o[0] in args.option_sets.split(",")]
    if not args.by_format:
        if not fb.has_engine_flag:
            ap.error("%s has no `sheet --engine`; use --by-format" % args.flipbook)
        ctx = by_engine.run(args, fb, fixtures, scales_fixture, optsets, engines, outdir, t0)
        fails = by_engine.write_report(ctx, outdir, fb, time.time() - t0, fixtures, optsets, engines)
        if not args.keep:
            shutil.rmtree(os.path.join(outdir, "sheets"), ignore_errors=True)
            shutil.rmtree(os.path.join(outdir, "godot3-projects"), ignore_errors=True)
        return 1 if fails else 0

    ctx = Ctx(outdir)

    formats_needed = []
    for e in engines:
        for f in ENGINE_FORMATS[e]:
            if f not in formats_needed:
                formats_needed.append(f)

    # 1. sheets
    sheets = {}  # (fixture, fmt, optname) -> info
    support = {}
    for fmt in formats_needed:
        support[fmt] = fb.supports(fmt, outdir, fixtures[0].dir)
    log("flipbook %s: formats %s; --engine %s" % (args.flipbook, ",".join(fb.formats), "yes" if fb.has_engine_flag else "no"))
    for fmt in formats_needed:
        ok, how = support[fmt]
        if not ok:
            continue
        for optname, flags in optsets:
            fxs = [scales_fixture] if optname == "scales1,2" else fixtures
            for fx in fxs:
                fl = multipack_flags(fx) if flags is None else flags
                sheets[(fx.name, fmt, optname)] = make_sheet(fb, how, fx, fmt, optname, fl, outdir)
    log("sheets: %d made in %.1fs" % (len(sheets), time.time() - t0))

    def fixtures_for(optname):
        return [scales_fixture] if optname == "scales1,2" else fixtures

    def prelude(engine, variant, fmt, optname):
        """Creates the row; returns list of (fixture, info) to check, or None when the row is settled."""
        ok, how = support[fmt]
        if not ok:
            row = ctx.row(engine, variant, fmt, "(all)")
            row.status, row.reason = "not-written", how
            return row, None
        row = ctx.row(engine, variant, fmt, optname)
        if engine == "phaser" and optname == "premultiply":
            row.status = "skipped"
            row.reason = ("Phaser 3.55 cannot be told a page is premultiplied: WebGLRenderer.createTexture2D always "
                          "uploads with UNPACK_PREMULTIPLY_ALPHA_WEBGL=true, Canvas draws the PNG as straight alpha")
            return row, None
        todo = []
        for fx in fixtures_for(optname):
            info = sheets[(fx.name, fmt, optname)]
            if info["rc"] != 0:
                if optname == "premultiply" and info["rc"] in (1, 2):
                    row.status, row.reason = "refused", "flipbook refuses (exit %d): %s" % (info["rc"], info["stderr"].splitlines()[-1] if info["stderr"] else "")
                    return row, None
                row.status = "error"
                row.reason = "flipbook exit %d: %s" % (info["rc"], info["stderr"][-300:])
                return row, None
            todo.append((fx, info))
        if optname == "scales1,2" and not scales_fixture.has_scale(1):
            row.notes.append("%s has only @2x sources: the @1x sheet is checked for frame names only, @2x pixel by pixel" % scales_fixture.name)
        return row, todo

    # 2. browser engines
    for engine in [e for e in engines if e in ("phaser", "pixi")]:
        for renderer in ("canvas", "webgl"):
            jobs, meta = [], {}
            for fmt in ENGINE_FORMATS[engine]:
                for optname, _ in optsets:
                    row, todo = prelude(engine, renderer, fmt, optname)
                    if todo is None:
                        continue
                    for fx, info in todo:
                        for label, data, sc, pixel in sheet_variants(info, fmt, fx, optname):
                            if not os.path.exists(data):
                                row.fail("%s: %s not written" % (fx.name, os.path.basename(data)))
                                continue
                            dj = json.load(open(data))
                            m = dj.get("meta", {}) if isinstance(dj, dict) else {}
                            kind = "atlas"
                            if engine == "phaser" and fmt == "aseprite":
                                kind = "aseprite"
                            elif engine == "phaser" and optname == "multipack":
                                kind = "multiatlas"
                            exp = expected_frames(fx, optname, sc)
                            rel = os.path.relpath(os.path.dirname(data), os.path.join(outdir, "sheets")).replace(os.sep, "/")
                            job = {"id": len(jobs), "kind": kind, "base": "/sheets/" + rel + "/",
                                   "json": os.path.basename(data), "png": m.get("image", "sheet.png"),
                                   "premultiplied": bool(m.get("premultipliedAlpha")),
                                   "frames": [{"name": n, "sw": w, "sh": h} for n, w, h in exp],
                                   "W": max(w for _, w, _ in exp), "H": max(h for _, _, h in exp)}
                            jobs.append(job)
                            meta[job["id"]] = (row, fx, info, label, data, sc, pixel, dj, optname, fmt)
            if not jobs:
                continue
            log("%s/%s: %d sheets in headless Chromium…" % (engine, renderer, len(jobs)))
            t1 = time.time()
            try:
                col = run_browser(engine, renderer, jobs, outdir, args.browser_timeout)
            except Exception as ex:  # noqa: BLE001
                for row, *_ in meta.values():
                    row.status, row.reason = "error", str(ex)
                continue
            log("  %.1fs; %s" % (time.time() - t1, "; ".join(col.logs[:3])))
            if col.done_info:
                ctx.versions = getattr(ctx, "versions", {})
                ctx.versions[engine] = col.done_info.get("version")
            for jid, (row, fx, info, label, data, sc, pixel, dj, optname, fmt) in meta.items():
                res = col.results.get(jid)
                job = jobs[jid]
                if res is None:
                    row.status = "error"
                    row.reason = "page gave no result (timeout or crash); page log: " + " | ".join(col.logs[-3:])
                    continue
                for e in res.get("errors", []):
                    row.notes.append("%s%s: %s" % (fx.name, label, e[:300]))
                judge_browser_job(ctx, engine, row, fx, job, res, col, pixel, dj, fmt, optname, label)

    # 3. libGDX
    if "libgdx" in engines:
        run_libgdx(ctx, optsets, prelude, fixtures_for)

    # 4. Godot 3
    if "godot3" in engines:
        run_godot3(ctx, optsets, prelude, outdir)

    # 5. readers
    for engine, fn in (("cocos2d", readers.cocos2d_frames), ("spritekit", readers.spritekit_frames)):
        if engine not in engines:
            continue
        for row, fx, label, data, sc, pixel, optname in collect_by_format(optsets, prelude, ENGINE_FORMATS[engine][0], engine):
            try:
                drawn, _meta = fn(data)
            except (readers.ReadError, OSError, KeyError, ValueError) as ex:
                row.fail("%s%s: cannot read: %s" % (fx.name, label, ex))
                continue
            judge_drawn(ctx, row, fx, drawn, optname, sc, pixel, label, name_of=lambda n: re.sub(r"\.png$", "", n))
    if "godot4" in engines:
        for row, fx, label, data, sc, pixel, optname in collect_by_format(optsets, prelude, "godot4"):
            try:
                drawn, anims = readers.godot4_frames(data)
            except (readers.ReadError, OSError, KeyError, ValueError) as ex:
                row.fail("%s%s: cannot read: %s" % (fx.name, label, ex))
                continue
            judge_godot(ctx, row, fx, drawn, anims, optname, sc, pixel, label)

    # 5b. loader self-test for formats flipbook does not write yet: convert a json-hash sheet
    st_engines = [e for e in ("godot3", "cocos2d", "godot4") if e in engines and "json-hash" in fb.formats]
    if st_engines and not args.no_selftest:
        run_selftest(ctx, fb, fixtures, st_engines, outdir)

    # 6. report
    elapsed = time.time() - t0
    write_report(ctx, outdir, fb, elapsed, fixtures, optsets, engines)
    if not args.keep:
        shutil.rmtree(os.path.join(outdir, "sheets"), ignore_errors=True)
        shutil.rmtree(os.path.join(outdir, "godot3-projects"), ignore_errors=True)
    bad = [r for r in ctx.rows.values() if r.failed or r.status == "error"]
    return 1 if bad else 0


def judge_browser_job(ctx, engine, row, fx, job, res, col, pixel, dj, fmt, optname, label):
    exp_names = [f["name"] for f in job["frames"]]
    fr = dj.get("frames") if isinstance(dj, dict) else None
    fr = list(fr.values()) if isinstance(fr, dict) else (fr or [])
    rotated = [f.get("filename", "") for f in fr if isinstance(f, dict) and f.get("rotated")]
    if rotated:
        note = "%s%s: %d of %d frames have rotated: true" % (fx.name, label, len(rotated), len(fr))
        if note not in row.notes:
            row.notes.append(note)
    got_names = set(res.get("frameNames", []))
    missing = res.get("missing", [])
    if missing:
        extra = sorted(n for n in got_names if n not in exp_names and n != "__BASE")[:6]
        for n in missing:
            row.checked += 1
            row.fail("%s%s/%s: no frame of that name (engine has %d frames%s)" % (
                fx.name, label, n, len([g for g in got_names if g != "__BASE"]),
                (", e.g. " + ", ".join(extra)) if extra else ""))
    for f in job["frames"]:
        if f["name"] in missing:
            continue
        got = col.frames.get((job["id"], f["name"]))
        if not pixel:
            row.checked += 1
            continue
        if got is None:
            row.checked += 1
            row.fail("%s%s/%s: no pixels came back" % (fx.name, label, f["name"]))
            continue
        ctx.check_frame(row, fx, f["name"], got[0], got[1])
    # animations
    if engine == "phaser" and fmt == "aseprite":
        check_aseprite_anims(row, fx, res, dj, label)
    if engine == "pixi":
        check_pixi_anims(row, fx, res, label, optname)


def check_aseprite_anims(row, fx, res, dj, label):
    anims = {a["key"]: a for a in (res.get("anims") or [])}
    tags = (dj.get("meta") or {}).get("frameTags") or []
    frames_hash = dj.get("frames")
    if not tags:
        row.fail("%s%s: meta.frameTags is empty, createFromAseprite makes no animation" % (fx.name, label))
        return
    for seq, names in fx.sequences.items():
        tag = next((t for t in tags if t.get("name") == seq), None)
        a = anims.get(seq)
        row.checked += 1
        if a is None:
            row.fail("%s%s: createFromAseprite made no animation %r (made: %s)" % (fx.name, label, seq, ", ".join(anims) or "none"))
            continue
        if len(a["frames"]) != len(names):
            row.fail("%s%s: animation %r has %d frames, want %d (tag %s)" % (
                fx.name, label, seq, len(a["frames"]), len(names), json.dumps(tag)))
            continue
        want_dur = [frames_hash[n]["duration"] if isinstance(frames_hash, dict) and n in frames_hash else None for n in names]
        # Phaser 3.55: an animation frame's `duration` is extra time on top of msPerFrame
        # (createFromAseprite sets msPerFrame from the shortest frame and duration = the difference)
        got_dur = [round((a.get("msPerFrame") or 0) + f["duration"]) for f in a["frames"]]
        if any(w is not None and w != g for w, g in zip(want_dur, got_dur)):
            row.fail("%s%s: animation %r durations %s, want %s" % (fx.name, label, seq, got_dur, want_dur))


def check_pixi_anims(row, fx, res, label, optname):
    anims = res.get("animations") or {}
    for seq, names in fx.sequences.items():
        got = anims.get(seq)
        if got is None:
            row.notes.append("%s%s: sheet.animations has no %r (has: %s)" % (fx.name, label, seq, ", ".join(anims) or "none"))
            continue
        if optname == "multipack":
            if len(got) != len(names):
                row.notes.append("%s%s: multipack: the first sheet's animations[%r] has %d of %d textures; PixiJS does not "
                                 "merge animations across meta.related_multi_packs" % (fx.name, label, seq, len(got), len(names)))
            continue
        if hasattr(row, "anims"):
            row.anims += 1  # engine mode counts animations in their own column
        else:
            row.checked += 1
        if len(got) != len(names) or any(t is None for t in got):
            row.fail("%s%s: animations[%r] = %d entries, %d undefined; want %d textures" % (
                fx.name, label, seq, len(got), sum(1 for t in got if t is None), len(names)))
        elif got != names:
            row.fail("%s%s: animations[%r] textures %s, want %s" % (fx.name, label, seq, got, names))


def judge_drawn(ctx, row, fx, drawn, optname, sc, pixel, label, name_of=lambda n: n):
    by = {}
    for d in drawn:
        by[name_of(d.name)] = d
    for n, w, h in expected_frames(fx, optname, sc):
        d = by.get(n)
        if d is None:
            k = seq_key(n)
            d = by.get("%s#%d" % k) if k[1] is not None else None
        row.checked += 1
        if d is None:
            row.fail("%s%s/%s: no frame of that name (reader has %d: %s)" % (fx.name, label, n, len(by), ", ".join(sorted(by)[:5])))
            continue
        if not pixel:
            if d.pixels is not None and d.pixels.shape[:2] != (h, w):
                row.fail("%s%s/%s: %dx%d, want %dx%d" % (fx.name, label, n, d.pixels.shape[1], d.pixels.shape[0], w, h))
            continue
        row.checked -= 1
        ctx.check_frame(row, fx, n, d.pixels, True)


def judge_godot(ctx, row, fx, drawn, anims, optname, sc, pixel, label):
    # frames are named "<animation>#<position>"; the fixture's sequences give the expected order,
    # a named sprite is the one-frame animation of its name ("coinGold#0")
    by = {d.name: d for d in drawn}
    for seq, names in fx.godot_animations().items():
        a = anims.get(seq)
        if a is None:
            row.checked += len(names)
            row.fail("%s%s: no animation %r (has: %s)" % (fx.name, label, seq, ", ".join(map(str, anims)) or "none"))
            continue
        if len(a["frames"]) != len(names):
            row.fail("%s%s: animation %r has %d frames, want %d" % (fx.name, label, seq, len(a["frames"]), len(names)))
        for i, n in enumerate(names):
            d = by.get("%s#%d" % (seq, i))
            if d is None:
                row.checked += 1
                row.fail("%s%s/%s: animation %r has no frame %d" % (fx.name, label, n, seq, i))
                continue
            if not pixel:
                row.checked += 1
                continue
            ctx.check_frame(row, fx, n, d.pixels, True)


# ---------------------------------------------------------------------------------------------
# libGDX

LIBGDX_CLASSES = os.path.join(VENDOR, "libgdx", "classes")


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


def run_libgdx(ctx, optsets, prelude, fixtures_for):
    todo_all = collect_by_format(optsets, prelude, "libgdx")
    if not todo_all:
        return
    for row, fx, label, data, sc, pixel, optname, dump in libgdx_dumps(todo_all):
        if dump is not None:
            judge_drawn(ctx, row, fx, dump[1], optname, sc, pixel, label)


def libgdx_dumps(todo_all):
    """Runs libGDX's own atlas code (DumpAtlas) on every (row, fx, label, data, sc, pixel, optname)
    and yields each with (dump, drawn frames), or None after recording the failure on its row."""
    if not os.path.exists(os.path.join(LIBGDX_CLASSES, "DumpAtlas.class")):
        for row, *_ in todo_all:
            row.status = "error"
            row.reason = ("libGDX's TextureAtlas is not prepared in %s (see README: vendor/libgdx)" % os.path.relpath(LIBGDX_CLASSES, REPO))
        return
    r = subprocess.run(["java", "-cp", LIBGDX_CLASSES, "DumpAtlas"] + [t[3] for t in todo_all], capture_output=True, text=True)
    dumps = {}
    for line in r.stdout.splitlines():
        try:
            d = json.loads(line)
            dumps[d["atlas"]] = d
        except ValueError:
            pass
    for row, fx, label, data, sc, pixel, optname in todo_all:
        d = dumps.get(data)
        drawn = None
        if d is None:
            row.checked += 1
            row.fail("%s%s: DumpAtlas printed nothing (%s)" % (fx.name, label, r.stderr[-200:]))
        else:
            try:
                pma = any(p.get("pma") for p in d.get("pages", []))
                drawn = readers.libgdx_frames_from_dump(d, os.path.dirname(data), pma)
            except (readers.ReadError, OSError) as ex:
                row.checked += 1
                row.fail("%s%s: %s" % (fx.name, label, ex))
        yield row, fx, label, data, sc, pixel, optname, (d, drawn) if drawn is not None else None
        # animation order: findRegions(name) returns regions in file order
        for seq, names in fx.sequences.items():
            got = [r["index"] for r in d["regions"] if r["name"] == seq]
            want = [seq_key(n)[1] for n in names]
            if got and got != want:
                row.notes.append("%s%s: findRegions(%r) order %s, want %s" % (fx.name, label, seq, got, want))


# ---------------------------------------------------------------------------------------------
# Godot 3

GODOT3_DIR = os.path.join(HERE, "godot3")


def find_godot3():
    return find_program("godot3-server", "godot3", "godot-server")


_godot_counter = [0]


def godot3_dump(godot, tres_files, workdir):
    """Runs each .tres through Godot 3: the sheet's folder becomes the root of a throwaway project
    (a data file that says res://sheet.png means "sheet.png at the project root"), the editor pass
    imports the PNG pages (runtime loading of res://…png needs the .import), then check.gd loads the
    SpriteFrames with Godot's own ResourceLoader. Returns {tres_path: (dump, project_dir, res_path)}."""
    out = {}
    raw = []
    env = dict(os.environ, HOME=os.path.join(workdir, "godot3-home"))
    for t in tres_files:
        _godot_counter[0] += 1
        proj = os.path.join(workdir, "godot3-projects", "p%03d" % _godot_counter[0])
        shutil.rmtree(proj, ignore_errors=True)
        shutil.copytree(os.path.dirname(t), proj)
        shutil.copy(os.path.join(GODOT3_DIR, "project.godot"), proj)
        shutil.copy(os.path.join(GODOT3_DIR, "check.gd"), proj)
        res_path = "res://" + os.path.basename(t)
        with open(os.path.join(proj, "list.txt"), "w") as f:
            f.write(res_path + "\n")
        subprocess.run([godot, "--no-window", "--path", proj, "-e", "--quit"], capture_output=True, text=True, env=env, timeout=300)
        r = subprocess.run([godot, "--no-window", "--path", proj, "-s", "check.gd"], capture_output=True, text=True, env=env, timeout=300)
        raw.append(r.stdout + r.stderr)
        for line in r.stdout.splitlines():
            if line.startswith("FLIPBOOK_CHECK "):
                d = json.loads(line[len("FLIPBOOK_CHECK "):])
                out[t] = (d, proj, d["path"])
        # Godot prints load errors (missing ext_resource, bad format) on stderr
        errs = [l for l in r.stderr.splitlines() if "ERROR" in l]
        if t in out and errs:
            out[t][0].setdefault("stderr", errs[:4])
    return out, "\n".join(raw)


def run_godot3(ctx, optsets, prelude, outdir):
    todo_all = collect_by_format(optsets, prelude, "godot3")
    if not todo_all:
        return
    godot = find_godot3()
    if not godot:
        for row, *_ in todo_all:
            row.status, row.reason = "error", "godot3-server not installed"
        return
    dumps, raw = godot3_dump(godot, [t[3] for t in todo_all], outdir)
    for row, fx, label, data, sc, pixel, optname in todo_all:
        got = dumps.get(data)
        if got is None:
            row.fail("%s%s: Godot printed nothing for %s" % (fx.name, label, os.path.basename(data)))
            continue
        d, proj, respath = got
        if d.get("error"):
            row.fail("%s%s: %s" % (fx.name, label, d["error"]))
            continue
        frames = []
        anims = {}
        for a in d["animations"]:
            anims[a["name"]] = {"speed": a["speed"], "loop": a["loop"], "frames": a["frames"]}
            for i, f in enumerate(a["frames"]):
                frames.append(dict(f, name="%s#%d" % (a["name"], i)))
        try:
            drawn = readers.godot_frames_from_dump(frames, proj)
        except (readers.ReadError, OSError) as ex:
            row.fail("%s%s: %s" % (fx.name, label, ex))
            continue
        judge_godot(ctx, row, fx, drawn, anims, optname, sc, pixel, label)


def godot3_selftest(outdir):
    """Runs the Godot 3 loader on the hand-written sample (godot3/sample) and checks it against the
    sample's own sources; returns (ok, message)."""
    godot = find_godot3()
    if not godot:
        return False, "godot3-server not installed"
    sample = os.path.join(GODOT3_DIR, "sample", "sheet.tres")
    dumps, raw = godot3_dump(godot, [sample], outdir)
    return sample in dumps, json.dumps(dumps.get(sample, (None,))[0])[:2000] if sample in dumps else raw[-2000:]


# ---------------------------------------------------------------------------------------------
# self-test of the not-yet-written formats' loaders

def run_selftest(ctx, fb, fixtures, engines, outdir):
    variant = "selftest"
    for fx in fixtures:
        for optname, flags in (("trim+rotate", ["--trim", "--rotate"]), ("trim", ["--trim"])):
            info = make_sheet(fb, ["--format", "json-hash"], fx, "json-hash", "selftest-" + optname, flags, outdir)
            if info["rc"] != 0:
                continue
            js = os.path.join(info["dir"], "sheet.json")
            for engine in engines:
                if engine != "cocos2d" and optname == "trim+rotate":
                    continue  # Godot's AtlasTexture has no rotation
                row = ctx.row(engine, variant, {"cocos2d": "cocos2d", "godot3": "godot3", "godot4": "godot4"}[engine], optname)
                row.notes_only = True
                d = os.path.join(info["dir"], "as-" + engine)
                try:
                    if engine == "cocos2d":
                        drawn, _ = readers.cocos2d_frames(selftest.to_cocos2d(js, d))
                        judge_drawn(ctx, row, fx, drawn, optname, None, True, "", name_of=lambda n: re.sub(r"\.png$", "", n))
                    elif engine == "godot4":
                        drawn, anims = readers.godot4_frames(selftest.to_godot(js, d, 3))
                        judge_godot(ctx, row, fx, drawn, anims, optname, None, True, "")
                    else:
                        tres = selftest.to_godot(js, d, 2)
                        godot = find_godot3()
                        if not godot:
                            row.status, row.reason = "error", "godot3-server not installed"
                            continue
                        dumps, raw = godot3_dump(godot, [tres], outdir)
                        got = dumps.get(tres)
                        if got is None or got[0].get("error"):
                            row.fail("%s: Godot: %s" % (fx.name, got[0].get("error") if got else raw[-300:]))
                            continue
                        frames, anims = [], {}
                        for a in got[0]["animations"]:
                            anims[a["name"]] = {"frames": a["frames"]}
                            frames += [dict(f, name="%s#%d" % (a["name"], i)) for i, f in enumerate(a["frames"])]
                        judge_godot(ctx, row, fx, readers.godot_frames_from_dump(frames, got[1]), anims, optname, None, True, "")
                except (readers.ReadError, OSError, KeyError, ValueError) as ex:
                    row.fail("%s: %s" % (fx.name, ex))


# ---------------------------------------------------------------------------------------------
# report

def report_preamble(ctx, title, how, fb, fixtures, elapsed, tolerance_note):
    """The lines above a report's table: what ran, on what, the tolerances and the engine versions."""
    lines = ["# " + title, ""]
    lines.append("flipbook: `%s`%s  ·  fixtures: %s (+ %s for scales)  ·  %.0f s" % (
        fb.path, how, ", ".join(f.name for f in fixtures), SCALES_FIXTURE, elapsed))
    lines.append("Tolerance: alpha ±%d, premultiplied colour ±%d per channel; NEAREST sampling everywhere.%s" % (
        raster.TOL_ALPHA, raster.TOL_COLOUR, tolerance_note))
    versions = getattr(ctx, "versions", {})
    if versions:
        lines.append("Engines: " + ", ".join("%s %s" % kv for kv in versions.items()))
    lines.append("")
    return lines


def write_report(ctx, outdir, fb, elapsed, fixtures, optsets, engines):
    rows = sorted(ctx.rows.values(), key=lambda r: (ALL_ENGINES.index(r.engine), r.variant, r.fmt,
                                                     ([o[0] for o in OPTION_SETS] + ["(all)"]).index(r.optset)))
    lines = report_preamble(ctx, "flipbook engine check", "", fb, fixtures, elapsed, "")
    lines.append("| engine | renderer | format | option set | frames checked | failed | result / first failure |")
    lines.append("|---|---|---|---|---:|---:|---|")
    for r in rows:
        eng = r.engine + ("" if ENGINE_KIND[r.engine] == "engine" else " (%s)" % ENGINE_KIND[r.engine])
        res = r.result_text(400)
        lines.append("| %s | %s | %s | %s | %d | %d | %s |" % (eng, r.variant or "—", r.fmt, r.optset, r.checked, r.failed, res))
    notes = [(r, n) for r in rows for n in r.notes]
    if notes:
        lines.append("")
        lines.append("## Notes (engine messages, not counted as failures)")
        lines.append("")
        seen = set()
        for r, n in notes:
            k = (r.engine, r.fmt, n)
            if k in seen:
                continue
            seen.add(k)
            lines.append("- %s %s %s %s: %s" % (r.engine, r.variant, r.fmt, r.optset, n.replace("\n", " ")[:400]))
    text = "\n".join(lines) + "\n"
    with open(os.path.join(outdir, "report.md"), "w") as f:
        f.write(text)
    with open(os.path.join(outdir, "results.json"), "w") as f:
        json.dump({"flipbook": fb.path, "formats": fb.formats, "elapsed_s": round(elapsed, 1),
                   "tolerance": {"alpha": raster.TOL_ALPHA, "premultiplied_colour": raster.TOL_COLOUR},
                   "engines": getattr(ctx, "versions", {}), "rows": [r.as_dict() for r in rows]}, f, indent=1)
    print(text)


if __name__ == "__main__":
    try:
        sys.exit(main())
    except KeyboardInterrupt:
        sys.exit(130)
