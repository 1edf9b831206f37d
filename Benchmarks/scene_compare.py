#!/usr/bin/python3
"""Compares a peer's frames of an example scene with Flipbook's, frame by frame.

  scene_compare.py FLIPBOOK_DIR PEER_DIR [--side-by-side N OUT.png]

FLIPBOOK_DIR holds frameN.png (flipbook-bench scene); PEER_DIR frameN.png (Cairo, straight RGBA)
or frameN.bgra (rlottie: premultiplied ARGB32 of the same size). Prints one JSON line: frames,
mean |Δ| over all channels of all frames (/255), the largest |Δ| and the frame it is in, and the
share of pixels off by more than 8. --side-by-side writes frame N of both, 3× enlarged, over a
grey checkerboard, Flipbook's on the left.
"""
import argparse
import glob
import json
import os

import numpy as np
from PIL import Image


def load(folder, index, shape=None):
    png = os.path.join(folder, f"frame{index}.png")
    if os.path.exists(png):
        return np.asarray(Image.open(png).convert("RGBA")).astype(np.float64)
    raw = np.fromfile(os.path.join(folder, f"frame{index}.bgra"), np.uint8).reshape(shape[0], shape[1], 4).astype(np.float64)
    a = raw[..., 3:4]
    rgb = np.where(a > 0, np.round(raw[..., 2::-1] * 255 / np.maximum(a, 1)), 0)
    return np.concatenate([np.clip(rgb, 0, 255), a], -1)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("flipbook")
    parser.add_argument("peer")
    parser.add_argument("--side-by-side", nargs=2, metavar=("N", "OUT"))
    args = parser.parse_args()
    count = len(glob.glob(os.path.join(args.flipbook, "frame*.png")))
    total, worst, worst_frame, off = 0.0, 0, 0, 0.0
    for i in range(count):
        a = load(args.flipbook, i)
        b = load(args.peer, i, a.shape)
        d = np.abs(a - b)
        total += d.mean()
        off += (d.max(axis=2) > 8).mean()
        if d.max() > worst:
            worst, worst_frame = int(d.max()), i
    print(json.dumps({"frames": count, "mean": round(total / max(count, 1), 3), "max": worst, "max_frame": worst_frame,
                      "off_by_more_than_8_percent": round(off / max(count, 1) * 100, 3)}))
    if args.side_by_side:
        n = int(args.side_by_side[0])
        a = load(args.flipbook, n)
        b = load(args.peer, n, a.shape)
        h, w = a.shape[:2]
        y, x = np.mgrid[0:h, 0:w]
        board = np.where(((x // 8 + y // 8) % 2)[..., None] == 0, 200.0, 150.0)
        over = lambda p: p[..., :3] * p[..., 3:4] / 255 + board * (1 - p[..., 3:4] / 255)
        gap = np.full((h, 4, 3), 255.0)
        picture = np.concatenate([over(a), gap, over(b)], 1).astype(np.uint8)
        Image.fromarray(picture, "RGB").resize((picture.shape[1] * 3, h * 3), Image.NEAREST).save(args.side_by_side[1])


if __name__ == "__main__":
    main()
