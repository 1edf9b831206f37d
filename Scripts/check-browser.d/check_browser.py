#!/usr/bin/env python3
"""The helper of check-browser: decodes an animated PNG / WebP in headless Chromium with WebCodecs
ImageDecoder (check_browser.html) and compares every frame, its duration, the frame count and the
loop count with EXPECT.json. Dev-time only (Python 3, Pillow, numpy).

A local HTTP server on 127.0.0.1 hands the page the job and the file's bytes; the page posts each
decoded frame's RGBA back, one at a time, and this script compares it with the expected PNG right
away, so only one frame of each is in memory and nothing big goes through a command line or the
DOM. The file's own frame timing (APNG fcTL delay_num/delay_den, WebP ANMF duration) is also read
here, to tell the encoder's rounding from Chromium's.
"""
import argparse
import http.server
import json
import os
import shutil
import struct
import subprocess
import sys
import tempfile
import threading
import time
from fractions import Fraction
from urllib.parse import parse_qs, urlparse

import numpy as np
from PIL import Image

HERE = os.path.dirname(os.path.abspath(__file__))
MS = Fraction(1, 1000)


# ---- what the file itself says ------------------------------------------------------------------

def declared_timing(data):
    """(kind, [duration as Fraction of s per frame], loop) from the container, or (kind, None, None)."""
    if data[:8] == b"\x89PNG\r\n\x1a\n":
        pos, durs, loop = 8, [], None
        while pos + 8 <= len(data):
            n, typ = struct.unpack(">I4s", data[pos:pos + 8])
            body = data[pos + 8:pos + 8 + n]
            if typ == b"acTL":
                loop = struct.unpack(">II", body[:8])[1]
            elif typ == b"fcTL":
                num, den = struct.unpack(">HH", body[20:24])
                durs.append((num, den))
            pos += 12 + n
        return "apng", durs, loop
    if data[:4] == b"RIFF" and data[8:12] == b"WEBP":
        pos, durs, loop = 12, [], None
        while pos + 8 <= len(data):
            typ, n = struct.unpack("<4sI", data[pos:pos + 8])
            body = data[pos + 8:pos + 8 + n]
            if typ == b"ANIM":
                loop = struct.unpack("<H", body[4:6])[0]
            elif typ == b"ANMF":
                durs.append(int.from_bytes(body[12:15], "little"))
            pos += 8 + n + (n & 1)
        return "webp", durs, loop
    return "unknown", None, None


def declared_seconds(kind, d):
    if kind == "apng":
        num, den = d
        return Fraction(num, den or 100)
    return Fraction(d, 1000)


def chromium_ms(kind, d):
    """Whole milliseconds Chromium's decoder makes of one declared delay (see NOTES.md)."""
    if kind == "apng":
        num, den = d
        return 10 * num if den == 0 else 1000 * num // den
    return d


# ---- comparing one frame -------------------------------------------------------------------------

def compare(exp, got):
    """Exact straight-alpha comparison: where expected alpha > 0, RGBA identical; where it is 0,
    decoded alpha 0 (RGB ignored)."""
    vis = exp[..., 3] > 0
    d = np.abs(exp.astype(np.int16) - got.astype(np.int16))
    bad_vis = vis & (d.max(axis=2) > 0)
    bad_inv = ~vis & (got[..., 3] > 0)
    max_vis = int(d[vis].max()) if vis.any() else 0
    max_inv = int(got[..., 3][~vis].max()) if (~vis).any() else 0
    r = {"diffPixels": int(bad_vis.sum() + bad_inv.sum()), "maxDiff": max(max_vis if bad_vis.any() else 0, max_inv)}
    if bad_vis.any():
        # premultiplied output would show as RGB ≈ RGB·A/255 on semi-transparent pixels
        semi = bad_vis & (exp[..., 3] < 255)
        if semi.any():
            pm = (exp[..., :3].astype(np.int32) * exp[..., 3:4] + 127) // 255
            r["looksPremultiplied"] = bool(np.mean(np.abs(pm[semi] - got[..., :3][semi]).max(axis=1) <= 1) > 0.9)
        r["firstDiff"] = [int(v) for v in np.argwhere(bad_vis)[0][::-1]]
        y, x = r["firstDiff"][1], r["firstDiff"][0]
        r["firstDiffPixels"] = {"expected": exp[y, x].tolist(), "decoded": got[y, x].tolist()}
    return r


# ---- the browser run -----------------------------------------------------------------------------

def find_chromium():
    for p in ("chromium", "chromium-browser", "google-chrome"):
        if shutil.which(p):
            return shutil.which(p)
    raise SystemExit("check-browser: chromium is not installed (apt-get install chromium)")


