#!/usr/bin/env python3
"""Ways to turn soft alpha into GIF's one bit, scored by FLIP without building anything.

    python3 Benchmarks/gif-real/alpha_model.py [--mpx 2.5] [--only NAME...] SEQUENCE...

A model of `--alpha dither` (Sources/GIF/AlphaFlattener*.swift): each soft pixel's share (its
alpha, less for light colours: the light share a pattern of dots shows), the 8×8 Bayer levels,
the cut of an opaque shape's rim (within 2 pixels, at light share 160), alpha under 16 dropped,
small soft shapes (≤ 64 pixels away from the rim) kept as a core of their brightest pixels. No
palette (every kept pixel in its own colour) and no hysteresis: measured on the gif-real corpus
it gives the shipped GIFs' mean FLIP ratios to within ±0.02 (the colours cost 0.0000–0.0007 of
FLIP; the alpha mask is the rest). Every other row changes one thing.

Each SEQUENCE is a folder under corpus/ (frames ordered by their last number). Prints, per
sequence, each strategy's mean FLIP over black and white (as judge.py measures it) divided by
that of "alpha ≥ 128 kept, true colours", which is what ffmpeg's GIF scores to ±2 %. Frames are
sampled evenly, at most --mpx megapixels a sequence. Needs numpy, scipy, Pillow, flip-evaluator.
"""
import argparse
import math
import re
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import flip_evaluator
import numpy as np
from PIL import Image
from scipy import ndimage

CORPUS = Path(__file__).resolve().parent / "corpus"
BAYER = np.array([[0, 32, 8, 40, 2, 34, 10, 42], [48, 16, 56, 24, 50, 18, 58, 26],
                  [12, 44, 4, 36, 14, 46, 6, 38], [60, 28, 52, 20, 62, 30, 54, 22],
                  [3, 35, 11, 43, 1, 33, 9, 41], [51, 19, 59, 27, 49, 17, 57, 25],
                  [15, 47, 7, 39, 13, 45, 5, 37], [63, 31, 55, 23, 61, 29, 53, 21]])
LEVELS = (BAYER * 2 + 1) * 255 / 128.0   # in alpha units, as AlphaFlattener.levels / 128


