"""The browser side of the engine check (Phaser 3 and PixiJS 8 in headless Chromium): a local HTTP
server that hands web/runner.html its jobs (/jobs.json) and collects what the page posts back (results,
drawn frames' pixels, log lines), run_browser, which opens one Chromium on it, and the judging of one
browser job: frame names, drawn pixels, and the Aseprite and PixiJS animations."""

import http.server
import json
import os
import shutil
import subprocess
import tempfile
import threading
from urllib.parse import parse_qs, urlparse

import numpy as np

from sheets import HERE, VENDOR, find_program


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


def page_result(col, jid, row, fx, label):
    """The page's result for job `jid`, its errors noted on `row`; None (and `row` an error) when
    the page gave none."""
    res = col.results.get(jid)
    if res is None:
        row.status = "error"
        row.reason = "page gave no result (timeout or crash); page log: " + " | ".join(col.logs[-3:])
        return None
    for e in res.get("errors", []):
        row.notes.append("%s%s: %s" % (fx.name, label, e[:300]))
    return res


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