def chromium_version(path):
    try:
        r = subprocess.run([path, "--version"], capture_output=True, text=True, timeout=30)
        return r.stdout.strip().splitlines()[-1]
    except Exception:
        return None


def run(anim_path, expect_path, timeout=300, merged_ok=False):
    with open(expect_path) as f:
        exp = json.load(f)
    base = os.path.dirname(os.path.abspath(expect_path))
    frames = [p if os.path.isabs(p) else os.path.join(base, p) for p in exp["frames"]]
    want = [Fraction(d).limit_denominator(1000000) for d in exp["durations"]]
    if len(want) != len(frames):
        raise SystemExit("check-browser: %s has %d frames and %d durations" % (expect_path, len(frames), len(want)))
    with open(anim_path, "rb") as f:
        data = f.read()
    kind, decl, decl_loop = declared_timing(data)
    cover = timeline_cover(decl and [declared_seconds(kind, d) for d in decl], want)
    mime = {"apng": "image/png", "webp": "image/webp"}.get(kind) or (
        "image/webp" if anim_path.lower().endswith(".webp") else "image/png")

    with open(os.path.join(HERE, "check_browser.html"), "rb") as f:
        page = f.read()
    job = json.dumps({"type": mime}).encode()
    state = {"info": None, "frames": {}, "done": None}
    done = threading.Event()

    class H(http.server.BaseHTTPRequestHandler):
        def reply(self, body=b"", ctype="application/octet-stream"):
            self.send_response(200)
            self.send_header("Content-Type", ctype)
            self.send_header("Content-Length", str(len(body)))
            self.send_header("Cache-Control", "no-store")
            self.end_headers()
            self.wfile.write(body)

        def do_GET(self):
            p = urlparse(self.path).path
            if p == "/":
                return self.reply(page, "text/html")
            if p == "/job.json":
                return self.reply(job, "application/json")
            if p == "/anim":
                return self.reply(data, mime)
            self.send_error(404)

        def do_POST(self):
            u = urlparse(self.path)
            body = self.rfile.read(int(self.headers.get("Content-Length", 0)))
            try:
                if u.path == "/info":
                    state["info"] = json.loads(body)
                elif u.path == "/frame":
                    q = {k: v[0] for k, v in parse_qs(u.query).items()}
                    state["frames"][int(q["i"])] = judge_frame(q, body, frames, cover)
                elif u.path == "/done":
                    state["done"] = json.loads(body or b"{}")
                    done.set()
            except Exception as e:  # a bug here must not hang the page
                state["done"] = {"error": "helper: %r" % e}
                done.set()
            self.reply()

        def log_message(self, *a):
            pass

    srv = http.server.ThreadingHTTPServer(("127.0.0.1", 0), H)
    threading.Thread(target=srv.serve_forever, daemon=True).start()
    prof = tempfile.mkdtemp(prefix="check-browser-")
    errlog = open(os.path.join(prof, "stderr.txt"), "w+")
    args = [find_chromium(), "--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run",
            "--no-default-browser-check", "--disable-extensions", "--mute-audio", "--user-data-dir=" + prof,
            "http://127.0.0.1:%d/" % srv.server_address[1]]
    t0 = time.time()
    proc = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=errlog, start_new_session=True)
    try:
        if not done.wait(timeout):
            errlog.seek(0)
            state["done"] = {"error": "no answer from Chromium in %d s; its stderr ends: %s" % (
                timeout, " | ".join(errlog.read().strip().splitlines()[-3:]))}
    finally:
        proc.terminate()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()
        srv.shutdown()
        errlog.close()
        shutil.rmtree(prof, ignore_errors=True)
    if state["info"] is not None:
        state["info"]["version"] = chromium_version(args[0])
    return summarize(anim_path, exp, frames, want, kind, decl, decl_loop, state, time.time() - t0, merged_ok)


def timeline_cover(decl_s, want):
    """For each frame the file declares: the expected frames it stands for. One each when the
    counts agree; when they do not (an encoder that merges repeated frames into one longer frame),
    the expected frames on screen from its start (by the file's timeline, ±0.5 ms) to the next's."""
    n = len(want)
    if not decl_s or len(decl_s) >= n:
        return None
    starts, t = [], Fraction(0)
    for d in want:
        starts.append(t)
        t += d
    def at(time):
        return max([j for j in range(n) if starts[j] <= time + MS / 2] or [0])
    cuts, t = [], Fraction(0)
    for d in decl_s:
        cuts.append(at(t))
        t += d
    cuts.append(n)
    return [list(range(cuts[i], max(cuts[i + 1], cuts[i] + 1))) for i in range(len(decl_s))]


