"""Side-by-side GIF encoding benchmark: Flipbook against ffmpeg, ImageMagick and gifsicle.

    gif_bench.py FLIPBOOK CORPUS_DIR WORK_DIR

For each sequence folder in CORPUS_DIR (frame1.png…, 30 fps) every tool encodes the same frames;
each output is measured by gif_quality.py (PSNR over black and white, SSIM, duration). Wall time
and peak RSS come from wait4 (median time of 3 runs, max RSS). Ratios are against ffmpeg's
two-pass palettegen stats_mode=diff + paletteuse diff_mode=rectangle.
"""
import glob
import json
import os
import re
import subprocess
import sys

flipbook, corpus, work = sys.argv[1], sys.argv[2], sys.argv[3]
here = os.path.dirname(os.path.abspath(__file__))
os.makedirs(work, exist_ok=True)
FPS = 30
sys.path.insert(0, here)
from run_timed import timed  # noqa: E402


def quality(gif, frames):
    result = subprocess.run([sys.executable, os.path.join(here, "gif_quality.py"), gif, frames, str(FPS)],
                            check=True, capture_output=True, text=True)
    return json.loads(result.stdout)


def frames_of(folder):
    return sorted(glob.glob(f"{folder}/frame*.png"), key=lambda f: int(re.findall(r"(\d+)\.png$", f)[0]))


def alpha_bounds(files):
    """What a GIF with perfect colours scores when its only error is one-bit alpha, measured like
    gif_quality.py: over black and over white, PSNR averaged. `threshold` keeps alpha >= 128 with
    the pixel's own colour (what every encoder here does); `best` picks, per pixel, kept (with the
    colour closest over both backgrounds: composited on mid-grey) or clear, whichever is closer."""
    import numpy as np
    from PIL import Image
    sums = {"threshold": [0.0, 0.0], "best": [0.0, 0.0]}
    for path in files:
        s = np.array(Image.open(path).convert("RGBA")).astype(np.float64)
        rgb, a = s[..., :3], s[..., 3:4] / 255
        on_black, on_white = rgb * a, rgb * a + 255 * (1 - a)
        grey = rgb * a + 127.5 * (1 - a)
        kept_error = ((grey - on_black) ** 2 + (grey - on_white) ** 2).sum(-1, keepdims=True)
        clear_error = (on_black ** 2 + (on_white - 255) ** 2).sum(-1, keepdims=True)
        for name, kept, colour in (("threshold", a >= 0.5, rgb), ("best", kept_error < clear_error, grey)):
            shown_black, shown_white = np.where(kept, colour, 0), np.where(kept, colour, 255)
            sums[name][0] += ((shown_black - on_black) ** 2).mean()
            sums[name][1] += ((shown_white - on_white) ** 2).mean()
    psnr = lambda total: 10 * np.log10(255 ** 2 / max(total / len(files), 1e-10))
    return [(psnr(sums[n][0]) + psnr(sums[n][1])) / 2 for n in ("threshold", "best")]


for folder in sorted(glob.glob(f"{corpus}/*/")):
    name = os.path.basename(folder.rstrip("/"))
    files = frames_of(folder)
    out = lambda tool: os.path.join(work, f"{name}-{tool}.gif")
    pattern = os.path.join(folder, "frame%d.png")
    tools = [
        ("flipbook", [flipbook, "assemble", folder, "-o", out("flipbook"), "--fps", str(FPS)]),
        ("flipbook high", [flipbook, "assemble", folder, "-o", out("flipbook-high"), "--fps", str(FPS), "--quality", "high"]),
        ("flipbook fast", [flipbook, "assemble", folder, "-o", out("flipbook-fast"), "--fps", str(FPS), "--quality", "fast"]),
        ("ffmpeg diff", ["ffmpeg", "-v", "error", "-y", "-framerate", str(FPS), "-i", pattern, "-vf",
                         "split[a][b];[a]palettegen=stats_mode=diff[p];[b][p]paletteuse=diff_mode=rectangle", out("ffmpeg")]),
        ("ffmpeg single+new", ["ffmpeg", "-v", "error", "-y", "-framerate", str(FPS), "-i", pattern, "-vf",
                               "split[a][b];[a]palettegen=stats_mode=single[p];[b][p]paletteuse=new=1", out("ffmpeg-single")]),
        ("convert -layers Optimize", ["convert", "-delay", f"1x{FPS}", "-dispose", "background", *files,
                                     "-layers", "Optimize", out("convert")]),
        ("gifsicle -O3 (ffmpeg's)", ["gifsicle", "-O3", out("ffmpeg"), "-o", out("gifsicle")]),
    ]
    rows = []
    for label, command in tools:
        seconds, rss = timed(command, repeat=1 if label.startswith("convert") else 3)
        target = command[command.index("-o") + 1] if "-o" in command else command[-1]
        rows.append((label, os.path.getsize(target), quality(target, folder), seconds, rss))
    base = next(row for row in rows if row[0] == "ffmpeg diff")
    from PIL import Image
    with Image.open(files[0]) as first:
        first_mode = first.mode
        print(f"\n{name}: {len(files)} frames of {first.width}×{first.height} {first.mode}, {FPS} fps")
    print(f"{'tool':26} {'bytes':>10} {'×ffmpeg':>8} {'PSNR':>7} {'ΔdB':>6} {'SSIM':>7} {'cs':>9} {'wall s':>7} {'×ffmpeg':>8} {'RSS MiB':>8} {'×ffmpeg':>8}")
    for label, size, q, seconds, rss in rows:
        print(f"{label:26} {size:>10} {size / base[1]:>7.2f}x {q['psnr']:>7.2f} {q['psnr'] - base[2]['psnr']:>+6.2f} "
              f"{q['ssim']:>7.4f} {q['duration_cs']:>4}/{q['expected_cs']:<4} {seconds:>7.2f} {seconds / base[3]:>7.2f}x "
              f"{rss:>8.1f} {rss / base[4]:>7.2f}x")

    if first_mode == "RGBA":
        threshold, best = alpha_bounds(files)
        print(f"1-bit alpha bounds (exact colours): alpha >= 128 kept {threshold:.2f} dB ({threshold - base[2]['psnr']:+.2f}); "
              f"best of kept/clear per pixel, kept pixels matted on mid-grey {best:.2f} dB ({best - base[2]['psnr']:+.2f})")

# Memory must stay flat as the sequence grows: the same frames, 4× as many.
folder = sorted(glob.glob(f"{corpus}/*/"))[0]
files = frames_of(folder)
long = os.path.join(work, "long")
os.makedirs(long, exist_ok=True)
for index in range(len(files) * 4):
    link = os.path.join(long, f"frame{index + 1}.png")
    if not os.path.exists(link):
        os.symlink(os.path.abspath(files[index % len(files)]), link)
_, short_rss = timed([flipbook, "assemble", folder, "-o", os.path.join(work, "short.gif"), "--fps", str(FPS)], repeat=1)
_, long_rss = timed([flipbook, "assemble", long, "-o", os.path.join(work, "long.gif"), "--fps", str(FPS)], repeat=1)
print(f"\nflipbook peak RSS: {len(files)} frames {short_rss:.1f} MiB, {len(files) * 4} frames {long_rss:.1f} MiB "
      f"({long_rss / short_rss:.2f}x for 4x the frames)")
