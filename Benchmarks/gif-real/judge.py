#!/usr/bin/env python3
"""Judge GIF encoders on real frame sequences (dev-time only), side by side with peers.

    python3 Benchmarks/gif-real/judge.py --flipbook PATH/flipbook [--only NAME...] [--out DIR]
        [--presets standard high fast] [--extra NAME=ARGS]... [--peers-from OLD/results.json]

(--peers-from takes the peers' rows, costs and metrics, from an earlier run instead of running
them: for iterating on flipbook alone; a report made that way says "(earlier run)" on those rows
and its wall-time ratios mix two runs.)

For every sequence in corpus/ (fps from corpus/README.md), each tool writes OUT/<seq>/<tool>.gif:

  flipbook-standard / -high / -fast   flipbook assemble DIR -o OUT --fps F --quality Q
  ffmpeg              palettegen=stats_mode=diff, then paletteuse=diff_mode=rectangle
                      (alpha_threshold 128, the default); image2 pattern input, -framerate F
  ffmpeg-minlossless  the same with alpha_threshold 64, 32, ... 1: the first (largest) that
                      loses no visible frame (128 itself when the default loses none)
  imagemagick         convert -delay D -dispose background FRAMES -layers OptimizePlus
  gifsicle-O3         gifsicle -O3 over the ffmpeg GIF (its time/CPU include the ffmpeg run)

Cost: bytes; wall seconds (perf_counter around the child); CPU seconds = user+sys of the child
(GNU time %U+%S); peak RSS (GNU time %M). Two-step tools add wall and CPU and take the larger RSS.

What a viewer sees: the GIF is decoded with Pillow (ImageSequence + convert('RGBA'), which
composites with each frame's disposal; checked against `flipbook frames` on one sequence per
run, see "decode check" in the report). Delays under 2 cs play as 10 cs, as in browsers (this
matters for ImageMagick's OptimizePlus, which adds 0 cs frames). Source frame
i (duration 1/F) is compared with the GIF frame shown at the middle of its slot,
t = (i + 0.5)/F, on the GIF's own timeline; if the GIF is shorter than the source, t past its
end shows the last frame (one play, no wrap-around). Source and shown frame are composited over
black and over white (RGB, 0-255):

  PSNR        10·log10(255² / MSE), MSE = mean over frames and both backgrounds of the per-frame
              MSE over all pixels and channels (∞ when identical).
  FLIP        mean FLIP (flip-evaluator, LDR, default viewing conditions, sRGB inputs) over both
              backgrounds, on every k-th source frame (0, k, 2k, ...); k is chosen so that the
              frames evaluated total at most --flip-mpx megapixels per background (k is listed).
  temporal    flicker added beyond the source's own change: for consecutive source frames,
              mean over pixels and channels of max(0, |shown_i − shown_i−1| − |src_i − src_i−1|),
              averaged over the pairs and both backgrounds (0-255 levels).
  lost        visible area = number of pixels with alpha ≥ 16. A source frame counts when its
              visible area is ≥ 0.5 % of the frame; it is lost when the shown frame's visible
              area is < 0.1 × the source frame's (anywhere in the frame).
  duration    sum of the GIF's delays (cs, as written) against 100 · frames / F; "plays N" when
              browsers would play it longer (0-1 cs delays).
  in order    PSNR of GIF frame i against source frame i, timing ignored (only when the GIF has
              as many frames as the source): separates colour/alpha error from timing error.
  vs ref      PSNR (as above, viewer timing) against the source with alpha thresholded at 128
              instead of the source: on soft alpha the one-bit alpha error swamps PSNR, and this
              shows the colour (and timing) error that is left. Thresholds below 128 count the
              extra pixels they keep as error here.

A reference row (not a GIF) scores the source itself with alpha thresholded at 128 (exact colours
and timing): the error every one-bit-alpha encoder at the default threshold starts from.

Outputs: OUT/report.md (also printed), OUT/results.json (all numbers, commands, versions,
sha256 of every GIF), OUT/<seq>/*.gif and OUT/<seq>/strip-<frame>.png contact strips (rows:
source, then each tool; columns: over black, over white; early, middle and last visible frame).
Deterministic except for timings: tools run one at a time, metrics afterwards in --jobs workers.
"""

import argparse
import shlex
import bisect
import hashlib
import json
import math
import multiprocessing as mp
import os
import platform
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np
from PIL import Image, ImageDraw, ImageFont, ImageSequence

HERE = Path(__file__).resolve().parent
CORPUS = HERE / "corpus"      # --corpus replaces it (for trying candidate sequences)
FRAME_NAME = re.compile(r"^(.*?)(\d+)(@\d+x)?\.png$", re.IGNORECASE)
VISIBLE_ALPHA = 16          # a pixel is visible at alpha >= 16
VISIBLE_FRACTION = 0.005    # a source frame counts when >= 0.5 % of its pixels are visible
LOST_RATIO = 0.1            # ... and is lost when the shown visible area is < 0.1 x the source's
MIN_DELAY_CS = 2            # browsers play 0-1 cs as 10 cs
THRESHOLDS = [64, 32, 16, 8, 4, 2, 1]
REFERENCE = "reference: source, alpha ≥ 128 kept"
PRESETS = ["standard", "high", "fast"]
PEERS = ["ffmpeg", "ffmpeg-minlossless", "imagemagick", "gifsicle-O3"]
TOOLS = [f"flipbook-{q}" for q in PRESETS] + PEERS