def judge_frame(q, body, frames, cover):
    i, w, h = int(q["i"]), int(q["w"]), int(q["h"])
    r = {"index": i, "format": q["fmt"], "size": [w, h], "converted": q["converted"] == "1",
         "complete": q["complete"] == "1", "decodeMs": float(q["ms"]),
         "durationUs": None if q["duration"] == "null" else int(q["duration"]), "timestampUs": int(q["timestamp"])}
    js = cover[i] if cover and i < len(cover) else [i]
    js = [j for j in js if j < len(frames)]
    if not js:
        return r
    r["expectedFrames"] = js
    got = np.frombuffer(body, np.uint8).reshape(h, w, 4)
    for j in js:  # a merged frame must equal every expected frame it stands for
        exp = np.asarray(Image.open(frames[j]).convert("RGBA"))
        if (exp.shape[1], exp.shape[0]) != (w, h):
            c = {"diffPixels": w * h, "maxDiff": 255, "sizeMismatch": [exp.shape[1], exp.shape[0]]}
        else:
            c = compare(exp, got)
        if j == js[0] or c["diffPixels"] > r["diffPixels"]:
            r.update(c)
    return r


# ---- verdict -------------------------------------------------------------------------------------

def fmt_s(x):
    return "%.3f s" % float(x)


def summarize(anim_path, exp, frames, want, kind, decl, decl_loop, state, elapsed, merged_ok=False):
    info, got, problems, notes = state["info"] or {}, state["frames"], [], []
    n = len(frames)
    if state["done"] and state["done"].get("error"):
        problems.append("browser: " + state["done"]["error"].strip().splitlines()[0])
    fc = info.get("frameCount")
    if info and not info.get("supported"):
        problems.append("Chromium does not support %s" % info.get("type"))
    if fc is not None and fc != n:
        covered = {j for r in state["frames"].values() for j in r.get("expectedFrames", [])}
        merged = "; frames compared by time: they stand for %d of the %d expected frames (a merged frame must equal every frame it replaces)" % (
            len(covered), n) if decl and len(decl) == fc < n else ""
        (notes if merged and merged_ok and len(covered) == n else problems).append("Chromium decodes %d frames, want %d%s" % (fc, n, merged))
    if info and n > 1 and not info.get("animated"):
        problems.append("Chromium does not see an animation (track.animated false)")
    loop = exp.get("loop", 0)
    # ImageDecoder's repetitionCount counts repeats after the first play: APNG num_plays / WebP
    # loop count N > 0 gives N - 1, 0 gives Infinity. A single frame has no loop to check.
    want_rc = "Infinity" if loop == 0 else loop - 1
    if info and n > 1 and info.get("repetitionCount") != want_rc:
        problems.append("repetitionCount %s, want %s (loop %d)" % (info.get("repetitionCount"), want_rc, loop))

    # pixels
    rows = [got[i] for i in sorted(got)]
    bad = [r for r in rows if r.get("diffPixels")]
    converted = [r["index"] for r in rows if r["converted"]]
    if converted:
        notes.append("%d frames came as %s and were converted to RGBA by Chromium" % (len(converted), rows[converted[0]]["format"]))
    if bad:
        problems.append("%d of %d frames differ" % (len(bad), len(rows)))
    missing = [i for i in range(min(fc or 0, n)) if i not in got]
    if missing:
        problems.append("%d frames never came back (first %d)" % (len(missing), missing[0]))

    # durations: per frame |Chromium − expected| < 1 ms; the file's own timeline within 1 ms of
    # the expected one at every frame boundary (Chromium itself truncates APNG delays to whole ms,
    # so its timeline can drift although the file is exact)
    tl = {"expected_s": float(sum(want)), "decoded_s": None, "declared_s": None, "maxDeclaredDrift_ms": None}
    dur_bad = []
    for r in rows:
        i = r["index"]
        if r.get("expectedFrames"):
            r["expectedUs"] = float(sum(want[j] for j in r["expectedFrames"]) * 1000000)
        if decl and i < len(decl):
            r["declared"] = list(decl[i]) if kind == "apng" else decl[i]
            r["declaredUs"] = float(declared_seconds(kind, decl[i]) * 1000000)
            r["chromiumRuleUs"] = chromium_ms(kind, decl[i]) * 1000
        if "expectedUs" not in r:
            continue
        if n == 1 and r["durationUs"] is None:
            notes.append("a still image has no duration in Chromium")
        elif (r["durationUs"] is None or abs(r["durationUs"] - r["expectedUs"]) >= 1000):
            dur_bad.append(r)
    if dur_bad:
        r = dur_bad[0]
        problems.append("%d frames' durations are 1 ms or more off (frame %d: %s µs, want %.0f µs)" % (
            len(dur_bad), r["index"], r["durationUs"], r["expectedUs"]))
    rule_off = [r for r in rows if "chromiumRuleUs" in r and r["durationUs"] != r["chromiumRuleUs"]]
    if rule_off:
        notes.append("%d frames' Chromium durations differ from the rule in NOTES.md (frame %d: %s µs, rule %d µs)" % (
            len(rule_off), rule_off[0]["index"], rule_off[0]["durationUs"], rule_off[0]["chromiumRuleUs"]))
    if rows and all(r["durationUs"] is not None for r in rows):
        tl["decoded_s"] = sum(r["durationUs"] for r in rows) / 1e6
    if decl:
        ds = [declared_seconds(kind, d) for d in decl]
        tl["declared_s"] = float(sum(ds))
        covers = [r.get("expectedFrames") for r in rows]
        if len(ds) == n or (len(ds) == len(rows) and all(covers)):
            # the file's frame ends against the expected ends of the frames they stand for
            acc_d = acc_w = Fraction(0)
            drift = Fraction(0)
            for k, a in enumerate(ds):
                acc_d += a
                acc_w += sum(want[j] for j in covers[k]) if len(ds) != n else want[k]
                drift = max(drift, abs(acc_d - acc_w))
            tl["maxDeclaredDrift_ms"] = float(drift * 1000)
            if drift >= MS:
                problems.append("the file's timeline drifts %.1f ms from the expected one (%s of %s)" % (
                    float(drift * 1000), fmt_s(sum(ds)), fmt_s(sum(want))))
    if decl_loop is not None and decl_loop != loop:
        notes.append("file loop count %d, expected %d" % (decl_loop, loop))

    return {"file": anim_path, "ok": not problems, "problems": problems, "notes": notes,
            "container": kind, "chromium": info, "timeline": tl, "elapsed_s": round(elapsed, 2),
            "framesExact": sum(1 for r in rows if r.get("diffPixels") == 0), "frames": rows}