def levels(h, w):
    return np.tile(LEVELS, (h // 8 + 1, w // 8 + 1))[:h, :w]


def linear(v):
    v = v / 255.0
    return np.where(v <= 0.04045, v / 12.92, ((v + 0.055) / 1.055) ** 2.4)


def light_share(f):
    """AlphaFlattener.lightShare, in alpha units (0…255)."""
    a = f[..., 3] / 255.0
    s = f[..., :3]
    c = linear(s)
    num = np.zeros(a.shape)
    den = np.zeros(a.shape)
    for ch in range(3):
        cc = c[..., ch]
        num += cc * linear(s[..., ch] * a)
        den += cc * cc
        num += (1 - cc) * (1 - linear(s[..., ch] * a + 255 * (1 - a)))
        den += (1 - cc) ** 2
    return np.clip(num / np.maximum(den, 1e-9), 0, 1) * 255


def over(rgba, bg):
    a = rgba[..., 3:4] / 255.0
    return rgba[..., :3] * a + bg * (1 - a)


def flip(src, out):
    errors = []
    for bg in (0.0, 255.0):
        _, err, _ = flip_evaluator.evaluate(np.clip(over(src, bg) / 255, 0, 1), np.clip(over(out, bg) / 255, 0, 1),
                                            "LDR", applyMagma=False)
        errors.append(err)
    return float(np.mean(errors))


def drawn(f, keep):
    out = np.zeros_like(f)
    out[..., :3] = np.where(keep[..., None], f[..., :3], 0)
    out[..., 3] = np.where(keep, 255, 0)
    return out


def shapes(share, region, lv, limit, whole=False):
    """Groups (8-neighbour) of `region` of at most `limit` pixels, each kept as a core of its
    brightest pixels as many as its summed share covers (AlphaFlattener.smallShapes), or whole."""
    labels, _ = ndimage.label(region, structure=np.ones((3, 3)))
    members = np.zeros(region.shape, bool)
    kept = np.zeros(region.shape, bool)
    for k, box in enumerate(ndimage.find_objects(labels), 1):
        mask = labels[box] == k
        count = int(mask.sum())
        if count > limit:
            continue
        ys, xs = np.nonzero(mask)
        members[box][ys, xs] = True
        if whole:
            kept[box][ys, xs] = True
            continue
        sh = share[box][mask]
        lvl = lv[box][mask]
        order = np.lexsort((lvl, -sh))
        mass = sh.sum()
        n = int(mass // 255)
        n = min(count, n + (1 if mass - n * 255 > lvl[order[0]] else 0))
        chosen = np.zeros(count, bool)
        chosen[order[:n]] = True
        kept[box][ys[chosen], xs[chosen]] = True
    return members, kept


def diffused(share, region):
    """Floyd–Steinberg on the share within `region` (not position-stable from frame to frame)."""
    h, w = share.shape
    err = np.zeros((h + 1, w + 2))
    keep = np.zeros((h, w), bool)
    for y in range(h):
        for x in np.nonzero(region[y])[0]:
            value = share[y, x] + err[y, x + 1]
            keep[y, x] = value >= 127.5
            e = value - (255 if keep[y, x] else 0)
            err[y, x + 2] += e * 7 / 16
            err[y + 1, x] += e * 3 / 16
            err[y + 1, x + 1] += e * 5 / 16
            err[y + 1, x + 2] += e / 16
    return keep


def flatten(f, faintest=16, ninth=False, cores=None, whole_cores=False, diffuse=False):
    a = f[..., 3]
    ls = light_share(f)
    h, w = a.shape
    lv = levels(h, w)
    soft = (a >= faintest) & (a < 255)
    opaque = a >= 255
    rim = ndimage.binary_dilation(opaque, structure=np.ones((5, 5))) if opaque.any() else np.zeros(a.shape, bool)
    share = np.where(rim, ls, np.minimum(a, ls)) * soft
    away = soft & ~rim
    if ninth:  # the coverage floor shipped until 2026-12-04
        visible = opaque.sum() + soft.sum()
        whole = opaque.sum() + (soft & rim & (ls >= 160)).sum()
        dots = share[away].sum() / 255
        wanted = visible / 9 - whole
        if wanted > 0 and 0 < dots < wanted:
            share = np.minimum(255, share * wanted / dots)
    dithered = diffused(share, away) if diffuse else away & (share > lv)
    keep = opaque | dithered | (soft & rim & (ls >= 160))
    members, kept = shapes(share, away, lv, 64)
    keep = (keep & ~members) | kept
    if cores is not None:  # denser groups inside a soft area (a square in a glow) decided whole
        members2, kept2 = shapes(share, away & (a >= cores) & ~members, lv, 64, whole=whole_cores)
        keep = (keep & ~members2) | kept2
    return drawn(f, keep)


STRATEGIES = {
    "dither (shipped)": dict(),
    "+ a ninth floor (until 2026-12-04)": dict(ninth=True),
    "drop alpha < 32": dict(faintest=32),
    "squares (alpha ≥ 128, ≤ 64 px) whole": dict(cores=128, whole_cores=True),
    "squares as cores of their light": dict(cores=128),
    "Floyd–Steinberg share": dict(diffuse=True),
}


def score(path):
    f = np.asarray(Image.open(path).convert("RGBA")).astype(np.float64)
    row = {"alpha ≥ 128": flip(f, drawn(f, f[..., 3] >= 128))}
    for name, options in STRATEGIES.items():
        row[name] = flip(f, flatten(f, **options))
    return row


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("sequences", nargs="+")
    parser.add_argument("--mpx", type=float, default=2.5, help="megapixels sampled a sequence (default 2.5)")
    args = parser.parse_args()
    print("| sequence | frames | " + " | ".join(STRATEGIES) + " |")
    print("|---|---:|" + "---:|" * len(STRATEGIES))
    for name in args.sequences:
        files = sorted((CORPUS / name).glob("*.png"), key=lambda p: int(re.findall(r"\d+", p.stem)[-1]))
        if not files:
            raise SystemExit(f"{name}: no PNG frames in {CORPUS / name}")
        w, h = Image.open(files[0]).size
        stride = max(1, math.ceil(len(files) * w * h / (args.mpx * 1e6)))
        with ProcessPoolExecutor(2) as pool:
            rows = list(pool.map(score, files[::stride]))
        base = np.mean([r["alpha ≥ 128"] for r in rows])
        if base == 0:
            print(f"| {name} | {len(rows)} | " + " | ".join("—" for _ in STRATEGIES) + " |")
            continue
        cells = [f"{np.mean([r[k] for r in rows]) / base:.3f}" for k in STRATEGIES]
        print(f"| {name} | {len(rows)} | " + " | ".join(cells) + " |", flush=True)


if __name__ == "__main__":
    main()