# ---------------------------------------------------------------- corpus

def natural_frames(folder):
    """PNG frames of a folder in numeric order: the number at the end of the name, before an
    optional @Nx (waitIndicatorGraphic-10@2x sorts after -9@2x). All names share one prefix."""
    frames, keys = [], set()
    for path in folder.iterdir():
        m = FRAME_NAME.match(path.name)
        if not m:
            continue
        frames.append((int(m.group(2)), m.group(2), path))
        keys.add((m.group(1), (m.group(3) or "").lower()))
    if len(keys) != 1:
        raise SystemExit(f"{folder}: expected one numbered PNG series, found {sorted(keys)}")
    frames.sort()
    return [p for _, _, p in frames], [d for _, d, _ in frames], keys.pop()


def corpus_fps():
    """fps column of corpus/README.md's table (name | ... | fps); 30 for anything not listed."""
    fps, header = {}, None
    readme = CORPUS / "README.md"
    if readme.exists():
        for line in readme.read_text().splitlines():
            cells = [c.strip() for c in line.strip().strip("|").split("|")]
            if not line.startswith("|") or set("".join(cells)) <= set("-: "):
                continue
            if header is None:
                header = [c.lower() for c in cells]
                continue
            if "fps" in header and len(cells) == len(header):
                fps[cells[0]] = float(cells[header.index("fps")])
    return fps


def ffmpeg_input(folder, frames, digits, key, fps, scratch):
    """image2 input args reading exactly these frames in this order: a %d / %0Nd pattern with
    -start_number when the numbers are contiguous and the padding is uniform, else numbered
    symlinks in scratch."""
    prefix = key[0]
    numbers = [int(d) for d in digits]
    contiguous = numbers == list(range(numbers[0], numbers[0] + len(numbers)))
    widths = {len(d) for d in digits}
    padded = any(d.startswith("0") and len(d) > 1 for d in digits)
    real_suffix = frames[0].name[len(prefix) + len(digits[0]):]   # keeps the file's own case
    esc = lambda s: s.replace("%", "%%")
    if contiguous and not padded:
        spec = "%d"
    elif contiguous and padded and len(widths) == 1:
        spec = f"%0{widths.pop()}d"
    else:
        spec = None
    if spec:
        pattern = str(folder / (esc(prefix) + spec + esc(real_suffix)))
        start = numbers[0]
    else:
        link_dir = scratch / "ffmpeg-frames"
        link_dir.mkdir(parents=True, exist_ok=True)
        for i, f in enumerate(frames):
            (link_dir / f"f{i:06d}.png").symlink_to(f.resolve())
        pattern, start = str(link_dir / "f%06d.png"), 0
    return ["-framerate", fmt_num(fps), "-f", "image2", "-pattern_type", "sequence",
            "-start_number", str(start), "-i", pattern]


def fmt_num(x):
    return str(int(x)) if float(x).is_integer() else repr(float(x))


# ---------------------------------------------------------------- running tools

class ToolError(Exception):
    pass


def run_timed(cmd, env):
    """Runs cmd under GNU time; returns wall s, cpu s (user+sys), peak RSS KiB."""
    with tempfile.NamedTemporaryFile("r", suffix=".time") as tf:
        full = ["/usr/bin/time", "-f", "%U %S %M", "-o", tf.name] + [str(c) for c in cmd]
        t0 = time.perf_counter()
        proc = subprocess.run(full, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                              text=True)
        wall = time.perf_counter() - t0
        lines = [l for l in open(tf.name).read().splitlines() if l.strip()]
    if proc.returncode != 0:
        raise ToolError(f"exit {proc.returncode}: {' '.join(map(str, cmd))}\n"
                        f"{proc.stderr.strip()[-2000:]}")
    user, sys_, rss = lines[-1].split()
    return {"wall": wall, "cpu": float(user) + float(sys_), "rss_kib": int(rss)}


def add_costs(*costs):
    return {"wall": sum(c["wall"] for c in costs), "cpu": sum(c["cpu"] for c in costs),
            "rss_kib": max(c["rss_kib"] for c in costs)}


