#!/usr/bin/python3
"""The frosted panel of Benchmarks/Sources/flipbook-bench/FrostedPanelScene.swift drawn with Cairo.

Cairo has no blur, saturation or backdrop filter, so the frame is drawn as one would with Cairo
and numpy: Cairo paints the picture and, clipped to the panel's rounded rectangle, the frosted
patch; numpy makes the patch (the region under the panel plus 3σ+2 around it, three box blurs of
the widths Flipbook uses for σ 30 — 59, 59, 61, edges clamped — then UIImageEffects' saturation
matrix and the white 30 % tint, on premultiplied floats). Same picture, same panel, same place.

Prints one JSON line: per frame median wall ms and CPU ms, and the CPU ms of Cairo's part and of
numpy's part. --out FILE writes the frame (straight RGBA PNG) to compare against Flipbook's.

  /usr/bin/python3 frosted_panel.py [--size 512] [--frames 20] [--out frame.png]
"""
import argparse
import json
import math
import time

import cairo
import numpy as np


def picture(n):
    y, x = np.mgrid[0:n, 0:n].astype(np.float64)
    u, v = x / n, y / n
    r = 0.5 + 0.5 * np.sin(6.28 * (u + v))
    g = 0.5 + 0.5 * np.sin(6.28 * (u - v) + 2)
    b = 0.5 + 0.5 * np.cos(9 * v)
    stripe = (x.astype(int) // 6) % 2 == 0
    r, g, b = [np.where(stripe, c * 0.8, c) for c in (r, g, b)]
    cx, cy = x % 64 - 32, y % 64 - 32
    disc = cx * cx + cy * cy < 144
    r, g, b = np.where(disc, 1.0, r), np.where(disc, 1.0, g), np.where(disc, 0.9, b)
    rgb = np.round(np.stack([r, g, b], -1) * 255).astype(np.uint8)
    surface = cairo.ImageSurface(cairo.FORMAT_ARGB32, n, n)
    data = np.ndarray((n, surface.get_stride() // 4, 4), np.uint8, surface.get_data())
    data[:, :n, 0], data[:, :n, 1], data[:, :n, 2], data[:, :n, 3] = rgb[..., 2], rgb[..., 1], rgb[..., 0], 255
    surface.mark_dirty()
    return surface


def box(a, width, axis):
    """A box blur of odd `width` along `axis`, the edge pixel repeated (as Flipbook's clamp)."""
    r = width // 2
    pad = [(0, 0)] * a.ndim
    pad[axis] = (r + 1, r)
    c = np.cumsum(np.pad(a, pad, mode="edge"), axis=axis, dtype=np.float32)
    n = a.shape[axis]
    hi = np.take(c, np.arange(width, width + n), axis=axis)
    lo = np.take(c, np.arange(0, n), axis=axis)
    return (hi - lo) / width


def frost(patch):
    """Premultiplied float patch (h, w, 4 in BGRA order) → blurred, saturated, tinted."""
    for width in (59, 59, 61):
        patch = box(box(patch, width, 1), width, 0)
    s, lr, lg, lb = 1.8, 0.2126, 0.7152, 0.0722
    m = np.array([[lr + (1 - lr) * s, lg - lg * s, lb - lb * s],
                  [lr - lr * s, lg + (1 - lg) * s, lb - lb * s],
                  [lr - lr * s, lg - lg * s, lb + (1 - lb) * s]], np.float32)
    rgb = patch[..., 2::-1] @ m.T                      # BGR → RGB, matrix
    rgb = np.clip(rgb, 0, patch[..., 3:4])
    k = 77 / 255
    out = np.empty_like(patch)
    out[..., 2::-1] = 255 * k + rgb * (1 - k)
    out[..., 3] = 255 * k + patch[..., 3] * (1 - k)
    return out


def frame(n, content, cpu):
    surface = cairo.ImageSurface(cairo.FORMAT_ARGB32, n, n)
    t0 = time.process_time()
    cr = cairo.Context(surface)
    cr.set_source_surface(content, 0, 0)
    cr.paint()
    surface.flush()
    t1 = time.process_time()
    w, h, radius = n * 7 / 8, n * 7 / 16, n / 24
    x, y = n / 2 - w / 2, n * 0.72 - h / 2
    reach = 30 * 3 + 2
    x0, y0 = max(0, math.floor(x - reach)), max(0, math.floor(y - reach))
    x1, y1 = min(n, math.ceil(x + w + reach)), min(n, math.ceil(y + h + reach))
    data = np.ndarray((n, surface.get_stride() // 4, 4), np.uint8, surface.get_data())
    patch = frost(data[y0:y1, x0:x1].astype(np.float32))
    patch_surface = cairo.ImageSurface(cairo.FORMAT_ARGB32, x1 - x0, y1 - y0)
    pd = np.ndarray((y1 - y0, patch_surface.get_stride() // 4, 4), np.uint8, patch_surface.get_data())
    pd[:, :x1 - x0] = np.clip(np.round(patch), 0, 255).astype(np.uint8)
    patch_surface.mark_dirty()
    t2 = time.process_time()
    cr.new_sub_path()
    cr.arc(x + w - radius, y + radius, radius, -math.pi / 2, 0)
    cr.arc(x + w - radius, y + h - radius, radius, 0, math.pi / 2)
    cr.arc(x + radius, y + h - radius, radius, math.pi / 2, math.pi)
    cr.arc(x + radius, y + radius, radius, math.pi, 3 * math.pi / 2)
    cr.close_path()
    cr.clip()
    cr.set_source_surface(patch_surface, x0, y0)
    cr.paint()
    surface.flush()
    t3 = time.process_time()
    cpu["cairo"] += (t1 - t0) + (t3 - t2)
    cpu["numpy"] += t2 - t1
    return surface


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--size", type=int, default=512)
    parser.add_argument("--frames", type=int, default=20)
    parser.add_argument("--out")
    args = parser.parse_args()
    content = picture(args.size)
    cpu = {"cairo": 0.0, "numpy": 0.0}
    frame(args.size, content, cpu)
    cpu = {"cairo": 0.0, "numpy": 0.0}
    walls = []
    c0 = time.process_time()
    for _ in range(args.frames):
        w0 = time.perf_counter()
        surface = frame(args.size, content, cpu)
        walls.append(time.perf_counter() - w0)
    total = time.process_time() - c0
    walls.sort()
    print(json.dumps({"size": args.size, "wall_ms": round(walls[len(walls) // 2] * 1000, 2),
                      "cpu_ms": round(total / args.frames * 1000, 2),
                      "cairo_cpu_ms": round(cpu["cairo"] / args.frames * 1000, 2),
                      "numpy_cpu_ms": round(cpu["numpy"] / args.frames * 1000, 2)}))
    if args.out:
        from PIL import Image
        n = args.size
        data = np.ndarray((n, surface.get_stride() // 4, 4), np.uint8, surface.get_data())
        Image.fromarray(np.stack([data[:, :n, 2], data[:, :n, 1], data[:, :n, 0], data[:, :n, 3]], -1).copy(), "RGBA").save(args.out)


if __name__ == "__main__":
    main()
