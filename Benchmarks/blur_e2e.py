"""End-to-end blur: `flipbook blur IN --sigma S -o OUT` against a Pillow script that opens, blurs and
saves the same PNG (what a user would write instead), on a photo, noise and sprite art at 1024²,
run in turn (flipbook, Pillow, flipbook, ...) so that a drifting machine moves both alike.
Prints, per image: median wall and CPU (user + sys of the process and its threads) of each, the
ratios (flipbook ÷ Pillow: < 1 is faster), and each output's mean and max error against
scipy.ndimage.gaussian_filter of the same image (premultiplied, edges repeated as flipbook's
default `--edge clamp` does: mode "nearest"), so the speed is not bought with a worse blur.
Dev-time only (Pillow, numpy, scipy).

    python3 blur_e2e.py FLIPBOOK WORKDIR [--sigma 30] [--rounds 7]
"""
import argparse
import json
import os
import resource
import subprocess
import sys
import time

import numpy as np
from PIL import Image
from scipy.ndimage import gaussian_filter

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)

PILLOW = """
import sys
from PIL import Image, ImageFilter
image = Image.open(sys.argv[1])
image.filter(ImageFilter.GaussianBlur(float(sys.argv[3]))).save(sys.argv[2])
"""


def inputs(folder):
    """The three kinds of picture, made once: a film frame (Big Buck Bunny, CC BY 3.0) scaled to
    1024², RGB noise, and sprite art with soft alpha (the Kenney robot's frames, CC0, tiled at 4×
    with nearest-neighbour, as pixel-art sheets are enlarged)."""
    os.makedirs(folder, exist_ok=True)
    made = {}
    photo = os.path.join(folder, "photo-1024.png")
    if not os.path.exists(photo):
        source = os.path.join(HERE, "gif-real", "corpus", "bbb-opening-fadein-720p")
        names = sorted(n for n in os.listdir(source) if n.endswith(".png"))
        Image.open(os.path.join(source, names[-1])).convert("RGB").resize((1024, 1024), Image.LANCZOS).save(photo)
    made["photo"] = photo
    noise = os.path.join(folder, "noise-1024.png")
    if not os.path.exists(noise):
        rng = np.random.default_rng(7)
        Image.fromarray(rng.integers(0, 256, (1024, 1024, 3), dtype=np.uint8), "RGB").save(noise)
    made["noise"] = noise
    sprite = os.path.join(folder, "sprite-1024.png")
    if not os.path.exists(sprite):
        robot = os.path.join(ROOT, "Sequences", "kenney-robot-walk")
        frames = [Image.open(os.path.join(robot, n)).convert("RGBA") for n in sorted(os.listdir(robot)) if n.endswith(".png")]
        sheet = Image.new("RGBA", (1024, 1024), (0, 0, 0, 0))
        x = y = 0
        for index in range(64):
            frame = frames[index % len(frames)]
            big = frame.resize((frame.width * 2, frame.height * 2), Image.NEAREST)
            if x + big.width > 1024:
                x, y = 0, y + big.height
            if y + big.height > 1024:
                break
            sheet.alpha_composite(big, (x, y))
            x += big.width
        sheet.save(sprite)
    made["sprite art"] = sprite
    return made


def run(command):
    """Wall and CPU seconds of one run (CPU from the children's rusage, threads included)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    process = subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if process.returncode != 0:
        raise SystemExit(f"{command[0]} exited {process.returncode}\n{process.stderr.decode()}")
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def premultiplied(path):
    rgba = np.asarray(Image.open(path).convert("RGBA")).astype(np.float64)
    rgba[..., :3] *= rgba[..., 3:] / 255
    return rgba


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("flipbook")
    parser.add_argument("work")
    parser.add_argument("--sigma", type=float, default=30)
    parser.add_argument("--rounds", type=int, default=7)
    options = parser.parse_args()
    pillow_script = os.path.join(options.work, "pillow_blur.py")
    with open(pillow_script, "w") as f:
        f.write(PILLOW)
    rows = []
    for kind, path in inputs(os.path.join(options.work, "blur-inputs")).items():
        ours_out = os.path.join(options.work, f"blur-flipbook-{kind.replace(' ', '-')}.png")
        theirs_out = os.path.join(options.work, f"blur-pillow-{kind.replace(' ', '-')}.png")
        ours_command = [options.flipbook, "blur", path, "--sigma", str(options.sigma), "-o", ours_out]
        theirs_command = [sys.executable, pillow_script, path, theirs_out, str(options.sigma)]
        run(ours_command), run(theirs_command)   # warm the file cache and the interpreter's imports
        ours, theirs = [], []
        for _ in range(options.rounds):
            ours.append(run(ours_command))
            theirs.append(run(theirs_command))
        median = lambda values: sorted(values)[len(values) // 2]
        wall = median([a[0] / b[0] for a, b in zip(ours, theirs)])
        cpu = median([a[1] / b[1] for a, b in zip(ours, theirs)])
        reference = premultiplied(path)
        reference = np.stack([gaussian_filter(reference[..., c], options.sigma, mode="nearest") for c in range(4)], -1)
        errors = {}
        for tool, output in (("flipbook", ours_out), ("pillow", theirs_out)):
            difference = np.abs(premultiplied(output) - reference)
            errors[tool] = (difference.mean(), difference.max())
        rows.append((kind, median([w for w, _ in ours]), median([w for w, _ in theirs]), wall,
                     median([c for _, c in ours]), median([c for _, c in theirs]), cpu, errors))
    print(f"{'image':11} {'flipbook s':>10} {'pillow s':>9} {'wall ratio':>10} {'flipbook cpu':>12} {'pillow cpu':>10} "
          f"{'cpu ratio':>9} {'flipbook err mean/max':>22} {'pillow err mean/max':>20}")
    for kind, a, b, wall, c, d, cpu, errors in rows:
        print(f"{kind:11} {a:10.3f} {b:9.3f} {wall:9.2f}x {c:12.3f} {d:10.3f} {cpu:8.2f}x "
              f"{errors['flipbook'][0]:15.3f}/{errors['flipbook'][1]:<6.1f} {errors['pillow'][0]:13.3f}/{errors['pillow'][1]:<6.1f}")
    print("ratios are flipbook ÷ Pillow, paired run by run (< 1 is faster); errors in levels of 255 against "
          "scipy.ndimage.gaussian_filter, premultiplied, edges repeated")
    json.dump([{"image": r[0], "wall_ratio": r[3], "cpu_ratio": r[6], "flipbook_error": r[7]["flipbook"], "pillow_error": r[7]["pillow"]}
               for r in rows], open(os.path.join(options.work, "blur-e2e.json"), "w"))


if __name__ == "__main__":
    main()