def timed(cmd, env, repeat):
    """repeat > 1: the run with the median wall time."""
    runs = sorted((run_timed(cmd, env) for _ in range(repeat)), key=lambda r: r["wall"])
    return runs[len(runs) // 2]


# ---------------------------------------------------------------- decoding and metrics

def decode_gif(path):
    """Composited RGBA frames (uint8) and delays in cs, as Pillow shows them."""
    frames, delays = [], []
    with Image.open(path) as im:
        for frame in ImageSequence.Iterator(im):
            frames.append(np.array(frame.convert("RGBA")))
            delays.append(int(round(frame.info.get("duration", 0) / 10)))
    return frames, delays


def load_rgba(path):
    with Image.open(path) as im:
        return np.array(im.convert("RGBA"))


def played_delays(delays):
    """Delays as browsers play them: under MIN_DELAY_CS (0-1 cs) becomes 10 cs."""
    return [d if d >= MIN_DELAY_CS else 10 for d in delays]


def shown_indices(delays, n_src, fps):
    """GIF frame shown at the middle of each source frame's slot (one play, clamped)."""
    ends, t = [], 0
    for d in played_delays(delays):
        t += d
        ends.append(t)
    out = []
    for i in range(n_src):
        mid = (i + 0.5) * 100.0 / fps
        out.append(min(bisect.bisect_right(ends, mid), len(delays) - 1))
    return out


def visible_area(rgba):
    return int(np.count_nonzero(rgba[..., 3] >= VISIBLE_ALPHA))


def lost_frames(src_areas, shown_areas, n_pixels):
    lost = []
    for i, (s, g) in enumerate(zip(src_areas, shown_areas)):
        if s >= VISIBLE_FRACTION * n_pixels and g < LOST_RATIO * s:
            lost.append(i)
    return lost


def over(rgba, background):
    a = rgba[..., 3:4].astype(np.float32) / 255.0
    return rgba[..., :3].astype(np.float32) * a + np.float32(background) * (1.0 - a)


# Set in the parent before the worker pool forks (shared copy-on-write).
SRC = {"frames": None, "areas": None, "fps": None, "flip_idx": None, "strip_idx": None}


def gif_metrics(args):
    """All viewer-side metrics for one GIF against SRC. Runs in a worker."""
    tool, gif_path = args
    try:
        return _gif_metrics(tool, gif_path)
    except Exception as e:          # one bad GIF must not stop the run
        return tool, {"error": f"metrics: {type(e).__name__}: {e}"}, {}


def one_bit(rgba, threshold=128):
    out = rgba.copy()
    out[..., 3] = np.where(rgba[..., 3] >= threshold, 255, 0)
    return out


def _gif_metrics(tool, gif_path):
    import flip_evaluator
    src, fps = SRC["frames"], SRC["fps"]
    n = len(src)
    h, w = src[0].shape[:2]
    if gif_path is None:
        # Reference, not a GIF: the source's own colours and timing with only the one-bit alpha
        # every threshold-128 encoder must apply. Shows how much error is alpha alone.
        frames, delays, idx = [one_bit(f) for f in src], None, list(range(n))
    else:
        frames, delays = decode_gif(gif_path)
        if frames[0].shape[:2] != (h, w):
            raise ToolError(f"GIF is {frames[0].shape[1]}×{frames[0].shape[0]}, source {w}×{h}")
        idx = shown_indices(delays, n, fps)
    mse, mse_ref, temporal, flips, shown_areas = [], [], [], [], []
    prev = None
    flip_set = set(SRC["flip_idx"])
    for i in range(n):
        g = frames[idx[i]]
        shown_areas.append(visible_area(g))
        cur = []
        ref = one_bit(src[i])
        for bg in (0.0, 255.0):
            s_c, g_c = over(src[i], bg), over(g, bg)
            mse.append(float(np.mean((s_c - g_c) ** 2)))
            mse_ref.append(float(np.mean((over(ref, bg) - g_c) ** 2)))
            if i in flip_set:
                _, err, _ = flip_evaluator.evaluate(s_c / 255.0, g_c / 255.0, "LDR",
                                                    applyMagma=False)
                flips.append(float(err))
            cur.append((s_c, g_c))
        if prev is not None:
            for (s_c, g_c), (s_p, g_p) in zip(cur, prev):
                excess = np.abs(g_c - g_p) - np.abs(s_c - s_p)
                temporal.append(float(np.mean(np.maximum(excess, 0))))
        prev = cur
    mean_mse = float(np.mean(mse))
    # Fidelity without the timing: GIF frame i against source frame i, when the counts match.
    in_order = None
    if len(frames) == n:
        if idx == list(range(n)):
            in_order = mean_mse
        else:
            in_order = float(np.mean([np.mean((over(src[i], bg) - over(frames[i], bg)) ** 2)
                                      for i in range(n) for bg in (0.0, 255.0)]))
    lost = lost_frames(SRC["areas"], shown_areas, h * w)
    strips = {i: frames[idx[i]] for i in SRC["strip_idx"]}
    return tool, {
        "gif_frames": len(frames),
        "delays_cs": delays,
        "duration_cs": None if delays is None else sum(delays),
        "played_cs": None if delays is None else sum(played_delays(delays)),
        "shown_gif_frame": idx,
        "psnr_db": None if mean_mse == 0 else 10 * math.log10(255 ** 2 / mean_mse),
        "mse": mean_mse,
        "mse_vs_ref": float(np.mean(mse_ref)),
        "psnr_vs_ref_db": None if not np.mean(mse_ref) else
        10 * math.log10(255 ** 2 / float(np.mean(mse_ref))),
        "mse_in_order": in_order,
        "psnr_in_order_db": None if not in_order else 10 * math.log10(255 ** 2 / in_order),
        "worst_frame_psnr_db": worst_psnr(mse),
        "flip_mean": float(np.mean(flips)),
        "temporal_error": float(np.mean(temporal)) if temporal else 0.0,
        "frames_lost": len(lost),
        "lost_frame_indices": lost,
        "shown_visible_area": shown_areas,
    }, strips


def worst_psnr(mse_pairs):
    per_frame = [max(mse_pairs[k], mse_pairs[k + 1]) for k in range(0, len(mse_pairs), 2)]
    worst = max(per_frame)
    return None if worst == 0 else 10 * math.log10(255 ** 2 / worst)


def count_lost(gif_path):
    frames, delays = decode_gif(gif_path)
    idx = shown_indices(delays, len(SRC["frames"]), SRC["fps"])
    h, w = SRC["frames"][0].shape[:2]
    return len(lost_frames(SRC["areas"], [visible_area(frames[k]) for k in idx], h * w))


def verify_decode(flipbook, gif_path, env, scratch):
    """Pillow's composited frames and delays against `flipbook frames` (alpha exact, RGB exact
    where alpha > 0)."""
    out = scratch / ("frames-" + gif_path.stem)
    shutil.rmtree(out, ignore_errors=True)
    subprocess.run([flipbook, "frames", str(gif_path), "-o", str(out), "--prefix", "f"],
                   env=env, check=True, stdout=subprocess.DEVNULL)
    frames, delays = decode_gif(gif_path)
    seq = json.loads((out / "sequence.json").read_text())
    bad = []
    for i, f in enumerate(frames):
        ref = load_rgba(out / f"f{i + 1}.png")
        rgb_diff = np.any(ref[..., :3] != f[..., :3], axis=-1) & (ref[..., 3] > 0)
        if np.any(ref[..., 3] != f[..., 3]) or np.any(rgb_diff):
            bad.append(i)
    n_ref = len(list(out.glob("f*.png")))
    ok = not bad and n_ref == len(frames) and [d * 10 for d in delays] == seq.get("frameDurations")
    shutil.rmtree(out, ignore_errors=True)
    return {"gif": gif_path.name, "frames": len(frames), "flipbook_frames": n_ref,
            "mismatched_frames": bad, "delays_match": [d * 10 for d in delays] == seq.get("frameDurations"),
            "ok": ok}


# ---------------------------------------------------------------- contact strips

def font():
    try:
        return ImageFont.load_default(size=14)
    except TypeError:
        return ImageFont.load_default()


def contact_strip(rows, out_path, title):
    """rows: [(label, rgba)]; each row shows the frame over black and over white."""
    h, w = rows[0][1].shape[:2]
    longest = max(h, w)
    if longest > 640:
        scale = 640 / longest
    elif longest < 240:
        scale = float(math.ceil(240 / longest))
    else:
        scale = 1.0
    cw, ch = max(1, round(w * scale)), max(1, round(h * scale))
    label_w, gap, head = 170, 4, 44
    sheet = Image.new("RGB", (label_w + 2 * cw + 3 * gap, head + len(rows) * (ch + gap) + gap),
                      (128, 128, 128))
    draw = ImageDraw.Draw(sheet)
    fnt = font()
    draw.text((6, 4), title, fill=(0, 0, 0), font=fnt)
    draw.text((6, 22), "left: over black, right: over white", fill=(0, 0, 0), font=fnt)
    for r, (label, rgba) in enumerate(rows):
        y = head + gap + r * (ch + gap)
        draw.text((6, y + ch // 2 - 7), label, fill=(0, 0, 0), font=fnt)
        for c, bg in enumerate((0.0, 255.0)):
            cell = Image.fromarray(np.clip(np.rint(over(rgba, bg)), 0, 255).astype(np.uint8))
            if scale != 1.0:
                cell = cell.resize((cw, ch), Image.NEAREST if scale > 1 else Image.LANCZOS)
            sheet.paste(cell, (label_w + gap + c * (cw + gap), y))
    sheet.save(out_path, optimize=False)


# ---------------------------------------------------------------- one sequence

def encode_all(name, folder, frames, digits, key, fps, out_dir, args, env):
    """Runs every tool once (one at a time). Returns {tool: record}."""
    fb = args.flipbook
    rec = {}
    scratch = out_dir / "scratch"
    shutil.rmtree(scratch, ignore_errors=True)
    scratch.mkdir(parents=True)
    inp = ffmpeg_input(folder, frames, digits, key, fps, scratch)

    def attempt(tool, fn):
        try:
            rec[tool] = fn()
        except ToolError as e:
            rec[tool] = {"error": str(e)}
            print(f"  {tool}: FAILED {str(e).splitlines()[0]}", file=sys.stderr)

    for q in args.presets:
        def fb_run(q=q):
            gif = out_dir / f"flipbook-{q}.gif"
            cmd = [fb, "assemble", str(folder), "-o", str(gif), "--fps", fmt_num(fps),
                   "--quality", q]
            return {"gif": gif, "cmd": [cmd], **timed(cmd, env, args.repeat)}
        attempt(f"flipbook-{q}", fb_run)

    for name, extra in args.extra:
        def extra_run(name=name, extra=extra):
            gif = out_dir / f"flipbook-{name}.gif"
            cmd = [fb, "assemble", str(folder), "-o", str(gif), "--fps", fmt_num(fps), *shlex.split(extra)]
            return {"gif": gif, "cmd": [cmd], **timed(cmd, env, args.repeat)}
        attempt(f"flipbook-{name}", extra_run)

    palette = scratch / "palette.png"
    gen = ["ffmpeg", "-nostdin", "-v", "error", "-y", *inp,
           "-vf", "palettegen=stats_mode=diff", str(palette)]

    def use_cmd(gif, threshold=None):
        flt = "paletteuse=diff_mode=rectangle"
        if threshold is not None:
            flt += f":alpha_threshold={threshold}"
        return ["ffmpeg", "-nostdin", "-v", "error", "-y", *inp, "-i", str(palette),
                "-lavfi", flt, str(gif)]

    reused = (args.peers_from or {}).get(name, {})
    if reused:
        # Peers' records (costs and metrics) from an earlier run on the same corpus: iterate on
        # flipbook alone. Their GIFs stay where that run left them.
        for tool in PEERS:
            if tool in reused:
                rec[tool] = dict(reused[tool], reused=True)
        return rec

    def ff_run():
        gif = out_dir / "ffmpeg.gif"
        c1 = timed(gen, env, args.repeat)
        c2 = timed(use_cmd(gif), env, args.repeat)
        return {"gif": gif, "cmd": [gen, use_cmd(gif)], "palettegen": c1, **add_costs(c1, c2)}
    attempt("ffmpeg", ff_run)

    def im_run():
        gif = out_dir / "imagemagick.gif"
        # -delay is in centiseconds (ImageMagick's GIF writer keeps whole cs, so 30 fps = 3 cs
        # and the GIF runs 10 % fast; that shows in the duration column, as it would for users).
        # Dispose: the source frames are full, independent frames with transparency, so each one
        # must replace the last: "background" (clear the frame's area after showing it) is the
        # correct choice; "none" would stack semi-transparent smoke on the previous frames.
        # -layers OptimizePlus treats its input as coalesced frames and chooses every output
        # frame's disposal itself (previous/none here); on IM 6.9.11 none/previous/background
        # give byte-identical output, so this only matters if the optimize step is dropped.
        cmd = [args.convert, "-delay", str(round(100 / fps)), "-dispose", "background",
               *map(str, frames), "-layers", "OptimizePlus", str(gif)]
        return {"gif": gif, "cmd": [cmd], **timed(cmd, env, args.repeat)}
    attempt("imagemagick", im_run)

    def gs_run():
        if "error" in rec.get("ffmpeg", {"error": 1}):
            raise ToolError("needs the ffmpeg GIF")
        gif = out_dir / "gifsicle-O3.gif"
        cmd = ["gifsicle", "-O3", str(rec["ffmpeg"]["gif"]), "-o", str(gif)]
        own = timed(cmd, env, args.repeat)
        return {"gif": gif, "cmd": rec["ffmpeg"]["cmd"] + [cmd], "gifsicle_only": own,
                **add_costs(rec["ffmpeg"], own)}
    attempt("gifsicle-O3", gs_run)

    def minlossless_run():
        ff = rec.get("ffmpeg", {})
        if "error" in ff or not ff:
            raise ToolError("needs the ffmpeg GIF")
        tried = {128: count_lost(ff["gif"])}
        if tried[128] == 0:
            gif = out_dir / "ffmpeg-minlossless.gif"
            shutil.copyfile(ff["gif"], gif)
            return {**ff, "gif": gif, "alpha_threshold": 128, "lost_by_threshold": tried}
        for t in THRESHOLDS:
            gif = out_dir / f"ffmpeg-at{t}.gif"
            c2 = timed(use_cmd(gif, t), env, args.repeat)
            tried[t] = count_lost(gif)
            if tried[t] == 0 or t == THRESHOLDS[-1]:
                final = out_dir / "ffmpeg-minlossless.gif"
                shutil.move(gif, final)
                for old in out_dir.glob("ffmpeg-at*.gif"):
                    old.unlink()
                return {"gif": final, "cmd": [gen, use_cmd(final, t)], "alpha_threshold": t,
                        "lossless": tried[t] == 0, "lost_by_threshold": tried,
                        **add_costs(ff["palettegen"], c2)}
    attempt("ffmpeg-minlossless", minlossless_run)
    return rec


def judge_sequence(name, args, env, fps_table):
    folder = CORPUS / name
    frames, digits, key = natural_frames(folder)
    fps = fps_table.get(name, 30.0)
    out_dir = Path(args.out) / name
    out_dir.mkdir(parents=True, exist_ok=True)
    for old in out_dir.glob("*.gif"):
        old.unlink()
    print(f"== {name}: {len(frames)} frames at {fmt_num(fps)} fps", file=sys.stderr, flush=True)

    src = [load_rgba(f) for f in frames]
    h, w = src[0].shape[:2]
    n = len(src)
    areas = [visible_area(f) for f in src]
    visible = [i for i, a in enumerate(areas) if a >= VISIBLE_FRACTION * h * w]
    stride = max(1, math.ceil(n * h * w / (args.flip_mpx * 1e6)))
    early = round(0.1 * (n - 1))
    if visible and early < visible[0]:
        early = visible[0]
    strip_idx = sorted({early, (n - 1) // 2, visible[-1] if visible else n - 1})
    SRC.update(frames=src, areas=areas, fps=fps, flip_idx=list(range(0, n, stride)),
               strip_idx=strip_idx)

    # The decode bound (issue 48): CPU seconds Pillow (libpng) takes to open and load every frame on
    # one core; half of it is the wall time of that decoding on two cores.
    t0 = time.process_time()
    for path in frames:
        with Image.open(path) as im:
            im.load()
    decode_cpu = time.process_time() - t0

    t0 = time.perf_counter()
    rec = encode_all(name, folder, frames, digits, key, fps, out_dir, args, env)
    encode_s = time.perf_counter() - t0

    # Metrics, cached by GIF content (ffmpeg-minlossless is often the ffmpeg GIF itself).
    jobs, by_hash = [], {}
    for tool in TOOLS:
        r = rec.get(tool, {})
        if "gif" not in r or r.get("reused"):
            continue
        r["bytes"] = r["gif"].stat().st_size
        r["sha256"] = hashlib.sha256(r["gif"].read_bytes()).hexdigest()
        if r["sha256"] not in by_hash:
            by_hash[r["sha256"]] = tool
            jobs.append((tool, str(r["gif"])))
    jobs.append((REFERENCE, None))
    t1 = time.perf_counter()
    ctx = mp.get_context("fork")
    with ctx.Pool(min(args.jobs, len(jobs))) as pool:
        results = {t: (m, s) for t, m, s in pool.imap_unordered(gif_metrics, jobs)}
    metric_s = time.perf_counter() - t1
    strips = {}
    for tool in TOOLS:
        r = rec.get(tool, {})
        if "gif" in r and not r.get("reused"):
            m, s = results[by_hash[r["sha256"]]]
            r.update(m)
            strips[tool] = s
    ref_metrics, _ = results[REFERENCE]
    rec[REFERENCE] = ref_metrics

    for i in strip_idx:
        rows = [("source", src[i])] + [(t, strips[t][i]) for t in TOOLS if t in strips]
        contact_strip(rows, out_dir / f"strip-{i + 1:03d}.png",
                      f"{name}  source frame {i + 1}/{n}  ({frames[i].name})")

    verify = None
    if name == args.verify_decode and not args.peers_from:
        verify = [verify_decode(args.flipbook, rec[t]["gif"], env, out_dir / "scratch")
                  for t in TOOLS if "gif" in rec.get(t, {})]
    shutil.rmtree(out_dir / "scratch", ignore_errors=True)

    for r in rec.values():
        if "gif" in r:
            r["gif"] = str(r["gif"])
        r["cmd"] = [[str(c) for c in cmd] for cmd in r.get("cmd", [])]
    return {
        "name": name, "frames": n, "width": w, "height": h, "fps": fps,
        "first_file": frames[0].name, "last_file": frames[-1].name,
        "expected_duration_cs": 100.0 * n / fps,
        "visible_source_frames": len(visible),
        "flip_stride": stride, "flip_frames": len(SRC["flip_idx"]),
        "strip_frames": [i + 1 for i in strip_idx],
        "encode_seconds": encode_s, "metric_seconds": metric_s, "decode_cpu_seconds": decode_cpu,
        "decode_check": verify,
        "tools": rec,
    }


# ---------------------------------------------------------------- report

def f(x, spec, none="—"):
    return none if x is None else format(x, spec)


def ratio(a, b):
    return None if a is None or not b else a / b


def duration_s(r):
    written, played = r.get("duration_cs"), r.get("played_cs")
    if written is None:
        return "—"
    return str(written) if written == played else f"{written}, plays {played}"


def in_order_s(r):
    mse = r.get("mse_in_order")
    return "n/a" if mse is None else ("∞" if mse == 0 else f"{r['psnr_in_order_db']:.2f}")


def sequence_table(seq):
    ff = seq["tools"].get("ffmpeg", {})
    k = seq["flip_stride"]
    flip_on = "every frame" if k == 1 else f"1 frame in {k}"
    lines = [
        f"### {seq['name']}",
        "",
        f"{seq['frames']} frames {seq['width']}×{seq['height']} at {fmt_num(seq['fps'])} fps "
        f"(expected {seq['expected_duration_cs']:.1f} cs); {seq['visible_source_frames']} frames "
        f"visible (≥ 0.5 % of pixels at alpha ≥ 16); FLIP on {flip_on} ({seq['flip_frames']} "
        f"frames × 2 backgrounds); strips at frames {', '.join(map(str, seq['strip_frames']))}.",
        "",
        "| tool | bytes | ×ffmpeg bytes | wall s | CPU s | ×ffmpeg wall | RSS MiB | PSNR dB "
        "| ΔdB vs ffmpeg | mean FLIP | ×ffmpeg FLIP | temporal err | frames lost "
        "| duration cs (expected) | PSNR in order dB | PSNR vs ref dB |",
        "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for tool in TOOLS + [REFERENCE]:
        r = seq["tools"].get(tool)
        if r is None:
            continue
        label = tool if tool != REFERENCE else f"*{tool} (no GIF)*"
        if r.get("reused"):
            label += " (earlier run)"
        if tool == "ffmpeg-minlossless" and "alpha_threshold" in r:
            label += f" (at={r['alpha_threshold']}{'' if r.get('lossless', True) else ', still loses'})"
        if "error" in r:
            lines.append(f"| {label} | failed: {r['error'].splitlines()[0][:80]} |" + " |" * 14)
            continue
        psnr, fpsnr, has_ff = r.get("psnr_db"), ff.get("psnr_db"), "psnr_db" in ff
        psnr_s = "∞" if psnr is None else f"{psnr:.2f}"
        if not has_ff:
            d_s = "—"
        elif psnr is None or fpsnr is None:
            d_s = "0.00" if psnr == fpsnr else ("+∞" if psnr is None else "−∞")
        else:
            d_s = f"{psnr - fpsnr:+.2f}"
        rss = r.get("rss_kib")
        lines.append(
            f"| {label} | {f(r.get('bytes'), ',')} | {f(ratio(r.get('bytes'), ff.get('bytes')), '.2f')} "
            f"| {f(r.get('wall'), '.2f')} | {f(r.get('cpu'), '.2f')} "
            f"| {f(ratio(r.get('wall'), ff.get('wall')), '.2f')} "
            f"| {f(None if rss is None else rss / 1024, '.0f')} | {psnr_s} | {d_s} "
            f"| {r['flip_mean']:.4f} | {f(ratio(r['flip_mean'], ff.get('flip_mean')), '.2f')} "
            f"| {r['temporal_error']:.3f} | {r['frames_lost']} "
            f"| {duration_s(r)} ({seq['expected_duration_cs']:.1f}) "
            f"| {in_order_s(r)} | {'∞' if not r['mse_vs_ref'] else format(r['psnr_vs_ref_db'], '.2f')} |")
    lines.append("")
    decode = seq.get("decode_cpu_seconds")
    if decode:
        bound = decode / 2
        walls = [f"{tool} {r['wall'] / bound:.1f}×" for tool in TOOLS
                 if (r := seq["tools"].get(tool)) and r.get("wall") and not r.get("reused")]
        lines.append(f"Decode-only bound: Pillow (libpng) decodes these frames in {decode:.2f} s of CPU, "
                     f"{bound:.2f} s on two cores; wall ÷ that: {', '.join(walls)}.")
    return "\n".join(lines)


def report(results, meta):
    out = ["# gif-real: GIF encoders on real frame sequences", "",
           f"flipbook: `{meta['versions']['flipbook']}`; ffmpeg {meta['versions']['ffmpeg']}; "
           f"{meta['versions']['imagemagick']}; {meta['versions']['gifsicle']}; Pillow "
           f"{meta['versions']['pillow']}; flip-evaluator {meta['versions']['flip-evaluator']}. "
           f"{meta['cpus']} CPUs. Run took {meta['seconds']:.0f} s "
           f"(encodes one at a time, metrics in {meta['jobs']} workers).", "",
           "Columns: wall/CPU/RSS are the encoder's own (ffmpeg = both passes; gifsicle-O3 = ffmpeg "
           "+ gifsicle; ffmpeg-minlossless = palettegen + the chosen paletteuse, not the search). "
           "PSNR/FLIP/temporal compare what a viewer sees at the middle of each source frame, "
           "composited over black and over white; temporal err = flicker added beyond the "
           "source's own change (0–255 levels); frames lost = source frames with ≥ 0.5 % "
           "visible pixels (alpha ≥ 16) shown with < 10 % of that visible area; duration "
           "'written, plays N' = browsers play 0–1 cs delays as 10 cs; PSNR in order = GIF frame "
           "i vs source frame i, timing ignored (n/a when frame counts differ). The reference row "
           "is the source with alpha thresholded at 128, exact colours and timing (no GIF); PSNR vs "
           "ref = PSNR against that reference instead of the source (the colour error left once "
           "the one-bit alpha error is taken out). "
           "See judge.py for exact definitions.", ""]
    for seq in results:
        out += [sequence_table(seq), ""]
        if seq.get("decode_check"):
            ok = all(v["ok"] for v in seq["decode_check"])
            out += [f"Decode check (Pillow vs `flipbook frames`, {len(seq['decode_check'])} GIFs "
                    f"of this sequence): {'all frames and delays identical' if ok else 'MISMATCH — see results.json'}.", ""]
    return "\n".join(out)


def versions(flipbook, convert, env):
    def first(cmd):
        try:
            p = subprocess.run(cmd, env=env, capture_output=True, text=True)
            return (p.stdout or p.stderr).strip().splitlines()[0]
        except (OSError, IndexError):
            return "?"
    import PIL
    try:
        from importlib.metadata import version
        flip_v = version("flip-evaluator")
    except Exception:
        flip_v = "?"
    return {
        "flipbook": first([flipbook, "--version"]),
        "ffmpeg": first(["ffmpeg", "-version"]).split(" Copyright")[0].replace("ffmpeg version ", ""),
        "imagemagick": first([convert, "-version"]).replace("Version: ", "").split(" https")[0],
        "gifsicle": first(["gifsicle", "--version"]),
        "pillow": PIL.__version__, "numpy": np.__version__, "flip-evaluator": flip_v,
        "python": platform.python_version(),
    }


def main():
    global CORPUS
    pre = argparse.ArgumentParser(add_help=False)
    pre.add_argument("--corpus", default=str(CORPUS))
    CORPUS = Path(pre.parse_known_args()[0].corpus).resolve()
    names = sorted(p.name for p in CORPUS.iterdir() if p.is_dir())
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--flipbook", required=True, help="flipbook binary (release build)")
    ap.add_argument("--only", nargs="+", metavar="NAME", choices=names, help="corpus sequences")
    ap.add_argument("--out", default="/tmp/gif-real-work", help="output folder")
    ap.add_argument("--corpus", default=str(CORPUS),
                    help="folder of sequence folders (default: corpus/ beside this script)")
    ap.add_argument("--convert", default="/usr/bin/convert" if os.path.exists("/usr/bin/convert")
                    else (shutil.which("convert") or "convert"), help="ImageMagick convert")
    ap.add_argument("--jobs", type=int, default=min(2, os.cpu_count() or 1),
                    help="metric worker processes")
    ap.add_argument("--flip-mpx", type=float, default=6.0,
                    help="FLIP budget: megapixels per tool, sequence and background")
    ap.add_argument("--repeat", type=int, default=1, help="encode runs per tool (median wall)")
    ap.add_argument("--verify-decode", default="unity-explosion02hd-fadeout", metavar="NAME",
                    help="sequence whose GIFs are checked against `flipbook frames`")
    ap.add_argument("--extra", action="append", default=[], metavar="NAME=ARGS",
                    help="another flipbook row, `flipbook-NAME`, with these assemble options "
                         "(e.g. --extra 'dither=--alpha dither'); repeatable")
    ap.add_argument("--presets", nargs="*", default=PRESETS, choices=PRESETS,
                    help="flipbook presets to run (default: all; none with --extra alone)")
    ap.add_argument("--peers-from", metavar="RESULTS_JSON",
                    help="take the peers' rows from an earlier run's results.json instead of "
                         "running them (quick iteration on flipbook; the report says so)")
    args = ap.parse_args()
    if args.peers_from:
        earlier = json.loads(Path(args.peers_from).read_text())
        args.peers_from = {seq["name"]: seq["tools"] for seq in earlier["sequences"]}
    for q in PRESETS:
        if q not in args.presets:
            TOOLS.remove(f"flipbook-{q}")
    args.extra = [tuple(item.split("=", 1)) for item in args.extra]
    for name, _ in args.extra:
        TOOLS.insert(TOOLS.index("ffmpeg"), f"flipbook-{name}")
    args.flipbook = str(Path(args.flipbook).resolve())
    todo = args.only or names
    if args.verify_decode not in todo:
        args.verify_decode = todo[0]

    env = dict(os.environ, LC_ALL="C")
    if os.path.isdir("/opt/swift/usr/bin"):
        env["PATH"] = "/opt/swift/usr/bin:" + env.get("PATH", "")
    for tool in ("ffmpeg", "gifsicle", "/usr/bin/time"):
        if not shutil.which(tool, path=env["PATH"]) and not os.path.exists(tool):
            raise SystemExit(f"missing {tool}")
    Path(args.out).mkdir(parents=True, exist_ok=True)

    t0 = time.perf_counter()
    fps_table = corpus_fps()
    results = [judge_sequence(name, args, env, fps_table) for name in todo]
    meta = {"versions": versions(args.flipbook, args.convert, env), "cpus": os.cpu_count(),
            "jobs": args.jobs, "flip_mpx": args.flip_mpx, "repeat": args.repeat,
            "seconds": time.perf_counter() - t0, "argv": sys.argv,
            "definitions": {"visible_alpha": VISIBLE_ALPHA, "visible_fraction": VISIBLE_FRACTION,
                            "lost_ratio": LOST_RATIO, "min_delay_cs": MIN_DELAY_CS}}
    text = report(results, meta)
    (Path(args.out) / "report.md").write_text(text + "\n")
    (Path(args.out) / "results.json").write_text(
        json.dumps({"meta": meta, "sequences": results}, indent=1, ensure_ascii=False) + "\n")
    print(text)


if __name__ == "__main__":
    main()