def human(res):
    name = os.path.basename(res["file"])
    tl = res["timeline"]
    n = len(res["frames"])
    timing = "%s of %s" % (fmt_s(tl["decoded_s"]) if tl["decoded_s"] is not None else "?", fmt_s(tl["expected_s"]))
    if tl["declared_s"] is not None and abs(tl["declared_s"] - (tl["decoded_s"] or 0)) >= 0.0005:
        timing += " (file: %s)" % fmt_s(tl["declared_s"])
    if res["ok"]:
        lines = ["ok    %s  %d frames exact, %s" % (name, n, timing)]
    else:
        lines = ["FAIL  %s  %d of %d frames exact, %s" % (name, res["framesExact"], n, timing)]
        lines += ["      " + p for p in res["problems"]]
        for r in [r for r in res["frames"] if r.get("diffPixels")][:3]:
            extra = ""
            if "firstDiffPixels" in r:
                extra = ", first at %s: want %s, got %s" % (tuple(r["firstDiff"]), r["firstDiffPixels"]["expected"],
                                                            r["firstDiffPixels"]["decoded"])
            if r.get("looksPremultiplied"):
                extra += " (looks premultiplied)"
            lines.append("      frame %d: %d px differ, max channel diff %d%s" % (r["index"], r["diffPixels"], r["maxDiff"], extra))
    lines += ["      note: " + s for s in res["notes"]]
    return "\n".join(lines)


def main():
    ap = argparse.ArgumentParser(prog="check-browser")
    ap.add_argument("--json", action="store_true", help="print a machine-readable summary")
    ap.add_argument("--frames", action="store_true", help="with --json: include every frame's row")
    ap.add_argument("--timeout", type=float, default=300, help="seconds to wait for Chromium (default 300)")
    ap.add_argument("--merged-ok", action="store_true",
                    help="accept fewer frames when repeated frames were merged into longer ones (still exact by time)")
    ap.add_argument("animation")
    ap.add_argument("expect")
    a = ap.parse_args()
    for p in (a.animation, a.expect):
        if not os.path.isfile(p):
            print("check-browser: no such file: %s" % p, file=sys.stderr)
            sys.exit(2)
    res = run(a.animation, a.expect, a.timeout, a.merged_ok)
    if a.json:
        if not a.frames:
            res["frames"] = [r for r in res["frames"] if r.get("diffPixels")][:5]
            res["framesShown"] = "differing frames only (first 5); --frames for all"
        print(json.dumps(res, indent=1))
    else:
        print(human(res))
    sys.exit(0 if res["ok"] else 1)


if __name__ == "__main__":
    main()
